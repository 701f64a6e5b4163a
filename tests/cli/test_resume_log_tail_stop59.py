"""Audit (stop 59, a long Viktory II game at the terminal): resuming a saved game showed the
whole log the seat had seen before the save, about 130 lines (seven Enters at 80x24), and
`q` typed there to skip it quit the game. At a terminal a resumed game now shows the log's
last half screen, after one line saying how many lines came before and which command shows
them all (a replay as that seat)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_hotseat_audit47 import in_terminal

WARROOM = str(Path(sys.executable).parent / "warroom")


@pytest.fixture
def short_folder() -> Iterator[Path]:
    """A folder with a short path, which the note says on one line (pytest's own folders are
    long enough to be broken mid-name at 80 columns)."""
    folder = Path(tempfile.mkdtemp(prefix="wr"))
    yield folder
    shutil.rmtree(folder)


def _saved_game(folder: Path) -> Path:
    save = folder / "long.json"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([WARROOM, "play", "kow", "--players", "human,random", "--seed", "4",
                           "--save", str(save)], input="1\n" * 12, capture_output=True,
                          text=True, timeout=300, env=env)
    assert done.returncode == 1 and "saved to" in done.stderr, done.stderr  # the input ended
    return save


def test_a_resumed_game_at_a_terminal_shows_the_log_s_tail(short_folder: Path) -> None:
    save = _saved_game(short_folder)
    shown = in_terminal(["play", "--resume", str(save)],
                        [("shows them)", ""), ("Enter shows the table", "\n"), ("> ", "q\n")])
    plain = re.sub(r"\x1b\[[0-9;]*m|\r", "", shown)
    words = " ".join(plain.split())  # as said, whatever the terminal's width broke
    said = re.search(r"\((\d+) earlier lines of the log: warroom replay (\S+) --as 0 "
                     r"shows them\)", words)
    assert said, plain[:1500]
    assert int(said.group(1)) > 50 and said.group(2) == str(save)
    # what comes after it, up to the table, is no more than half the screen
    tail = plain[plain.index("shows them)") + 11:plain.index("Enter shows the table")]
    lines = [line for line in tail.strip().splitlines() if not line.startswith("-- ")]
    assert 0 < len(lines) <= 12


def test_resumed_output_sent_elsewhere_keeps_the_whole_log(tmp_path: Path) -> None:
    """Not at a terminal (a script, a file), the whole log as before: nothing is held."""
    save = _saved_game(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([WARROOM, "play", "--resume", str(save)], input="q\n",
                          capture_output=True, text=True, timeout=300, env=env)
    assert "earlier lines of the log" not in done.stdout + done.stderr
    assert "Turn 1: dealt" in done.stdout
