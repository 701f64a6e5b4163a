"""Plays one game with any agents."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .config import config_to_json
from .core import Game, Outcome, Player, State
from .errors import ConfigError, IllegalAction, RulesError, WarroomError
from .record import Record, RecordError, record_config, replay_to_end
from .view import PlayerView


class Agent(Protocol):
    def act(self, view: PlayerView) -> Any: ...


def all_trusted(agents: Sequence[Any]) -> bool:
    """True if every agent says (with a `trusted = True` attribute) that it only ever returns
    an action from its view's `legal_actions`, so the runner may skip checking them."""
    return all(getattr(agent, "trusted", False) for agent in agents)


@dataclass
class GameResult:
    outcome: Outcome
    decisions: int
    record: Record | None
    state: State
    first_to_move: tuple[Player, ...] | None = None  # `to_move()` of a new game's first state


def play_game(
    game: Game,
    config: Any,
    seed: int,
    agents: Sequence[Agent],
    record: Record | None = None,
    on_action: Callable[[State, Player, Any, Record | None], None] | None = None,
    keep_record: bool = True,
    trusted: bool | None = None,
) -> GameResult:
    """Play until the game ends. With `record`, first replay its actions (resuming a save).

    `config` is the game's Config (`game.config({...})`) and `seed` an int in the signed
    64-bit range; anything else is a ConfigError. A `record` is extended in place (its
    actions, then the new ones, are the game's: `result.record is record`); it plays its
    own config and seed, so a `config` or `seed` given with it must be the record's, or None
    (ConfigError otherwise).

    One decision at a time: in a simultaneous decision each player in `to_move()` submits in
    turn, and the state hides a submitted choice from the others until all are in.
    `on_action(state, player, action, record)` is called after every applied action.
    `keep_record=False` skips building the record (batch simulation does not need it).

    `trusted` (default: when every agent is trusted, see `all_trusted`) takes the fast path:
    actions are applied unchecked (`State.apply_trusted`) and the event log is written only
    if someone reads it (`State.stop_log`): `result.state.log` and observations still give the
    full log, rebuilt exactly. Records, observations and outcomes are the same either way.
    A record that ended with a resignation is refused (RecordError): its game is over. A
    player to move with no legal action is a RulesError naming the game (its bug), and so is
    an exception the rules raise applying an action they listed as legal (naming the player
    and the action; the exception is its cause). An agent's failure (its `act` raised, or
    the checked path refused its action: IllegalAction) goes on as it is, with its seat
    (`agent_failure`).
    """
    if record is not None and record.resigned is not None:
        raise RecordError(f"the game is over (seat {record.resigned.seat} resigned); nothing "
                          "can be played after a resignation")
    fresh = record is None
    if fresh:
        state = game.new_state(config, seed)  # which checks both (`Game.check_config`)
        record = Record.start(game, config, seed) if keep_record else None
    else:
        config, seed = _resumed(game, config, seed, record)
        state = replay_to_end(game, record)
    first_to_move = state.to_move() if fresh else None
    if len(agents) != state.num_players:
        raise ValueError(f"{game.name} needs {state.num_players} agents, got {len(agents)}")
    decisions = len(record.actions) if record is not None else 0
    if trusted is None:
        trusted = all_trusted(agents)
    if trusted:  # the log is rebuilt from a new state if anyone reads it
        state.stop_log(start=functools.partial(game.new_state, config, seed) if fresh else None,
                       keep=game.card_event_kinds)
    apply = state.apply_trusted if trusted else state.apply
    while not state.is_terminal():
        player = state.to_move()[0]
        # A player to move with no legal action is the game's bug (the conformance suite
        # checks it): said as such, not as an agent's IndexError or a person's endless
        # prompt. The checked path asks for the legal actions anyway (`apply` and a person
        # read them, cached); the fast path pays nothing unless its agent fails.
        if not trusted and not state.legal_actions(player):
            raise _no_legal_action(game, player, decisions)
        try:
            action = agents[player].act(PlayerView(state, player, game))
        except Exception as exc:
            if not state.legal_actions(player):  # an agent leaves the true state alone
                raise _no_legal_action(game, player, decisions) from None
            _blame(exc, player, illegal=False)
            raise
        try:
            apply(player, action)
        except IllegalAction as exc:  # the checked path refused the agent's action
            _blame(exc, player, illegal=True)
            raise
        except WarroomError:  # the rules said their error
            raise
        except Exception as exc:  # the rules failed on an action they listed as legal
            raise _failed_to_apply(game, player, action, decisions, exc) from exc
        if record is not None:
            record.add(player, action)
        decisions += 1
        if on_action is not None:
            on_action(state, player, action, record)
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(outcome, decisions, record, state, first_to_move)


# The seat whose agent failed, on the exception (`agent_failure`): only a caller knows the
# seats' SPECs (a batch, `warroom play`), and tagging the exception on its way out costs the
# loop nothing.
_BLAME = "_warroom_agent_failure"


def _blame(exc: BaseException, player: Player, illegal: bool) -> None:
    setattr(exc, _BLAME, (player, illegal))


def agent_failure(exc: BaseException) -> tuple[Player, bool] | None:
    """Whether `exc`, raised by `play_game`, is an agent's failure: (its seat, True if the
    checked path refused the action it chose, False if its `act` raised), or None (the
    game's, or the runner's, error)."""
    return getattr(exc, _BLAME, None)


def _no_legal_action(game: Game, player: Player, decisions: int) -> RulesError:
    return RulesError.no_legal_action(game.name, player, f"after {decisions} actions")


def _failed_to_apply(game: Game, player: Player, action: Any, decisions: int,
                     exc: Exception) -> RulesError:
    """The rules raised applying an action that `legal_actions` offered (the checked path has
    checked it; a trusted agent takes only those): the game's bug, said as such."""
    label = getattr(action, "label", None) or repr(action)
    return RulesError(f"{game.name}: applying player {player}'s legal action {label!r} failed "
                      f"(after {decisions} actions): {type(exc).__name__}: {exc}; every action "
                      "legal_actions offers must apply (a bug in the game's rules: run its "
                      "conformance suite)")


def _resumed(game: Game, config: Any, seed: Any, record: Record) -> tuple[Any, int]:
    """The config and seed a resumed `record` plays: its own. A `config` or `seed` given
    with it that is not the record's is refused, not silently dropped."""
    if seed is not None and seed != record.seed:
        raise ConfigError(f"seed {seed!r} is not the record's ({record.seed}); a resumed game "
                          "plays its record's seed (give it, or None)")
    own = record_config(game, record)
    if config is None:
        return own, record.seed
    game.check_config(config)
    # As the record was started (its JSON form), or as it replays (its data files read
    # from their embedded copies, whose paths differ).
    if config != own and config_to_json(config) != record.config:
        changed = sorted(k for k, v in config_to_json(config).items()
                         if record.config.get(k, v) != v)
        which = f" (options {', '.join(changed)})" if changed else ""
        raise ConfigError(f"config is not the record's{which}; a resumed game plays its "
                          "record's config (give it, or None)")
    return config, record.seed
