"""The map heuristic in a siege: a stack beside a target it cannot yet take at good odds
spreads over the target's free hex sides (each extra hex side is a die more, the battle's
own rule `dice.attacker_dice`), rather than piling up on one side for the rest of the game.

Most 4-player self-play games at the turn limit had an army of a dozen or more units beside
an enemy capital, all on one hex side, rolling two dice against four for twenty rounds."""

from __future__ import annotations

import random

from vik2_helpers import act, capital, hx, position, stack, town, troops

from warroom.games.viktory_ii import heuristic
from warroom.games.viktory_ii.units import INF


def _play_moves(state, player=0):
    """The heuristic's moves for the player until its move phase ends."""
    rng = random.Random(0)
    chosen = []
    while state.to_move()[0] == player and state.decision()[0] == "move":
        action = heuristic.heuristic_action(state, player, rng)
        chosen.append(action)
        act(state, action)
        assert len(chosen) < 50
    return chosen


def test_a_stack_beside_a_strong_capital_spreads_to_its_free_hex_sides(tmp_path):
    """Five infantry at C3 beside player 1's capital city D4 (three infantry) win with a
    chance of about 2 %: one die against three. The free hexes next to both C3 and D4 (C4
    and D3) each take one of them, C3 keeps the rest; nobody attacks yet. (The heuristic
    before this left all five at C3: nothing nearer to go to, and no attack worth it.)"""
    state = position(tmp_path, [capital("A1", 0, city=True, infantry=1), town("A4", 0, city=True),
                                troops("C3", 0, infantry=5),
                                capital("D4", 1, city=True, infantry=3)])
    target = hx(state, "D4")
    assert heuristic.attack_chance(state, 0, target,
                                   heuristic._fresh_near(state, 0, target)) < 0.1
    _play_moves(state)
    assert stack(state, "C4", 0)[INF] == 1
    assert stack(state, "D3", 0)[INF] == 1
    assert stack(state, "C3", 0)[INF] == 3
    assert stack(state, "D4", 1)[INF] == 3  # no attack at these odds
    # Three hex sides now: three dice from the same five infantry.
    sides = {hx(state, "C3"), hx(state, "C4"), hx(state, "D3")}
    force = [u for u in range(len(state.uo)) if state.uo[u] == 0 and state.uh[u] in sides]
    assert heuristic._attacker_dice(state, target, force) == 3


def test_a_lone_unit_beside_the_target_stays_on_its_hex_side(tmp_path):
    """A unit alone beside the target adds no side by moving: it stays."""
    state = position(tmp_path, [capital("A1", 0, city=True, infantry=1),
                                troops("C3", 0, infantry=1),
                                capital("D4", 1, city=True, infantry=3)])
    _play_moves(state)
    assert stack(state, "C3", 0)[INF] == 1
    assert sum(stack(state, "C4", 0)) == sum(stack(state, "D3", 0)) == 0
