"""Compiled rules (warroom.native, `make native`) play exactly as their source: every game with
a compiled module plays its seeds, random and heuristic, in every conformance config, once
with the compiled build and once interpreted (WARROOM_NATIVE=0), and the two are compared
game by game (their legal actions, records, outcomes, final observations, clones,
determinisations and pickled copies: see native_games.py)."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from warroom import native
from warroom.games import get_game

GAMES = Path(__file__).with_name("native_games.py")

# game: (its compiled modules, random seeds and heuristic seeds per conformance config).
# The counts are the fewest seeds (from 0) whose games, interpreted, reach every line and every
# branch (each line to the next, as sys.settrace saw them) of the game's compiled modules that
# the larger counts before them (in brackets) reached: their further seeds reached none that
# these miss. The last seed each count needs is named.
COMPILED = {
    # 8 configs: 1,000 random and 16 heuristic games (250, 10); random seed 124 is the first
    # where a Joker's victim has one soldier left, given at once (heuristic seed 0 reaches
    # the rest: seed 1 plays the fast path as well)
    "battle": (["warroom.games.battle.state"], 125, 2),
    # 3 configs: 1,569 random and 9 heuristic games (600, 20); random seed 522 is the first
    # with one benefit twice among those to order
    "word-iron": (["warroom.games.word_iron.army", "warroom.games.word_iron.heuristic",
                   "warroom.games.word_iron.state"], 523, 3),
    # 13 configs: 767 random and 182 heuristic battles (300, 30); random seed 58 is the first
    # where an attacker's event turns on a Counter in hand, heuristic seed 13 the first where a
    # defender's one card goes with its settlement
    "viktory": (["warroom.games.viktory.state", "warroom.games.viktory_battles.dice",
                 "warroom.games.viktory_battles.hand",
                 "warroom.games.viktory_battles.resolver"], 59, 14),
    # 9 configs: 54 random and 27 heuristic whole games, every battle through the resolver;
    # the last seeds (random 5, heuristic 2) still reach lines that no seed before them does
    "viktory-ii": (["warroom.games.viktory_battles.dice", "warroom.games.viktory_battles.hand",
                    "warroom.games.viktory_battles.resolver",
                    "warroom.games.viktory_ii.movement",
                    "warroom.games.viktory_ii.placement", "warroom.games.viktory_ii.state",
                    "warroom.games.viktory_ii.units"],
                   6, 3),
}


def play(game: str, compiled: bool) -> subprocess.Popen:
    _, random_seeds, heuristic_seeds = COMPILED[game]
    env = {**os.environ, native.ENV: "1" if compiled else "0"}
    return subprocess.Popen([sys.executable, str(GAMES), game, str(random_seeds),
                             str(heuristic_seeds)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def results(proc: subprocess.Popen) -> dict:
    out, err = proc.communicate(timeout=1800)
    assert proc.returncode == 0, err
    return json.loads(out)


@pytest.mark.native  # `make test NATIVE=0` (no compiler) leaves these out: -m "not native"
@pytest.mark.parametrize("game", sorted(COMPILED))
def test_compiled_rules_play_the_same_games_as_the_source(game):
    assert native.enabled(), (
        f"compiled builds are off ({native.ENV}=0): nothing to compare; run these tests with "
        f"them on, or leave them out with -m 'not native' (as `make test NATIVE=0` does)")
    modules, random_seeds, heuristic_seeds = COMPILED[game]
    for module in modules:
        state = native.status().get(module)
        assert state == "compiled", (
            f"{module} has no usable compiled build ({state or 'not built'}): run `make "
            f"native` (needs a C compiler), or test the interpreted path only with "
            f"{native.ENV}=0")
    both = play(game, True), play(game, False)  # the two processes run side by side
    compiled, interpreted = (results(p) for p in both)
    assert set(modules) <= set(compiled["compiled"])  # and the other games' it imports
    assert interpreted["compiled"] == []
    configs = importlib.import_module(type(get_game(game)).__module__).CONFORMANCE_CONFIGS
    assert len(compiled["digests"]) == len(configs) * (random_seeds + heuristic_seeds)
    differ = [played for played, digest in interpreted["digests"].items()
              if compiled["digests"].get(played) != digest]
    assert not differ, f"{len(differ)} games differ, the first: {differ[:3]}"
