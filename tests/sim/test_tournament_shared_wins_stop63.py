"""Audit (stop 63): a tournament organiser's 3-player Viktory II matches."""

from __future__ import annotations

import random

from warroom.sim.tournament import Match, TournamentSpec, _decide, run_tournament


def test_a_shared_win_counts_before_the_score_and_the_lot():
    """Audit (stop 63): a game two players won together (Viktory II's turn limit, a tie at the
    top) was a win for nobody, so a match of such games went to the score (capitals held,
    equal) and then to lot among all three: in 4 of 7 such matches the lot sent on the player
    who had won nothing. A shared win now decides before the score, and the lot is drawn only
    among those still tied."""
    m = Match(units=[0, 1, 2], wins={0: 0, 1: 0, 2: 0}, shared={0: 1, 1: 0, 2: 1},
              scores={0: 1.0, 1: 1.0, 2: 1.0})
    assert {_decide(m, 1, random.Random(k)) for k in range(30)} == {(0, "lot"), (2, "lot")}
    m.shared = {0: 2, 1: 0, 2: 1}
    assert _decide(m, 2, random.Random(0)) == (0, "shared wins")
    m.wins = {0: 0, 1: 1, 2: 0}  # a game won alone still counts first
    assert _decide(m, 2, random.Random(0)) == (1, "most wins")


def test_the_tournament_counts_the_games_won_together():
    """Audit (stop 63): the match's JSON says who shared a win (`shared`), and a unit that
    never won, alone or together, is never the winner of a match someone won."""
    spec = TournamentSpec("viktory-ii", {"turn_limit": 2}, ("random",) * 7, match_size=3,
                          seed=4)
    t = run_tournament(spec)
    matches = [m for r in t.rounds for m in r.matches]
    together = [m for m in matches if any(len(g.winners) > 1 for g in m.games)]
    assert together, "no game of this seed was won by two units together"
    for m in matches:
        for g in m.games:
            for u in g.winners if len(g.winners) > 1 else ():
                assert m.shared[u] >= 1
        if any(m.wins.values()) or any(m.shared.values()):
            assert m.wins[m.winner] or m.shared[m.winner], m
    assert "shared" in t.to_json()["rounds"][0]["matches"][0]


def test_a_champion_whose_final_no_game_decided_says_how_it_was(capsys):
    """Audit (stop 63): a Word & Iron final of two draws (every battle stopped at
    max_rounds=1), decided by lot, printed a plain "Champion: 2:random", as if won."""
    from warroom.cli import main

    assert main(["tournament", "word-iron", "--players", "random,random", "--set",
                 "max_rounds=1", "--seed", "3"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("Champion: ") and last.endswith(
        ("(the final decided by score)", "(the final decided by lot)")), last


def test_individuals_in_a_team_game_are_told_to_enter_teams(capsys):
    """Audit (stop 63): `tournament battle --players h,h,r,r --set teams=alliance` said only
    Battle's "teams are played by four or six players (... players=2)", though the README
    promises a line saying to add --teams (it came only with --match-size 4 too)."""
    from warroom.cli import main

    assert main(["tournament", "battle", "--players", "heuristic,heuristic,random,random",
                 "--set", "teams=alliance"]) == 2
    assert capsys.readouterr().err.strip() == (
        "warroom: error: battle with these options is played in teams of 2: add --teams 2 "
        "(consecutive entrants form a team), or --set the game's team option off")
