"""Audit (stop 58): nothing stopped a second `warroom serve` over the same --db (a new release
started beside an old one upgraded the file under it), though the README says to run one
server per database. `serve` holds an operating-system lock on DB-lock while it runs, taken
before it opens the file: a second one is refused in one line naming the database, before it
reads or upgrades it. `warroom export` only reads, and works while the server runs."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from warroom.cli import main
from warroom.server.store import GameRow, SeatRow, SqliteStore

ENV = {**os.environ, "WARROOM_NATIVE": "0"}
HOLD = ("import sys; from warroom.cli.common import SaveLock; lock = SaveLock(); "
        "lock.hold(sys.argv[1]); print('held', flush=True); sys.stdin.read()")


def second_serve(db: Path) -> str:
    """What a second `warroom serve` over `db` says on standard error: one line, status 2
    (run apart, and given two minutes: one that serves would never end)."""
    done = subprocess.run([sys.executable, "-m", "warroom", "serve", "--host", "127.0.0.1",
                           "--port", "0", "--db", str(db), "--ai-workers", "0"],
                          capture_output=True, text=True, env=ENV, timeout=120)
    assert done.returncode == 2, done.stderr[-2000:]
    lines = done.stderr.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def started(args: list[str]) -> subprocess.Popen[str]:
    """A process of this warroom, once it has said its first line (a server: once it
    serves)."""
    process = subprocess.Popen([sys.executable, *args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=ENV)
    first = process.stdout.readline()
    assert first, process.communicate(timeout=60)[1][-2000:]
    return process


def test_a_second_server_over_the_same_database_is_refused_in_one_line(tmp_path):
    """Audit (stop 58): two servers held the same games, each deaf to the other."""
    db = tmp_path / "games.sqlite"
    first = started(["-m", "warroom", "serve", "--host", "127.0.0.1", "--port", "0", "--db",
                     str(db), "--ai-workers", "0"])
    try:
        assert second_serve(db) == (f"warroom: error: {db} is being served by another "
                                    f"warroom serve (process {first.pid}); stop that one first")
        assert main(["export", str(db), "--records", str(tmp_path / "records")]) == 0
    finally:
        first.send_signal(signal.SIGTERM)
        first.communicate(timeout=60)
    assert first.returncode == 0
    assert not Path(f"{db}-lock").exists()  # let go of at its stop


def test_the_lock_is_taken_before_the_file_is_upgraded(tmp_path):
    """Audit (stop 58): the second server upgraded the first one's file before anything
    refused it: with the lock held, a schema-2 file is left byte for byte, with no copy."""
    db = tmp_path / "games.sqlite"
    store = SqliteStore(db)
    store.add_game(GameRow("g2", "kow", {}, 7, [SeatRow("person"), SeatRow("ai", "random")]))
    store.close()
    con = sqlite3.connect(db)
    con.executescript("ALTER TABLE games DROP COLUMN closed; PRAGMA user_version = 2;")
    con.close()
    before = db.read_bytes()
    holder = started(["-c", HOLD, str(db)])  # as a running server holds it
    try:
        assert "is being served by another warroom serve" in second_serve(db)
    finally:
        holder.communicate("", timeout=60)
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite", "games.sqlite-lock"]
