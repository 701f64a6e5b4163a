"""The word-iron heuristic's realm rule (`RealmRule`) against the rule before it, and both
against random players: each deal is played twice with the seats swapped, so both sides play
the same cards from both seats; the score is the share of points (a draw is half) with its
95 % Wilson interval.

    python benchmarks/word_iron_heuristic.py [--games N] [--decks NAME ...]

`--games N` deals (2N games) per line of the table. Decks: `sample` (both play the sample deck),
`raiders` (both the raiders deck), `mixed` (sample against raiders, each side both ways).
Results: benchmarks/word-iron-heuristic-results.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from warroom.agents import HeuristicAgent, RandomAgent
from warroom.engine import play_game
from warroom.games import get_game
from warroom.games.word_iron.heuristic import SPENDTHRIFT, THRIFTY, RealmRule, heuristic_action
from warroom.native import warn_if_stale
from warroom.sim.stats import wilson_interval

GAME = get_game("word-iron")
DECKS = {"sample": {}, "raiders": {"deck0": "raiders", "deck1": "raiders"},
         "mixed": {"deck0": "sample", "deck1": "raiders"}}


class RuleAgent(HeuristicAgent):
    """The heuristic with a given realm rule, on a determinisation of its view as usual."""

    def __init__(self, game: Any, seed: int, rule: RealmRule):
        super().__init__(game, seed)
        self.rule = rule
        self.name = "thrifty" if rule == THRIFTY else "spendthrift"

    def act(self, view: Any) -> Any:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        return heuristic_action(view.determinize(self.rng), view.player, self.rng, self.rule)


def make(kind: str, seed: int) -> Any:
    if kind == "random":
        return RandomAgent(GAME, seed)
    return RuleAgent(GAME, seed, THRIFTY if kind == "thrifty" else SPENDTHRIFT)


def score(me: str, other: str, decks: str, games: int) -> tuple[float, float, float, dict]:
    """`me`'s share of the points against `other` over `games` deals, both seat orders."""
    config = GAME.config(DECKS[decks])
    points, reasons = 0.0, {}
    for seed in range(games):
        for seat in (0, 1):
            kinds = [other, other]
            kinds[seat] = me
            agents = [make(kind, seed * 2 + p) for p, kind in enumerate(kinds)]
            outcome = play_game(GAME, config, seed, agents, keep_record=False).outcome
            points += outcome.reward(seat)
            why = f"{outcome.reason}: {'won' if seat in outcome.winners else 'lost'}" \
                if outcome.winners else outcome.reason
            reasons[why] = reasons.get(why, 0) + 1
    low, high = wilson_interval(points, 2 * games)
    return points / (2 * games), low, high, reasons


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="deals per line (2 games each)")
    parser.add_argument("--decks", nargs="*", default=list(DECKS), choices=list(DECKS))
    args = parser.parse_args(argv)
    print("| decks | match | games | score | 95 % interval | how the battles ended "
          "(for the first named) | seconds |\n|---|---|---|---|---|---|---|")
    for decks in args.decks:
        for me, other in (("thrifty", "spendthrift"), ("thrifty", "random"),
                          ("spendthrift", "random")):
            start = time.perf_counter()
            value, low, high, reasons = score(me, other, decks, args.games)
            ended = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))
            print(f"| {decks} | {me} vs {other} | {2 * args.games} | {value:.1%} | "
                  f"{low:.1%} - {high:.1%} | {ended} | {time.perf_counter() - start:.0f} |",
                  flush=True)


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main(sys.argv[1:])
