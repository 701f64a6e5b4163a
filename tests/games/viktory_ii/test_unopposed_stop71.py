"""Viktory II: a declared attack on a hex that its defenders left (audit, stop 71). Player 0
declared attacks on player 2's stack at D6 and on its last town, D4; taking D4 knocks player 2
out ("A player with no town or city left is out": its units leave the game), and D6 was then
still "fought", "against player 255 (none)", counted among the battles fought, and in cards
mode with a decision to move "into the empty town/city" on a field hex."""

from __future__ import annotations

import pytest
from vik2_helpers import ALL_PLAINS, capital, hx, legal, position, script_dice, take, troops

from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.render import describe_event


@pytest.mark.parametrize("mode", ["dice", "cards"])
def test_an_attack_on_a_hex_its_defenders_left_moves_in_without_a_battle(tmp_path, mode):
    state = position(tmp_path, [capital("A1", 0, city=True), capital("G4", 1),
                                capital("D4", 2), troops("D6", 2, infantry=1),
                                troops("C3", 0, infantry=1), troops("C5", 0, infantry=1)],
                     tiles=ALL_PLAINS, players=3, mode=mode)
    if state.pool is not None:  # an Attack card for each attack on units
        for card in ("A01", "A02"):
            state.pool.deck.remove(card)
            state.pool.hands[0].append(card)
    start = len(state.log)
    take(state, SelectUnit, hex="C5", unit=0)
    take(state, Step, hex="D6", kind="attack")
    take(state, SelectUnit, hex="C3", unit=0)
    take(state, Step, hex="D4", kind="attack")
    script_dice(state, [6] * 8)
    take(state, Fight, hex="D4")
    while state.session is not None:  # the battle for D4 (cards: moving in, a flip)
        state.apply(state.to_move()[0], legal(state)[0])
    assert state.out[2]
    fought = state.battles_fought
    take(state, Fight, hex="D6")
    said = [describe_event(e) for _, e in state.log[start:]]
    assert not any("255" in line for line in said if line), said
    assert "Player 0 moves 1 infantry into D6 unopposed: nothing is left there to fight" \
        in said, said
    d6 = hx(state, "D6")
    assert state.units_at(d6, 0)[0] == 1 and state.battles_fought == fought
    assert state.session is None and d6 not in state.battles
