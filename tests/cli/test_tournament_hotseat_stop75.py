"""Audit (stop 75, a club's tournament at one terminal): `warroom tournament` with two person
entrants showed each one's hand and secret choices to the other (no hand-over, typing echoed),
played on with its output piped away from the terminal, and drew its progress bar over their
prompts. People who share the terminal take the seat in turn, as at `warroom play`."""

from __future__ import annotations

import os
import pty
import re
import subprocess

from test_hotseat import SEAT, TITLE
from test_hotseat_audit47 import WARROOM, in_terminal

from warroom.agents.human import PAGE


def tournament(*args: str, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([WARROOM, "tournament", *args], input=stdin, capture_output=True,
                          text=True, timeout=300)


def test_people_in_one_match_take_the_seat_in_turn_and_see_their_own_view_alone():
    proc = tournament("champions", "--players", "human,human", "--seed", "5", "--best-of", "3",
                      "--set", "roshambo=random", stdin="1\n" * 20000)
    assert proc.returncode == 0, proc.stderr[-2000:]
    pieces = proc.stdout.split(PAGE)
    turns = [p for p in pieces if SEAT.search(p)]
    assert {SEAT.search(p).group(1) for p in turns} == {"0", "1"}
    for piece in turns:
        seat = SEAT.search(piece)
        assert piece.lstrip().startswith(seat.group(0))  # nothing before the hand-over
        assert set(TITLE.findall(piece)) <= {seat.group(1)}  # the seated player's view only
    # each game's end is told on a screen of its own, no seat's view on it
    ends = [p for p in pieces if "of the match: won by" in p]
    assert ends and all(not SEAT.search(p) and not TITLE.search(p) for p in ends)
    assert re.search(r"Game 1 of the match: won by player \d \(human\)", ends[0])
    assert "Champion: " in pieces[-1] and not TITLE.search(pieces[-1])


def test_a_tournament_of_people_whose_output_is_not_the_terminal_is_refused():
    leader, follower = pty.openpty()
    try:
        proc = subprocess.run([WARROOM, "tournament", "kow", "--players", "human,human"],
                              stdin=follower, capture_output=True, text=True, timeout=60)
    finally:
        os.close(follower)
        os.close(leader)
    assert proc.returncode == 2, (proc.stdout[-1500:], proc.stderr)
    assert "several people share this terminal, but standard output is not the terminal" \
        in proc.stderr
    assert "you are player" not in proc.stdout


def test_no_progress_bar_is_drawn_over_a_persons_prompt():
    shown = in_terminal(["tournament", "kow", "--players", "human,random", "--seed", "1"],
                        [("Enter shows the table", "\n"), ("you are player", ""), ("> ", None),
                         ("interrupted", "")],
                        timeout=30)
    assert "you are player" in shown
    assert "ETA" not in shown and "kow round 1" not in shown


def test_one_person_sees_how_each_of_their_games_ended():
    """Audit (stop 75): a person entrant's game ended with its last prompt, then the match
    line: the last turn's events (kow: the round's scores, who won it and why) were never
    shown. They are, then a line of how the game ended, before the match's line."""
    proc = tournament("kow", "--players", "human,random", "--set", "victories_to_win=1",
                      stdin="1\n" * 400)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout
    ended = re.search(r"Game 1 of the match: won by player \d \((human|random)\) - first to 1 "
                      r"Victory", out)
    assert ended, out[-1500:]
    assert re.search(r"Round 1 over: scores \d+-\d+, player \d wins the round", out)
    assert out.index("Round 1 over") < ended.start() < out.index("  round 1: ")
