"""Audit (stop 55): resuming a save, a person could take over a seat an AI had played from the
start and be shown at once what it held (its hand, its secret choices), the very view `replay
--as` refuses of a game not over; or take it and quit at once, after which `replay --as` showed
it, `meta.players` now naming a person there. Each test failed before the change."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from cli_errors import one_line_error
from warroom.cli import main


@pytest.fixture(scope="module")
def champions_save(tmp_path_factory) -> dict:
    """A finished champions game's record (heuristic, heuristic; seed 3), as JSON."""
    path = tmp_path_factory.mktemp("save") / "champions.json"
    assert main(["play", "champions", "--players", "heuristic,heuristic", "--seed", "3",
                 "--save", str(path), "--json"]) == 0
    return json.loads(path.read_text())


def _part(save: dict, folder: Path, players: list[str], **meta) -> Path:
    """The game cut to its first 4 actions (not over), played by `players`."""
    data = json.loads(json.dumps(save))
    data["actions"] = data["actions"][:4]
    data["meta"].update(players=players, **meta)
    path = folder / "part.json"
    path.write_text(json.dumps(data))
    return path


def test_a_person_may_not_take_a_seat_an_ai_played_from_the_start(champions_save, tmp_path,
                                                                   capsys):
    path = _part(champions_save, tmp_path, ["human", "heuristic"])
    before = path.read_bytes()
    assert main(["play", "champions", "--resume", str(path), "--players", "heuristic,human"
                 ]) == 2
    error = one_line_error(capsys)
    assert ("player 1 has been an AI's since the start ('heuristic' first) and the game is "
            "not over: a person taking its seat would see what it holds") in error, error
    assert path.read_bytes() == before  # refused before anything is written


def test_a_seat_a_person_played_first_may_come_back_to_a_person(champions_save, tmp_path,
                                                                 capsys, monkeypatch):
    """Seat 0 was a person's, then the heuristic's (`players_changed`): the person takes it
    back. Seat 1 stays the AI's."""
    path = _part(champions_save, tmp_path, ["heuristic", "heuristic"],
                 players_changed=[{"seat": 0, "at": 2, "was": "human", "now": "heuristic"}])
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "champions", "--resume", str(path), "--players", "human,heuristic",
                 "--save", str(tmp_path / "next.json")]) == 130
    capsys.readouterr()
    assert main(["replay", str(path), "--as", "0"]) == 0


def test_replay_refuses_the_view_of_a_seat_an_ai_played_first_though_a_person_has_it_now(
        champions_save, tmp_path, capsys):
    """A save an older version let a person take over (meta.players names a person, the
    history the AI it replaced): its view is still the AI's, not the person's."""
    path = _part(champions_save, tmp_path, ["human", "human"],
                 players_changed=[{"seat": 1, "at": 4, "was": "heuristic", "now": "human"}])
    assert main(["replay", str(path), "--as", "1"]) == 2
    assert "player 1 is 'heuristic': its view would show" in one_line_error(capsys)
    assert main(["replay", str(path), "--as", "0"]) == 0


def test_a_save_is_resumed_without_naming_its_game(champions_save, tmp_path, capsys):
    """Audit (stop 55): `warroom play --resume save.json` said "Missing argument 'GAME'"
    though the save names its game; GAME may be left out with --resume (and a GAME that
    is not the save's is refused, as before)."""
    path = _part(champions_save, tmp_path, ["heuristic", "heuristic"])
    assert main(["play", "--resume", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "champions"
    assert main(["play"]) == 2
    assert "Missing argument 'GAME' (or --resume FILE" in one_line_error(capsys)
