"""Audit (stop 56): play and replay with standard output closed (`>&-`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from warroom.cli import main

WARROOM = str(Path(sys.executable).parent / "warroom")
ENV = {**os.environ, "WARROOM_NATIVE": "0"}
KOW = ["play", "kow", "--players", "heuristic,heuristic", "--seed", "1"]


def closed_stdout(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """`warroom ARGS >&-`."""
    return subprocess.run(["sh", "-c", 'exec "$0" "$@" >&-', WARROOM, *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300, env=ENV)


def test_play_and_replay_with_standard_output_closed_run_and_say_nothing(tmp_path):
    """Audit (stop 56): `warroom play kow --players heuristic,heuristic --seed 1 >&-` and
    `warroom replay s1.json >&-` ended in "AttributeError: 'NoneType' object has no attribute
    'isatty'" (a closed descriptor 1 makes sys.stdout None), where other commands exit 0
    printing nothing. They do as those do; the save holds every action played."""
    whole = tmp_path / "whole.json"
    assert main([*KOW, "--save", str(whole)]) == 0
    played = closed_stdout(*KOW, "--save", "s1.json", cwd=tmp_path)
    assert played.returncode == 0, played.stderr[-2000:]
    assert "Traceback" not in played.stderr and "Error" not in played.stderr
    saved = json.loads((tmp_path / "s1.json").read_text())
    assert saved["actions"] == json.loads(whole.read_text())["actions"]
    assert saved["outcome"]
    replayed = closed_stdout("replay", "s1.json", cwd=tmp_path)
    assert (replayed.returncode, replayed.stderr) == (0, "")
    games = closed_stdout("games", cwd=tmp_path)
    assert (games.returncode, games.stderr) == (0, "")
