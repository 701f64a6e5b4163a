"""Audit (stop 56): OpenSpiel's `seed=-k` dealt as `seed=k` (Python's `random.Random` seeds
with an integer's absolute value), and OpenSpiel users pass -1 for "no fixed seed": they got
seed 1's deals, unannounced. A negative seed is a ValueError saying so."""

from __future__ import annotations

import pyspiel
import pytest

import warroom.envs.openspiel  # noqa: F401  (registers the games)


@pytest.mark.parametrize("seed", [-1, -3])
def test_a_negative_seed_is_refused(seed):
    with pytest.raises(ValueError, match=f"seed must be 0 or more, got {seed} \\(it would "
                                         f"deal as seed {-seed}\\)"):
        pyspiel.load_game(f"warroom_kow(seed={seed})")


def test_seed_zero_and_positive_seeds_still_deal():
    first = pyspiel.load_game("warroom_kow(seed=0)").new_initial_state()
    again = pyspiel.load_game("warroom_kow(seed=0)").new_initial_state()
    assert first.information_state_string(0) == again.information_state_string(0)
