"""Battle "as one" (stop 79's noticed-and-left): a team shares one castle, yet the result
listed its points seat by seat ("Seat 0 3 · Seat 1 0 · Seat 2 3 · Seat 3 0"), the team's one
number twice. The game says when a team's members share one score (`scores_by_team`), the
lobby and the welcome pass it on, and the result names each team's score once; an alliance,
whose members keep castles of their own, still lists them seat by seat."""

from __future__ import annotations

import pytest
from test_browser import finished_game
from test_team_result_stop75 import result_says

from warroom.agents.base import RandomAgent
from warroom.engine.runner import play_game
from warroom.games import get_game

SAY = """async ([seat, scores, teams]) => {
    const kit = await import("/static/kit.js");
    return kit.scoresText({ seat, score_name: "castle points left",
                            outcome: { winners: [0, 2], scores } }, teams);
}"""


def test_the_scores_line_names_a_teams_shared_score_once(live_server, browser):
    page = browser.new_page()
    page.goto(live_server.url + "/")
    say = lambda seat, scores, teams: page.evaluate(SAY, [seat, scores, teams])  # noqa: E731
    teams = [[0, 2], [1, 3]]
    assert say(1, [3, 0, 3, 0], teams) == (
        "Castle points left: Team 0 (seats 0 and 2) 3 · Your team (with seat 3) 0")
    assert say(None, [3, 0, 3, 0], teams) == (
        "Castle points left: Team 0 (seats 0 and 2) 3 · Team 1 (seats 1 and 3) 0")
    assert say(0, [2, 0, 2, 0, 2, 0], [[0, 2, 4], [1, 3, 5]]) == (
        "Castle points left: Your team (with seats 2 and 4) 2 · Team 1 (seats 1, 3 and 5) 0")
    # by seat without teams, and where members' numbers differ (no shared score to name)
    assert say(0, [3, 0, 3, 0], []) == (
        "Castle points left: You 3 · Seat 1 0 · Seat 2 3 · Seat 3 0")
    assert say(None, [3, 0, 1, 0], teams) == (
        "Castle points left: Seat 0 3 · Seat 1 0 · Seat 2 1 · Seat 3 0")
    page.close()


def test_only_as_one_shares_a_score_and_its_members_scores_agree():
    game = get_game("battle")
    assert game.scores_by_team(game.config({"players": 4, "teams": "as-one"}))
    for values in ({"players": 4, "teams": "alliance"}, {"players": 4}, {}):
        assert not game.scores_by_team(game.config(values)), values
    assert not get_game("kow").scores_by_team(get_game("kow").config({}))
    config = game.config({"players": 6, "teams": "as-one", "team_size": 3})
    sides = game.team_seats(config)
    for seed in range(20):  # what the page relies on: one number for all of a team
        outcome = play_game(game, config, seed, [RandomAgent(game, seed + p) for p in range(6)],
                            keep_record=False).outcome
        assert all(len({outcome.scores[s] for s in side}) == 1 for side in sides), seed


@pytest.mark.parametrize("teams", ["as-one", "alliance"])
def test_a_finished_team_games_result_names_scores_as_the_rules_keep_them(live_server, browser,
                                                                         teams):
    page = browser.new_page()
    game_id = finished_game(page, live_server.url, "battle", {"players": 4, "teams": teams})
    summary = page.request.get(f"{live_server.url}/api/games/{game_id}").json()
    scores = [int(n) for n in summary["outcome"]["scores"]]
    sides = summary["sides"]
    if teams == "as-one":
        assert summary["scores_by_team"] is True
        said = "Castle points left: " + " · ".join(
            f"Team {t} (seats {side[0]} and {side[1]}) {scores[side[0]]}"
            for t, side in enumerate(sides))
    else:
        assert "scores_by_team" not in summary
        said = "Castle points left: " + " · ".join(f"Seat {s} {n}" for s, n in enumerate(scores))
    result_says(page, live_server.url, game_id, "scores", said)
    page.close()
