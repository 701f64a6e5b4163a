"""Viktory II's map heuristic keeping its garrisons (audit, stop 70: a strong player watching
the AI saw units step out of a town and straight back, about 140 times in 39 games, and a
capital's cavalry leave, be called back and leave again, ending its move outside)."""

from __future__ import annotations

from test_vik2_heuristic_stall import play_moves
from test_vik2_movement import MOVE_MAP
from vik2_helpers import capital, hx, position, town, troops

from warroom.games.viktory_ii import heuristic
from warroom.games.viktory_ii.actions import SelectUnit, Step
from warroom.games.viktory_ii.units import CAV, INF


def besieged_capital(tmp_path):
    """Player 0's capital A1 (a grassland city) holds two infantry and a cavalry; seven enemy
    infantry stand two hexes away. With both unit types it needs two units (each type is a
    die), with infantry alone three."""
    return position(tmp_path, [
        capital("A1", 0, city=True, infantry=2, cavalry=1), town("A2", 0, city=True),
        town("A4", 0), town("B1", 0), capital("G4", 1), town("G1", 1), town("G2", 1),
        town("G3", 1, city=True), town("F4", 1, city=True), troops("C2", 1, infantry=7)],
        tiles=MOVE_MAP)


def test_a_unit_may_leave_a_town_only_if_what_stays_is_enough_without_it(tmp_path):
    """A town's garrison counts its units' dice (a die a unit type): the cavalry was let go
    because three units are more than the two needed, though the two left, infantry alone,
    needed three."""
    state = besieged_capital(tmp_path)
    a1 = hx(state, "A1")
    assert heuristic._need(state, 0, a1) == 2
    assert heuristic._need(state, 0, a1, leaving=CAV) == 3
    assert not heuristic._may_leave(state, 0, a1, unit=CAV)
    assert heuristic._may_leave(state, 0, a1, unit=INF)


def test_the_capitals_cavalry_stays_and_nothing_steps_out_and_back(tmp_path):
    state = besieged_capital(tmp_path)
    a1 = hx(state, "A1")
    chosen = play_moves(state)
    assert SelectUnit(a1, "A1", CAV) not in chosen, chosen
    assert state.units_at(a1, 0)[CAV] == 1
    assert not any(type(a) is Step and a.hex == a1 for a in chosen), chosen
    assert state.occ_n[a1] >= heuristic._need(state, 0, a1)


def test_a_unit_in_a_town_that_needs_it_sees_its_goal_there(tmp_path):
    """A unit that had just stepped into an own town short of defenders counted itself among
    them, saw no goal there and stepped on, leaving the town short again (seed 2's cavalry
    went F6, G6, F6, G6 in one move). A town the moving unit stands in is a goal while it
    would be short without the unit. Here the empty capital D4 needs two units against the
    three enemy infantry two hexes away: the cavalry beside it comes first, then the infantry
    from A1 by road, which stepped on to E3, next to the enemy, and left the capital one short."""
    state = position(tmp_path, [
        capital("D4", 0), town("A1", 0, city=True, infantry=1), troops("E4", 0, cavalry=1),
        capital("G4", 1), town("G1", 1), town("G2", 1), troops("F3", 1, infantry=3)],
        tiles=MOVE_MAP)
    d4 = hx(state, "D4")
    assert heuristic._need(state, 0, d4) == 2 and state.occ_n[d4] == 0
    chosen = play_moves(state)
    assert SelectUnit(hx(state, "A1"), "A1", INF) in chosen, chosen
    assert state.units_at(d4, 0)[:2] == [1, 1], chosen
    assert state.occ_n[d4] >= heuristic._need(state, 0, d4)
