"""How much the deal decides The Game of Champions: the heuristic's win rate against random,
split by who holds more 10s when the first turn reaches its main step.

    python benchmarks/champions_luck.py [--games N]

A 10 only dies in a tie, so the 10s a player is dealt weigh heavily; this bounds what any
player can score against random (see mcts-results.md).
"""

from __future__ import annotations

import argparse
import sys

from warroom.agents import make_agent
from warroom.engine import PlayerView
from warroom.games import get_game
from warroom.games.champions.state import MAIN
from warroom.native import warn_if_stale


def tens(state, player: int) -> int:
    return sum(1 for cards in state.tables[player].values() for c in cards if c.startswith("10"))


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args(argv)
    game = get_game("champions")
    split: dict[str, list[int]] = {"more 10s": [0, 0], "as many 10s": [0, 0],
                                    "fewer 10s": [0, 0]}
    for seed in range(args.games):
        seat = seed % 2  # the heuristic's seat
        agents = [make_agent("heuristic", game, seed), make_agent("random", game, seed + 1)]
        if seat:
            agents.reverse()
        state = game.new_state(game.Config(), seed)
        held = None
        while not state.is_terminal():
            if held is None and state.phase == MAIN:
                held = tens(state, seat) - tens(state, 1 - seat)
            for p in state.to_move():
                state.apply(p, agents[p].act(PlayerView(state, p, game)))
        key = "more 10s" if held and held > 0 else "fewer 10s" if held and held < 0 \
            else "as many 10s"
        split[key][0] += 1
        split[key][1] += state.outcome().winners == (seat,)
    for key, (games, won) in split.items():
        print(f"heuristic holding {key}: {won}/{games} won ({won / max(games, 1):.1%})")


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main(sys.argv[1:])
