"""Audit (stop 58): an upgrade of the games database from schema 2 to 3 stranded the games in
play made under older rules: the new release refuses to play them on, and the old release
refused the upgraded file ("games database of an unknown version 3"). `serve` now keeps a
copy of the file as it was (SQLite's backup, its -wal file's writes included) beside it,
named for its version, never over an earlier copy, and says so in one line of its log."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from warroom.server.store import SCHEMA_VERSION, GameRow, SeatRow, SqliteStore
from warroom.sim.store import StoreError


def schema_2_file(db: Path) -> sqlite3.Connection:
    """A games database as a release of schema 2 leaves it while it serves: its game in the
    -wal file (the connection returned is still open, nothing folded in yet)."""
    store = SqliteStore(db)
    store.add_game(GameRow("g2", "kow", {}, 7, [SeatRow("person"), SeatRow("ai", "random")]))
    store.close()
    con = sqlite3.connect(db, isolation_level=None)
    con.executescript("ALTER TABLE games DROP COLUMN closed; PRAGMA user_version = 2;")
    con.execute("PRAGMA wal_autocheckpoint = 0")
    con.execute("UPDATE games SET seed = 8 WHERE id = 'g2'")  # only in the -wal file
    assert db.with_name(db.name + "-wal").stat().st_size > 0
    return con


def read(path: Path) -> tuple[int, list[tuple], set[str]]:
    con = sqlite3.connect(path)
    try:
        return (con.execute("PRAGMA user_version").fetchone()[0],
                con.execute("SELECT id, seed FROM games").fetchall(),
                {row[1] for row in con.execute("PRAGMA table_info(games)")})
    finally:
        con.close()


def test_an_upgrade_keeps_the_file_as_it_was_for_the_release_that_made_it(tmp_path, caplog):
    """Audit (stop 58): an operator upgraded and his games in play were stranded: the copy
    the upgrade keeps is the schema-2 file whole (the -wal file's writes too), which a
    release of schema 2 serves, and the log names it."""
    db = tmp_path / "games.sqlite"
    old_server = schema_2_file(db)
    caplog.set_level(logging.INFO, "warroom.server")
    SqliteStore(db).close()
    old_server.close()
    copy = tmp_path / "games.sqlite.schema-2.bak"
    version, games, columns = read(copy)
    assert version == 2 and games == [("g2", 8)] and "closed" not in columns
    assert read(db)[:2] == (SCHEMA_VERSION, [("g2", 8)])
    said = [r.getMessage() for r in caplog.records if "upgraded" in r.getMessage()]
    assert said == [f"the games database {db} was upgraded from version 2 to {SCHEMA_VERSION}; "
                    f"the file as it was is kept in {copy}, which the release that made it "
                    "serves"]
    assert (copy.stat().st_mode & 0o777) == 0o600  # it holds every game's secrets


def test_an_earlier_copy_is_never_overwritten_and_a_new_file_makes_none(tmp_path):
    """Audit (stop 58): a second upgrade of a file of the same version (a copy served back,
    upgraded again) keeps its own copy beside the first; a new database keeps none."""
    db = tmp_path / "games.sqlite"
    earlier = tmp_path / "games.sqlite.schema-2.bak"
    earlier.write_bytes(b"the first upgrade's copy")
    schema_2_file(db).close()
    SqliteStore(db).close()
    assert earlier.read_bytes() == b"the first upgrade's copy"
    assert read(tmp_path / "games.sqlite.schema-2.2.bak")[:2] == (2, [("g2", 8)])
    fresh = tmp_path / "new" / "games.sqlite"
    SqliteStore(fresh).close()
    assert not list(fresh.parent.glob("*.bak"))


def test_a_copy_that_cannot_be_made_refuses_the_upgrade_and_changes_nothing(tmp_path,
                                                                           monkeypatch):
    """Audit (stop 58): on a full disk the copy cannot be made: the start is refused in one
    line, the file is left at version 2 and no half copy is left beside it."""
    db = tmp_path / "games.sqlite"
    schema_2_file(db).close()

    class FullDisk(sqlite3.Connection):  # a backup that meets a full disk
        def backup(self, target, **kwargs):
            target.execute("CREATE TABLE half (page BLOB)")  # what it wrote before
            raise sqlite3.OperationalError("database or disk is full")

    real = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: real(*a, factory=FullDisk, **k))
    with pytest.raises(StoreError) as refused:
        SqliteStore(db)
    assert str(refused.value) == (f"{db}: cannot keep a copy of it as it was ({db}.schema-2.bak:"
                                  " database or disk is full) before bringing it from version 2"
                                  f" to {SCHEMA_VERSION}; nothing changed")
    assert read(db)[0] == 2
    assert not list(tmp_path.glob("*.bak"))


def test_while_the_copy_is_made_no_file_has_the_copy_s_name(tmp_path, monkeypatch):
    """Audit (stop 76): a server killed while it made the copy left a half copy (and its
    journal) as FILE.schema-2.bak, the name the README says to serve, which SQLite rolled
    back to an empty database. The copy gets its name once it is whole."""
    db = tmp_path / "games.sqlite"
    schema_2_file(db).close()
    seen: list[list[str]] = []

    class Watched(sqlite3.Connection):  # what a kill -9 during the backup would leave
        def backup(self, target, **kwargs):
            super().backup(target, pages=1)  # a page written, the copy not whole
            seen.append(sorted(p.name for p in tmp_path.iterdir()))
            super().backup(target, **kwargs)

    real = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: real(*a, factory=Watched, **k))
    SqliteStore(db).close()
    assert seen and not [name for name in seen[0] if name.endswith(".bak")], seen
    assert "games.sqlite.schema-2.bak.part" in seen[0], seen
    assert read(tmp_path / "games.sqlite.schema-2.bak")[:2] == (2, [("g2", 8)])
    assert not list(tmp_path.glob("*.part*"))


def test_a_half_copy_a_killed_upgrade_left_is_cleared_and_the_copy_made_whole(tmp_path):
    db = tmp_path / "games.sqlite"
    schema_2_file(db).close()
    for half in ("games.sqlite.schema-2.bak.part", "games.sqlite.schema-2.bak.part-journal"):
        (tmp_path / half).write_bytes(b"half a copy")
    SqliteStore(db).close()
    assert not list(tmp_path.glob("*.part*"))
    assert read(tmp_path / "games.sqlite.schema-2.bak")[:2] == (2, [("g2", 8)])
