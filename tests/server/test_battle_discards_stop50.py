"""Battle's face-up discard piles at the browser table: every card of each pile, in order."""

from __future__ import annotations

import random

import pytest
from table_render import render_table
from test_browser import ANSWERS, click_something

from warroom.games.battle import GAME

YOUR_TURN = """() => {
  const s = document.querySelector("#status").textContent;
  return (s === "Your turn" || !!document.querySelector("#headline"))
    && (!window.testAnswers || window.testAnswers.settled());
}"""
# The cards a pile's fold lists, bottom to top, as their codes.
LISTED = "(e) => [...e.querySelectorAll('ol > li .card')].map((c) => c.dataset.card)"
# The table shows the pile's count the observation has (the page has drawn it).
COUNTED = ("(words) => [...document.querySelectorAll('.pile small')]"
           ".some((e) => e.textContent === words)")
SIDEWAYS = ("document.documentElement.scrollWidth"
            " <= document.documentElement.clientWidth")


def open_fold(page, summary: str) -> None:
    """Opens a pile's fold by the keyboard: its summary is focused, then Enter."""
    assert page.locator(summary).count() == 1, f"no {summary} on the table"
    page.locator(summary).focus()
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    page.keyboard.press("Enter")


def shown(page, pile: str) -> list[str]:
    fold = page.locator(pile)
    assert fold.evaluate("(e) => e.open"), f"{pile} is not open"
    cards = fold.locator("ol > li .card")
    assert all(c.is_visible() for c in cards.all()), f"a card of {pile} is not visible"
    return fold.evaluate(LISTED)


@pytest.mark.parametrize("viewport", [{"width": 375, "height": 812},
                                      {"width": 1280, "height": 800}])
def test_the_shared_discard_pile_shows_all_its_cards_in_order(seeded_server, browser, viewport):
    """Audit (stop 50): the discard piles are face up (the rules) and the observation gives
    every seat each pile's whole contents, but the browser table showed a pile's count and
    top card only. Played against the AI (off the top: one shared pile) until the pile holds
    several cards, the table now lists every card of it, in the observation's order, in a
    fold under the pile that the keyboard opens (a <summary> naming the pile and its count,
    a list a screen reader reads), the fold stays open across the AI's moves, and the page
    does not scroll sideways at a phone's width or at 1280 x 800."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script(ANSWERS)
    made = page.request.post(f"{seeded_server.url}/api/games", data={
        "game": "battle", "options": {}, "seed": 2,
        "seats": [{"kind": "here"}, {"kind": "random"}]}).json()
    live = seeded_server.app.state.server.games[made["id"]]
    page.goto(f"{seeded_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    page.wait_for_selector("#table .panel")
    rng = random.Random(5)
    for _ in range(400):
        page.wait_for_function(YOUR_TURN, timeout=15_000)
        if len(live.state.observation(0)["discard"]) >= 4 or page.locator("#headline").count():
            break
        click_something(page, rng)
    observation = live.state.observation(0)
    pile = observation["discard"]
    assert len(pile) >= 4, f"the game ended (or ran long) before the pile grew: {pile}"
    page.wait_for_function(COUNTED, arg=f"Discard: {len(pile)}")

    open_fold(page, "#battle-discard-shared-summary")
    summary = page.locator("#battle-discard-shared-summary")
    assert summary.get_attribute("aria-label") is None  # its name is the text it shows
    assert f"{len(pile)} cards" in summary.inner_text()
    assert shown(page, "#battle-discard-shared") == pile
    assert page.locator("#battle-discard-shared ol").get_attribute("aria-label")
    assert page.evaluate(SIDEWAYS), "the page scrolls sideways"

    # Further moves: the fold stays open and follows the pile.
    for _ in range(200):
        before = len(live.state.observation(0)["discard"])
        click_something(page, rng)
        page.wait_for_function(YOUR_TURN, timeout=15_000)
        if page.locator("#headline").count() or len(live.state.observation(0)["discard"]) != before:
            break
    if not page.locator("#headline").count():
        pile = live.state.observation(0)["discard"]
        page.wait_for_function(COUNTED, arg=f"Discard: {len(pile)}")
        if pile:
            assert shown(page, "#battle-discard-shared") == pile
    assert not errors, errors
    context.close()


def test_each_seats_own_discard_pile_shows_all_its_cards_in_order(live_server, browser):
    """Audit (stop 50): with decks of their own each seat has its own face-up discard pile,
    which the table showed as a count and a top card only. A sealed game driven until both
    seats' piles hold several cards: under each seat, its pile's fold lists every card of
    it in the observation's order, named for whose pile it is."""
    state = GAME.new_state(GAME.config({"deck_mode": "sealed"}), 1)
    rng = random.Random(1)
    for _ in range(3000):
        seats = state.observation(0)["seats"]
        if state.is_terminal() or all(len(seat["discard"]) >= 3 for seat in seats):
            break
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    observation = state.observation(0)
    piles = [seat["discard"] for seat in observation["seats"]]
    assert all(len(pile) >= 3 for pile in piles), piles
    page = browser.new_page(viewport={"width": 375, "height": 812})
    page.goto(live_server.url + "/")
    render_table(page, "battle", observation, "null")
    assert page.locator("#battle-discard-shared").count() == 0  # no shared pile
    for p, pile in enumerate(piles):
        open_fold(page, f"#battle-discard-{p}-summary")
        words = page.locator(f"#battle-discard-{p}-summary").inner_text()
        assert words.startswith("Your discard pile" if p == 0 else f"Seat {p}'s discard pile")
        assert shown(page, f"#battle-discard-{p}") == pile
    assert page.evaluate(SIDEWAYS), "the page scrolls sideways"
    page.close()
