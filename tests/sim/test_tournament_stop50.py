"""Audit (stop 50) of tournaments: a bracket that could not finish was found out after round 1,
individual entrants in a team game scored no wins, `--set players=abc` was a traceback, and
at a terminal the match lines were glued onto the progress bar. Each test's docstring names
the defect; each failed before the change it pins."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

from warroom.cli import main
from warroom.engine import ConfigError
from warroom.sim.tournament import TournamentSpec, check, run_tournament

WARROOM = str(Path(sys.executable).parent / "warroom")
ENV = {**os.environ, "WARROOM_NATIVE": "0", "COLUMNS": "120"}
ENV.pop("PYTHONPATH", None)


def spec(players, game="battle", **kw):
    return TournamentSpec(game, kw.pop("config", {}), tuple(players), **kw)


def one_line(capsys) -> str:
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    return lines[0]


def test_a_bracket_that_cannot_finish_is_refused_before_any_game(capsys):
    """Audit (stop 50): `tournament viktory-ii` with five entrants, 4-player matches and
    capitals=4 was accepted, played round 1 and then failed ("cannot hold a match of the 2
    players or teams left"), its games lost; `check` promised to refuse it before anything
    was played. The rounds are worked out in advance; the one line says what to change."""
    s = spec(["random"] * 5, game="viktory-ii", match_size=4, config={"capitals": "4"}, seed=1)
    with pytest.raises(ConfigError) as err:
        check(s)
    assert str(err.value) == (
        "5 entrants cannot finish a bracket of 4-player matches: round 2 would start with 2 "
        "players, and viktory-ii with these options cannot hold a match of 2; enter 4 or 7 "
        "entrants, or change --match-size")
    games: list[int] = []
    with pytest.raises(ConfigError):
        run_tournament(s, on_game=games.append)
    assert games == []  # nothing played
    assert main(["tournament", "viktory-ii", "--players", "random,random,random,random,random",
                 "--match-size", "4", "--set", "capitals=4", "--seed", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "round 1:" not in captured.err
    assert captured.err.startswith("warroom: error: 5 entrants cannot finish a bracket")


@pytest.mark.parametrize("entrants", [2, 3, 5, 6, 7, 9])
def test_the_bracket_worked_out_in_advance_is_the_one_played(entrants):
    """Audit (stop 50): the rounds check foresees are those the run plays (one function for
    both): byes where the game holds no smaller match, smaller matches where it does."""
    from warroom.sim.tournament import _bracket, _Event

    for s in (spec(["random"] * entrants, game="kow", seed=3),  # 2 players only: byes
              spec(["random"] * entrants, match_size=3, seed=3)):  # battle: 2 or 3
        shapes = _bracket(_Event(s))
        t = run_tournament(s)
        per_match = s.match_size
        played = [(sum(len(m.units) == per_match for m in r.matches),
                   next((len(m.units) for m in r.matches if len(m.units) < per_match), 0))
                  for r in t.rounds]
        assert played == shapes


def test_individuals_in_a_team_game_are_refused_with_how_to_enter_teams(capsys):
    """Audit (stop 50): `tournament battle --players heuristic,random,random,heuristic
    --match-size 4 --set teams=alliance --best-of 3` seated four individuals in a team game:
    two units won every game, no win was counted (wins 0-0-0-0) and matches went by score or
    lot; partners never changed seats' sides, so no count of shared wins could separate them.
    Individuals are refused there in one line that says to add --teams."""
    argv = ["tournament", "battle", "--players", "heuristic,random,random,heuristic",
            "--match-size", "4", "--set", "teams=alliance", "--best-of", "3", "--seed", "4"]
    assert main([*argv, "--json"]) == 2
    assert one_line(capsys) == (
        "warroom: error: battle with these options is played in teams of 2: add --teams 2 "
        "(consecutive entrants form a team), or --set the game's team option off")
    with pytest.raises(ConfigError, match="add --teams 2"):
        check(spec(["heuristic", "random", "random", "heuristic", "random"], match_size=4,
                   config={"teams": "alliance"}))
    # entered as teams, each game has one winning team and the tally counts it
    assert main([*argv, "--teams", "2", "--json"]) == 0
    match = json.loads(capsys.readouterr().out)["rounds"][0]["matches"][0]
    assert sum(match["wins"]) == sum(len(g["winners"]) == 1 for g in match["games"]) >= 2


@pytest.mark.parametrize("value", ["abc", "4.0", "true"])
def test_a_players_option_that_is_no_integer_is_the_games_one_line(capsys, value):
    """Audit (stop 50): `tournament battle --players heuristic,random --set players=abc` (or
    4.0, true) was a ValueError traceback from int(); it is the line evaluate gives."""
    assert main(["tournament", "battle", "--players", "heuristic,random",
                 "--set", f"players={value}"]) == 2
    assert one_line(capsys) == f"warroom: error: option 'players' must be an integer, got '{value}'"


def screen_lines(raw: bytes, width: int = 120) -> list[str]:
    """The lines a terminal shows for `raw` (the control sequences rich draws its bar with:
    carriage return, new line, cursor up/down/column, erase in line), for the lines printed
    alongside it to be read as a person sees them."""
    rows: list[list[str]] = [[]]
    row = col = 0
    text = raw.decode(errors="replace")
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\x1b":
            m = re.match(r"\x1b\[([0-9;?]*)([A-Za-z])|\x1b\][^\x07]*\x07", text[i:])
            if m is None:
                i += 1
                continue
            i += len(m.group(0))
            if m.group(2) is None:
                continue
            arg, op = m.group(1), m.group(2)
            n = int(arg) if arg.isdigit() else None
            if op == "A":
                row = max(0, row - (n or 1))
            elif op == "B":
                row += n or 1
            elif op == "G":
                col = (n or 1) - 1
            elif op == "K":
                while len(rows) <= row:
                    rows.append([])
                line = rows[row]
                if n == 2:
                    rows[row] = []
                elif n in (None, 0):
                    del line[col:]
                else:
                    line[:col] = [" "] * min(col, len(line))
            continue
        i += 1
        if c == "\r":
            col = 0
        elif c == "\n":
            row += 1
            col = 0  # a terminal's output processing makes it \r\n
        elif c >= " ":
            while len(rows) <= row:
                rows.append([])
            line = rows[row]
            line.extend(" " * (col - len(line)))
            if col < len(line):
                line[col] = c
            else:
                line.append(c)
            col += 1
        while len(rows) <= row:
            rows.append([])
    return ["".join(r).rstrip() for r in rows]


def run_with_pty(argv: list[str], stdout_pipe: bool) -> tuple[int, bytes, str]:
    """Run with standard error (and standard output unless `stdout_pipe`) on a terminal:
    status, what the terminal got, and standard output if it was a pipe."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stderr=follower, env=ENV,
                               stdout=subprocess.PIPE if stdout_pipe else follower)
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    out = process.stdout.read().decode() if stdout_pipe else ""
    return process.wait(timeout=120), seen, out


ARGV = [WARROOM, "tournament", "kow", "--players", "heuristic,random,random,heuristic,random",
        "--best-of", "3", "--seed", "2"]


def test_match_lines_come_above_the_bar_at_a_terminal_and_on_stdout_in_a_pipe():
    """Audit (stop 50): at a terminal, each match line was printed with click.echo on
    standard output while the games bar was live on standard error, so it was glued onto the
    bar's line ("kow round 1 ... games/s ...  round 1: 2:random vs ..."). The lines are
    printed through the bar's console (above the bar) when standard output is that terminal,
    and still on standard output when it is a pipe."""
    status, raw, _ = run_with_pty(ARGV, stdout_pipe=False)
    assert status == 0, raw
    lines = screen_lines(raw)
    rounds = [line for line in lines if "round " in line and ("->" in line or "bye" in line)]
    assert rounds, lines
    for line in rounds:
        assert line.startswith("  round "), lines  # not glued onto the bar
    # the bar is gone at the end: what is left of it is the line of games it counted
    assert not any("ETA" in line for line in lines), lines
    assert [line for line in lines if "games/s" in line][0].startswith("Played "), lines
    assert any(line.startswith("Champion: ") for line in lines), lines
    # standard output a pipe, standard error the terminal (and its bar): the lines are output
    status, raw, out = run_with_pty(ARGV, stdout_pipe=True)
    assert status == 0, raw
    assert [line for line in out.splitlines() if line.startswith("  round ")] == rounds
    assert out.splitlines()[-1].startswith("Champion: ")
    assert "  round " not in raw.decode(errors="replace")
