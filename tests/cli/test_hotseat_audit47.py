"""Audit (stop 47): the end of a game played with --json, and a terminal shared by several
people (hot seat) while the AI players think, when the game is stopped, and at its start."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from warroom.agents.human import CLEAR, PAGE

WARROOM = str(Path(sys.executable).parent / "warroom")
AI_PLAYING = "The AI players are playing"
SEAT = "take the seat, then press Enter"


def play(*args: str, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([WARROOM, "play", *args], input=stdin, capture_output=True,
                          text=True, timeout=300)


def in_terminal(args: list[str], steps: list[tuple[str, str | None]],
                timeout: float = 60) -> str:
    """Run `warroom ARGS` in a pseudo-terminal; for each step wait until the output since the
    previous step's keys shows the text, then type the keys (None: press Ctrl-C). Returns
    all the terminal displayed."""
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen([WARROOM, *args], stdin=slave, stdout=slave, stderr=slave,
                            close_fds=True, env={**os.environ, "COLUMNS": "80", "LINES": "24"})
    os.close(slave)
    seen = b""

    def read(wait: float) -> bytes:
        ready, _, _ = select.select([master], [], [], wait)
        try:
            return os.read(master, 65536) if ready else b""
        except OSError:
            return b""

    try:
        since = 0
        for text, keys in steps:
            deadline = time.monotonic() + timeout
            while text.encode() not in seen[since:]:
                assert time.monotonic() < deadline, f"no {text!r} in {seen[-800:]!r}"
                seen += read(0.1)
            # Nothing typed: the next text may have come in the same read as this one (a
            # loaded machine sent two in one chunk, stop 61), so it is looked for after this.
            # Keys typed: after what was shown before them.
            since = (seen.index(text.encode(), since) + len(text.encode()) if keys == ""
                     else len(seen))
            if keys is None:
                time.sleep(0.3)
                proc.send_signal(signal.SIGINT)
            else:
                os.write(master, keys.encode())
        deadline = time.monotonic() + timeout
        while proc.poll() is None and time.monotonic() < deadline:
            seen += read(0.1)
        while chunk := read(0.2):
            seen += chunk
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    return seen.decode(errors="replace")


def test_json_with_a_person_shows_the_end_on_standard_error():
    """Audit (stop 47): with --json and a human seat the game ended in silence after the
    last menu: no closing events, no final table, no "Result:" line. The person sees the end
    as without --json, on standard error; standard output holds the JSON object alone."""
    proc = play("battle", "--players", "human,random", "--set", "hits_to_lose=1", "--set",
                "first_player=0", "--seed", "9", "--json", stdin="1\n" * 60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout)
    assert result["winners"] == [0] and proc.stdout.count("\n") == 1
    # the closing events, then the end's table (stop 59: the one person's own view of it)
    end = proc.stderr[proc.stderr.rindex("has lost and leaves the game"):]
    assert "Winner: you - last player standing" in end and "Your hand: " in end
    assert "Result: player 0 (human) - last player standing" in end


def test_json_hotseat_ends_on_a_cleared_screen_with_the_public_end():
    """Audit (stop 47): a hot seat with --json ended with player 1's private view on the
    screen ("Your hand: ..."). The screen is cleared first, then the closing events, the
    public table and the result, as without --json."""
    proc = play("battle", "--players", "human,human", "--set", "hits_to_lose=1", "--set",
                "first_player=0", "--seed", "9", "--json", stdin="1\n" * 100)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout)["winners"] == [0] and PAGE not in proc.stdout
    end = proc.stderr.split(PAGE)[-1]
    assert "Your hand" not in end and "you are player" not in end and SEAT not in end
    assert "has lost and leaves the game" in end and "Winner: player 0" in end
    assert end.index("has lost") < end.index("Winner: player 0") < end.index("Result: player 0")


def test_the_start_line_is_on_each_seat_screen():
    """Audit (stop 47): the start line ("... human vs human, saving to FILE") was wiped at
    once by the first seat's clear: the players never saw where the game was saved. Each
    seat's screen says it under its prompt (nothing private: the seed only as given)."""
    proc = play("kow", "--players", "human,human", "--seed", "5", "--set",
                "victories_to_win=1", "--save", "kept.json", stdin="1\n" * 4000)
    assert proc.returncode == 0, proc.stderr[-2000:]
    seats = [piece for piece in proc.stdout.split(PAGE) if SEAT in piece]
    assert len(seats) >= 2
    for piece in seats:
        assert piece.lstrip().startswith("Player ")  # nothing before the handover
        assert "human vs human, seed 5, saving to kept.json" in piece.split("\n", 2)[1]
    unseeded = play("kow", "--players", "human,human", "--set", "victories_to_win=1",
                    stdin="1\n" * 4000)
    first = next(piece for piece in unseeded.stdout.split(PAGE) if SEAT in piece)
    assert "human vs human" in first and "seed" not in first.split("\n", 2)[1]


def test_hotseat_clears_a_persons_view_while_the_ai_thinks_and_before_ctrl_c():
    """Audit (stop 47): in a hot seat with an AI seat, player 1's hand stayed on screen for
    the AI's seconds of thought, just when the next person walks up; Ctrl-C then said "game
    stopped ..." under it. Once a person's decision is done and the next is an AI's, the
    screen is cleared and says the AI players are playing; Ctrl-C comes after no hand."""
    shown = in_terminal(
        ["play", "battle", "--players", "human,human,mcts:time=4", "--set", "first_player=0",
         "--seed", "5", "--save", "hm.json"],
        [("Player 0: take the seat", "\n"), ("typing is hidden", "end turn\n"),
         ("Player 1: take the seat", "\n"), ("typing is hidden", "end turn\n"),
         (AI_PLAYING, None), ("game stopped", "")], timeout=20)
    after = shown[shown.rindex("you are player 1"):]
    assert CLEAR in after, after[-1500:]
    cleared = after.split(CLEAR)[-1]
    assert AI_PLAYING in cleared and "Your hand" not in cleared
    assert "game stopped: saved to hm.json" in cleared


def test_hotseat_ctrl_c_at_a_prompt_clears_the_view_first():
    """Audit (stop 47): Ctrl-C at a person's prompt in a hot seat said "game stopped ..."
    under the person's hand; their view is cleared first."""
    shown = in_terminal(["play", "kow", "--players", "human,human", "--seed", "2"],
                        [("Player 0: take the seat", "\n"), ("typing is hidden", None),
                         ("game stopped", "")])
    assert "you are player 0" in shown
    end = shown.split(CLEAR)[-1]
    assert "game stopped" in end and "you are player" not in end and "Your" not in end


def test_one_human_keeps_the_table_while_the_ai_plays():
    """The control: with a single person nothing is cleared while the AI plays."""
    proc = play("battle", "--players", "human,random", "--set", "hits_to_lose=1", "--set",
                "first_player=0", "--seed", "9", stdin="1\n" * 60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert PAGE not in proc.stdout and AI_PLAYING not in proc.stdout + proc.stderr
