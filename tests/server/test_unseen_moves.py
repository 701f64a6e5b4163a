"""A seat's frames tell it of moves it can see only: on Viktory II's hidden map (`dark`) a
page was sent a state frame after every action, the version in it the game's count of
actions, so a seat learned how many moves its opponent made out of its sight."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter

import pytest
from test_api import client, create, hello, receive
from test_seats_away import frames_until


@pytest.mark.parametrize("options,unseen", [({"dark": True}, True), ({}, False)])
def test_a_seat_is_sent_a_frame_only_when_what_it_sees_changed(db, options, unseen):
    """Two seats and a spectator at a Viktory II table, the seats choosing at random. After
    each action the mover gets its frame; every other page gets one when, and only when, its
    view changed, and its version goes up by one a frame: the count of moves it could not see
    is in neither. On the open map every move is seen, and each page gets every frame."""
    rng = random.Random(3)
    with client(db, rate=1e6) as c:  # as fast as a test plays
        made = create(c, game="viktory-ii", seats=("invite", "invite"), options=options)
        live = c.app.state.server.games[made["id"]]
        sockets = [c.websocket_connect(f"/ws/{made['id']}").__enter__() for _ in range(3)]
        try:
            latest = {seat: hello(ws, made["seats"][seat]["token"] if seat is not None
                                  else None)
                      for seat, ws in zip((0, 1, None), sockets)}
            by_seat = dict(zip((0, 1, None), sockets))
            skipped = 0
            for _ in range(60):
                [mover] = [s for s in (0, 1) if latest[s]["legal"]]
                watchers = {s: live.state.observation(s) for s in (1 - mover, None)}
                by_seat[mover].send_text(json.dumps({
                    "type": "act", "version": latest[mover]["version"],
                    "index": rng.randrange(len(latest[mover]["legal"]))}))
                mine = receive(by_seat[mover])
                assert mine["type"] == "state", mine
                assert mine["version"] == latest[mover]["version"] + 1
                latest[mover] = mine
                for s, before in watchers.items():
                    by_seat[s].send_text(json.dumps({"type": "ping"}))
                    *frames, pong = frames_until(by_seat[s], "pong")
                    assert all(f["type"] == "state" for f in frames), frames
                    changed = live.state.observation(s) != before
                    assert len(frames) == changed, (s, live.version)
                    if frames:
                        assert frames[0]["version"] == latest[s]["version"] + 1
                        latest[s] = frames[0]
                    skipped += not changed
                    assert pong["version"] == latest[s]["version"]
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    assert live.version == 60
    assert (skipped > 0) == unseen  # the hidden map hid some moves; the open one none


def own_view(observation: dict) -> dict:
    """An observation as a frame carries it but its log (sent as lines, from `log_from`)."""
    return {k: v for k, v in json.loads(json.dumps(observation)).items()
            if k not in ("log", "log_start")}


def test_the_two_seats_of_a_hotseat_device_share_one_version_over_two_sockets(db):
    """A device playing two seats (hotseat) on Viktory II's hidden map with a third seat by
    invite, a socket for each of its seats. The pair's seats share one version (the device
    orders the frames of both sockets by it): after every action both sockets get a frame, or
    neither, with the same version, one above the last; a frame comes when either seat's view
    changed (the third seat's moves out of both seats' sight bring none), and each socket's
    frame is its own seat's view alone."""
    rng = random.Random(5)
    with client(db, rate=1e6) as c:
        made = create(c, game="viktory-ii", seats=("here", "here", "invite"),
                      options={"dark": True, "players": 3})
        live = c.app.state.server.games[made["id"]]
        sockets = [c.websocket_connect(f"/ws/{made['id']}").__enter__() for _ in range(3)]
        try:
            latest = {s: hello(ws, made["seats"][s]["token"]) for s, ws in enumerate(sockets)}
            assert latest[0]["version"] == latest[1]["version"]
            pair_frames = hidden = 0
            for _ in range(60):
                movers = [s for s in range(3) if latest[s]["legal"]]
                if not movers:
                    break
                mover = rng.choice(movers)
                before = {s: live.state.observation(s) for s in (0, 1)}
                sockets[mover].send_text(json.dumps({
                    "type": "act", "version": latest[mover]["version"],
                    "index": rng.randrange(len(latest[mover]["legal"]))}))
                got = {}
                for s, ws in enumerate(sockets):
                    ws.send_text(json.dumps({"type": "ping"}))
                    *frames, pong = frames_until(ws, "pong")
                    assert all(f["type"] == "state" for f in frames), frames
                    assert len(frames) <= 1 and pong["version"] == live.view_version(s)
                    for f in frames:
                        assert f["seat"] == s and f["version"] == latest[s]["version"] + 1
                        assert own_view(f["observation"]) == own_view(live.state.observation(s))
                        latest[s] = f
                    got[s] = (len(frames), pong["version"])
                assert got[mover][0] == 1  # the mover's move is always its own to see
                assert got[0] == got[1], got  # one version for the pair, on both sockets
                assert live.view_version(0) == live.view_version(1) == got[0][1]
                changed = mover != 2 or any(live.state.observation(s) != before[s]
                                            for s in (0, 1))
                assert got[0][0] == changed, (mover, live.version)
                pair_frames += got[0][0]
                hidden += not changed
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    assert pair_frames > 0 and hidden > 0  # the pair saw moves and missed some of seat 2's


@pytest.mark.parametrize("seats", [("invite", "invite"), ("here", "here")])
def test_defect_each_viewers_view_was_taken_twice_an_action(db, seats):
    """Defect (the cost of each viewer's version): after every action the server took each
    viewer's observation twice, once for the mark that says whether its version moves on and
    once for its frame, and each seat's legal actions twice (for its mark and its frame; the
    mover's once more, for its intent). Each viewer's observation and each seat's legal
    actions are now taken once a change, for its mark, its frame and its next intent alike,
    with the seats of a hotseat device (one mark for both) as with two devices."""
    rng = random.Random(4)
    taken: Counter = Counter()
    with client(db, rate=1e6) as c:
        made = create(c, game="kow", seats=seats)
        live = c.app.state.server.games[made["id"]]
        for name in ("observation", "legal_actions"):
            real = getattr(live.state, name)

            def counted(seat, _real=real, _name=name):
                # by the server (a game's or the engine's own use, as apply's check, is theirs)
                if sys._getframe(1).f_globals.get("__name__", "").startswith("warroom.server"):
                    taken[_name, seat] += 1
                return _real(seat)
            setattr(live.state, name, counted)
        sockets = [c.websocket_connect(f"/ws/{made['id']}").__enter__() for _ in range(3)]
        try:
            latest = {seat: hello(ws, made["seats"][seat]["token"] if seat is not None
                                  else None)
                      for seat, ws in zip((0, 1, None), sockets)}
            for _ in range(20):
                mover = rng.choice([s for s in (0, 1) if latest[s]["legal"]])
                taken.clear()
                sockets[mover].send_text(json.dumps({
                    "type": "act", "version": latest[mover]["version"],
                    "index": rng.randrange(len(latest[mover]["legal"]))}))
                for seat, ws in zip((0, 1, None), sockets):
                    ws.send_text(json.dumps({"type": "ping"}))
                    for frame in frames_until(ws, "pong")[:-1]:
                        assert frame["type"] == "state", frame
                        latest[seat] = frame
                assert latest[mover]["version"] == live.view_version(mover)
                assert taken == {("observation", 0): 1, ("observation", 1): 1,
                                 ("observation", None): 1, ("legal_actions", 0): 1,
                                 ("legal_actions", 1): 1}, (live.version, taken)
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    assert live.version == 20
