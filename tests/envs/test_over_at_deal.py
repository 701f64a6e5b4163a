"""A game the rules end at the deal, before anyone decides (a `viktory` battle in cards mode
with `hand_limit=0`): PettingZoo ends every agent at `reset()`, and Gymnasium, which cannot
return an episode that is already over, says the rules are why it has none to give."""

from __future__ import annotations

import copy
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import warroom.envs.gymnasium as gym_module
from warroom.envs.pettingzoo import env, raw_env

OVER = {"mode": "cards", "scenario": "naval", "hand_limit": 0}  # every deal is over


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_a_game_over_at_reset_ends_every_agent_with_its_reward(seed):
    """Defect: a PettingZoo game over before its first decision left `agent_selection ==
    'player_None'` and no agent terminated after `reset()`, and `last()` and the README's
    `agent_iter()` loop raised KeyError: 'player_None'. Every agent now ends at `reset()`
    with the outcome's reward, and takes its last step."""
    e = raw_env("viktory", **OVER)
    e.reset(seed=seed)
    assert e.table.to_move() is None  # the rules ended it at the deal
    expected = dict(zip(e.possible_agents, e.table.rewards()))
    assert sorted(expected.values()) == [-1.0, 1.0]
    assert e.agent_selection in e.possible_agents
    assert e.terminations == dict.fromkeys(e.possible_agents, True)
    assert e.truncations == dict.fromkeys(e.possible_agents, False)
    seen = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        assert e.observation_space(agent).contains(obs) and not obs["action_mask"].any()
        assert e.last(observe=False)[0] is None
        assert terminated and not truncated and info == {}
        assert agent not in seen
        seen[agent] = reward
        with pytest.raises(ValueError, match="only valid action is None"):
            e.step(0)  # a done agent takes None alone, as PettingZoo's own environments
        e.step(None)
    assert seen == expected and e.agents == []
    with pytest.raises(RuntimeError, match="every agent has left it"):
        e.step(None)


def test_the_readme_loop_ends_cleanly_through_the_order_checks():
    """Defect: the README's loop over `env()` raised KeyError: 'player_None' at its first
    `last()`."""
    e = env("viktory", **OVER)
    e.reset(seed=3)
    turns = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        turns.append((agent, reward))
        e.step(None if terminated or truncated else 0)
    assert sorted(a for a, _ in turns) == e.possible_agents
    assert sorted(r for _, r in turns) == [-1.0, 1.0]
    e.reset(seed=3)  # and again: the same game, the same end
    again = []
    for agent in e.agent_iter():
        again.append((agent, e.last()[1]))
        e.step(None)
    assert again == turns


def test_a_copy_of_an_environment_over_at_reset_ends_alike():
    e = raw_env("viktory", **OVER)
    e.reset(seed=5)
    twin = copy.deepcopy(e)
    for env_ in (e, twin):
        rewards = []
        for _agent in env_.agent_iter():
            rewards.append(env_.last()[1])
            env_.step(None)
        assert sorted(rewards) == [-1.0, 1.0]


def test_api_test_still_holds_where_a_game_is_played_and_names_the_one_check_left():
    """A config whose games are played passes PettingZoo's api_test as before; one whose every
    game is over at the deal fails only its check that no agent is done after reset(), which
    no environment of such a game could pass (api_test wants agents, and none done)."""
    api_test(env("viktory", mode="cards", scenario="naval"), num_cycles=200)
    with pytest.raises(AssertionError, match="terminations must all be False after reset"):
        api_test(env("viktory", **OVER), num_cycles=10)


def test_gymnasium_says_the_rules_end_every_game_at_the_deal():
    """Defect: after 1000 games over at the deal, Gymnasium's reset() said "the opponents
    never let the learner play", while the rules as configured end every game before anyone
    decides: the message now says so."""
    e = gym_module.env("viktory", **OVER)
    with pytest.raises(RuntimeError, match=f"{gym_module.SKIP_LIMIT} games in a row were over "
                                           "at the deal, before any seat had a decision: the "
                                           "rules as configured end every game"):
        e.reset(seed=0)


def test_gymnasium_still_blames_the_opponents_when_they_end_the_games(monkeypatch):
    monkeypatch.setattr(gym_module, "SKIP_LIMIT", 1)
    e = gym_module.env("viktory", opponent="random", seat=1, mode="cards",
                       scenario="empty-town")
    for seed in range(60):
        try:
            obs, _ = e.reset(seed=seed)
        except RuntimeError as exc:
            assert "1 games in a row ended before seat 1 had a decision (0 of them at the " \
                   "deal): the opponents never let the learner play" == str(exc)
            return
        assert np.any(obs["action_mask"])
    pytest.fail("no game of 60 ended before the learner's first decision")
