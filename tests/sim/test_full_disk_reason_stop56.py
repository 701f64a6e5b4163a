"""Audit (stop 56): on a full disk SQLite cannot make a database's -wal and -shm files and
says "disk I/O error", which `simulate` and `report` passed on as "cannot write (disk I/O
error)", read as failing hardware. Where the folder's file system has no free block left,
the error names that cause."""

from __future__ import annotations

import os
import sqlite3
from types import SimpleNamespace

import pytest

from warroom.sim import store


def _io_error() -> sqlite3.OperationalError:
    exc = sqlite3.OperationalError("disk I/O error")
    exc.sqlite_errorcode = 4874  # SQLITE_IOERR_SHMSIZE: primary code 10, SQLITE_IOERR
    return exc


def test_a_disk_io_error_on_a_full_disk_names_the_full_disk(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "statvfs", lambda path: SimpleNamespace(f_bavail=0, f_flag=0))
    assert store.failure_reason(_io_error(), tmp_path / "r.sqlite") == (
        "disk I/O error: no space left on device")


def test_a_disk_io_error_with_room_left_is_said_as_sqlite_says_it(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "statvfs", lambda path: SimpleNamespace(f_bavail=100, f_flag=0))
    assert store.failure_reason(_io_error(), tmp_path / "r.sqlite") == "disk I/O error"


def test_the_browser_tables_database_names_why_it_cannot_open(tmp_path, monkeypatch):
    """Audit (stop 56): `serve --db` in a read-only place said "cannot open (unable to open
    database file)" where `simulate` names the cause: it names it too."""
    from warroom.server.store import SqliteStore

    def connect(*args, **kwargs):
        exc = sqlite3.OperationalError("unable to open database file")
        exc.sqlite_errorcode = 14  # SQLITE_CANTOPEN
        raise exc

    monkeypatch.setattr(os, "statvfs",
                        lambda path: SimpleNamespace(f_bavail=9, f_flag=os.ST_RDONLY))
    monkeypatch.setattr(sqlite3, "connect", connect)
    db = tmp_path / "srv.sqlite"
    with pytest.raises(store.StoreError) as info:
        SqliteStore(db)
    assert str(info.value) == (f"{db}: cannot open (unable to open database file: read-only "
                               "file system)")
