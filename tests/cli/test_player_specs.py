"""A player SPEC's parameters are checked when it is parsed: an unknown or repeated one is a
one-line error naming the SPEC, before any game is played or stored."""

from __future__ import annotations

import sqlite3

import pytest

from cli_errors import one_line_error
from warroom.agents import parse_spec
from warroom.cli import main
from warroom.engine import ConfigError


@pytest.mark.parametrize("spec, message", [
    ("random:x=1", "player spec 'random:x=1': unknown parameter 'x'; random takes no parameters"),
    ("heuristic:seed=3",
     "player spec 'heuristic:seed=3': unknown parameter 'seed'; heuristic takes no parameters"),
    ("human:stdin=a",
     "player spec 'human:stdin=a': unknown parameter 'stdin'; human takes no parameters"),
    ("mcts:x=1", "player spec 'mcts:x=1': unknown parameter 'x'; parameters are: iters,"),
    ("mcts:iters=0", "player spec 'mcts:iters=0': iters must be at least 1"),
    # these played a move for ever
    ("mcts:iters=99999999999999999999", "player spec 'mcts:iters=99999999999999999999': "
     "iters must be at most 1000000, not '99999999999999999999'"),
    ("mcts:time=1e12", "player spec 'mcts:time=1e12': time must be at most 3600 seconds, "
     "not '1e12'"),
    ("mcts:time=inf", "player spec 'mcts:time=inf': time must be a finite number of seconds, "
     "not 'inf'"),
    ("mcts:iters=10:iters=20",
     "player spec 'mcts:iters=10:iters=20': parameter 'iters' is given twice"),
    ("random:x=1:x=1", "player spec 'random:x=1:x=1': parameter 'x' is given twice"),
])
def test_play_refuses_a_bad_parameter_in_one_line(capsys, spec, message):
    assert main(["play", "kow", "--players", f"{spec},random", "--seed", "1"]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"warroom: error: {message}"), line


def test_parsing_checks_parameters_without_making_an_agent():
    with pytest.raises(ConfigError, match="random takes no parameters"):
        parse_spec("random:x=1")
    assert parse_spec("mcts:iters=10:rollout=random") == ("mcts",
                                                         {"iters": "10", "rollout": "random"})


def test_simulate_stores_no_run_for_a_bad_parameter(tmp_path, capsys):
    db = tmp_path / "m.sqlite"
    assert main(["simulate", "kow", "--players", "mcts:x=1,random", "--games", "2",
                 "--db", str(db)]) == 2
    assert "unknown parameter 'x'" in one_line_error(capsys)
    if db.exists():  # an empty database may be made; a run in it may not
        assert not sqlite3.connect(db).execute("SELECT COUNT(*) FROM runs").fetchone()[0]
