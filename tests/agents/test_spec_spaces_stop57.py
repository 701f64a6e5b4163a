"""Audit (stop 57): spaces inside a player SPEC were refused (`--players " mcts : iters=5"`
said "unknown player 'mcts '", `mcts:iters= 5` "iters must be an integer, not ' 5'"); the
spaces around a name, a key or a value are now left out, and only those."""

from __future__ import annotations

import pytest

from warroom.agents import clock_bound, make_agent, parse_spec, parse_specs
from warroom.engine import ConfigError
from warroom.games import get_game


def test_spaces_around_the_name_keys_and_values_are_left_out():
    """Audit (stop 57): " mcts : iters= 5 " is mcts:iters=5."""
    assert parse_spec(" mcts : iters= 5 ") == ("mcts", {"iters": "5"})
    assert parse_spec("mcts: iters = 5 :rollout = random") == (
        "mcts", {"iters": "5", "rollout": "random"})
    assert parse_spec(" heuristic ") == ("heuristic", {})


def test_the_specs_of_players_are_written_without_them():
    """Audit (stop 57): --players " mcts : iters=5,random" seats mcts:iters=5, named so in
    runs, records and tables."""
    assert parse_specs(" mcts : iters=5, random ", 2) == ["mcts:iters=5", "random"]
    assert clock_bound(" mcts : time = 0.5 ") == "mcts:time=0.5"
    assert make_agent("mcts : iters= 5", get_game("kow"), 1) is not None


def test_spaces_inside_a_word_are_still_a_mistake():
    """Audit (stop 57): only the spaces around a part go: one inside it is still refused."""
    with pytest.raises(ConfigError, match="rollout must be heuristic or random"):
        parse_spec("mcts:rollout=ran dom")
    with pytest.raises(ConfigError, match="unknown player 'mc ts'"):
        parse_spec("mc ts")
    with pytest.raises(ConfigError, match="must look like key=value"):
        parse_spec("mcts: =5")
    with pytest.raises(ConfigError, match="given twice"):
        parse_spec("mcts:iters=5: iters =6")
