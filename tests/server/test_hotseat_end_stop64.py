"""Audit (stop 64): a family's Viktory II game on one laptop (several seats of this device)."""

from __future__ import annotations

from playwright.sync_api import expect
from test_browser import ANSWERS


def hotseat(live_server, browser, seats: int):
    """A page holding `seats` seats of a radius-3 Viktory II game, seat 0's table shown."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "viktory-ii", "options": {"radius": 3, "players": seats},
        "seats": [{"kind": "here"}] * seats}).json()
    tokens = ",".join(s["token"] for s in made["seats"])
    page.add_init_script(ANSWERS)
    page.goto(f"{live_server.url}/game/{made['id']}#t={tokens}")
    expect(page.locator("#reveal")).to_have_text("I am seat 0: show my table")
    return page, errors


def test_three_seats_here_are_not_the_other_seat(live_server, browser):
    """Audit (stop 64): with three seats on the device the pass screen said "The table of the
    other seat is hidden."."""
    page, errors = hotseat(live_server, browser, 3)
    expect(page.locator("#pass")).to_contain_text(
        "The tables of this device's other seats are hidden.")
    page.close()
    page, errors = hotseat(live_server, browser, 2)
    expect(page.locator("#pass")).to_contain_text("The table of the other seat is hidden.")
    assert not errors, errors
    page.close()


def test_a_finished_hotseat_game_calls_no_seat_you(live_server, browser):
    """Audit (stop 64): a finished hotseat game's Players panel said "You" (and the seat
    list "Seat 0: person (you)") of whichever seat was last on screen, though its result
    names every seat."""
    page, errors = hotseat(live_server, browser, 2)
    page.click("#reveal")
    page.wait_for_selector("#table svg.v2map")
    shown = page.locator("#seats li", has_text="(you)")
    expect(shown).to_have_count(1)  # in play, the seat on screen is "you"
    heads = page.locator("#table .seat-area h4")
    expect(heads.first).to_have_text("You · this turn")
    page.click("#resign")
    page.click("#resign-yes")  # seat 0 gives up: seat 1 wins
    expect(page.locator("#headline")).to_have_text("Seat 1 wins")
    expect(heads).to_have_text(["Seat 0", "Seat 1"])
    expect(shown).to_have_count(0)
    assert not errors, errors
    page.close()
