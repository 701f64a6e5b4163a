"""Audit (stop 68): the organiser's own invite link, pasted into the tab "Start the game" had
opened, did nothing. And the watch link under the invite links said only "Watch link": a
player sent it by mistake came in watching; it says it opens no seat."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_browser import create_in_lobby


def test_the_organisers_own_invite_link_opened_in_the_same_tab_takes_the_seat(live_server,
                                                                             browser):
    """Audit (stop 68): after "Start the game" the organiser watched the game at `/game/ID`,
    the invite links beside it. Its own seat's link (`/game/ID#t=TOKEN`) pasted into that tab
    changed only the address's fragment: no page loaded, the page read the address only as
    it opened, and it stayed "Watching" while the other seats waited for that seat. Tokens
    changed in the address open the page again (asked first, as the organiser's own invite
    link always is), and it takes the seat; the page's own change to its address (the seat's
    claimed token in the invite's place) opens nothing again."""
    page = browser.new_page()
    game_id = create_in_lobby(page, live_server.url, "battle", ["invite", "heuristic"])
    expect(page.locator("#status")).to_have_text(re.compile("^Watching"), timeout=10_000)
    assert page.url == f"{live_server.url}/game/{game_id}"
    link = page.locator("#invites input.link").input_value()
    # the watch link under the seats' links is not one to send a player (a player sent it
    # came in watching)
    expect(page.locator("#invites")).to_contain_text(
        "Watch link, for spectators only (it opens no seat): ")
    invite = link.split("#t=")[1]
    page.evaluate("window.samePage = true")
    page.goto(link)  # as pasted into the address bar: the fragment alone changes
    page.click("#own-invite-take", timeout=10_000)
    assert page.evaluate("window.samePage") is None  # the page opened again
    expect(page.locator("#seats")).to_contain_text("Seat 0: person (you)", timeout=10_000)
    expect(page.locator("#status")).not_to_have_text(re.compile("^Watching"))
    # claimed: the address holds the seat's own token now, written by the page itself
    page.wait_for_function(f"!location.hash.includes({invite!r})", timeout=10_000)
    page.evaluate("window.samePage = true")
    page.wait_for_timeout(500)  # a reload that change started would have come by now
    assert page.evaluate("window.samePage") is True
    expect(page.locator("#seats")).to_contain_text("Seat 0: person (you)")
    page.close()
