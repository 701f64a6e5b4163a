"""Audit (stop 65), in the browser: the lobby of a classroom's server, with a game in play
older than a hundred games that are over."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_lobby_page import lobby
from test_organiser_close_stop57 import BEARER, TOKEN

from conftest import LiveServer


def test_the_lobby_keeps_a_game_in_play_reachable_and_pages_through_the_rest(db, browser):
    """Audit (stop 65): a teacher started a kow game (a seat here, one heuristic), then 100
    quick games ended; the lobby listed the 100 newest, all over, said "The 100 newest of
    ... games." with no way to see more, and the teacher's game, whose row is the way back
    to the seat held on this device, was on none of them. It is listed first, with its play
    link, and "Show older games" / "Show newer games" page through the rest."""
    with LiveServer(db, ai_processes=0, create_every=0, organiser_token=TOKEN) as server:
        page = browser.new_page()
        lobby(page, server.url, "kow")  # seat 0 here, seat 1 the heuristic AI
        page.click("#start")
        page.wait_for_url(re.compile(r"/game/\w+#t="))
        teacher = page.url.split("/game/")[1].split("#")[0]
        for _ in range(100):  # games over since (closed: over, as finished ones are)
            made = page.request.post(server.url + "/api/games", data={
                "game": "kow", "seats": [{"kind": "invite"}, {"kind": "invite"}]}).json()
            closed = page.request.post(f"{server.url}/api/games/{made['id']}/close",
                                       headers=BEARER)
            assert closed.ok, closed.text()
        oldest = page.request.get(server.url + "/api/games?limit=1&offset=100").json()
        lobby(page, server.url)
        rows = page.locator("#games tr")
        expect(rows).to_have_count(100)
        expect(rows.first).to_have_attribute("data-game", teacher)
        expect(rows.first.locator("td.go a")).to_have_text(["play"])
        assert "#t=" in rows.first.locator("td.go a").get_attribute("href")
        expect(page.locator("#older")).to_have_text(
            "Every game in play (1), then the newest of the rest: 100 of 101 games.")
        expect(page.locator("#newer")).to_be_disabled()
        page.click("#more")
        expect(page.locator("#older")).to_have_text("Games 101 to 101 of 101.")
        expect(rows).to_have_count(1)
        expect(rows.first).to_have_attribute("data-game", oldest["games"][0]["id"])
        expect(page.locator("#more")).to_be_disabled()
        page.click("#newer")
        expect(rows).to_have_count(100)
        expect(rows.first).to_have_attribute("data-game", teacher)
        page.close()
