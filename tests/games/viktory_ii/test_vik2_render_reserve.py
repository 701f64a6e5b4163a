"""The players' lines of Viktory II's text view: a reserve below zero."""

from __future__ import annotations

import copy

from warroom.engine.data import plain
from warroom.games import get_game


def test_units_beyond_support_are_said_as_such_not_as_a_negative_reserve():
    """Defect: a player holding more units than its towns and cities support (a town lost,
    its disband still to come, or a game a capture ended first) was shown "reserve: -1
    infantry". The line says what is beyond support, and the reserve left, apart."""
    game = get_game("viktory-ii")
    state = game.new_state(game.config({}), 3)
    obs = copy.deepcopy(state.observation(0))
    obs["players"][1]["reserve"] = [-1, 2, 0, 0]
    [line] = [line for line in plain(game.render(obs, 0)).splitlines()
              if "beyond support" in line]
    assert "-1" not in line
    assert "beyond support: 1 infantry" in line and "reserve: 2 cavalry" in line
