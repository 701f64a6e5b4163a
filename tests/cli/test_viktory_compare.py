"""`warroom viktory compare-games`: its help names the modes it plays by default, and an
interval of a count never reaches below 0 (a t interval over two games did: -34.12).
`warroom viktory compare`: what it fights is its own to choose."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from warroom.cli import cli, main
from warroom.cli.viktory import GAME_ROWS, clip_counts

ARGS = ["viktory", "compare-games", "--games", "2", "--players", "random,random"]


def test_help_names_the_default_modes():
    text = " ".join(CliRunner().invoke(cli, ["viktory", "compare-games", "--help"]).output
                    .split())
    assert "each mode of --modes (by default dice and cards)" in text
    assert "hybrid" not in text.split("Options:")[0]


@pytest.mark.parametrize("command", ["compare forest-town", "compare-games"])
def test_games_past_the_bound_are_one_line(capsys, command):
    """compare took it as far as a C size: an OverflowError's traceback."""
    huge = "99999999999999999998"
    assert main(["viktory", *command.split(), "--games", huge]) == 2
    assert capsys.readouterr().err == (
        f"warroom: error: Invalid value for '--games': {huge} is not in the range "
        f"2<=x<=1000000. (see 'warroom viktory {command.split()[0]} --help')\n")


def test_count_intervals_are_clipped_at_zero(capsys):
    assert main(ARGS + ["--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["clipped"]  # two spread-out games: some t interval went below 0
    for figures in result["modes"].values():
        for key, _, _ in GAME_ROWS:
            low, high = figures[key]["ci95"]
            assert 0 <= low <= figures[key]["value"] <= high


def test_the_table_says_an_interval_was_clipped(capsys):
    assert main(ARGS) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "clipped at 0: counts cannot be negative" in out
    assert " -" not in out.replace(" - ", " ")  # no negative bound printed


def test_rates_and_bounds_above_zero_are_left_alone():
    result = {"modes": {"dice": {
        "first_player_win": {"value": 0.5, "ci95": [0.1, 0.9]},
        "rounds": {"value": 5.0, "ci95": [3.0, 7.0]},
        "decisions": {"value": 9.0, "ci95": [-2.0, 20.0]},
        "battles": {"value": 1.0, "ci95": [0.5, 1.5]},
        "captures": {"value": 1.0, "ci95": [0.0, 2.0]},
        "underdog_win": {"value": 0.0, "ci95": [0.0, 0.3]}}}}
    clip_counts(result, GAME_ROWS)
    dice = result["modes"]["dice"]
    assert dice["decisions"]["ci95"] == [0.0, 20.0] and dice["rounds"]["ci95"] == [3.0, 7.0]
    assert result["clipped"] == ["dice.decisions"]


def test_compare_refuses_a_scenario_set_as_an_option(capsys):
    """`--set scenario=OTHER` was silently ignored (SCENARIO won), where `--set mode` is
    refused: both are refused, before any battle."""
    assert main(["viktory", "compare", "naval", "--games", "2", "--set",
                 "scenario=reserves"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("warroom: error: compare fights the scenario given as its SCENARIO "
                            "argument; do not --set scenario\n")


def test_a_deck_given_to_compare_plays_in_the_card_modes_and_the_dice_column_goes_on(
        tmp_path, capsys):
    """A dice battle refuses a deck of its own (it plays no cards): `compare --set deck=FILE`
    would then have failed in its dice column, which is the comparison's baseline."""
    from warroom.games.viktory_battles.cards import deck_path

    deck = tmp_path / "deck.yaml"
    deck.write_text(deck_path("").read_text().replace("hits: 2", "hits: 3", 1))
    assert main(["viktory", "compare", "plains-town", "--games", "4", "--json",
                 "--set", f"deck={deck}"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert list(result["modes"]) == ["dice", "cards", "hybrid"]


def test_a_deck_given_to_compare_games_plays_in_the_card_mode(tmp_path, capsys):
    """As for compare: whole games with dice refuse a deck of their own."""
    from warroom.games.viktory_battles.cards import deck_path

    deck = tmp_path / "deck.yaml"
    deck.write_text(deck_path("").read_text().replace("hits: 2", "hits: 3", 1))
    assert main(["viktory", "compare-games", "--games", "2", "--json", "--set", "radius=3",
                 "--set", "turn_limit=2", "--set", f"deck={deck}"]) == 0
    assert list(json.loads(capsys.readouterr().out)["modes"]) == ["dice", "cards"]
