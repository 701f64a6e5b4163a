"""A server upgraded to a new release keeps the games stored before it as they were made: a
game of another rules version is listed, never replayed under the new rules; a game reads the
data files it was made with, not the files shipped now; the database has a schema version."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from warroom.engine.data import read_text
from warroom.games import REGISTRY
from warroom.server import create_app
from warroom.server.store import SCHEMA_VERSION
from warroom.sim.store import StoreError


def client(db: Path) -> TestClient:
    return TestClient(create_app(db, ai_processes=0, allow_seed=True))


def create(c: TestClient, game: str = "kow", seats: tuple[str, ...] = ("here", "here"),
           **options) -> dict:
    response = c.post("/api/games", json={"game": game, "seed": 7, "options": options,
                                          "seats": [{"kind": k} for k in seats]})
    assert response.status_code == 200, response.text
    return response.json()


def frames(ws, kinds: set[str]) -> dict:
    """The next frame of one of `kinds` (presence and notice frames come between)."""
    while (frame := ws.receive_json())["type"] not in kinds:
        pass
    return frame


def play(c: TestClient, made: dict, moves: int) -> None:
    """Play `moves` actions, each the first legal action of the first seat that has one (a
    page of each seat in turn, by its own token)."""
    tokens = [s["token"] for s in made["seats"]]
    for _ in range(moves):
        for token in tokens:
            with c.websocket_connect(f"/ws/{made['id']}") as ws:
                ws.send_text(json.dumps({"type": "hello", "token": token}))
                frames(ws, {"welcome"})
                state = frames(ws, {"state"})
                if state["legal"]:
                    ws.send_text(json.dumps({"type": "act", "version": state["version"],
                                             "index": 0}))
                    assert frames(ws, {"state", "error"})["type"] == "state"
                    break
        else:
            raise AssertionError("no seat had a move")


def resign(c: TestClient, made: dict, seat: int) -> None:
    with c.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": made["seats"][seat]["token"]}))
        frames(ws, {"welcome"})
        frames(ws, {"state"})
        ws.send_text(json.dumps({"type": "resign"}))
        assert frames(ws, {"state", "error"})["type"] == "state"


def wait_finished(c: TestClient, game_id: str) -> None:
    deadline = time.monotonic() + 60
    while c.get(f"/api/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the AI game did not finish"
        time.sleep(0.05)


def stored_rows(db: Path) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        return [con.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall()
                for t in ("games", "actions", "resignations")]
    finally:
        con.close()


def test_a_game_of_another_rules_version_is_listed_not_replayed_under_the_new_rules(
        db, monkeypatch):
    """Audit (stop 49): after an upgrade the server re-played every stored game under the new
    rules and labelled it with the new version (the games table held no version, and the
    rebuild made its record with the running one): a game in progress went on under other
    rules, and a finished game whose replay no longer held was gone from the lobby. A game
    made under another version is listed as such, its record offered as it was stored (its
    own version, its whole config), its replay and its table refused in one line; back on
    its own version it rebuilds as before."""
    kow = REGISTRY["kow"]
    with client(db) as c:
        finished = create(c, seats=("random", "random"))
        wait_finished(c, finished["id"])
        resigned = create(c)
        play(c, resigned, 2)
        resign(c, resigned, 0)
        running = create(c)
        play(c, running, 3)
        records = {g["id"]: c.get(f"/api/games/{g['id']}/record").json()
                   for g in (finished, resigned)}
        before = {g["id"]: g for g in c.get("/api/games").json()["games"]}
    assert records[resigned["id"]]["resigned"] == {"seat": 0, "at": 2}
    kept = stored_rows(db)

    monkeypatch.setattr(kow, "version", "2")  # a new release
    with client(db) as c:
        listed = c.get("/api/games").json()
        note = "made with kow rules version 1; this server plays version 2"
        assert listed["total"] == 3
        for g in listed["games"]:
            assert (g["status"], g.get("rules_version"), g.get("note")) == ("outdated", "1", note)
            assert c.get(f"/api/games/{g['id']}").json() == g
        for game_id, record in records.items():  # as stored, under its own version
            assert c.get(f"/api/games/{game_id}/record").json() == record
        whole = c.get(f"/api/games/{running['id']}/record").json()
        assert whole["version"] == "1" and len(whole["actions"]) == 3
        assert whole["config"]["victories_to_win"] == 3  # every option as played, defaults too
        refusal = (f"game {running['id']} was {note}: it cannot go on, nor be replayed, on "
                   f"this release; its record (/api/games/{running['id']}/record) replays "
                   "with a warroom of that rules version")
        replay = c.get(f"/api/games/{finished['id']}/replay")
        assert replay.status_code == 409
        assert replay.json()["error"].startswith(f"game {finished['id']} was {note}")
        with c.websocket_connect(f"/ws/{running['id']}") as ws:
            ws.send_text(json.dumps({"type": "hello",
                                     "token": running["seats"][0]["token"]}))
            assert ws.receive_json() == {"type": "error", "message": refusal}
            assert ws.receive()["code"] == 4410
    assert stored_rows(db) == kept  # nothing changed

    monkeypatch.setattr(kow, "version", "1")  # back on the release it was made with
    with client(db) as c:
        after = {g["id"]: g for g in c.get("/api/games").json()["games"]}
    assert {k: g["status"] for k, g in after.items()} == \
        {k: g["status"] for k, g in before.items()} == {
            finished["id"]: "finished", resigned["id"]: "finished", running["id"]: "running"}


def test_a_game_reads_the_data_file_it_was_made_with_not_the_one_shipped_now(
        db, monkeypatch, tmp_path):
    """Audit (stop 49): a game in progress switched to the new version of a shipped data file
    at a restart (Word & Iron's default deck edited between releases): only uploaded files
    were kept in the database. Every data file a game's config names is stored with it, and
    the rebuild and the record read that copy."""
    from warroom.games.word_iron import deck

    game = REGISTRY["word-iron"]
    shipped = deck.DATA_DIR / "sample.yaml"
    original = read_text(shipped)
    with client(db) as c:
        made = create(c, "word-iron")
    # a new release ships another sample deck (its cards renamed)
    folder = tmp_path / "data"
    shutil.copytree(deck.DATA_DIR, folder)
    changed = original.replace("name: Spearmen", "name: Spearmen of the new release")
    (folder / "sample.yaml").write_text(changed, encoding="utf-8")
    monkeypatch.setattr(deck, "DATA_DIR", folder)
    deck._resolved.cache_clear()
    try:
        assert read_text(game.data_file("deck0", "sample")) == changed
        with client(db) as c:
            live = c.app.state.server.games[made["id"]]
            for option in ("deck0", "deck1"):
                assert read_text(game.data_file(option, getattr(live.config, option))) \
                    == original
            record = live.record()
    finally:
        deck._resolved.cache_clear()
    assert record.files["deck0"].text == record.files["deck1"].text == original
    assert record.config["deck0"] == "sample"  # as the record names it, not our copy


def test_a_damaged_copy_of_a_data_file_is_said_and_its_game_alone_does_not_rebuild(db):
    """Audit (stop 49): the copies of a game's data files (new with the fix of the defect
    above) are checked against their SHA-256: one altered in the database is that game's
    one-line damage, not a game built on other cards."""
    with client(db) as c:
        made, kept = create(c, "word-iron"), create(c)
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE data_files SET text = text || '#'")
        sha = con.execute("SELECT sha256 FROM data_files").fetchone()[0]
    con.close()
    with client(db) as c:
        answer = c.get(f"/api/games/{made['id']}")
        assert c.get(f"/api/games/{kept['id']}").status_code == 200
    assert answer.status_code == 404
    assert answer.json()["error"] == (
        f"game {made['id']} is stored but does not rebuild: table games: the copy of its "
        f"'deck0' file (sha256 {sha[:12]}) is missing from data_files or altered")


OLD_SCHEMA = """
CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
  seed INTEGER NOT NULL, seats TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL,
  player INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (game_id, idx));
CREATE TABLE resignations (game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
  idx INTEGER NOT NULL, PRIMARY KEY (game_id, seat));
CREATE TABLE joins (game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat));
CREATE TABLE claims (game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
  token_hash TEXT NOT NULL, PRIMARY KEY (game_id, seat));
CREATE TABLE handovers (game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
  idx INTEGER NOT NULL, PRIMARY KEY (game_id, seat));
CREATE TABLE files (sha TEXT PRIMARY KEY, game TEXT NOT NULL, option TEXT NOT NULL,
  name TEXT NOT NULL, content BLOB NOT NULL);
"""


def test_an_older_database_is_migrated_and_its_games_keep_their_rules_from_then_on(
        db, monkeypatch):
    """Audit (stop 49): the games database kept no schema version, so nothing could tell an
    older file from this one. A file of before (no version, no copies of data files) is
    brought to this version in place: its games rebuild as they did, from the files on disk,
    and are stored with the rules version and files they are rebuilt under, so that the
    next upgrade does not replay them under other rules either."""
    seat = {"kind": "person", "token_hash": hashlib.sha256(b"t0").hexdigest(),
            "label": "hotseat"}
    other = {**seat, "token_hash": hashlib.sha256(b"t1").hexdigest()}
    con = sqlite3.connect(db)
    con.executescript(OLD_SCHEMA)
    with con:
        con.execute("INSERT INTO games VALUES ('old', 'word-iron', '{}', 7, ?, 1.0)",
                    (json.dumps([seat, other]),))
    con.close()
    with client(db) as c:
        assert c.get("/api/games/old").json()["status"] == "open"
        create(c)  # a new game is stored in the migrated file
    con = sqlite3.connect(db)
    version = con.execute("PRAGMA user_version").fetchone()[0]
    rules = con.execute("SELECT version, config, files FROM games WHERE id = 'old'").fetchone()
    copies = con.execute("SELECT text FROM data_files").fetchall()
    con.close()
    assert version == SCHEMA_VERSION == 1
    assert rules[0] == REGISTRY["word-iron"].version
    assert json.loads(rules[1])["deck0"] == "sample"
    assert set(json.loads(rules[2])) == {"deck0", "deck1"}
    assert copies == [(read_text(REGISTRY["word-iron"].data_file("deck0", "sample")),)]
    monkeypatch.setattr(REGISTRY["word-iron"], "version", "99")
    with client(db) as c:
        assert c.get("/api/games/old").json()["status"] == "outdated"


def test_a_database_of_a_newer_schema_is_refused_at_start_in_one_line(db, capsys):
    """Audit (stop 49): a database a newer warroom had changed (a column added to games, its
    user_version 2) was taken as it was, and then every game created failed: 503 "table games
    has 7 columns but 6 values were supplied". It is refused at start, in one line, and left
    as it is."""
    from warroom.cli import main

    with client(db) as c:
        create(c)
    con = sqlite3.connect(db)
    con.executescript(f"ALTER TABLE games ADD COLUMN later TEXT; "
                      f"PRAGMA user_version = {SCHEMA_VERSION + 1};")
    con.close()
    kept = db.read_bytes()
    line = (f"{db}: games database of an unknown version {SCHEMA_VERSION + 1} (this warroom "
            f"reads up to version {SCHEMA_VERSION})")
    with pytest.raises(StoreError) as refused:
        create_app(db, ai_processes=0)
    assert str(refused.value) == line
    assert main(["serve", "--port", "0", "--db", str(db)]) == 2
    said = [ln for ln in capsys.readouterr().err.splitlines() if "error" in ln]
    assert said == [f"warroom: error: {line}"]
    assert db.read_bytes() == kept


def test_a_game_is_stored_whatever_other_columns_the_games_table_has(db):
    """Audit (stop 49): a game was stored by `INSERT INTO games VALUES (...)`, six values in
    the order of the columns: one column more (added by hand, a tool) failed every game
    created. The insert names its columns."""
    with client(db) as c:
        create(c)
    con = sqlite3.connect(db)
    con.execute("ALTER TABLE games ADD COLUMN note TEXT")
    con.close()
    with client(db) as c:
        made = create(c)
        assert c.get(f"/api/games/{made['id']}").status_code == 200
