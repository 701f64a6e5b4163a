"""Audit (stop 58), friends at one browser: a hotseat page's header said "Your turn" for every
seat it holds, so a pass screen clicked through in haste left whoever held the device guessing
whose hand was on screen; and a result naming a seat the AI took over read "seats 1
(heuristic since seat 1 was away) and 3 win", its brackets reading as the whole list's."""

from __future__ import annotations

from playwright.sync_api import expect
from test_table_fixes import HERE, made_game, open_seats


def test_a_hotseat_page_names_the_seat_whose_turn_it_shows(live_server, browser):
    """Champions, both seats people on one device: seat 0's table says "Your turn (seat 0)"."""
    page = browser.new_page()
    made = made_game(page, live_server.url, "champions", [HERE, HERE])
    open_seats(page, live_server.url, made)
    page.click("#reveal")
    expect(page.locator("#status")).to_have_text("Your turn (seat 0)")
    page.close()


def test_seats_the_ai_took_over_are_each_named_in_full(live_server, browser):
    """kit.seatsText, as a result and the resign question use it."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    texts = page.evaluate("""async () => {
      const kit = await import("/static/kit.js");
      const names = { 1: "heuristic since seat 1 was away" };
      return [kit.seatsText([1, 3], names), kit.seatsText([0, 1, 3], names),
              kit.seatsText([1, 3]), kit.seatsText([1], names)];
    }""")
    assert texts == ["seat 1 (heuristic since seat 1 was away) and seat 3",
                     "seat 0, seat 1 (heuristic since seat 1 was away) and seat 3",
                     "seats 1 and 3", "seat 1 (heuristic since seat 1 was away)"]
    page.close()
