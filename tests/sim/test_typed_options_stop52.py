"""Review (stop 52): every command's JSON typed the options a user set except tournament's,
which kept `--set`'s text ("max_dice": "2") beside sweep's and compare-games' typed values.
One helper (`engine.typed_options`) now types them for all three."""

from __future__ import annotations

import json

from warroom.cli import main
from warroom.engine import typed_options
from warroom.games import get_game


def test_typed_options_reads_the_given_options_as_the_config_holds_them():
    """Review (stop 52): the text `--set` gave becomes the config's value (an int, a list),
    and only the options named are given back."""
    game = get_game("kow")
    config = game.config({"max_dice": "2", "red_faces": "0,0,1,1,1,3"})
    assert typed_options(config, ["max_dice", "red_faces"]) == {
        "max_dice": 2, "red_faces": [0, 0, 1, 1, 1, 3]}
    assert typed_options(config, []) == {}


def test_tournament_json_gives_the_set_options_typed(capsys):
    """Review (stop 52): `tournament --json --set max_dice=2` printed `"max_dice": "2"`."""
    assert main(["tournament", "kow", "--players", "random,random", "--set", "max_dice=2",
                 "--set", "victories_to_win=1", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["config"] == {"max_dice": 2, "victories_to_win": 1}
