"""Audit (stop 47): a truncated results database was "not a results database (database disk
image is malformed)", a phrase for a file that is not one: it is damaged, and now said so as a
file damaged mid-way is. A database on a read-only file system (or in a folder or file without
permission) was "cannot open (unable to open database file)": the cause is named now."""

from __future__ import annotations

import os
import sqlite3

import pytest
from test_badinput_db_store import bound_by_permissions, read_only  # noqa: F401
from test_damaged_database import PLAYERS, state

from cli_errors import one_line_error
from warroom.cli import main
from warroom.sim import store as store_module


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    db = tmp_path_factory.mktemp("made") / "d.sqlite"
    assert main(["simulate", "kow", *PLAYERS, "--games", "30", "--db", str(db), "--json"]) == 0
    return db


@pytest.mark.parametrize("command", [["simulate", "kow", *PLAYERS, "--games", "2"],
                                     ["simulate", "kow", "--resume"], ["report"]])
def test_a_truncated_database_is_damaged_not_a_stranger(made, tmp_path, capsys, command):
    db = tmp_path / "d.sqlite"
    db.write_bytes(made.read_bytes()[:8192])
    before = state(tmp_path)
    args = [*command, str(db), "--out", str(tmp_path / "r.html")] if command == ["report"] \
        else [*command, "--db", str(db)]
    assert main(args) == 2
    assert one_line_error(capsys) == (f"warroom: error: {db}: cannot read (database disk "
                                      "image is malformed)")
    assert state(tmp_path) == before


def cant_open() -> sqlite3.OperationalError:
    exc = sqlite3.OperationalError("unable to open database file")
    exc.sqlite_errorcode = 14  # SQLITE_CANTOPEN
    return exc


def test_a_read_only_file_system_is_named(tmp_path, monkeypatch, capsys):
    class ReadOnly:
        f_flag = os.ST_RDONLY

    def connect(*args, **kwargs):
        raise cant_open()

    monkeypatch.setattr(store_module.os, "statvfs", lambda path: ReadOnly())
    monkeypatch.setattr(store_module.sqlite3, "connect", connect)
    db = tmp_path / "d.sqlite"
    assert main(["simulate", "kow", *PLAYERS, "--games", "2", "--db", str(db)]) == 2
    assert one_line_error(capsys) == (f"warroom: error: {db}: cannot open (unable to open "
                                      "database file: read-only file system)")
    failure = store_module._open_failure(db, cant_open(), True)
    assert str(failure) == (f"{db}: cannot write (unable to open database file: read-only "
                            "file system)")


def test_a_folder_without_permission_is_named(tmp_path, read_only):  # noqa: F811
    folder = tmp_path / "ro"
    folder.mkdir()
    read_only(folder)
    db = folder / "new.sqlite"
    done = bound_by_permissions(
        "from warroom.cli import main\n"
        f"sys.exit(main(['simulate', 'kow', *{PLAYERS!r}, '--games', '2', '--db', {str(db)!r}]))")
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == (f"warroom: error: {db}: cannot open (unable to open database "
                                   f"file: permission denied: the folder {folder} is read-only)")
    assert not db.exists()
