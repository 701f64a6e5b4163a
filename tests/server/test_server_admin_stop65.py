"""Audit (stop 65): a club admin running `warroom serve` for weeks, and a protocol fuzzer:
abandoned games never expired, the log's "in play" was not the lobby's, a damaged file said
nothing of what to do, the README overstated the seat tokens, a flood of frames was answered
frame by frame and closed as "too slow", and three requests were taken or refused wrongly."""

from __future__ import annotations

import base64
import importlib
import json
import logging
import re
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_api import client, create, hello, receive
from test_organiser_close_stop57 import until_closed, wait_for
from test_store_damage_stop60 import error_lines, zero_root_page

from warroom.cli import main
from warroom.server.live import new_token
from warroom.server.store import GameRow, SeatRow, SqliteStore

DAY = 86400.0
README = Path(__file__).resolve().parents[2] / "src" / "warroom" / "server" / "README.md"
RESIGN = json.dumps({"type": "resign"})


def stored_games(db: Path) -> dict[str, str]:
    """The games of the database at `db` a new server lists, by id: their status."""
    with client(db) as c:
        return {g["id"]: g["status"] for g in c.get("/api/games").json()["games"]}


def test_a_game_left_for_the_idle_days_is_closed_at_start_as_the_organiser_closes_it(
        db, caplog):
    """Audit (stop 65): 776 games later the lobby's first page was 100 dead "open" and
    "running" tables (pages gone mid-game, invites never opened): nothing expired them. A
    game in play with no move and no page for `close_idle` (30 days) is closed at start, as
    the organiser's close closes it (listed closed, its record kept, a page told), in one
    line of the log; a game played since, or a finished one, is left as it is."""
    with client(db) as c:
        left, recent = create(c)["id"], create(c)["id"]
        over = create(c, seats=("random", "random"))["id"]
        wait_for(lambda: c.get(f"/api/games/{over}").json()["status"] == "finished",
                 "the AI game did not finish")
    store = SqliteStore(db)
    store.add_activity({left: time.time() - 31 * DAY, recent: time.time() - 29 * DAY})
    store.close()
    caplog.set_level(logging.INFO, "warroom.server")
    with client(db) as c:
        statuses = {g["id"]: g["status"] for g in c.get("/api/games").json()["games"]}
        record = c.get(f"/api/games/{left}/record")
        with c.websocket_connect(f"/ws/{left}") as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            frames, code = until_closed(ws)
    assert statuses == {left: "closed", recent: "open", over: "finished"}
    assert record.status_code == 200 and record.json()["meta"]["closed"]["by"] == "idle"
    assert code == 4410 and frames[0]["closed"] is True and frames[0]["by"] == "idle"
    said = [r.getMessage() for r in caplog.records if "idle" in r.getMessage()]
    assert said == ["closed 1 table idle for 30 days"]
    assert stored_games(db)[left] == "closed"  # stored so: a restart lists it closed


def test_the_time_a_game_was_last_played_or_open_is_kept_across_restarts(db):
    """Audit (stop 65): the days a game has been left count across restarts, from its last
    move or page, and a game an older release stored (no time kept) counts from the first
    start that knows it, not from its making: it may have been played the day before."""
    with client(db) as c:
        made = create(c)["id"]
    store = SqliteStore(db)
    store.db.execute("UPDATE games SET created = ?, active = NULL", (time.time() - 90 * DAY,))
    store.close()
    assert stored_games(db)[made] == "open"  # its time is stored now: this start's
    store = SqliteStore(db)
    kept = store.activity()[made]
    store.close()
    assert time.time() - 3600 < kept <= time.time()


def test_idle_tables_are_looked_for_every_hour_and_a_page_open_keeps_one(db, monkeypatch,
                                                                         caplog):
    """Audit (stop 65): the look is made while the server runs too (every IDLE_CHECK s, an
    hour; here a moment), and a table with a page open, a spectator's, is in use however
    long ago its last move; with `close_idle` 0 nothing is ever closed."""
    monkeypatch.setattr(importlib.import_module("warroom.server.app"), "IDLE_CHECK", 0.05)
    caplog.set_level(logging.INFO, "warroom.server")
    with client(db, close_idle=2 * DAY) as c:
        server = c.app.state.server
        left, watched = create(c)["id"], create(c)["id"]
        with c.websocket_connect(f"/ws/{watched}") as ws:
            hello(ws)
            for game in (left, watched):
                server.games[game].last_active = time.time() - 3 * DAY
            wait_for(lambda: server.games[left].closed, "the idle table was not closed")
            assert not server.games[watched].over()
    assert [r.getMessage() for r in caplog.records if "idle" in r.getMessage()] == [
        "closed 1 table idle for 2 days"]
    with client(db, close_idle=0) as c:
        server = c.app.state.server
        never = create(c)["id"]
        server.games[never].last_active = 0.0
        server.close_idle()
        assert c.get(f"/api/games/{never}").json()["status"] == "open"


def serve_calls(monkeypatch) -> list[dict]:
    """The keywords each `warroom serve` run gives the app from here on (no server runs)."""
    import warroom.server

    made: list[dict] = []
    monkeypatch.setattr(warroom.server, "create_app", lambda db, **kw: made.append(kw))
    monkeypatch.setattr(importlib.import_module("warroom.cli.serve"), "run_server",
                        lambda *a, **kw: None)
    return made


def test_serve_takes_close_idle_in_days_and_its_help_says_so(monkeypatch, tmp_path):
    """Audit (stop 65): `warroom serve --close-idle DAYS` (default 30; 0: never) gives the
    app its idle time, and `serve --help` says what it does."""
    made = serve_calls(monkeypatch)
    db = str(tmp_path / "g.sqlite")
    assert main(["serve", "--port", "0", "--db", db]) == 0
    assert main(["serve", "--port", "0", "--db", db, "--close-idle", "0.5"]) == 0
    assert [kw["close_idle"] for kw in made] == [30 * DAY, 0.5 * DAY]
    from warroom.cli import cli

    shown = " ".join(CliRunner().invoke(cli, ["serve", "--help"], terminal_width=200)
                     .output.split())
    assert "--close-idle DAYS" in shown and "no move and no page connected" in shown


def test_the_stop_line_counts_games_in_play_as_the_lobby_does(db, caplog):
    """Audit (stop 65): the log said "stopping: 0 games in play" while the lobby listed
    every game in play (open or running): it counted those active in the last hour. It counts
    the lobby's, and says how many of them were active in the last hour."""
    caplog.set_level(logging.INFO, "warroom.server")
    with client(db) as c:
        for _ in range(2):
            create(c)
        lobby = sum(g["status"] in ("open", "running")
                    for g in c.get("/api/games").json()["games"])
    assert lobby == 2
    stop = [r.getMessage() for r in caplog.records if r.getMessage().startswith("stopping")]
    assert stop == ["stopping: 2 games in play (0 active in the last hour), 0 pages "
                    "connected, 0 AI moves under way; every game is in the store"]


def test_a_damaged_page_at_start_says_to_restore_a_backup(tmp_path, capsys):
    """Audit (stop 65): "warroom: error: mid.sqlite: cannot read (database disk image is
    malformed)" left the admin with no next step; it says what mends it, as a missing table
    does, in one line."""
    db = tmp_path / "mid.sqlite"
    store = SqliteStore(db)
    store.add_game(GameRow("g1", "kow", {}, 7, [SeatRow("person"), SeatRow("ai", "random")]))
    store.close()
    zero_root_page(db, "games")
    capsys.readouterr()
    assert main(["serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db)]) == 2
    assert error_lines(capsys) == [
        f"warroom: error: {db}: cannot read (database disk image is malformed): the file is "
        "damaged; restore it from a backup (see Backups in the server README)"]


def test_the_readme_gives_the_seat_tokens_bits_as_drawn():
    """Audit (stop 65): the server README said seat tokens were "secrets.token_urlsafe, 256
    bits"; the server draws token_urlsafe(24), 192 bits."""
    token = new_token()
    size = len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert f"(`secrets.token_urlsafe({size})`, {size * 8} bits)" in text
    assert not re.search(r"token_urlsafe[^.]{0,20}256 bits", text)


def test_a_flood_of_frames_is_told_once_then_dropped_and_closed_as_too_many(db):
    """Audit (stop 65): 600 pings back to back, the client reading all the time, got an
    error frame for each one refused, then the close 1008 "too slow". The flood is told once,
    the rest dropped unanswered, and a connection that keeps on is closed with a reason that
    says "too many messages"."""
    with client(db) as c:
        made = create(c)
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][0]["token"])
            for _ in range(600):
                ws.send_text(json.dumps({"type": "ping"}))
            frames, closing = [], None
            for _ in range(600):  # (one answer each at most: no more to wait for)
                message = ws.receive()
                if message["type"] == "websocket.close":
                    closing = message
                    break
                frames.append(json.loads(message["text"]))
    errors = [f["message"] for f in frames if f["type"] == "error"]
    assert errors == ["too many messages: at most 10 a second (bursts of 20); the messages "
                      "past it are dropped unanswered"]
    assert {f["type"] for f in frames} <= {"pong", "error", "presence"}
    assert closing is not None and closing["code"] == 1008
    assert closing["reason"].startswith("too many messages")


@pytest.mark.parametrize("seats, seat", [
    ([{"kind": "here", "seconds": 1}, {"kind": "here"}], 0),
    ([{"kind": "invite", "seconds": -5}, {"kind": "random", "seconds": 1}], 0),
])
def test_a_budget_on_a_person_seat_is_refused_naming_the_seat(db, seats, seat):
    """Audit (stop 65): `seconds` on a person's seat was taken silently, and with an AI seat
    also wrong the 400 named the AI's seat only: the first seat at fault is named."""
    with client(db) as c:
        answer = c.post("/api/games", json={"game": "kow", "seats": seats})
        assert c.get("/api/games").json()["total"] == 0
    assert (answer.status_code, answer.json()["error"]) == (
        400, f"seat {seat}: seconds is the budget of an mcts seat, not of a person's")


def test_resigning_twice_says_the_seat_has_resigned_already(db):
    """Audit (stop 65): in a game that goes on after a resignation (Battle for three), a
    second resign said "spectators cannot resign; only a person playing a seat can" to the
    person who had just resigned: it says the seat has resigned already, on that page and
    on one opened again with the seat's link."""
    with client(db, ai_delay=60) as c:  # the AI waits: the seat is not out meanwhile
        made = create(c, game="battle", seats=("invite",) * 3, options={"players": 3})
        token = made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, token)
            ws.send_text(RESIGN)
            assert receive(ws)["type"] == "welcome"
            ws.send_text(RESIGN)
            while (first := receive(ws))["type"] != "error":
                pass
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, token)
            ws.send_text(RESIGN)
            while (again := receive(ws))["type"] != "error":
                pass
    said = "seat 0 has resigned already; the heuristic AI plays it on"
    assert (first["message"], again["message"]) == (said, said)


def test_an_upload_refuses_a_field_given_twice_and_a_body_not_a_form(db):
    """Audit (stop 65): two `game` fields in an upload's form, the last was taken silently
    (a key given twice in JSON is refused by name); a JSON body was told "form field 'game':
    field required", not that the upload is a multipart form."""
    deck = ("deck.yaml", b"name: x\n")
    with client(db) as c:
        twice = c.post("/api/uploads", files=[("game", (None, "battle")),
                                              ("game", (None, "word-iron")),
                                              ("option", (None, "deck0")), ("file", deck)])
        as_json = c.post("/api/uploads", json={"game": "word-iron", "option": "deck0"})
    assert (twice.status_code, twice.json()) == (
        400, {"error": "duplicate form field 'game': give it once"})
    assert (as_json.status_code, as_json.json()) == (
        415, {"error": "a file is uploaded as a multipart form (fields game, option and file): "
                       "Content-Type must be multipart/form-data, not application/json"})
