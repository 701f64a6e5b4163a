"""How well does the heuristic belief model an mcts opponent's secret choices?

    python benchmarks/opponent_model.py GAME [--iters N] [--games N] [--seed S] [--set K=V ...]

Plays mcts against itself (uniform beliefs, as `beliefs.py`'s old agent) and, at every
decision with a choice, asks the game's heuristic what it would have played from the same view
(`view.policy_state`, as mcts asks for its favourite). Prints, per kind of action, how often
the two agree, against the share a uniform belief gives the choice actually made (1 / number
of legal actions). Which kinds are made in secret is the game's (its README, and
beliefs-results.md): champions' Place, PutNext, RestAsShown and Throw, for instance.

An agreement near 1 means the heuristic belief with `noise=0` is an exact model of this
opponent's secret choices: its determinisations are then the true posterior, and a belief can
gain nothing more against it. Figures: benchmarks/beliefs-results.md.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from typing import Any

from warroom.agents import make_agent
from warroom.engine import PlayerView, derive_seed, play_game
from warroom.games import get_game
from warroom.native import warn_if_stale


class Watched:
    """An agent whose choices are compared with the heuristic's."""

    def __init__(self, inner: Any, game: Any, tally: dict[str, list[float]]):
        self.inner, self.game, self.tally = inner, game, tally
        self.rng = random.Random(0)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def act(self, view: PlayerView) -> Any:
        move = self.inner.act(view)
        actions = view.legal_actions
        if len(actions) > 1:
            guess = self.game.heuristic(view.policy_state(self.rng), view.player, self.rng)
            row = self.tally[type(move).__name__]
            row[0] += 1
            row[1] += guess == move
            row[2] += 1 / len(actions)
        return move


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--iters", type=int, default=64)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    config = game.config(dict(item.split("=", 1) for item in args.set))
    tally: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0.0])
    spec = f"mcts:iters={args.iters}"
    for k in range(args.games):
        deal = args.seed + k
        agents = [Watched(make_agent(spec, game, derive_seed(deal, "model", p)), game, tally)
                  for p in range(game.num_players(config))]
        play_game(game, config, deal, agents, keep_record=False)
    print(f"{args.game} {' '.join(args.set)}: {spec} against itself, {args.games} games, "
          f"seed {args.seed}")
    print(f"{'action':<16}{'decisions':>10}{'heuristic agrees':>18}{'uniform':>9}")
    for kind, (n, agree, uniform) in sorted(tally.items()):
        print(f"{kind:<16}{n:>10}{agree / n:>18.3f}{uniform / n:>9.3f}")


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main(sys.argv[1:])
