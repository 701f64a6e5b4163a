"""Audit (stop 74, six friends playing Battle in teams): the result named the winning seats
("Seats 0 and 2 win"), never the team, though the game's own words name teams ("team 1's
castle"). A team's win names the team, at the table, in the replay and in the lobby."""

from __future__ import annotations

from playwright.sync_api import expect
from test_browser import finished_game
from test_lobby_page import lobby


def test_the_result_words_name_a_winning_team(live_server, browser):
    page = browser.new_page()
    page.goto(live_server.url + "/")
    texts = page.evaluate("""async () => {
        const kit = await import("/static/kit.js");
        const sides = [[0, 2], [1, 3]];
        const say = (seat, winners, s = sides) => kit.outcomeText({ seat, outcome: { winners } },
                                                                 {}, s);
        return [say(1, [0, 2]), say(null, [1, 3]), say(0, [0, 2]), say(null, [0, 2], []),
                say(null, [0, 1]), say(null, [1], [[0], [1]]), say(0, [])];
    }""")
    assert texts == ["You lose - team 0 (seats 0 and 2) wins", "Team 1 (seats 1 and 3) wins",
                     "You win, with seat 2", "Seats 0 and 2 win",  # no teams: seats
                     "Seats 0 and 1 win",  # not one team's members
                     "Seat 1 wins", "A draw"]
    page.close()


def result_says(page, url: str, game_id: str, line: str, said: str) -> None:
    """The finished game's result `line` (its class: "headline", "scores") reads `said` on a
    spectator's table and at its replay's last position."""
    page.goto(f"{url}/game/{game_id}")  # a spectator's page
    expect(page.locator(f"#result .{line}")).to_have_text(said, timeout=10_000)
    page.goto(f"{url}/replay/{game_id}")
    page.wait_for_selector("#table .panel")
    page.click("#last")
    expect(page.locator(f"#result .{line}")).to_have_text(said, timeout=10_000)


def test_a_team_game_played_to_its_end_names_the_team_that_won(live_server, browser):
    page = browser.new_page()
    game_id = finished_game(page, live_server.url, "battle", {"players": 4, "teams": "alliance"})
    summary = page.request.get(f"{live_server.url}/api/games/{game_id}").json()
    winners = summary["outcome"]["winners"]
    team = next(i for i, side in enumerate(summary["sides"]) if sorted(side) == sorted(winners))
    said = f"Team {team} (seats {winners[0]} and {winners[1]}) wins"
    result_says(page, live_server.url, game_id, "headline", said)
    lobby(page, live_server.url)
    row = page.locator(f"tr[data-game='{game_id}'] td").nth(1)
    expect(row).to_contain_text(f"Team {team} won: seat {winners[0]} (random) and seat "
                                f"{winners[1]} (random)")
    page.close()
