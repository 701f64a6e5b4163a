"""An option given twice with --set is refused in one line by every command that takes
--set, as sweep refuses an option varied twice (play used to keep the last value silently)."""

from __future__ import annotations

import pytest

from warroom.cli import main

TWICE = ["--set", "pool_red=3", "--set", " pool_red=4"]


@pytest.mark.parametrize("args", [
    ["play", "kow", "--players", "random,random", "--seed", "1"],
    ["simulate", "kow", "--players", "random,random", "--games", "2", "--db", "x.sqlite"],
    ["sweep", "kow", "--vary", "max_dice=2,3", "--players", "random,random", "--games", "2",
     "--db", "x.sqlite"],
    ["tune", "kow", "--param", "max_dice=2..4", "--target", "length=50", "--players",
     "random,random", "--budget", "4", "--batch", "2", "--db", "x.sqlite"],
    ["tournament", "kow", "--players", "random,random"],
    ["evaluate", "kow", "--players", "random,heuristic", "--games", "2"],
], ids=lambda args: args[0])
def test_an_option_given_twice_is_refused(tmp_path, capsys, args):
    assert main(args + TWICE) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert lines == ["warroom: error: --set pool_red: the option is given twice"]
    assert not (tmp_path / "x.sqlite").exists()


@pytest.mark.parametrize("args", [
    ["viktory", "compare-games", "--games", "2"],
    ["viktory", "compare", "open-field", "--games", "2"],
])
def test_viktory_comparisons_refuse_an_option_given_twice(capsys, args):
    assert main(args + ["--set", "max_rounds=3", "--set", "max_rounds=4"]) == 2
    assert "--set max_rounds: the option is given twice" in capsys.readouterr().err
