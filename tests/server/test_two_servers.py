"""Two servers over one database, both holding the same game in memory (not a supported way to
run: see the server README). A write the other server made first (the game's next action, a
seat's resignation, a seat's hand-over to the AI) is a Conflict: the page that asked gets one
error frame saying so and the close code 4409, as a seat claimed on another server; nothing
changes, in memory or on disk; the server logs one line, with no traceback, and changes that
game no more until it restarts. An AI seat's move that meets one stops playing the game there
without a traceback."""

from __future__ import annotations

import json
import sqlite3

import pytest
from starlette.websockets import WebSocketDisconnect
from test_api import client, create, hello, receive
from test_resign import next_state, wait_for
from test_seats_away import frames_until

from warroom.engine import to_json
from warroom.server.store import Conflict, SqliteStore

ELSEWHERE = ("was not stored: this game was changed by another server over the same database, "
             "and nothing changed here; reload the page")


def stored(db, table: str, game_id: str) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        if table == "actions":
            return con.execute("SELECT idx, player, action FROM actions WHERE game_id = ? "
                               "ORDER BY idx", (game_id,)).fetchall()
        return con.execute(f"SELECT seat, idx FROM {table} WHERE game_id = ? ORDER BY seat",
                           (game_id,)).fetchall()
    finally:
        con.close()


def held(live) -> tuple:
    """All a server holds of a game that an action, a resignation or a hand-over changes."""
    return (live.version, list(live.actions), live.state.to_move(), live.outcome(),
            [vars(s).copy() for s in live.seats], list(live.handed), live.resigned,
            live.view_version(0), live.view_version(1))


def refused(ws, intent: dict) -> tuple[dict, int]:
    """The frame an intent is answered with, and the code the connection is closed with."""
    ws.send_text(json.dumps(intent))
    error = receive(ws)
    with pytest.raises(WebSocketDisconnect) as closed:
        receive(ws)
    return error, closed.value.code


def quiet(caplog) -> None:
    assert "Traceback" not in caplog.text and "IntegrityError" not in caplog.text


def warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if "another server" in r.getMessage()]


def test_defect_an_action_the_other_server_stored_first_is_one_error_frame_that_changes_nothing(
        db, caplog):
    """kow, seat 0 on a hotseat link: both servers hold the game before any move; seat 0
    moves on the first. Defect: the same move on the second (whose memory still waits for
    it) had the store's IntegrityError escape: the connection dropped with a traceback. It is
    now one error frame and the close code 4409; the second server's game is as it was, the
    first's action alone is stored, and one line is logged. A later intent on that game
    there is refused alike, without a write (a resignation there would not collide in the
    store, yet would fork the game)."""
    with client(db) as first:
        made = create(first)
        gid, token = made["id"], made["seats"][0]["token"]
        with client(db) as second:
            with first.websocket_connect(f"/ws/{gid}") as ws:
                hello(ws, token)
                ws.send_text(json.dumps({"type": "act", "version": 0, "index": 0}))
                assert next_state(ws)["observation"]["to_move"] == [1]
            on_disk = stored(db, "actions", gid)
            live = second.app.state.server.games[gid]
            before = held(live)
            with second.websocket_connect(f"/ws/{gid}") as ws:
                hello(ws, token)
                error, code = refused(ws, {"type": "act", "version": 0, "index": 0})
            after = held(live)
            with second.websocket_connect(f"/ws/{gid}") as ws:
                hello(ws, token)
                later, later_code = refused(ws, {"type": "resign"})
            later_held = held(live)
            conns = second.app.state.server.conns.get(gid, set())
    assert len(on_disk) == 1
    assert error == {"type": "error", "message": f"your action {ELSEWHERE}"}
    assert code == later_code == 4409
    assert before == after == later_held and not conns
    assert later == {"type": "error", "message": f"your resignation {ELSEWHERE}"}
    assert stored(db, "actions", gid) == on_disk and stored(db, "resignations", gid) == []
    quiet(caplog)
    assert warnings(caplog) == [
        f"game {gid}: seat 0's action was refused: action 0 was stored already, by another "
        "server over this database; this server changes the game no more until it restarts"]


def test_defect_a_resignation_the_other_server_stored_first_changes_nothing(db, caplog):
    """kow: seat 0 resigns on the first server, which ends the game. Defect: the same
    resignation on the second server had the store's IntegrityError escape (the connection
    dropped, with a traceback). It is now one error frame and 4409; the second server's game
    is still in play as it was, and the first's resignation alone is stored."""
    with client(db) as first:
        made = create(first)
        gid, token = made["id"], made["seats"][0]["token"]
        with client(db) as second:
            with first.websocket_connect(f"/ws/{gid}") as ws:
                hello(ws, token)
                ws.send_text(json.dumps({"type": "resign"}))
                assert next_state(ws)["terminal"]
            live = second.app.state.server.games[gid]
            before = held(live)
            with second.websocket_connect(f"/ws/{gid}") as ws:
                hello(ws, token)
                error, code = refused(ws, {"type": "resign"})
            after = held(live)
            status = second.get(f"/api/games/{gid}").json()["status"]
    assert error == {"type": "error", "message": f"your resignation {ELSEWHERE}"}
    assert code == 4409
    assert before == after and status == "open" and not live.over()
    assert stored(db, "resignations", gid) == [(0, 0)]
    quiet(caplog)
    assert warnings(caplog) == [
        f"game {gid}: seat 0's resignation was refused: seat 0's resignation was stored "
        "already, by another server over this database; this server changes the game no more "
        "until it restarts"]


def test_defect_a_hand_over_the_other_server_stored_first_changes_nothing(db, caplog):
    """kow between two hotseat links, seat 0 (to move) never opened: seat 1 lets the AI play
    it on the first server. Defect: the same hand-over on the second had the store's
    IntegrityError escape. It is now one error frame and 4409; the second server still has a
    person in seat 0, and the first's hand-over alone is stored."""
    with client(db, hand_after=0, ai_delay=60) as first:  # the AI waits: nothing moves
        made = create(first, seats=("here", "here"))
        gid, token = made["id"], made["seats"][1]["token"]
        hand = {"type": "hand", "seat": 0}
        with client(db, hand_after=0, ai_delay=60) as second:
            with first.websocket_connect(f"/ws/{gid}") as ws:
                hello(ws, token)
                ws.send_text(json.dumps(hand))
                assert frames_until(ws, "state")[-1]["seat"] == 1
            live = second.app.state.server.games[gid]
            before = held(live)
            with second.websocket_connect(f"/ws/{gid}") as ws:
                hello(ws, token)
                error, code = refused(ws, hand)
            after = held(live)
    assert error == {"type": "error", "message": f"the hand-over {ELSEWHERE}"}
    assert code == 4409
    assert before == after and live.seats[0].kind == "person"
    assert stored(db, "handovers", gid) == [(0, 0)]
    quiet(caplog)
    assert warnings(caplog) == [
        f"game {gid}: seat 1's hand-over of seat 0 to the AI was refused: seat 0's hand-over "
        "to the AI was stored already, by another server over this database; this server "
        "changes the game no more until it restarts"]


def test_defect_an_ai_move_the_other_server_stored_first_stops_that_game_here(db, caplog):
    """kow, seat 0 the heuristic AI: the game's first action is stored by another writer
    over the database (another server's AI) while this server's AI seat waits to move.
    Defect: its move's IntegrityError was logged with a traceback as a failed AI seat. It is
    now one warning line; this server's game is as it was, it stores nothing, and its AI seat
    plays that game no more (until a restart rebuilds it from the store)."""
    with client(db, ai_delay=60) as first:  # makes the game; its own AI waits
        made = create(first, seats=("heuristic", "here"))
        gid = made["id"]
    with client(db, ai_delay=0.5) as second:
        server = second.app.state.server
        live = server.games[gid]
        before = held(live)
        other = SqliteStore(db)  # the other server, storing its AI's move first
        try:
            other.add_action(gid, 0, 0, to_json(live.state.legal_actions(0)[0]))
        finally:
            other.close()
        on_disk = stored(db, "actions", gid)
        wait_for(lambda: warnings(caplog) or "failed" in caplog.text,
                 "the AI seat did not try to move", seconds=30)
        wait_for(lambda: not server._thinking, "the AI seat kept thinking", seconds=30)
        after = held(live)
        tasks = set(server._tasks)
    assert before == after and not tasks
    assert stored(db, "actions", gid) == on_disk and len(on_disk) == 1
    quiet(caplog)
    assert warnings(caplog) == [
        f"game {gid}: AI seat 0's move was refused: action 0 was stored already, by another "
        "server over this database; this server changes the game no more until it restarts"]
    with client(db, ai_delay=0) as c:  # restarted: the game goes on from the stored move
        wait_for(lambda: c.app.state.server.games[gid].version >= 1, "the game did not load")


def test_a_write_the_store_holds_already_is_a_conflict_saying_which(db):
    """The store's own word for a write another writer over the database made first: a
    Conflict naming it (no IntegrityError), with nothing stored and no transaction left open
    (a later write would join it), and the store's next write taken as before."""
    with client(db) as c:
        gid = create(c)["id"]
    store = SqliteStore(db)
    try:
        store.add_action(gid, 0, 0, {"type": "x"})
        store.add_resignation(gid, 1, 1)
        store.add_handover(gid, 0, 1)
        said = []
        for write in (lambda: store.add_action(gid, 0, 1, {"type": "y"}),
                      lambda: store.add_resignation(gid, 1, 2),
                      lambda: store.add_handover(gid, 0, 2)):
            with pytest.raises(Conflict) as refused:
                write()
            said.append(str(refused.value))
            assert not store.db.in_transaction
        store.add_action(gid, 1, 1, {"type": "z"})
    finally:
        store.close()
    assert said == ["action 0 was stored already", "seat 1's resignation was stored already",
                    "seat 0's hand-over to the AI was stored already"]
    assert [row[:2] for row in stored(db, "actions", gid)] == [(0, 0), (1, 1)]
    assert stored(db, "resignations", gid) == [(1, 1)]
    assert stored(db, "handovers", gid) == [(0, 1)]
