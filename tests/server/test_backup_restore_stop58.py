"""Audit (stop 58): an operator backed up with `cp games.sqlite` while the server ran: the copy
held no tables (the games were all in games.sqlite-wal), and serving it started silently with
"0 games rebuilt". Such a file is refused at start in one line; the backup the server README
gives (SQLite's online backup) holds every game, and an empty file or a new path is still a
new database."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from warroom.server.store import GameRow, SeatRow, SqliteStore
from warroom.sim.store import StoreError


def serving(db) -> SqliteStore:
    """A store as a running server holds it: its game in the -wal file only."""
    store = SqliteStore(db)
    store.add_game(GameRow("g1", "kow", {}, 7, [SeatRow("person"), SeatRow("ai", "random")]))
    assert db.with_name(db.name + "-wal").stat().st_size > 0
    return store


def test_a_cp_copy_without_its_wal_file_is_refused_not_served_empty(tmp_path):
    """Audit (stop 58): the `cp` copy was served as a new database with no games."""
    db, copy = tmp_path / "games.sqlite", tmp_path / "copy.sqlite"
    store = serving(db)
    shutil.copyfile(db, copy)
    store.close()
    before = copy.read_bytes()
    with pytest.raises(StoreError) as refused:
        SqliteStore(copy)
    assert str(refused.value) == (
        f"{copy}: holds no tables, though the file is not empty: not a games database as its "
        "server leaves it (a copy taken with cp while its server ran, say, lacks the games in "
        "its -wal file); serve a backup taken as the server README's \"Backups\" says, or remove "
        "the file to start a new games database")
    assert copy.read_bytes() == before


def test_the_readme_s_online_backup_holds_every_game_and_new_files_stay_new(tmp_path):
    """Audit (stop 58): the README's backup while serving (sqlite3.Connection.backup, as its
    Python one-liner does) restores every game; an empty file is a new database."""
    db, copy = tmp_path / "games.sqlite", tmp_path / "games-copy.sqlite"
    store = serving(db)
    target = sqlite3.connect(copy)
    sqlite3.connect(db).backup(target)
    target.close()
    store.close()
    restored = SqliteStore(copy)
    try:
        assert [g.id for g in restored.games()] == ["g1"]
    finally:
        restored.close()
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    SqliteStore(empty).close()
    SqliteStore(empty).close()  # and its tables are there the next time
