"""Several people at one terminal: the screen is cleared and the next player asked to take the
seat before a seat's view is shown, and a choice typed at a terminal is not echoed."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from warroom.agents.human import PAGE

WARROOM = str(Path(sys.executable).parent / "warroom")
SEAT = re.compile(r"Player (\d+): take the seat")
TITLE = re.compile(r"you are player (\d+)")


def play(*args: str, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([WARROOM, "play", *args], input=stdin, capture_output=True,
                          text=True, timeout=300)


SHORT = {"kow": "victories_to_win=1", "battle": "max_rounds=4", "champions": "roshambo=random",
         "word-iron": "max_rounds=3", "viktory": "max_rounds=3"}


@pytest.mark.parametrize("name", sorted(SHORT))
def test_hotseat_shows_each_view_only_after_clearing_and_handing_over_the_seat(name):
    """Cut the output where the screen is cleared: each piece is one person's turn at the
    terminal. It opens by asking that player to take the seat and shows that player's view
    only, so no hand or secret choice of the previous player is left on the screen."""
    proc = play(name, "--players", "human,human", "--seed", "5", "--set", SHORT[name],
                stdin="1\n" * 20000)
    assert proc.returncode == 0, proc.stderr[-2000:]
    pieces = proc.stdout.split(PAGE)
    turns = [p for p in pieces if SEAT.search(p)]
    assert len(turns) >= 2
    assert {SEAT.search(p).group(1) for p in turns} == {"0", "1"}
    for piece in turns:
        seat = SEAT.search(piece)
        assert piece.lstrip().startswith(seat.group(0))  # nothing before the handover
        assert set(TITLE.findall(piece)) <= {seat.group(1)}  # only the seated player's view
    assert "Result:" in pieces[-1] and not SEAT.search(pieces[-1])  # the public end


def test_defect_kow_secret_dice_choice_is_not_on_the_next_players_screen():
    proc = play("kow", "--players", "human,human", "--seed", "2", stdin="1\n" * 4000)
    assert proc.returncode == 0, proc.stderr[-2000:]
    pieces = proc.stdout.split(PAGE)
    first, second = [p for p in pieces if SEAT.search(p)][:2]
    assert SEAT.search(first).group(1) == "0" and SEAT.search(second).group(1) == "1"
    # Player 1 sits down after player 0 chose in secret: the screen holds player 1's view,
    # in which player 0's fist is closed, and nothing of what player 0 chose.
    assert "chosen (hidden)" in second and "(you chose" not in second


def test_defect_the_table_sees_what_the_last_move_of_a_hotseat_did():
    """Audit (stop 42): after the last person's move the screen was cleared and the table saw
    the result alone; that move's events (kow: the round's scores, won by whom and why) were
    shown to nobody, as the log printed at the end began after it."""
    proc = play("kow", "--players", "human,human", "--seed", "8", "--set", "victories_to_win=1",
                stdin="1\n" * 4000)
    assert proc.returncode == 0, proc.stderr[-2000:]
    end = proc.stdout.split(PAGE)[-1]
    assert re.search(r"Round 1 over: scores \d+-\d+, player \d wins the round", end), end
    assert end.index("Round 1 over") < end.index("Result:")


def test_a_hotseat_whose_people_are_all_out_is_told_on_a_cleared_screen():
    """Audit (stop 42): once every person at the table is out, the AI players' turns
    streamed by with nothing said. The table is told once, on a cleared screen (the last
    seat's own view goes: it is not for the others' eyes), and no seat is asked again."""
    proc = play("battle", "--players", "human,human,heuristic,heuristic,heuristic", "--seed",
                "3", stdin="1\n" * 60000)
    assert proc.returncode == 0, proc.stderr[-2000:]
    notice = "Every person is out: the AI players play on to the end (Ctrl-C to stop)."
    pieces = proc.stdout.split(PAGE)
    [told] = [i for i, piece in enumerate(pieces) if notice in piece]
    assert pieces[told].lstrip().startswith(notice)
    assert not any(SEAT.search(piece) for piece in pieces[told:])


def test_one_human_keeps_the_plain_terminal():
    proc = play("kow", "--players", "human,random", "--seed", "1", stdin="1\n" * 400)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert PAGE not in proc.stdout and not SEAT.search(proc.stdout)


def test_players_empty_is_an_error():
    for text in ("", " ", "random,", ",random"):
        proc = play("kow", "--players", text, stdin="")
        lines = [line for line in proc.stderr.splitlines() if line.strip()]
        assert proc.returncode == 2 and len(lines) == 1, proc.stderr
        assert "--players" in lines[0] and "Traceback" not in proc.stderr


# --- at a real terminal --------------------------------------------------------------------

def in_terminal(args: list[str], steps: list[tuple[str, str]], timeout: float = 60) -> bytes:
    """Run `warroom ARGS` in a pseudo-terminal; for each step, wait until the output shows the
    text, then type the keys. Returns everything the terminal displayed."""
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen([WARROOM, *args], stdin=slave, stdout=slave, stderr=slave,
                            close_fds=True)
    os.close(slave)
    seen = b""
    try:
        for text, keys in steps:
            deadline = time.monotonic() + timeout
            while text.encode() not in seen:
                assert time.monotonic() < deadline, f"no {text!r} in {seen[-500:]!r}"
                ready, _, _ = select.select([master], [], [], 0.1)
                if ready:
                    try:
                        seen += os.read(master, 65536)
                    except OSError:
                        break
            os.write(master, keys.encode())
        time.sleep(0.5)  # what the terminal echoes of the last keys
        while select.select([master], [], [], 0.2)[0]:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    return seen


SECRET = "DICE: 2 RED"  # a choice typed as a label: matching ignores case, the menu is lower


def test_defect_a_secret_choice_typed_in_a_hotseat_is_not_echoed():
    shown = in_terminal(["play", "kow", "--players", "human,human", "--seed", "2"],
                        [("take the seat", "\n"), ("typing is hidden", SECRET + "\n"),
                         ("Player 1: take the seat", "")])
    assert b"Player 1: take the seat" in shown
    assert SECRET.encode() not in shown


def test_a_single_players_typing_is_echoed_as_usual():
    """The control for the test above: at a terminal, typing is echoed when nobody else
    shares it, so the absence above is the hotseat's doing."""
    shown = in_terminal(["play", "kow", "--players", "human,random", "--seed", "2"],
                        [("> ", SECRET + "\n"), ("Reveal", "")])
    assert SECRET.encode() in shown


def test_a_key_typed_ahead_does_not_seat_the_next_player():
    """An Enter typed after a choice (a double press) was read as the next player's: their
    hand showed to the one still at the keyboard."""
    shown = in_terminal(["play", "kow", "--players", "human,human", "--seed", "2"],
                        [("Player 0: take the seat", "\n"), ("typing is hidden", "1\n\n"),
                         ("Player 1: take the seat", "")])
    after = shown.split(b"Player 1: take the seat")[-1]
    assert b"you are player 1" not in after


def test_q_at_the_seat_screen_quits_and_other_text_is_asked_again():
    """'q' there seated the player and showed their view instead of quitting."""
    shown = in_terminal(["play", "kow", "--players", "human,human", "--seed", "2"],
                        [("Player 0: take the seat", "x\n"),
                         ("press Enter alone to take the seat", "q\n"), ("interrupted", "")])
    assert b"you are player 0" not in shown
