"""The Champions browser table's battalions."""

from __future__ import annotations

import random

from table_render import render_table

from warroom.games.champions import GAME

BOXES = """[...root.querySelectorAll(".battalion")].map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom,
               border: parseFloat(getComputedStyle(e).borderTopWidth) };
    })"""

def test_each_battalion_is_a_box_of_its_own(live_server, browser):
    """A face card's reinforcements ran on into the next face card's, so a player had to work
    out which 2s belonged to which commander."""
    state = GAME.new_state(GAME.config({}), 4)
    rng = random.Random(4)
    while not state.observation(0)["tables"][0] or state.observation(0)["tables"][0][0][1] \
            is None:  # until the battalions are laid out and shown
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(live_server.url + "/")
    page.add_style_tag(url="/static/app.css")
    boxes = render_table(page, "champions", state.observation(0), BOXES)
    assert len(boxes) >= 4 and all(b["border"] >= 1 for b in boxes), boxes
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert (a["right"] <= b["left"] or b["right"] <= a["left"]
                    or a["bottom"] <= b["top"] or b["bottom"] <= a["top"]), (a, b)
    page.close()
