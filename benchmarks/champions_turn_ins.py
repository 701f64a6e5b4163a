"""Turn-ins at the turn's end (The Game of Champions, game version 2): what they are worth.

    python benchmarks/champions_turn_ins.py [--games N]

Plays the heuristic against `random` (seats alternating, game seed i for game i) in three
ways and prints each win rate with its 95 % Wilson interval:
- `random`: the plain random player, who at the turn's end chooses between its turn-ins and
  the end of the turn uniformly, so it turns in about half of its bare face cards;
- `random, never at the end`: the same, but it always ends the turn at the turn's end (as
  version 1 allowed no turn-in there);
- `heuristic turning in every bare card`: the heuristic turns in any bare face card it may,
  in the advantages step and at the turn's end, against the plain random player.

The heuristic's win rate against random fell from 82.6 % (version 1) to 76.3 % (1000 games,
`warroom simulate`); this shows where the difference lies (champions README).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
from unittest import mock

from warroom.games import get_game
from warroom.games.champions import heuristic
from warroom.games.champions.actions import EndTurn, TurnIn
from warroom.games.champions.state import CLOSE
from warroom.native import warn_if_stale
from warroom.sim.stats import wilson_interval


def every_bare_card(state, player, actions):
    return next((a for a in actions if type(a) is TurnIn), None)


GAME = get_game("champions")


def play(seed: int, never_at_the_end: bool) -> bool:
    """One game; True if the heuristic won."""
    game = GAME
    state = game.new_state(game.Config(), seed)
    rng = random.Random(seed)
    mine = seed % 2  # the heuristic's seat
    while not state.is_terminal():
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        if player == mine:
            action = game.heuristic(state, player, rng)
        elif never_at_the_end and state.phase == CLOSE:
            action = EndTurn()
        else:
            action = actions[rng.randrange(len(actions))]
        state.apply(player, action)
    return mine in state.outcome().winners


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args(argv)
    trials = {"random": (False, None), "random, never at the end": (True, None),
              "heuristic turning in every bare card": (False, every_bare_card)}
    for name, (never, turn_in) in trials.items():
        patch = mock.patch.object(heuristic, "_turn_in", turn_in) if turn_in else None
        with patch or contextlib.nullcontext():
            won = sum(play(seed, never) for seed in range(args.games))
        low, high = wilson_interval(won, args.games)
        print(f"{name}: heuristic won {won} of {args.games}, {won / args.games:.1%} "
              f"({low:.1%} to {high:.1%})", flush=True)


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main(sys.argv[1:])
