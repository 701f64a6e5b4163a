"""What the help and a malformed --set say: the viktory comparisons point to the options of
the game they play (they take no GAME), a --set value without '=' is named as the --set value
it is, and simulate's help says --players is required (as its one-line error does)."""

from __future__ import annotations

import pytest

from cli_errors import one_line_error
from warroom.cli import main


@pytest.mark.parametrize("command, game", [("compare", "viktory"),
                                           ("compare-games", "viktory-ii")])
def test_viktory_comparisons_name_their_game_in_the_set_help(capsys, command, game):
    assert main(["viktory", command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert f"See `warroom options {game}`." in text
    assert "warroom options GAME" not in text


@pytest.mark.parametrize("args", [
    ["play", "battle", "--players", "random,random", "--set", "hand_size"],
    ["simulate", "battle", "--players", "random,random", "--games", "2", "--set", "hand_size"],
    ["evaluate", "battle", "--players", "random,heuristic", "--games", "2", "--set", "hand_size"],
    ["viktory", "compare-games", "--games", "2", "--set", "hand_size"],
], ids=lambda args: " ".join(args[:2]))
def test_a_set_value_without_equals_is_named_as_the_set_value(tmp_path, monkeypatch, capsys,
                                                              args):
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    assert one_line_error(capsys) == "warroom: error: --set 'hand_size': must look like key=value"


def test_simulate_help_says_players_is_required_and_its_error_is_one_line(tmp_path, monkeypatch,
                                                                          capsys):
    assert main(["simulate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "one per seat. Required, except with --resume" in text
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "kow", "--games", "2"]) == 2
    assert "--players" in one_line_error(capsys)
    assert not list(tmp_path.iterdir())  # nothing written
