"""Audit (stop 60): a table the organiser closed on `warroom serve` is over, unfinished: the
browser's replay shows it as any seat, but `warroom replay FILE --as 1` of its downloaded
record refused the AI's seat ("the game is not over ... or when the game is over", which a
closed table never will be)."""

from __future__ import annotations

import json
from pathlib import Path

from warroom.cli import main


def _save_in_play(path: Path, capsys, args: list[str], kept: int) -> Path:
    """A finished game played with `args` (after `warroom play`), cut to its first `kept`
    actions, with a person at seat 0: a save of a game in play."""
    assert main(["play", *args, "--save", str(path), "--json"]) == 0
    capsys.readouterr()
    record = json.loads(path.read_text())
    record["actions"] = record["actions"][:kept]
    record.pop("outcome", None)
    record["meta"]["players"][0] = "human"
    path.write_text(json.dumps(record))
    return path


def test_a_closed_tables_record_replays_as_every_seat(tmp_path, capsys):
    path = _save_in_play(tmp_path / "g.json", capsys,
                         ["champions", "--players", "random,heuristic", "--seed", "5"], 8)
    assert main(["replay", str(path), "--as", "1"]) == 2  # a game under way: not the AI's seat
    assert "the game is not over" in capsys.readouterr().err
    record = json.loads(path.read_text())
    record["meta"]["closed"] = {"at": 8, "by": "organiser"}
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--as", "1"]) == 0
    out = capsys.readouterr().out
    assert "the organiser closed the table" in out


def test_a_seats_replay_of_a_game_in_play_counts_no_actions(tmp_path, capsys):
    """Audit (stop 60): `warroom replay FILE --as 0` of a dark Viktory II game in play said
    "(unfinished: 66 actions so far)", and with --json gave `actions` and each event's action
    index: seat 0 learned that player 1 had made 6 moves, 4 of them out of its sight (the
    server keeps that count from every seat). A seat's view of a game in play counts none,
    nor (stop 68) does a spectator's of a game that hides the count: a player may watch."""
    path = _save_in_play(tmp_path / "dark.json", capsys,
                         ["viktory-ii", "--players", "random,random", "--seed", "11", "--set",
                          "dark=true", "--set", "radius=3"], 66)
    assert main(["replay", str(path), "--as", "0"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "(unfinished: the game is in play)" and "66" not in out
    assert main(["replay", str(path), "--as", "0", "--json"]) == 0
    seen = json.loads(capsys.readouterr().out)
    assert seen["actions"] is None and seen["events"]
    assert all(event["action"] is None for event in seen["events"])
    assert main(["replay", str(path), "--json"]) == 0  # a spectator's: not counted either
    watched = json.loads(capsys.readouterr().out)
    assert watched["actions"] is None
    assert all(event["action"] is None for event in watched["events"])
