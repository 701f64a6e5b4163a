"""Audit (stop 72): games give every metric as a float (`Game.metrics`), and export wrote a
count as one: kow's `metric.rounds` read 3.0 in the CSV and the JSON lines beside `length`
70 and `scores` 3, 0. A whole number is now written as one; a fraction stays as it is."""

from __future__ import annotations

import csv
import json

from warroom.cli import main
from warroom.sim.export import game_row


def test_a_whole_metric_is_exported_as_an_integer_in_csv_and_json(tmp_path, capsys):
    db = tmp_path / "k.sqlite"
    assert main(["simulate", "kow", "--games", "3", "--players", "heuristic,random",
                 "--db", str(db), "--json"]) == 0
    capsys.readouterr()
    assert main(["export", str(db), "--run", "1"]) == 0
    rows = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert len(rows) == 3
    assert all(r["metric.rounds"].isdigit() and int(r["metric.rounds"]) >= 3 for r in rows)
    assert main(["export", str(db), "--run", "1", "--format", "jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(type(line["metric.rounds"]) is int for line in lines)


def test_a_fractional_metric_keeps_its_fraction():
    game = {"index": 0, "seed": 1, "seating": [0, 1], "winner_seats": [0], "winners": [0],
            "scores_by_seat": [1, 0], "reason": "r", "length": 5, "first_player": 0,
            "metrics": {"share": 2.5, "rounds": 4.0, "missing": None}}
    row = game_row({"run": 1}, _Run(), game, ["share", "rounds", "missing"])
    assert row["metric.share"] == 2.5 and type(row["metric.rounds"]) is int
    assert row["metric.missing"] is None


class _Run:
    players = ["a", "b"]
