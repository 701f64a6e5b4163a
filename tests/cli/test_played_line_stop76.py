"""A finished bar leaves a line of what it counted: `simulate`, `evaluate`, `tournament`
and the rest said nothing of how long a run took once the bar had gone (the bar shows it
while it runs, and goes with its figures). At a terminal only, as the bar: piped output and
JSON stay as they were."""

from __future__ import annotations

import re
import subprocess

import pytest
from terminal_helpers import run_in_terminal
from test_hotseat_audit47 import WARROOM

from warroom.sim.progress import duration, game_progress, games_line

LINE = re.compile(r"(Played|Read) ([\d,]+) games? in ([\d.]+ s|\d+ min \d\d s|\d+ h \d\d min)"
                  r"(?: \(([\d.]+) games/s\))?")


@pytest.mark.parametrize(("seconds", "words"), [
    (0.04, "0.0 s"), (0.84, "0.8 s"), (42.0, "42.0 s"), (59.94, "59.9 s"),
    (59.96, "1 min 00 s"), (60.0, "1 min 00 s"), (185.2, "3 min 05 s"),
    (3599.4, "59 min 59 s"), (3600.0, "1 h 00 min"),
    (3725.0, "1 h 02 min"), (90061.0, "25 h 01 min")])
def test_a_time_taken_reads_as_a_person_reads_it(seconds, words):
    assert duration(seconds) == words


def test_the_line_says_games_time_and_rate():
    assert games_line("Played", 1000, 8.0) == "Played 1,000 games in 8.0 s (125.0 games/s)"
    assert games_line("Read", 1, 0.5) == "Read 1 game in 0.5 s (2.0 games/s)"
    assert games_line("Played", 0, 0.3) == "Played 0 games in 0.3 s"  # no rate of nothing


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # where a results database would go


def shown(*args: str) -> list[tuple[str, str, str, str]]:
    """The lines `warroom ARGS` left at a terminal: (verb, games, time, rate) each."""
    status, seen = run_in_terminal([WARROOM, *args], env={"WARROOM_NATIVE": "0"},
                                   stdin=subprocess.DEVNULL, timeout=120)
    assert status == 0, seen[-2000:]
    lines = [LINE.search(line) for line in re.split(r"[\r\n]+", seen)]
    return [(m[1], m[2], m[3], m[4]) for m in lines if m]


def test_simulate_says_how_many_games_it_played_and_how_fast(tmp_path):
    found = shown("simulate", "kow", "--games", "30", "--players", "heuristic,random",
                  "--db", str(tmp_path / "r.sqlite"))
    assert len(found) == 1 and found[0][:2] == ("Played", "30"), found
    seconds, rate = float(found[0][2].split()[0]), float(found[0][3])
    assert abs(30 / rate - seconds) <= 0.051  # the printed figures agree (to 0.1 s)


def test_a_resumed_run_counts_only_the_games_it_played(tmp_path):
    """A resumed run's bar starts at its earlier games; the line is of this command's."""
    db = str(tmp_path / "r.sqlite")
    assert shown("simulate", "kow", "--games", "6", "--players", "heuristic,random", "--db",
                 db)[0][:2] == ("Played", "6")
    assert shown("simulate", "kow", "--resume", "--db", db)[0][:2] == (
        "Played", "0")


def test_a_resumed_sweep_counts_only_the_games_it_played(tmp_path):
    """The sweep counts each resumed cell's earlier games on the bar, not in the line."""
    args = ("sweep", "kow", "--vary", "max_rounds=4,6", "--games", "3", "--players",
            "heuristic,random", "--db", str(tmp_path / "s.sqlite"), "--out",
            str(tmp_path / "report.md"), "--force")
    assert shown(*args)[0][:2] == ("Played", "6")
    assert shown(*args, "--resume")[0][:2] == ("Played", "0")


def test_evaluate_and_tournament_leave_the_line_too(tmp_path):
    found = shown("evaluate", "kow", "--players", "heuristic,random", "--games", "4")
    assert found[0][:2] == ("Played", "4"), found
    found = shown("tournament", "kow", "--players", "heuristic,random", "--best-of", "1")
    assert len(found) == 1 and found[0][0] == "Played" and int(found[0][1]) >= 1, found


def test_piped_output_has_no_such_line(tmp_path):
    """Not at a terminal: nothing on standard error, as before (scripts read it)."""
    done = subprocess.run([WARROOM, "simulate", "kow", "--games", "4", "--players",
                           "heuristic,random", "--db", str(tmp_path / "r.sqlite")],
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stderr == "" and "Played" not in done.stdout


def test_an_interrupted_or_failed_bar_leaves_no_line(capsys, monkeypatch):
    """The line is of finished work: an error out of the bar's block says its own."""
    monkeypatch.setattr("rich.console.Console.is_terminal", property(lambda self: True))
    with pytest.raises(KeyboardInterrupt), game_progress() as progress:
        progress.add_task("kow", total=4)
        raise KeyboardInterrupt
    assert "Played" not in capsys.readouterr().err
    with game_progress() as progress:
        task = progress.add_task("kow", total=4, completed=1)
        progress.advance(task, 3)
    assert "Played 3 games in" in capsys.readouterr().err


def test_export_says_how_many_games_it_read(tmp_path):
    db = str(tmp_path / "r.sqlite")
    subprocess.run([WARROOM, "simulate", "kow", "--games", "5", "--players", "heuristic,random",
                    "--db", db], capture_output=True, timeout=120, check=True)
    found = shown("export", db, "--out", str(tmp_path / "games.csv"))
    assert [f[:2] for f in found] == [("Read", "5")], found
