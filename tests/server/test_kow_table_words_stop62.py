"""The Kings of War browser table in the rules' words (audit, stop 62: two phones)."""

from __future__ import annotations

import random

from table_render import render_table

from warroom.games.kow import GAME


def observations(seed: int = 5):
    """Each seat's observation at every decision of a random game, with the state's phase."""
    state = GAME.new_state(GAME.config({}), seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state.observation(0), state.observation(1)
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])


def test_the_table_names_the_step_and_an_empty_pool_in_words(live_server, browser):
    """Audit (stop 62): the table read "Phase choose", "Phase allocate", "Phase over" (the
    code's names; the rules speak of choosing dice and defeating cards); a seat whose pool
    was spent showed an empty row under its name; and the other phone saw a pool holding the
    dice of a fist "chosen, hidden" with nothing saying the fist was among them."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    said = set()
    for mine, theirs in observations():
        text = render_table(page, "kow", mine)
        assert "Phase" not in text
        said |= {step for step in ("Step choose dice in secret", "Step defeat cards")
                 if step in text}
        if not any(mine["pools"][0].values()):
            assert "no dice left in the pool" in text
            said.add("empty")
        if mine["chosen"][0] is not None and theirs["chosen"][0] == "hidden":
            seen = render_table(page, "kow", theirs, seat=1)
            assert "Fist: chosen, hidden (among the dice shown)" in seen
            said.add("hidden")
    assert said == {"Step choose dice in secret", "Step defeat cards", "empty", "hidden"}
    page.close()
