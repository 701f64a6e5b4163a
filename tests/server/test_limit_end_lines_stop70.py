"""The result's closing lines of a game a round limit ended: the end line alone, since no
move brought that end about."""

from __future__ import annotations

import random

import pytest

from warroom.games import get_game
from warroom.server.live import view_frame


def ended(name: str, options: dict, seed: int):
    """A random game of `name` played to its end: the rules and the final state."""
    game = get_game(name)
    state = game.new_state(game.config(options), seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return game, state


@pytest.mark.parametrize("name, options", [("viktory-ii", {"turn_limit": 2}),
                                           ("kow", {"max_rounds": 1})])
def test_a_game_a_round_limit_ended_closes_on_its_end_line_alone(name, options):
    """Audit (stop 69): a Viktory II game the turn limit ended closed on "Player 1 places an
    infantry on B4" and "Game over: a draw - turn limit (2 rounds): a tie", the last move
    read as the cause. The end event names the limit (`round_limit`, as kow's does) and the
    result's closing lines are its line alone, for every viewer."""
    game, state = ended(name, options, seed=3)
    assert state.log[-1][1].get("round_limit") == next(iter(options.values()))
    for seat in (0, 1, None):
        frame = view_frame(game, state, seat, 1, "g")
        lines = [line for line in frame["log"] if line]
        assert frame["end_lines"] == lines[-1:], seat
        assert "limit" in frame["end_lines"][0]


def test_a_game_a_move_ended_still_closes_on_that_move_and_its_end():
    """The end that a move brought about keeps both lines (kow: the last Defeat that won the
    third Victory, then the end line)."""
    game, state = ended("kow", {}, seed=3)
    assert "round_limit" not in state.log[-1][1]
    frame = view_frame(game, state, 0, 1, "g")
    lines = [line for line in frame["log"] if line]
    assert frame["end_lines"] == lines[-2:] and len(lines) >= 2
