"""Audit (stop 58, a student writing a player; mended at stop 59): a player of one's own that
printed as it played (a student's debugging lines) wrote them onto standard output, before
the one JSON object of `--json`: `json.loads` of the output failed, with one worker or two.
What a player prints now goes to standard error (in worker processes too), and standard
output holds the object alone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

WARROOM = str(Path(sys.executable).parent / "warroom")

LOUD = '''
class Loud:
    """The first legal action, saying so."""

    def __init__(self, game, seed):
        print("loud: made")

    def act(self, view):
        print("loud: acting")
        return view.legal_actions[0]
'''


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([WARROOM, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("args", [
    ["play", "kow", "--players", "loud.Loud,random", "--seed", "3"],
    ["simulate", "kow", "--players", "loud.Loud,random", "--games", "4", "--workers", "2",
     "--seed", "3", "--db", "runs.sqlite"],
    ["simulate", "kow", "--players", "loud.Loud,random", "--games", "2", "--workers", "1",
     "--seed", "3", "--db", "runs1.sqlite"],
    ["evaluate", "kow", "--players", "loud.Loud,random", "--games", "2", "--seed", "3"],
    ["tournament", "kow", "--players", "loud.Loud,random", "--seed", "3"],
    ["viktory", "compare", "forest-town", "--players", "loud.Loud,heuristic", "--modes",
     "dice", "--games", "2", "--workers", "2"],
], ids=["play", "simulate-2-workers", "simulate-1-worker", "evaluate", "tournament",
        "viktory-compare"])
def test_what_a_player_prints_leaves_the_json_alone(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "loud.py").write_text(LOUD)
    done = _run([*args, "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)  # the object alone: no player's line before it
    assert out.get("game", "kow") == "kow"
    assert "loud: acting" in done.stderr  # said, where a person still sees it


@pytest.mark.parametrize("args", [
    ["play", "kow", "--players", "loud.Loud,random", "--seed", "3"],
    ["simulate", "kow", "--players", "loud.Loud,random", "--games", "4", "--workers", "2",
     "--seed", "3", "--db", "runs.sqlite"],
], ids=["play", "simulate-2-workers"])
def test_without_json_a_player_still_prints_where_it_did(tmp_path: Path, args: list[str]
                                                        ) -> None:
    """What a student prints while debugging stays on standard output when no program reads
    it, whatever the number of workers: only --json moves it (review, stop 59: a worker sent
    it to standard error always)."""
    (tmp_path / "loud.py").write_text(LOUD)
    done = _run(args, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "loud: acting" in done.stdout
    assert "loud: acting" not in done.stderr
