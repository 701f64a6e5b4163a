"""What happens at the table outside a game's own log is told to every page in one line (a
`notice` frame): a person resigning a seat the AI then plays on."""

from __future__ import annotations

import json

from test_api import client, create, hello, receive


def test_a_resignation_in_a_game_of_three_is_told_to_every_other_page(db):
    """Audit (stop 40): in a game with three sides a resignation was not announced: only the
    seat list changed. Every other page (the other seats', a spectator's) is now told."""
    with client(db) as c:
        made = create(c, game="battle", seats=("here", "invite", "invite"),
                      options={"players": 3})
        gid = made["id"]
        tokens = [s["token"] for s in made["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as quitter, \
                c.websocket_connect(f"/ws/{gid}") as other, \
                c.websocket_connect(f"/ws/{gid}") as watching:
            hello(quitter, tokens[0]), hello(other, tokens[1]), hello(watching)
            quitter.send_text(json.dumps({"type": "resign"}))
            told = []
            for ws in (other, watching):
                assert receive(ws)["type"] == "welcome"
                told.append(receive(ws))
            mine = [receive(quitter), receive(quitter), receive(quitter)]
    notice = {"type": "notice", "message": "Seat 0 resigned; the heuristic AI plays on"}
    assert told == [notice, notice]
    # the resigner is told in words of its own (audit defect 5: it was told nothing)
    assert [f["type"] for f in mine] == ["welcome", "notice", "state"]
    assert mine[1]["message"] == "You resigned seat 0; the heuristic AI plays it on"
