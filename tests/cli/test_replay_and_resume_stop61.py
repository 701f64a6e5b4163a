"""Audit (stop 61): `replay` and `play --resume` of records that say more than their actions (a
resignation, the players a resume replaced), the cost of `replay --json`, and the order and
channel of a few commands' errors. Each test failed before the change it pins."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import warroom.engine.record as record_module
from cli_errors import one_line_error
from warroom.cli import main

PLAYERS = ["--players", "random,random"]


@pytest.fixture(scope="module")
def kow_save(tmp_path_factory) -> dict:
    """A finished kow game between random players, as JSON."""
    path = tmp_path_factory.mktemp("save") / "kow.json"
    assert main(["play", "kow", *PLAYERS, "--seed", "8", "--save", str(path), "--json"]) == 0
    return json.loads(path.read_text())


def _write(folder: Path, name: str, data: dict) -> Path:
    path = folder / name
    path.write_text(json.dumps(data))
    return path


def _cut(save: dict, at: int, **more: object) -> dict:
    """The save cut to its first `at` actions (so not over by its rules), with `more`."""
    return {**{k: v for k, v in save.items() if k != "outcome"},
            "actions": save["actions"][:at], **more}


def _text_and_events(path: Path, capsys, *viewer: str) -> tuple[list[str], list[dict]]:
    """The text replay's lines, and the --json replay's events of the rules (its
    resignation lines left out: these tests place the text's against them), of the same
    viewer."""
    assert main(["replay", str(path), *viewer]) == 0
    text = capsys.readouterr().out.splitlines()
    assert main(["replay", str(path), *viewer, "--json"]) == 0
    events = json.loads(capsys.readouterr().out)["events"]
    return text, [e for e in events if e["event"] is not None]


@pytest.mark.parametrize("viewer", [[], ["--as", "1"]])
def test_the_log_of_a_resigned_game_says_the_resignation_after_the_last_action(
        kow_save, tmp_path, capsys, viewer):
    """Audit (stop 61): a game a seat resigned (`resigned: {seat, at}`) replayed with a log
    that ended at the last move, never saying that seat 1 resigned, where the table's log
    said "Seat 1 resigned: the game is over". The line follows the last action's events."""
    path = _write(tmp_path, "resigned.json",
                  _cut(kow_save, 10, resigned={"seat": 1, "at": 10}))
    text, events = _text_and_events(path, capsys, *viewer)
    lines = [e["text"] for e in events if e["text"]]
    said = "Player 1 resigned: the game is over"
    assert text.count(said) == 1
    at = text.index(said)
    assert text[at - len(lines):at] == lines  # the whole log before it, nothing between
    assert text[-1] == "Result: player 0 (random) - seat 1 resigned"


def test_a_seat_resigned_to_the_ai_is_said_where_it_happened(kow_save, tmp_path, capsys):
    """Audit (stop 61): a server game whose person resigned while the game went on
    (`meta.handed_to_ai`, why "resigned") replayed with a log that never said so; a note under
    the table alone told it. The line sits between the events of the actions before the
    resignation and those after it; a seat that was away is no resignation."""
    meta = {"players": ["human", "human"],
            "handed_to_ai": [{"seat": 0, "at": 4, "agent": "random", "why": "away"},
                             {"seat": 1, "at": 12, "agent": "heuristic", "why": "resigned"}]}
    path = _write(tmp_path, "handed.json", {**kow_save, "meta": meta})
    text, events = _text_and_events(path, capsys)
    said = "Player 1 resigned; the heuristic AI plays the seat on"
    assert text.count(said) == 1 and not any("Player 0 resigned" in line for line in text)
    before = [e["text"] for e in events if e["text"] and (e["action"] or 0) < 12]
    after = [e["text"] for e in events if e["text"] and (e["action"] or 0) >= 12]
    assert before and after
    at = text.index(said)
    assert text[at - len(before):at] == before
    assert text[at + 1:at + 1 + len(after)] == after


def test_replay_json_replays_the_record_once(kow_save, tmp_path, capsys, monkeypatch):
    """Audit (stop 61): `replay FILE --json` replayed the record twice, once to check it and
    once more to find which action wrote each event: twice the time on a long game. The log's
    length before each action is noted by the first replay."""
    path = _write(tmp_path, "kow.json", kow_save)
    replays = []
    replay = record_module.replay

    def counted(*args, **kwargs):
        replays.append(1)
        return replay(*args, **kwargs)

    monkeypatch.setattr(record_module, "replay", counted)
    assert main(["replay", str(path), "--json"]) == 0
    events = json.loads(capsys.readouterr().out)["events"]
    assert len(replays) == 1
    assert events[-1]["action"] == len(kow_save["actions"]) - 1


@pytest.mark.parametrize("players, problem", [
    (["nonsense:x", "random"], "meta.players[0]: player spec 'nonsense:x': "),
    (["random"], "meta.players: needs 2 players, got 1: ['random']"),
])
def test_resume_with_players_checks_the_saves_own_players(kow_save, tmp_path, capsys,
                                                         players, problem):
    """Audit (stop 61): `play --resume SAVE --players ...` took a save whose `meta.players`
    was edited into nonsense, or named too few seats, played on and wrote the nonsense into
    the record as who played before (`players_changed`). It is refused as without --players,
    blamed on the file, and the save is left as it was."""
    path = _write(tmp_path, "save.json", _cut(kow_save, 10, meta={"players": players}))
    before = path.read_bytes()
    assert main(["play", "kow", "--resume", str(path), "--players", "random,heuristic",
                 "--json"]) == 2
    assert one_line_error(capsys).startswith(f"warroom: error: {path}: {problem}")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]  # no lock left


@pytest.mark.parametrize("command", [["replay"], ["play", "kow", "--resume"]])
def test_a_players_changed_entry_that_names_no_player_is_refused(kow_save, tmp_path, capsys,
                                                                 command):
    """Audit (stop 61): `meta.players_changed[].was` was read unchecked: `replay` named
    "random:iters=abc" as who played seat 0 ("Players: player 0 (random:iters=abc to action
    5, then random)"), a SPEC `play` refuses. Both commands refuse it, naming the field."""
    meta = {"players": ["random", "random"],
            "players_changed": [{"seat": 0, "at": 5, "was": "random:iters=abc",
                                 "now": "random"}]}
    path = _write(tmp_path, "save.json", _cut(kow_save, 10, meta=meta))
    before = path.read_bytes()
    assert main([*command, str(path)]) == 2
    assert one_line_error(capsys) == (
        f"warroom: error: {path}: meta.players_changed[0].was: player spec "
        "'random:iters=abc': unknown parameter 'iters'; random takes no parameters")
    assert path.read_bytes() == before


def test_tournament_names_an_unknown_game_before_a_missing_players(capsys):
    """Audit (stop 61): `warroom tournament nosuchgame` said "Missing option '--players'"
    first, and once given, that the game is unknown; `simulate` names the game first."""
    assert main(["tournament", "nosuchgame"]) == 2
    assert one_line_error(capsys).startswith("warroom: error: unknown game 'nosuchgame'; ")
    assert main(["tournament", "kow"]) == 2
    assert one_line_error(capsys) == ("warroom: error: Missing option '--players'. (see "
                                      "'warroom tournament --help')")


def test_cards_validate_json_says_the_error_once(tmp_path, capsys):
    """Audit (stop 61): `cards validate BAD.yaml --json` printed the error in its object and
    again on standard error: a program reading both got it twice. The object says it; the
    exit status says it failed."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: word-iron\nname: x\nsoldiers: []\n")
    assert main(["cards", "validate", str(bad), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.err == ""
    [error] = json.loads(captured.out)["errors"]
    assert error["message"].startswith(f"{bad}: field resources")


@pytest.mark.parametrize("installed, expected", [("9.8.7", "9.8.7"), (None, "0+unknown")])
def test_the_version_is_the_installed_distributions(installed, expected):
    """Audit (stop 61): `warroom.__version__` was a second copy of the version written by hand
    beside pyproject.toml's (which `warroom --version` reads): a release that bumped one left
    the other behind. It is the installed distribution's, and says so when there is none."""
    fake = (f"lambda name: {installed!r}" if installed else
            "lambda name: (_ for _ in ()).throw(importlib.metadata.PackageNotFoundError(name))")
    code = ("import importlib.metadata\n"
            f"importlib.metadata.version = {fake}\n"
            "import warroom\n"
            "print(warroom.__version__)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == expected
