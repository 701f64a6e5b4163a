"""Battle, As one (4 players, two teams of two): the heuristic reading the team's castle
(`BattleState.castle_hits`, as the rules count a team's hits) against the heuristic before,
which read each member's own hits. Each deal is played twice with the teams swapped; the score
is the new team's share of the points (a draw is half) with its 95 % Wilson interval; and how
many of the new heuristic's decisions the old one would have made differently.

    python benchmarks/battle_as_one_heuristic.py [--games N]

The old heuristic is the new one with `castle_hits` giving each member's own hits while it
decides (the heuristic reads the castle only through it). Results:
benchmarks/battle-as-one-results.md.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import Any

from warroom.agents import HeuristicAgent
from warroom.engine import play_game
from warroom.games import get_game
from warroom.games.battle.state import BattleState
from warroom.native import warn_if_stale
from warroom.sim.stats import wilson_interval

GAME = get_game("battle")
CONFIG = GAME.config({"players": 4, "teams": "as-one"})
TEAM_CASTLE = BattleState.castle_hits


@contextlib.contextmanager
def own_hits() -> Any:
    """While it lasts, a player's castle is its own hits: what the heuristic read before."""
    BattleState.castle_hits = lambda self: list(self.hits)  # type: ignore[method-assign]
    try:
        yield
    finally:
        BattleState.castle_hits = TEAM_CASTLE  # type: ignore[method-assign]


class Old(HeuristicAgent):
    def act(self, view: Any) -> Any:
        with own_hits():
            return super().act(view)


class New(HeuristicAgent):
    """The heuristic as it is; counts the decisions the old one would have made otherwise
    (asked with a copy of its random generator, so it draws the same numbers)."""
    decisions = 0
    differ = 0

    def act(self, view: Any) -> Any:
        saved = self.rng.getstate()
        with own_hits():
            before = super().act(view)
        self.rng.setstate(saved)
        chosen = super().act(view)
        New.decisions += 1
        New.differ += chosen != before
        return chosen


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="deals (twice as many games)")
    args = parser.parse_args(argv)
    points = 0.0
    for deal in range(args.games):
        for new_team in (0, 1):  # seats 0 and 2 are one team, 1 and 3 the other
            agents = [(New if p % 2 == new_team else Old)(GAME, 4 * deal + p) for p in range(4)]
            outcome = play_game(GAME, CONFIG, deal, agents, keep_record=False).outcome
            if not outcome.winners:
                points += 0.5
            elif outcome.winners[0] % 2 == new_team:
                points += 1.0
    games = 2 * args.games
    low, high = wilson_interval(points, games)
    print(f"new heuristic's team: {points:g} points of {games} games, {100 * points / games:.1f} %"
          f" ({100 * low:.1f}-{100 * high:.1f} %); decisions the old heuristic would have made"
          f" otherwise: {New.differ} of {New.decisions}")


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main(sys.argv[1:])
