"""Batch commands play unattended: a `human` SPEC is a one-line error before anything is
played or stored (it used to stop the batch at a prompt, a run already in the database)."""

from __future__ import annotations

import sqlite3

import pytest

from cli_errors import one_line_error
from warroom.cli import main
from warroom.games import get_game
from warroom.sim.store import ResultStore


@pytest.fixture(autouse=True)
def _no_terminal(monkeypatch):
    """A prompt that slipped through would end at once instead of waiting for input."""
    monkeypatch.setattr("sys.stdin", open("/dev/null"))  # noqa: SIM115



def runs_in(db) -> int:
    if not db.exists():
        return 0
    tables = {r[0] for r in sqlite3.connect(db).execute(
        "SELECT name FROM sqlite_master WHERE type='table'")}
    return sqlite3.connect(db).execute("SELECT COUNT(*) FROM runs").fetchone()[0] \
        if "runs" in tables else 0


@pytest.mark.parametrize("command, args", [
    ("evaluate", ["evaluate", "kow", "--players", "random,human", "--games", "2"]),
    ("simulate", ["simulate", "kow", "--players", "random,human", "--games", "2"]),
    ("sweep", ["sweep", "kow", "--vary", "pool_red=3,4", "--players", "random,human",
               "--games", "2"]),
    ("tune", ["tune", "kow", "--param", "pool_red=2..6", "--target", "length=50",
              "--players", "human,random", "--budget", "4", "--batch", "2"]),
    ("viktory compare-games", ["viktory", "compare-games", "--players", "human,heuristic",
                               "--games", "2"]),
    ("viktory compare", ["viktory", "compare", "open-field", "--players", "heuristic,human",
                         "--games", "2"]),
])
def test_a_batch_refuses_a_human_player(tmp_path, capsys, command, args):
    db = tmp_path / "h.sqlite"
    stores = ["--db", str(db)] if command in ("simulate", "sweep", "tune") else []
    assert main(args + stores) == 2
    line = one_line_error(capsys)
    assert line == (f"warroom: error: --players: 'human' cannot play in a batch ({command} "
                    "plays AI players only: random, heuristic, mcts)")
    assert runs_in(db) == 0


def test_resuming_a_stored_run_with_a_human_is_refused(tmp_path, capsys):
    db = tmp_path / "old.sqlite"
    kow = get_game("kow")
    with ResultStore(db) as store:  # as an earlier version let simulate store it
        store.create_run("kow", kow.version, {}, ["random", "human"], 0, 2)
    assert main(["simulate", "kow", "--db", str(db), "--resume"]) == 2
    assert "'human' cannot play in a batch (simulate" in one_line_error(capsys)
    with ResultStore(db) as store:
        assert store.count_games(store.runs()[-1].id) == 0
