"""Audit (stop 58): on a full disk, the operator's log showed nothing of a person's move or new
game the store refused (the person got an error frame, a 503), while each AI seat logged
"could not store its move ...; trying again in 2 s" every 2 s for as long as the disk stayed
full. A person's refused write is one line; an AI seat's retries are one line per outage,
and one more when its move is stored."""

from __future__ import annotations

import json
import logging
import threading
import time

from test_api import client, create, hello, played, receive

from warroom.server import app as server_app
from warroom.server.store import SqliteStore, WriteFailed

FULL = "database or disk is full"


class FullDisk(SqliteStore):
    """A store on a disk that is full for actions (and for new games, with `games`) while
    `full` is set."""

    def __init__(self, path, games: bool = True):
        super().__init__(path)
        self.full = threading.Event()
        self.full_for_games = games
        self.refused = 0

    def add_action(self, *args, **kwargs) -> None:
        if self.full.is_set():
            self.refused += 1
            raise WriteFailed(FULL)
        super().add_action(*args, **kwargs)

    def add_game(self, row) -> None:
        if self.full.is_set() and self.full_for_games:
            raise WriteFailed(FULL)
        super().add_game(row)


def said(caplog, words: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if words in r.getMessage()]


def test_a_person_s_refused_move_and_new_game_are_each_one_log_line(db, caplog):
    """Audit (stop 58): the person was told; the log said nothing."""
    store = FullDisk(db)
    with client(db, store=store) as c:
        made = create(c)
        store.full.set()
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][0]["token"])
            ws.send_text(json.dumps({"type": "act", "version": 0, "index": 0}))
            assert receive(ws)["type"] == "error"
        lobby = c.post("/api/games", json={"game": "kow", "seed": 7, "seats": [
            {"kind": "here"}, {"kind": "invite"}]})
    assert lobby.status_code == 503
    assert said(caplog, "was not stored") == [
        f"game {made['id']}: seat 0's action was not stored ({FULL}); refused, nothing changed",
        f"a new kow game was not stored ({FULL}); refused, nothing changed"]


def test_an_ai_seat_says_once_that_it_cannot_store_its_move_and_once_that_it_did(
        db, caplog, monkeypatch):
    """Audit (stop 58): one line per try filled the log for as long as the disk was full."""
    monkeypatch.setattr(server_app, "AI_RETRY", (0.01, 0.02))
    caplog.set_level(logging.INFO, "warroom.server")
    store = FullDisk(db, games=False)
    store.full.set()
    with client(db, store=store) as c:
        made = create(c, seats=("here", "random"))  # the AI chooses its dice at once
        deadline = time.monotonic() + 20
        while store.refused < 5:
            assert time.monotonic() < deadline, "the AI seat did not try again"
            time.sleep(0.02)
        store.full.clear()
        while played(c, made["id"]) < 1:
            assert time.monotonic() < deadline, "the AI seat stopped after a failed write"
            time.sleep(0.02)
        tries = store.refused + 1
    assert said(caplog, "could not store its move") == [
        f"AI seat 1 of game {made['id']} could not store its move ({FULL}); trying again until "
        "it is stored (every 0.02 s at most)"]
    assert said(caplog, "stored its move after") == [
        f"AI seat 1 of game {made['id']} stored its move after {tries} tries"]
