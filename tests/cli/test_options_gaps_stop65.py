"""Audit (stop 65): `warroom options viktory-ii --brief` said radius "from 0 to 10" and
capitals "from 0 to 8", yet 1 is refused for both (a radius-1 map has no room for the
starting hexes; one capital is every player's from the start). The words a Config gives for
bounds with a gap are what the brief form, the full form and the bound's error say."""

from __future__ import annotations

from click.testing import CliRunner

from warroom.cli import cli
from warroom.engine import ConfigError
from warroom.games import get_game


def test_the_brief_form_says_the_gap():
    result = CliRunner().invoke(cli, ["options", "viktory-ii", "--brief"])
    assert result.exit_code == 0, result.output
    lines = {line.split("=")[0]: line for line in result.output.splitlines()}
    assert lines["radius"].endswith("# 0, or from 2 to 10"), lines["radius"]
    assert lines["capitals"].endswith("# 0, or from 2 to 8"), lines["capitals"]


def test_a_bound_error_says_the_same_words():
    game = get_game("viktory-ii")
    try:
        game.config({"radius": 11})
    except ConfigError as exc:
        assert str(exc) == "option 'radius' must be 0, or from 2 to 10, got 11"
    else:
        raise AssertionError("radius 11 was taken")
