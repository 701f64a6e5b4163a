"""Audit (stop 62): the browser replay's log says a seat resigned to the AI where it happened,
as `warroom replay` does, for every viewer and in every window of a paged replay."""

from __future__ import annotations

import json
import time

from test_api import client, create, hello, receive
from test_replay_paging import whole_logs, window
from test_resign import RESIGN, resigned_kow

SAID = "Player 0 resigned; the heuristic AI plays the seat on"


def resigned_on(c) -> tuple[str, int]:
    """A battle for three whose seat 0, a person, plays while it is to move until 4 actions
    are played, then resigns: the heuristic AI plays the seat on, with two random seats, to
    the end. The game's id, and the number of actions before the resignation."""
    made = create(c, game="battle", seats=("invite", "random", "random"),
                  options={"players": 3})
    game_id = made["id"]
    with c.websocket_connect(f"/ws/{game_id}") as ws:
        frame = hello(ws, made["seats"][0]["token"])
        while frame["type"] != "state" or frame["version"] < 4:
            if frame["type"] == "state" and frame["legal"]:
                ws.send_text(json.dumps({"type": "act", "version": frame["version"],
                                         "index": 0}))
            frame = receive(ws)  # an act the AI's move made stale is refused: the next comes
        ws.send_text(RESIGN)
        while receive(ws)["type"] != "welcome":  # watching now
            pass
    deadline = time.monotonic() + 120
    while c.get(f"/api/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the AI seats did not finish the game"
        time.sleep(0.05)
    [handed] = c.get(f"/api/games/{game_id}/record").json()["meta"]["handed_to_ai"]
    assert handed["seat"] == 0 and handed["why"] == "resigned"
    return game_id, handed["at"]


def test_the_replay_log_says_a_seat_resigned_to_the_ai_where_it_happened(db):
    """Audit (stop 62): in a three-seat game whose person resigned and the AI played on, the
    table told every page "Seat 0 resigned; the heuristic AI plays on", but the browser
    replay's log never said it, as a seat or as a spectator: only the terminal replay did.
    Now every position from the resignation on has the line once, after the lines of the
    actions before it and before those after it; the windows of a paged replay give it at
    the same place. A resignation that ended a game is left to the page's result line."""
    with client(db) as c:
        game_id, at = resigned_on(c)
        for viewer in ("spectator", "0", "1"):
            whole = c.get(f"/api/games/{game_id}/replay?seat={viewer}").json()["steps"]
            logs = [step["log"] for step in whole]
            assert all(SAID not in log for log in logs[:at]), viewer
            assert logs[at][-1] == SAID, viewer  # the actions before it all said
            for log in logs[at:]:  # a battle's log only grows: the line stays where it was
                assert log.count(SAID) == 1 and log[:len(logs[at])] == logs[at], viewer
            assert len(logs[-1]) > len(logs[at]), viewer  # the AI's moves after it
            rebuilt = []
            for first in range(0, len(whole), 3):  # windows of 3, the first whole
                answer = window(c, game_id, viewer, first, first + 2)
                assert answer.status_code == 200, answer.text
                rebuilt += whole_logs(answer.json()["steps"])
            assert rebuilt == whole, viewer
        made, _ = resigned_kow(c)  # two sides: the resignation ended it
        for viewer in ("spectator", "0", "1"):
            steps = c.get(f"/api/games/{made['id']}/replay?seat={viewer}").json()["steps"]
            assert steps[-1]["outcome"]["details"] == {"resigned": 1}
            assert not any("resigned" in line for line in steps[-1]["log"]), viewer
