"""Viktory II audit, stop 51, map files: a start with no land refused only at game creation
(naming a temporary file), a set-up position's `first` player losing turns to the round
limit, and a map's name and description unbounded and unchecked for control characters."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from vik2_helpers import GAME, PLAINS_MAP, capital, position, write_map

from warroom.cli import main
from warroom.engine import DataError
from warroom.games.viktory_ii.mapfile import load_map
from warroom.server.options import Uploads
from warroom.server.store import FileRow

# Radius 3 (rows A to G): the top three rows water. A2's five starting hexes (A1 A2 A3 B2 B3)
# and A3's, the default start of player 1 in a 2-player game (A2 A3 A4 B3 B4), are all water.
WATER_TOP = """\
   w w w w
  w w w w w
 w w w w w w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""

PROBLEM = "player 0's starting hexes around A2 hold no land and no drawn tile"


def _water_start(tmp_path: Path, **fields) -> str:
    return write_map(tmp_path, WATER_TOP, name="water", players=2, **fields)


def test_a_start_with_no_land_is_refused_when_the_map_is_loaded(tmp_path):
    """Audit (stop 51): "Every problem is one line naming the file and the field" (README, Map
    files). A map whose starting hexes hold no land and no `?` tile passed the loader and the
    Config, and failed at game creation. The loader refuses it, naming the file as given and
    the field; so does the Config, the error about option `map`."""
    path = _water_start(tmp_path, starts=["A2", "G2"])
    with pytest.raises(DataError) as caught:
        load_map(path)
    assert str(caught.value) == f"{path}: field starts.0: {PROBLEM}"
    with pytest.raises(DataError) as caught:
        GAME.config({"map": path})
    assert caught.value.option == "map"
    assert str(caught.value) == f"{path}: field starts.0: {PROBLEM}"


def test_a_default_start_with_no_land_is_refused_by_the_config(tmp_path):
    """Audit (stop 51): "Every problem is one line naming the file and the field" (README, Map
    files). With no `starts`, the default starting hexes (which depend on the player count)
    are checked when the Config is made, not when the game is created."""
    path = _water_start(tmp_path)
    load_map(path)  # fine by itself: the default starts depend on the players
    with pytest.raises(DataError) as caught:
        GAME.config({"map": path})
    assert caught.value.option == "map"
    assert str(caught.value) == (f"{path}: field starts: player 1's starting hexes around A3 "
                                 "(the default: the map gives no starts) hold no land and no "
                                 "drawn tile")


def test_play_and_simulate_refuse_a_start_with_no_land_before_anything_starts(
        tmp_path, monkeypatch, capsys):
    """Audit (stop 51): "Every problem is one line naming the file and the field" (README, Map
    files). `warroom play` printed the header, then an error naming a temporary copy of the
    file; `simulate` left an empty run in its database. Both refuse the map first, named as
    the user named it, and print nothing else."""
    (tmp_path / "maps").mkdir()
    _water_start(tmp_path / "maps", starts=["A2", "G2"])
    monkeypatch.chdir(tmp_path)
    line = f"warroom: error: maps/water.yaml: field starts.0: {PROBLEM}"
    common = ["--players", "random,random", "--set", "map=maps/water.yaml",
              "--set", "turn_limit=1"]
    for args in (["play", "viktory-ii", "--seed", "1", *common],
                 ["simulate", "viktory-ii", "--games", "2", "--db", "s.sqlite", *common]):
        capsys.readouterr()
        assert main(args) == 2
        said = capsys.readouterr()
        assert said.out == ""
        assert [x for x in said.err.splitlines() if x.strip()] == [line]
    assert not list(tmp_path.glob("s.sqlite*"))


class _NoFiles:
    """A store with no uploaded file."""

    def file(self, sha: str) -> None:
        return None


def test_the_lobby_refuses_the_upload_of_a_start_with_no_land(tmp_path):
    """Audit (stop 51): "Every problem is one line naming the file and the field" (README, Map
    files). The lobby accepted the upload, then failed at game creation naming the server's
    temporary path: its loader refuses the file, named as uploaded."""
    content = Path(_water_start(tmp_path, starts=["A2", "G2"])).read_bytes()
    uploads = Uploads(_NoFiles())  # type: ignore[arg-type]
    row = FileRow("0" * 64, "viktory-ii", "map", "water.yaml", content)
    try:
        with pytest.raises(DataError) as caught:
            uploads.check(GAME.data_options["map"], row, "map")
    finally:
        uploads.close()
    assert caught.value.option == "map"
    assert str(caught.value) == f"water.yaml: field starts.0: {PROBLEM}"


def _turns(state) -> list[tuple[int, int]]:
    """(round, player) of each turn of a game played at random to its end."""
    rng = random.Random(0)
    turns = [(state.round, state.player)]
    while not state.is_terminal():
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
        if state.turns_taken > len(turns) and not state.is_terminal():
            turns.append((state.round, state.player))
    return turns


@pytest.mark.parametrize("limit", [1, 2])
def test_a_round_begins_with_the_player_who_moved_first(tmp_path, limit):
    """Audit (stop 51): "`turn_limit` | 60 | full rounds after which the game ends" and
    "`first`: who moves first in a set-up position" (README). With `first: 1` a round began
    when play passed to player 0: with turn_limit=1 player 0 never moved, with 2 it moved once
    to player 1's twice. Every player has a turn in each of the rounds."""
    pieces = [capital("A2", 0, infantry=1), capital("G2", 1, infantry=1)]
    state = position(tmp_path, pieces, first=1, turn_limit=limit)
    turns = _turns(state)
    expected = [(r, p) for r in range(1, limit + 1) for p in (1, 0)]
    assert turns == expected
    assert state.outcome().details["rounds"] == limit


def test_a_map_name_is_one_short_line(tmp_path):
    """Audit (stop 51): "Every problem is one line naming the file and the field" (README, Map
    files). A map's name and description, shown in the header and kept in records, took any
    length and control characters (a 5,000-character name, an escape sequence); they are
    limited as a deck's or a scenario's are."""
    cases = [
        ({"name": "x" * 61}, "field name: String should have at most 60 characters"),
        ({"description": "x" * 2001},
         "field description: String should have at most 2000 characters"),
        ({"name": "Du\x1b[31mel"}, "field name: a control character ('\\x1b' at"),
        ({"description": "Du\x1b[31mel"}, "field description: a control character"),
    ]
    for i, (fields, message) in enumerate(cases):
        path = tmp_path / f"bad{i}.yaml"
        path.write_text(yaml.safe_dump({"name": "Duel", "tiles": PLAINS_MAP, **fields}))
        with pytest.raises(DataError) as caught:
            load_map(path)
        assert str(caught.value).startswith(f"{path}: {message}")
    path = write_map(tmp_path, name="x" * 60, description="Two players.\nA small map.")
    assert load_map(path).name == "x" * 60
