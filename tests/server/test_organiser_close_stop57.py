"""The organiser of a club evening closes a table with a token of their own (`POST
/api/games/ID/close`), and the server's log follows every table: made, over, a seat resigned
or handed to the AI, closed."""

from __future__ import annotations

import importlib
import json
import logging
import sqlite3
import stat
import time
import urllib.request
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import expect

from conftest import LiveServer
from warroom.server import create_app
from warroom.server.app import TokenFileError, organiser_token
from warroom.server.store import SCHEMA_VERSION, SqliteStore

TOKEN = "organiser-" + "k7" * 12
BEARER = {"Authorization": f"Bearer {TOKEN}"}


def client(db: Path, **options) -> TestClient:
    return TestClient(create_app(db, ai_processes=0, allow_seed=True, organiser_token=TOKEN,
                                 **options))


def create(c: TestClient, seats: tuple[str, ...] = ("here", "invite")) -> dict:
    response = c.post("/api/games", json={"game": "kow", "seed": 7,
                                          "seats": [{"kind": k} for k in seats]})
    assert response.status_code == 200, response.text
    return response.json()


def next_frame(ws) -> dict:
    """The next frame but presence frames (a seat's page coming or going)."""
    while (frame := ws.receive_json())["type"] == "presence":
        pass
    return frame


def greet(ws, token: str | None = None) -> dict:
    """Say hello (a seat's token, or none: a spectator); the state frame after the welcome."""
    ws.send_text(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    assert next_frame(ws)["type"] == "welcome"
    state = next_frame(ws)
    assert state["type"] == "state"
    return state


def until_closed(ws) -> tuple[list[dict], int]:
    """The frames a page receives up to the server's close, and its close code."""
    frames = []
    for _ in range(100):
        message = ws.receive()
        if message["type"] == "websocket.close":
            return frames, message["code"]
        frames.append(json.loads(message["text"]))
    raise AssertionError(f"the page was not closed: {frames[-3:]}")


def stored_actions(db: Path, game_id: str) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT count(*) FROM actions WHERE game_id = ?",
                           (game_id,)).fetchone()[0]
    finally:
        con.close()


def wait_for(check, why: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, why
        time.sleep(0.05)


def test_the_organiser_closes_a_table_and_every_page_at_it_is_told(db):
    """Audit (stop 57): the organiser could not close a table: only a person could resign
    their own seat. With the organiser's token, `POST /api/games/ID/close` closes a game not
    over: every page at it, a seat's and a spectator's, is told in a notice and closed (4410,
    its error frame marked `closed`), the lobby lists it `closed` with no outcome, and its
    record so far is offered, marked unfinished. No token is 401, another token 403, no
    such game 404, a game closed already or over 409, each one line."""
    with client(db, ai_delay=0) as c:
        made = create(c)
        gid, seat0 = made["id"], made["seats"][0]["token"]
        over = create(c, ("random", "random"))
        wait_for(lambda: c.get(f"/api/games/{over['id']}").json()["status"] == "finished",
                 "the AI game did not finish")
        with c.websocket_connect(f"/ws/{gid}") as seat, \
                c.websocket_connect(f"/ws/{gid}") as watching:
            first = greet(seat, seat0)
            seat.send_text(json.dumps({"type": "act", "version": first["version"],
                                       "index": 0}))
            assert next_frame(seat)["type"] == "state"
            greet(watching)
            missing = c.post(f"/api/games/{gid}/close")
            wrong = c.post(f"/api/games/{gid}/close",
                           headers={"Authorization": "Bearer " + "x" * 34})
            basic = c.post(f"/api/games/{gid}/close", headers={"Authorization": "Basic eDp5"})
            closed = c.post(f"/api/games/{gid}/close", headers=BEARER)
            told = {"seat": until_closed(seat), "spectator": until_closed(watching)}
        again = c.post(f"/api/games/{gid}/close", headers=BEARER)
        finished = c.post(f"/api/games/{over['id']}/close", headers=BEARER)
        unknown = c.post("/api/games/nosuchgame/close", headers=BEARER)
        listed = {g["id"]: g for g in c.get("/api/games").json()["games"]}
        record = c.get(f"/api/games/{gid}/record")
        with c.websocket_connect(f"/ws/{gid}") as late:  # its link opens no table now
            late.send_text(json.dumps({"type": "hello", "token": seat0}))
            late_frames, late_code = until_closed(late)
    assert missing.status_code == 401 and basic.status_code == 401
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    assert wrong.status_code == 403
    for refused in (missing, wrong, basic, again, finished, unknown):
        assert set(refused.json()) == {"error"} and "\n" not in refused.json()["error"]
    assert closed.status_code == 200
    assert closed.json() == {"id": gid, "status": "closed", "actions": 1}
    for frames, code in told.values():
        assert code == 4410
        notice = next(f for f in frames if f["type"] == "notice")
        assert notice["message"].startswith("The organiser closed this table")
        assert frames[-1]["type"] == "error" and frames[-1]["closed"] is True
        assert f"/api/games/{gid}/record" in frames[-1]["message"]
    assert again.status_code == 409 and "closed already" in again.json()["error"]
    assert finished.status_code == 409 and "over already" in finished.json()["error"]
    assert unknown.status_code == 404
    assert listed[gid]["status"] == "closed" and "outcome" not in listed[gid]
    assert listed[over["id"]]["status"] == "finished"
    assert record.status_code == 200
    assert "-unfinished.json" in record.headers["Content-Disposition"]
    kept = record.json()
    assert kept["meta"]["closed"] == {"at": 1, "by": "organiser"}
    assert len(kept["actions"]) == 1 and "outcome" not in kept and "resigned" not in kept
    assert late_code == 4410 and late_frames[-1]["closed"] is True


def test_a_closed_table_frees_max_games_stops_its_ai_and_stays_closed_after_a_restart(db,
                                                                                      caplog):
    """Audit (stop 57): a table of AI seats thought for ever, counted toward --max-games
    (which then refused every new table), and came back thinking after a restart. Closed,
    its AI seats move no more, it no longer counts, and a restart lists it closed without
    playing it on: its table refuses pages and its record stays offered."""
    with client(db, max_games=1, ai_delay=0.2) as c:
        busy = create(c, ("random", "random"))  # in play from the start: its AI moves
        full = c.post("/api/games", json={"game": "kow", "seed": 7, "seats": [
            {"kind": "here"}, {"kind": "invite"}]})
        wait_for(lambda: stored_actions(db, busy["id"]) >= 1, "the AI did not move")
        closed = c.post(f"/api/games/{busy['id']}/close", headers=BEARER)
        at = closed.json()["actions"]
        made = c.post("/api/games", json={"game": "kow", "seed": 7, "seats": [
            {"kind": "here"}, {"kind": "invite"}]})
        time.sleep(0.8)  # four AI pauses: a table still playing would have moved
        server = c.app.state.server
        thinking = {key for key in server._thinking if key[0] == busy["id"]}
        assert server.in_play() == 0
    assert full.status_code == 429
    assert closed.status_code == 200 and made.status_code == 200, made.text
    assert stored_actions(db, busy["id"]) == at and not thinking
    caplog.set_level(logging.INFO, logger="warroom.server")
    with client(db, max_games=1, ai_delay=0.05) as c:  # restarted
        # the start's line counts it closed, not finished (stop 57's fresh-eyes audit)
        assert "0 finished games and 1 closed listed from the store" in caplog.text
        summary = c.get(f"/api/games/{busy['id']}").json()
        time.sleep(0.5)
        with c.websocket_connect(f"/ws/{busy['id']}") as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            greeted = ws.receive_json()
            assert ws.receive()["code"] == 4410
        record = c.get(f"/api/games/{busy['id']}/record")
        again = c.post(f"/api/games/{busy['id']}/close", headers=BEARER)
        assert c.app.state.server.in_play() == 0
    assert summary["status"] == "closed" and "outcome" not in summary
    assert stored_actions(db, busy["id"]) == at
    assert greeted["type"] == "error" and greeted["closed"] is True
    assert record.status_code == 200 and record.json()["meta"]["closed"]["at"] == at
    assert again.status_code == 409


def test_the_store_keeps_a_closed_game_under_schema_version_3(db):
    """Audit (stop 57): whether the organiser closed a game is stored (`games.closed`, with
    `finished`), under schema version 3 (a warroom of version 2, which would play a closed
    game on, reads no file of a later version): a file of version 2 is brought to it in
    place, its games not closed."""
    with client(db) as c:
        made = create(c)
        c.post(f"/api/games/{made['id']}/close", headers=BEARER)
        kept = create(c)
    con = sqlite3.connect(db)
    rows = dict(con.execute("SELECT id, finished || closed FROM games").fetchall())
    con.executescript("UPDATE games SET finished = 0; ALTER TABLE games DROP COLUMN closed; "
                      "PRAGMA user_version = 2;")
    con.close()
    store = SqliteStore(db)
    try:
        read = {row.id: (row.finished, row.closed) for row in store.games()}
    finally:
        store.close()
    version = sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0]
    assert SCHEMA_VERSION == 3 and version == 3
    assert rows == {made["id"]: "11", kept["id"]: "00"}
    assert read == {made["id"]: (False, False), kept["id"]: (False, False)}


def test_the_server_log_says_each_table_event_without_a_token(db, caplog):
    """Audit (stop 57): after an evening of games the log held only the start, the stop and
    the refusals: the organiser could follow no table. One line each says a game created
    (its game, its seats' kinds, its id), over (winners or a draw, and why), a seat resigned
    or handed to the AI, a table closed by the organiser; none holds a token."""
    caplog.set_level(logging.INFO, logger="warroom.server")
    with client(db, hand_after=0) as c:
        made = create(c)
        gid, token = made["id"], made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{gid}") as ws:
            first = greet(ws, token)
            ws.send_text(json.dumps({"type": "act", "version": first["version"], "index": 0}))
            assert next_frame(ws)["observation"]["to_move"] == [1]
            ws.send_text(json.dumps({"type": "hand", "seat": 1}))
            while next_frame(ws)["type"] != "state":
                pass
            ws.send_text(json.dumps({"type": "resign"}))
            for _ in range(100):
                frame = next_frame(ws)
                if frame["type"] == "state" and frame["terminal"]:
                    break
            else:
                raise AssertionError("the resignation did not end the game")
        other = create(c, ("here", "mcts"))
        c.post(f"/api/games/{other['id']}/close", headers=BEARER)
    lines = [m for m in caplog.messages if m.startswith("game ")]
    assert f"game {gid} created: kow, seats here, invite" in lines
    assert any(m.startswith(f"game {gid}: seat 1, away ")
               and m.endswith(" s, handed to the heuristic AI by seat 0") for m in lines)
    assert f"game {gid}: seat 0 resigned (the game ends)" in lines
    assert any(m.startswith(f"game {gid} finished: seat 1 won (") for m in lines), lines
    assert f"game {other['id']} created: kow, seats here, mcts:time=1" in lines
    assert f"game {other['id']}: closed by the organiser after 0 actions" in lines
    for secret in (TOKEN, token, made["seats"][1]["token"], other["seats"][0]["token"]):
        assert secret not in caplog.text


def test_serve_keeps_the_organiser_token_in_a_file_of_its_own_and_names_it(
        tmp_path, monkeypatch, capsys):
    """Audit (stop 57): `warroom serve` had no organiser token. It reads one from
    `--organiser-token-file` (default: beside the database), or makes that file, readable
    by its owner alone, names the file at start, and never prints the token."""

    import warroom.server
    from warroom.cli import main

    made: dict = {}
    monkeypatch.setattr(warroom.server, "create_app", lambda db, **kw: made.update(kw))
    monkeypatch.setattr(importlib.import_module("warroom.cli.serve"), "run_server",
                        lambda *a, **kw: None)
    db = tmp_path / "club" / "games.sqlite"
    assert main(["serve", "--port", "0", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    beside = Path(f"{db}.organiser-token")
    token = beside.read_text().strip()
    assert made["organiser_token"] == token and len(token) >= 32
    assert stat.S_IMODE(beside.stat().st_mode) == 0o600
    assert f"the organiser's token is in {beside} (made now)" in out and token not in out
    assert out.splitlines()[0].startswith("warroom: serving http://127.0.0.1:")
    own = tmp_path / "mine"
    own.write_text("  a-token-of-my-own-0123\n")
    assert main(["serve", "--port", "0", "--db", str(db), "--organiser-token-file",
                 str(own)]) == 0
    out = capsys.readouterr().out
    assert made["organiser_token"] == "a-token-of-my-own-0123"
    assert f"is in {own}:" in out and "made now" not in out
    assert organiser_token(beside) == (token, False)  # kept across starts
    own.write_text("short\n")
    with pytest.raises(TokenFileError, match="not an organiser token"):
        organiser_token(own)
    assert main(["serve", "--port", "0", "--organiser-token-file", str(own)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "not an organiser token" in err


def test_a_server_without_an_organiser_token_closes_no_table(db):
    """Audit (stop 57): an app built without an organiser token (an embedding program's)
    lets nobody close a table: 403 in one line, whatever is sent."""
    with TestClient(create_app(db, ai_processes=0)) as c:
        made = c.post("/api/games", json={"game": "kow", "seats": [
            {"kind": "here"}, {"kind": "invite"}]}).json()
        answer = c.post(f"/api/games/{made['id']}/close", headers=BEARER)
        status = c.get(f"/api/games/{made['id']}").json()["status"]
    assert answer.status_code == 403 and "no organiser token" in answer.json()["error"]
    assert status == "open"


def test_the_pages_say_a_table_is_closed(db, browser):
    """Audit (stop 57): a closed table says so to the person at it, with its record so far
    and its replay, and the lobby lists it "closed", with those links and none to a table
    that opens no more."""
    with LiveServer(db, ai_processes=0, organiser_token=TOKEN) as server:
        request = urllib.request.Request(
            server.url + "/api/games", method="POST", headers={
                "Content-Type": "application/json"},
            data=json.dumps({"game": "kow", "seats": [{"kind": "here"},
                                                      {"kind": "invite"}]}).encode())
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(request) as answer:
            made = json.loads(answer.read())
        gid = made["id"]
        page = browser.new_page()
        page.goto(f"{server.url}/game/{gid}#t={made['seats'][0]['token']}")
        expect(page.locator("#title")).to_contain_text(gid)
        close = urllib.request.Request(f"{server.url}/api/games/{gid}/close", method="POST",
                                       headers=BEARER)
        with opener.open(close) as answer:
            assert answer.status == 200
        expect(page.locator("#refused h3")).to_have_text("The organiser closed this table")
        expect(page.locator("#status")).to_have_text("Table closed")
        expect(page.locator("#notice")).to_contain_text("The organiser closed this table")
        links = page.locator("#refused a")
        expect(links).to_have_count(3)
        assert links.nth(0).get_attribute("href") == f"/api/games/{gid}/record"
        assert links.nth(1).get_attribute("href") == f"/replay/{gid}"
        page.goto(server.url + "/")
        row = page.locator(f"tr[data-game='{gid}']")
        expect(row.locator("td").nth(1)).to_have_text("closedClosed by the organiser, unfinished")
        expect(row.locator("td.go a")).to_have_text(["record", "replay"])
        assert "away" not in row.inner_text()
        page.close()


def test_closing_by_the_lobbys_short_id_names_the_game_meant(db):
    """Audit (stop 60): the lobby shows a game's id as its first six digits (`#790529`); `POST
    /api/games/790529/close` answered only "no game '790529' on this server", and the
    organiser had to find the whole id elsewhere. The refusal (nothing is closed by a part of
    an id) names the game whose id starts so, or says the whole id is needed."""
    with client(db, ai_delay=0) as c:
        gid = create(c)["id"]
        short = c.post(f"/api/games/{gid[:6]}/close", headers=BEARER)
        unknown = c.post("/api/games/nosuchgame/close", headers=BEARER)
        still = c.get(f"/api/games/{gid}").json()["status"]
    assert short.status_code == 404
    assert short.json()["error"] == (f"no game {gid[:6]!r} on this server; the close takes a "
                                     f"game's whole id: {gid!r}?")
    assert unknown.json()["error"] == ("no game 'nosuchgame' on this server; the close takes a "
                                       "game's whole id, as GET /api/games lists it")
    assert still != "closed"
