"""A table the server closed as idle (`serve --close-idle`, 30 days by default) says so: it
was said to be closed by the organiser on every page, in the lobby, in the replay and in its
record."""

from __future__ import annotations

import sqlite3
import time

import pytest
from playwright.sync_api import expect
from test_api import client, create

from conftest import LiveServer
from warroom.server.store import SqliteStore

DAY = 86400.0
IDLE = "after 30 days with no move and no page open"


def left_for_weeks(db) -> tuple[str, str, str]:
    """Two games made on a server of `db`, the first (its seat 0's token too) left 31 days
    and closed as idle at the next start, the second closed by the organiser's close, as
    the table stores it: their ids."""
    with client(db) as c:
        made, other = create(c), create(c)
    store = SqliteStore(db)
    store.add_activity({made["id"]: time.time() - 31 * DAY})
    store.add_close(other["id"])
    store.close()
    return made["id"], made["seats"][0]["token"], other["id"]


def test_a_table_closed_as_idle_says_so_on_its_page_the_lobby_and_the_replay(db, browser):
    """Audit (stop 69): a table `--close-idle` closed after 30 days untouched was said to be
    closed by the organiser, who did nothing: "The organiser closed this table" at its seat's
    link, "Closed by the organiser, unfinished" in the lobby and the replay. Each now says
    the server closed it, after how long; the organiser's close is said as before. So after
    a restart, when the closed game is listed from its stored summary."""
    idle, token, organisers = left_for_weeks(db)
    for start in ("the close", "a restart"):
        with LiveServer(db, ai_processes=0) as server:
            page = browser.new_page()
            page.goto(f"{server.url}/game/{idle}#t={token}")
            expect(page.locator("#refused h3")).to_have_text(f"This table was closed {IDLE}")
            expect(page.locator("#status")).to_have_text("Table closed")
            page.goto(server.url + "/")
            for gid, words in ((idle, f"Closed {IDLE}, unfinished"),
                               (organisers, "Closed by the organiser, unfinished")):
                expect(page.locator(f"tr[data-game='{gid}'] td").nth(1)).to_have_text(
                    "closed" + words), start
            page.goto(f"{server.url}/replay/{idle}")
            expect(page.locator("#result .headline")).to_have_text(
                f"Closed {IDLE}, unfinished: nobody won")
            page.close()


def test_a_record_and_a_refusal_say_who_closed_the_table(db):
    """The record of a table closed as idle says so (`meta.closed`: `by` "idle" and its
    `idle_days`), as does the refusal of a page opened at it (its frame's `by`, and its line);
    the organiser's close keeps `by` "organiser"."""
    idle, _, organisers = left_for_weeks(db)
    with client(db) as c:
        assert c.get(f"/api/games/{idle}/record").json()["meta"]["closed"] == {
            "at": 0, "by": "idle", "idle_days": 30}
        assert c.get(f"/api/games/{organisers}/record").json()["meta"]["closed"] == {
            "at": 0, "by": "organiser"}
        with c.websocket_connect(f"/ws/{idle}") as ws:
            ws.send_json({"type": "hello"})
            frame = ws.receive_json()
    assert frame["type"] == "error" and frame["closed"] is True and frame["by"] == "idle"
    assert frame["message"].startswith(f"This table was closed {IDLE}: nothing more is played")


def test_a_file_of_schema_3_without_the_idle_column_gets_it_and_a_bad_value_is_damage(db):
    """A games database a warroom of schema version 3 made before (no `games.closed_idle`)
    opens as it is, its closes the organiser's, and gains the column; a value that is not
    seconds is said as the store's other damage is, naming the table and the field."""
    idle, _, organisers = left_for_weeks(db)
    con = sqlite3.connect(db)
    con.execute("ALTER TABLE games DROP COLUMN closed_idle")
    con.commit()
    con.close()
    store = SqliteStore(db)
    try:
        assert {row.id: row.closed_idle for row in store.games()} == {
            idle: None, organisers: None}
        store.add_close(idle, 2 * DAY)
        store.db.execute("UPDATE games SET closed_idle = 'soon' WHERE id = ?", (organisers,))
        read = {row.id: row for row in store.games()}
    finally:
        store.close()
    assert read[idle].closed_idle == 2 * DAY
    assert read[organisers].damage == ("table games: closed_idle is 'soon', not NULL or "
                                       "seconds (and seconds only in a game closed)")


@pytest.mark.parametrize("idle", [0, -5.0])
def test_a_close_stores_no_idle_time_that_is_not_one(db, idle):
    """Only a positive number of seconds reads as an idle close."""
    _, _, organisers = left_for_weeks(db)
    con = sqlite3.connect(db)
    con.execute("UPDATE games SET closed_idle = ? WHERE id = ?", (idle, organisers))
    con.commit()
    con.close()
    store = SqliteStore(db)
    try:
        assert "closed_idle is" in next(r for r in store.games() if r.id == organisers).damage
    finally:
        store.close()


def test_warroom_replay_of_a_record_closed_as_idle_says_the_server_closed_it(db, tmp_path,
                                                                           capsys):
    """`warroom replay` of the record of a table `--close-idle` closed says the server closed
    it, after how long, where it said "the organiser closed the table"."""
    from warroom.cli import main

    idle, _, organisers = left_for_weeks(db)
    with client(db) as c:
        for gid in (idle, organisers):
            (tmp_path / f"{gid}.json").write_text(c.get(f"/api/games/{gid}/record").text)
    assert main(["replay", str(tmp_path / f"{idle}.json")]) == 0
    assert ("played: the server closed the table after 30 days with no move; nobody won"
            in capsys.readouterr().out)
    assert main(["replay", str(tmp_path / f"{organisers}.json")]) == 0
    assert "played: the organiser closed the table; nobody won" in capsys.readouterr().out
