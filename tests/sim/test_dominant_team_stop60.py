"""The statistician's audit (stop 60) of the dominant-strategy verdict: in a team run it
credited one partner with the team's wins, and it did not say which test its p was."""

from __future__ import annotations

from test_first_player_upsets_stop60 import ALLIANCE, alliance_games

from warroom.sim.analysis import analyse_games
from warroom.sim.store import RunInfo

TWO = RunInfo(1, "battle", "1", {}, ["a", "b"], 0, True, 4, None, None, "now")


def test_a_dominant_team_is_named_with_both_partners_and_its_test():
    """Audit (stop 60): in a 4-player alliance run the verdict said "heuristic (player 0) ...
    it dominates, significant (p < 0.001)" while its partner random (player 2) had the same
    98.3 % (96.2-99.3 %) and was not named, and the p-value's test went unnamed. Now the
    verdict names the team, both partners, and the chi-square test of equal shares."""
    verdict = analyse_games(ALLIANCE, alliance_games()).strategy_verdict()
    assert verdict == (
        "dominant strategy: the team heuristic (player 0) + random (player 2), who always won "
        "and lost together, wins 98.3 % (96.2-99.3 %) of 300 games (fair share 50.0 %): it "
        "dominates, significant (p < 0.001) by the chi-square test of equal shares")


def test_a_few_games_verdict_names_the_exact_test():
    """Audit (stop 60): in a few games the test of equal shares is exact, not chi-square; the
    verdict names the one that gave its p."""
    games = [{"index": g, "seed": g, "seating": [g % 2, 1 - g % 2],
              "winner_seats": [g % 2], "scores": [0, 0], "reason": "r", "length": 10,
              "first_player": 0, "metrics": {}} for g in range(4)]
    verdict = analyse_games(TWO, games).strategy_verdict()
    assert verdict.startswith("dominant strategy: none; the strongest, a (player 0) wins ")
    assert verdict.endswith("not significant (p = 0.125) by the exact test of equal shares")


def test_a_sweeps_dominant_team_is_named_with_both_partners():
    """Review (stop 60): the summary of several runs (a sweep's cells) listed "dominant
    strategy: in 1 of 1 ... : heuristic (player 0)" for the alliance run, crediting one
    partner as the run's own verdict did before; it names the team as the run's verdict does."""
    from warroom.sim.report import questions_section

    section = questions_section([("teams=alliance", analyse_games(ALLIANCE, alliance_games()))],
                                "cell")
    dominant = next(v for v in section.verdicts if v.startswith("dominant strategy"))
    assert dominant.endswith("teams=alliance: heuristic (player 0) + random (player 2))"), \
        dominant
