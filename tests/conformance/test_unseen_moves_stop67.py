"""Games with actions nobody else sees say so (`Game.hides_move_count`), so that a table that
times its AI seats paces them in beats (stop 67)."""

from __future__ import annotations

import json
import random

import pytest

from game_cases import config_id, game_configs
from warroom.games import get_game


def shown(state, viewer) -> str:
    """What `viewer` (None: a spectator) is shown: its observation, its log's length."""
    observed = {k: v for k, v in (state.observation(viewer) or {}).items() if k != "log"}
    return json.dumps([observed, len(state.visible_log(viewer))], default=str, sort_keys=True)


def unseen_actions(game, config, seeds=range(2), steps=200) -> int:
    """Actions of random games that changed nothing any other seat, or a spectator, is shown."""
    count = 0
    for seed in seeds:
        state = game.new_state(config, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            player = state.to_move()[0]
            others = [q for q in range(state.num_players) if q != player] + [None]
            before = [shown(state, q) for q in others]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
            count += before == [shown(state, q) for q in others]
    return count


@pytest.mark.parametrize("game_config", game_configs(), ids=config_id)
def test_a_game_whose_actions_can_go_unseen_says_their_count_is_hidden(game_config):
    """Audit (stop 67): Champions' battle order is put one card at a time, each unseen by the
    opponent, and how many were put tells the order (one move: "rest as shown", strongest
    first); the server timed its AI seat's every move, so a person counted them. A game with
    such actions must say so (`hides_move_count`), which makes the server pace its AI seats
    in beats."""
    name, values = game_config
    game = get_game(name)
    config = game.config(values)
    if unseen_actions(game, config):
        assert game.hides_move_count(config), f"{name} {values}: actions go unseen"
