"""`warroom replay` without `--as` of a game in play on a hidden map counts no actions: a
player may watch too, and the count would tell how many moves others made out of sight."""

from __future__ import annotations

import json
import subprocess

import pytest
from test_hotseat_audit47 import WARROOM

from warroom.agents import make_agents
from warroom.engine import Record, play_game
from warroom.games import get_game

CUT = 250


def in_play(tmp_path, options: dict) -> str:
    """A save of a Viktory II game of two heuristic players after CUT actions."""
    game = get_game("viktory-ii")
    record = play_game(game, game.config(options), 0,
                       make_agents(["heuristic"] * 2, game, 0)).record
    assert len(record.actions) > CUT
    cut = Record(record.game, record.version, record.config, record.seed,
                 record.actions[:CUT], {"players": ["heuristic", "heuristic"]},
                 files=record.files)
    path = tmp_path / "in_play.json"
    cut.save(path)
    return str(path)


def replay(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([WARROOM, "replay", *args], capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("hidden", ["dark", "independent"])
def test_a_spectator_replay_of_a_hidden_game_in_play_counts_no_actions(tmp_path, hidden):
    """Audit (stop 68): `warroom replay` of a dark game in play, without `--as`, ended with
    "(unfinished: 250 actions so far)", and `--json` gave `"actions": 250` and each event's
    action index: the gaps between public events counted the moves made out of sight, which
    a seat's view (`--as`) hides. A spectator's replay of such a game hides them alike."""
    save = in_play(tmp_path, {hidden: True})
    text = replay(save)
    assert text.returncode == 0, text.stderr
    assert text.stdout.rstrip().splitlines()[-1] == "(unfinished: the game is in play)"
    assert str(CUT) not in text.stdout.rstrip().splitlines()[-1]
    data = json.loads(replay(save, "--json").stdout)
    assert data["actions"] is None and data["events"]
    assert {event["action"] for event in data["events"]} == {None}


def test_a_spectator_replay_of_an_open_game_in_play_still_counts(tmp_path):
    """Audit (stop 68): on an open map nothing is made out of sight: the count stays."""
    save = in_play(tmp_path, {})
    text = replay(save)
    assert text.stdout.rstrip().splitlines()[-1] == f"(unfinished: {CUT} actions so far)"
    data = json.loads(replay(save, "--json").stdout)
    assert data["actions"] == CUT
    assert any(event["action"] is not None for event in data["events"])
