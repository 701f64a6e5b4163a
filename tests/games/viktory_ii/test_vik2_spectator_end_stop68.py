"""A finished game on a hidden map is public: a spectator's view of its end shows the whole
map, and so the table of a hotseat, and `warroom replay` without `--as`, show the final
board. A resignation at a hidden map's hotseat hands the seat to the AI there too."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from vik2_helpers import GAME

from warroom.agents import make_agents
from warroom.engine import Record, play_game, to_json
from warroom.engine.record import replay_to_end
from warroom.games.viktory_ii.board import UNKNOWN

WARROOM = str(Path(sys.executable).parent / "warroom")
UNSEEN_CAPITAL = "capital ?"  # the table's words for a capital whose place the viewer does not know
HIDDEN = [({"dark": True}, 0), ({"independent": True}, 1)]


def finished(options: dict, seed: int) -> Record:
    """The record of a game of two heuristic players on a hidden map, played to its end."""
    config = GAME.config(options)
    return play_game(GAME, config, seed, make_agents(["heuristic"] * 2, GAME, seed)).record


def one_short(record: Record) -> Record:
    """`record` without its last action (the winning one), and without its outcome."""
    return Record(record.game, record.version, record.config, record.seed, record.actions[:-1],
                  {"players": ["human", "human"]}, files=record.files)


def warroom(*args: str, typed: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([WARROOM, *args], input=typed, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("options, seed", HIDDEN)
def test_the_spectator_of_a_finished_hidden_game_sees_the_whole_map(options, seed):
    """Audit (stop 68): once a game on a hidden map was over its spectator view still showed
    no hex in sight: no unit, town or city, every capital "?", though the game's record is
    public then. Over, it shows every hex in sight, the terrain any player explored, every
    town and city with its owner, every capital and the reserves; one action before the
    end it is as hidden as before."""
    record = finished(options, seed)
    final = replay_to_end(GAME, record)
    public = final.observation(None)
    assert set(public["fog"]) == {"1"}
    assert sorted(s[0] for s in public["settlements"]) == sorted(final.settled)
    assert public["units"]
    explored = 0
    for mask in final.explored:
        explored |= mask
    for h, letter in enumerate(public["terrain"]):
        unknown = not explored >> h & 1 or final.terrain[h] == UNKNOWN
        assert (letter == "?") == unknown, h
    for q, info in enumerate(public["players"]):
        assert info["capital"] == final.capital[q] and info["reserve"] is not None
    assert UNSEEN_CAPITAL not in GAME.render(public, None)
    in_play = replay_to_end(GAME, one_short(record)).observation(None)
    assert set(in_play["fog"]) == {"0"} and in_play["settlements"] == []
    assert all(info["reserve"] is None for info in in_play["players"])


def test_a_hotseat_s_last_screen_and_the_replay_show_the_final_board(tmp_path):
    """Audit (stop 68): when the winning move of a dark hotseat game was made, the screen was
    cleared and everybody saw the spectator's view: an all-`?` map and "capital ? (held)"
    for every player. The table now sees the final board, and so does `warroom replay`
    without `--as`. (A roomy screen writes "capital B4 (held)", a dense one "capital B4
    held".)"""
    record = finished({"dark": True}, 0)
    cut = one_short(record)
    before = replay_to_end(GAME, cut)
    player, last = record.actions[-1]
    choice = [to_json(a) for a in before.legal_actions(player)].index(last) + 1
    save = tmp_path / "dark.json"
    cut.save(save)
    proc = warroom("play", "--resume", str(save), typed=f"\n{choice}\n")
    assert proc.returncode == 0, proc.stderr
    end = proc.stdout.rsplit("\f", 1)[1]  # the table's screen after the last seat's
    assert "Winner: player 1" in end
    assert UNSEEN_CAPITAL not in end and re.search(r"Player 1: capital [A-K]\d+ \(?held", end)
    shown = warroom("replay", str(save))
    assert shown.returncode == 0, shown.stderr
    assert "Winner: player" in shown.stdout and UNSEEN_CAPITAL not in shown.stdout


def test_resigning_at_a_hidden_map_s_hotseat_of_three(tmp_path):
    """Audit (stop 68): at a hotseat of three on a dark map `resign` was no word the prompt
    knew. Each person who resigns now hands the seat to the heuristic AI (three sides: the
    game goes on), the next seat's screen says so, the AI players play on to the end, the
    table sees the final board, and the save replays, saying who resigned when."""
    save = tmp_path / "three.json"
    proc = warroom("play", "viktory-ii", "--players", "human,human,heuristic", "--set",
                   "dark=true", "--set", "independent=true", "--seed", "1", "--save",
                   str(save), typed="\nresign\n\nresign\n")
    assert proc.returncode == 0, proc.stderr
    screens = proc.stdout.split("\f")
    seat_1 = next(s for s in screens if "Player 1: take the seat" in s)
    assert "Player 0 resigned; the heuristic AI plays the seat on" in seat_1
    assert "No person plays on" in proc.stdout
    assert UNSEEN_CAPITAL not in screens[-1] and "Winner: player" in screens[-1]
    record = Record.load(save)
    assert [(h["seat"], h["why"], h["agent"]) for h in record.meta["handed_to_ai"]] == [
        (0, "resigned", "heuristic"), (1, "resigned", "heuristic")]
    assert record.resigned is None and record.outcome is not None
    shown = warroom("replay", str(save))
    assert shown.returncode == 0, shown.stderr
    for seat in (0, 1):
        assert f"Player {seat} resigned; the heuristic AI plays the seat on" in shown.stdout
