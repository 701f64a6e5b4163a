"""Audit (stop 62): `warroom replay FILE --json` says each resignation among its `events`, at
the place the text replay says it."""

from __future__ import annotations

import json

import pytest
from test_replay_and_resume_stop61 import _cut, _write, kow_save  # noqa: F401 (a fixture)

from warroom.cli import main


def _events(path, capsys, *viewer: str) -> list[dict]:
    assert main(["replay", str(path), *viewer, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["events"]


@pytest.mark.parametrize("viewer", [[], ["--as", "1"]])
def test_replay_json_says_the_resignation_that_ended_the_game_after_the_last_action(
        kow_save, tmp_path, capsys, viewer):  # noqa: F811 (the fixture)
    """Audit (stop 62): a game seat 1 resigned replayed as JSON with events that ended at the
    last move, where `warroom replay` and the table said "Player 1 resigned: the game is
    over". It is the last event now, as the log's other lines are given, with no event of
    the rules nor action behind it."""
    path = _write(tmp_path, "resigned.json",
                  _cut(kow_save, 10, resigned={"seat": 1, "at": 10}))
    events = _events(path, capsys, *viewer)
    said = {"text": "Player 1 resigned: the game is over", "event": None, "action": None}
    assert events[-1] == said and events.count(said) == 1
    assert events[-2]["action"] == 9  # the last action's events before it


def test_replay_json_says_a_seat_resigned_to_the_ai_where_it_happened(
        kow_save, tmp_path, capsys):  # noqa: F811 (the fixture)
    """Audit (stop 62): a server game whose person resigned while the game went on
    (`meta.handed_to_ai`) replayed as JSON with no word of it among its events, where the
    text replay says "Player 1 resigned; the heuristic AI plays the seat on" between the
    events of the actions before it and those after. The JSON says it there too; a seat
    that was away is no resignation."""
    meta = {"players": ["human", "human"],
            "handed_to_ai": [{"seat": 0, "at": 4, "agent": "random", "why": "away"},
                             {"seat": 1, "at": 12, "agent": "heuristic", "why": "resigned"}]}
    path = _write(tmp_path, "handed.json", {**kow_save, "meta": meta})
    events = _events(path, capsys)
    said = {"text": "Player 1 resigned; the heuristic AI plays the seat on", "event": None,
            "action": None}
    assert events.count(said) == 1
    assert [e for e in events if e["event"] is None] == [said]
    at = events.index(said)
    assert events[at - 1]["action"] == 11 and events[at + 1]["action"] == 12
    assert all(e["action"] is None or e["action"] < 12 for e in events[:at])
    assert all(e["action"] >= 12 for e in events[at + 1:])
