"""Agents choose actions from a PlayerView; they never hold the true state."""

from __future__ import annotations

import random
from typing import Any, Protocol

from ..engine import PlayerView


class Agent(Protocol):
    """A player: made as `Factory(game, seed, **params)` (a SPEC's parameters, as text), it
    chooses each move with `act(view)`, one of `view.legal_actions`. `name` is a word for
    people (records, runs and tables name a player by its SPEC). The engine reads `act`, and
    `trusted` where an agent has it: `trusted = True` says it only ever returns one of the
    view's legal actions, and its actions are then applied unchecked; any other agent's are
    checked, an illegal one being an IllegalAction. A player of one's own is named by its
    class or function, `MODULE.ATTR` (`warroom.agents`)."""

    name: str

    def act(self, view: PlayerView) -> Any: ...


class RandomAgent:
    """Uniformly random among the legal actions."""

    name = "random"
    trusted = True  # plays only actions from its view's legal_actions

    def __init__(self, game: Any, seed: int):
        self.rng = random.Random(seed)

    def act(self, view: PlayerView) -> Any:
        actions = view.legal_actions
        return actions[self.rng.randrange(len(actions))]


class HeuristicAgent:
    """The game's own sensible policy, applied to a determinisation of the player's view:
    whatever the policy reads of hidden information has been resampled, so it cannot cheat.
    A game whose heuristic reads only the player's view says so, and the policy gets a plain
    copy instead (`PlayerView.policy_state`), checked by the conformance suite."""

    name = "heuristic"
    trusted = True  # the game's heuristic returns one of the legal actions

    def __init__(self, game: Any, seed: int):
        self.game = game
        self.rng = random.Random(seed)

    def act(self, view: PlayerView) -> Any:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        return self.game.heuristic(view.policy_state(self.rng), view.player, self.rng)
