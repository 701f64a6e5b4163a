"""Audit (stop 50): a done PettingZoo agent (terminated or truncated) has an all-0 mask; the
Gymnasium environment's end keeps its own documented masks."""

from __future__ import annotations

import numpy as np
import pytest

from warroom.envs.gymnasium import env as gym_env
from warroom.envs.pettingzoo import env, raw_env


@pytest.mark.parametrize("make", [env, raw_env])
@pytest.mark.parametrize("name, options", [("champions", {"max_cycles": 5}),
                                           ("kow", {"max_cycles": 3}),
                                           ("battle", {"players": 3, "max_cycles": 4})])
def test_a_truncated_agent_has_no_legal_actions_at_its_last_turn(make, name, options):
    """Audit (stop 50): with max_cycles the agent truncated while it was to move got its
    legal mask at its final last(), though PettingZoo asks no policy of a done agent (its
    loop steps None) and the README says the mask is all 0 for an agent not to move."""
    e = make(name, **options)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    ends = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            if not ends:  # the first done turn: every agent is still in the game
                seat = e.unwrapped.table.to_move()
                assert seat is not None  # truncated, not over: a seat was to move
                assert all(not e.observe(a)["action_mask"].any() for a in e.agents)
                assert e.observe(agent)["observation"].shape == obs["observation"].shape
            ends[agent] = (truncated, int(obs["action_mask"].sum()))
            e.step(None)
            continue
        assert obs["action_mask"].any()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert ends == dict.fromkeys(e.possible_agents, (True, 0))
    assert not any(e.observe(a)["action_mask"].any() for a in e.possible_agents)  # all left
    e.reset(seed=0)  # a new game has moves again
    assert e.observe(e.agent_selection)["action_mask"].any()


def test_a_terminated_agent_has_no_legal_actions_at_its_last_turn():
    """Audit (stop 50): termination, as truncation: every done agent's mask is all 0."""
    e = env("kow", victories_to_win=1)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    ends = {}
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            ends[agent] = (terminated, int(obs["action_mask"].sum()))
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert ends == dict.fromkeys(e.possible_agents, (True, 0))


def test_the_gymnasium_ends_keep_their_documented_masks():
    """Audit (stop 50): Gymnasium's masks are as its README says, unchanged: action 0 alone
    once terminated, the legal mask when truncated by max_steps (the game is not over)."""
    e = gym_env("champions", opponent="random", max_steps=3)
    obs, _ = e.reset(seed=0)
    truncated = terminated = False
    while not (terminated or truncated):
        obs, _, terminated, truncated, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert truncated and not terminated
    legal = e.table.mask(e.seat)
    assert legal.any() and np.array_equal(obs["action_mask"], legal)
    e = gym_env("kow", opponent="random", victories_to_win=1)
    obs, _ = e.reset(seed=2)
    while not terminated:
        obs, _, terminated, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert np.flatnonzero(obs["action_mask"]).tolist() == [0]
