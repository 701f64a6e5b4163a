"""Is the champions heuristic with exact battle valuations as strong as with sampled ones?

    python benchmarks/champions_valuation.py [--deals N] [--seed S]

The heuristic values an attack by its expected gain over the defender's unknown order
(`heuristic._order_gain`): exactly on small battles, from `SAMPLES` sampled battles on large
ones. This plays that heuristic ("exact") against the same heuristic valuing every battle from
samples (`_sampled_order_gain`, "sampled"), each deal twice with the seats swapped, and gives
the exact one's score (a draw counts one half) with its 95 % Wilson interval.

Both players run in one process: each keeps its own valuation caches (the battle values, the
pairs of battalions, the Spy's plans), put in place before each of its decisions.
"""

from __future__ import annotations

import argparse
import sys
from functools import lru_cache
from typing import Any

from warroom.agents import HeuristicAgent
from warroom.engine import PlayerView, play_game
from warroom.games import get_game
from warroom.games.champions import heuristic
from warroom.native import warn_if_stale
from warroom.sim.stats import wilson_interval

CACHED = 1 << 16  # entries, as the heuristic's own caches


class Valuation:
    """One way of valuing battles, with the heuristic's caches that depend on it."""

    def __init__(self, order_gain: Any):
        self.order_gain = lru_cache(maxsize=CACHED)(order_gain)
        self.pair_gain = lru_cache(maxsize=CACHED)(heuristic._pair_gain.__wrapped__)
        self.spy_plans: dict = {}

    def use(self) -> None:
        heuristic._order_gain = self.order_gain
        heuristic._pair_gain = self.pair_gain
        heuristic._SPY_PLANS = self.spy_plans


class ValuedHeuristic(HeuristicAgent):
    """The champions heuristic with a given battle valuation."""

    def __init__(self, game: Any, seed: int, valuation: Valuation):
        super().__init__(game, seed)
        self.valuation = valuation

    def act(self, view: PlayerView) -> Any:
        self.valuation.use()
        return super().act(view)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500, help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error(f"--deals must be at least 1, got {args.deals}")
    game = get_game("champions")
    config = game.config({})
    exact = Valuation(heuristic._order_gain.__wrapped__)
    sampled = Valuation(heuristic._sampled_order_gain)
    score = 0.0
    games = decisions = 0
    for seed in range(args.seed, args.seed + args.deals):
        for exact_seat in (0, 1):
            valuations = [exact, sampled] if exact_seat == 0 else [sampled, exact]
            agents = [ValuedHeuristic(game, seed * 10 + p, valuations[p]) for p in range(2)]
            result = play_game(game, config, seed, agents)
            winners = result.outcome.winners
            score += 1.0 if winners == (exact_seat,) else 0.5 if len(winners) != 1 else 0.0
            games += 1
            decisions += len(result.record.actions)
        if games % 200 == 0:
            print(f"  {games} games, exact scores {score / games:.3f}", file=sys.stderr)
    exact.use()  # leave the module as it was
    low, high = wilson_interval(score, games)
    print(f"exact against sampled: {score:g}/{games} ({score / games:.1%}, 95 % interval "
          f"{low:.1%} to {high:.1%}); {decisions / games:.1f} decisions a game")


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main(sys.argv[1:])
