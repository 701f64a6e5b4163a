"""Audit (stop 51): the replay page jumped to its first and last positions only from its
slider (Home and End elsewhere did nothing), and a seat's Replay link opened the game as a
spectator saw it, so its player had to pick their seat again."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_browser import finished_game, wait_for_the_replay
from test_table_fixes import HERE, made_game, open_seats

AI = {"kind": "random"}


def test_home_and_end_go_to_the_first_and_last_position(live_server, browser):
    page = browser.new_page()
    game_id = finished_game(page, live_server.url, "kow", {})
    page.goto(f"{live_server.url}/replay/{game_id}")
    expect(page.locator("#where")).to_have_text(re.compile(r"^position 0 of \d+$"))
    last = int(page.locator("#where").inner_text().rsplit(" ", 1)[1])
    page.locator("#title").click()  # the page, not the slider, has the keyboard
    page.keyboard.press("End")
    expect(page.locator("#where")).to_have_text(f"position {last} of {last}")
    page.keyboard.press("Home")
    expect(page.locator("#where")).to_have_text(f"position 0 of {last}")
    page.close()


def test_a_seats_replay_link_opens_the_game_as_that_seat_saw_it(live_server, browser):
    page = browser.new_page()
    made = made_game(page, live_server.url, "kow", [HERE, AI])
    open_seats(page, live_server.url, made)
    page.click("#resign")
    page.click("#resign-yes")
    link = page.locator("#replay-link")
    expect(link).to_have_attribute("href", f"/replay/{made['id']}#as=0")
    link.click()
    wait_for_the_replay(page)
    expect(page.locator("#viewer")).to_have_value("0")
    # a spectator's link, and a seat that is not the game's, open as a spectator
    page.goto("about:blank")  # (a new hash alone on the same page loads nothing)
    page.goto(f"{live_server.url}/replay/{made['id']}#as=7&at=1")
    expect(page.locator("#where")).to_have_text("position 1 of 1")
    expect(page.locator("#viewer")).to_have_value("spectator")
    page.close()
