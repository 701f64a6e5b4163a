"""Audit (stop 64): a tournament of individuals in a team game whose seats were given too."""

from __future__ import annotations


def test_players_given_with_teams_are_told_to_enter_teams(capsys):
    """Audit (stop 64): `tournament battle --players r,h,r,h --set players=4 --set
    teams=alliance` said "--set players=4 disagrees with --match-size 2", a size nobody gave,
    and not the README's hint to add --teams, which the same command without players=4 gives."""
    from warroom.cli import main

    args = ["tournament", "battle", "--players", "random,heuristic,random,heuristic", "--set",
            "teams=alliance"]
    said = []
    for extra in ([], ["--set", "players=4"]):
        assert main([*args, *extra]) == 2
        said.append(capsys.readouterr().err.strip())
    assert said[0] == said[1] == (
        "warroom: error: battle with these options is played in teams of 2: add --teams 2 "
        "(consecutive entrants form a team), or --set the game's team option off"), said
    # without teams, the seats given still disagree with the match's size; said without
    # naming a --match-size nobody typed as if it had been (stop 75), with the fix
    assert main(["tournament", "battle", "--players", "random,heuristic", "--set",
                 "players=4"]) == 2
    assert capsys.readouterr().err.strip() == (
        "warroom: error: --set players=4 disagrees with the match size, 2 players a game "
        "(--match-size, two sides unless given): give --match-size 4, or leave players out")
    assert main(["tournament", "battle", "--players", "random,heuristic", "--set",
                 "players=6"]) == 2
    assert capsys.readouterr().err.strip().endswith(
        "matches are of 2 to 4 players; leave players out")
