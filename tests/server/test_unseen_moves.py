"""A seat's frames tell it of moves it can see only: on Viktory II's hidden map (`dark`) a
page was sent a state frame after every action, the version in it the game's count of
actions, so a seat learned how many moves its opponent made out of its sight."""

from __future__ import annotations

import json
import random

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
