"""The Viktory (one battle) browser table's Battle Cards panel."""

from __future__ import annotations

import random

from table_render import render_table

from warroom.games.viktory import GAME

DISCARDS = """(() => {
    const pile = [...root.querySelectorAll(".pile")].find((e) => e.innerText.includes("Discards"));
    return { text: pile.innerText, backs: pile.querySelectorAll(".card.back").length };
})()"""

def test_the_discard_pile_shows_its_last_card_face_up(live_server, browser):
    """The discards are public, yet the pile was drawn as a card's back."""
    for seed in range(30):
        state = GAME.new_state(GAME.config({"mode": "cards"}), seed)
        rng = random.Random(seed)
        while not state.is_terminal() and not state.observation(0)["discard"]:
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
        if state.observation(0)["discard"]:
            break
    observation = state.observation(0)
    page = browser.new_page()
    page.goto(live_server.url + "/")
    shown = render_table(page, "viktory", observation, DISCARDS)
    assert shown["backs"] == 0 and observation["discard"][-1] in shown["text"], shown
    page.close()
