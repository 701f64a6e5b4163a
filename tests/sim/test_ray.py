"""The Ray backend plays the same games as local processes: same seeds, same results."""

from __future__ import annotations

import json
import socket
import sqlite3

import pytest
import ray  # the dev extra that make test installs holds it

from warroom.cli import main
from warroom.sim.batch import BatchSpec, run_batch

SPEC = BatchSpec("kow", {}, ("heuristic", "random"), seed=21)


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level="ERROR")
    yield
    ray.shutdown()


def test_ray_and_processes_give_identical_games(local_ray):
    on_ray = list(run_batch(SPEC, range(20), backend="ray"))
    local = list(run_batch(SPEC, range(20), workers=2))
    assert [r["index"] for r in on_ray] == list(range(20))
    assert on_ray == local


def test_simulate_with_backend_ray_writes_the_same_database(local_ray, tmp_path, capsys):
    args = ["simulate", "kow", "--games", "12", "--players", "heuristic,random", "--seed",
            "8", "--json"]
    assert main([*args, "--backend", "ray", "--db", str(tmp_path / "ray.sqlite")]) == 0
    assert main([*args, "--workers", "2", "--db", str(tmp_path / "proc.sqlite")]) == 0
    on_ray, local = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert on_ray == local
    query = "SELECT idx, seed, seating, winners, scores, reason, length, metrics FROM games" \
            " ORDER BY idx"
    rows = [sqlite3.connect(tmp_path / name).execute(query).fetchall()
            for name in ("ray.sqlite", "proc.sqlite")]
    assert rows[0] == rows[1] and len(rows[0]) == 12


def test_a_cluster_nobody_answers_at_is_a_one_line_error_before_any_run(tmp_path, capsys):
    with socket.socket() as sock:  # a port that was free a moment ago: nothing listens there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    db = tmp_path / "r.sqlite"
    assert main(["simulate", "kow", "--players", "random,random", "--backend", "ray",
                 "--address", f"127.0.0.1:{port}", "--db", str(db)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"no Ray cluster answers at 127.0.0.1:{port}" in err[0]
    assert not db.exists()


def test_tune_on_ray_makes_the_same_trials_as_on_processes(local_ray, tmp_path, capsys):
    """A tune runs on Ray as on the process pool: the same games, so the same trials."""
    args = ["tune", "kow", "--param", "max_dice=2..4", "--target", "length=70", "--players",
            "heuristic,random", "--budget", "60", "--batch", "20", "--seed", "4", "--json"]
    assert main([*args, "--backend", "ray", "--db", str(tmp_path / "ray.sqlite")]) == 0
    assert main([*args, "--workers", "2", "--db", str(tmp_path / "proc.sqlite")]) == 0
    on_ray, local = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert on_ray["trials"] == local["trials"] and on_ray["games"] == 60
    assert ray.is_initialized()  # the tune used the running instance and left it running
