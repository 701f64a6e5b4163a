"""Audit (stop 79), Battle of 8 at the browser table: the seven other seats' boxes came one a
row, so at a 1280x900 desktop your own seat and your hand began 856 px down, under the fold
(in a draft or sealed game, each box with its piles, further). The others now sit side by
side where the table is wide, one a row on a phone."""

from __future__ import annotations

from test_table_fixes import AI, HERE, made_game, open_seats

BOXES = """() => [...document.querySelectorAll('.seat-area')].map((e) => {
    const r = e.getBoundingClientRect();
    return {text: e.querySelector('h4').innerText, top: r.top, left: r.left, right: r.right,
            bottom: r.bottom};
})"""
HAND = """() => {
    const el = [...document.querySelectorAll('h3')].find((e) => /your hand/i.test(e.innerText));
    return el.closest('section').getBoundingClientRect().bottom;
}"""


def _table(browser, url: str, width: int, height: int):
    page = browser.new_page(viewport={"width": width, "height": height})
    made = made_game(page, url, "battle", [AI, AI, HERE] + [AI] * 5,
                     {"players": 8, "first_player": 2})
    open_seats(page, url, made)
    page.get_by_text("Your hand", exact=False).first.wait_for()
    return page


def test_with_8_players_your_seat_and_hand_are_on_a_desktops_first_screen(slow_ai_server,
                                                                          browser):
    page = _table(browser, slow_ai_server.url, 1280, 900)
    boxes = page.evaluate(BOXES)
    assert [b["text"].split(" ·")[0] for b in boxes] == [
        "Seat 0", "Seat 1", "Seat 3", "Seat 4", "Seat 5", "Seat 6", "Seat 7", "You"]
    others, mine = boxes[:-1], boxes[-1]
    rows = sorted({round(b["top"]) for b in others})
    assert len(rows) == 3, others  # three a row in the table's column
    assert mine["top"] > max(b["bottom"] for b in others)  # your own box under them, whole width
    assert mine["right"] - mine["left"] > 2.5 * (others[0]["right"] - others[0]["left"])
    assert page.evaluate(HAND) <= 900  # the hand on the first screen, not scrolled to
    page.close()


def test_on_a_phone_each_seat_keeps_a_row_of_its_own(slow_ai_server, browser):
    width = 390
    page = _table(browser, slow_ai_server.url, width, 844)
    boxes = page.evaluate(BOXES)
    assert len(boxes) == 8
    assert len({round(b["top"]) for b in boxes}) == 8  # one a row
    assert all(b["right"] <= width for b in boxes)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()
