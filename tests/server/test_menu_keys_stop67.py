"""A card's pop-up menu of places to go, from the keyboard (stop 67)."""

from __future__ import annotations

from playwright.sync_api import expect
from test_a11y import my_turn, open_game, tab_to

FOCUSED_LABEL = "() => document.activeElement.textContent"


def test_the_arrow_keys_home_and_end_move_through_a_cards_menu(seeded_server, browser):
    """Audit (stop 67): a card's menu of choices took only Tab: the arrow keys, which a list
    that pops up is expected to take (and a screen reader's user presses first), did nothing,
    nor did Home and End."""
    page = open_game(seeded_server, browser, "champions", {"roshambo": "random"}, seed=1)
    assert my_turn(page)
    anchor = tab_to(page, lambda i: i["playable"] and i["inTable"])
    assert anchor and ", or " in anchor["label"], anchor
    page.keyboard.press("Enter")
    expect(page.locator("main .menu")).to_have_count(1)
    labels = page.locator(".menu button").all_inner_texts()
    assert len(labels) >= 3 and labels[-1] == "cancel", labels
    assert page.evaluate(FOCUSED_LABEL) == labels[0]
    page.keyboard.press("ArrowDown")
    assert page.evaluate(FOCUSED_LABEL) == labels[1]
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")  # round from the first to the last
    assert page.evaluate(FOCUSED_LABEL) == "cancel"
    page.keyboard.press("Home")
    assert page.evaluate(FOCUSED_LABEL) == labels[0]
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED_LABEL) == "cancel"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED_LABEL) == labels[-2]
    expect(page.locator(".menu")).to_have_count(1)  # moving through it chose nothing
    assert not page.errors, page.errors
    page.close()
