"""Audit (stop 58): at start, an existing games database in a read-only folder, or on a full
disk, was "not a warroom games database (unable to open database file)" or "(disk I/O
error)", and an operator may throw a sound file away on those words. SQLite opens the file
lazily, so these fail at the store's first read: they now say what is wrong where, and only
a file that is not a database is "not a warroom games database"."""

from __future__ import annotations

import os
import sqlite3
from types import SimpleNamespace

import pytest

from warroom.server.store import SqliteStore
from warroom.sim.store import StoreError


def refusal(db) -> str:
    with pytest.raises(StoreError) as refused:
        SqliteStore(db)
    return str(refused.value)


def test_a_read_only_folder_is_said_not_a_file_that_is_no_database(tmp_path, monkeypatch):
    """Audit (stop 58): the folder of an existing database cannot be written, so SQLite
    cannot make its -wal file there: a real "unable to open database file" at the first read
    (a folder in the way of the -wal file makes it, even for root), and the folder's
    permission as an ordinary user meets it (root's os.access says yes to everything)."""
    db = tmp_path / "games.sqlite"
    SqliteStore(db).close()
    db.with_name(db.name + "-wal").mkdir()
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: (
        False if str(path) == str(tmp_path) and mode == os.W_OK else real(path, mode, **kw)))
    assert refusal(db) == (f"{db}: cannot open (unable to open database file: permission "
                           f"denied: the folder {tmp_path} is read-only)")


def test_a_full_disk_at_the_first_read_is_said_as_one(tmp_path, monkeypatch):
    """Audit (stop 58): SQLite says "disk I/O error" where a full disk keeps it from making
    its -shm file, at the first read of an existing file: said as a full disk, naming it."""
    db = tmp_path / "games.sqlite"
    SqliteStore(db).close()

    class FullDisk(sqlite3.Connection):
        def execute(self, *args):
            exc = sqlite3.OperationalError("disk I/O error")
            exc.sqlite_errorcode = 4618  # SQLITE_IOERR_SHMOPEN
            raise exc

    real = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: real(*a, factory=FullDisk, **k))
    monkeypatch.setattr(os, "statvfs", lambda path: SimpleNamespace(f_bavail=0, f_flag=0))
    assert refusal(db) == f"{db}: cannot open (disk I/O error: no space left on device)"


def test_a_file_that_is_not_a_database_is_still_said_so(tmp_path):
    text = tmp_path / "notes.sqlite"
    text.write_text("hello, this is not a database at all, though it is long enough\n" * 20)
    assert refusal(text) == f"{text}: not a warroom games database (file is not a database)"
