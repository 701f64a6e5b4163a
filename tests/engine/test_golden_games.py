"""Pinned games: a digest of the record, the outcome and every final observation (logs
included) of random and heuristic games, per game and conformance config.

Speed work must not change what a seed plays: the same random draws in the same order, the
same legal actions in the same order, the same log. Saved records depend on it. The digests in
golden_games.json were written by the code before the speed work; after a deliberate change
of a game's rules, write them again with

    python tests/engine/test_golden_games.py --write GAME

Viktory is left out: its battle resolver is being reworked, which changes its games.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from pathlib import Path

import pytest

from warroom.agents import HeuristicAgent, RandomAgent
from warroom.engine import play_game
from warroom.games import REGISTRY

GOLDEN = Path(__file__).with_name("golden_games.json")
GAMES = ("kow", "champions", "battle", "word-iron")
SEEDS = {"random": (0, 1, 2, 3), "heuristic": (0, 1)}  # heuristic games are longer
AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}


def cases() -> list[tuple[str, dict, str, int]]:
    out = []
    for name in GAMES:
        package = importlib.import_module(type(REGISTRY[name]).__module__)
        for values in getattr(package, "CONFORMANCE_CONFIGS", [{}]):
            for agent in AGENTS:
                out.extend((name, values, agent, seed) for seed in SEEDS[agent])
    return out


def key(name: str, values: dict, agent: str, seed: int) -> str:
    return f"{name} {json.dumps(values, sort_keys=True)} {agent} {seed}"


def digest(name: str, values: dict, agent: str, seed: int) -> str:
    game = REGISTRY[name]
    config = game.config(values)
    agents = [AGENTS[agent](game, seed * 10 + p) for p in range(game.num_players(config))]
    result = play_game(game, config, seed, agents)
    state = result.state
    seen = [state.observation(p) for p in range(state.num_players)] + [state.observation(None)]
    text = json.dumps([result.record.to_json(), result.outcome.to_json(), seen], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("case", cases(), ids=lambda c: key(*c))
def test_a_seed_plays_the_same_game_as_before(case):
    expected = json.loads(GOLDEN.read_text())
    assert digest(*case) == expected[key(*case)]


def main(argv: list[str]) -> None:
    if argv[:1] != ["--write"]:
        raise SystemExit(f"usage: python {Path(__file__).name} --write [GAME ...]")
    games = set(argv[1:]) or set(GAMES)
    old = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    for case in cases():
        if case[0] in games:
            old[key(*case)] = digest(*case)
    GOLDEN.write_text(json.dumps(old, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
