"""Plays one game with any agents."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .core import Game, Outcome, Player, State
from .record import Record, replay_to_end
from .view import PlayerView


class Agent(Protocol):
    def act(self, view: PlayerView) -> Any: ...


@dataclass
class GameResult:
    outcome: Outcome
    decisions: int
    record: Record | None
    state: State


def play_game(
    game: Game,
    config: Any,
    seed: int,
    agents: Sequence[Agent],
    record: Record | None = None,
    on_action: Callable[[State, Player, Any, Record | None], None] | None = None,
    keep_record: bool = True,
) -> GameResult:
    """Play until the game ends. With `record`, first replay its actions (resuming a save).

    One decision at a time: in a simultaneous decision each player in `to_move()` submits in
    turn, and the state hides a submitted choice from the others until all are in.
    `on_action(state, player, action, record)` is called after every applied action.
    `keep_record=False` skips building the record (batch simulation does not need it).
    """
    if record is None:
        record = Record.start(game, config, seed) if keep_record else None
        state = game.new_state(config, seed)
    else:
        state = replay_to_end(game, record)
    if len(agents) != state.num_players:
        raise ValueError(f"{game.name} needs {state.num_players} agents, got {len(agents)}")
    decisions = len(record.actions) if record is not None else 0
    while not state.is_terminal():
        player = state.to_move()[0]
        action = agents[player].act(PlayerView(state, player, game))
        state.apply(player, action)
        if record is not None:
            record.add(player, action)
        decisions += 1
        if on_action is not None:
            on_action(state, player, action, record)
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(outcome, decisions, record, state)
