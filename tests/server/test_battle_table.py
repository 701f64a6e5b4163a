"""The Battle browser table's seat headings."""

from __future__ import annotations

from table_render import render_table

from warroom.games.battle import GAME

HEADINGS = "[...root.querySelectorAll('h4')].map((e) => e.innerText)"


def test_a_seat_is_on_a_team_only_in_a_game_with_teams(live_server, browser):
    """Every seat read "team 0" / "team 1" in a game without teams, where each plays alone."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    alone = GAME.new_state(GAME.config({}), 1).observation(0)
    teams = GAME.new_state(GAME.config({"players": 4, "teams": "alliance"}), 1).observation(0)
    headings = render_table(page, "battle", alone, HEADINGS)
    assert headings and not any("team" in h for h in headings), headings
    headings = render_table(page, "battle", teams, HEADINGS)
    assert sum("team" in h for h in headings) == 4, headings
    page.close()
