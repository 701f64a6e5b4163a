"""Defects an audit of the server found (stop 54): a forwarded address that every loopback
client could name, games nobody joined counted as in play, silent connections of one address
that locked every page out, and a few one-line messages (numbers echoed whole, an offset
clamped without a word, a free-text option refused as a path)."""

from __future__ import annotations

import json
import urllib.request
from contextlib import ExitStack

from served import running, served_as_configured
from test_api import client, create, hello, receive

from warroom.games import get_game
from warroom.server.app import MAX_GREETING


def test_a_forwarded_header_does_not_change_the_address_the_limits_count(
        db, monkeypatch, capsys):
    """Audit (stop 54): `warroom serve` ran uvicorn with its defaults (`proxy_headers`,
    trusting 127.0.0.1), so on loopback every client could name its own address in
    `X-Forwarded-For` and get around each per-address limit (games created, uploads, hellos
    awaited). The server, run as the CLI configures it, counts the address the connection
    came from."""
    import warroom.server.app

    ran = served_as_configured(monkeypatch, ["serve", "--db", str(db), "--port", "0",
                                             "--ai-workers", "0"])
    capsys.readouterr()
    with running(ran) as port:
        url = f"http://127.0.0.1:{port}/api/games"
        body = json.dumps({"game": "kow", "seats": [{"kind": "invite"}, {"kind": "invite"}]})
        request = urllib.request.Request(url, body.encode(), headers={
            "Content-Type": "application/json", "X-Forwarded-For": "10.9.0.1"})
        with urllib.request.urlopen(request, timeout=20) as answer:
            status = answer.status
    assert status == 200
    app_server: warroom.server.app.Server = ran["app"].state.server
    assert set(app_server.creators) == {"127.0.0.1"}


def test_a_game_nobody_joined_does_not_count_against_max_games(db):
    """Audit (stop 54): a new game was marked active as it was made, so a game nobody joined
    counted against `--max-games` for an hour, though the README says games nobody joined
    do not count: five games of two invite seats at `max_games=3` refused the last two. Such
    a game counts once a page connects; one whose AI seat moves at once counts from the
    start."""
    with client(db, max_games=3, ai_delay=60) as c:
        made = [c.post("/api/games", json={"game": "kow", "seats": [
            {"kind": "invite"}, {"kind": "invite"}]}) for _ in range(5)]
        server = c.app.state.server
        nobody = server.in_play()
        with c.websocket_connect(f"/ws/{made[0].json()['id']}") as ws:
            hello(ws, made[0].json()["seats"][0]["token"])
            joined = server.in_play()
        ai = create(c, seats=("random", "random"))  # its AI moves at once (after ai_delay)
        playing = server.games[ai["id"]].in_play(server.idle)
    assert [r.status_code for r in made] == [200] * 5
    assert (nobody, joined, playing) == (0, 1, True)


def test_silent_connections_of_one_address_do_not_lock_a_page_out(db):
    """Audit (stop 54): MAX_GREETING connections that never said hello, from one address,
    made every other page of that address (on loopback, every page) get 4429 until they went.
    The oldest waiting connection is dropped instead (an error frame saying so, to try again,
    and 4429), and the new page comes to its table."""
    with client(db) as c:
        made = create(c, seats=("here", "invite"))
        path = f"/ws/{made['id']}"
        with ExitStack() as silent:
            waiting = [silent.enter_context(c.websocket_connect(path))
                       for _ in range(MAX_GREETING)]
            with c.websocket_connect(path) as ws:
                state = hello(ws, made["seats"][0]["token"])
            error = waiting[0].receive_json()
            closed = waiting[0].receive()
            held = len(c.app.state.server.greeting["testclient"])
    assert state["type"] == "state"
    assert error == {"type": "error", "retry": True, "message": (
        f"too many connections from this address waiting to say hello (at most "
        f"{MAX_GREETING}): the oldest, this one, is closed")}
    assert (closed["type"], closed["code"]) == ("websocket.close", 4429)
    assert held == MAX_GREETING - 1  # the others still wait


def test_numbers_in_a_frame_are_cut_in_its_error_as_other_values_are(db):
    """Audit (stop 54): a 4000-digit index, version or hand.seat was echoed whole in its
    error frame ("no action number 9999...": 4 KB), where a bad value in an action is cut."""
    big = int("9" * 4000)
    with client(db) as c:
        made = create(c, game="champions", seats=("here", "invite"),
                      options={"roshambo": "random"})
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][0]["token"])
            messages = []
            for frame in ({"type": "act", "version": 0, "index": big},
                          {"type": "act", "version": big, "index": 0},
                          {"type": "hand", "seat": big}):
                ws.send_text(json.dumps(frame))
                messages.append(receive(ws)["message"])
    assert [m.split(" 99")[0] for m in messages] == ["no action number", "no version",
                                                     "no seat"]
    assert all(len(m) < 150 and "9..." in m for m in messages), messages


def test_an_offset_past_its_bounds_is_a_400_naming_it(db):
    """Audit (stop 54): `GET /api/games?offset=99999999999999999999999999` was answered 200
    with `"offset": 1000000000`, the number clamped without a word; a bad limit is a 400
    naming its bounds, and so is such an offset."""
    with client(db) as c:
        create(c)
        huge = c.get("/api/games", params={"offset": "9" * 26})
        last = c.get("/api/games", params={"offset": "999999999"})
    assert huge.status_code == 400
    assert huge.json() == {"error": "offset must be a number of games to skip, 0 to 999999999"}
    assert last.status_code == 200 and last.json()["games"] == []


def test_a_free_text_option_may_hold_a_slash(db, monkeypatch):
    """Audit (stop 54): Word & Iron's `prize` is free text, but "1/2 of the realm" was
    refused when creating a game ("a client cannot name a path on the server"), where the CLI
    takes it. The path guard is for options that name a file: a file option a game forgot to
    list in `data_options` is still refused a path."""
    with client(db) as c:
        prize = c.post("/api/games", json={"game": "word-iron", "options": {
            "prize": "1/2 of the realm"}, "seats": [{"kind": "here"}, {"kind": "random"}]})
        monkeypatch.setattr(type(get_game("word-iron")), "data_options", {})
        path = c.post("/api/games", json={"game": "word-iron", "options": {
            "deck0": "/etc/passwd"}, "seats": [{"kind": "here"}, {"kind": "random"}]})
    assert prize.status_code == 200, prize.text
    assert path.json()["error"] == "option 'deck0': a client cannot name a path on the server"

