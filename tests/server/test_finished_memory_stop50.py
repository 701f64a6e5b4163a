"""A game that finishes while the server runs is dropped from memory as one found finished at
start is, and rebuilt when asked for (audit, stop 50)."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient

from warroom.server import create_app
from warroom.server.store import WriteFailed

KEPT = 2  # finished games the server under test keeps in memory (the app's own: 16)


def client(db) -> TestClient:
    return TestClient(create_app(db, ai_processes=0, allow_seed=True))


def create(c: TestClient, seats: tuple[str, ...], seed: int) -> dict:
    answer = c.post("/api/games", json={"game": "kow", "seed": seed,
                                        "seats": [{"kind": k} for k in seats]})
    assert answer.status_code == 200, answer.text
    return answer.json()


def frames_until_over(ws) -> None:
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        frame = ws.receive_json()
        if frame["type"] == "state" and frame["terminal"]:
            return


def wait_closed(c: TestClient, game_id: str) -> None:
    """The server has seen the game's pages go (the test client closes them on its own)."""
    server = c.app.state.server
    deadline = time.monotonic() + 10
    while server.conns.get(game_id):
        assert time.monotonic() < deadline, "the page did not go"
        time.sleep(0.01)


def play(c: TestClient, seats: tuple[str, ...], seed: int) -> tuple[str, str | None]:
    """A game played to its end through its page, the page then closed: a person seat's page
    resigns; a game of AIs is watched to its end. (The game's id, its person seat's token.)"""
    made = create(c, seats, seed)
    token = made["seats"][0]["token"] if made["seats"] else None
    with c.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token} if token else
                                {"type": "hello"}))
        assert ws.receive_json()["type"] == "welcome"
        if token:
            ws.send_text(json.dumps({"type": "resign"}))
        frames_until_over(ws)
    wait_closed(c, made["id"])
    return made["id"], token


def opened(c: TestClient, game_id: str, token: str | None) -> list[dict[str, Any]]:
    """What a page opened on the game now is sent first: its welcome and state frame, but
    what a page is given anew at each opening (the seconds each seat has been away; the
    version its frames count from, begun afresh when the game is rebuilt, as at a restart)."""
    with c.websocket_connect(f"/ws/{game_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token} if token else
                                {"type": "hello"}))
        welcome, state = ws.receive_json(), ws.receive_json()
    wait_closed(c, game_id)
    assert welcome["type"] == "welcome" and state["type"] == "state", (welcome, state)
    welcome["away"] = sorted(welcome["away"])
    del state["version"]
    return [welcome, state]


def seen(c: TestClient, game_id: str, token: str | None) -> dict[str, Any]:
    """All a user sees of a finished game: its lobby entry, its record, its replay as a seat
    and as a spectator, and a page opened on it, as its seat and as a spectator."""
    record = c.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200, record.text
    return {
        "entry": c.get(f"/api/games/{game_id}").json(),
        "record": record.content,
        "replay": c.get(f"/api/games/{game_id}/replay").content,
        "replay 0": c.get(f"/api/games/{game_id}/replay?seat=0&log=changes").content,
        "page": opened(c, game_id, None),
        "seat page": opened(c, game_id, token) if token else None,
    }


def held_finished(c: TestClient) -> set[str]:
    server = c.app.state.server
    return {gid for gid, live in server.games.items() if live.over()}


def test_games_finished_while_the_server_runs_are_dropped_and_rebuilt_alike(db):
    """Audit (stop 50): a game that finished while the server ran stayed in memory, every
    state of it, until the next restart (~0.16 MB a game on a club server running for days).
    Once over, its summary stored and no page of it open, it goes as a game found finished at
    start does: listed from its summary, the last few asked for kept, and rebuilt when asked
    for. Its lobby entry, record, replay and a page opened on it are the same after."""
    with client(db) as c:
        server = c.app.state.server
        server.rebuilt_kept = KEPT
        kinds = [("here", "random"), ("random", "random")] * 3
        before: dict[str, dict[str, Any]] = {}
        tokens: dict[str, str | None] = {}
        for seed, seats in enumerate(kinds, start=11):
            game_id, token = play(c, seats, seed)
            tokens[game_id] = token
            before[game_id] = seen(c, game_id, token)  # (the newest finished: in memory)
            assert game_id in server.games
            assert len(held_finished(c)) <= KEPT, held_finished(c)
        listing = c.get("/api/games").json()
        assert listing["total"] == len(kinds)
        assert {g["id"]: g for g in listing["games"]} == {
            gid: seen_["entry"] for gid, seen_ in before.items()}
        dropped = [gid for gid in before if gid not in server.games]
        assert len(dropped) >= len(kinds) - KEPT
        for game_id, token in tokens.items():  # rebuilt, those dropped, as they are asked for
            assert seen(c, game_id, token) == before[game_id], game_id
            assert len(held_finished(c)) <= KEPT
        assert c.get("/api/games").json() == listing


def test_a_finished_game_stays_while_a_page_has_it_open(db):
    """Audit (stop 50): a finished game a page has open is not dropped, however many finish
    after it; it goes when its last page does, and a copy of it a late change holds (an AI
    move that ended after it, say) is not taken back in."""
    with client(db) as c:
        server = c.app.state.server
        server.rebuilt_kept = KEPT
        first, token = play(c, ("here", "random"), 5)
        with c.websocket_connect(f"/ws/{first}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": token}))
            assert ws.receive_json()["type"] == "welcome"
            for seed in range(6, 6 + KEPT + 1):
                play(c, ("random", "random"), seed)
            assert first in server.games  # its page is open
            old = server.games[first]
        wait_closed(c, first)
        assert first not in server.games and len(held_finished(c)) <= KEPT
        assert c.get(f"/api/games/{first}/record").status_code == 200  # rebuilt
        rebuilt = server.games[first]
        assert rebuilt is not old
        server.after_action(old)  # the old copy, changed late: nothing is taken from it
        assert server.games[first] is rebuilt
        assert list(server.rebuilt).count(first) == 1


def test_a_game_whose_summary_was_not_stored_stays_in_memory(db):
    """Audit (stop 50): a game whose summary the store could not take when it ended is not
    dropped (a start would have to rebuild it to list it): it stays in memory, as before, and
    is listed as it was."""
    with client(db) as c:
        server = c.app.state.server
        server.rebuilt_kept = KEPT
        real = server.store.add_summary

        def refused(game_id: str, summary: dict[str, Any]) -> None:
            raise WriteFailed("database is locked")

        server.store.add_summary = refused
        kept, _ = play(c, ("here", "random"), 3)
        server.store.add_summary = real
        entry = c.get(f"/api/games/{kept}").json()
        assert entry["status"] == "finished"
        for seed in range(4, 4 + KEPT + 1):
            play(c, ("random", "random"), seed)
        assert kept in server.games and kept not in server.listed
        assert c.get(f"/api/games/{kept}").json() == entry
