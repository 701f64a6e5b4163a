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
    # without teams, the seats given still disagree with the match's size, as before
    assert main(["tournament", "battle", "--players", "random,heuristic", "--set",
                 "players=4"]) == 2
    assert "--set players=4 disagrees with --match-size 2" in capsys.readouterr().err
