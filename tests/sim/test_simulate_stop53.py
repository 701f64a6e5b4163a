"""Audit (stop 53): `warroom simulate` at scale. Ctrl-C just after the run was created said
only "interrupted"; the resume line left out --backend ray (and --address, --workers); a rate
with no draw in 20,000 games read "0.0 % (0.0-0.0 %)"; and a wrong --address where an HTTP/2
server answers took some 20 s and wrote a line of Ray's own per retry."""

from __future__ import annotations

import os
import signal
import sqlite3
from contextlib import nullcontext

import pytest

from warroom.cli import main
from warroom.sim.analysis import pct
from warroom.sim.stats import Rate


def _runs(db) -> list[tuple[int, int]]:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT id, (SELECT COUNT(*) FROM games WHERE run_id = runs.id)"
                           " FROM runs").fetchall()


def test_ctrl_c_right_after_the_run_is_created_names_the_run(tmp_path, capsys, monkeypatch):
    """Audit (stop 53): a real Ctrl-C (SIGINT) arriving as the run was created fell through
    to the bare "interrupted": the run existed, with no game, and the line did not say how
    to resume it (a fresh command adds an empty run 2). It says the run's line now."""
    from warroom.sim.store import ResultStore

    real = ResultStore.create_run

    def create_run(self, *args, **kwargs):
        run = real(self, *args, **kwargs)
        os.kill(os.getpid(), signal.SIGINT)  # the Ctrl-C, as the run is stored
        return run

    monkeypatch.setattr(ResultStore, "create_run", create_run)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    db = tmp_path / "i.sqlite"
    try:
        code = main(["simulate", "kow", "--games", "3000", "--players", "random,random",
                     "--db", str(db)])
    finally:
        signal.signal(signal.SIGINT, previous)
    assert code == 130
    assert capsys.readouterr().err == (
        f"interrupted: 0 of 3000 games of run 1 are kept in {db}; continue with: "
        f"warroom simulate kow --db {db} --resume\n")
    monkeypatch.undo()
    assert main(["simulate", "kow", "--db", str(db), "--resume", "--games", "4",
                 "--json"]) == 0
    assert _runs(db) == [(1, 4)]  # the same run, continued: no empty run 2


def test_the_resume_line_repeats_the_backend_address_and_workers(tmp_path, capsys,
                                                                    monkeypatch):
    """Audit (stop 53): interrupting a run on Ray said "continue with: warroom simulate kow
    --db ... --resume", which resumes on local processes, one worker: the line repeats
    --backend, --address and --workers as the run was given them."""
    import warroom.cli.simulate as simulate

    def execute(store, run, games, workers, backend, address, on_game):
        raise KeyboardInterrupt

    # no Ray needed: where the games would run is not what is tested
    monkeypatch.setattr(simulate, "check_backend", lambda backend, address: None)
    monkeypatch.setattr(simulate, "backend_session",
                        lambda backend, workers, address: nullcontext())
    monkeypatch.setattr(simulate, "execute", execute)
    db = tmp_path / "r.sqlite"
    assert main(["simulate", "kow", "--games", "50", "--players", "random,random",
                 "--backend", "ray", "--address", "ray://head:10001", "--workers", "3",
                 "--db", str(db)]) == 130
    assert capsys.readouterr().err == (
        # (stop 61: --workers with a cluster is said to be the cluster's)
        "warroom: note: --workers is for a local Ray instance: the cluster at "
        "ray://head:10001 runs as many games at once as it has CPUs\n"
        f"interrupted: 0 of 50 games of run 1 are kept in {db}; continue with: "
        f"warroom simulate kow --db {db} --resume --backend ray --address ray://head:10001 "
        "--workers 3\n")
    # a resumed run, interrupted in turn, says the same
    assert main(["simulate", "kow", "--db", str(db), "--resume", "--workers", "2"]) == 130
    assert capsys.readouterr().err.endswith(
        f"continue with: warroom simulate kow --db {db} --resume --workers 2\n")


@pytest.mark.parametrize("rate, text", [
    (Rate(0, 20000), "0.00 % (0.00-0.02 %)"),
    (Rate(20000, 20000), "100.00 % (99.98-100.00 %)"),
    (Rate(1, 20000), "0.01 % (0.00-0.03 %)"),
    (Rate(0, 100), "0.0 % (0.0-3.7 %)"),  # the ends read apart already: as before
    (Rate(540, 1000), "54.0 % (50.9-57.1 %)"),
])
def test_an_interval_end_never_reads_as_the_rate_it_differs_from(rate, text):
    """Audit (stop 53): `warroom report` said "draws: 0.0 % (0.0-0.0 %)" for 20,000 games
    without a draw, the interval's upper end (0.019 %) rounded to the rate: a zero-width
    interval. As many more digits are shown as tell the ends from the rate."""
    assert pct(rate) == text
