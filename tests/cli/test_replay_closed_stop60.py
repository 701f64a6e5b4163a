"""Audit (stop 60): a table the organiser closed on `warroom serve` is over, unfinished: the
browser's replay shows it as any seat, but `warroom replay FILE --as 1` of its downloaded
record refused the AI's seat ("the game is not over ... or when the game is over", which a
closed table never will be)."""

from __future__ import annotations

import json
from pathlib import Path

from warroom.cli import main


def _closed_record(tmp_path: Path, capsys) -> Path:
    path = tmp_path / "g.json"
    assert main(["play", "champions", "--players", "random,heuristic", "--seed", "5",
                 "--save", str(path), "--json"]) == 0
    capsys.readouterr()
    record = json.loads(path.read_text())
    record["actions"] = record["actions"][:8]
    record.pop("outcome", None)
    record["meta"]["players"] = ["human", "heuristic"]
    path.write_text(json.dumps(record))
    return path


def test_a_closed_tables_record_replays_as_every_seat(tmp_path, capsys):
    path = _closed_record(tmp_path, capsys)
    assert main(["replay", str(path), "--as", "1"]) == 2  # a game under way: not the AI's seat
    assert "the game is not over" in capsys.readouterr().err
    record = json.loads(path.read_text())
    record["meta"]["closed"] = {"at": 8, "by": "organiser"}
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--as", "1"]) == 0
    out = capsys.readouterr().out
    assert "the organiser closed the table" in out
