"""Audit (stop 64): users with narrow terminals (40 to 60 columns) saw simulate's and
evaluate's tables cut their numbers and names short, play's lines broken mid-word or saying
less on a resume, report's Matplotlib noise under a read-only home, and `warroom options`
lines broken mid-word by the terminal."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from terminal_helpers import run_in_terminal

from warroom.cli import main
from warroom.cli.evaluate import show
from warroom.cli.simulate import _print_card_table
from warroom.engine import DRAWN
from warroom.sim.cards import CardEffect

WARROOM = [str(Path(sys.executable).parent / "warroom")]
WIDTHS = [40, 60, 80]


def _table_lines(text: str, width: int, whole: list[str]) -> None:
    """Every line of `text` fits `width`, nothing is cut short ("…"), and each of `whole`
    (numbers, names, headers' words) is there in one piece."""
    assert "…" not in text
    too_long = [line for line in text.splitlines() if len(line) > width]
    assert not too_long
    assert [word for word in whole if word not in text] == []


@pytest.mark.parametrize("width", WIDTHS)
def test_simulate_tables_keep_numbers_and_names_whole(width, tmp_path, capsys, monkeypatch):
    """Audit (stop 64): `warroom simulate word-iron --games 4 --players heuristic,random` at
    40 columns showed the win rate as `100.…`, its interval as `100.…`, the players as
    `heur…` / `rand…` and the header as `play…`."""
    monkeypatch.setenv("COLUMNS", str(width))
    args = ["simulate", "kow", "--games", "4", "--players", "heuristic,random"]
    assert main([*args, "--db", str(tmp_path / "a.sqlite"), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert main([*args, "--db", str(tmp_path / "b.sqlite")]) == 0
    tables = capsys.readouterr().out.split("\ndraws:")[0]
    rates = [f"{r:.1%}" for r in summary["win_rate"]]
    bounds = [f"{x:.1%}" for lo_hi in summary["ci95"] for x in lo_hi]
    _table_lines(tables, width, ["player", "spec", "heuristic", "random", *rates, *bounds])


@pytest.mark.parametrize("width", WIDTHS)
def test_card_tables_keep_card_names_and_figures_whole(width, capsys, monkeypatch):
    """Audit (stop 64): `simulate word-iron --cards` at 60 columns showed `Chapla… of the
    Host` and headers `(adjus…`."""
    monkeypatch.setenv("COLUMNS", str(width))
    effects = [CardEffect("Chaplain of the Host", DRAWN, 7, 6, 0.632, (0.3, 0.9), 0.474,
                          (0.2, 0.7), 0.158, (-0.379, 1.0), 0.5, tested=False),
               CardEffect("Word of Scattering", DRAWN, 16, 19, 0.406, (0.2, 0.6), 0.469,
                          (0.3, 0.6), -0.062, (-0.213, 0.075), 0.4, tested=False)]
    _print_card_table(effects)
    out = capsys.readouterr().out
    _table_lines(out, width, ["Chaplain", "Host", "Scattering", "(adjusted)", "63.2%",
                              "47.4%", "+15.8", "(-37.9", "+100.0)", "16", "19"])


def test_evaluate_tables_keep_scores_intervals_and_names_whole(capsys, monkeypatch):
    """Audit (stop 64): `warroom evaluate kow --players random,heuristic,mcts:iters=10
    --games 2` at 40 columns showed scores `0…` / `1…`, intervals `0.… - 65…`, headers
    `wi…`, and names folded mid-word."""
    pairings = [("random", "heuristic", 0, 2, 0.0, 0.0, 0.658),
                ("random", "mcts:iters=10", 0, 2, 0.0, 0.0, 0.658),
                ("heuristic", "mcts:iters=10", 2, 0, 1.0, 0.342, 1.0)]
    out = {"games_per_pairing": 2, "seed": 0,
           "pairings": [{"a": a, "b": b, "a_wins": w, "b_wins": lost, "draws": 0,
                         "a_score": score, "ci95": [lo, hi]}
                        for a, b, w, lost, score, lo, hi in pairings],
           "ratings": [{"player": "heuristic", "mu": 33.14, "sigma": 7.42, "ordinal": 10.88},
                       {"player": "mcts:iters=10", "mu": 24.8, "sigma": 7.36, "ordinal": 2.72},
                       {"player": "random", "mu": 16.62, "sigma": 7.35, "ordinal": -5.44}]}
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", str(width))
        show("Kings of War Battle Deck", out)
        text = capsys.readouterr().out
        pairs, ratings = text.split("openskill ratings")
        _table_lines(pairs, width, ["wins", "losses", "draws", "score", "0.0%", "100.0%",
                                    "65.8%", "34.2%", "heuristic", "mcts:iters=10"])
        _table_lines(ratings.split("ranked on all")[0], width,
                     ["ordinal", "sigma", "33.14", "-5.44", "10.88", "heuristic"])


def test_an_ai_game_s_result_line_fits_the_terminal():
    """Audit (stop 64): at 40 columns every log line of an AI-only `play` was fitted to the
    terminal but the `Result:` line (68-77 characters), which the terminal broke
    mid-word."""
    status, text = run_in_terminal(
        [*WARROOM, "play", "kow", "--players", "heuristic,random", "--seed", "4"],
        {"COLUMNS": "40", "LINES": "50", "WARROOM_NATIVE": "0"}, stdin=subprocess.DEVNULL)
    assert status == 0
    lines = text.replace("\r", "").splitlines()
    result = lines[next(i for i, line in enumerate(lines) if line.startswith("Result: ")):]
    assert len(result) > 1 and all(len(line) <= 40 for line in result)
    assert all(line.startswith("    ") for line in result[1:])
    assert " ".join(" ".join(result).split()).startswith(
        "Result: player 0 (heuristic) - first to 3 Victories")


def _start_line(argv: list[str]) -> tuple[str, str]:
    """A `play` whose person quits at once: the line that starts it, and the last one."""
    done = subprocess.run([*WARROOM, "play", *argv], input="q\n", capture_output=True,
                          text=True, timeout=120, env={**os.environ, "WARROOM_NATIVE": "0"})
    assert done.returncode == 130, done.stderr
    lines = done.stderr.splitlines()
    return lines[0], lines[-1]


def test_a_resumed_game_s_start_line_says_its_chosen_seed_and_quotes_its_save(tmp_path):
    """Audit (stop 64): `play --resume` started with "human vs heuristic, saving to …"
    where the new game had said "seed 11", and the save's path, with spaces in it, was
    unquoted while the "continue with" hint quoted it. A seed the person did not choose
    stays hidden on the resume too."""
    save = tmp_path / "sp ä" / "crlf game.json"
    quoted = shlex.quote(str(save))
    start = f"Kings of War Battle Deck: human vs heuristic, seed 11, saving to {quoted}"
    first, last = _start_line(["kow", "--players", "human,heuristic", "--seed", "11",
                               "--save", str(save)])
    assert first == start and last.endswith(f"--resume {quoted}")
    assert _start_line(["--resume", str(save)])[0] == start
    drawn = tmp_path / "drawn.json"
    _start_line(["kow", "--players", "human,heuristic", "--save", str(drawn)])
    assert _start_line(["--resume", str(drawn)])[0] == \
        f"Kings of War Battle Deck: human vs heuristic, saving to {drawn}"


def test_report_under_a_read_only_home_says_nothing_of_matplotlib(tmp_path, capsys):
    """Audit (stop 64): with a home nobody can write in, `warroom report DB --out x.html`
    added "mkdir -p failed for path …/.config/matplotlib" and a long line on MPLCONFIGDIR
    to its output. Its temporary folder goes when it is done."""
    db = tmp_path / "r.sqlite"
    assert main(["simulate", "kow", "--games", "2", "--players", "random,random", "--db",
                 str(db)]) == 0
    capsys.readouterr()
    (tmp_path / "file").write_text("")
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("MPLCONFIGDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
    env.update(HOME=str(tmp_path / "file" / "home"), TMPDIR=str(temp))
    done = subprocess.run([*WARROOM, "report", str(db), "--out", str(tmp_path / "x.html")],
                          capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0 and done.stderr == ""
    assert (tmp_path / "x.html").is_file() and list(temp.iterdir()) == []


@pytest.mark.parametrize("width", WIDTHS)
def test_options_lines_fit_the_terminal(width):
    """Audit (stop 64): `warroom options GAME` fitted its descriptions to the terminal, but
    not its `key=value  # bounds` lines (up to 88 characters), which the terminal broke
    mid-word."""
    env = {"COLUMNS": str(width), "LINES": "50"}
    for game in ("battle", "word-iron", "viktory"):
        status, text = run_in_terminal([*WARROOM, "options", game, "--brief"], env)
        lines = text.replace("\r", "").splitlines()
        assert status == 0 and max(map(len, lines)) <= width, game
        assert all(line[:1].isalpha() or line.startswith(" ") for line in lines)
    status, text = run_in_terminal([*WARROOM, "options", "battle"], env)
    lines = text.replace("\r", "").splitlines()
    deck0 = lines.index(next(line for line in lines if line.startswith("deck0=")))
    bounds = [lines[deck0]]
    for line in lines[deck0 + 1:]:
        if not line.startswith(" " * 10):
            break
        bounds.append(line)
    assert " ".join(" ".join(bounds).split()) == \
        "deck0= # a list of at most 108 items, each text of 1 to 4096 characters"
