"""What a newcomer types at the terminal table (audit, stop 42): `help` as well as `?`, a
word of a label rather than its start, refusals that fit one line at 80 columns, and Ctrl-D
at the summary's pager quitting as it does at the prompt."""

from __future__ import annotations

import io

import pytest
from test_human_terminal import _decision, choose, terminal

from warroom.agents.human import HELP
from warroom.games import get_game


def test_help_shows_the_summary_and_how_to_answer():
    """Audit (stop 42): `help` was "'help' is not a legal action here"; only `?` worked."""
    person, view, out = _decision(["attack", "pass"], io.StringIO("Help\n2\n"))
    assert choose(person, view) == "pass"
    text = out.getvalue()
    assert "Be quick." in text and "not a legal action" not in text
    assert text.endswith(f"   1. attack\n   2. pass\n  {HELP}\n> ")


@pytest.mark.parametrize("typed, chosen", [
    ("king", "play as the king"),
    ("H3", "put the forest tile on H3"),
    ("forest", "put the forest tile on H3"),
])
def test_a_word_of_a_label_chooses_it(typed, chosen):
    """Audit (stop 42): only the start of a label matched: Word & Iron's `king` ("play as the
    king") and Viktory II's `forest` or `h3` were refused."""
    labels = ["play as the king", "play as the queen", "put the forest tile on H3",
              "put the grassland tile on J5"]
    person, view, out = _decision(labels, io.StringIO(f"{typed}\n"))
    assert choose(person, view) == chosen
    assert "not a legal action" not in out.getvalue()


def test_a_word_in_several_labels_is_ambiguous_and_a_word_s_middle_is_no_word():
    """A word many labels share is refused as the start of several is ("matches 2
    actions"); letters inside a word match nothing ("ing" is no word of "king")."""
    labels = ["play as the king", "play as the queen", "discard"]
    person, view, out = _decision(labels, io.StringIO("the\ning\n3\n"))
    assert choose(person, view) == "discard"
    assert "'the' matches 2 actions; be more precise." in out.getvalue()
    assert "'ing' is not a legal action here." in out.getvalue()


def test_a_refusal_fits_one_line_at_80_columns():
    """Audit (stop 42): a refusal ended with the whole hint ("Type a number or an action's
    label; '?' shows ..."), about 105 characters: two lines at 100 columns and at 80."""
    person, view, out = _decision(["attack", "pass"], io.StringIO("abc\n30\n\n1\n"))
    assert choose(person, view) == "attack"
    # (piped, the typing is not echoed: each refusal follows its prompt's "> ")
    refusals = [line.removeprefix("> ") for line in out.getvalue().splitlines()
                if "Type '?' for help" in line]
    assert refusals == ["'abc' is not a legal action here. Type '?' for help.",
                        "No action 30: choose 1 to 2. Type '?' for help.",
                        "Please choose an action. Type '?' for help."]


def test_ctrl_d_at_the_summary_s_pager_quits():
    """Audit (stop 42): Ctrl-D at the summary's "-- more --" line went back to the choices
    (at a terminal, which reads on after an end of input); a second Ctrl-D was needed. It
    quits, as at the prompt."""
    with terminal("?\n\x041\n") as stdin:
        person, view, out = _decision(["attack", "pass"], stdin, get_game("viktory-ii"))
        with pytest.raises(KeyboardInterrupt, match="end of input"):
            person.act(view)
    assert out.getvalue().count("-- more") == 1


def test_a_signed_number_is_a_number():
    """Audit (stop 74): "-1" was refused as a word ("'-1' is not a legal action here") while
    "0" got the numbers to choose from; a sign is a number too, and "+2" chooses 2."""
    person, view, out = _decision(["attack", "pass"], io.StringIO("-1\n+2\n"))
    assert choose(person, view) == "pass"
    refusals = [line.removeprefix("> ") for line in out.getvalue().splitlines()
                if "Type '?' for help" in line]
    assert refusals == ["No action -1: choose 1 to 2. Type '?' for help."]
