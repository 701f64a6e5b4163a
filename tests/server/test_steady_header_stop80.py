"""Audit (stop 80, phones): the sticky header grew from 81 to 103 px each time "Your moves"
came (the seat's turn) and shrank when it went, and the whole table moved 22 px under the
player's finger at every turn. A seat's page keeps the button's room while it is hidden; a
spectator's header, with no button ever, keeps none."""

from __future__ import annotations

from test_table_fixes import AI, HERE, made_game

PHONE = {"width": 360, "height": 640}
HEADER = "document.querySelector('header.top').getBoundingClientRect().height"
SEATED = "document.querySelector('header.top').classList.contains('seated')"


def test_the_header_keeps_its_height_as_your_turn_comes_and_goes(slow_ai_server, browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    made = made_game(page, slow_ai_server.url, "kow", [HERE, AI])
    page.goto(f"{slow_ai_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    to_play = page.locator("#table .playable, #table button.act")
    to_play.first.wait_for()
    page.wait_for_selector("#jump:not([hidden])")
    yours = page.evaluate(HEADER)
    to_play.first.click()  # the AI's turn now, a minute long (slow_ai_server)
    page.wait_for_selector("#jump", state="hidden")
    assert page.evaluate(HEADER) == yours
    watching = context.new_page()  # a spectator's header has no room kept for the button
    watching.goto(f"{slow_ai_server.url}/game/{made['id']}")
    watching.wait_for_selector("#table .panel")
    assert not watching.evaluate(SEATED)
    context.close()
