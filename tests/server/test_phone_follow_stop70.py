"""The browser table on a phone keeps the next choice of a move in sight (audit, stop 70:
The Game of Champions on phones)."""

from __future__ import annotations

import random

from test_browser import ANSWERS, click_something
from test_table_fixes import AI, HERE, made_game

from ai_pace import quick_beats

PHONE = {"width": 360, "height": 640}
IN_SIGHT = """() => [...document.querySelectorAll('#table .playable, #table button.act')]
  .some((el) => { const b = el.getBoundingClientRect();
                  return b.width > 0 && b.bottom > 0 && b.top < window.innerHeight; })"""
PLAYABLE = "() => document.querySelectorAll('#table .playable, #table button.act').length"
# The questions that follow a seat's own move in the same turn: the attacker's target, the
# Spy's second card, where the General's picked card goes
NEXT = ("Your move: Choose the opponent's battalion", "Your move: Spy: the card",
        "Your move: General: put")


def test_after_a_move_that_asks_for_another_the_next_choice_is_in_sight(seeded_server, browser):
    """Audit (stop 70): after "attack with J♥" the question became "Choose the opponent's
    battalion to attack", the opponent's face cards 500-1,500 px above the screen and nothing
    to tap in sight, 7 to 25 times a game on a 360x640 phone. After the page's own move,
    whenever something is left to play and none of it is in sight, the page goes to it."""
    context, page = seat_on_a_phone(browser, seeded_server.url, "champions", seed=3)
    rng = random.Random(3)
    with quick_beats():  # (the AI's pace is not what is tested: the page's scroll is)
        checked = _follow(page, rng)
    assert checked >= 3
    context.close()


def seat_on_a_phone(browser, url: str, game: str, seed: int | None = None):
    """A 360x640 touch phone's page (following its moves' answers: ANSWERS) holding seat 0
    of a new `game` against the heuristic AI, once it has something to play; its context
    (to close) and page."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.add_init_script(ANSWERS)
    made = made_game(page, url, game, [HERE, AI], seed=seed)
    page.goto(f"{url}/game/{made['id']}#t={made['seats'][0]['token']}")
    page.wait_for_selector("#table .playable, #table button.act")
    return context, page


def _follow(page, rng: random.Random) -> int:
    """Play the seat to the game's end by clicking; the times the move's own next choice was
    asked for, each found in sight."""
    checked = 0
    for _ in range(250):
        if page.locator("#result").is_visible():
            break
        if not click_something(page, rng):
            page.wait_for_timeout(100)
            continue
        # (click_something waited for the move's answer: the prompt is the answer's; the
        # smooth scroll to the next choice may still be under way, as IN_SIGHT allows for)
        asked = page.locator("#prompt").inner_text() if page.locator("#prompt").is_visible() \
            else ""
        if asked.startswith(NEXT) and page.evaluate(PLAYABLE):  # the move's own next choice
            # (within 5 s: a loaded machine's smooth scroll outlasted a fixed wait)
            page.wait_for_function(IN_SIGHT, timeout=5000)
            checked += 1
    return checked


def test_a_champions_advantage_reads_at_14_px_on_a_phone(seeded_server, browser):
    """Audit (stop 70): on an iPhone 13 the face cards' advantages ("once a turn, swaps two
    of the opponent's cards ...") came out at 13.3 px, under the 14 px the stylesheet keeps
    for a phone's text."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.add_init_script(ANSWERS)
    made = made_game(page, seeded_server.url, "champions", [HERE, AI], seed=3)
    page.goto(f"{seeded_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    rng = random.Random(3)
    for _ in range(30):  # past the Roshambo for the deal, to the face cards
        if page.locator("#table .advantage").count():
            break
        click_something(page, rng) or page.wait_for_timeout(100)
    sizes = page.eval_on_selector_all(
        "#table .advantage", "els => els.map((e) => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 14, sizes
    context.close()


def test_your_moves_stays_in_sight_on_a_phone_held_sideways(seeded_server, browser):
    """Audit (stop 70): held sideways (640x360) the header scrolls away with the page, by
    design (the table keeps the height), and "Your moves" went with it: the moves were out of
    sight 25 times in one game with nothing to bring them back. The button stays at the
    screen's top right, and still goes to the moves."""
    from test_audit54_phone import open_seat, phone
    from test_phone_landscape_stop65 import SIDEWAYS

    context, page = phone(browser, SIDEWAYS)
    open_seat(page, seeded_server.url, "champions", seed=3)
    page.wait_for_selector("#jump:not([hidden])")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(200)
    box = page.locator("#jump").bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 360, box
    page.locator("#jump").click()
    page.wait_for_function(IN_SIGHT, timeout=5000)  # a smooth scroll, however slow
    context.close()
