"""Stop 57: the players say which SPECs search by the clock (`agents.clock_bound`), so that a
command refusing to replay their games (`export --record`) does not read the search's
defaults itself."""

from __future__ import annotations

import pytest

from warroom.agents import clock_bound
from warroom.agents.mcts import DEFAULT_ITERS, DEFAULT_TIME
from warroom.engine import ConfigError


@pytest.mark.parametrize("spec", ["random", "heuristic", "human", "mcts:iters=50",
                                  " mcts:iters=50:rollout=random "])
def test_a_spec_fixed_by_its_seed_has_no_clock(spec):
    assert clock_bound(spec) is None


def test_a_search_by_time_is_named_as_given_and_a_bare_mcts_with_its_default():
    assert clock_bound(" mcts:time=0.5 ") == "mcts:time=0.5"
    assert clock_bound("mcts:iters=20:time=2") == "mcts:iters=20:time=2"
    assert clock_bound("mcts") == (f"mcts: {DEFAULT_ITERS} iterations or {DEFAULT_TIME:g} s a "
                                   "move, by default")


def test_a_bad_spec_is_the_parsers_one_line_error():
    with pytest.raises(ConfigError, match="unknown parameter 'tme'"):
        clock_bound("mcts:tme=1")
