"""What the lobby says of a game survives a restart of the server: the person seats that have
joined are stored, not only held in memory."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from fastapi.testclient import TestClient

from warroom.server import create_app
from warroom.server.store import SqliteStore


def client(db: Path) -> TestClient:
    return TestClient(create_app(db, ai_processes=0, allow_seed=True))


def create(c: TestClient, seats: tuple[str, ...] = ("here", "invite")) -> dict:
    response = c.post("/api/games", json={
        "game": "kow", "seed": 7, "seats": [{"kind": k} for k in seats]})
    assert response.status_code == 200, response.text
    return response.json()


def join(c: TestClient, game_id: str, token: str) -> None:
    """A seat's page connects (welcome and state), then closes: the seat joined the game."""
    with c.websocket_connect(f"/ws/{game_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        kinds = {ws.receive_json()["type"] for _ in range(2)}
        assert kinds == {"welcome", "state"}


def status(c: TestClient, game_id: str) -> str:
    return c.get(f"/api/games/{game_id}").json()["status"]


def test_defect_a_game_every_seat_joined_is_not_listed_open_after_a_restart(db):
    """Defect: after a restart the lobby listed as "open" a game whose every person seat had
    joined when nobody had moved yet: which seats had joined was held in memory only. The
    lobby says after the restart what it said before it."""
    with client(db) as c:
        made = create(c)
        for seat in made["seats"]:
            join(c, made["id"], seat["token"])
        before = status(c, made["id"])
    with client(db) as c:  # a new app over the same file: the server restarted
        after = status(c, made["id"])
        listed = {g["id"]: g["status"] for g in c.get("/api/games").json()["games"]}
    assert before == "running"
    assert after == listed[made["id"]] == before


def test_a_game_a_seat_has_not_joined_stays_open_across_a_restart(db):
    with client(db) as c:
        made = create(c)
        join(c, made["id"], made["seats"][0]["token"])  # the invited person has not come
        before = status(c, made["id"])
    with client(db) as c:
        after = status(c, made["id"])
        join(c, made["id"], made["seats"][1]["token"])  # ... and comes after the restart
        joined = status(c, made["id"])
    with client(db) as c:
        again = status(c, made["id"])
    assert (before, after, joined, again) == ("open", "open", "running", "running")


def test_a_seat_is_stored_as_joined_once_however_often_its_page_connects(db):
    with client(db) as c:
        made = create(c)
        token = made["seats"][1]["token"]
        for _ in range(3):
            join(c, made["id"], token)
        join(c, made["id"], made["seats"][0]["token"])
    store = SqliteStore(db)
    try:
        [row] = store.games()
    finally:
        store.close()
    assert row.joined == [0, 1]


def test_a_join_the_store_cannot_take_keeps_nobody_from_the_table(db, caplog):
    """Another program holds the database's write lock when a page connects: the page gets
    its table as ever (the seat counts as joined), and the next connection stores it."""
    with client(db) as c:
        made = create(c)
        blocker = sqlite3.connect(db, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            for seat in made["seats"]:
                join(c, made["id"], seat["token"])
            held = status(c, made["id"])
        finally:
            blocker.rollback()
            blocker.close()
        join(c, made["id"], made["seats"][0]["token"])  # stored now
    with client(db) as c:
        after = status(c, made["id"])
    assert held == "running"
    assert "could not store that seat 0 joined (database is locked)" in caplog.text
    assert after == "open"  # seat 1's page has not come since the lock was gone


def test_a_damaged_join_row_is_reported_for_its_game_alone(db):
    with client(db) as c:
        damaged, kept = create(c), create(c)
    con = sqlite3.connect(db)
    with con:
        con.execute("INSERT INTO joins VALUES (?, 'x')", (damaged["id"],))
        con.execute("INSERT INTO joins VALUES (?, 7)", (kept["id"],))
    con.close()
    with client(db) as c:
        answers = [c.get(f"/api/games/{g['id']}").json()["error"] for g in (damaged, kept)]
    assert answers == [
        f"game {damaged['id']} is stored but does not rebuild: table joins: seat 'x' is not a "
        "seat number",
        f"game {kept['id']} is stored but does not rebuild: table joins: a seat of [7] is not "
        "one of the 2 seats"]
