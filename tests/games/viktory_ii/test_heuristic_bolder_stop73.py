"""The map heuristic attacks at a 40 % chance (not 50 %), its capital keeps units until the
enemy near it would win at most 40 % (not 25 %), and another town or city until the enemy next
to it would win at most half the time (not 70 %): 58.4 % head to head against the heuristic
before (2,400 games with dice; benchmarks/viktory-ii-heuristic.md, "Bolder, and towns held").
Before, the capital kept a second unit against enemies two hexes off that would take it
from one defender two times in five, while a town beside the same enemies was left to a single
defender that loses three times in five."""

from __future__ import annotations

from test_vik2_heuristic_stall import play_moves
from test_vik2_movement import MOVE_MAP
from vik2_helpers import capital, hx, position, town, troops

from warroom.games.viktory_ii import heuristic
from warroom.games.viktory_ii.actions import Step


def _empire(tmp_path, enemy_at: str):
    """Player 0 holds the grassland capital city A1 (one infantry) and towns; three enemy
    infantry stand at `enemy_at`."""
    return position(tmp_path, [
        capital("A1", 0, city=True, infantry=1), town("A2", 0, city=True), town("A3", 0),
        town("A4", 0, infantry=2), town("B1", 0), capital("G4", 1), town("G1", 1),
        town("G2", 1), town("G3", 1, city=True), town("F4", 1, city=True),
        troops(enemy_at, 1, infantry=3)], tiles=MOVE_MAP)


def test_the_capital_keeps_one_unit_against_a_threat_it_holds_six_times_in_ten(tmp_path):
    """Three infantry two hexes off would take A1 from one defender 38 % of the time: one is
    kept (the capital asked 25 % and kept two)."""
    state = _empire(tmp_path, "C2")
    a1 = hx(state, "A1")
    assert state.board.distance[a1][hx(state, "C2")] == 2
    assert heuristic._need(state, 0, a1) == 1


def test_a_town_beside_three_enemy_infantry_keeps_two(tmp_path):
    """Three infantry next to the town A4 would take it from one defender 62 % of the time,
    from two 13 %: it keeps two (a town asked 70 % and kept one)."""
    state = _empire(tmp_path, "B4")
    a4 = hx(state, "A4")
    assert state.board.distance[a4][hx(state, "B4")] == 1
    assert heuristic._need(state, 0, a4) == 2
    assert not heuristic._may_leave(state, 0, a4)


def test_two_infantry_attack_two_at_a_forty_percent_chance(tmp_path):
    """Two infantry beside two enemy infantry in the open win about 41 % of the time: they
    attack (the heuristic asked 50 %)."""
    state = position(tmp_path, [capital("A1", 0, city=True), town("A3", 0),
                                troops("C3", 0, infantry=2), capital("G4", 1, city=True),
                                town("G1", 1), troops("D4", 1, infantry=2)])
    d4 = hx(state, "D4")
    assert 0.4 <= heuristic.attack_chance(state, 0, d4, heuristic._fresh_near(state, 0, d4)) < 0.5
    chosen = play_moves(state)
    assert d4 in {a.hex for a in chosen if type(a) is Step and a.kind == "attack"}, chosen
