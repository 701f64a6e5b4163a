"""Audit (stop 74, Battle in teams): the result line named the winning seats, never their
team ("Result: player 0 (random), player 2 (random) - last team standing"); it names the
team as the game's log numbers teams, in `play`, `replay` and `replay --json`."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from warroom.cli import cli

TEAMS = ["--set", "players=4", "--set", "teams=alliance"]
TEAM_RESULT = re.compile(r"Result: team (\d): player (\d) \(random\), player (\d) \(random\) "
                         r"- last team standing")


def test_a_teams_win_names_the_team(tmp_path):
    save = str(tmp_path / "teams.json")
    played = CliRunner().invoke(cli, ["play", "battle", "--players", "random,random,random,random",
                                      "--seed", "3", *TEAMS, "--save", save])
    assert played.exit_code == 0, played.output
    said = TEAM_RESULT.search(played.output)
    assert said, played.output.splitlines()[-1]
    team, a, b = map(int, said.groups())
    assert {a, b} == {p for p in range(4) if p % 2 == team}  # teammates sit apart
    replayed = CliRunner().invoke(cli, ["replay", save])
    assert said.group(0) in replayed.output
    as_json = json.loads(CliRunner().invoke(cli, ["replay", save, "--json"]).stdout)
    assert TEAM_RESULT.match(as_json["result"])


def test_a_win_without_teams_names_the_player_alone():
    played = CliRunner().invoke(cli, ["play", "battle", "--players", "random,random",
                                      "--seed", "3"])
    assert re.search(r"Result: player \d \(random\) - last player standing", played.output)
