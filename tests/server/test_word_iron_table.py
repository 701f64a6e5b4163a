"""The Word & Iron browser table's headline: who attacks first is said only once chosen."""

from __future__ import annotations

import random

from table_render import render_table

from warroom.games.word_iron import GAME


def _attacks_first(page, observation) -> str:
    text = " ".join(render_table(page, "word-iron", observation).split())
    return text.split("Attacks first: ")[1].split(" Prize")[0]


def test_who_attacks_first_is_not_said_before_the_toss_and_the_choice(live_server, browser):
    """Before the coin toss the table said "Attacks first: You" (the state keeps seat 0 first
    until the toss's winner chooses), and during that choice it named seat 0 whoever won."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    state = GAME.new_state(GAME.config({}), 3)
    rng = random.Random(3)
    seen = {}
    while not state.is_terminal() and len(seen) < 3:
        obs = state.observation(0)
        decision = obs["decision"] or {}
        if obs["coin_winner"] < 0:
            seen.setdefault("before", _attacks_first(page, obs))
        elif decision.get("kind") == "first":
            seen.setdefault("choosing", (_attacks_first(page, obs), obs["coin_winner"]))
        elif "choosing" in seen:
            seen.setdefault("chosen", (_attacks_first(page, obs), obs["order"][0]))
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    assert seen["before"] == "not tossed for yet"
    said, winner = seen["choosing"]
    assert said == ("You" if winner == 0 else "Seat 1") + " won the toss, to choose"
    said, first = seen["chosen"]
    assert said == ("You" if first == 0 else "Seat 1")
    page.close()
