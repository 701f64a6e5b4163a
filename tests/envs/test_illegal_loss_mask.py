"""Gymnasium: the mask once an episode has terminated, an illegal action's loss included."""

from __future__ import annotations

import numpy as np
import pytest

from warroom.envs.gymnasium import env


@pytest.mark.parametrize("game", ["kow", "champions", "battle"])
def test_the_mask_is_action_0_alone_after_an_illegal_action_ends_the_episode(game):
    """Defect: after an illegal action ended the episode (terminated, reward -1,
    illegal_action), the mask (observation and action_masks()) still allowed every legal
    action of the game, where the README says the mask of an episode that is over allows
    action 0 alone."""
    e = env(game)
    obs, _ = e.reset(seed=0)
    legal = obs["action_mask"].copy()
    bad = int(np.flatnonzero(legal == 0)[0])
    obs, reward, terminated, truncated, info = e.step(bad)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert np.flatnonzero(obs["action_mask"]).tolist() == [0]
    assert np.array_equal(e.action_masks(), obs["action_mask"].astype(bool))
    assert e.action_space.sample(obs["action_mask"]) == 0
    assert e.observation_space.contains(obs)
    with pytest.raises(RuntimeError, match="call reset"):  # still over: the mask is no move
        e.step(0)
    obs, _ = e.reset(seed=0)  # the next episode masks its legal actions again
    assert np.array_equal(obs["action_mask"], legal)
    assert np.array_equal(e.action_masks(), legal.astype(bool))


def test_a_truncated_episode_keeps_the_legal_mask():
    """Truncation (max_steps) is no end of the game: its final mask is the legal one, for a
    value estimate that bootstraps from it."""
    e = env("champions", max_steps=1)
    obs, _ = e.reset(seed=0)
    obs, _, terminated, truncated, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert truncated and not terminated
    assert np.array_equal(obs["action_mask"], e.table.mask(e.seat))
    assert obs["action_mask"].any()


def test_illegal_raise_changes_nothing_of_the_mask():
    from warroom.engine import IllegalAction

    e = env("kow", illegal="raise")
    obs, _ = e.reset(seed=0)
    with pytest.raises(IllegalAction):
        e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert np.array_equal(e.action_masks(), obs["action_mask"].astype(bool))
