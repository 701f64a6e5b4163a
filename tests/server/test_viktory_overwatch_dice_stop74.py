"""Audit (stop 74, a rules lawyer): the one-battle table in the browser says, as the terminal
does, that Overwatch held back in a battle fought with dice never fires (one launch, no later
wave), instead of going on showing the artillery as able to fire."""

from __future__ import annotations

import random

from table_render import render_table

from warroom.games.viktory import GAME
from warroom.games.viktory_battles.actions import HoldOverwatch


def held_back(mode: str) -> dict:
    """The defender's observation of a forest-town battle of `mode` just after it held its
    Overwatch back."""
    config = GAME.config({"scenario": "forest-town", "mode": mode})
    for seed in range(60):
        state, rng = GAME.new_state(config, seed), random.Random(seed)
        while not state.is_terminal():
            if state.observation(1)["decision"] == "overwatch":
                state.apply(1, HoldOverwatch())
                return state.observation(1)
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
    raise AssertionError(f"no Overwatch decision in 60 {mode} battles")


def test_the_one_battle_table_says_a_held_overwatch_never_fires_with_dice(live_server,
                                                                          browser):
    page = browser.new_page()
    page.goto(live_server.url + "/")
    dice = render_table(page, "viktory", held_back("dice"), seat=1)
    assert "Overwatch held back: with dice there is no later wave to fire at" in dice, dice
    assert "able to fire Overwatch" not in dice, dice
    cards = render_table(page, "viktory", held_back("cards"), seat=1)
    assert "Artillery able to fire Overwatch: 1" in cards, cards
    page.close()
