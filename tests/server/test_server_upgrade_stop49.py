"""A server upgraded to a new release keeps the games stored before it as they were made: a
game of another rules version is listed, never replayed under the new rules; a game reads the
data files it was made with, not the files shipped now; the database has a schema version."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sqlite3
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import expect

from conftest import LiveServer
from warroom.engine.data import read_text
from warroom.games import REGISTRY
from warroom.server import create_app
from warroom.server.store import SCHEMA_VERSION, SqliteStore, WriteFailed
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
    own version, its whole config) once it is over, its replay and its table refused in one
    line; back on its own version it rebuilds as before."""
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
        whole = c.get(f"/api/games/{finished['id']}/record").json()
        assert whole["version"] == "1"
        assert whole["config"]["victories_to_win"] == 3  # every option as played, defaults too
        refusal = (f"game {running['id']} was {note}: it cannot go on, nor be replayed, on "
                   "this release; finish it on a server of the release that made it")
        replay = c.get(f"/api/games/{finished['id']}/replay")
        assert replay.status_code == 409
        assert replay.json()["error"] == (
            f"game {finished['id']} was {note}: it cannot go on, nor be replayed, on this "
            f"release; its record (/api/games/{finished['id']}/record) replays with a warroom "
            "of that rules version")
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
    assert version == SCHEMA_VERSION == 3
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


def finished_flags(db: Path) -> dict[str, int]:
    con = sqlite3.connect(db)
    try:
        return dict(con.execute("SELECT id, finished FROM games").fetchall())
    finally:
        con.close()


def test_the_record_of_an_outdated_game_not_over_is_kept_back(db, monkeypatch):
    """Audit (stop 49): the record of an outdated game was offered whatever its state, so the
    record of a game still in play when the server was upgraded (every hidden hand, the seed,
    every secret choice) was anybody's to download; rolled back to finish it, its players had
    seen everything. The store keeps whether a game is over (set when it ends by an action or
    a resignation): an outdated game known to be over offers its record, one not known to be
    answers 409 in one line, and nothing else of it is given (its summary lists its seats and
    status, its table and replay are refused without pointing at a record)."""
    with client(db) as c:
        finished = create(c, seats=("random", "random"))
        wait_finished(c, finished["id"])
        resigned = create(c)
        play(c, resigned, 1)
        resign(c, resigned, 1)
        running = create(c)
        play(c, running, 3)

    monkeypatch.setattr(REGISTRY["kow"], "version", "2")
    gid = running["id"]
    with client(db) as c:
        answer = c.get(f"/api/games/{gid}/record")
        assert answer.status_code == 409
        assert answer.json() == {"error": (
            f"game {gid} was made with kow rules version 1; this server plays version 2, and "
            "may not be over: its record holds every secret (hands, seed, hidden choices); "
            "finish it, or take its record, on a server of the release that made it")}
        for game in (finished, resigned):
            assert c.get(f"/api/games/{game['id']}/record").status_code == 200
            assert c.get(f"/api/games/{game['id']}").json()["record"] is True
        summary = c.get(f"/api/games/{gid}").json()
        assert set(summary) == {"id", "game", "title", "status", "created", "seats",
                                "rules_version", "note", "record"}
        assert summary["record"] is False and summary["status"] == "outdated"
        assert all(set(s) == {"seat", "kind", "label", "connected"} for s in summary["seats"])
        said = [c.get(f"/api/games/{gid}/replay").json()["error"]]
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": running["seats"][0]["token"]}))
            said.append(ws.receive_json()["message"])
            assert ws.receive()["code"] == 4410
        assert all("/record" not in line and line.endswith(
            "finish it on a server of the release that made it") for line in said)
    assert finished_flags(db) == {finished["id"]: 1, resigned["id"]: 1, running["id"]: 0}
    monkeypatch.setattr(REGISTRY["kow"], "version", "1")  # finished on its own release
    with client(db) as c:
        resign(c, running, 0)
    monkeypatch.setattr(REGISTRY["kow"], "version", "2")
    with client(db) as c:
        assert c.get(f"/api/games/{gid}/record").json()["resigned"] == {"seat": 0, "at": 3}


def test_a_game_stored_before_the_end_was_kept_gets_it_at_its_next_rebuild(db, monkeypatch):
    """Audit (stop 49): a file of the schema before (version 1, no `finished`) is migrated in
    place: its games are not known to be over (an outdated one keeps its record back) until
    a server of their own rules version rebuilds them, which stores the end of one that is
    over."""
    with client(db) as c:
        over = create(c, seats=("random", "random"))
        wait_finished(c, over["id"])
        running = create(c)
    con = sqlite3.connect(db)
    con.executescript("ALTER TABLE games DROP COLUMN finished; PRAGMA user_version = 1;")
    con.close()
    monkeypatch.setattr(REGISTRY["kow"], "version", "2")
    with client(db) as c:
        assert c.get(f"/api/games/{over['id']}/record").status_code == 409
    assert finished_flags(db) == {over["id"]: 0, running["id"]: 0}
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == 3
    monkeypatch.setattr(REGISTRY["kow"], "version", "1")
    with client(db) as c:
        pass
    assert finished_flags(db) == {over["id"]: 1, running["id"]: 0}
    monkeypatch.setattr(REGISTRY["kow"], "version", "2")
    with client(db) as c:
        assert c.get(f"/api/games/{over['id']}/record").status_code == 200
        assert c.get(f"/api/games/{running['id']}/record").status_code == 409


class EndsRefused(SqliteStore):
    """A store that cannot take a game's end now (its disk, say) but takes every other write."""

    def add_end(self, game_id: str) -> None:
        raise WriteFailed("disk I/O error")


def test_an_end_the_store_cannot_take_is_logged_and_stored_at_the_next_start(db, caplog):
    """Audit (stop 49): the end of a game, which lets its record out after an upgrade, is one
    write more: one the store cannot take is said in the log, and the next start, rebuilding
    the game ended, stores it."""
    with TestClient(create_app(db, store=EndsRefused(db), ai_processes=0,
                                allow_seed=True)) as c:
        made = create(c)
        resign(c, made, 0)
    assert finished_flags(db) == {made["id"]: 0}
    assert f"game {made['id']}: could not store that it is over (disk I/O error); the next " \
        "start stores it" in caplog.messages
    with client(db):
        pass
    assert finished_flags(db) == {made["id"]: 1}


@pytest.mark.parametrize("value", ["2", "'yes'", "NULL", "0.5"])
def test_a_damaged_end_is_its_game_s_damage(db, value):
    """Audit (stop 49): the new `finished` column is read as the other columns are: a value
    other than 0 or 1 is its game's one-line damage, not a record let out."""
    with client(db) as c:
        made = create(c)
    con = sqlite3.connect(db)
    with con:
        if value == "NULL":  # NOT NULL: only a table made by hand holds one
            con.executescript("ALTER TABLE games DROP COLUMN finished; "
                              "ALTER TABLE games ADD COLUMN finished INTEGER;")
        con.execute(f"UPDATE games SET finished = {value}")
    con.close()
    with client(db) as c:
        answer = c.get(f"/api/games/{made['id']}")
    assert answer.status_code == 404
    assert answer.json()["error"].startswith(
        f"game {made['id']} is stored but does not rebuild: table games: finished is ")
    assert answer.json()["error"].endswith(", not 0 or 1")


def test_the_lobby_shows_why_an_outdated_game_is_not_played(db, monkeypatch, browser):
    """Audit (stop 49): the lobby listed an outdated game as "outdated", its seats "person
    (away)", without the note saying why, and with a "watch" link to a table that refuses
    it. The note is shown under the status, as a result is; its seats are people, not away;
    it has no play or watch link, and a link to its record where the record is offered
    (the game known to be over), else a line saying why there is none."""
    with client(db) as c:
        over = create(c)
        resign(c, over, 0)
        running = create(c)
    monkeypatch.setattr(REGISTRY["kow"], "version", "2")
    note = "Made with kow rules version 1; this server plays version 2"
    with LiveServer(db, ai_processes=0) as server:
        page = browser.new_page()
        page.goto(server.url + "/")
        rows = {g["id"]: page.locator(f"tr[data-game='{g['id']}']") for g in (over, running)}
        for row in rows.values():
            expect(row.locator("td").nth(1)).to_have_text(f"outdated{note}")
            expect(row.locator("small.result")).to_have_text(note)
            assert "away" not in row.inner_text()
            expect(row.locator("a", has_text=re.compile("play|watch|replay"))).to_have_count(0)
        expect(rows[over["id"]].locator("td").nth(2)).to_have_text("person vs person")
        record = rows[over["id"]].locator("td.go a")
        expect(record).to_have_text("record")
        assert record.get_attribute("href") == f"/api/games/{over['id']}/record"
        expect(rows[running["id"]].locator("td.go")).to_have_text(
            "no record: it may not be over")
        expect(rows[running["id"]].locator("td.go a")).to_have_count(0)
        page.close()


def test_a_game_stored_with_a_shipped_files_old_name_rebuilds(tmp_path):
    """Audit (stop 55): Battle's shipped deck list was renamed `sample` (it was
    `sample-deck`); a game the browser table had stored with `{"shipped": "sample-deck"}` no
    longer rebuilt on the upgraded server ("no shipped file 'sample-deck' (shipped:
    sample)"): missing from the lobby, its page and record 404, its person's game lost. An
    old name still reads (`DataOption.old_names`), and is not offered."""
    db = tmp_path / "games.sqlite"
    options = {"deck_mode": "constructed", "deck0": {"shipped": "sample-deck"},
               "deck1": {"shipped": "sample-deck"}}
    with client(db) as c:
        made = create(c, "battle", ("here", "here"), **options)
        catalog = c.get("/api/catalog").json()
    with client(db) as c:  # a new server on the same database: every game rebuilt
        summary = c.get(f"/api/games/{made['id']}")
        assert summary.status_code == 200, summary.text
        sample = create(c, "battle", ("here", "here"), deck_mode="constructed",
                        deck0={"shipped": "sample"}, deck1={"shipped": "sample"})
        games = c.app.state.server.games
        assert games[made["id"]].config.deck0 == games[sample["id"]].config.deck0
    battle = next(g for g in catalog["games"] if g["name"] == "battle")
    offered = [o for o in battle["options"] if o.get("name") == "deck0"]
    assert offered and offered[0]["shipped"] == ["sample"], offered
