"""Defects an audit of the server found in its limits: quotas that refusals used up, uploads
without a quota or a size checked before the body was read, refused uploads left on disk,
status codes (413, Retry-After), an empty token, replays built again for every request with
no cap on how many at once, and connections that never say hello."""

from __future__ import annotations

import importlib
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

from event_loop import run
from test_api import client, create, hello, receive, wait_until_finished, write_locked

from warroom.server import app as server_app
from warroom.server.app import CREATE_BURST, MAX_BODY, MAX_GREETING, REPLAY_BUILDS, UPLOAD_BURST
from warroom.server.options import MAX_UPLOAD

SEATS = [{"kind": "random"}, {"kind": "random"}]


def _deck() -> bytes:
    from warroom.games.word_iron.deck import deck_path

    return deck_path("raiders").read_bytes()


def _upload(c, content: bytes, name: str = "deck.yaml"):
    return c.post("/api/uploads", data={"game": "word-iron", "option": "deck0"},
                  files={"file": (name, content)})


def _retry_after(response) -> int:
    """The 429's Retry-After: whole seconds, and the wait its message says."""
    error = response.json()["error"]
    seconds = int(response.headers["retry-after"])
    assert error.endswith(f"try again in {seconds} s"), (error, seconds)
    return seconds


def test_defect_refused_create_requests_used_up_the_create_quota(db):
    """Defect: a create request refused (400, a bad option) took from the client's quota of
    games created: 30 mistakes locked the address out with 429 though it held no games. Only
    games created count."""
    with client(db, create_every=3600) as c:
        bad = [c.post("/api/games", json={"game": "kow", "options": {"pool_red": 99},
                                          "seats": SEATS}).status_code
               for _ in range(CREATE_BURST + 5)]
        made = [create(c, seats=("random", "random")) for _ in range(CREATE_BURST)]
        refused = c.post("/api/games", json={"game": "kow", "seats": SEATS})
    assert set(bad) == {400}
    assert len(made) == CREATE_BURST  # all of the burst, after the mistakes
    assert refused.status_code == 429


def test_defect_429_answers_carried_no_retry_after(db):
    """Defect: the 429 answers (a client over its quota of games, a server at --max-games)
    said when to try again in their message only, with no Retry-After header. It gives the
    seconds, whole, rounded up; the message stays."""
    with client(db, create_every=3600) as c:
        for _ in range(CREATE_BURST):
            create(c, seats=("random", "random"))
        quota = c.post("/api/games", json={"game": "kow", "seats": SEATS})
    with client(db, create_every=0, max_games=0) as c:
        full = c.post("/api/games", json={"game": "kow", "seats": SEATS})
    assert quota.status_code == 429 and 3590 <= _retry_after(quota) <= 3600
    assert full.status_code == 429 and int(full.headers["retry-after"]) >= 1
    assert full.json()["error"].startswith("this server holds its limit of games in play")


def test_defect_a_create_request_over_its_limit_was_400_not_413(db):
    """Defect: a create request over its 64 KiB limit was answered 400 "request too large";
    it is 413, with the same one-line error."""
    with client(db) as c:
        answer = c.post("/api/games", content=b"{" + b" " * MAX_BODY + b"}",
                        headers={"content-type": "application/json"})
    assert (answer.status_code, answer.json()) == (
        413, {"error": "request too large (at most 64 KiB)"})


def test_defect_uploads_had_no_quota(db):
    """Defect: POST /api/uploads had no rate limit: a client could store files (each up to
    256 KiB, kept in the database for good) without bound. A client address may upload
    UPLOAD_BURST files at once, then one every `upload_every` seconds; one more is 429 with
    Retry-After and one line, and a request refused before its file is checked (here, an
    option that takes no file) does not count. (A file the loader refused counts since stop
    48: test_hostile_stop48.py.)"""
    deck = _deck()
    with client(db, upload_every=3600) as c:
        mistakes = [c.post("/api/uploads", data={"game": "word-iron", "option": "nope"},
                           files={"file": ("deck.yaml", deck)}).status_code
                    for _ in range(UPLOAD_BURST + 2)]
        stored = [_upload(c, deck + f"\n# {i}\n".encode()).status_code
                  for i in range(UPLOAD_BURST)]
        refused = _upload(c, deck)
    assert set(mistakes) == {400} and set(stored) == {200}
    assert refused.status_code == 429
    assert refused.json()["error"].startswith(
        f"too many files uploaded from this address ({UPLOAD_BURST} at once, then one every "
        "3600 s)")
    assert 3590 <= _retry_after(refused) <= 3600


def _post_upload(app, headers: list[tuple[bytes, bytes]], chunks: int) -> tuple[int, int]:
    """POST /api/uploads straight to the ASGI app, its body `chunks` chunks of 64 KiB: the
    status answered and how many chunks the server read."""
    received, sent = [], []

    async def receive() -> dict:
        received.append(1)
        return {"type": "http.request", "body": b"a" * 65536,
                "more_body": len(received) < chunks}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/api/uploads", "raw_path":
             b"/api/uploads", "query_string": b"", "root_path": "", "client": ("10.0.0.9", 1),
             "server": ("127.0.0.1", 80), "headers": [
                 (b"content-type", b"multipart/form-data; boundary=b0undary"), *headers]}
    run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    return start["status"], len(received)


def test_defect_an_upload_over_the_limit_was_read_whole_first(db):
    """Defect: an upload's size was checked only after the whole body was read (and spooled):
    a 30 MB body was taken in before it was refused. A body whose Content-Length is over the
    limit is refused unread, one without a length is read no further than the limit, and
    either (or a file over 256 KiB in a body within it) is 413 with one line."""
    with client(db) as c:
        app = c.app
        over = c.post("/api/uploads", data={"game": "word-iron", "option": "deck0"},
                      files={"file": ("big.yaml", b"a" * (MAX_UPLOAD + 1))})
        huge = c.post("/api/uploads", content=b"a" * (2 * 1024 * 1024), headers={
            "content-type": "multipart/form-data; boundary=b0undary"})
    assert (over.status_code, over.json()) == (413, {"error": "big.yaml: larger than 256 KiB"})
    assert (huge.status_code, huge.json()) == (413, {"error": "upload too large (at most "
                                                              "256 KiB)"})
    assert _post_upload(app, [(b"content-length", b"65536000")], 1000) == (413, 0)
    status, read = _post_upload(app, [], 1000)  # 64 MB sent without a length
    assert status == 413 and read <= (MAX_UPLOAD + 65536) // 65536 + 1


def test_defect_refused_uploads_stayed_on_disk(db):
    """Defect: a refused upload's file stayed in the private uploads directory (twenty bad
    uploads left twenty files). A file refused by the game's loader, or one the store could
    not take, leaves nothing; a copy a game reads is kept."""
    deck = _deck()
    bad = deck.replace(b"soldiers:", b"soldierz:", 1)
    with client(db) as c:
        uploads = c.app.state.server.uploads
        refused = [_upload(c, bad + f"\n# {i}\n".encode()) for i in range(3)]
        left_by_refused = sorted(p.name for p in uploads.dir.iterdir())
        with write_locked(str(db)):
            unstored = _upload(c, deck + b"\n# not stored\n")
        left_by_unstored = sorted(p.name for p in uploads.dir.iterdir())
        ok = _upload(c, deck).json()["id"]
        create(c, game="word-iron", seats=("random", "random"),
               options={"deck0": {"upload": ok}})
        # the same file refused for another game's option: the game's copy stays
        other = c.post("/api/games", json={"game": "viktory", "options": {
            "scenario": {"upload": ok}}, "seats": SEATS})
        kept = sorted(p.name for p in uploads.dir.iterdir())
    assert {r.status_code for r in refused} == {400}
    assert unstored.status_code == 503
    assert left_by_refused == [] and left_by_unstored == []
    assert other.status_code == 400
    assert kept == [f"{ok}.yaml"]


def test_defect_an_empty_token_watched_without_a_word(db):
    """Defect: a hello whose token is empty (a link cut off at `#t=`) opened the game as a
    spectator without a word, while a wrong token is refused (4401). As a hello without a
    token it watches, and it is told that the link carries no token."""
    with client(db) as c:
        made = create(c, seats=("here", "invite"))
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": ""}))
            welcome, state = receive(ws), receive(ws)
            ws.send_text(json.dumps({"type": "ping"}))
            told = receive(ws)
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws)  # no token at all: watching, as before, without a notice
            ws.send_text(json.dumps({"type": "ping"}))
            plain = receive(ws)
    assert (welcome["type"], welcome["seat"], state["type"]) == ("welcome", None, "state")
    assert told == {"type": "notice", "message": "This link carries no token (it ends at "
                                                 "#t=): you are watching"}
    assert plain["type"] == "pong"


def _finished_game(c) -> str:
    made = create(c, seats=("random", "random"), options={"victories_to_win": 1})
    wait_until_finished(c, made["id"])
    return made["id"]


def test_defect_a_finished_games_replay_was_built_again_for_every_request(db, monkeypatch):
    """Defect: the whole replay of a long finished game (21.8 MB, 7.8 s for 4,643 Viktory II
    actions) was built afresh for every request. A finished game never changes: the answer
    is kept (by game, seat and range) in a small cache, and a request that comes while the
    same answer is being built waits for that build."""
    builds = []
    built = server_app._replay_json

    def counted(*args, **kwargs):
        builds.append(args[1:])
        time.sleep(0.2)  # long enough for the requests sent together to meet
        return built(*args, **kwargs)

    monkeypatch.setattr(server_app, "_replay_json", counted)
    with client(db) as c:
        gid = _finished_game(c)
        first = c.get(f"/api/games/{gid}/replay")
        again = c.get(f"/api/games/{gid}/replay")
        assert len(builds) == 1
        with ThreadPoolExecutor(3) as pool:
            together = list(pool.map(lambda _: c.get(f"/api/games/{gid}/replay?seat=0"),
                                     range(3)))
        assert len(builds) == 2
        window = c.get(f"/api/games/{gid}/replay?from=1&count=2")
    assert first.status_code == 200 and first.content == again.content
    assert {r.content for r in together} == {together[0].content}
    assert window.json()["steps"] == first.json()["steps"][1:3]
    assert len(builds) == 3  # another range is another answer


def test_defect_a_kept_replay_was_compressed_again_for_every_request(db, monkeypatch):
    """Defect (left alone in stop 46): the kept replay was compressed afresh by the GZip
    middleware for every request (a second of CPU for a long Viktory II game's 21.8 MB). It
    is compressed once, when it is built, and kept so; the middleware passes it through. A
    client that does not take gzip gets the same JSON plain."""
    from starlette.middleware.gzip import GZipResponder

    compressed = []
    apply = GZipResponder.apply_compression

    async def counted(self, body, *, more_body):
        compressed.append(len(body))
        return await apply(self, body, more_body=more_body)

    monkeypatch.setattr(GZipResponder, "apply_compression", counted)
    with client(db) as c:
        gid = _finished_game(c)
        compressed.clear()  # the answers that finished it
        url = f"/api/games/{gid}/replay"
        packed = [c.get(url, headers={"Accept-Encoding": "gzip"}) for _ in range(2)]
        plain = c.get(url, headers={"Accept-Encoding": "identity"})
        other = c.get(url, headers={"Accept-Encoding": "br"})
    assert compressed == []
    assert [r.headers.get("content-encoding") for r in packed] == ["gzip", "gzip"]
    assert [r.headers.get("vary") for r in packed] == ["Accept-Encoding"] * 2
    for answer in (plain, other):
        assert "content-encoding" not in answer.headers
        assert answer.headers["vary"] == "Accept-Encoding"
    # httpx undoes the gzip: every answer is the same JSON
    assert {r.content for r in (*packed, plain, other)} == {plain.content}
    assert plain.json()["steps"]


def test_defect_any_number_of_replays_were_built_at_once(db, monkeypatch):
    """Defect: replays were built with no cap on how many at once: 4 long ones at once slowed
    the pings of other tables to 1.4 s. At most REPLAY_BUILDS are built at once; the other
    requests wait their turn and are answered."""
    lock, running, most = threading.Lock(), [0], [0]
    built = server_app._replay_json

    def watched(*args, **kwargs):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            time.sleep(0.3)
            return built(*args, **kwargs)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(server_app, "_replay_json", watched)
    with client(db) as c:
        gid = _finished_game(c)
        asked = [f"/api/games/{gid}/replay?seat={seat}&from={first}"
                 for seat in ("0", "1", "spectator") for first in ("0", "1")]
        with ThreadPoolExecutor(len(asked)) as pool:
            answers = list(pool.map(c.get, asked))
    assert [r.status_code for r in answers] == [200] * len(asked)
    assert most[0] == REPLAY_BUILDS


def test_defect_connections_that_never_said_hello_were_not_capped(db):
    """Defect: connections that send no hello were all accepted (50 silent sockets, each held
    10 s). One client address may have MAX_GREETING waiting for their hello; one more drops
    the oldest at once (since stop 54; it was refused, which let silent connections lock a
    page out): an error frame, and close code 4429 with the reason."""
    with client(db) as c:
        made = create(c, seats=("here", "invite"))
        path = f"/ws/{made['id']}"
        with ExitStack() as silent:
            start = time.monotonic()
            waiting = [silent.enter_context(c.websocket_connect(path))
                       for _ in range(MAX_GREETING + 1)]
            error = waiting[0].receive_json()
            closed = waiting[0].receive()
            waited = time.monotonic() - start
            held = len(c.app.state.server.greeting["testclient"])
        with c.websocket_connect(path) as ws:  # once they are gone, a page comes in
            state = hello(ws)
    why = (f"too many connections from this address waiting to say hello (at most "
           f"{MAX_GREETING}): the oldest, this one, is closed")
    assert error == {"type": "error", "message": why, "retry": True}  # the page tries later
    assert (closed["type"], closed["code"], closed.get("reason")) == ("websocket.close", 4429,
                                                                      why)
    assert waited < 5  # dropped at once, not after the 10 s a hello may take
    assert held == MAX_GREETING
    assert state["type"] == "state"


def test_serve_takes_the_upload_quota_as_it_takes_the_create_quota(monkeypatch, capsys):
    """The upload quota (above) could be set only through `create_app`: `warroom serve` had
    `--create-every` and no way to change the uploads' pace. `--upload-every` reaches the
    app, its default is the app's, and a bad value is one line naming the option."""

    import warroom.server
    from warroom.cli import main

    made: dict = {}
    monkeypatch.setattr(warroom.server, "create_app", lambda db, **kw: made.update(kw))
    monkeypatch.setattr(importlib.import_module("warroom.cli.serve"), "run_server",
                        lambda *a, **kw: None)
    assert main(["serve", "--upload-every", "0"]) == 0
    assert made["upload_every"] == 0.0
    assert main(["serve"]) == 0 and made["upload_every"] == server_app.UPLOAD_EVERY
    capsys.readouterr()
    assert main(["serve", "--upload-every", "-1"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("warroom: error: Invalid value for '--upload-every'")


def test_a_games_summary_says_which_person_seats_have_joined(db):
    """Audit (stop 47, the Viktory II table): a creator who opened its own invite link again
    after the friend had come was asked to take the seat, then told it was taken. The
    game's summary says of each person's seat whether its page has come (`joined`), which
    the page reads before it asks; AI seats have no such field."""
    with client(db) as c:
        made = create(c, seats=("here", "invite"))
        before = c.get(f"/api/games/{made['id']}").json()["seats"]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][1]["token"])
        after = c.get(f"/api/games/{made['id']}").json()["seats"]
        ai = create(c, seats=("here", "random"))
        with_ai = c.get(f"/api/games/{ai['id']}").json()["seats"]
    assert [s.get("joined") for s in before] == [False, False]
    assert [s.get("joined") for s in after] == [False, True]
    assert "joined" not in with_ai[1]
