"""`warroom bench` shows a bar of its timed runs at a terminal (half a minute by default, it
showed nothing until the end), and nothing of it when its output is not a terminal."""

from __future__ import annotations

import sys
from pathlib import Path

from terminal_helpers import run_in_terminal

from warroom.cli import main

WARROOM = str(Path(sys.executable).parent / "warroom")


def test_bench_shows_its_runs_at_a_terminal():
    status, text = run_in_terminal([WARROOM, "bench", "kow", "champions", "--seconds", "0.2",
                                    "--runs", "3"], {"TERM": "xterm", "COLUMNS": "100"})
    assert status == 0
    assert "bench kow" in text and "bench champions" in text and "3/6 runs" in text
    assert "decisions/s" in text  # and the table at the end


def test_bench_shows_no_bar_when_its_output_is_not_a_terminal(capsys):
    assert main(["bench", "kow", "--seconds", "0.01", "--runs", "2", "--json"]) == 0
    captured = capsys.readouterr()
    assert "runs" not in captured.err and captured.out.startswith('{"kow"')
