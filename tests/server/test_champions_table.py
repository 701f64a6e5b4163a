"""The Champions browser table's battalions: each a box of its own, saying what its face card's
advantage does."""

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


def test_each_face_card_says_what_its_advantage_does(live_server, browser):
    """A battalion was labelled "General", "Spy", "Cavalry" or "Medic" and nothing more: a
    new player had to open the rules to learn what each does. Each now says it, and the
    Cavalry's as the `cavalry` option sets it."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    for cavalry in ("always", "attacking"):
        state = GAME.new_state(GAME.config({"cavalry": cavalry}), 4)
        rng = random.Random(4)
        while not all(state.observation(0)["tables"]):  # until both sides' face cards are down
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
        observation = state.observation(0)
        # as the table lays them out for seat 0: the opponent's side above, then its own
        faces = [cmd for side in observation["tables"][::-1] for cmd, _ in side]
        said = render_table(page, "champions", observation, """[...root.querySelectorAll(
            ".battalion")].map((e) => e.querySelector(".advantage")?.innerText || "")""")
        assert len(said) == len(faces) and all(said), said
        jacks = [text for cmd, text in zip(faces, said) if cmd[0] == "J"]
        kings = [text for cmd, text in zip(faces, said) if cmd[0] == "K"]
        assert jacks and kings, faces  # this deal has both
        assert all(text == "its 2s count as 10" + (" in attack" if cavalry == "attacking"
                                                    else "") for text in jacks)
        assert all("moves up to 3 of your cards" in text for text in kings)
    page.close()


def test_a_player_whose_reinforcements_are_all_placed_is_not_told_to_place_them(live_server,
                                                                               browser):
    """Audit (stop 40): after placing every reinforcement, a player waiting for the other
    still read "Your hand: put each reinforcement on a face card" over an empty panel."""
    state = GAME.new_state(GAME.config({}), 4)
    rng = random.Random(4)
    while True:
        waiting = [seat for seat in (0, 1) if state.observation(seat).get("hand") == []
                   and state.to_move() == (1 - seat,)]
        if waiting:
            placed = waiting[0]
            break
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    page = browser.new_page()
    page.goto(live_server.url + "/")
    shown = render_table(page, "champions", state.observation(placed))
    assert "Your hand" not in shown and "put each reinforcement" not in shown.lower()
    page.close()
