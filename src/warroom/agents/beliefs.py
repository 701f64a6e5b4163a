"""Models of an opponent's secret choices, for a search's determinisations (engine.belief).

`beliefs=heuristic` believes an opponent plays like the game's heuristic:
the heuristic's move with probability 1 - noise, and otherwise a choice uniformly at random
among those consistent with what the searcher has seen (so every such choice keeps some
weight, and a player who strays from the heuristic is not ruled out). `beliefs=uniform`
(the mcts default) weighs them all alike, as determinisation did before.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..engine import UNIFORM, Belief, Game, State

BELIEFS = ("heuristic", "uniform")
DEFAULT_NOISE = 0.25


class HeuristicBelief:
    """An opponent who plays the game's heuristic, except with probability `noise` any
    consistent choice uniformly at random. The heuristic is asked on the determinised state
    the game rebuilds (engine.belief), which holds only what the searcher may know."""

    def __init__(self, game: Game, noise: float = DEFAULT_NOISE):
        self.game = game
        self.noise = noise

    def choose(self, state: State, player: int, actions: Sequence[Any],
               rng: random.Random) -> Any:
        if len(actions) == 1:
            return actions[0]
        if rng.random() >= self.noise:
            move = self.game.heuristic(state, player, rng)
            if move in actions:
                return move
        return actions[rng.randrange(len(actions))]


def make_belief(kind: str, game: Game, noise: float = DEFAULT_NOISE) -> Belief:
    """The belief named `kind`; a game without a heuristic can only be believed uniform."""
    if kind == "heuristic" and type(game).heuristic is not Game.heuristic:
        return HeuristicBelief(game, noise)
    return UNIFORM
