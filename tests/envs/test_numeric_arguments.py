"""The environments' integer arguments and seeds: one rule for Gymnasium's environment and
PettingZoo's (numpy's integers are integers, a bool or a float is none; seeds are >= 0, as
Gymnasium's own seeding requires)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from warroom.envs.gymnasium import env as gym_env
from warroom.envs.pettingzoo import raw_env


@pytest.mark.parametrize("steps", [np.int64(5), np.int32(5), np.uint8(5)])
def test_max_steps_takes_a_numpy_integer_as_max_cycles_and_seat_do(steps):
    """Defect: Gymnasium refused max_steps=np.int64(5) ("must be an integer >= 1") while it
    took seat=np.int64(1), and PettingZoo max_cycles=np.int64(5)."""
    e = gym_env("kow", max_steps=steps, seat=np.int64(1))
    assert (e.max_steps, e.seat) == (5, 1) and type(e.max_steps) is int and type(e.seat) is int
    assert raw_env("kow", max_cycles=steps).max_cycles == 5
    e = gym_env("champions", max_steps=steps)
    obs, _ = e.reset(seed=0)
    for n in range(1, 6):
        obs, _, terminated, truncated, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert truncated == (n == 5 and not terminated)


@pytest.mark.parametrize("bad", [0, -1, True, np.bool_(True), 2.5, 5.0, "5"])
def test_a_bound_that_is_no_positive_integer_is_refused_by_both(bad):
    with pytest.raises(ValueError, match=f"max_steps must be an integer >= 1 or None, got "
                                          f"{re.escape(repr(bad))}"):
        gym_env("kow", max_steps=bad)
    with pytest.raises(ValueError, match=f"max_cycles must be an integer >= 1 or None, got "
                                         f"{re.escape(repr(bad))}"):
        raw_env("kow", max_cycles=bad)


@pytest.mark.parametrize("bad", [True, False, np.bool_(True), -1, np.int64(-1), 1.0, "1", [1]])
def test_a_seed_is_refused_or_taken_alike_by_both(bad):
    """Defect: PettingZoo refused reset(seed=True) and took -1; Gymnasium took True (as 1)
    and refused -1 (its seeding's rule)."""
    message = f"reset\\(seed=\\) takes an integer >= 0 or None, got {re.escape(repr(bad))}"
    with pytest.raises(ValueError, match=message):
        gym_env("kow").reset(seed=bad)
    with pytest.raises(ValueError, match=message):
        raw_env("kow").reset(seed=bad)


@pytest.mark.parametrize("seed", [0, 7, np.int64(7), np.uint32(7), 2**63])
def test_an_integer_seed_from_0_up_is_taken_by_both_and_numpys_alike(seed):
    """Gymnasium's seeding refused numpy's integers ("Seed must be a python integer"), which
    PettingZoo's environment takes: the Gymnasium environment passes them on as ints."""
    e = gym_env("kow")
    obs, _ = e.reset(seed=seed)
    same = gym_env("kow")
    twin, _ = same.reset(seed=int(seed))
    assert e.table.seed == same.table.seed
    assert np.array_equal(obs["observation"], twin["observation"])
    p, q = raw_env("kow"), raw_env("kow")
    p.reset(seed=seed)
    q.reset(seed=int(seed))
    assert p.table.seed == q.table.seed


def test_a_seat_is_refused_alike_whatever_its_kind():
    for bad in (True, np.bool_(False), 1.0, "1", 2, -1):
        with pytest.raises(ValueError, match="seat must be 'random' or a seat from 0 to 1"):
            gym_env("kow", seat=bad)
    with pytest.raises(ValueError, match="render_seat must be None"):
        raw_env("kow", render_seat=np.bool_(True))
    assert gym_env("kow", seat="random").seat_option == "random"
