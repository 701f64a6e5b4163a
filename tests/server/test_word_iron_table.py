"""The Word & Iron browser table: who attacks first is said only once chosen, and what each
face-up card does."""

from __future__ import annotations

import random

from table_render import render_table

from warroom.games.word_iron import GAME
from warroom.games.word_iron.deck import card_text


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


def test_the_table_says_what_each_face_up_card_does(live_server, browser):
    """The table named the top cards and the champions and nothing of what they do (a deck's
    cards are data, so no player knows them by heart): each is now listed with its effects in
    words, as `warroom cards show` says them, and its tile carries the same as a tooltip."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    state = GAME.new_state(GAME.config({}), 5)
    rng = random.Random(5)
    while not state.observation(0)["players"][1]["champions"]:  # past the champions' reading
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    obs = state.observation(0)
    lines = render_table(page, "word-iron", obs,
                         "[...root.querySelectorAll('.card-texts li')].map((e) => e.innerText)")
    deck = state.decks[1]
    champion = deck.champions[state.champions[1][0]]
    assert f"{champion.name} (champion): {card_text(champion)}" in lines
    strategy = state.cards(1, 0)[state.piles[1][0][-1]]
    assert f"{strategy.name} (top of the strategy pile): {card_text(strategy)}" in lines
    tooltips = render_table(page, "word-iron", obs,
                            "[...root.querySelectorAll('.tile')].map((e) => e.title)")
    assert f"{strategy.name}: {card_text(strategy)}" in tooltips
    # Face down, a top card is neither named nor described.
    hidden = GAME.new_state(GAME.config({"decks_face_up": False}), 5)
    texts = render_table(page, "word-iron", hidden.observation(0),
                         "root.querySelector('.card-texts')?.innerText || ''")
    assert "top of" not in texts
    # One strategy is "the next strategy", not "the next 1 strategy".
    assert "Royal Engineer (champion): no losses from your opponent's next strategy" in lines
    page.close()
