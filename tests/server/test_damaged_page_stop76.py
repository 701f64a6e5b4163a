"""Audit (stop 76): a games database with a damaged page the start did not read (the server
rebuilt every game and served) crashed the write that met it: a new game got a bare `500
Internal Server Error`, a resignation dropped the WebSocket with no error frame, a first
join dropped the page, each with a traceback ending `sqlite3.DatabaseError: database disk
image is malformed` in the log. SQLite raises that as DatabaseError, the parent of the
locked and full-disk errors the store turned into one line: every failed write is now
refused as those are, in one line, nothing changed."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from test_api import client, create, hello, receive

from warroom.server.store import SqliteStore, WriteFailed

MALFORMED = "database disk image is malformed"
RESIGN = json.dumps({"type": "resign"})


def damage(db: Path, table: str) -> None:
    """Junk over the root page of `table` or index (its rows' page while they are few)."""
    with sqlite3.connect(db) as stored:
        stored.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = stored.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                              (table,)).fetchone()[0]
        size = stored.execute("PRAGMA page_size").fetchone()[0]
    stored.close()
    with open(db, "r+b") as file:
        file.seek((page - 1) * size)
        file.write(os.urandom(size))


def made_game(db: Path) -> dict:
    with client(db) as c:
        return create(c)


def test_a_write_that_meets_a_damaged_page_is_refused_in_one_line(db):
    made = made_game(db)
    damage(db, "resignations")
    store = SqliteStore(db)
    try:
        with pytest.raises(WriteFailed, match=f"^{MALFORMED}$"):
            store.add_resignation(made["id"], 0, 0)
    finally:
        store.close()


def test_a_resignation_on_a_damaged_page_is_an_error_frame_and_changes_nothing(db):
    made = made_game(db)
    damage(db, "resignations")
    with client(db) as c, c.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, made["seats"][0]["token"])
        ws.send_text(RESIGN)
        refused = receive(ws)
        status = c.get(f"/api/games/{made['id']}").json()["status"]
    assert refused == {"type": "error", "message": f"could not store the resignation "
                       f"({MALFORMED}); nothing changed, try again"}
    assert status == "open"


def test_a_new_game_on_a_damaged_page_is_a_503_of_one_line(db):
    made_game(db)
    damage(db, "sqlite_autoindex_games_1")  # the games' index: the start reads the table
    with client(db) as c:
        answer = c.post("/api/games", json={"game": "kow", "seed": 7, "seats": [
            {"kind": "here"}, {"kind": "invite"}]})
    assert answer.status_code == 503, answer.text
    assert MALFORMED in answer.json()["error"] and "\n" not in answer.json()["error"]


def test_a_join_on_a_damaged_page_is_logged_and_the_page_served(db, caplog):
    made = made_game(db)
    damage(db, "joins")
    with client(db) as c, c.websocket_connect(f"/ws/{made['id']}") as ws:
        state = hello(ws, made["seats"][0]["token"])
    assert state["seat"] == 0 and state["legal"]
    assert [r.getMessage() for r in caplog.records if "could not store that seat" in
            r.getMessage()] == [f"game {made['id']}: could not store that seat 0 joined "
                                f"({MALFORMED})"]
