"""Audit (stop 47) of records and replay: players replaced at a resume, a finished save
offered to --resume, replay's check of meta.players, and records in other encodings. Each
test's docstring names the defect; each failed before the change it pins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_errors import one_line_error
from warroom.cli import main
from warroom.engine import Record, RecordError


@pytest.fixture(scope="module")
def kow_save(tmp_path_factory) -> dict:
    """A finished kow game's record (random, heuristic; seed 1), as JSON."""
    path = tmp_path_factory.mktemp("save") / "kow.json"
    assert main(["play", "kow", "--players", "random,heuristic", "--seed", "1", "--save",
                 str(path), "--json"]) == 0
    return json.loads(path.read_text())


def _part(save: dict, folder: Path, actions: int = 10, **meta) -> Path:
    data = json.loads(json.dumps(save))
    data["actions"] = data["actions"][:actions]
    data["meta"].update(meta)
    path = folder / "part.json"
    path.write_text(json.dumps(data))
    return path


def test_resume_with_other_players_keeps_who_played_before(kow_save, tmp_path, capsys):
    """Audit (stop 47): `play --players heuristic,heuristic --resume save.json` rewrote
    meta.players, so the record (and `replay`) said seat 0 had been heuristic throughout:
    the replacement is now kept as meta.players_changed {seat, at, was, now}, said in one line
    at the resume, and `replay` names both players as it names a seat handed to the AI."""
    path = _part(kow_save, tmp_path)
    assert main(["play", "kow", "--players", "heuristic,heuristic", "--resume", str(path)]) == 0
    err = capsys.readouterr().err
    said = [line for line in err.splitlines() if "replaced" in line]
    assert said == ["resuming with other players: player 0's random replaced by heuristic "
                    "from action 10 (the record keeps who played before)"]
    meta = json.loads(path.read_text())["meta"]
    assert meta["players"] == ["heuristic", "heuristic"]
    assert meta["players_changed"] == [{"seat": 0, "at": 10, "was": "random",
                                        "now": "heuristic"}]
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert ("Players: player 0 (random to action 10, then heuristic), player 1 (heuristic)"
            in out)
    assert ("player 0: random to action 10, then heuristic (its player replaced when the game "
            "was resumed)") in out
    result = out.splitlines()[-1]
    assert result.startswith("Result: ")
    if "player 0" in result:
        assert "player 0 (random to action 10, then heuristic)" in result
    # the same players: nothing is written, and a record without the field (an older one)
    # resumes and replays as before
    path = _part(kow_save, tmp_path)
    assert main(["play", "kow", "--players", "random,heuristic", "--resume", str(path)]) == 0
    assert "replaced" not in capsys.readouterr().err
    assert "players_changed" not in json.loads(path.read_text())["meta"]
    assert main(["replay", str(path)]) == 0
    assert "Players: player 0 (random), player 1 (heuristic)" in capsys.readouterr().out


@pytest.mark.parametrize("changed, problem", [
    ([{"seat": 0, "at": "x", "was": "random", "now": "heuristic"}],
     "meta.players_changed[0].at: Input should be a valid integer, got 'x'"),
    ([{"seat": 0, "at": 3}], "meta.players_changed[0].was' is missing"),
    (5, "meta.players_changed: Input should be a valid list, got 5"),
    ([{"seat": 7, "at": 3, "was": "random", "now": "heuristic"}],
     "meta.players_changed[0].seat: the game has seats 0 to 1; got 7"),
    ([{"seat": 0, "at": 99, "was": "random", "now": "heuristic"}],
     "meta.players_changed[0].at: the record has 10 actions; got 99"),
])
@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_malformed_replacement_history_is_one_line_naming_the_field(
        kow_save, tmp_path, capsys, changed, problem, command):
    """Audit (stop 47): meta.players_changed is new; one that is malformed is refused by
    `replay` and `play --resume` alike in one line naming the field, the file untouched."""
    path = _part(kow_save, tmp_path, players_changed=changed)
    before = path.read_bytes()
    argv = (["replay", str(path)] if command == "replay"
            else ["play", "kow", "--players", "heuristic,heuristic", "--resume", str(path)])
    assert main(argv) == 2
    assert problem in one_line_error(capsys)
    assert path.read_bytes() == before


def test_a_finished_save_is_offered_to_replay_not_to_resume(kow_save, tmp_path, capsys):
    """Audit (stop 47): `play --save kow.json` over a finished save of the same game said
    "continue it with --resume kow.json", and --resume then said the game is over: it now
    suggests `warroom replay kow.json` (or another --save, or --force)."""
    path = tmp_path / "kow.json"
    path.write_text(json.dumps(kow_save))
    assert main(["play", "kow", "--players", "heuristic,random", "--seed", "1", "--save",
                 str(path)]) == 2
    line = one_line_error(capsys)
    assert "--resume" not in line
    assert (f"{path} exists and is this game, finished ({len(kow_save['actions'])} actions): "
            f"see it with: warroom replay {path}; choose another --save, or add --force") in line
    assert json.loads(path.read_text()) == kow_save
    # an unfinished save is offered to --resume as before
    path = _part(kow_save, tmp_path)
    assert main(["play", "kow", "--players", "heuristic,random", "--seed", "1", "--save",
                 str(path)]) == 2
    assert f"this game further on (10 actions): continue it with --resume {path}" in \
        one_line_error(capsys)


@pytest.mark.parametrize("players, problem", [
    (["heuristic", "bogus"], "meta.players[1]: unknown player 'bogus'"),
    (["mcts:iters=abc", "heuristic"],
     "meta.players[0]: player spec 'mcts:iters=abc': iters must be an integer"),
])
def test_replay_checks_the_players_as_resume_does(kow_save, tmp_path, capsys, players,
                                                  problem):
    """Audit (stop 47): `replay` accepted a meta.players entry that is no SPEC (it printed
    "player 1 (bogus)", exit 0) which `play --resume` refused: both refuse it alike now, in
    one line, exit 2, the file untouched."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**kow_save, "meta": {"players": players}}))
    before = path.read_bytes()
    assert main(["replay", str(path)]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"warroom: error: {path}: {problem}"), line
    assert path.read_bytes() == before


def test_a_players_text_in_an_error_is_quoted(kow_save, tmp_path, capsys):
    """Audit (stop 47): refusing an AI seat's view of an unfinished game printed the record's
    text as it was, stray spaces and all ("player 1 is  heuristic"): it is quoted now."""
    path = _part(kow_save, tmp_path, players=["random", " heuristic"])
    assert main(["replay", str(path), "--as", "1"]) == 2
    assert "player 1 is ' heuristic': its view" in one_line_error(capsys)


def _text(save: dict) -> str:
    return json.dumps({**save, "meta": {**save["meta"], "note": "café"}}, ensure_ascii=False)


def test_a_latin1_record_is_named_not_utf8_with_the_byte(kow_save, tmp_path, capsys):
    """Audit (stop 47): a Latin-1 record was "not a text file, so not a record": it names
    the encoding, the byte and its offset now (also after a UTF-8 byte-order mark)."""
    raw = _text(kow_save).encode("latin-1")
    at = raw.index(b"\xe9")
    path = tmp_path / "r.json"
    path.write_bytes(raw)
    assert main(["replay", str(path)]) == 2
    assert one_line_error(capsys) == (f"warroom: error: {path}: not UTF-8 text (byte 0xE9 at "
                                      f"offset {at}), so not a record: save it as UTF-8")
    path.write_bytes(b"\xef\xbb\xbf" + raw)
    with pytest.raises(RecordError, match=rf"byte 0xE9 at offset {at + 3}\)"):
        Record.load(path)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_record_is_named_utf16(kow_save, tmp_path, capsys, encoding):
    """Audit (stop 47): a UTF-16 record (with its byte-order mark, or without: NUL bytes) was
    "not a text file", or a JSON error: it is said to look like UTF-16, to save as UTF-8."""
    path = tmp_path / "r.json"
    path.write_bytes(_text(kow_save).encode(encoding))
    assert main(["replay", str(path)]) == 2
    assert one_line_error(capsys) == (f"warroom: error: {path}: looks like UTF-16 text (a "
                                      "byte-order mark or NUL bytes), not UTF-8, so not a "
                                      "record: save it as UTF-8")
