"""Defects an audit of the multiplayer table found, each test naming its own: a Viktory II
page lost its log on reconnecting, and a resignation to the AI went unexplained to the
resigner, to the seat's links and to the invite link."""

from __future__ import annotations

import json
from typing import Any

from test_api import CLAIMED, client, create, hello, receive

from warroom.games import get_game

RESIGN = json.dumps({"type": "resign"})
PING = json.dumps({"type": "ping"})


def _page_log(log: list[str], frame: dict) -> list[str]:
    """The log as a page holds it after `frame` (game.js: its first `log_from` lines, then
    the frame's)."""
    return log[:frame["log_from"]] + frame["log"]


def _viktory_ii_for_two(c) -> tuple[str, list[str], Any]:
    """A small Viktory II game of two invited people: its id, their tokens, the live game."""
    made = create(c, game="viktory-ii", seats=("invite", "invite"),
                  options={"radius": 3, "turn_limit": 8})
    gid = made["id"]
    return gid, [s["token"] for s in made["seats"]], c.app.state.server.games[gid]


def test_a_viktory_ii_page_reconnecting_or_restarted_gets_the_whole_log_it_had(db):
    """Audit defect 3: Viktory II's observation holds the log since the viewer's previous
    turn, and a new connection was sent that part alone: a page that reconnected (a dropped
    connection, a server restart) went from 197 lines to 25 (a spectator's to 15), saying
    "Earlier lines are not shown: this page opened in the middle of the game" though it was
    open from the start. A page that opens or reconnects now gets the viewer's whole log,
    exactly the lines a page there from the start built from its own frames (so nothing
    another seat alone saw), and the frame says it begins at the start (`log_start` 0)."""
    game = get_game("viktory-ii")
    with client(db) as c:
        gid, tokens, live = _viktory_ii_for_two(c)
        with c.websocket_connect(f"/ws/{gid}") as a, c.websocket_connect(f"/ws/{gid}") as b, \
                c.websocket_connect(f"/ws/{gid}") as watching:
            latest = [hello(a, tokens[0]), hello(b, tokens[1]), hello(watching)]
            pages = [_page_log([], f) for f in latest]
            for _ in range(400):  # until both logs shown from the start are cut short
                if all(live.state.observation(v)["log_start"] for v in (0, None)):
                    break
                mover = 0 if latest[0]["legal"] else 1
                ws = (a, b)[mover]
                ws.send_text(json.dumps({"type": "act", "version": latest[mover]["version"],
                                         "index": len(latest[mover]["legal"]) - 1}))
                latest = [receive(a), receive(b), receive(watching)]
                pages = [_page_log(p, f) for p, f in zip(pages, latest)]
            assert not latest[0]["terminal"]
            shown = {v: live.state.observation(v) for v in (0, None)}
            assert all(obs["log_start"] > 0 for obs in shown.values())
            whole = {v: [game.describe_event(e) for e in live.state.visible_log(v)]
                     for v in (0, None)}
            assert pages[0] == whole[0] and pages[2] == whole[None]  # there from the start
            assert len(pages[0]) > len(shown[0]["log"]) and \
                len(pages[2]) > len(shown[None]["log"])
            # the connection drops, the page connects again
            with c.websocket_connect(f"/ws/{gid}") as again, \
                    c.websocket_connect(f"/ws/{gid}") as watching_again:
                reopened = [hello(again, tokens[0]), hello(watching_again)]
    with client(db) as c:  # the server restarted: the pages connect again
        with c.websocket_connect(f"/ws/{gid}") as again, \
                c.websocket_connect(f"/ws/{gid}") as watching_again:
            restarted = [hello(again, tokens[0]), hello(watching_again)]
    assert [f["version"] for f in reopened] == [latest[0]["version"], latest[2]["version"]]
    for frame in reopened + restarted:
        assert frame["log_from"] == 0
        assert frame["observation"]["log_start"] == 0  # the page says nothing is missing
    assert [f["log"] for f in reopened] == [pages[0], pages[2]]
    assert [f["log"] for f in restarted] == [pages[0], pages[2]]


def _not_state(ws) -> dict:
    """The next frame but state frames (the AI seat's moves may come at any time) and
    presence frames."""
    while (frame := receive(ws))["type"] == "state":
        pass
    return frame


def _battle_for_four(c) -> dict:
    """Battle, seats "me, invite, invite, heuristic" (the audit's game)."""
    return create(c, game="battle", seats=("here", "invite", "invite", "heuristic"),
                  options={"players": 4})


def test_the_resigner_is_told_the_ai_plays_their_seat_on(db):
    """Audit defect 5: in a game of more than two sides, the resigner's page got no notice of
    its own resignation and kept showing an older notice (about another seat), while every
    other page read "Seat 1 resigned; the heuristic AI plays on". The resigner's pages (each
    tab of the seat) are now told as well, in words of their own."""
    with client(db) as c:
        made = _battle_for_four(c)
        gid = made["id"]
        tokens = [s["token"] for s in made["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as other, \
                c.websocket_connect(f"/ws/{gid}") as bob, \
                c.websocket_connect(f"/ws/{gid}") as bobs_tab:
            hello(other, tokens[0]), hello(bob, tokens[1]), hello(bobs_tab, tokens[1])
            bob.send_text(RESIGN)
            bob.send_text(PING)  # answered after every frame the resignation sends
            frames = {name: [_not_state(ws), _not_state(ws)]
                      for name, ws in (("bob", bob), ("tab", bobs_tab), ("other", other))}
    own = {"type": "notice", "message": "You resigned seat 1; the heuristic AI plays it on"}
    for name in ("bob", "tab"):
        welcome, told = frames[name]
        assert welcome["type"] == "welcome" and welcome["seat"] is None
        assert told == own
    assert frames["other"][0]["type"] == "welcome"
    assert frames["other"][1] == {"type": "notice",
                                  "message": "Seat 1 resigned; the heuristic AI plays on"}


def _opened(c, gid: str, link: str) -> tuple[dict, dict]:
    """The welcome and the first frame after the state of a page opening `link`."""
    with c.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": link}))
        welcome = receive(ws)
        assert welcome["type"] == "welcome", welcome
        assert receive(ws)["type"] == "state"
        ws.send_text(PING)  # answered after the notice, if there is one
        return welcome, _not_state(ws)


def test_a_resigned_seats_links_say_why_they_watch(db):
    """Audit defect 5: a seat resigned to the AI, its own link opened later only watched, with
    no line saying why (a seat handed over while away says so), and the original invite link
    said "Seat 1 was taken by the invited player" though the AI plays the seat. Both now say
    the seat was resigned and the AI plays it on, before and after a restart."""
    with client(db) as c:
        made = _battle_for_four(c)
        gid = made["id"]
        invite = made["seats"][1]["token"]
        with c.websocket_connect(f"/ws/{gid}") as bob:
            assert hello(bob, invite)["seat"] == 1
            own = CLAIMED[invite]  # the seat's own token, which the page claimed
            bob.send_text(RESIGN)
            assert _not_state(bob)["type"] == "welcome"
        before = [_opened(c, gid, own), _opened(c, gid, invite)]
    with client(db) as c:
        after = [_opened(c, gid, own), _opened(c, gid, invite)]
    notice = {"type": "notice", "message": "Seat 1 was resigned; the heuristic AI plays it on, "
              "and you are watching"}
    for welcome, said in before + after:
        assert welcome["seat"] is None
        assert said == notice


def test_the_replay_of_a_resigned_viktory_ii_game_ends_on_its_whole_log(db):
    """Audit (stop 43, records): the replay of a Viktory II game a resignation ended showed, at
    its end, the log since the viewer's previous turn (5 lines where the page had held 26),
    though a game over shows its whole log, as one the rules ended does."""
    game = get_game("viktory-ii")
    with client(db) as c:
        gid, tokens, live = _viktory_ii_for_two(c)
        with c.websocket_connect(f"/ws/{gid}") as a, c.websocket_connect(f"/ws/{gid}") as b:
            latest = [hello(a, tokens[0]), hello(b, tokens[1])]
            while not live.state.observation(0)["log_start"]:
                mover = 0 if latest[0]["legal"] else 1
                (a, b)[mover].send_text(json.dumps({
                    "type": "act", "version": latest[mover]["version"],
                    "index": len(latest[mover]["legal"]) - 1}))
                latest = [receive(a), receive(b)]
            seen = [line for line in map(game.describe_event, live.state.visible_log(0))
                    if line]
            b.send_text(RESIGN)
            while receive(a)["type"] != "state":
                pass
        steps = c.get(f"/api/games/{gid}/replay?seat=0").json()["steps"]
    assert len(seen) > len([e for e in live.state.observation(0)["log"]])
    assert steps[-1]["log"] == seen
