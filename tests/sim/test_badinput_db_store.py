"""Bad input to the results database: a damaged file, a full disk, a read-only folder, a lock
held by another program. Each is one line saying what is wrong and where, and changes no file
it should not. Each test names the defect of the audit it pins."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_damaged_database import PLAYERS, state

from cli_errors import one_line_error
from warroom.cli import main
from warroom.sim import store as store_module
from warroom.sim.store import ResultStore


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    """A results database with one kow run of 4 games (no lock file beside it)."""
    db = tmp_path_factory.mktemp("made") / "d.sqlite"
    assert main(["simulate", "kow", *PLAYERS, "--games", "4", "--db", str(db), "--json"]) == 0
    return db


def copy_of(made: Path, folder: Path) -> Path:
    db = folder / "d.sqlite"
    shutil.copyfile(made, db)
    return db


def full_disk(monkeypatch, pages: int = 1) -> None:
    """Every connection warroom opens may hold `pages` pages: writing more is SQLite's own
    "database or disk is full", as on a full disk."""
    real = sqlite3.connect

    def connect(*args, **kwargs):
        db = real(*args, **kwargs)
        db.execute(f"PRAGMA max_page_count={pages}")
        return db

    monkeypatch.setattr(store_module.sqlite3, "connect", connect)


# --- defect 1: a database without one of its tables ----------------------------------------

@pytest.mark.parametrize("drop", ["DROP TABLE games", "DROP TABLE cards",
                                  "ALTER TABLE games DROP COLUMN metrics"])
def test_simulate_refuses_a_database_missing_a_table_and_leaves_every_file(made, tmp_path,
                                                                            capsys, drop):
    """Audit (stop 40): `simulate` on a database whose `games` table was dropped said
    "cannot read (no such table: games)" but had added its run first (the file's md5 changed)
    and made `d.sqlite-lock`. The tables and columns are checked before the run is added."""
    db = copy_of(made, tmp_path)
    with sqlite3.connect(db) as con:
        con.execute(drop)
    con.close()
    before = state(tmp_path)
    assert main(["simulate", "kow", *PLAYERS, "--games", "2", "--db", str(db)]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"warroom: error: {db}: cannot read (") and \
        ("games" in line or "cards" in line), line
    assert state(tmp_path) == before  # no run row, no lock file


def test_check_passes_a_whole_database(made, tmp_path):
    """Audit (stop 40): the table check added for the dropped `games` table refuses nothing
    a whole database holds (Optuna's tables of a tune included)."""
    with ResultStore(copy_of(made, tmp_path)) as store:
        store.db.execute("CREATE TABLE studies (study_id INTEGER PRIMARY KEY)")
        store.check()


# --- defect 3: a full disk, an I/O error, a read-only folder -------------------------------

def test_a_new_database_on_a_full_disk_is_cannot_write_and_is_removed(tmp_path, monkeypatch,
                                                                      capsys):
    """Audit (stop 40): `simulate --db full/s.sqlite` on a full disk said "not a results
    database (database or disk is full)" and left a 4096-byte s.sqlite (and -shm, -wal) that
    every later command called "not a results database". Now: "cannot write (...)", naming
    the cause, and the file this command was making is gone."""
    db = tmp_path / "full" / "s.sqlite"
    full_disk(monkeypatch)
    assert main(["simulate", "kow", *PLAYERS, "--games", "2", "--db", str(db)]) == 2
    line = one_line_error(capsys)
    assert line == f"warroom: error: {db}: cannot write (database or disk is full)", line
    assert list(db.parent.iterdir()) == []
    monkeypatch.undo()  # room again: the same command makes the database
    assert main(["simulate", "kow", *PLAYERS, "--games", "2", "--db", str(db), "--json"]) == 0


def test_a_file_that_was_there_is_never_removed(tmp_path, monkeypatch, capsys):
    """Audit (stop 40): the file removed after a failed first write is only one this command
    made: an empty file the user put there stays."""
    db = tmp_path / "s.sqlite"
    db.write_bytes(b"")
    full_disk(monkeypatch)
    assert main(["simulate", "kow", *PLAYERS, "--games", "2", "--db", str(db)]) == 2
    assert "cannot write (database or disk is full)" in one_line_error(capsys)
    assert db.is_file()


def test_a_disk_error_while_opening_names_it_not_a_damaged_file(tmp_path):
    """Audit (stop 40): an I/O error or a read-only file while opening was "not a results
    database (disk I/O error)"; SQLite's result code now says which it is."""
    failure = store_module._open_failure
    io_error = sqlite3.OperationalError("disk I/O error")
    io_error.sqlite_errorcode = 10  # SQLITE_IOERR
    assert str(failure(tmp_path / "s.sqlite", io_error, True)).endswith(
        "s.sqlite: cannot write (disk I/O error)")
    read_only = sqlite3.OperationalError("attempt to write a readonly database")
    read_only.sqlite_errorcode = 8 | (6 << 8)  # SQLITE_READONLY_DIRECTORY
    assert "cannot read (attempt to write" in str(failure(tmp_path / "s.sqlite", read_only,
                                                          False))
    not_a_db = sqlite3.DatabaseError("file is not a database")
    not_a_db.sqlite_errorcode = 26  # SQLITE_NOTADB
    assert "not a results database" in str(failure(tmp_path / "s.sqlite", not_a_db, True))


def test_a_reading_command_opens_the_database_so_that_it_cannot_write(made, tmp_path):
    """Audit (stop 40): `report` (and the reading of a resume) opened the database to write,
    though it only reads; its connection now refuses to write, and leaves no `-wal` or `-shm`
    file behind (a `mode=ro` connection would)."""
    db = copy_of(made, tmp_path)
    before = state(tmp_path)
    with ResultStore(db, create=False) as store:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            store.db.execute("DELETE FROM games")
        assert store.count_games(1) == 4
    assert state(tmp_path) == before


# A process that permissions bind, root's too: it gives up the capabilities that pass over
# them (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER) before it runs what follows. So a
# folder made read-only by chmod is read-only to it wherever the suite runs, as root or not,
# with no tool to install (`chattr +i` needs e2fsprogs and a file system that takes it).
BOUND = """
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
class Header(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]
class Data(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                ("inheritable", ctypes.c_uint32)]
header, data = Header(0x20080522, 0), (Data * 2)()
if libc.capget(ctypes.byref(header), data):
    raise OSError(ctypes.get_errno(), "capget")
data[0].effective &= ~0b1110
if libc.capset(ctypes.byref(header), data):
    raise OSError(ctypes.get_errno(), "capset")
"""


def bound_by_permissions(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", BOUND + code], capture_output=True,
                          text=True, timeout=300)


@pytest.fixture
def read_only():
    """Make files and folders read-only (chmod), and writable again after."""
    made: list[Path] = []

    def lock(*paths: Path) -> None:
        for path in paths:
            path.chmod(0o555 if path.is_dir() else 0o444)
            made.append(path)

    yield lock
    for path in reversed(made):
        path.chmod(0o755 if path.is_dir() else 0o644)


def test_report_works_on_a_valid_database_in_a_read_only_folder(made, tmp_path, read_only):
    """Audit (stop 40): `report ro/ok.sqlite` on a valid database in a read-only folder said
    "not a results database (attempt to write a readonly database)"."""
    folder = tmp_path / "ro"
    folder.mkdir()
    db = copy_of(made, folder)
    before = state(folder)
    read_only(db, folder)
    # the folder is read-only to the process that reports (else the test would prove nothing)
    tried = bound_by_permissions(f"open({str(folder / 'x')!r}, 'w')")
    assert "PermissionError" in tried.stderr, tried.stderr
    out = tmp_path / "r.html"
    done = bound_by_permissions("from warroom.cli import main\n"
                                f"sys.exit(main(['report', {str(db)!r}, '--out', {str(out)!r}]))")
    assert done.returncode == 0, done.stderr
    assert out.is_file()
    assert state(folder) == before


# --- defect 4: a database another program holds locked -------------------------------------

@pytest.fixture
def short_waits(monkeypatch):
    monkeypatch.setattr(store_module, "LOCK_NOTE", 0.2, raising=False)
    monkeypatch.setattr(store_module, "LOCK_WAIT", 1.5, raising=False)


def hold_lock(db: Path) -> sqlite3.Connection:
    other = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN EXCLUSIVE")
    return other


def test_a_locked_database_says_it_waits_then_gives_up(made, tmp_path, short_waits, capsys):
    """Audit (stop 40): `simulate` on a database another program held locked waited 30 s in
    silence before "cannot write (database is locked)". It says at once that it waits."""
    db = copy_of(made, tmp_path)
    other = hold_lock(db)
    try:
        assert main(["simulate", "kow", *PLAYERS, "--games", "2", "--db", str(db)]) == 2
    finally:
        other.rollback()
        other.close()
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert err == [f"warroom: note: {db} is locked by another program; waiting for it (up to "
                   "2 s)", f"warroom: error: {db}: cannot write (database is locked)"], err
    with ResultStore(db, create=False) as store:
        assert len(store.runs()) == 1  # nothing added


def test_a_lock_let_go_of_while_waiting_lets_the_run_go_on(made, tmp_path, short_waits,
                                                           capsys):
    """Audit (stop 40): the wait for a lock is said once, and the run goes on when the other
    program lets go of it within the limit."""
    db = copy_of(made, tmp_path)
    other = hold_lock(db)
    threading.Timer(0.6, other.rollback).start()
    try:
        # (a seed of its own: the same games as the database's run would be noted as such)
        assert main(["simulate", "kow", *PLAYERS, "--games", "2", "--seed", "5", "--db",
                     str(db), "--json"]) == 0
    finally:
        other.close()
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1 and "is locked by another program; waiting for it" in err[0], err


def test_a_write_without_a_lock_in_its_way_says_nothing(made, tmp_path, capsys):
    """Audit (stop 40): the note is for a lock held by another program only."""
    db = copy_of(made, tmp_path)
    assert main(["simulate", "kow", *PLAYERS, "--games", "2", "--seed", "5", "--db", str(db),
                 "--json"]) == 0
    assert capsys.readouterr().err.strip() == ""

