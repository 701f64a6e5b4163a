"""Audit (stop 60): a club organiser's games database, damaged on disk or by a partial
`.recover`, and the files `warroom serve` makes beside it."""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import stat
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from test_organiser_close_stop57 import stored_actions

from warroom.cli import main
from warroom.server import create_app
from warroom.server.app import TokenFileError, organiser_token
from warroom.server.store import OWN_TABLES, SqliteStore
from warroom.sim.store import StoreError

MALFORMED = ("cannot read (database disk image is malformed): the file is damaged; restore it "
             "from a backup (see Backups in the server README)")


@pytest.fixture(scope="module")
def evening(tmp_path_factory) -> tuple[Path, str, str]:
    """A stopped server's games database (no -wal file): a finished game of two AI seats and
    a game in play, its AI's first move made and its person's to come; with their ids."""
    db = tmp_path_factory.mktemp("club") / "games.sqlite"
    with TestClient(create_app(db, ai_processes=0, allow_seed=True)) as c:
        made = [c.post("/api/games", json={"game": "kow", "seed": 7, "seats": [
            {"kind": kind} for kind in kinds]}) for kinds in (("random",) * 2, ("random", "here"))]
        finished, playing = (answer.json()["id"] for answer in made)
        deadline = time.monotonic() + 120
        while (c.get(f"/api/games/{finished}").json()["status"] != "finished"
               or not stored_actions(db, playing)):
            assert time.monotonic() < deadline, "the AI seats did not move"
            time.sleep(0.05)
    assert not Path(f"{db}-wal").exists()  # every page is in the file itself
    return db, finished, playing


def copied(evening: tuple[Path, str, str], folder: Path) -> Path:
    db = folder / "games.sqlite"
    shutil.copyfile(evening[0], db)
    return db


def zero_root_page(db: Path, table: str) -> None:
    """Overwrite the root page of `table` (or index) with zeros, as a failing disk leaves a
    page."""
    con = sqlite3.connect(db)
    size = con.execute("PRAGMA page_size").fetchone()[0]
    (root,) = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                          (table,)).fetchone()
    con.close()
    with open(db, "r+b") as f:
        f.seek((root - 1) * size)
        f.write(bytes(size))


def error_lines(capsys) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if line.strip()]


@pytest.mark.parametrize("table", ["games", "actions", "sqlite_autoindex_actions_1"])
def test_a_damaged_page_is_one_line_from_serve_and_export(evening, tmp_path, capsys, table):
    """Audit (stop 60): a page of the database zeroed (a disk error): `warroom serve` and
    `warroom export GAMES_DB --records DIR` ended in a traceback, "sqlite3.DatabaseError:
    database disk image is malformed". Each says in one line which file cannot be read, as
    for a truncated file, and changes nothing."""
    db = copied(evening, tmp_path)
    zero_root_page(db, table)
    before = db.read_bytes()
    with pytest.raises(StoreError) as refused:
        create_app(db, ai_processes=0)
    assert str(refused.value) == f"{db}: {MALFORMED}"
    capsys.readouterr()
    assert main(["serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db)]) == 2
    assert error_lines(capsys) == [f"warroom: error: {db}: {MALFORMED}"]
    records = tmp_path / "records"
    assert main(["export", str(db), "--records", str(records)]) == 2
    assert error_lines(capsys) == [f"warroom: error: {db}: {MALFORMED}"]
    assert db.read_bytes() == before
    assert not records.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite"]  # no token left


def test_a_damaged_page_met_while_serving_refuses_that_game_and_serves_on(evening, tmp_path,
                                                                          caplog):
    """Audit (stop 60): a page gone bad under a running server, met when a finished game is
    first asked for (rebuilt from the store then), raised out of the request (a 500 with a
    traceback, again at every ask). That game is refused in one line, said once in the log,
    and the server serves on."""
    db = copied(evening, tmp_path)
    _, finished, playing = evening
    with TestClient(create_app(db, ai_processes=0)) as c:
        assert c.get(f"/api/games/{finished}").json()["status"] == "finished"
        zero_root_page(db, "actions")
        other = sqlite3.connect(db)  # a write elsewhere: the server reads the file afresh
        other.execute("PRAGMA user_version = 3")
        other.close()
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="warroom.server"):
            answers = [c.get(f"/api/games/{finished}/record") for _ in range(2)]
        line = f"game {finished} is stored but does not rebuild: {db}: {MALFORMED}"
        assert [(a.status_code, a.json()) for a in answers] == [(404, {"error": line})] * 2
        said = [r.getMessage() for r in caplog.records if finished in r.getMessage()]
        assert said == [f"game {finished} does not rebuild: {db}: {MALFORMED}"]
        assert c.get(f"/api/games/{playing}").json()["status"] != "finished"
        assert c.get("/api/games").status_code == 200


@pytest.mark.parametrize("table", sorted(OWN_TABLES))
def test_a_missing_table_is_refused_not_made_again_empty(evening, tmp_path, capsys, table):
    """Audit (stop 60): `drop table actions` (what a partial `.recover` leaves) and the next
    start said all was well: the games in play restarted from move 0, the people's moves
    gone, and a finished game reopened. Every table holds games' data: one missing is
    refused in one line naming the file and the table, by serve and export, and nothing
    changes."""
    db = copied(evening, tmp_path)
    con = sqlite3.connect(db)
    con.execute(f"DROP TABLE {table}")
    con.close()
    before = db.read_bytes()
    line = (f"{db}: table '{table}' is missing: the file is damaged; restore it from a backup "
            "(see Backups in the server README)")
    with pytest.raises(StoreError) as refused:
        SqliteStore(db)
    assert str(refused.value) == line
    capsys.readouterr()
    assert main(["serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db)]) == 2
    assert error_lines(capsys) == [f"warroom: error: {line}"]
    assert main(["export", str(db), "--records", str(tmp_path / "records")]) == 2
    assert error_lines(capsys) == [f"warroom: error: {line}"]
    assert db.read_bytes() == before


def test_several_missing_tables_are_named_together(evening, tmp_path):
    """Audit (stop 60): each table lost is named, in one line."""
    db = copied(evening, tmp_path)
    con = sqlite3.connect(db)
    con.executescript("DROP TABLE claims; DROP TABLE actions;")
    con.close()
    with pytest.raises(StoreError) as refused:
        SqliteStore(db)
    assert str(refused.value) == (
        f"{db}: tables 'actions', 'claims' are missing: the file is damaged; restore it from a "
        "backup (see Backups in the server README)")


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_database_is_readable_by_its_owner_alone(tmp_path, umask_022):
    """Audit (stop 60): a new games.sqlite and its -wal file were rw-r--r-- (the umask's):
    every local user could read every game's hands, seeds and seat tokens' hashes, while the
    upgrade's copy of the same file is made 0600. A new file is 0600, its -wal too; a file
    there keeps its own mode, an empty one too."""
    db = tmp_path / "games.sqlite"
    store = SqliteStore(db)
    try:
        assert mode(db) == 0o600
        assert mode(tmp_path / "games.sqlite-wal") == 0o600
    finally:
        store.close()
    kept = tmp_path / "kept.sqlite"
    kept.touch(mode=0o640)
    SqliteStore(kept).close()
    assert mode(kept) == 0o640


def test_a_token_file_that_is_not_a_regular_file_is_said_so(tmp_path, capsys):
    """Audit (stop 60): `--organiser-token-file /dev/null` answered "not an organiser token
    ...; remove it, and warroom serve makes a new one": advice to remove a device file."""
    path = Path("/dev/null")
    line = f"{path}: not a regular file, so not an organiser token file"
    with pytest.raises(TokenFileError) as refused:
        organiser_token(path)
    assert str(refused.value) == line
    db = tmp_path / "games.sqlite"
    assert main(["serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db),
                 "--organiser-token-file", str(path)]) == 2
    assert error_lines(capsys) == [f"warroom: error: {line}"]
