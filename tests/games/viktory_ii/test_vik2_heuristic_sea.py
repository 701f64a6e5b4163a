"""The heuristic across the sea: games still ran to the turn limit when the enemy's capital
stood on another land mass and the only frigates sat on a lake. Positions are set up as the
other Viktory II tests set them up (vik2_helpers)."""

from __future__ import annotations

import random

from vik2_helpers import ISLAND_MAP, capital, hx, position, take, town, troops

import warroom.games.viktory_ii.heuristic as H
from warroom.games.viktory_ii.actions import Done
from warroom.games.viktory_ii.units import FREE, FRIG


def play_turn(state, player: int = 0, limit: int = 300) -> list:
    """The heuristic's choices for `player` until its turn is over."""
    rng = random.Random(0)
    chosen = []
    while state.to_move() == (player,) and len(chosen) < limit:
        action = H.heuristic_action(state, player, rng)
        chosen.append(action)
        state.apply(player, action)
    return chosen


def frigate_hexes(state, player: int = 0) -> list[int]:
    return sorted(state.uh[u] for u in range(len(state.uo))
                  if state.uo[u] == player and state.ut[u] == FRIG and state.us[u] != FREE)


def sea_row(state) -> set[int]:
    return {hx(state, f"B{i}") for i in range(1, 6)}


def test_a_frigate_on_a_lake_is_placed_again_on_the_sea_that_reaches_the_enemy(tmp_path):
    """Units cut off over land and the only frigate on a lake: the old heuristic left it
    there for the rest of the game. A frigate taken off the board is placed again at once,
    here by the forest city C5 on the sea around the enemy's island."""
    state = position(tmp_path, [capital("E3", 0, city=True, infantry=1),
                                town("C5", 0, city=True), troops("C3", 0, infantry=3),
                                troops("D1", 0, frigate=1),
                                capital("A2", 1, infantry=1)], tiles=ISLAND_MAP)
    assert frigate_hexes(state) == [hx(state, "D1")]
    take(state, Done, what="move")  # the units stay; the reserves step is what is pinned
    play_turn(state)
    placed = frigate_hexes(state)
    assert len(placed) == 1 and placed[0] in sea_row(state)


def test_a_frigate_sails_through_an_own_port_to_ferry_units_cut_off(tmp_path):
    """The lake D1-E1 opens through the own port town C1 (water at B1, D1 and the map's
    edge) onto the sea around the enemy's island: the old heuristic counted the frigate on a
    lake and never moved it. Now it sails through the port and takes the units cut off
    aboard."""
    state = position(tmp_path, [capital("E3", 0, city=True, infantry=1), town("C1", 0),
                                town("C5", 0, city=True), troops("C2", 0, infantry=3),
                                troops("D1", 0, frigate=1),
                                capital("A3", 1, infantry=1)], tiles=ISLAND_MAP)
    assert state.is_port(hx(state, "C1"), 0)
    play_turn(state)
    f = next(u for u in range(len(state.uo)) if state.uo[u] == 0 and state.ut[u] == FRIG)
    assert state.uh[f] in sea_row(state)
    assert len(state.cargo_of(f)) == 3 or hx(state, "C2") not in {
        state.uh[u] for u in range(len(state.uo)) if state.uo[u] == 0 and state.ut[u] != FRIG}
