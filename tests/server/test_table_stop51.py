"""The table's page as an audit (stop 51) found it: a phone's "Your moves" button shorter than
every other button, that button leaving the keyboard's focus behind, Battle's turn headers
with a seat named twice in nested brackets, and invite links with no name for a screen
reader."""

from __future__ import annotations

import re

from test_browser import ANSWERS, create_in_lobby
from test_browser_table_words import log_of, seat_pages

from warroom.games.battle.render import describe_event

PHONE = {"width": 375, "height": 667}
YOUR_TURN = "document.querySelector('#status').textContent === 'Your turn'"


def phone_table(browser, url: str):
    """A phone's page at its seat's turn in a Battle game against a random seat (seed 1)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.add_init_script(ANSWERS)
    made = page.request.post(f"{url}/api/games", data={
        "game": "battle", "options": {}, "seed": 1,
        "seats": [{"kind": "here"}, {"kind": "random"}]}).json()
    page.goto(f"{url}/game/{made['id']}#t={made['seats'][0]['token']}")
    page.wait_for_selector("#table .panel")
    page.wait_for_function(YOUR_TURN)
    return context, page


def test_your_moves_is_as_tall_as_every_other_button_on_a_phone(seeded_server, browser):
    """Audit (stop 51): on a phone (375 x 667) the header's "Your moves" button was 40 px tall
    (130 x 40), where the server's README says a phone's buttons are 44 px tall: its own rule
    (min-height: 40px) overrode the phone's 44 px for every button. It is 44 px now."""
    context, page = phone_table(browser, seeded_server.url)
    jump = page.locator("#jump")
    assert jump.is_visible()
    assert jump.bounding_box()["height"] >= 44 - 0.5, jump.bounding_box()
    context.close()


def test_your_moves_takes_the_keyboard_to_the_first_move(seeded_server, browser):
    """Audit (stop 51): "Your moves" scrolled to the first thing that can be played but left
    the keyboard's focus on the button: a keyboard or screen-reader user pressing it still
    had the header and the table to Tab through. The focus now goes to that first move."""
    context, page = phone_table(browser, seeded_server.url)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.locator("#jump").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "document.activeElement === document.querySelector('#table .playable, #table button.act')",
        timeout=5000)
    # and the move is on the screen, below the sticky header (the scroll is still done)
    page.wait_for_function(
        "(() => { const r = document.activeElement.getBoundingClientRect();"
        " const top = document.querySelector('header').getBoundingClientRect().bottom;"
        " return r.top >= top - 1 && r.bottom <= innerHeight + 1; })()")
    context.close()


def test_battle_turn_headers_name_the_seat_once_with_no_nested_brackets(live_server, browser):
    """Audit (stop 51): Battle's log headed a turn "--- Round 1, turn 1: seat 0 (you) (seat 0
    (you) skips the first draw step) ---" and "--- Round 3, turn 6: seat 1 (seat 1 draws 1)
    ---": the seat twice, brackets in brackets (the game's line named the turn's players,
    then each again with its draw). Each is named once, with its draw step, on every
    channel: "seat 0 (you) skips the first draw step"."""
    turn = {"event": "turn", "round": 1, "turn": 1}
    assert describe_event({**turn, "players": [0], "drawn": [0]}) == \
        "--- Round 1, turn 1: player 0 skips the first draw step ---"
    assert describe_event({**turn, "round": 3, "turn": 6, "players": [1], "drawn": [1]}) == \
        "--- Round 3, turn 6: player 1 draws 1 ---"
    assert describe_event({**turn, "round": 2, "turn": 3, "players": [0, 2],
                           "drawn": [1, 0]}) == \
        "--- Round 2, turn 3: player 0 draws 1; player 2 has nothing to draw ---"
    # A real game's first header, on each seat's page and a spectator's.
    contexts, pages = seat_pages(browser, live_server.url, "battle")
    for seat, one in zip((0, 1, None), pages):
        one.wait_for_selector("#log li")
        heads = [line for line in log_of(one) if line.startswith("--- Round 1, turn 1:")]
        assert heads, log_of(one)
        m = re.fullmatch(r"--- Round 1, turn 1: [Ss]eat (\d)( \(you\))? skips the first draw"
                         r" step ---", heads[0])
        assert m, heads
        assert bool(m[2]) == (seat is not None and int(m[1]) == seat), heads
    for context in contexts:
        context.close()


def test_the_invite_links_are_named_for_their_seat(live_server, browser):
    """Audit (stop 51): the invite link's field (a read-only input) had no name a screen
    reader could read, and its button was named only "copy". The field is now "invite link
    for seat 1", the button "copy seat 1's invite link" (its visible text still "copy")."""
    page = browser.new_page()
    create_in_lobby(page, live_server.url, "kow", ["here", "invite"])
    page.wait_for_selector("#invites input.link")
    field = page.get_by_role("textbox", name="invite link for seat 1", exact=True)
    assert field.count() == 1
    assert field.input_value().startswith(live_server.url + "/game/")
    button = page.get_by_role("button", name="copy seat 1's invite link", exact=True)
    assert button.count() == 1
    assert button.inner_text() == "copy"
    page.close()
