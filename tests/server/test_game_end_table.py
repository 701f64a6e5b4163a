"""What the tables say once a game is over: nothing of a turn that will not come, and a
resignation in the log, where every page and the replay read how the game ended."""

from __future__ import annotations

from playwright.sync_api import expect
from test_browser import finished_game
from test_table_prompt import seat_pages

from ai_pace import quick_beats


def test_a_resignation_ends_the_log_and_the_word_iron_table_asks_no_more(live_server, browser):
    """After a Word & Iron resignation the table still read "Decision: recruit (Seat 0) ·
    50 ranks of power left", and no page's log said the game had been resigned."""
    game_id, (first, second), watching = seat_pages(browser, live_server.url, "word-iron",
                                                  ["here", "invite"], seed=None)
    expect(first.locator("#table")).to_contain_text("Decision: ")
    second.click("#resign")
    second.click("#resign-yes")
    said = {first: "Seat 1 resigned: the game is over", watching: "Seat 1 resigned: the game "
            "is over", second: "You resigned: the game is over"}
    for page, line in said.items():
        page.wait_for_selector("#headline")
        expect(page.locator("#log li").last).to_have_text(line)
        assert "Decision: " not in page.locator("#table").inner_text()
    watching.goto(f"{live_server.url}/replay/{game_id}")
    watching.wait_for_selector("#table .panel")
    # Resigned before any move: the start is the game's only position, and its end (">|" is
    # disabled there: audit, stop 57).
    expect(watching.locator("#where")).to_have_text("position 0 of 0")
    expect(watching.locator("#last")).to_be_disabled()
    expect(watching.locator("#log li").last).to_have_text("Seat 1 resigned: the game is over")


def test_a_finished_game_names_no_seat_to_play_or_holding_the_initiative(live_server,
                                                                        browser):
    """Kings of War kept "· initiative" on a seat and Champions "Playing: You" once the game
    was over."""
    page = browser.new_page()
    for game, options, stale in (("kow", {"victories_to_win": 1}, "initiative"),
                                 ("champions", {}, "Playing: ")):
        with quick_beats():
            game_id = finished_game(page, live_server.url, game, options)
        page.goto(f"{live_server.url}/game/{game_id}")
        page.wait_for_selector("#headline")
        assert stale not in page.locator("#table").inner_text(), game
    page.close()
