"""Defects a hostile-client audit of `warroom serve` found (stop 48): an upload checked on the
event loop and refused for free, a database file removed under a running server, an intent
without its version played twice, requests from other sites' pages and rebound names, bodies
and headers that never end, a traceback per bad WebSocket frame, and two small ones (HEAD on
the pages, an upload named `..`)."""

from __future__ import annotations

import http.client
import importlib
import json
import logging
import os
import socket
import threading
import time
from pathlib import Path

import pytest
import requests
from test_api import client, create, hello, receive, write_locked

from conftest import LiveServer
from warroom.server import app as server_app
from warroom.server.app import UPLOAD_BURST
from warroom.server.options import Uploads


def _deck() -> bytes:
    from warroom.games.word_iron.deck import deck_path

    return deck_path("raiders").read_bytes()


def _upload(c, content: bytes, name: str = "deck.yaml", **headers):
    return c.post("/api/uploads", data={"game": "word-iron", "option": "deck0"},
                  files={"file": (name, content)}, headers=headers)


def _ws_frames(ws) -> list[dict]:
    """The frames a websockets client gets until its socket closes (10 s at most)."""
    frames = []
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            frames.append(json.loads(ws.recv(timeout=deadline - time.monotonic())))
        except Exception:  # closed (or the deadline passed)
            break
    return frames


# --- 1: uploads ------------------------------------------------------------------------------

def test_an_upload_is_checked_off_the_event_loop(db, monkeypatch):
    """Audit (stop 48): a 250 KiB YAML list of 127,000 cards took the loader 4 s to refuse,
    on the event loop: every WebSocket of the server froze meanwhile (a ping answered after
    4 s). The check runs in a worker thread: a ping is answered while a file is being checked
    (here a loader held until the answer has come)."""
    from websockets.sync.client import connect

    started, release = threading.Event(), threading.Event()
    check = Uploads._check

    def slow_check(spec, row, path):
        started.set()
        release.wait(20)  # on the event loop, this would hold every table
        check(spec, row, path)

    monkeypatch.setattr(Uploads, "_check", staticmethod(slow_check))
    with LiveServer(db, ai_processes=0) as server:
        made = requests.post(f"{server.url}/api/games", json={
            "game": "kow", "seats": [{"kind": "invite"}, {"kind": "invite"}]}, timeout=30).json()
        answers: list[requests.Response] = []
        uploading = threading.Thread(target=lambda: answers.append(requests.post(
            f"{server.url}/api/uploads", data={"game": "word-iron", "option": "deck0"},
            files={"file": ("deck.yaml", _deck())}, timeout=60)))
        try:
            with connect(f"ws://127.0.0.1:{server.port}/ws/{made['id']}") as ws:
                ws.send(json.dumps({"type": "hello"}))
                assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
                assert json.loads(ws.recv(timeout=10))["type"] == "state"
                uploading.start()
                assert started.wait(20), "the upload was not checked"
                ws.send(json.dumps({"type": "ping"}))
                pong = json.loads(ws.recv(timeout=5))  # TimeoutError: the loop was held
                still_checking = not release.is_set() and uploading.is_alive()
        finally:
            release.set()
            if uploading.is_alive() or answers:
                uploading.join(60)
    assert pong["type"] == "pong" and still_checking
    assert answers[0].status_code == 200, answers[0].text


def test_a_refused_upload_counts_against_the_upload_quota(db):
    """Audit (stop 48): an upload the loader refused was given back to the client's quota,
    so a client could have the server check 250 KiB files (seconds of CPU each) in a loop.
    The quota bounds that work: a file the loader checked counts, refused or stored; a
    request refused before the check, and one the store could not take (503), do not."""
    deck = _deck()
    bad = deck.replace(b"soldiers:", b"soldierz:", 1)
    with client(db, upload_every=3600) as c:
        unchecked = [c.post("/api/uploads", data={"game": "word-iron", "option": "nope"},
                            files={"file": ("deck.yaml", deck)}).status_code
                     for _ in range(UPLOAD_BURST)]
        with write_locked(str(db)):
            unstored = [_upload(c, deck + b"\n# x\n").status_code for _ in range(3)]
        refused = [_upload(c, bad + f"\n# {i}\n".encode()).status_code
                   for i in range(UPLOAD_BURST)]
        more = _upload(c, deck)
    assert set(unchecked) == {400} and set(unstored) == {503} and set(refused) == {400}
    assert more.status_code == 429
    assert more.json()["error"].startswith("too many files uploaded from this address")


# --- 2: the database file removed ---------------------------------------------------------

def test_a_database_file_removed_under_the_server_refuses_every_write(db, caplog):
    """Audit (stop 48): with the database file deleted while the server ran, moves were
    acknowledged and games created, and all of it was gone at the restart, without a line in
    the log. The store checks before each write that its file is still there (the same
    file): a move is refused as for any write that fails ("nothing was played"), creating a
    game is 503, and the log says so once; a file put in its place is refused alike."""
    with caplog.at_level(logging.WARNING, logger="warroom.server"):
        with client(db) as c:
            made = create(c)
            with c.websocket_connect(f"/ws/{made['id']}") as ws:
                hello(ws, made["seats"][0]["token"])
                os.remove(db)
                ws.send_text(json.dumps({"type": "act", "version": 0, "index": 0}))
                refused = receive(ws)
                created = c.post("/api/games", json={"game": "kow", "seats": [
                    {"kind": "here"}, {"kind": "random"}]})
                Path(db).write_bytes(b"")  # another file at its path
                ws.send_text(json.dumps({"type": "act", "version": 0, "index": 0}))
                replaced = receive(ws)
                ws.send_text(json.dumps({"type": "ping"}))
                pong = receive(ws)
            played = c.app.state.server.games[made["id"]].version
    why = f"the database file {db} was removed or replaced while the server ran"
    assert refused == {"type": "error", "message": f"could not store the action ({why}); "
                       "nothing was played, try again"}
    assert replaced == refused
    assert pong == {"type": "pong", "version": 0} and played == 0
    assert created.status_code == 503 and why in created.json()["error"]
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].getMessage().startswith(why)


# --- 3: an act without its version --------------------------------------------------------

def test_an_act_frame_needs_its_version(db):
    """Audit (stop 48): an act frame giving its action but no version skipped every staleness
    check, so the same frame sent twice played twice (The Game of Champions' Flip, Word &
    Iron's recruit). Every act names the version it was chosen at; one without it (or with
    null) is one error frame and plays nothing."""
    with client(db) as c:
        made = create(c, seats=("here", "invite"))
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            state = hello(ws, made["seats"][0]["token"])
            action = state["legal"][0]["action"]
            errors = []
            for frame in ({"type": "act", "action": action},
                          {"type": "act", "version": None, "action": action},
                          {"type": "act", "index": 0}):
                ws.send_text(json.dumps(frame))
                errors.append(receive(ws))
            played = c.app.state.server.games[made["id"]].version
            ws.send_text(json.dumps({"type": "act", "version": state["version"],
                                     "action": action}))
            moved = receive(ws)
    assert errors == [{"type": "error",
                       "message": "an act needs the version it was chosen at"}] * 3
    assert played == 0 and moved["type"] == "state" and moved["version"] == 1


# --- 4: other sites' pages, rebound names -------------------------------------------------

def test_another_sites_page_may_not_open_a_table_or_create_or_upload(db):
    """Audit (stop 48): a WebSocket opened by a page of http://evil.example was welcomed, and
    such a page could create games (a text/plain POST, which a browser sends without asking)
    and upload files. A WebSocket or a POST whose Origin is not the server's own is refused
    (close 4403, 403), one without an Origin (curl, scripts) is served, and a game is created
    by a JSON body alone (415 otherwise)."""
    from starlette.websockets import WebSocketDisconnect

    evil = {"origin": "http://evil.example"}
    body = json.dumps({"game": "kow", "seats": [{"kind": "here"}, {"kind": "random"}]})
    with client(db, upload_every=0) as c:
        made = create(c)
        with c.websocket_connect(f"/ws/{made['id']}", headers=evil) as ws:
            refused = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        text = c.post("/api/games", content=body, headers={"content-type": "text/plain"})
        foreign = c.post("/api/games", content=body,
                         headers={**evil, "content-type": "application/json"})
        uploaded = _upload(c, _deck(), **evil)
        own = c.post("/api/games", content=body, headers={
            "origin": "http://testserver", "content-type": "application/json; charset=utf-8"})
        listed = c.get("/api/games", headers=evil)  # reading: the browser keeps it from them
        with c.websocket_connect(f"/ws/{made['id']}",
                                 headers={"origin": "http://testserver"}) as ws:
            watching = hello(ws)
    assert refused["type"] == "error" and refused["message"].startswith(
        "refused: a page of http://evil.example may not use this server")
    assert closed.value.code == 4403
    assert text.status_code == 415 and text.json()["error"] == (
        "a game is created by a JSON body: Content-Type must be application/json, not "
        "text/plain")
    assert foreign.status_code == 403 and uploaded.status_code == 403
    assert foreign.json()["error"].startswith("refused: a page of http://evil.example")
    assert own.status_code == 200 and listed.status_code == 200
    assert watching["seat"] is None
    with client(db) as c:
        assert len(c.get("/api/games").json()["games"]) == 2  # made, and own


def _get(port: int, host: str, path: str = "/api/games") -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers={"Host": host})
        return connection.getresponse().status
    finally:
        connection.close()


def test_a_loopback_server_refuses_a_host_that_is_not_loopback(db):
    """Audit (stop 48): a request naming another Host was served by a server on loopback: a
    page whose own name its DNS points at 127.0.0.1 (DNS rebinding) is of its own origin to
    the browser, so its Host alone gives it away. On a loopback address only loopback names
    are served (400 otherwise, 4400 for a WebSocket); bound to another address, any Host."""
    from websockets.sync.client import connect

    with LiveServer(db, ai_processes=0) as server:
        port = server.port
        statuses = {host: _get(port, host) for host in (
            f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "localhost",
            f"evil.example:{port}", "evil.example", f"127.0.0.1.evil.example:{port}",
            f"localhost@evil.example:{port}")}
        with connect(f"ws://evil.example:{port}/ws/x",  # (its Host) on a socket to here
                     sock=socket.create_connection(("127.0.0.1", port))) as ws:
            frames = _ws_frames(ws)
            code = ws.close_code
    ok = {f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "localhost"}
    assert statuses == {host: 200 if host in ok else 400 for host in statuses}
    assert code == 4400 and frames[0]["message"].startswith(
        "this server listens on loopback only, and the Host evil.example")
    with LiveServer(db, ai_processes=0, listen="0.0.0.0") as server:
        assert _get(server.port, "games.example.org") == 200


def test_serve_gives_the_app_its_address_and_uvicorn_its_limits(monkeypatch):
    """Audit (stop 48): `warroom serve` ran uvicorn with no cap on connections (50 that sent
    half a request line were held for ever, and as many more as a client liked). It passes
    `limit_concurrency` (the app's spectators, two pages for each game in play, and room for
    requests) and `timeout_keep_alive`, and the app the address it listens on (the Host
    check above)."""
    import warroom.server
    from warroom.cli import main

    made: dict = {}
    ran: dict = {}
    monkeypatch.setattr(warroom.server, "create_app", lambda db, **kw: made.update(kw))
    monkeypatch.setattr(importlib.import_module("warroom.cli.serve"), "run_server",
                        lambda *a, **kw: ran.update(kw))
    assert main(["serve", "--max-games", "100", "--port", "0"]) == 0
    assert made["listen"] == "127.0.0.1"
    assert ran["limit_concurrency"] == server_app.MAX_WATCHERS + 2 * 100 + 500
    assert ran["timeout_keep_alive"] == 5


# --- 5: a body that never ends ------------------------------------------------------------

@pytest.mark.parametrize("path,kind", [("/api/games", "application/json"),
                                       ("/api/uploads", "multipart/form-data; boundary=b0")])
def test_a_body_dribbled_slowly_is_refused_at_its_deadline(db, path, kind):
    """Audit (stop 48): a POST whose body never came whole held its connection, and what it
    had sent, for ever. The whole body has `body_seconds` (30 s; 1 s here): then 408 with one
    line, and the connection is closed."""
    with LiveServer(db, ai_processes=0) as server:
        server.app.state.server.body_seconds = 1.0
        with socket.create_connection(("127.0.0.1", server.port), timeout=20) as raw:
            raw.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                        f"Content-Type: {kind}\r\nContent-Length: 1000\r\n\r\n{{".encode())
            answer = b""
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                chunk = raw.recv(4096)  # socket.timeout (20 s): no deadline
                if not chunk:
                    break
                answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408"), answer
    assert b"connection: close" in head.lower()
    assert json.loads(body) == {"error": "the request's body did not arrive within 1 s"}


# --- 6: a text frame that is not UTF-8 ----------------------------------------------------

def test_a_text_frame_that_is_not_utf8_is_one_line_in_the_log(db):
    """Audit (stop 48): each WebSocket text frame that was not UTF-8 wrote a whole traceback
    to the server's log (uvicorn's). The connection is still closed with 1007; the log has
    the one line."""
    from websockets.sync.client import connect

    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("uvicorn.error")
    try:
        with LiveServer(db, ai_processes=0) as server:  # (which sets up uvicorn's logs)
            logger.addHandler(handler)
            made = requests.post(f"{server.url}/api/games", timeout=30, json={
                "game": "kow", "seats": [{"kind": "invite"}, {"kind": "invite"}]}).json()
            with connect(f"ws://127.0.0.1:{server.port}/ws/{made['id']}") as ws:
                ws.send(json.dumps({"type": "hello"}))
                ws.recv(timeout=10), ws.recv(timeout=10)
                ws.send(b"\xff\xfe not UTF-8", text=True)
                _ws_frames(ws)
                code = ws.close_code
            deadline = time.monotonic() + 10
            while not records and time.monotonic() < deadline:
                time.sleep(0.05)
    finally:
        logger.removeHandler(handler)
    assert code == 1007
    lines = [logging.Formatter().format(r) for r in records]
    assert lines == ["Invalid UTF-8 sequence received from client."]


# --- small ones ------------------------------------------------------------------------------

def test_the_pages_answer_head(db):
    """Audit (stop 48): `HEAD /` and `HEAD /game/ID` were 405 (a link checker, `curl -I`).
    The pages answer HEAD as GET, without the body."""
    with client(db) as c:
        made = create(c)
        answers = [c.head(path) for path in ("/", f"/game/{made['id']}",
                                              f"/replay/{made['id']}")]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert all(a.content == b"" and a.headers["content-type"].startswith("text/html")
               for a in answers)


def test_an_upload_named_only_dots_is_kept_as_upload(db):
    """Audit (stop 48): a file uploaded as `..` was stored, and recorded, under the name
    `..`. A name left with no letter or digit is kept as "upload"."""
    deck = _deck()
    with client(db) as c:
        names = [_upload(c, deck + f"\n# {i}\n".encode(), name).json()["name"]
                 for i, name in enumerate(["..", ".", "...", "- -", "my deck.yaml"])]
    assert names == ["upload"] * 4 + ["my deck.yaml"]
