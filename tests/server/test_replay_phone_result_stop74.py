"""Audit (stop 74, a club reading replays on phones): at a finished game's last position the
phone's bar said only "position 165 of 165": who won was in the result panel, three screens
down. On a phone a line of the bar says it at the end; on a wide screen the result panel
beside the table does."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_audit54_phone import phone
from test_replay_paging import finished, live_client


def test_a_phones_replay_says_who_won_at_the_end(seeded_server, browser):
    with live_client(seeded_server.url) as c:
        game_id = finished(c, "kow", {}, seed=3)
    context, page = phone(browser, {"width": 390, "height": 844})
    page.goto(f"{seeded_server.url}/replay/{game_id}#at=999999")
    headline = page.locator("#result .headline")
    expect(headline).to_have_text(re.compile(r"win|draw"))
    expect(page.locator("#where")).to_have_text(re.compile(r"^position (\d+) of \1$"))
    ended = page.locator("#ended")
    expect(ended).to_be_visible()
    assert ended.inner_text() == headline.inner_text()
    bar = page.locator(".steps").bounding_box()
    box = ended.bounding_box()
    assert bar["y"] <= box["y"] and box["y"] + box["height"] <= 844 + 0.5, (bar, box)
    page.locator("#prev").click()  # not the end: no result
    expect(page.locator("#where")).to_have_text(re.compile(r"^position \d+ of \d+$"))
    expect(ended).to_be_hidden()
    context.close()
    wide = browser.new_page()
    wide.goto(f"{seeded_server.url}/replay/{game_id}#at=999999")
    expect(wide.locator("#result .headline")).to_have_text(re.compile(r"win|draw"))
    expect(wide.locator("#ended")).to_be_hidden()  # the result panel is beside the table
    wide.close()
