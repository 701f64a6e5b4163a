"""The browser table says what the current decision is: above the table, on the turn of the
seat on screen, "Your move: " and the game's prompt for that seat (`Game.prompt`, from its
own observation); nothing for a seat not to move, a spectator, or once the game is over."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from warroom.games import REGISTRY

SEED = 3


def seat_pages(browser, url: str, game: str, seats: list[str], seed: int | None = SEED):
    """A game of these seats (`seed`: on a server that takes one), a page for each seat and
    one watching: (game id, the seats' pages, the watching page), each showing its table."""
    made = browser.new_page().request.post(f"{url}/api/games", data={
        "game": game, "options": {}, **({} if seed is None else {"seed": seed}),
        "seats": [{"kind": kind} for kind in seats]}).json()
    pages = []
    for seat in range(len(seats)):
        page = browser.new_context().new_page()
        page.goto(f"{url}/game/{made['id']}#t={made['seats'][seat]['token']}")
        pages.append(page)
    watching = browser.new_context().new_page()
    watching.goto(f"{url}/game/{made['id']}")
    for page in (*pages, watching):
        page.wait_for_selector("#table .panel")
    return made["id"], pages, watching


@pytest.mark.parametrize("name", ["word-iron", "battle", "champions"])
def test_a_seat_is_told_its_decision_on_its_turn_and_not_after_the_end(seeded_server,
                                                                      browser, name):
    """The table showed only a code word ("Decision: truce offer", "Step sacrifice"): a new
    player did not know what a click would do."""
    game = REGISTRY[name]
    state = game.new_state(game.config({}), SEED)
    movers = set(state.to_move())
    _, pages, watching = seat_pages(browser, seeded_server.url, name, ["here", "invite"])
    for seat, page in enumerate(pages):
        box = page.locator("#prompt")
        if seat in movers:
            asked = game.prompt(state.observation(seat), seat)
            assert asked
            expect(box).to_be_visible()
            expect(box).to_have_text(f"Your move: {asked}")
            # above the table
            assert box.bounding_box()["y"] < page.locator("#table").bounding_box()["y"]
        else:
            expect(box).to_be_hidden()
    expect(watching.locator("#prompt")).to_be_hidden()
    pages[1].click("#resign")
    pages[1].click("#resign-yes")
    for page in (*pages, watching):
        page.wait_for_selector("#headline")
        expect(page.locator("#prompt")).to_be_hidden()


def test_hotseat_shows_the_prompt_of_the_seat_on_screen(seeded_server, browser):
    """One device holding both seats: the prompt is the seat's whose table is shown."""
    game = REGISTRY["word-iron"]
    state = game.new_state(game.config({}), SEED)
    mover = state.to_move()[0]
    page = browser.new_page()
    made = page.request.post(f"{seeded_server.url}/api/games", data={
        "game": "word-iron", "options": {}, "seed": SEED,
        "seats": [{"kind": "here"}, {"kind": "here"}]}).json()
    tokens = ",".join(s["token"] for s in made["seats"] if s.get("token"))
    page.goto(f"{seeded_server.url}/game/{made['id']}#t={tokens}")
    page.wait_for_selector("#table .panel, #reveal")
    if page.locator("#reveal").is_visible():  # the device is passed: nothing shows yet
        expect(page.locator("#prompt")).to_be_hidden()
        page.click("#reveal")
        page.wait_for_selector("#table .panel")
    expect(page.locator("#prompt")).to_have_text(
        f"Your move: {game.prompt(state.observation(mover), mover)}")
