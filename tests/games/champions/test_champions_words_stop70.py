"""The Game of Champions' log lines (stop 70)."""

from __future__ import annotations

from champions_helpers import arrange, fight

from warroom.games.champions import GAME


def test_a_battalion_that_keeps_no_card_is_said_to_keep_no_card():
    """Audit (stop 70): on a phone the result read "Battle over: the attacker keeps -, the
    defender keeps 10♦ 8♦ 6♣": the "-" of the table's card lists, in a sentence."""
    s = arrange({"KH": ["3H"], "AH": ["4H"]}, {"KS": ["9S"], "AS": ["4S"]})
    fight(s, "KH", "KS")
    ends = [GAME.describe_event(e) for e in s.visible_log(None) if e["event"] == "battle_end"]
    assert ends == ["Battle over: the attacker keeps no card, the defender keeps 9S"]
