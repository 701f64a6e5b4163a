"""Audit (stop 61): the "play with them" line a tune prints added `--set players=2` for
champions, an option the user never gave (the tune sets it from --players); and the
`{game, options}` file `--out` writes could not be fed back to any command, without a word
saying how to use it. The line now holds only the options the user set or the tune chose (the
player count where the game's default differs), and the file opens with it as a comment."""

from __future__ import annotations

import shlex

import yaml

from warroom.cli import main
from warroom.games import REGISTRY
from warroom.sim.tune import make_plan

TUNE = ["tune", "champions", "--param", "hand_size=8..20", "--param", "cavalry=always|attacking",
        "--target", "first_player_win=0.5", "--set", "roshambo=random", "--players",
        "random,random", "--budget", "4", "--batch", "4"]


def test_the_play_line_and_the_options_file_hold_only_what_the_user_set_or_tune_chose(
        tmp_path, capsys):
    """Audit (stop 61): `play with them: warroom play champions --set roshambo=random --set
    players=2 --set hand_size=15 --set cavalry=always`; best.yaml said nothing of how to use
    it."""
    out = tmp_path / "best.yaml"
    assert main([*TUNE, "--db", str(tmp_path / "t.sqlite"), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    line = next(x for x in printed.splitlines() if x.startswith("play with them: "))
    command = shlex.split(line.removeprefix("play with them: "))
    assert command == ["warroom", "play", "champions", "--set", "roshambo=random", "--set",
                       "hand_size=15", "--set", "cavalry=always"]
    text = out.read_text()
    first, second = text.splitlines()[:2]
    assert first == "# no warroom command reads this file; play these values with:"
    assert shlex.split(second.removeprefix("# ")) == command
    assert yaml.safe_load(text) == {"game": "champions",
                                    "options": {"hand_size": 15, "cavalry": "always"}}


def test_a_player_count_other_than_the_default_stays_in_the_play_line(tmp_path):
    """Audit (stop 61): `play` seats the default number of players, so a tune of three
    players keeps `players=3` in the line."""
    plan = make_plan(REGISTRY["battle"], (), ("hand_size=5..9",), "seat0_win=0.3",
                     "random,random,random", 0, 4, 4, tmp_path / "t.sqlite")
    assert plan.play_command({"hand_size": 6}) == ["warroom", "play", "battle", "--set",
                                                    "players=3", "--set", "hand_size=6"]
