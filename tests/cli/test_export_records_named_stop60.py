"""Audit (stop 60): `warroom export GAMES_DB --records DIR` named each file by the game's id
alone (`375cdcd51412.json`: twenty of one lesson could not be told apart without opening
each), and said "1 game not finished was left" with no id and no way to take its record."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ai_pace import quick_beats
from warroom.cli import main
from warroom.server import create_app


def create(c: TestClient, game: str, seats: tuple[str, ...], seed: int) -> str:
    answer = c.post("/api/games", json={"game": game, "seed": seed,
                                        "seats": [{"kind": k} for k in seats]})
    assert answer.status_code == 200, answer.text
    return answer.json()["id"]


@pytest.fixture(scope="module")
def lesson(tmp_path_factory) -> tuple[Path, dict[str, bytes], list[str]]:
    """A class's games database: a kow and a champions game of the AI finished, seven tables
    of people not finished; with the finished ones' records as the route gives them, by
    their file name `GAME-ID.json`, and the unfinished ids in the order they were made."""
    db = tmp_path_factory.mktemp("lesson") / "class.sqlite"
    with quick_beats(), TestClient(create_app(db, ai_processes=0, allow_seed=True)) as c:
        finished = {create(c, "kow", ("random", "random"), 7): "kow",
                    create(c, "champions", ("random", "random"), 9): "champions"}
        waiting = [create(c, "kow", ("here", "here"), 10 + n) for n in range(7)]
        deadline = time.monotonic() + 120
        while any(c.get(f"/api/games/{gid}").json()["status"] != "finished"
                  for gid in finished):
            assert time.monotonic() < deadline, "the AI games did not finish"
            time.sleep(0.05)
        records = {f"{game}-{gid}.json": c.get(f"/api/games/{gid}/record").content
                   for gid, game in finished.items()}
    return db, records, waiting


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def notes(capsys) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if "note:" in line]


def test_each_record_file_is_named_by_its_game_then_its_id(lesson, tmp_path, capsys):
    """Audit (stop 60): the teacher got `375cdcd51412.json`, `95ee98e70ab0.json`, ...; now
    `kow-375cdcd51412.json`, `champions-95ee98e70ab0.json`, each the route's record. A folder
    an older release exported keeps working: its bare-id file holding the same record counts
    as there (no second copy beside it); one holding something else is left as it is and
    the record written under its new name."""
    db, records, _ = lesson
    folder = tmp_path / "records"
    assert main(["export", str(db), "--records", str(folder)]) == 0
    assert files(folder) == records
    older = tmp_path / "older"
    older.mkdir()
    (kow, kow_record), (champions, champions_record) = sorted(
        records.items(), key=lambda item: not item[0].startswith("kow-"))
    bare_kow, bare_champions = (older / name.split("-", 1)[1] for name in (kow, champions))
    bare_kow.write_bytes(kow_record)  # as the older release wrote it
    bare_champions.write_text('{"mine": true}\n')
    capsys.readouterr()
    assert main(["export", str(db), "--records", str(older)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith(
        f"wrote 1 record to {older}; 1 was there already, the same, and left as they were")
    assert files(older) == {bare_kow.name: kow_record, champions: champions_record,
                            bare_champions.name: b'{"mine": true}\n'}


def test_the_games_not_finished_are_named_with_how_to_take_their_records(lesson, tmp_path,
                                                                        capsys):
    """Audit (stop 60): "1 game not finished was left" said neither which game nor that the
    organiser closing its table offers its record. A note on standard error names them (the
    first five, and how many more) and says how; closing them, then exporting again, writes
    them and names only those still left."""
    from warroom.server.store import SqliteStore

    db = tmp_path / "class.sqlite"
    shutil.copy(lesson[0], db)
    waiting = lesson[2]
    folder = tmp_path / "records"
    assert main(["export", str(db), "--records", str(folder)]) == 0
    said = notes(capsys)
    assert len(said) == 1, said
    assert f"7 games not finished were left: {', '.join(waiting[:5])} and 2 more; " in said[0]
    assert all(gid not in said[0] for gid in waiting[5:])
    assert "close its table (POST /api/games/ID/close with `Authorization: Bearer` and the " \
           f"organiser's token, in {db}.organiser-token unless serve was given " \
           "--organiser-token-file" in said[0], said[0]
    assert said[0].endswith("then export again")
    store = SqliteStore(db)  # as the route closes them
    for gid in waiting[:6]:
        store.add_close(gid)
    store.close()
    assert main(["export", str(db), "--records", str(folder)]) == 0
    assert notes(capsys) == [f"warroom: note: 1 game not finished was left: {waiting[6]}; a "
                             "record is offered once its game is over: to take one now, close "
                             "its table (POST /api/games/ID/close with `Authorization: Bearer` "
                             f"and the organiser's token, in {db}.organiser-token unless serve "
                             "was given --organiser-token-file; see \"Running a club evening\" "
                             "in the server's README), then export again"]
    assert {f"kow-{gid}.json" for gid in waiting[:6]} <= set(files(folder))


def test_a_game_of_another_rules_version_not_finished_is_not_sent_to_close(lesson, tmp_path,
                                                                         capsys, monkeypatch):
    """Audit (stop 60): a table made under another rules version cannot be closed here (the
    close route refuses it, 409): its note says to finish it on the release that made it,
    not to close it; the others' note still names them."""
    from warroom.games import REGISTRY

    db = tmp_path / "class.sqlite"
    shutil.copy(lesson[0], db)
    monkeypatch.setattr(REGISTRY["kow"], "version", "2")  # a new release of kow's rules
    assert main(["export", str(db), "--records", str(tmp_path / "records")]) == 0
    said = notes(capsys)
    assert len(said) == 7, said
    for gid, line in zip(lesson[2], said, strict=True):
        assert line == (f"warroom: note: game {gid} was made with kow rules version 1; this "
                        "warroom plays version 2: it cannot go on, nor be replayed, on this "
                        "release; finish it with the warroom release that made it")
