"""A stored claim or hand-over damaged by hand or by the disk: the server starts, reports its
game in one line as one that does not rebuild (as for any other damaged row), serves every
other game, and changes nothing in the store, so that the game comes back whole once the row
is mended. A row naming a game the store does not hold is skipped, saying so."""

from __future__ import annotations

import json
import logging
import sqlite3
from contextlib import ExitStack
from pathlib import Path

import pytest
from test_api import client, create, hello, receive, refused_page

TABLES = ("games", "actions", "resignations", "joins", "claims", "handovers")


def played(db: Path) -> tuple[dict, dict, str]:
    """Two kow games (seat 0 here, seat 1 by invite): in the first seat 0 has moved and seat
    1's invited player has claimed the seat. Both games, and seat 1's own token."""
    with client(db) as c, ExitStack() as pages:
        made, other = create(c), create(c)
        gid = made["id"]
        ws = pages.enter_context(c.websocket_connect(f"/ws/{gid}"))
        hello(ws, made["seats"][0]["token"])
        ws.send_text(json.dumps({"type": "act", "version": 0, "index": 0}))
        assert receive(ws)["version"] == 1
        invited = pages.enter_context(c.websocket_connect(f"/ws/{gid}"))
        invited.send_text(json.dumps({"type": "hello", "token": made["seats"][1]["token"]}))
        own = receive(invited)["token"]
    return made, other, own


def dump(db: Path) -> list[str]:
    con = sqlite3.connect(db)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def damaged(db: Path, statements: str) -> list[str]:
    """The store with `statements` run on it (a copy kept as `.before`), as dumped."""
    backup = sqlite3.connect(db.with_suffix(".before"))
    con = sqlite3.connect(db)
    try:
        con.backup(backup)
        with con:
            con.executescript(statements)
    finally:
        con.close()
        backup.close()
    return dump(db)


def mend(db: Path) -> None:
    """Every table as it was before the damage."""
    con = sqlite3.connect(db, isolation_level=None)
    try:
        con.execute("ATTACH DATABASE ? AS before", (str(db.with_suffix(".before")),))
        con.execute("BEGIN")
        for table in reversed(TABLES):
            con.execute(f"DELETE FROM main.{table}")
        for table in TABLES:
            con.execute(f"INSERT INTO main.{table} SELECT * FROM before.{table}")
        con.execute("COMMIT")
    finally:
        con.close()


def seat_one_opens(c, made: dict, own: str) -> dict:
    with c.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": own}))
        return receive(ws)


DAMAGE = [
    # what was already reported, and stays so
    ("UPDATE claims SET seat = 'x'",
     "table claims: seat 'x' is not a seat number with a token hash (64 hex digits)"),
    ("UPDATE claims SET seat = 5", "table claims: seat 5 is not an invite seat of the 2"),
    ("INSERT INTO handovers VALUES (:id, 'x', 1)",
     "table handovers: seat 'x' after 1 actions is not two whole numbers"),
    ("INSERT INTO handovers VALUES (:id, 1, 1.5)",
     "table handovers: seat 1 after 1.5 actions is not two whole numbers"),
    ("INSERT INTO handovers VALUES (:id, 7, 1)",
     "table handovers: seat 7 after 1 actions, of 2 seats and 1 actions"),
    ("INSERT INTO handovers VALUES (:id, 1, 5)",
     "table handovers: seat 1 after 5 actions, of 2 seats and 1 actions"),
    # Defect: a token hash with a character beyond ASCII made every page whose token was not
    # an earlier seat's (seat 1's own, a spectator's wrong link) end in a TypeError of
    # secrets.compare_digest, a traceback and a dropped connection, at every hello.
    ("UPDATE claims SET token_hash = 'é'",
     "table claims: seat 1 is not a seat number with a token hash (64 hex digits)"),
    # Defect: an empty (or any other) token hash was taken: seat 1 then opened to no link,
    # its invite link watching as if the invited player had taken it, silently.
    ("UPDATE claims SET token_hash = ''",
     "table claims: seat 1 is not a seat number with a token hash (64 hex digits)"),
    # Defect: the same in a seat's own token hash (the games row's seats) broke every hello
    # of a page whose token was not an earlier seat's.
    ("UPDATE games SET seats = json_set(seats, '$[0].token_hash', 'é') WHERE id = :id",
     "table games: seats[0] is not a seat (kind person or ai, with text spec, token_hash of 64 "
     "hex digits or none, label)"),
    # Defect: a claim of the seat made for this device was taken: its link then watched,
    # told that "the invited player" had taken it.
    ("UPDATE claims SET seat = 0", "table claims: seat 0 is not an invite seat of the 2"),
    # Defect: a change after a resignation had ended the game was replayed (a hand-over of
    # the other seat named a new player for it). After as many actions a hand-over now comes
    # first, as it can at the table; a second resignation still comes too late.
    ("INSERT INTO resignations VALUES (:id, 1, 1); INSERT INTO resignations VALUES (:id, 0, 1)",
     # (after as many actions resignations replay in the order they were made: stop 66)
     "table resignations: seat 0 after 1 actions, when the game was over already"),
    # Defect: a resignation of a seat handed to the AI before, which the AI played then, was
    # replayed as the person's: it ended the game.
    ("INSERT INTO handovers VALUES (:id, 1, 0); INSERT INTO resignations VALUES (:id, 1, 1)",
     "table resignations: seat 1 after 1 actions, when the AI played it already"),
]


@pytest.mark.parametrize(("statements", "problem"), DAMAGE)
def test_a_damaged_claim_or_hand_over_is_one_line_for_its_game_and_loses_nothing(
        db, statements, problem, caplog):
    """A damaged row of `claims` or `handovers` leaves its game out with one line, logged and
    answered, as any damaged row does; the server serves the other game; the store is left
    as it was, and once the row is mended the game rebuilds as before: nothing was lost."""
    made, other, own = played(db)
    gid = made["id"]
    stored = damaged(db, statements.replace(":id", f"'{gid}'"))
    with client(db) as c:
        answer = c.get(f"/api/games/{gid}")
        page = refused_page(c, gid, own)  # a page is told so too, and closed (4404)
        assert c.get(f"/api/games/{other['id']}").status_code == 200
        create(c)
    line = f"game {gid} does not rebuild: {problem}"
    assert answer.status_code == 404
    assert answer.json()["error"] == f"game {gid} is stored but does not rebuild: {problem}"
    assert page == (answer.json()["error"], 4404)
    assert line in caplog.text
    # nothing of the game was changed or deleted (the other games may have moved on)
    assert [row for row in dump(db) if gid in row] == [row for row in stored if gid in row]
    mend(db)
    with client(db) as c:
        summary = c.get(f"/api/games/{gid}").json()
        opened = seat_one_opens(c, made, own)
    assert summary["status"] == "running" and "version" not in summary
    assert opened["seat"] == 1 and "token" not in opened  # the claim holds


@pytest.mark.parametrize("table", ["claims", "handovers"])
def test_a_row_naming_a_game_the_store_does_not_hold_is_skipped_saying_so(db, table, caplog):
    """Defect: a `claims` or `handovers` row whose game is not stored (its games row deleted
    by hand) was dropped without a word. It is skipped, and the log says so in one line; every
    stored game is served as before."""
    made, other, own = played(db)
    value = "'" + "0" * 64 + "'" if table == "claims" else "0"
    columns = "(game_id, seat, token_hash)" if table == "claims" else ""
    stored = damaged(db, f"INSERT INTO {table} {columns} VALUES ('gone', 1, {value})")
    caplog.set_level(logging.WARNING)
    with client(db) as c:
        listed = {g["id"]: g["status"] for g in c.get("/api/games").json()["games"]}
        opened = seat_one_opens(c, made, own)
    assert listed == {made["id"]: "running", other["id"]: "open"}
    assert opened["seat"] == 1
    assert (f"table {table}: 1 row of game 'gone', which is not stored: skipped"
            in caplog.text)
    assert dump(db) == stored


def test_a_hand_over_of_an_ai_seat_is_one_line_for_its_game(db, caplog):
    """Defect: a `handovers` row for a seat an AI was made for (the random AI here) was
    replayed: the lobby then named the heuristic AI "since seat 1 was away" in its seat."""
    with client(db, ai_delay=60) as c:
        made = create(c, seats=("here", "random"))
    gid = made["id"]
    stored = damaged(db, f"INSERT INTO handovers VALUES ('{gid}', 1, 0)")
    with client(db, ai_delay=60) as c:
        answer = c.get(f"/api/games/{gid}")
    problem = "table handovers: seat 1 is an AI's (random), not a person's"
    assert (answer.status_code, answer.json()["error"]) == (
        404, f"game {gid} is stored but does not rebuild: {problem}")
    assert f"game {gid} does not rebuild: {problem}" in caplog.text
    assert dump(db) == stored
