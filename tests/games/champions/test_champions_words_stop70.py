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


def test_the_question_names_the_card_picked_and_the_battalion_attacking():
    """Audit (stop 70, on a phone): after "pick 7♥" the Spy's question read "Spy: the card
    from another battalion to swap it with.", naming no card, and after "attack with J♥"
    "Choose the opponent's battalion to attack." with the attacker out of sight: the page
    showed the question, not the table's "Picked:" line. The questions name them now."""
    from warroom.games.champions.actions import Attack, Pick, UseGeneral, UseSpy

    s = arrange({"KH": ["3H"], "AH": ["4H"]}, {"KS": ["9S"], "AS": ["4S", "5S"]})
    s.apply(0, UseSpy())
    s.apply(0, Pick("4S"))
    assert GAME.prompt(s.observation(0), 0) == (
        "Spy: the card from another battalion to swap 4S with.")
    assert GAME.prompt(s.observation(1), 1) == ""  # not its question
    s = arrange({"KH": ["3H"], "AH": ["4H"]}, {"KS": ["9S"], "AS": ["4S"]})
    s.apply(0, UseGeneral())
    s.apply(0, Pick("3H"))
    assert GAME.prompt(s.observation(0), 0) == (
        "General: put the picked card, 3H, on another face card.")
    s = arrange({"KH": ["3H"], "AH": ["4H"]}, {"KS": ["9S"], "AS": ["4S"]})
    s.apply(0, Attack("KH"))
    assert GAME.prompt(s.observation(0), 0) == (
        "Choose the opponent's battalion for your KH to attack.")
