"""Audit (stop 80, phones): the sticky header grew from 81 to 103 px each time "Your moves"
came (the seat's turn) and shrank when it went, and the whole table moved 22 px under the
player's finger at every turn. A seat's page keeps the button's room while it is hidden; a
spectator's header, with no button ever, keeps none."""

from __future__ import annotations

from test_phone_follow_stop70 import seat_on_a_phone

HEADER = "document.querySelector('header.top').getBoundingClientRect().height"
SEATED = "document.querySelector('header.top').classList.contains('seated')"


def test_the_header_keeps_its_height_as_your_turn_comes_and_goes(slow_ai_server, browser):
    context, page = seat_on_a_phone(browser, slow_ai_server.url, "kow")
    to_play = page.locator("#table .playable, #table button.act")
    page.wait_for_selector("#jump:not([hidden])")
    yours = page.evaluate(HEADER)
    to_play.first.click()  # the AI's turn now, a minute long (slow_ai_server)
    page.wait_for_selector("#jump", state="hidden")
    assert page.evaluate(HEADER) == yours
    watching = context.new_page()  # a spectator's header has no room kept for the button
    watching.goto(page.url.split("#")[0])  # the table's page without the seat's token
    watching.wait_for_selector("#table .panel")
    assert not watching.evaluate(SEATED)
    context.close()
