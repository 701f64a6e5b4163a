"""`make play`: a player who quits (q or Ctrl-C: `warroom play` exits 130; the end of input,
Ctrl-D: 1) ends it without make calling that a failure; any other failure of the game (an
error exits 2) still fails make."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("status", "made"), [(0, 0), (130, 0), (1, 0), (2, 2), (3, 2)])
def test_make_play_ends_quietly_when_the_player_quits(tmp_path, status, made):
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / ".installed-stamp").touch()  # newer than pyproject.toml: no set-up runs
    warroom = venv / "bin" / "warroom"
    warroom.write_text(f"#!/bin/sh\necho \"$@\"\nexit {status}\n")
    warroom.chmod(0o755)
    proc = subprocess.run(["make", "-s", "-C", str(ROOT), "play", f"VENV={venv}", "NATIVE=0"],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "MAKEFLAGS": ""})
    assert proc.stdout.strip() == "play kow --players human,mcts"
    assert proc.returncode == made, proc.stderr
    assert ("Error" in proc.stderr) == bool(made), proc.stderr
