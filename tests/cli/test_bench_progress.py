"""`warroom bench` shows a bar of its timed runs at a terminal (half a minute by default, it
showed nothing until the end), and nothing of it when its output is not a terminal."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

from warroom.cli import main

WARROOM = str(Path(sys.executable).parent / "warroom")


def test_bench_shows_its_runs_at_a_terminal():
    leader, follower = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "100"}
    process = subprocess.Popen([WARROOM, "bench", "kow", "champions", "--seconds", "0.2",
                                "--runs", "3"], stdout=follower, stderr=follower, env=env)
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal's other end closed: the command is done
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    assert process.wait(timeout=60) == 0
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode(errors="replace"))  # colours
    assert "bench kow" in text and "bench champions" in text and "3/6 runs" in text
    assert "decisions/s" in text  # and the table at the end


def test_bench_shows_no_bar_when_its_output_is_not_a_terminal(capsys):
    assert main(["bench", "kow", "--seconds", "0.01", "--runs", "2", "--json"]) == 0
    captured = capsys.readouterr()
    assert "runs" not in captured.err and captured.out.startswith('{"kow"')
