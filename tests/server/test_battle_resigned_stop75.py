"""Audit (stop 74, six friends playing Battle in teams): after a resignation the Battle panel
still named the step under way ("Main step") under a header that said "Game over": a
resignation ends the game where the rules stood. The panel says the game is over."""

from __future__ import annotations

from playwright.sync_api import expect
from test_table_fixes import HERE, made_game, open_seats


def test_after_a_resignation_the_battle_panel_says_game_over(live_server, browser):
    page = browser.new_page()
    made = made_game(page, live_server.url, "battle", [HERE, {"kind": "invite"}])
    open_seats(page, live_server.url, made)
    stats = page.locator("#table .panel .stats").first
    expect(stats).to_contain_text("Round 1")
    step = stats.locator("b").nth(2)
    expect(step).not_to_have_text("Game over")  # a step of the turn under way
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#result #headline")).to_contain_text("You lose")
    expect(step).to_have_text("Game over")
    page.close()
