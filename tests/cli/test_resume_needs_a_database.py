"""--resume reads a results database: a path with none is a one-line error, and leaves no
empty database behind (sweep and tune made one, then said there was nothing to resume)."""

from __future__ import annotations

import pytest

from warroom.cli import main


@pytest.mark.parametrize("command", [
    ["simulate", "kow", "--players", "random,random", "--games", "2"],
    ["sweep", "kow", "--vary", "max_dice=3,4", "--players", "random,random", "--games", "2"],
    ["tune", "kow", "--param", "max_dice=3..4", "--target", "seat0_win=0.5", "--players",
     "random,random", "--budget", "20", "--batch", "10"],
])
def test_resume_without_a_database_says_so_and_makes_none(tmp_path, capsys, command):
    db = tmp_path / "none.sqlite"
    assert main([*command, "--db", str(db), "--resume"]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if "compiled build" not in line]
    assert err == [f"warroom: error: {db}: no results database to resume from"]
    assert list(tmp_path.iterdir()) == []
