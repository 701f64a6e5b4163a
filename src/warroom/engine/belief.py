"""Beliefs about opponents' secret choices, for determinisation.

Where a game's `determinize(player, rng, belief)` resamples a choice that another player made
in secret (a simultaneous choice of dice, the order of a battalion, a draft pick), it puts the
choice to `belief.choose(state, chooser, actions, rng)`: `state` is a determinised copy in which
`chooser` faces that decision again, rebuilt from what the viewer knows and what has already
been resampled (never from the true hidden state), and `actions` the choices consistent with
what the viewer has seen. The default belief is uniform among them; a search may pass a model
of the opponent instead (`warroom.agents.beliefs`).

A game that takes a belief sets `State.takes_belief = True`; `PlayerView.determinize` passes
one only to such games, so a game without secret choices needs nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from .core import Player, State


class Belief(Protocol):
    def choose(self, state: State, player: Player, actions: Sequence[Any],
               rng: random.Random) -> Any:
        """One of `actions`: what `player` is believed to have chosen in `state`."""
        ...


class UniformBelief:
    """Every choice consistent with what the viewer has seen is equally likely."""

    def choose(self, state: State, player: Player, actions: Sequence[Any],
               rng: random.Random) -> Any:
        return actions[rng.randrange(len(actions))] if len(actions) > 1 else actions[0]


UNIFORM = UniformBelief()
