"""How the word-iron heuristic's spending of its realm compares with thriftier rules: each rule
plays the heuristic in both seats on the same deals, deciding its resource phases itself and
leaving every other decision (recruits, casualties, ransoms, truces) to the heuristic.

    python benchmarks/word_iron_realm.py [--games N] [RULE ...]

Rules: `heuristic` (a control: 50 %), `one-use` (one use a phase, the heuristic's choice of
resource, and the initial draw always skipped), `one-smallest` (likewise, the resource with the
fewest ranks), `spend` (the largest resource while anything has fallen). Where a rule beats the
heuristic, search has something to find in the resource phase (see mcts-results.md).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import Any

from warroom.games import get_game
from warroom.games.word_iron.actions import FinishResources, UseResource
from warroom.games.word_iron.state import WordIronState
from warroom.native import warn_if_stale

GAME = get_game("word-iron")
Policy = Callable[[WordIronState, int, random.Random], Any]


def _thrifty(pick: Callable[[list[UseResource]], UseResource] | None) -> Policy:
    """Stop (or skip) whenever allowed; else the heuristic's resource, or `pick`'s."""
    def policy(state: WordIronState, player: int, rng: random.Random) -> Any:
        actions = state.legal_actions(player)
        if state.pending[0] == "resource":
            stop = [a for a in actions if type(a) is FinishResources]
            if stop:
                return stop[0]
            if pick is not None:
                return pick([a for a in actions if type(a) is UseResource])
        return GAME.heuristic(state, player, rng)
    return policy


def _spend(state: WordIronState, player: int, rng: random.Random) -> Any:
    actions = state.legal_actions(player)
    fallen = any(n < a for n, a in zip(state.field[player], state.allotted))
    uses = [a for a in actions if type(a) is UseResource]
    if state.pending[0] == "resource" and uses and fallen:
        return max(uses, key=lambda a: a.ranks)
    return GAME.heuristic(state, player, rng)


RULES: dict[str, Policy] = {
    "heuristic": GAME.heuristic,
    "one-use": _thrifty(None),
    "one-smallest": _thrifty(lambda uses: min(uses, key=lambda a: a.ranks)),
    "spend": _spend,
}


def score(rule: Policy, games: int) -> float:
    """The rule's share of the points against the heuristic, each deal played in both seats."""
    points = 0.0
    for seed in range(games):
        for seat in (0, 1):
            state = GAME.new_state(GAME.Config(), seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                player = state.to_move()[0]
                policy = rule if player == seat else GAME.heuristic
                state.apply(player, policy(state, player, rng))
            points += state.outcome().reward(seat)
    return points / (2 * games)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="*", metavar="RULE", help=", ".join(RULES))
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args(argv)
    unknown = [r for r in args.rules if r not in RULES]
    if unknown:
        parser.error(f"unknown rule {unknown[0]!r}; rules are: {', '.join(RULES)}")
    for name in args.rules or RULES:
        print(f"{name:>13}: {score(RULES[name], args.games):.1%} against the heuristic "
              f"({2 * args.games} games)")


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main(sys.argv[1:])
