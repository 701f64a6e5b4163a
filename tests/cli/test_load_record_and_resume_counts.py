"""One reading of a record for `play --resume` and `replay`, a resume of fewer games refused
before anything starts, and the end of a person's input told from Ctrl-C. Each test's
docstring names the defect; each failed before the change it pins."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli_errors import one_line_error
from warroom.cli import main

PLAYERS = ["--players", "random,random"]
WARROOM = str(Path(sys.executable).parent / "warroom")


@pytest.fixture(scope="module")
def kow_save(tmp_path_factory) -> dict:
    """A finished kow game's record, as JSON."""
    path = tmp_path_factory.mktemp("save") / "kow.json"
    assert main(["play", "kow", *PLAYERS, "--seed", "3", "--save", str(path), "--json"]) == 0
    return json.loads(path.read_text())


def _write(folder: Path, name: str, data: object) -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def bad_record(kind: str, save: dict, folder: Path) -> Path:
    """A record that is no sound save, of one kind."""
    if kind == "truncated":
        return _write(folder, "bad.json", json.dumps(save, indent=1)[:200])
    if kind == "game field edited":
        return _write(folder, "bad.json", {**save, "game": "battle"})
    if kind == "unknown game holding kow":
        return _write(folder, "bad.json", {**save, "game": "nosuch"})
    if kind == "unknown game holding none":
        return _write(folder, "bad.json", {**save, "game": "nosuch", "config": {"zz": 1}})
    if kind == "older version":
        return _write(folder, "bad.json", {**save, "version": "0"})
    if kind == "folder":
        (folder / "bad.json").mkdir()
        return folder / "bad.json"
    if kind == "csv":
        return _write(folder, "bad.json", "a,b\n1,2\n")
    if kind == "json of another format":
        return _write(folder, "bad.json", {"name": "deck", "cards": ["A", "B"]})
    raise AssertionError(kind)


def tree(folder: Path) -> dict[str, bytes | None]:
    return {p.name: p.read_bytes() if p.is_file() else None for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("game", ["kow", "named"])
@pytest.mark.parametrize("kind", ["truncated", "game field edited", "unknown game holding kow",
                                  "unknown game holding none", "older version", "folder",
                                  "csv", "json of another format"])
def test_defect_play_resume_and_replay_said_one_bad_record_in_different_words(
        kow_save, tmp_path, capsys, kind, game):
    """Weakness 1: `play --resume` and `replay` each read a record and checked its game
    field in their own order, so one bad record was two errors: a kow record whose game
    field was edited to 'battle' (or to a name no game has) was "the saved game is 'battle',
    not 'kow'" to `play kow --resume` but "the record says it is a game of 'battle', but it
    holds a game of 'kow' ...; was its game field changed?" to `replay`; `play nosuch
    --resume` said "unknown game 'nosuch'" without the file; a folder was click's "Invalid
    value for 'FILE'" to one and "for '--resume'" to the other. Both now read it with one
    `load_record`: the same one line, naming the file, and nothing written.

    `game`: the GAME given to `play`, kow (what the record holds) or the name in its game
    field."""
    path = bad_record(kind, kow_save, tmp_path)
    named = kow_save["game"] if kind in ("truncated", "folder", "csv",
                                         "json of another format", "older version") else \
        json.loads(path.read_text())["game"]
    before = tree(tmp_path)
    assert main(["replay", str(path)]) == 2
    replayed = one_line_error(capsys)
    assert main(["play", "kow" if game == "kow" else named, *PLAYERS, "--resume",
                 str(path)]) == 2
    resumed = one_line_error(capsys)
    assert resumed == replayed
    assert replayed.startswith(f"warroom: error: {path}: ")
    assert tree(tmp_path) == before


def test_a_sound_record_of_another_game_than_play_names_is_still_refused(kow_save, tmp_path,
                                                                          capsys):
    """`play battle --resume` of a sound kow save: refused as before, naming both games."""
    path = _write(tmp_path, "kow.json", kow_save)
    assert main(["play", "battle", *PLAYERS, "--resume", str(path)]) == 2
    assert one_line_error(capsys) == (f"warroom: error: {path}: the saved game is 'kow', not "
                                      "'battle'")
    assert main(["play", "nosuch", *PLAYERS, "--resume", str(path)]) == 2
    assert one_line_error(capsys).startswith("warroom: error: unknown game 'nosuch'; games are")


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_defect_the_game_field_check_decoded_every_sound_record(kow_save, tmp_path, capsys,
                                                                 monkeypatch, command):
    """Weakness 2: the check that a record's game field was not changed by hand
    (`check_game_field`) decoded the first 20 actions of every record as its game's
    (`misfit`), a sound one too, before the replay decoded them all again. It now runs only
    when the record does not fit the game it names (an unknown name, another GAME than
    `play`'s, or a check of that game failed)."""
    from warroom.engine import record as record_module

    unfinished = {**kow_save, "actions": kow_save["actions"][:25]}
    path = _write(tmp_path, "kow.json", unfinished)
    calls: list[str] = []
    real = record_module.misfit

    def counted(game, record):
        calls.append(game.name)
        return real(game, record)

    monkeypatch.setattr(record_module, "misfit", counted)
    args = ["replay", str(path)] if command == "replay" else \
        ["play", "kow", *PLAYERS, "--resume", str(path), "--json"]
    assert main(args) == 0
    capsys.readouterr()
    assert calls == []
    # a record that does not fit its game is still told as one of another game
    path.write_text(json.dumps({**unfinished, "game": "battle"}))
    assert main(args if command == "replay" else
                ["play", "battle", *PLAYERS, "--resume", str(path)]) == 2
    assert "was its game field changed?" in one_line_error(capsys)
    assert calls


# --- a resume of fewer games than a run holds ----------------------------------------------

@pytest.fixture
def started(monkeypatch) -> list[str]:
    """The commands whose backend session started (Ray, for --backend ray)."""
    import warroom.cli.simulate as simulate_cli
    import warroom.cli.sweep as sweep_cli

    seen: list[str] = []

    def session(name):
        @contextlib.contextmanager
        def start(*_args, **_kwargs):
            seen.append(name)
            yield
        return start

    monkeypatch.setattr(simulate_cli, "backend_session", session("simulate"))
    monkeypatch.setattr(sweep_cli, "backend_session", session("sweep"))
    return seen


def played_ahead(db: Path, runs: str) -> None:
    """Games 6 and 7 of `runs` gone: as an interrupted run with several workers leaves it,
    holding game 8 and 9 with 8 games."""
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute(f"DELETE FROM games WHERE run_id IN ({runs}) AND idx IN (6, 7)")
        con.execute(f"DELETE FROM cards WHERE run_id IN ({runs}) AND idx IN (6, 7)")
        con.commit()
    for side in db.parent.glob(f"{db.name}-*"):  # the lock file the run left: none to start
        side.unlink()


def test_defect_simulate_resume_of_fewer_games_than_a_run_holds_took_the_run_first(
        tmp_path, capsys, started):
    """Weakness 3: `simulate --resume --games N` checked N against the games the run has
    counted only; a run that played ahead (games 0 to 5, 8 and 9: 8 games) resumed with
    --games 8 passed, started its backend, took the run's lock (making `r.sqlite-lock`) and
    its progress bar, and was refused deep down by the store's own guard. The same guard now
    runs in the command's read-only check, before anything starts or is written."""
    db = tmp_path / "r.sqlite"
    assert main(["simulate", "kow", *PLAYERS, "--games", "10", "--db", str(db), "--json"]) == 0
    played_ahead(db, "1")
    capsys.readouterr()
    started.clear()
    before = tree(tmp_path)
    assert main(["simulate", "kow", "--resume", "--db", str(db), "--games", "8"]) == 2
    assert one_line_error(capsys) == (
        f"warroom: error: {db}: run 1 holds game 9 already (played ahead of others before it "
        "was interrupted), so it cannot be made 8 games; give 10 or more")
    assert tree(tmp_path) == before and started == []
    # fewer than it has counted: said by the command, as before
    assert main(["simulate", "kow", "--resume", "--db", str(db), "--games", "5"]) == 2
    assert one_line_error(capsys) == (
        "warroom: error: --games 5: run 1 has 8 games already, and --resume only adds games "
        "(give more, or leave --games out)")
    assert tree(tmp_path) == before and started == []
    assert main(["simulate", "kow", "--resume", "--db", str(db), "--games", "10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 10


def test_defect_sweep_resume_of_fewer_games_than_a_cell_holds_started_first(tmp_path, capsys,
                                                                            started):
    """Weakness 3, for a sweep: its resume with --games checked the cells' games only once
    its backend had started and the database was open to write, and a cell that played ahead
    was refused by the store as the sweep's size was about to be written. Both checks now
    run read-only before anything starts."""
    db = tmp_path / "s.sqlite"
    args = ["sweep", "kow", "--vary", "max_dice=3,4", *PLAYERS, "--db", str(db), "--out",
            str(tmp_path / "s.md")]
    assert main([*args, "--games", "10"]) == 0
    played_ahead(db, "1, 2")
    capsys.readouterr()
    started.clear()
    before = tree(tmp_path)
    assert main([*args, "--games", "8", "--resume"]) == 2
    assert one_line_error(capsys) == (
        f"warroom: error: {db}: run 1 holds game 9 already (played ahead of others before it "
        "was interrupted), so it cannot be made 8 games; give 10 or more")
    assert tree(tmp_path) == before and started == []
    assert main([*args, "--games", "5", "--resume"]) == 2
    assert one_line_error(capsys) == (
        "warroom: error: --games 5: sweep 1 has 8 games in a cell already, and --resume only "
        "adds games (give more, or leave --games out)")
    assert tree(tmp_path) == before and started == []
    assert main([*args, "--games", "10", "--resume"]) == 0


# --- the end of input at a prompt -----------------------------------------------------------

def _play(args: list[str], stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([WARROOM, "play", *args], input=stdin, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "WARROOM_NATIVE": "0"})


@pytest.mark.parametrize("players", ["human,random", "human,human"])
def test_defect_the_end_of_input_at_a_prompt_exited_130_as_if_interrupted(tmp_path, players):
    """Weakness 4: Ctrl-D (or a script's input running out) at a prompt of `warroom play`
    exited with status 130, which says the command was interrupted (Ctrl-C, a signal). The
    person ended the input: the game stops unfinished with status 1 and the same line, and
    the save is kept whole, to be resumed. (A hotseat's "take the seat" prompt, too.)"""
    save = tmp_path / "eof.json"
    # a hotseat reads a line to seat each player: player 1's is the input's end
    typed = "1\n" if players == "human,random" else "\n1\n"
    proc = _play(["kow", "--players", players, "--seed", "1", "--save", str(save)], typed)
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    assert proc.stderr.splitlines()[-1] == (f"game stopped (the input ended): saved to {save}; "
                                            f"continue with: warroom play kow --resume {save}")
    assert len(json.loads(save.read_text())["actions"]) >= 1
    resumed = _play(["kow", "--resume", str(save), *PLAYERS, "--json"], "")
    assert resumed.returncode == 0, resumed.stderr[-2000:]


def test_quitting_and_ctrl_c_at_a_prompt_still_exit_130(tmp_path):
    """`q` and Ctrl-C stay status 130 (what `make play` and scripts read as the player
    stopping); only the end of input changed."""
    save = tmp_path / "q.json"
    proc = _play(["kow", "--players", "human,random", "--seed", "1", "--save", str(save)],
                 "1\nq\n")
    assert proc.returncode == 130, proc.stderr[-2000:]
    assert proc.stderr.splitlines()[-1].startswith(f"game stopped: saved to {save}")
    # Ctrl-C while the person's prompt waits (on a pipe that stays open)
    save.unlink()
    proc = subprocess.Popen([WARROOM, "play", "kow", "--players", "human,random", "--seed",
                             "1", "--save", str(save)], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "WARROOM_NATIVE": "0"})
    try:
        deadline = time.monotonic() + 120
        while not save.exists():  # written before the first move, then the prompt shows
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.05)
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err[-2000:]
    assert err.splitlines()[-1].startswith(f"game stopped: saved to {save}")


def test_replay_names_who_played_each_seat_first(kow_save, tmp_path, capsys):
    """The README said `replay` names the players, but only a finished game's `Result:` line
    named the winners: the replay of a game not over (or a draw) named nobody. It names every
    seat's SPEC first, from the record's meta.players; a record without them, none."""
    unfinished = {**kow_save, "actions": kow_save["actions"][:6]}
    unfinished.pop("outcome", None)  # a game in play has none
    path = _write(tmp_path, "part.json", unfinished)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    specs = kow_save["meta"]["players"]
    assert out[0] == f"Players: player 0 ({specs[0]}), player 1 ({specs[1]})"
    assert out[-1] == "(unfinished: 6 actions so far)"
    anonymous = {**unfinished, "meta": {k: v for k, v in kow_save["meta"].items()
                                        if k != "players"}}
    assert main(["replay", str(_write(tmp_path, "anon.json", anonymous))]) == 0
    assert "Players:" not in capsys.readouterr().out


def test_replays_result_names_the_ai_that_finished_a_seat(kow_save, tmp_path, capsys):
    """Audit (server, stop 46): the result line of a server game whose person resigned named
    that seat "human", though the AI played it from then on (the web page says "heuristic
    since seat 1 resigned"). The result names the AI that finished the seat, and why."""
    meta = {**kow_save["meta"], "players": ["human", "human"],
            "handed_to_ai": [{"seat": 0, "at": 2, "agent": "random", "why": "away"},
                             {"seat": 1, "at": 3, "agent": "heuristic", "why": "resigned"}]}
    path = _write(tmp_path, "handed.json", {**kow_save, "meta": meta})
    assert main(["replay", str(path)]) == 0
    result = capsys.readouterr().out.splitlines()[-1]
    names = {0: "random after its person was away", 1: "heuristic after its person resigned"}
    winner = int(re.match(r"Result: player (\d) \(", result)[1])  # one wins a kow game
    assert result.startswith(f"Result: player {winner} ({names[winner]}) - "), result
