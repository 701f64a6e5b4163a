"""Audit (stop 74, eight players): the first line of the log read "A 8-player game"."""

from __future__ import annotations

from warroom.games import get_game

GAME = get_game("viktory-ii")


def first_line(players: int) -> str:
    state = GAME.new_state(GAME.config({"players": players}), 1)
    return GAME.describe_event(state.observation(0)["log"][0])


def test_the_first_line_says_an_8_player_game():
    assert first_line(8).startswith("An 8-player game (dice) on a random map of radius"), \
        first_line(8)
    assert first_line(2).startswith("A 2-player game"), first_line(2)
    assert first_line(5).startswith("A 5-player game"), first_line(5)
