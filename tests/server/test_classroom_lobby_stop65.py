"""Audit (stop 65): one `warroom serve` hosting a classroom: the lobby's list, an AI-only
table waiting behind people's tables for a worker, and a class behind one NAT address."""

from __future__ import annotations

import asyncio
import json
from contextlib import ExitStack

from test_ai_fair_turns_stop57 import settle
from test_api import client, create, hello, receive, wait_until_finished


def test_a_game_in_play_stays_on_the_first_page_of_the_list(db):
    """Audit (stop 65): a teacher's kow game (seats here and heuristic), then quick AI-vs-AI
    games that finished in seconds: `/api/games?limit=100` listed the 100 newest, all
    finished, and the teacher's game in play was on no page the lobby showed (its row is
    the way back to a "here" seat). The games in play come first, then the others, each
    newest first; `offset` pages on through them."""
    with client(db, create_every=0) as c:
        teacher = create(c, seats=("here", "heuristic"))["id"]
        quick = [create(c, seats=("random", "random"))["id"] for _ in range(3)]
        for game_id in quick:
            wait_until_finished(c, game_id)
        invited = create(c, seats=("invite", "invite"))["id"]  # in play, newer
        first = c.get("/api/games?limit=3").json()
        rest = c.get("/api/games?limit=3&offset=3").json()
    assert [g["id"] for g in first["games"]] == [invited, teacher, quick[2]]
    assert [g["status"] for g in first["games"]] == ["open", "open", "finished"]
    assert (first["total"], first["offset"]) == (5, 0)
    assert [g["id"] for g in rest["games"]] == [quick[1], quick[0]]
    assert (rest["total"], rest["offset"]) == (5, 3)


def frames_before_pong(ws) -> list[dict]:
    """The frames a page gets before the answer to a ping it sends now (presence frames
    aside): what the server had sent it by then."""
    ws.send_text(json.dumps({"type": "ping"}))
    frames = []
    while (frame := receive(ws))["type"] != "pong":
        frames.append(frame)
    return frames


async def search(turns, game: str, done: asyncio.Event) -> None:
    """A search of `game` at the worker processes: it waits for its turn, and holds its
    worker until `done`."""
    async with turns.turn(game):
        await done.wait()


def test_a_table_whose_ai_search_waits_for_a_worker_is_told_where_it_stands(db):
    """Audit (stop 65): a watched AI-only table whose seats are mcts almost stopped while
    people played against mcts at other tables (their searches go first), and its page said
    only "Watching - waiting for seat 1 (AI: mcts, 5 s a move)". Its pages are told where
    its search stands in line for a worker (a `queued` frame), again as that changes, and
    "" once it has one; a page that comes meanwhile is told after its welcome."""
    with client(db) as c:  # one worker
        server = c.app.state.server
        people = create(c, seats=("here", "invite"))
        watched = create(c, seats=("invite", "invite"))["id"]  # nobody's seat connected
        ends = {game: asyncio.Event() for game in ("other", people["id"], watched)}

        def start(game: str) -> None:
            c.portal.start_task_soon(search, server._turns, game, ends[game])
            c.portal.call(settle)

        def end(game: str) -> None:
            c.portal.call(ends[game].set)
            c.portal.call(settle)

        with c.websocket_connect(f"/ws/{people['id']}") as person, \
                c.websocket_connect(f"/ws/{watched}") as spectator:
            hello(person, people["seats"][0]["token"])
            hello(spectator)
            start("other")  # the one worker busy
            start(people["id"])
            start(watched)
            seen = frames_before_pong(spectator), frames_before_pong(person)
            with c.websocket_connect(f"/ws/{watched}") as late:
                hello(late)  # its welcome and its state, then
                came = frames_before_pong(late)
            end("other")
            after = frames_before_pong(spectator), frames_before_pong(person)
            end(people["id"])
            last = frames_before_pong(spectator)
            end(watched)
    behind = "the AI's search is queued behind 1 table where people play"
    nearly = "the AI's search is next in line for a worker"
    assert seen == ([{"type": "queued", "message": behind}],
                    [{"type": "queued", "message": nearly}])
    assert came == [{"type": "queued", "message": behind}]
    assert after == ([{"type": "queued", "message": nearly}],
                     [{"type": "queued", "message": ""}])
    assert last == [{"type": "queued", "message": ""}]


def test_a_class_behind_one_address_opening_its_pages_at_once_gets_in(db):
    """Audit (stop 65): a class behind one NAT address opened its links at once, and 22 of
    38 first connections were closed 4429 ("too many connections from this address waiting
    to say hello (at most 16)"), to get in on a retry. 38 connections of one address
    accepted before any says hello all get their tables (the cap, MAX_GREETING, stands:
    its own tests drop the oldest past it)."""
    with client(db) as c:
        made = create(c, seats=("here", "invite"))
        with ExitStack() as pages:
            opened = [pages.enter_context(c.websocket_connect(f"/ws/{made['id']}"))
                      for _ in range(38)]
            states = [hello(ws) for ws in opened]
    assert [s["type"] for s in states] == ["state"] * 38
