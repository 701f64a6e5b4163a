"""Audit (stop 48): the command line used from scripts: a closed standard input or error, a
tournament with a person under --json or without input, SIGTERM's exit status, the hot seat's
clear-screen escapes where there is no screen, unquoted paths in "continue with:", `serve
--port 0`, and a game whose output is closed (`| head`). Each test's docstring names the
defect; each failed before the change it pins."""

from __future__ import annotations

import importlib
import io
import json
import os
import re
import select
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from rich.console import Console

import warroom.cli.simulate
from warroom.agents.human import CLEAR, END_OF_INPUT, PAGE, Hotseat, HumanAgent
from warroom.cli import main
from warroom.games import REGISTRY

WARROOM = str(Path(sys.executable).parent / "warroom")
ENV = {**os.environ, "WARROOM_NATIVE": "0"}
NOT_SAVED = "game stopped (the input ended): not saved (use --save FILE to keep a game)"


def closed(fd: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """`warroom ARGS` started with descriptor `fd` ("0" or "2") closed (`<&-`, `2>&-`)."""
    return subprocess.run(["sh", "-c", f'exec "$0" "$@" {fd}<&-', WARROOM, *args],
                          input=stdin, capture_output=True, text=True, timeout=300, env=ENV)


def wait_for(stream, text: bytes, proc: subprocess.Popen, timeout: float = 120) -> bytes:
    """Read `stream` (a pipe of `proc`) until `text` shows: the process then waits there."""
    seen = b""
    deadline = time.monotonic() + timeout
    while text not in seen:
        assert time.monotonic() < deadline and proc.poll() is None, seen[-2000:]
        ready, _, _ = select.select([stream], [], [], 0.2)
        if ready:
            seen += os.read(stream.fileno(), 65536)
    return seen


# --- 2: a closed standard input -------------------------------------------------------------

def test_closed_stdin_with_a_person_stops_the_game_as_the_end_of_input():
    """Audit (stop 48): `warroom play kow --seed 1 <&-` ended in a traceback
    (AttributeError: 'NoneType' object has no attribute 'readline': HumanAgent took
    `stdin or sys.stdin`, None with descriptor 0 closed). It is the end of input, as with
    </dev/null: one line, exit status 1."""
    proc = closed("0", "play", "kow", "--seed", "1")
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    assert proc.stderr.splitlines()[-1] == NOT_SAVED
    hotseat = closed("0", "play", "kow", "--players", "human,human", "--seed", "1")
    assert hotseat.returncode == 1, hotseat.stderr[-2000:]
    assert hotseat.stderr.splitlines()[-1] == NOT_SAVED


def test_a_person_without_standard_input_reads_an_ended_input(monkeypatch):
    """Audit (stop 48): HumanAgent and Hotseat with sys.stdin None (a closed descriptor 0)
    failed at their first read; they read an input that has ended."""
    monkeypatch.setattr(sys, "stdin", None)
    person = HumanAgent(REGISTRY["kow"], 0, console=Console(file=io.StringIO()))
    assert person.stdin.readline() == ""
    seat = Hotseat(None, Console(file=io.StringIO()))
    with pytest.raises(KeyboardInterrupt) as stopped:
        seat.take(0)
    assert stopped.value.args == (END_OF_INPUT,)


# --- 3: a tournament with a person ----------------------------------------------------------

def test_tournament_json_with_a_person_keeps_the_table_off_standard_output(monkeypatch,
                                                                             capsys):
    """Audit (stop 48): `tournament --json` with a human entrant printed the person's table
    and prompts on standard output, before the JSON object: what a script read there was not
    JSON. They go to standard error, as with `play --json`."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    assert main(["tournament", "kow", "--players", "heuristic,human", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["entrants"] == ["heuristic", "human"]
    assert out.count("\n") == 1
    assert "you are player" in err and "> " in err


def test_tournament_whose_persons_input_ends_is_not_an_interruption(monkeypatch, capsys):
    """Audit (stop 48): `tournament kow --players heuristic,human </dev/null` said
    "interrupted after 0 matches ..." with exit status 130, Ctrl-C's. The end of input is
    not an interruption: it says so, with exit status 1, as `play` does."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["tournament", "kow", "--players", "heuristic,human"]) == 1
    last = capsys.readouterr().err.splitlines()[-1]
    assert last.startswith("stopped at the end of input after 0 matches finished: a "
                           "tournament is not saved"), last
    assert "interrupted" not in last


# --- 4: SIGTERM -----------------------------------------------------------------------------

def test_sigterm_exits_143_with_the_line_ctrl_c_says(tmp_path):
    """Audit (stop 48): SIGTERM ended a command with exit status 130, Ctrl-C's; the
    convention is 128 + 15 = 143. The game is saved and the line is the same."""
    save = tmp_path / "t.json"
    proc = subprocess.Popen([WARROOM, "play", "kow", "--players", "human,random", "--seed",
                             "1", "--save", str(save)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    try:
        wait_for(proc.stdout, b"\n> ", proc)  # the person's prompt waits for a line
        proc.terminate()
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    text = err.decode()
    assert proc.returncode == 143, text[-2000:]
    assert "Traceback" not in text
    assert text.splitlines()[-1] == (f"game stopped: saved to {save}; continue with: "
                                     f"warroom play kow --resume {save}")


def test_serve_port_0_names_its_port_and_sigterm_stops_it_with_0(tmp_path):
    """Audit (stop 48): `serve --port 0` was accepted and printed http://127.0.0.1:0/, where
    nobody can connect; it names the port it listens on. SIGTERM stops a server as it was
    asked: exit status 0 (its help says so), unlike the other commands' 143."""
    proc = subprocess.Popen([WARROOM, "serve", "--port", "0", "--db",
                             str(tmp_path / "g.sqlite")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        line = proc.stdout.readline()
        found = re.fullmatch(r"warroom: serving http://127\.0\.0\.1:(\d+)/ \(games in .*\)\n",
                             line)
        assert found and int(found.group(1)) > 0, line
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        deadline = time.monotonic() + 60
        while True:
            try:
                with opener.open(f"http://127.0.0.1:{found.group(1)}/api/games") as answer:
                    assert json.loads(answer.read())["games"] == []
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.1)
        proc.terminate()
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err[-2000:]
    assert "Traceback" not in err


def test_serve_port_0_gives_the_server_the_port_it_names(tmp_path, monkeypatch, capsys):

    served = []
    monkeypatch.setattr(importlib.import_module("warroom.cli.serve"), "run_server",
                        lambda app, **kwargs: served.append((app, kwargs)))
    assert main(["serve", "--db", str(tmp_path / "g.sqlite"), "--port", "0"]) == 0
    [(app, kwargs)] = served
    app.state.server.store.close()
    assert kwargs["port"] > 0
    assert f"http://127.0.0.1:{kwargs['port']}/" in capsys.readouterr().out


# --- 5: a closed standard error -------------------------------------------------------------

def test_an_error_with_standard_error_closed_is_not_written_to_standard_output():
    """Audit (stop 48): `warroom play kow --players bogus 2>&-` printed "warroom: error:
    ..." on standard output (print(file=sys.stderr) writes there when sys.stderr is None).
    Nothing is written; the exit status still says it failed."""
    proc = closed("2", "play", "kow", "--players", "bogus")
    assert proc.returncode == 2
    assert proc.stdout == ""


def test_an_error_in_process_with_no_standard_error_says_nothing(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stderr", None)
    assert main(["play", "kow", "--players", "bogus"]) == 2
    assert capsys.readouterr().out == ""


# --- 6: the hot seat's escapes --------------------------------------------------------------

def cleared(console: Console) -> str:
    seat = Hotseat(io.StringIO(), console)
    seat.seated = 0
    seat.clear()
    assert seat.seated is None
    return console.file.getvalue()


def test_the_hot_seat_clears_only_a_terminal_that_can_be_cleared():
    """Audit (stop 48): the hot seat wrote its clear-screen escapes (ESC[H ESC[2J ESC[3J)
    whatever its output: `yes 1 | warroom play kow --players human,human --json 2>y.err`
    put 67 of them into y.err, and a dumb terminal (TERM=dumb) showed them. A terminal is
    cleared; a dumb one scrolls the view off with blank lines; elsewhere a page break."""
    def console(terminal: bool, term: str) -> Console:
        return Console(file=io.StringIO(), force_terminal=terminal, height=30,
                       _environ={"TERM": term})

    assert cleared(console(True, "xterm")) == CLEAR
    assert cleared(console(False, "xterm")) == PAGE
    dumb = console(True, "dumb")
    assert cleared(dumb) == "\n" * dumb.height and dumb.height > 20


def test_a_hot_seat_whose_output_is_a_file_writes_no_escape():
    proc = subprocess.run([WARROOM, "play", "kow", "--players", "human,human", "--seed", "1",
                           "--json"], input="1\n" * 4000, capture_output=True, text=True,
                          timeout=300, env=ENV)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "\x1b" not in proc.stderr and "take the seat" in proc.stderr
    assert proc.stderr.count(PAGE) > 2


# --- 7: quoted paths ------------------------------------------------------------------------

def test_continue_with_quotes_a_save_with_a_space(tmp_path, monkeypatch, capsys):
    """Audit (stop 48): the "continue with:" command printed on an interruption did not
    quote its path (`--resume d b/k.json`: two arguments to a shell); it is quoted as the
    `results:` line quotes it."""
    save = tmp_path / "d b" / "k.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nq\n"))
    assert main(["play", "kow", "--players", "human,random", "--seed", "1", "--save",
                 str(save)]) == 130
    last = capsys.readouterr().err.splitlines()[-1]
    assert last == (f"game stopped: saved to {save}; continue with: warroom play kow "
                    f"--resume '{save}'")


def test_an_interrupted_simulation_quotes_its_database(tmp_path, monkeypatch, capsys):
    db = tmp_path / "d b" / "k.sqlite"

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(warroom.cli.simulate, "execute", interrupted)
    assert main(["simulate", "kow", "--games", "4", "--players", "random,random", "--db",
                 str(db)]) == 130
    last = capsys.readouterr().err.splitlines()[-1]
    assert last.endswith(f"continue with: warroom simulate kow --db '{db}' --resume"), last


# --- 9: a closed output ---------------------------------------------------------------------

BATTLE = ["play", "battle", "--players", "heuristic,heuristic,heuristic,heuristic", "--seed",
          "3"]


def test_a_game_whose_output_closes_is_saved_and_says_so(tmp_path):
    """Audit (stop 48): `warroom play battle ... --save s.json | head -1` exited 1 saying
    nothing, and the save could miss the last moves: the BrokenPipeError went past the
    handler that saves on Ctrl-C. The game is saved as there, and says it stopped on
    standard error."""
    save = tmp_path / "s.json"
    proc = subprocess.Popen([WARROOM, *BATTLE, "--save", str(save)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        assert proc.stdout.readline()  # `head -1`: one line read, then the pipe closed
        proc.stdout.close()
        err = proc.stderr.read()
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 1, err[-2000:]
    assert "Traceback" not in err and "Exception ignored" not in err
    assert err.splitlines()[-1] == (f"game stopped: its output was closed; saved to {save}; "
                                    f"continue with: warroom play battle --resume {save}")
    kept = json.loads(save.read_text())["actions"]
    assert kept  # the moves played until the output closed, not the save before the first
    whole = tmp_path / "whole.json"
    assert main([*BATTLE, "--save", str(whole), "--json"]) == 0
    assert kept == json.loads(whole.read_text())["actions"][:len(kept)]
