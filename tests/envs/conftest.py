"""The environments' cases: every game that offers environments (`game_cases.offers_envs`),
with its conformance configs. Every built-in game does; a game registered from outside the
repository without an encoding (an encode.py) offers none, which is no failure of warroom's
own tests, so it is not among these cases (rather than failing, or being skipped)."""

from __future__ import annotations

import pytest

from game_cases import config_id, env_game_configs
from warroom.games import REGISTRY


@pytest.fixture(params=env_game_configs(), ids=config_id)  # (game, config) are immutable
def game_config(request):
    name, values = request.param
    game = REGISTRY[name]
    return game, game.config(values)
