"""Audit (stop 74, six friends at Battle on desktop screens): at 1280 x 800 the header said
"Your move: Main step: play a soldier..." while the hand and every move were 1,400 px down the
page, under five other seats, and the "Your moves" button that leads there was a phone's
alone. On a wider screen it now comes while no move is in sight, and goes when one is."""

from __future__ import annotations

from playwright.sync_api import expect
from test_table_fixes import AI, HERE, made_game

DESKTOP = {"width": 1280, "height": 800}
# A laptop's browser window: eight seats outgrow it (six did, one box a row, before the other
# seats came side by side: tests/server/test_battle_many_seats_stop79.py).
LOW = {"width": 1280, "height": 600}
IN_SIGHT = """() => [...document.querySelectorAll('#table .playable, #table button.act')]
  .some((e) => { const r = e.getBoundingClientRect();
                 return r.width > 0 && r.bottom > 0 && r.top < innerHeight; })"""


def test_your_moves_comes_on_a_desktop_while_the_moves_are_out_of_sight(live_server, browser):
    # (the jump not smooth: a smooth scroll still under way went on past the test's scroll
    # back to the top, where the moves are a few pixels under the screen's edge)
    context = browser.new_context(viewport=LOW, reduced_motion="reduce")
    page = context.new_page()
    made = made_game(page, live_server.url, "battle", [HERE] + [AI] * 7,
                     {"players": 8, "first_player": 0})
    page.goto(f"{live_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    page.wait_for_selector("#table .playable, #table button.act")
    page.evaluate("window.scrollTo(0, 0)")
    assert not page.evaluate(IN_SIGHT), "the moves are on the first screen: nothing to test"
    jump = page.locator("#jump")
    expect(jump).to_be_visible()
    jump.click()
    page.wait_for_function(IN_SIGHT)
    expect(jump).to_be_hidden()  # the moves are in sight: no button
    page.evaluate("window.scrollTo(0, 0)")
    expect(jump).to_be_visible()
    context.close()


def test_no_your_moves_on_a_desktop_whose_moves_are_in_sight(live_server, browser):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    made = made_game(page, live_server.url, "battle", [HERE, AI], {"first_player": 0})
    page.goto(f"{live_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    page.wait_for_selector("#table .playable, #table button.act")
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate(IN_SIGHT)  # two seats: the hand is on the first screen
    expect(page.locator("#jump")).to_be_hidden()
    page.wait_for_timeout(1200)  # the header's second-by-second redraw keeps it so
    expect(page.locator("#jump")).to_be_hidden()
    context.close()
