"""Audit (stop 57): `warroom export GAMES_DB --records DIR` writes every finished game of a
games database (`warroom serve --db`) as DIR/GAME-ID.json (GAME its name since stop 60,
tests/cli/test_export_records_named_stop60.py), the very bytes the server's
`/api/games/GAME-ID/record` download gives, read while the server may run and never written;
`warroom export` and its refusals point a games database to it."""

from __future__ import annotations

import errno
import json
import re
import shutil
import sqlite3
import stat
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ai_pace import quick_beats
from cli_errors import one_line_error
from warroom.cli import main
from warroom.server import create_app

SUMMARY = re.compile(r"wrote (\d+) records? to (.+?)(;|$)")


def client(db: Path) -> TestClient:
    return TestClient(create_app(db, ai_processes=0, allow_seed=True))


def create(c: TestClient, game: str, seats: tuple[str, ...], seed: int) -> str:
    answer = c.post("/api/games", json={"game": game, "seed": seed,
                                        "seats": [{"kind": k} for k in seats]})
    assert answer.status_code == 200, answer.text
    return answer.json()["id"]


def wait_finished(c: TestClient, game_id: str) -> None:
    deadline = time.monotonic() + 120
    while c.get(f"/api/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the AI game did not finish"
        time.sleep(0.05)


def downloads(c: TestClient, ids: list[str]) -> dict[str, bytes]:
    """Each game's record as the server's route gives it (200 only)."""
    out = {}
    for game_id in ids:
        answer = c.get(f"/api/games/{game_id}/record")
        assert answer.status_code == 200, answer.text
        out[game_id] = answer.content
    return out


@pytest.fixture(scope="module")
def evening(tmp_path_factory) -> tuple[Path, dict[str, bytes], list[str]]:
    """A games database after an evening: three AI games finished (two kow, one champions),
    two tables of people not finished. With the records the server gives of the finished
    ones, and the unfinished ones' ids."""
    db = tmp_path_factory.mktemp("evening") / "games.sqlite"
    with quick_beats(), client(db) as c:
        finished = [create(c, "kow", ("random", "random"), 7),
                    create(c, "kow", ("heuristic", "random"), 8),
                    create(c, "champions", ("random", "random"), 9)]
        waiting = [create(c, "kow", ("here", "here"), 10),
                   create(c, "kow", ("here", "invite"), 11)]
        for game_id in finished:
            wait_finished(c, game_id)
        records = downloads(c, finished)
    return db, records, waiting


def copy_db(db: Path, folder: Path) -> Path:
    copy = folder / "copy.sqlite"
    shutil.copy(db, copy)
    return copy


def written(folder: Path) -> dict[str, bytes]:
    """The records in `folder` by game id, each file named by its game, then its id."""
    out = {}
    for path in sorted(folder.iterdir()):
        game, _, game_id = path.stem.rpartition("-")
        out[game_id] = path.read_bytes()
        assert json.loads(out[game_id])["game"] == game, path
    return out


def named(folder: Path, game_id: str, game: str = "kow") -> Path:
    return folder / f"{game}-{game_id}.json"


def game_of(record: bytes) -> str:
    return json.loads(record)["game"]


def last_line(capsys) -> str:
    captured = capsys.readouterr()
    lines = captured.out.strip().splitlines()
    assert lines, captured
    return lines[-1]


def test_each_finished_game_is_written_as_the_servers_download_and_replays(evening, tmp_path,
                                                                          capsys):
    """Audit (stop 57): the organiser's only way to an evening's records was one request a
    game: `export GAMES_DB` refused the database. `--records DIR` writes each finished game
    as DIR/GAME-ID.json, byte for byte the route's download, owner-only; games not finished
    are left and counted in the last line; the records replay with `warroom replay`, to
    the end the server saw."""
    db, records, waiting = evening
    folder = tmp_path / "evening" / "records"  # missing folders are made
    before = db.read_bytes()
    assert main(["export", str(db), "--records", str(folder)]) == 0
    assert last_line(capsys) == f"wrote 3 records to {folder}; 2 games not finished were left"
    assert written(folder) == records
    assert not any(game_id in written(folder) for game_id in waiting)
    for path in folder.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600  # a record holds every hand
    assert db.read_bytes() == before  # only read
    for game_id in list(records):
        assert main(["replay", str(named(folder, game_id, game_of(records[game_id]))),
                     "--json"]) == 0
        shown = json.loads(capsys.readouterr().out)
        stored = json.loads(records[game_id])
        assert shown["game"] == stored["game"]
        assert shown["actions"] == len(stored["actions"])
        assert shown["outcome"]["winners"] is not None


def test_a_second_export_writes_only_the_new_games_and_keeps_the_same_files(evening, tmp_path,
                                                                            capsys):
    """Audit (stop 57): run again as the evening goes on, the export leaves a file that
    holds the same record as it is (a finished game's record never changes) and writes the
    games finished since; one that differs is refused in one line naming it, before
    anything is written, and overwritten only with --force."""
    db, records, _ = evening
    folder = tmp_path / "records"
    assert main(["export", str(db), "--records", str(folder)]) == 0
    capsys.readouterr()
    first, second, third = (named(folder, gid, game_of(records[gid])) for gid in sorted(records))
    second.unlink()
    kept = first.stat().st_mtime_ns
    assert main(["export", str(db), "--records", str(folder)]) == 0
    assert last_line(capsys) == (f"wrote 1 record to {folder}; 2 were there already, the "
                                 "same, and left as they were; 2 games not finished were left")
    assert first.stat().st_mtime_ns == kept
    assert written(folder) == records
    third.write_text('{"mine": true}\n')
    second.unlink()
    assert main(["export", str(db), "--records", str(folder)]) == 2
    line = one_line_error(capsys)
    assert f"{third} exists and is not the record of game {third.stem[-12:]}" in line, line
    assert "--force" in line
    assert not second.exists()  # nothing written
    assert third.read_text() == '{"mine": true}\n'
    assert main(["export", str(db), "--records", str(folder), "--force"]) == 0
    assert last_line(capsys).startswith(f"wrote 2 records to {folder}; 1 was there already")
    assert written(folder) == records


def test_the_database_is_read_while_its_server_runs_and_never_written(tmp_path, capsys):
    """Audit (stop 57): read while `warroom serve` runs over the file (WAL), the export sees
    the games finished so far and none in play; the server plays on, and a game over by its
    rules whose end the store never took (finished = 0) is written as the route offers it,
    the database left as it was."""
    db = tmp_path / "games.sqlite"
    folder = tmp_path / "records"
    with client(db) as c:
        done = create(c, "kow", ("random", "random"), 3)
        wait_finished(c, done)
        playing = create(c, "kow", ("here", "here"), 4)
        assert main(["export", str(db), "--records", str(folder)]) == 0
        assert last_line(capsys) == f"wrote 1 record to {folder}; 1 game not finished was left"
        assert written(folder) == downloads(c, [done])
        later = create(c, "kow", ("heuristic", "heuristic"), 5)  # the server plays on
        wait_finished(c, later)
        assert main(["export", str(db), "--records", str(folder)]) == 0
        assert last_line(capsys).startswith(f"wrote 1 record to {folder}; 1 was there")
        assert written(folder) == downloads(c, [done, later])
        assert c.get(f"/api/games/{playing}").json()["status"] != "finished"
    # the end of `done` not stored (as after a crash before the server stored it)
    con = sqlite3.connect(db)
    con.execute("UPDATE games SET finished = 0, summary = NULL WHERE id = ?", (done,))
    con.commit()
    con.close()
    before = db.read_bytes()
    named(folder, done).unlink()
    assert main(["export", str(db), "--records", str(folder)]) == 0
    assert last_line(capsys).startswith(f"wrote 1 record to {folder}; 1 was there")
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite", "records"]
    con = sqlite3.connect(db)
    assert con.execute("SELECT finished FROM games WHERE id = ?", (done,)).fetchone() == (0,)
    con.close()
    with client(db) as c:
        assert written(folder) == downloads(c, [done, later])


def test_a_table_the_organiser_closed_is_written_as_its_record_so_far(evening, tmp_path,
                                                                     capsys):
    """Audit (stop 57): a table the organiser closed is over: its record so far (marked
    unfinished) is written as the route offers it, and the last line says so."""
    from warroom.server.store import SqliteStore

    db = copy_db(evening[0], tmp_path)
    closed = evening[2][0]
    store = SqliteStore(db)
    store.add_close(closed)
    store.close()
    folder = tmp_path / "records"
    assert main(["export", str(db), "--records", str(folder)]) == 0
    assert last_line(capsys) == (f"wrote 4 records to {folder} (1 of tables closed "
                                 "unfinished, by the organiser or as idle); 1 game not "
                                 "finished was left")
    with client(db) as c:
        assert written(folder) == downloads(c, [*evening[1], closed])
    assert json.loads(named(folder, closed).read_text())["meta"]["closed"]["at"] == 0
    # its replay says the organiser closed it (it said "(unfinished: 0 actions so far)")
    assert main(["replay", str(named(folder, closed))]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "(unfinished: 0 actions played: the organiser closed the table; nobody won)")


def test_a_games_database_is_pointed_to_records_and_records_to_a_games_database(evening,
                                                                              tmp_path,
                                                                              capsys):
    """Audit (stop 57): `export GAMES_DB` (and `report GAMES_DB`) said only "a warroom games
    database (warroom serve --db), not a warroom results database"; they now name --records
    DIR. A results database
    given --records is told which option writes its game, and --records refuses the
    options of a results database: each one line, nothing written."""
    db = evening[0]
    folder = tmp_path / "records"
    for command in (["export", str(db)], ["report", str(db)],
                    ["export", str(db), "--run", "1", "--index", "0", "--record",
                     str(tmp_path / "r.json")]):
        assert main(command) == 2
        line = one_line_error(capsys)
        assert "a warroom games database (warroom serve --db), not a warroom results " \
               f"database; warroom leaves it as it is (`warroom export {db} --records DIR` " \
               "writes its finished games' records)" in line, line
    results = tmp_path / "k.sqlite"
    assert main(["simulate", "kow", "--games", "2", "--players", "random,random", "--db",
                 str(results), "--json"]) == 0
    capsys.readouterr()
    assert main(["export", str(results), "--records", str(folder)]) == 2
    line = one_line_error(capsys)
    assert "not a warroom games database" in line and "--record FILE" in line, line
    assert main(["export", str(db), "--records", str(folder), "--run", "1"]) == 2
    assert "--records writes a games database's records; leave out --run" in \
        one_line_error(capsys)
    assert main(["export", str(tmp_path / "none.sqlite"), "--records", str(folder)]) == 2
    assert "none.sqlite: no such games database" in one_line_error(capsys)
    # a much older warroom's file: brought up to date by a serve (version 2 is read as it is
    # since stop 58: tests/server/test_export_schema2_stop58.py)
    older = copy_db(db, tmp_path)
    con = sqlite3.connect(older)
    con.execute("PRAGMA user_version = 1")
    con.close()
    before = older.read_bytes()
    assert main(["export", str(older), "--records", str(folder)]) == 2
    line = one_line_error(capsys)
    assert "games database of version 1, older than version 2, which this warroom reads as " \
        "it is" in line, line
    assert older.read_bytes() == before
    assert not folder.exists()


def test_a_folder_that_cannot_be_written_is_one_line_naming_it(evening, tmp_path, capsys,
                                                              monkeypatch):
    """Audit (stop 57): a file where DIR (or one of its folders) should be, a folder that
    cannot be written, or a disk that fills after some records: one line naming the path,
    the records before it whole, none half-written."""
    db = evening[0]
    blocker = tmp_path / "file"
    blocker.write_text("mine\n")
    assert main(["export", str(db), "--records", str(blocker)]) == 2
    assert f"{blocker}: not a folder" in one_line_error(capsys)
    assert main(["export", str(db), "--records", str(blocker / "records")]) == 2
    line = one_line_error(capsys)
    assert f"{blocker / 'records'}: cannot write the records here ({blocker} is a file" in line
    assert blocker.read_text() == "mine\n"

    import warroom.engine.files as files

    real = files.tempfile.mkstemp
    made: list[str] = []

    def no_room(*args, **kwargs):  # a folder not writable, then a disk that fills
        if len(made) == limit:
            code = errno.EACCES if limit == 0 else errno.ENOSPC
            raise OSError(code, "Permission denied" if limit == 0 else "No space left on device")
        made.append("one")
        return real(*args, **kwargs)

    monkeypatch.setattr(files.tempfile, "mkstemp", no_room)
    folder = tmp_path / "records"
    limit = 0
    assert main(["export", str(db), "--records", str(folder)]) == 2
    line = one_line_error(capsys)
    assert re.fullmatch(rf"warroom: error: {re.escape(str(folder))}/[a-z-]+-[0-9a-f]+\.json: "
                        r"cannot write \(Permission denied\); no file is written", line), line
    assert list(folder.iterdir()) == []
    made.clear()
    limit = 2
    assert main(["export", str(db), "--records", str(folder)]) == 2
    line = one_line_error(capsys)
    assert "cannot write (No space left on device); no file is written; the 2 records " \
           "before it are written" in line, line
    kept = written(folder)
    assert len(kept) == 2 and all(kept[k] == evening[1][k] for k in kept)
