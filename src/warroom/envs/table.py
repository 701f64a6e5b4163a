"""What the PettingZoo, Gymnasium and OpenSpiel adapters share: one game in play, seen
through its encoding (engine.encoding), with no game-specific code.

A `Table` holds the live state, maps action indices to the game's actions through the
encoding's keys, builds each seat's observation vector and action mask, and turns an outcome
into rewards: 1 for a win, -1 for a loss, 0 for a draw, shared by a team (`Game.team_seats`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..engine import ConfigError, Game, IllegalAction, Outcome, State
from ..engine.encoding import Encoding
from ..games import get_game


def load(game: str | Game, options: dict[str, Any] | None = None) -> tuple[Game, Any, Encoding]:
    """The game, its config from `options` (rule options, as for `warroom play --set`) and
    its encoding; a clear ConfigError for an unknown game or option, or a game without one."""
    g = get_game(game) if isinstance(game, str) else game
    config = g.config(options or {})
    try:
        encoding = g.encoding(config)
    except NotImplementedError as exc:
        raise ConfigError(str(exc)) from None
    return g, config, encoding


def rewards(game: Game, config: Any, outcome: Outcome, players: int) -> list[float]:
    """Win 1, loss -1, draw 0 per seat; a seat whose team won shares the win."""
    if not outcome.winners:
        return [0.0] * players
    won = set(outcome.winners)
    for team in game.team_seats(config) or ():
        if won & set(team):
            won |= set(team)
    return [1.0 if p in won else -1.0 for p in range(players)]


class Table:
    """One game of a registered rule set, played by action indices."""

    def __init__(self, game: str | Game, options: dict[str, Any] | None = None):
        self.game, self.config, self.encoding = load(game, options)
        self.players = self.game.num_players(self.config)
        self.state: State | None = None
        self.seed: int | None = None
        self._mover: int | None = None  # the seat to decide now, None once the game is over
        self._legal: dict[int, Any] | None = None  # index -> action of the seat to decide

    # --- play ---------------------------------------------------------------------------------
    def reset(self, seed: int) -> None:
        self.seed = seed
        self.state = self.game.new_state(self.config, seed)
        self._moved()

    def _moved(self) -> None:
        """The state has changed: note who decides now, forget the legal actions."""
        movers = self.live.to_move()
        self._mover = movers[0] if movers else None
        self._legal = None

    @property
    def live(self) -> State:
        if self.state is None:
            raise RuntimeError("no game in play: call reset() first")
        return self.state

    def to_move(self) -> int | None:
        """The seat that decides now (the engine asks the movers of a simultaneous decision
        one by one, hiding each choice from the others); None once the game is over."""
        if self.state is None:
            raise RuntimeError("no game in play: call reset() first")
        return self._mover

    def legal(self) -> dict[int, Any]:
        """Index -> action for the seat to move."""
        if self._legal is None:
            player = self._mover
            self._legal = {} if player is None else self.encoding.legal(self.live, player)
        return self._legal

    def apply(self, index: int) -> tuple[int, Any]:
        """Apply the action with this index for the seat to move; an index that is not legal
        now raises IllegalAction and changes nothing."""
        player = self._mover
        if player is None:
            raise IllegalAction("the game is over; no more actions")
        action = self.legal().get(index)
        if action is None:
            raise IllegalAction(
                f"action index {index} is not legal for seat {player} now (legal: "
                f"{sorted(self.legal())[:12]}{' ...' if len(self.legal()) > 12 else ''}); "
                "mask actions with the observation's action_mask")
        self.live.apply(player, action)
        self._moved()
        return player, action

    def apply_action(self, player: int, action: Any) -> None:
        """Apply a game action chosen by an engine agent (Gymnasium's opponents)."""
        self.live.apply(player, action)
        self._moved()

    # --- what a seat sees ---------------------------------------------------------------------
    def observation(self, player: int) -> np.ndarray:
        return self.encoding.encode(self.live, player)

    def mask(self, player: int) -> np.ndarray:
        """1 for each legal action index of `player` (all 0 when it is not to move)."""
        mask = bytearray(self.encoding.num_actions)  # a store costs less than numpy's
        if player == self._mover:
            for index in self.legal():
                mask[index] = 1
        return np.frombuffer(mask, np.int8)

    def rewards(self) -> list[float]:
        outcome = self.live.outcome()
        if outcome is None:
            return [0.0] * self.players
        return rewards(self.game, self.config, outcome, self.players)

    def render(self, player: int | None) -> str:
        """The game's own text view of `player`'s observation (None: a spectator's)."""
        return self.game.render(self.live.observation(player), player)


def seed_from(rng: np.random.Generator) -> int:
    """A game seed drawn from an environment's random generator."""
    return int(rng.integers(0, 2**63 - 1))
