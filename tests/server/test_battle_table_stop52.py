"""Audit (stop 52): Battle's browser table in a draft titled the picks "build a deck of 30"
(the phase after) and said nothing of the other players' picks, and to a screen reader a hand
it could not play was a run of text, and a seat's soldiers a row without a name."""

from __future__ import annotations

from playwright.sync_api import expect
from table_render import render_table

from warroom.games.battle import GAME

PANELS = "[...root.querySelectorAll('.panel h3')].map((e) => e.textContent)"


def drafted(players: int = 3):
    """A draft in which every seat but seat 0 has made its first pick."""
    state = GAME.new_state(GAME.config({"deck_mode": "draft", "players": players}), 1)
    for p in range(1, players):
        state = state.apply(p, state.legal_actions(p)[0]) or state
    return state


def test_a_draft_titles_the_picks_for_the_draft(live_server, browser):
    """Audit (stop 52): during a draft the panel of the cards picked read "Your pool: build a
    deck of 30" (the deck is built after the draft). It reads "Your picks (N)" in the draft,
    the pack "Draft, pack 1: pick one card", and the pool is titled for building only when
    the deck is built."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    state = drafted()
    observation = state.observation(0)
    assert observation["phase"] == "draft"
    assert observation["seats"][1]["pool"] == 1 and observation["seats"][1]["picked"]
    titles = render_table(page, "battle", observation, PANELS)
    assert "Your picks (0)" in titles, titles
    assert not any("build a deck" in t for t in titles), titles
    assert any("pick one card" in t for t in titles), titles
    # Seat 0 picks: its picks are counted in the panel's title.
    state = state.apply(0, state.legal_actions(0)[0]) or state
    titles = render_table(page, "battle", state.observation(0), PANELS)
    assert "Your picks (1)" in titles, titles
    # Building, the pool is the pool again.
    sealed = GAME.new_state(GAME.config({"deck_mode": "sealed"}), 1).observation(0)
    titles = render_table(page, "battle", sealed, PANELS)
    assert "Your pool: build a deck of 30" in titles, titles
    page.close()


def test_a_draft_shows_how_far_each_seat_has_picked(live_server, browser):
    """Audit (stop 52): nothing on the draft's table said how far the other players were,
    where the text view says "P1: 1 card picked (has picked)". Each seat's box says how many
    cards it has picked and whether it has picked from the pack in front of it: what this
    seat's observation holds of the others (their picks themselves are secret, and are not
    in it: a count and a flag)."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    observation = drafted().observation(0)
    others = observation["seats"][1:]
    assert all(s["pool"] == 1 and s["picked"] is True for s in others), others
    render_table(page, "battle", observation, "null")
    areas = page.locator(".seat-area")
    for seat in (1, 2):
        area = areas.filter(has=page.locator("h4", has_text=f"Seat {seat}"))
        expect(area).to_contain_text("1 card picked · has picked from this pack")
    mine = areas.filter(has=page.locator("h4", has_text="You"))
    expect(mine).to_contain_text("0 cards picked · still to pick from this pack")
    page.close()


def test_each_card_in_hand_that_cannot_be_played_has_a_name(live_server, browser):
    """Audit (stop 52): a card in hand that cannot be played now was a bare span ("7", "♥"
    read on with the next card's, no name of its own). Each is an image named by its card and
    that it cannot be played now."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    observation = GAME.new_state(GAME.config({}), 1).observation(0)
    render_table(page, "battle", observation, "null")  # no legal moves: nothing is playable
    hand = page.locator(".panel", has=page.locator("h3", has_text="Your hand")).locator(".card")
    assert hand.count() == len(observation["hand"]) > 0
    for k, code in enumerate(observation["hand"]):
        shown = code.replace("H", "♥").replace("D", "♦").replace("S", "♠").replace("C", "♣")
        expect(hand.nth(k)).to_have_attribute("role", "img")
        expect(hand.nth(k)).to_have_accessible_name(f"{shown}, cannot be played now")
    page.close()


def test_each_seats_soldiers_are_a_group_named_for_the_seat(live_server, browser):
    """Audit (stop 52): the row of a seat's soldiers had no name: a screen reader could not
    tell whose soldiers it was among. It is a group named "Seat 1's soldiers" ("Your
    soldiers" for one's own), each soldier in it named by its card and its owner."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    observation = GAME.new_state(GAME.config({}), 1).observation(0)
    observation["seats"][1]["soldiers"] = [["9H", 1]]
    render_table(page, "battle", observation, "null")
    theirs = page.get_by_role("group", name="Seat 1's soldiers")
    expect(theirs.get_by_role("img", name="9♥ (owner: seat 1)")).to_have_count(1)
    expect(page.get_by_role("group", name="Your soldiers")).to_contain_text("no soldiers in play")
    page.close()
