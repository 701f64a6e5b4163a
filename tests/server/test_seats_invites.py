"""An invite link is claimed by the first page that opens it: that page is given the seat's
own token, and the link (which whoever created the game holds too) opens the seat no more:
it watches, told why. The claim is stored, so a restart keeps it; the new token reaches no
other page, the lobby, the record or the log."""

from __future__ import annotations

import json
import logging
import sqlite3
from contextlib import ExitStack

import pytest
from test_api import client, create, receive, refused_page

from warroom.server.live import token_hash
from warroom.server.store import SqliteStore, WriteFailed


def opened(pages: ExitStack, c, game_id: str, token: str | None) -> tuple[dict, dict, object]:
    """Open the game with `token` as sent (no device remembering a claim), the connection
    closed with `pages`: the welcome, the state and the connection."""
    ws = pages.enter_context(c.websocket_connect(f"/ws/{game_id}"))
    ws.send_text(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    welcome, state = receive(ws), receive(ws)
    assert (welcome["type"], state["type"]) == ("welcome", "state"), (welcome, state)
    return welcome, state, ws


def test_an_invite_link_is_claimed_by_the_first_page_and_then_only_watches(db, caplog):
    """Audit (stop 40): whoever created a game kept every friend's invite link and could open
    it to read the friend's hand or act for them, unnoticed. The first page to open an invite
    link now gets the seat's own token; the link afterwards watches, told in one line that
    the invited player took the seat."""
    caplog.set_level(logging.DEBUG)
    with client(db) as c, ExitStack() as pages:
        made = create(c)  # seat 0 here, seat 1 by invite
        here, invite = (s["token"] for s in made["seats"])
        gid = made["id"]
        w0, _, host = opened(pages, c, gid, here)
        assert "token" not in w0  # a seat made for this device
        w1, s1, _ = opened(pages, c, gid, invite)
        own = w1.get("token")
        assert w1["seat"] == 1 and s1["seat"] == 1 and own and own != invite
        # the host's page hears that seat 1 came, and nothing more
        heard = host.receive_text()
        assert json.loads(heard) == {"type": "presence", "connected": [0, 1]}
        # the creator opens the invite link again: a spectator, told why
        again, as_seen, creator = opened(pages, c, gid, invite)
        told = receive(creator)
        assert again["seat"] is None and "token" not in again and as_seen["seat"] is None
        assert told == {"type": "notice", "message": "Seat 1 was taken by the invited player: "
                        "this link opens it no more, and you are watching"}
        creator.send_text(json.dumps({"type": "act", "version": 0, "index": 0}))
        assert receive(creator)["message"].startswith("spectators cannot act")
        # the friend's own token opens the seat, as a reload or a bookmark does
        back, state, _ = opened(pages, c, gid, own)
        assert back["seat"] == 1 and "token" not in back and state["seat"] == 1
        listing = c.get("/api/games").text + c.get(f"/api/games/{gid}").text
    assert own not in listing and token_hash(own) not in listing
    assert own not in heard and own not in caplog.text
    with client(db) as c, ExitStack() as pages:  # restarted: the claim holds
        again, _, _ = opened(pages, c, gid, invite)
        assert again["seat"] is None
        back, _, _ = opened(pages, c, gid, own)
        assert back["seat"] == 1 and back["joined"] == [0, 1]
        assert c.get(f"/api/games/{gid}").json()["status"] == "running"


def test_seats_made_for_this_device_are_not_claimed(db):
    """Guard for the fix of audit (stop 40) "the creator keeps every invite link": claiming
    is for invite links only; a hotseat link keeps opening its seats by the same tokens."""
    with client(db) as c:
        made = create(c, seats=("here", "here"))
        for _ in range(2):
            for seat in made["seats"]:
                with ExitStack() as pages:
                    welcome, _, _ = opened(pages, c, made["id"], seat["token"])
                    assert welcome["seat"] == seat["seat"] and "token" not in welcome


def test_a_page_over_a_cap_claims_nothing(db):
    """Review (stop 41): an invite page refused by a cap (4429) had claimed the seat first,
    with a token no page ever got: the invited person's link then only watched."""
    with client(db) as c:
        made = create(c)
        invite = made["seats"][1]["token"]
        c.app.state.server.max_seat_pages = 0
        assert refused_page(c, made["id"], invite)[1] == 4429
        c.app.state.server.max_seat_pages = 8
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": invite}))
            welcome = receive(ws)
    assert welcome["seat"] == 1 and welcome.get("token")  # the link still claims its seat


def test_a_claim_whose_commit_fails_leaves_no_transaction_open(tmp_path):
    """Review (stop 41): a COMMIT that failed (a full disk) left the store's connection in its
    transaction: every later claim failed, and every later write (moves, joins) joined the
    transaction and was never committed."""
    store = SqliteStore(tmp_path / "games.sqlite")
    real = store.db

    class FailingCommit:
        def __init__(self) -> None:
            self.fail = True

        def execute(self, sql: str, *args):
            if sql == "COMMIT" and self.fail:
                self.fail = False
                raise sqlite3.OperationalError("database or disk is full")
            return real.execute(sql, *args)

        def __getattr__(self, name: str):
            return getattr(real, name)

    store.db = FailingCommit()
    with pytest.raises(WriteFailed):
        store.add_claim("g1", 1, "hash")
    assert not real.in_transaction
    store.add_claim("g1", 2, "hash2")  # the next claim is stored
    store.db = real
    store.add_join("g1", 0)
    other = sqlite3.connect(tmp_path / "games.sqlite")
    assert other.execute("SELECT count(*) FROM claims").fetchone()[0] == 1
    assert other.execute("SELECT count(*) FROM joins").fetchone()[0] == 2
