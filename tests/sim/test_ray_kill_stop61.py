"""`kill` of a run on Ray stops it as on local processes: its games kept, one line, 143."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import ray  # noqa: F401  (the dev extra that make test installs holds it: never skipped)

from process_family import end_all, family

WARROOM = str(Path(sys.executable).parent / "warroom")


def _games(db: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
            return con.execute("SELECT count(*) FROM games").fetchone()[0]
    except sqlite3.Error:  # not made yet, or being made
        return 0


def test_kill_of_a_run_on_ray_keeps_its_games_and_says_so(tmp_path):
    """Audit (stop 61): `kill PID` (SIGTERM) of `warroom simulate kow --games 3000 --backend
    ray --workers 2 --db ct.sqlite` ended it with status 15 (once 1), printing nothing, where
    on local processes it prints one line (the games kept, the `--resume` command) and exits
    with 143, as the sim README says: Ray's start had put its own SIGTERM handler in place of
    warroom's. Now it is the same line and status on Ray."""
    db = tmp_path / "ct.sqlite"
    ray_tmp = tempfile.mkdtemp(prefix="ray61k")  # short: Ray's sockets live under it
    env = {**os.environ, "WARROOM_NATIVE": "0", "RAY_TMPDIR": ray_tmp}
    env.pop("RAY_ADDRESS", None)
    proc = subprocess.Popen([WARROOM, "simulate", "kow", "--players", "heuristic,random",
                             "--games", "3000", "--backend", "ray", "--workers", "2", "--db",
                             str(db)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, env=env)
    children: list = []
    try:
        deadline = time.monotonic() + 300
        while _games(db) == 0:  # Ray has started and games are being written
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
            time.sleep(0.2)
        children = family(proc)
        proc.send_signal(signal.SIGTERM)
        err = proc.communicate(timeout=120)[1]
    finally:  # whatever the outcome, leave nothing of it running
        end_all(proc, children)
        shutil.rmtree(ray_tmp, ignore_errors=True)
    assert proc.returncode == 143, err
    kept = _games(db)
    assert kept > 0 and "Traceback" not in err, err
    assert err.strip().splitlines()[-1] == (
        f"interrupted: {kept} of 3000 games of run 1 {'is' if kept == 1 else 'are'} kept in {db}; "
        "continue with: "
        f"warroom simulate kow --db {db} --resume --backend ray --workers 2")
