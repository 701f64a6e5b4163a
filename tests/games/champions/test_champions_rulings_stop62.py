"""Rulings of the Champions README that no test named (audit, stop 62)."""

from __future__ import annotations

import pytest
from champions_helpers import arrange, events, new, throw

from warroom.games.champions.actions import FortifyAgain, Place


@pytest.mark.parametrize("hand_size", [1, 5, 15, 26])
def test_ruling_hand_size_deals_that_many_cards_each_and_the_rest_is_the_reserve(hand_size):
    """Audit (stop 62): the `hand_size` option was used by two tests only, and none checked
    what it does: each player is dealt `hand_size` cards (its face cards laid down, the rest
    its reinforcements) and the other 52 - 2 x `hand_size` form the Reserve Pile."""
    for seed in range(5):
        s = new(seed, hand_size=hand_size)
        while not events(s, "deal"):
            throw(s, "rock", "paper")
        (deal,) = events(s, "deal")  # as dealt, before any card moves
        dealt = [len(deal["faces"][p]) + deal["reinforcements"][p] for p in (0, 1)]
        assert dealt == [hand_size, hand_size], (seed, dealt)
        assert deal["reserve"] == 52 - 2 * hand_size
        assert all(deal["faces"][p] for p in (0, 1))  # redealt until both hold a face card

def test_ruling_no_turn_in_before_the_turns_first_fortify():
    """Audit (stop 62): "not before the turn's first fortify" had no test with a bare face
    card, where a turn-in would otherwise be offered: at the turn's start only the placing of
    the card drawn is; once it is placed the bare Queen may be turned in."""
    s = arrange({"KH": ["5H"]}, {"KS": ["4S"], "QS": []}, reserve=["8D", "9D", "7D"])
    s.apply(0, FortifyAgain())
    s.apply(0, Place("7D", "KH"))
    assert s.current == 1 and s.drawn == "9D"
    assert {type(a) for a in s.legal_actions(1)} == {Place}  # QS bare, no turn-in yet
    s.apply(1, Place("9D", "KS"))
    assert "turn in QS" in [a.label for a in s.legal_actions(1)]
