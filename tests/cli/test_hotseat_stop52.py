"""Audit (stop 52): a terminal shared by several people (hot seat), driven through a
pseudo-terminal: what the summary's pauses echo, a terminal that cannot clear its scrollback,
standard output that is not the terminal, and the AI players moving first."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import time

from terminal_helpers import run_in_terminal
from test_hotseat_audit47 import AI_PLAYING, WARROOM, in_terminal, play

SEAT_1 = "Player 1: take the seat"


# 1. The summary's pauses read as the choice's prompt does: hidden, and taken as a choice


def test_a_choice_typed_at_the_end_of_the_summary_is_hidden_and_taken():
    """Audit (stop 52): with the hotseat's typing hidden, `?` then `paper` at "-- end of the
    summary: Enter for the choices --" showed "... -- paper" (a secret throw in plain
    sight), and the throw was not taken either. It is read without echo, as a choice.
    (Stop 59: Champions' `?` goes on with how to read the table, past a screen: Enter at its
    "-- more" line shows the end.)"""
    shown = in_terminal(["play", "champions", "--players", "human,human", "--seed", "2"],
                        [("take the seat", "\n"), ("typing is hidden", "?\n"),
                         ("-- more", "\n"),
                         ("-- end of the summary", "PAPER\n"), (". scissors", None),
                         ("game stopped", "")], timeout=20)
    assert "PAPER" not in shown
    assert SEAT_1 in shown.split("-- end of the summary")[-1]  # the throw was taken


def test_a_choice_typed_at_a_more_line_is_hidden_and_taken():
    """Audit (stop 52): the same at "-- more (N lines): Enter; back to the choices: q --"
    (Viktory II's summary, three screens at 80x24): not echoed, and taken as the choice."""
    typed = "PUT THE WATER TILE ON H3"  # matching ignores case; the menu's label is lower
    shown = in_terminal(["play", "viktory-ii", "--players", "human,human", "--seed", "2"],
                        [("take the seat", "\n"), ("typing is hidden", "?\n"),
                         ("-- more", typed + "\n"), ("on H3", None),
                         ("game stopped", "")], timeout=20)
    assert typed not in shown
    assert "Player 0 puts a water tile on H3" in shown.split("-- more")[-1]  # taken


def test_what_is_typed_at_the_seat_prompt_is_hidden_too():
    """Audit (stop 52): the seat's own prompt ("take the seat, then press Enter") is read as
    the others are, without echo: a throw typed there by mistake ("ROCK") stays unseen."""
    shown = in_terminal(["play", "champions", "--players", "human,human", "--seed", "2"],
                        [("Player 0: take the seat", "ROCK\n"),
                         ("press Enter alone to take the seat", "q\n"), ("game stopped", "")],
                        timeout=20)
    assert "ROCK" not in shown and "you are player 0" not in shown


# 2. A terminal that cannot clear its scrollback


def test_a_dumb_terminal_warns_once_that_its_scrollback_keeps_the_views():
    """Audit (stop 52): with TERM=dumb the hand-over writes blank lines (no escape clears the
    scrollback), while the README promised a cleared scrollback. The game says so once, at
    its start, on standard error; a terminal that clears says nothing of it."""
    argv = [WARROOM, "play", "kow", "--players", "human,human", "--seed", "2"]
    status, shown = run_in_terminal(argv, env={"TERM": "dumb"}, stdin=subprocess.DEVNULL)
    assert status == 1, shown  # the input ended at the first seat
    assert shown.count("can be scrolled back to") == 1, shown
    warning = next(line for line in shown.splitlines() if "scrolled back" in line)
    assert "TERM=dumb" in warning and "TERM=xterm" in warning
    status, shown = run_in_terminal(argv, env={"TERM": "xterm"}, stdin=subprocess.DEVNULL)
    assert status == 1 and "scrolled back" not in shown, shown


# 3. Typing hidden at the terminal, the views written elsewhere


def _with_terminal_input(*args: str, typed: str = "") -> subprocess.CompletedProcess:
    """`warroom play ARGS` reading a terminal in which `typed` waits, standard output and
    error pipes (`| tee game.txt`)."""
    leader, follower = pty.openpty()
    try:
        os.write(leader, typed.encode())
        return subprocess.run([WARROOM, "play", *args], stdin=follower, capture_output=True,
                              text=True, timeout=60)
    finally:
        os.close(follower)
        os.close(leader)


def test_a_hotseat_whose_output_is_not_the_terminal_is_refused():
    """Audit (stop 52): `warroom play battle --players human,human | tee game.txt` hid the
    typing but cleared nothing: each hand-over wrote a form feed, the previous player's hand
    stayed above it (and in the file). Such a game is refused, before anything is shown or
    saved, with one line saying why and what to do, exit status 2 as other usage errors."""
    proc = _with_terminal_input("battle", "--players", "human,human", "--save", "g.json")
    assert proc.returncode == 2, (proc.stdout[-1500:], proc.stderr)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    assert "standard output is not the terminal" in lines[0]
    assert "run the game with standard output on the terminal" in lines[0]
    assert proc.stdout == "" and not os.path.exists("g.json")
    # --json: the views go to standard error, standard output holds the result alone
    proc = _with_terminal_input("battle", "--players", "human,human", "--json")
    assert proc.returncode == 2 and "standard error is not the terminal" in proc.stderr


def test_one_person_whose_output_is_not_the_terminal_still_plays():
    """The control: one person (with AI seats) keeps a game whose output is a file; and a
    hotseat with --json, whose views go to standard error, plays when that is the terminal."""
    proc = _with_terminal_input("battle", "--players", "human,random", "--set",
                                "first_player=0", typed="q\n")
    assert proc.returncode == 130 and "you are player 0" in proc.stdout, proc.stderr
    leader, follower = pty.openpty()
    process = subprocess.Popen([WARROOM, "play", "kow", "--players", "human,human", "--json"],
                               stdin=follower, stdout=subprocess.PIPE, stderr=follower)
    os.close(follower)
    seen, deadline = b"", time.monotonic() + 60
    try:
        while b"take the seat" not in seen and time.monotonic() < deadline \
                and process.poll() is None:
            if select.select([leader], [], [], 0.1)[0]:
                seen += os.read(leader, 65536)
    finally:
        process.kill()
        process.wait()
        os.close(leader)
    assert b"Player 0: take the seat" in seen, seen[-1000:]


# 4. The AI players moving first


def test_the_ai_playing_first_is_said_before_its_think(tmp_path):
    """Audit (stop 52): when an AI seat moves first, in a new game or in a save resumed with
    an AI to move, only the start line showed for the AI's whole think; "The AI players are
    playing... (Ctrl-C stops the game)" is said first, as after a person's move."""
    proc = play("battle", "--players", "heuristic,human", "--set", "first_player=0",
                "--seed", "9", stdin="")
    assert AI_PLAYING in proc.stdout, proc.stdout[:1500]
    assert proc.stdout.index(AI_PLAYING) < proc.stdout.index("you are player 1")
    saved = str(tmp_path / "s.json")
    # stopped at the first person's first prompt (two people: seat 1 may be a person's on
    # resuming, which a seat an AI played from the start may not)
    first = play("battle", "--players", "human,human", "--set", "first_player=0", "--seed",
                 "9", "--save", saved, stdin="")
    assert first.returncode == 1 and AI_PLAYING not in first.stdout, first.stderr
    proc = play("battle", "--resume", saved, "--players", "heuristic,human", stdin="")
    assert AI_PLAYING in proc.stdout, (proc.stdout[:1500], proc.stderr)
    assert proc.stdout.index(AI_PLAYING) < proc.stdout.index("you are player 1")
    hotseat = play("battle", "--players", "random,human,human", "--set", "first_player=0",
                   "--seed", "9", stdin="")
    cleared = hotseat.stdout.split("\f")
    assert AI_PLAYING in cleared[0], hotseat.stdout[:1500]

