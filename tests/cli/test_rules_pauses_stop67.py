"""Audit (stop 67): `warroom rules GAME` pages its summary with the words of a game's `?`,
"-- more (38 lines): Enter; back to the choices: q --", though there are no choices outside
a game, and any text typed at a pause silently ended the listing (exit 0)."""

from __future__ import annotations

import re

from test_hotseat_audit47 import in_terminal


def test_the_rules_pauses_say_what_enter_and_q_do_and_other_text_is_enter():
    """Audit (stop 67): at 80x24 `warroom rules viktory-ii` pauses twice. Its pauses say
    "Enter for more; q stops" (no choices to go back to), and text typed at one ("xyz") is
    read as Enter: the listing goes on to its next pause and its end, then where the rule
    text is."""
    shown = in_terminal(["rules", "viktory-ii"],
                        [("-- more (", "xyz\n"), ("-- more (", "\n"),
                         ("The full rule text: ", "")], timeout=30)
    pauses = re.findall(r"-- more \(\d+ lines\): [^\r\n]*--", shown)
    assert len(pauses) == 2 and all(p.endswith(": Enter for more; q stops --") for p in pauses)
    assert "back to the choices" not in shown
    assert "viktory-ii-battle-cards.txt" in shown
