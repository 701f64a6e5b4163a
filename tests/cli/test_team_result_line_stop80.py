"""The terminal's result line names a team's shared score once (Battle "as one": one castle a
team), as the browser's result does (tests/server/test_team_scores_stop80.py); an alliance's
members keep castles of their own, and their points seat by seat."""

from __future__ import annotations

import re

import pytest

from warroom.cli import main


@pytest.mark.parametrize("teams, scores", [
    ("as-one", r"castle points left: team 0 \d, team 1 \d"),
    ("alliance", r"castle points left: \d, \d, \d, \d"),
    ("none", r"castle points left: \d, \d, \d, \d")])
def test_the_result_line_names_a_teams_shared_score_once(capsys, teams, scores):
    assert main(["play", "battle", "--players", "random,random,random,random", "--set",
                 f"teams={teams}", "--seed", "3"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert re.search(rf"; {scores}$", last), last
    if teams == "as-one":  # the losing team's castle has taken its 5 hits, the winner's not
        found = re.search(r"team 0 (\d), team 1 (\d)$", last)
        assert found and sorted(int(n) > 0 for n in found.groups()) == [False, True], last
