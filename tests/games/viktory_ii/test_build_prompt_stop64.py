"""Audit (stop 64): the question asked at Viktory II's build step."""

from __future__ import annotations

import random

from warroom.games import get_game
from warroom.games.viktory_ii.render import prompt


def test_the_build_step_asks_for_towns_or_a_city_not_units():
    """Audit (stop 64): the build step asked "Build: a town, a city or new units, or finish
    building.", though the step builds two towns or upgrades one (units come with them to
    the reserve, placed at the reserves step): it says what the step may build."""
    game = get_game("viktory-ii")
    state = game.new_state(game.config({"radius": 3}), 7)
    rng = random.Random(7)
    while not state.is_terminal():
        player = state.to_move()[0]
        obs = state.observation(player)
        if obs["decision"] == "build":
            asked = prompt(obs, player)
            assert asked == ("Build: up to two new towns, or upgrade a town to a city, or "
                             "finish building."), asked
            return
        state.apply(player, rng.choice(state.legal_actions(player)))
    raise AssertionError("no build step in the game")
