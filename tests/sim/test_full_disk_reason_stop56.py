"""Audit (stop 56): on a full disk SQLite cannot make a database's -wal and -shm files and
says "disk I/O error", which `simulate` and `report` passed on as "cannot write (disk I/O
error)", read as failing hardware. Where the folder's file system has no free block left,
the error names that cause."""

from __future__ import annotations

import os
import sqlite3
from types import SimpleNamespace

from warroom.sim import store


def _io_error() -> sqlite3.OperationalError:
    exc = sqlite3.OperationalError("disk I/O error")
    exc.sqlite_errorcode = 4874  # SQLITE_IOERR_SHMSIZE: primary code 10, SQLITE_IOERR
    return exc


def test_a_disk_io_error_on_a_full_disk_names_the_full_disk(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "statvfs", lambda path: SimpleNamespace(f_bavail=0, f_flag=0))
    assert store._reason(_io_error(), tmp_path / "r.sqlite") == (
        "disk I/O error: no space left on device")


def test_a_disk_io_error_with_room_left_is_said_as_sqlite_says_it(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "statvfs", lambda path: SimpleNamespace(f_bavail=100, f_flag=0))
    assert store._reason(_io_error(), tmp_path / "r.sqlite") == "disk I/O error"
