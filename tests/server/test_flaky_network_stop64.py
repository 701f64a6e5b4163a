"""Phone players on a bad network, at the server: an invite link whose welcome (with the seat's
own token) was lost on the way opens its seat again, with a new token (the one before dead),
until a page is known to hold it; and a move sent again after a dropped connection or a
restart, which was played, is answered as played, not refused as if another move had come
first."""

from __future__ import annotations

import json
import sqlite3
from contextlib import ExitStack

from test_api import client, create, hello, played, receive

from warroom.server import app as server_app
from warroom.server.live import token_hash

PING = json.dumps({"type": "ping"})
TAKEN = ("Seat 0 was taken by the invited player: this link opens it no more, and you are "
         "watching")
STALE = ("another move was played before yours arrived (another player's, or one from "
         "another tab): yours was not played; choose again")


def invited(pages: ExitStack, c, game_id: str, token: str) -> tuple[dict, dict, object]:
    """A page opening `token` as sent (its address holds the invite link): the welcome, the
    state and the connection (closed with `pages`)."""
    ws = pages.enter_context(c.websocket_connect(f"/ws/{game_id}"))
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    return receive(ws), receive(ws), ws


def claim_hash(db, game_id: str) -> str:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT token_hash FROM claims WHERE game_id = ?",
                           (game_id,)).fetchone()[0]
    finally:
        con.close()


def test_audit_an_invite_link_whose_welcome_was_lost_opens_its_seat_again(db):
    """Audit (stop 64): a phone opened its invite link, and its connection dropped after the
    hello, before the welcome carrying the seat's own token reached it. The page came back with
    the invite link (its address still held it) and was told "Seat 0 was taken by the invited
    player: this link opens it no more, and you are watching": nobody held the seat's token,
    and the game, against an AI, waited for it for good. The link now opens the seat again,
    with a new token, until a page is known to hold it (it says anything, here a ping); from
    then on the link watches, as before, after a restart too; the lost token opens nothing."""
    with client(db) as c:
        made = create(c, seats=("invite", "heuristic"))
        gid, invite = made["id"], made["seats"][0]["token"]
        with ExitStack() as pages:
            welcome, _, first = invited(pages, c, gid, invite)
            first.close(1006)  # dropped on the way: what the server sent never arrived
        lost = welcome["token"]
        assert claim_hash(db, gid) == token_hash(lost)  # stored before the welcome was sent
        with ExitStack() as pages:
            again, state, page = invited(pages, c, gid, invite)
            token = again["token"]
            assert (again["seat"], state["seat"]) == (0, 0) and token and token != lost
            assert state["legal"]  # the seat's to play, on this page
            page.send_text(PING)  # (the table page says so at once: it has the token)
            assert receive(page)["type"] == "pong"
            late, _, creator = invited(pages, c, gid, invite)
            assert (late["seat"], late.get("token")) == (None, None)
            assert receive(creator) == {"type": "notice", "message": TAKEN}
        assert claim_hash(db, gid) == token_hash(token)
    with client(db) as c, ExitStack() as pages:  # restarted: the link is spent still
        assert invited(pages, c, gid, invite)[0]["seat"] is None
        assert invited(pages, c, gid, token)[0]["seat"] == 0
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": lost}))
            assert receive(ws)["type"] == "error"  # the lost token opens nothing


def test_audit_a_claim_whose_welcome_was_lost_before_a_restart_opens_the_seat_after_it(db):
    """Audit (stop 64): a phone's invite page lost its welcome (its connection dropped just
    after the hello), and the server restarted before the page came back, to be told it
    watched. The claim is stored, but not that a page holds its token, so the invite link
    opens the seat after the restart too. The restart kept the token's hash alone: the
    page gets a new token, stored in the old one's place; once it holds it, the link
    watches."""
    with client(db) as c, ExitStack() as pages:
        made = create(c, seats=("invite", "heuristic"))
        gid, invite = made["id"], made["seats"][0]["token"]
        welcome, _, first = invited(pages, c, gid, invite)
        first.close(1006)  # dropped on the way, and then the server stops
        lost = welcome["token"]
    with client(db) as c, ExitStack() as pages:
        again, state, page = invited(pages, c, gid, invite)
        token = again["token"]
        assert again["seat"] == state["seat"] == 0 and token and token != lost
        assert claim_hash(db, gid) == token_hash(token)
        page.send_text(PING)
        assert receive(page)["type"] == "pong"
    with client(db) as c, ExitStack() as pages:
        assert invited(pages, c, gid, invite)[0]["seat"] is None
        assert invited(pages, c, gid, token)[0]["seat"] == 0


def test_a_page_given_the_token_holds_its_seat_while_it_may_still_answer(db, monkeypatch):
    """Audit (stop 64): the server may not see a phone's connection die (no close comes; its
    own pings find out long after), and the page came back to a seat "taken". While the page
    given the seat's token is connected and was given it only just, the invite link watches
    (whoever created the game holds that link too); a page silent CLAIM_ANSWER s after its
    welcome may never have got it, and the link opens the seat again, with a new token: the
    silent page is closed, its token dead."""
    with client(db) as c, ExitStack() as pages:
        made = create(c, seats=("invite", "heuristic"))
        gid, invite = made["id"], made["seats"][0]["token"]
        welcome, _, silent = invited(pages, c, gid, invite)  # connected, silent
        assert invited(pages, c, gid, invite)[0]["seat"] is None
        monkeypatch.setattr(server_app, "CLAIM_ANSWER", 0.0)  # long silent, as it were
        again, _, page = invited(pages, c, gid, invite)
        assert again["seat"] == 0 and again["token"] != welcome["token"]
        told = receive(silent)
        while told["type"] != "error":  # (the other pages' presence frames before it)
            told = receive(silent)
        assert "opened again by its invite link" in told["message"], told
        page.send_text(PING)
        assert receive(page)["type"] == "pong"
        assert invited(pages, c, gid, invite)[0]["seat"] is None


def test_audit_whoever_opened_the_invite_link_first_holds_no_token_of_the_seat(db):
    """Audit (stop 64, leak hunt): the game's creator, holding the invite link too, opened it
    with a script that said nothing after its welcome and dropped the connection; the invited
    player then opened the link and was given the SAME token, so the creator could open the
    seat with it later and see its hand. A reopened seat gets a new token: the first one
    opens nothing."""
    with client(db) as c:
        made = create(c, game="champions", seats=("here", "invite"))
        gid, invite = made["id"], made["seats"][1]["token"]
        with ExitStack() as first:
            welcome, _, ws = invited(first, c, gid, invite)
            kept = welcome["token"]
            ws.close(1006)  # dropped without a word, as the leak hunt's script did
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": invite}))
            welcome = receive(ws)
            receive(ws)
            ws.send_text(PING)  # the invited player's page: it holds its token
            assert welcome["seat"] == 1 and welcome["token"] != kept
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": kept}))
            refused = receive(ws)
            assert refused["type"] == "error", refused


def kow_of_two(c, pages: ExitStack) -> tuple[str, dict, object]:
    """A kow game of two invited players, both at the table (the secret dice: both to
    choose; the pages closed with `pages`): its id, and seat 0's state and page."""
    made = create(c, seats=("invite", "invite"))
    a = pages.enter_context(c.websocket_connect(f"/ws/{made['id']}"))
    b = pages.enter_context(c.websocket_connect(f"/ws/{made['id']}"))
    state = hello(a, made["seats"][0]["token"])
    assert state["legal"] and hello(b, made["seats"][1]["token"])["legal"]
    return made, state, a


def choice(state: dict, index: int) -> dict:
    return {"type": "act", "version": state["version"], "index": index,
            "action": state["legal"][index]["action"]}


def test_audit_a_move_sent_again_after_a_dropped_connection_is_answered_as_played(db):
    """Audit (stop 64): a move whose connection dropped just after it was sent had been
    played; sent again on the page's next connection (as a client retries), it was refused
    "another move was played before yours arrived ...: yours was not played; choose again",
    asking for a second move. The seat's last move sent again at the version it was played at
    is answered by the state with it played, with no error; any other stale intent is refused
    as before."""
    with client(db) as c, ExitStack() as pages:
        made, state, a = kow_of_two(c, pages)
        a.send_text(json.dumps(choice(state, 2)))
        assert receive(a)["version"] == state["version"] + 1  # played
        a.close(1006)  # dropped: the page never read that
        moves = played(c, made["id"])
        back = pages.enter_context(c.websocket_connect(f"/ws/{made['id']}"))
        now = hello(back, made["seats"][0]["token"])
        back.send_text(json.dumps(choice(state, 2)))  # the client's retry
        answer = receive(back)
        back.send_text(json.dumps(choice(state, 0)))  # another move, from that old table
        refused = receive(back)
        assert played(c, made["id"]) == moves
    assert answer["type"] == "state" and answer["version"] == now["version"]
    assert refused == {"type": "error", "message": STALE}


def test_audit_a_move_sent_again_after_a_restart_is_answered_as_played(db):
    """Audit (stop 64): a move stored just before the server was killed, sent again once it
    was back, was refused "another move was played before yours arrived ...: choose again",
    though the seat had nothing left to choose. A restart keeps no versions: an intent from
    before it that names the seat's last stored action, the seat having no decision now, is
    answered as played."""
    with client(db) as c, ExitStack() as pages:
        made, state, a = kow_of_two(c, pages)
        a.send_text(json.dumps(choice(state, 3)))
        assert receive(a)["version"] == state["version"] + 1
    with client(db) as c, ExitStack() as pages:  # killed and back
        back = pages.enter_context(c.websocket_connect(f"/ws/{made['id']}"))
        now = hello(back, made["seats"][0]["token"])
        assert not now["legal"]  # seat 0 chose: seat 1 is to choose
        back.send_text(json.dumps(choice(state, 3)))
        answer = receive(back)
        assert played(c, made["id"]) == 1
    assert answer["type"] == "state" and answer["version"] == now["version"]
