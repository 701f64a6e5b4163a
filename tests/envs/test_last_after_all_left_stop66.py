"""Audit (stop 66): `last()` once every agent has left a finished game."""

from __future__ import annotations

import numpy as np
import pytest

from warroom.envs.pettingzoo import env, raw_env


@pytest.mark.parametrize("make", [env, raw_env])
def test_last_after_every_agent_has_left_says_to_reset(make):
    """Audit (stop 66): a loop that called `env.last()` once more after the game was over and
    every agent had stepped None got a bare `KeyError: 'player_1'`, which says nothing of a
    game being over; it is now one line that says to call reset(), as step() says it."""
    e = make("kow", victories_to_win=1)
    e.reset(seed=0)
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated
               else int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.agents == []
    with pytest.raises(RuntimeError, match=r"^last\(\): the game is over and every agent has "
                                           r"left it: call reset\(\)$"):
        e.last()
    e.reset(seed=0)  # the environment is still usable
    assert e.last()[2] is False
