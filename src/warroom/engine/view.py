"""PlayerView: everything an agent may use, and nothing else."""

from __future__ import annotations

import random
from typing import Any

from .core import Player, State
from .rng import split_rng


class PlayerView:
    """A player's window on a state: its observation, its legal actions, and determinisation.

    Agents receive a PlayerView, never the state. `determinize` returns a full state in which
    everything this player cannot know has been resampled, so searching it leaks nothing.
    """

    __slots__ = ("_state", "player", "game", "_observation", "_legal")

    def __init__(self, state: State, player: Player, game: Any = None):
        # The runner makes a view per decision: a comparison or two, the helper only off the
        # seats (it refuses all but None; a negative seat would read another's hidden hand).
        if type(player) is not int or not 0 <= player < state.num_players:
            state.check_viewer(player)
        self._state = state
        self.player = player
        self.game = game
        self._observation: dict[str, Any] | None = None
        self._legal: list[Any] | None = None

    @property
    def observation(self) -> dict[str, Any]:
        if self._observation is None:
            self._observation = self._state.observation(self.player)
        return self._observation

    @property
    def legal_actions(self) -> list[Any]:
        """The player's legal actions, as a list of the agent's own (made once per view, so
        every read gives the same list): changing it leaves the state's own list, and so
        what `apply` accepts, as it was."""
        legal = self._legal
        if legal is None:
            legal = self._legal = list(self._state.legal_actions(self.player))
        return legal

    @property
    def num_players(self) -> int:
        return self._state.num_players

    def policy_state(self, rng: random.Random) -> State:
        """The state a game's heuristic decides on for this player: a determinisation, or,
        where the game says its heuristic reads only what this player may see
        (`Game.heuristic_reads_only_view`), a copy with a random generator of its own, which
        costs a fraction of a determinisation and leads to the same move. Either takes the
        same 64 bits of `rng` for the copy's generator.

        It is for the game's own heuristic alone (`game.heuristic(view.policy_state(rng),
        ...)`), which reads only this seat's view of it. In the second case the copy holds
        the TRUE hidden information (other seats' hands, deck order): an agent must not read
        other seats' hidden information from it. An agent that looks into a state uses
        `determinize`, where everything it cannot know has been resampled."""
        state = self._state
        if self.game is not None and \
                self.game.heuristic_reads_only_view(getattr(state, "config", None)):
            copy = state.clone()
            copy.rng = split_rng(rng)  # the true future's dice stay unknown
            return copy
        return state.determinize(self.player, rng)

    def determinize(self, rng: random.Random, belief: Any = None) -> State:
        """A determinisation for this player; `belief` (see engine.belief) models how the
        others made their secret choices, in games that take one (default: uniformly)."""
        if belief is not None and self._state.takes_belief:
            return self._state.determinize(self.player, rng, belief=belief)
        return self._state.determinize(self.player, rng)
