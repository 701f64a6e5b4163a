"""A member of a Battle alliance resigns: the team loses only once both members have (the
rules' "Alliance"), so with its teammate in play the AI plays the seat on; with the teammate out,
or with teams playing as one, the resignation ends the game."""

from __future__ import annotations

import json
import random

from fastapi.testclient import TestClient
from test_api import client, create, hello, receive
from test_resign import RESIGN, next_state, play_until_one_is_out

from warroom.engine import Record
from warroom.engine.record import record_outcome
from warroom.games import REGISTRY, get_game
from warroom.server import create_app

ALLIANCE = {"players": 4, "teams": "alliance"}  # teams (0, 2) and (1, 3)


def opened(c, made: dict, seat: int) -> tuple[dict, dict]:
    """The welcome and the first state frame of `seat`'s page, on a connection of its own."""
    with c.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": made["seats"][seat]["token"]}))
        welcome = receive(ws)
        return welcome, receive(ws)


def alliance_with_a_player_out(c) -> tuple[dict, int]:
    """A hotseat alliance of four, played with random legal actions until the rules put exactly
    one player out and the game goes on. The game, and the seat out."""
    server = c.app.state.server
    for seed in range(7, 27):
        made = create(c, game="battle", seats=("here",) * 4, options=ALLIANCE, seed=seed)
        if play_until_one_is_out(server, made["id"], random.Random(seed)):
            [out] = server.games[made["id"]].state.players_out()
            return made, out
    raise AssertionError("no seed put exactly one player out before the end")


def test_an_alliance_member_resigning_with_its_teammate_in_play_hands_its_seat_to_the_ai(db):
    """Audit (stop 66): in a four-player Battle alliance seat 0 resigned on round 1, asked
    "The other side wins the game; seat 2, your ally, loses with you", and every page showed
    "Game over, seats 1 and 3 win": seat 2 lost with a full castle without being asked. The
    question now says the AI plays the seat on, the AI does, and seat 2 plays on, also after a
    restart."""
    with client(db, ai_delay=60) as c:
        made = create(c, game="battle", seats=("here",) * 4, options=ALLIANCE)
        welcomes = [opened(c, made, seat) for seat in range(4)]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][0]["token"])
            ws.send_text(RESIGN)
            watching = receive(ws)
            # the seat's page watches now (it was handed the end of the game)
            assert watching["type"] == "welcome" and watching["seat"] is None, watching
            told, after = receive(ws), receive(ws)
        partner = opened(c, made, 2)[1]
    assert [(w["resign_ends_game"], f["resign_ends_game"]) for w, f in welcomes] == \
        [(False, False)] * 4
    assert told["message"] == "You resigned seat 0; the heuristic AI plays it on"
    assert after["type"] == "state" and not after["terminal"] and "outcome" not in after
    assert not partner["terminal"] and partner["seat"] == 2 and partner["out"] == []
    with client(db, ai_delay=60) as c:  # restarted: the AI still plays seat 0, nobody won
        summary = c.get(f"/api/games/{made['id']}").json()
    assert summary["status"] == "running" and "outcome" not in summary
    assert summary["seats"][0]["kind"] == "ai"
    assert summary["seats"][0]["label"] == "heuristic since seat 0 resigned"
    assert [s["kind"] for s in summary["seats"][1:]] == ["person"] * 3


def test_the_member_left_in_play_resigning_ends_the_alliance_game(db):
    """Audit (stop 66): once its teammate is out, an alliance member resigning ends the game,
    the other team winning; only that seat's page says so ("resign_ends_game"): an opponent
    whose teammate is in play resigns to the AI first, at the same point of the game, and a
    restart replays the two in the order they were made (by seat, it replayed the end first and
    refused the other, "the game was over already")."""
    with client(db, ai_delay=60) as c:
        made, out = alliance_with_a_player_out(c)
        last = (out + 2) % 4  # the teammate left in play
        opponents = sorted({0, 1, 2, 3} - {out, last})
        frames = {seat: opened(c, made, seat) for seat in range(4)}
        live = c.app.state.server.games[made["id"]]
        assert live.resign(c.app.state.server.store, max(opponents)) is None  # to the AI
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][last]["token"])
            ws.send_text(RESIGN)
            ended = next_state(ws)
    expected = {"winners": opponents, "scores": [int(s in opponents) for s in range(4)],
                "reason": f"seat {last} resigned", "draw": False,
                "details": {"resigned": last}}
    assert {seat: (w["resign_ends_game"], f["resign_ends_game"])
            for seat, (w, f) in frames.items()} == \
        {seat: (seat == last, seat == last) for seat in range(4)}
    assert ended["terminal"] and ended["outcome"] == expected
    with client(db) as c:  # restarted: the same game, ended by the same resignation
        summary = c.get(f"/api/games/{made['id']}").json()
        record = Record.from_json(c.get(f"/api/games/{made['id']}/record").json())
    assert summary["status"] == "finished" and summary["outcome"] == expected
    assert record.resigned.seat == last
    assert [h["seat"] for h in record.meta["handed_to_ai"]] == [max(opponents)]
    assert record_outcome(get_game("battle"), record).to_json() == expected


def test_a_member_of_a_team_playing_as_one_resigning_ends_the_game(db):
    """Audit (stop 66): as one, a team shares its castle and its turn, so a member's
    resignation is the team's: the game ends, the other team winning, as every seat's page
    was told."""
    with client(db) as c:
        made = create(c, game="battle", seats=("here",) * 4,
                      options={"players": 4, "teams": "as-one"})
        frames = [opened(c, made, seat)[1] for seat in range(4)]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][1]["token"])
            ws.send_text(RESIGN)
            ended = next_state(ws)
    assert all(f["resign_ends_game"] for f in frames)
    assert ended["terminal"] and ended["outcome"]["winners"] == [0, 2]
    assert ended["outcome"]["details"] == {"resigned": 1}


def test_an_outdated_alliance_closed_after_a_resignation_to_the_ai_is_not_read_as_resigned(
        db, monkeypatch):
    """Audit (stop 66): the record of a game of other rules (not replayed) read a resignation
    after every action of a game of two sides as the one that ended it; an alliance member
    resigns to the AI now, and the organiser may close the game right after, so its record
    said the game was resigned, with a winner, where it was closed unfinished."""
    token = "organiser-" + "k7" * 12
    with TestClient(create_app(db, ai_processes=0, allow_seed=True, organiser_token=token,
                                ai_delay=60)) as c:
        made = create(c, game="battle", seats=("here",) * 4, options=ALLIANCE)
        server = c.app.state.server
        assert server.games[made["id"]].resign(server.store, 0) is None
        closed = c.post(f"/api/games/{made['id']}/close",
                        headers={"Authorization": f"Bearer {token}"})
        assert closed.status_code == 200, closed.text
    monkeypatch.setattr(REGISTRY["battle"], "version", "other")
    with client(db) as c:
        assert c.get(f"/api/games/{made['id']}").json()["status"] == "outdated"
        record = c.get(f"/api/games/{made['id']}/record").json()
    assert "resigned" not in record and record["meta"]["closed"] == {"at": 0, "by": "organiser"}
    assert [(h["seat"], h["why"]) for h in record["meta"]["handed_to_ai"]] == [(0, "resigned")]


def test_an_alliance_game_a_resignation_ended_before_this_reading_stays_over(db):
    """Audit (stop 66): a game stored by a server of the old reading, an alliance member's
    resignation ending it, was rebuilt by this one in play again, the AI playing the seat on,
    though the lobby had listed it finished. A finished game's last resignation, after its last
    action, still ends it."""
    from warroom.server.store import SqliteStore

    with client(db, ai_delay=60) as c:
        made = create(c, game="battle", seats=("here",) * 4, options=ALLIANCE)
    store = SqliteStore(db)  # as the old server stored a resignation that ended the game
    store.add_resignation(made["id"], 0, 0)
    store.add_end(made["id"])
    store.close()
    with client(db) as c:
        summary = c.get(f"/api/games/{made['id']}").json()
        record = Record.from_json(c.get(f"/api/games/{made['id']}/record").json())
    assert summary["status"] == "finished", summary
    assert summary["outcome"]["winners"] == [1, 3]
    assert record.resigned.seat == 0


def test_the_teams_last_person_resigning_ends_the_alliance_game(db):
    """Audit (stop 66, leak hunt): both people of an alliance resigned, seat 0 then seat 2,
    and the game went on, the opponents left to beat two AIs: the team's last person resigning
    gives the team up, and the other team wins. An opponent's page is told so only then."""
    with client(db, ai_delay=60) as c:
        made = create(c, game="battle", seats=("invite",) * 4, options=ALLIANCE)
        server = c.app.state.server
        live = server.games[made["id"]]
        assert live.resign(server.store, 0) is None  # to the AI: seat 2 plays on
        assert [live.resign_ends_game(seat) for seat in range(4)] == [False, False, True, False]
        ended = live.resign(server.store, 2)
    assert ended is not None and ended.winners == (1, 3)
    assert ended.reason == "seat 2 resigned"
    with client(db) as c:  # restarted: the same end
        summary = c.get(f"/api/games/{made['id']}").json()
    assert summary["status"] == "finished" and summary["outcome"]["winners"] == [1, 3]
