"""Audit (stop 74, a club reading replays on phones): at a finished game's last position the
phone's bar said only "position 165 of 165": who won was in the result panel, three screens
down. On a phone the bar says it at the end; on a wide screen the result panel beside the
table does."""

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
    where = page.locator("#where")
    expect(where).to_have_text(re.compile(r"^position (\d+) of \1 · "))
    assert where.inner_text().endswith(" · " + headline.inner_text()), where.inner_text()
    page.locator("#prev").click()  # not the end: the position alone
    expect(where).to_have_text(re.compile(r"^position \d+ of \d+$"))
    context.close()
    wide = browser.new_page()
    wide.goto(f"{seeded_server.url}/replay/{game_id}#at=999999")
    expect(wide.locator("#result .headline")).to_have_text(re.compile(r"win|draw"))
    expect(wide.locator("#where")).to_have_text(re.compile(r"^position (\d+) of \1$"))
    wide.close()
