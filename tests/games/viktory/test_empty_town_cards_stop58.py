"""Cards mode's move into an empty town: an Attack card matters there only for its text."""

from __future__ import annotations

from viktory_helpers import act, battle

from warroom.games.viktory_battles.actions import MoveIn

EMPTY_TOWN = dict(settlement="town", defenders="0", attackers=("1i",))


def test_with_only_textless_attack_cards_moving_in_is_the_one_choice():
    """Audit (stop 58): an attacker holding only Attack cards without text is offered only to
    move in without one (the cards stay in its hand)."""
    state = battle(["RA3", "SA2"], [], **EMPTY_TOWN)
    assert state.legal_actions(0) == [MoveIn()]
    act(state, MoveIn())
    assert state.result == ((0,), "attacker took the town")
    assert {"RA3", "SA2"} <= set(state.hands[0])
