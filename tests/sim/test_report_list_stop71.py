"""`warroom report DB --list` (audit, stop 71): a designer had no way to find the id of a run,
sweep or tune in a database but the output of the command that made it, and two runs of one
deck file, edited between them, read alike."""

from __future__ import annotations

import json

from cli_errors import one_line_error
from warroom.cli import main


def test_the_list_names_each_run_sweep_and_tune_by_the_id_its_option_takes(tmp_path, capsys):
    db = str(tmp_path / "k.sqlite")
    for seed in ("1", "2"):
        assert main(["simulate", "kow", "--games", "2", "--players", "heuristic,random",
                     "--seed", seed, "--db", db]) == 0
    assert main(["sweep", "kow", "--vary", "max_dice=3,4", "--games", "2", "--players",
                 "heuristic,random", "--db", db]) == 0
    capsys.readouterr()
    before = sorted(tmp_path.iterdir())
    assert main(["report", db, "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["run 1", "run 2", "sweep 1"], lines
    assert "kow, 2 of 2 games, players heuristic,random, seed 2, options the defaults" \
        in lines[1]
    assert "sweep 1: kow, 2 cells (max_dice=3,4), 2 games a cell" in lines[2], lines
    assert sorted(tmp_path.iterdir()) == before  # no report written
    assert main(["report", db, "--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["list"]
    assert [(r["kind"], r["id"]) for r in listed] == [("run", 1), ("run", 2), ("sweep", 1)]
    assert [r["line"] for r in listed] == lines


def test_list_with_a_report_option_is_one_line(tmp_path, capsys):
    db = str(tmp_path / "k.sqlite")
    assert main(["simulate", "kow", "--games", "2", "--players", "heuristic,random",
                 "--db", db]) == 0
    capsys.readouterr()
    assert main(["report", db, "--list", "--run", "1"]) == 2
    assert "--list writes no report" in one_line_error(capsys)
