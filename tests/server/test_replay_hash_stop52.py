"""Audit (stop 52): the replay page read `#at=N` and `#as=S` only when it opened: stepping
through the game left the address where it was, so a copied address did not come back to the
position on screen, and a new hash on the open page (typed, or Back and Forward) was ignored."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_browser import finished_game, wait_for_the_replay
from test_table_fixes import HERE, made_game, open_seats

AI = {"kind": "random"}


def hash_is(page, wanted: str) -> None:
    """Wait until the address's hash is `wanted` (the page writes it once the steps stop)."""
    page.wait_for_function(f"() => location.hash === {wanted!r}", timeout=5_000)


def test_the_address_follows_the_position_without_filling_the_history(live_server, browser):
    """Audit (stop 52): the address stayed `/replay/ID` (or the `#at=N` it was opened with)
    while the user stepped, so a copied address opened at another position. It follows the
    position now (`#at=N`), by replacing the address: the steps do not fill Back's history."""
    page = browser.new_page()
    game_id = finished_game(page, live_server.url, "kow", {})
    page.goto(f"{live_server.url}/replay/{game_id}")
    expect(page.locator("#where")).to_have_text(re.compile(r"^position 0 of \d+$"))
    last = int(page.locator("#where").inner_text().rsplit(" ", 1)[1])
    assert last >= 3, last
    entries = page.evaluate("() => history.length")
    page.locator("#title").click()  # the page, not the slider, has the keyboard
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#where")).to_have_text(f"position 2 of {last}")
    hash_is(page, "#at=2")
    page.keyboard.press("End")
    hash_is(page, f"#at={last}")
    assert page.evaluate("() => history.length") == entries
    # The address copied opens where the user was.
    copied = page.url
    page.goto("about:blank")
    page.goto(copied)
    expect(page.locator("#where")).to_have_text(f"position {last} of {last}")
    page.close()


def test_a_seats_address_keeps_its_seat_as_the_position_moves(live_server, browser):
    """Audit (stop 52): with `#as=S` the address, once it follows the position, keeps the
    seat the game is seen as (`#as=0&at=1`): the copied address shows what that seat saw."""
    page = browser.new_page()
    made = made_game(page, live_server.url, "kow", [HERE, AI])
    open_seats(page, live_server.url, made)
    page.click("#resign")
    page.click("#resign-yes")
    page.locator("#replay-link").click()
    wait_for_the_replay(page)
    expect(page.locator("#viewer")).to_have_value("0")
    page.locator("#title").click()
    page.keyboard.press("End")
    hash_is(page, "#as=0&at=1")
    page.close()


def test_a_new_hash_on_the_open_page_moves_to_its_position(live_server, browser):
    """Audit (stop 52): typing `#at=5` on the open page, or Back and Forward between such
    addresses, changed nothing on the screen. The page goes to the position of the new hash,
    read as when it opens: past the end is the end; a hash that is no position, the start."""
    page = browser.new_page()
    game_id = finished_game(page, live_server.url, "kow", {})
    page.goto(f"{live_server.url}/replay/{game_id}#at=1")
    expect(page.locator("#where")).to_have_text(re.compile(r"^position 1 of \d+$"))
    last = int(page.locator("#where").inner_text().rsplit(" ", 1)[1])
    assert last >= 3, last
    page.evaluate("() => { location.hash = '#at=3'; }")  # as typed in the address bar
    expect(page.locator("#where")).to_have_text(f"position 3 of {last}")
    assert page.locator("#step").input_value() == "3"
    page.go_back()
    expect(page.locator("#where")).to_have_text(f"position 1 of {last}")
    page.go_forward()
    expect(page.locator("#where")).to_have_text(f"position 3 of {last}")
    page.evaluate("() => { location.hash = '#at=999999'; }")
    expect(page.locator("#where")).to_have_text(f"position {last} of {last}")
    hash_is(page, f"#at={last}")  # the address says where the page is
    page.evaluate("() => { location.hash = '#at=-2'; }")
    expect(page.locator("#where")).to_have_text(f"position 0 of {last}")
    # a seat in the new hash shows the game as that seat saw it
    page.evaluate("() => { location.hash = '#as=1&at=2'; }")
    expect(page.locator("#where")).to_have_text(f"position 2 of {last}")
    expect(page.locator("#viewer")).to_have_value("1")
    page.close()


def test_an_address_asking_for_what_is_not_there_says_at_once_what_is_shown(live_server,
                                                                           browser):
    """Audit (stop 60): opened at `#as=7&at=99999` (no seat 7, no such position), the page
    showed a spectator at the end, as it should, but the address kept asking for seat 7 and
    position 99999 until the first step: a copied address said what was not on screen."""
    page = browser.new_page()
    game_id = finished_game(page, live_server.url, "kow", {})
    page.goto(f"{live_server.url}/replay/{game_id}#as=7&at=99999")
    expect(page.locator("#where")).to_have_text(re.compile(r"^position (\d+) of \1$"))
    last = int(page.locator("#where").inner_text().rsplit(" ", 1)[1])
    hash_is(page, f"#at={last}")
    page.goto(f"{live_server.url}/replay/{game_id}#at=-1")
    expect(page.locator("#where")).to_have_text(f"position 0 of {last}")
    hash_is(page, "#at=0")
    page.close()
