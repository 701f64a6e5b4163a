"""Audit (stop 61): the replay page of a game still in play said only "a game can be replayed
once it is over", with no way to its table: the address was a dead end. It says the game is in
play and links to the table, as a spectator (a page without a seat's token may watch any
game): no token is in the link, whoever opened the replay. Once the game is over, the replay
is shown as before and the note is gone."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_browser import create_in_lobby


def test_the_replay_of_a_game_in_play_links_to_its_table(live_server, browser):
    host, guest = (browser.new_context() for _ in range(2))
    page = host.new_page()
    game_id = create_in_lobby(page, live_server.url, "kow", ["here", "invite"])
    other = guest.new_page()
    other.goto(page.locator("#invites input.link").input_value())
    other.wait_for_selector("#table .panel")
    # The seat's own device opens the replay: its token is kept there, and still not linked.
    replay = host.new_page()
    asked: list[str] = []
    replay.on("request", lambda request: asked.append(request.url))
    replay.goto(f"{live_server.url}/replay/{game_id}")
    note = replay.locator("#in-play")
    expect(note).to_be_visible()
    assert note.inner_text().startswith("This game is still in play")
    link = replay.locator("#table-link")
    assert link.get_attribute("href") == f"/game/{game_id}"
    expect(replay.locator("#message")).to_be_hidden()
    assert not any("/replay?" in url for url in asked)  # no position was asked for
    link.click()
    replay.wait_for_url(f"{live_server.url}/game/{game_id}")
    expect(replay.locator("#status")).to_have_text(re.compile(r"^Watching"))
    # Over (seat 1 resigns): the replay is there, its log ending with the resignation.
    other.click("#resign")
    other.click("#resign-yes")
    other.wait_for_selector("#headline")
    replay.goto(f"{live_server.url}/replay/{game_id}")
    replay.wait_for_selector("#table .panel")
    expect(replay.locator("#log li").last).to_have_text("Seat 1 resigned: the game is over")
    expect(replay.locator("#in-play")).to_be_hidden()
    for context in (host, guest):
        context.close()
