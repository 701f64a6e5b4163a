"""Audit (stop 74, six friends playing Battle in teams): every seat's box said "team N", and
to find your teammates you compared numbers; a teammate's box now says "(your team)"."""

from __future__ import annotations

from table_render import render_table

from warroom.games.battle import GAME

HEADINGS = "[...root.querySelectorAll('.seat-area h4')].map((e) => e.textContent)"


def test_a_teammates_box_says_your_team(live_server, browser):
    page = browser.new_page()
    page.goto(live_server.url + "/")
    for teams in ("alliance", "as-one"):
        state = GAME.new_state(GAME.config({"players": 6, "teams": teams, "team_size": 3}), 1)
        observation = state.observation(0)
        mine = observation["seats"][0]["team"]
        mates = {p for p, s in enumerate(observation["seats"]) if s["team"] == mine} - {0}
        assert len(mates) == 2
        headings = render_table(page, "battle", observation, HEADINGS)
        marked = {i for i, t in enumerate(headings) if "(your team)" in t}
        # the boxes in the table's order: the other seats in turn, then your own, last
        order = [p for p in range(6) if p != 0] + [0]
        assert {order[i] for i in marked} == mates, headings
    spectator = render_table(page, "battle", state.observation(None), HEADINGS, seat=None)
    assert not any("(your team)" in t for t in spectator), spectator
    page.close()
