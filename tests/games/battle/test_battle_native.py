"""Battle's rules compiled with mypyc (warroom.native, `make native`) play exactly as the
source: 2,080 games, random and heuristic, in every conformance config, played once
with the compiled build and once interpreted (WARROOM_NATIVE=0), compared game by game (their
legal actions, records, outcomes, final observations, clones, determinisations and pickled
copies: see battle_native_games.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from warroom import native
from warroom.games.battle import CONFORMANCE_CONFIGS

GAMES = Path(__file__).with_name("battle_native_games.py")
MODULE = "warroom.games.battle.state"
RANDOM_SEEDS = 250  # per conformance config: 2,000 random games
HEURISTIC_SEEDS = 10  # per conformance config: 80 heuristic games


def play(compiled: bool) -> subprocess.Popen:
    env = {**os.environ, native.ENV: "1" if compiled else "0"}
    return subprocess.Popen([sys.executable, str(GAMES), str(RANDOM_SEEDS),
                             str(HEURISTIC_SEEDS)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def results(proc: subprocess.Popen) -> dict:
    out, err = proc.communicate(timeout=1800)
    assert proc.returncode == 0, err
    return json.loads(out)


def test_compiled_rules_play_the_same_games_as_the_source():
    if not native.enabled():
        pytest.skip(f"compiled builds are off ({native.ENV}=0): nothing to compare")
    state = native.status().get(MODULE)
    assert state == "compiled", (
        f"{MODULE} has no usable compiled build ({state or 'not built'}): run `make native` "
        f"(needs a C compiler), or test the interpreted path only with {native.ENV}=0")
    both = play(True), play(False)  # the two processes run side by side
    compiled, interpreted = (results(p) for p in both)
    assert compiled["compiled"] == [MODULE]
    assert interpreted["compiled"] == []
    assert len(compiled["digests"]) == len(CONFORMANCE_CONFIGS) * (RANDOM_SEEDS + HEURISTIC_SEEDS)
    differ = [game for game, digest in interpreted["digests"].items()
              if compiled["digests"].get(game) != digest]
    assert not differ, f"{len(differ)} games differ, the first: {differ[:3]}"
