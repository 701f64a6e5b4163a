"""Agents by name. A SPEC is `name` or `name:key=value:key=value` (e.g. `mcts:iters=500`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import ConfigError, Game, derive_seed
from .base import Agent, HeuristicAgent, RandomAgent
from .mcts import DEFAULT_ITERS, DEFAULT_TIME, MctsAgent, MctsParams

AgentFactory = Callable[..., Agent]


def _human(game: Any, seed: int, **params: Any) -> Agent:
    from .human import HumanAgent

    return HumanAgent(game, seed, **params)


AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "human": _human,
    "mcts": MctsAgent,
}


# Players a batch (simulate, sweep, tune, evaluate...) can seat: every one but a person.
AI_PLAYERS = tuple(name for name in AGENTS if name != "human")


# What each player's SPEC parameters are checked by (None: the player takes none). Checked
# when a SPEC is parsed, so a mistake is one line before any game is played or stored, not
# a TypeError from a constructor (or a worker) once a run exists.
PARAM_CHECKS: dict[str, Callable[[dict[str, str]], object] | None] = {
    "random": None,
    "heuristic": None,
    "human": None,  # HumanAgent's own arguments (stdin, console) are for code, not SPECs
    "mcts": MctsParams.parse,
}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """A player SPEC (`name` or `name:key=value:...`, e.g. "mcts:iters=500") as (name,
    {key: value text}), its parameters checked; a mistake is a one-line ConfigError. Spaces
    around the name, a key or a value are left out (" mcts : iters = 5" is mcts:iters=5)."""
    name, *parts = spec.strip().split(":")
    name = name.strip()  # spaces around the name, a key or a value are not part of it
    params: dict[str, str] = {}
    for part in parts:
        key, sep, value = (word.strip() for word in part.partition("="))
        if not sep or not key:
            raise ConfigError(f"player spec {spec!r}: {part!r} must look like key=value")
        if key in params:
            raise ConfigError(f"player spec {spec!r}: parameter {key!r} is given twice")
        params[key] = value
    if name not in AGENTS:
        raise ConfigError(f"unknown player {name!r}; players are: {', '.join(AGENTS)}")
    if name in PARAM_CHECKS:  # a player added to AGENTS alone is left to its constructor
        _check_params(spec, name, params)
    return name, params


def _check_params(spec: str, name: str, params: dict[str, str]) -> None:
    check = PARAM_CHECKS[name]
    if check is None:
        if params:
            raise ConfigError(f"player spec {spec!r}: unknown parameter "
                              f"{next(iter(params))!r}; {name} takes no parameters")
        return
    try:
        check(params)
    except ConfigError as exc:
        # The agent's message starts with its name ("mcts: ..."), which the SPEC shows.
        raise ConfigError(f"player spec {spec!r}: {str(exc).removeprefix(name + ': ')}"
                          ) from None


def spec_text(name: str, params: dict[str, str]) -> str:
    """A parsed SPEC written out again: "mcts:iters=5" for " mcts : iters= 5"."""
    return ":".join([name, *(f"{key}={value}" for key, value in params.items())])


def parse_specs(text: str, expected: int | None = None) -> list[str]:
    """The comma-separated SPECs of `text`, each checked and written without the spaces
    around its parts (as runs, records and tables then name it)."""
    specs = [s.strip() for s in text.split(",")]
    if not all(specs):
        raise ConfigError(f"--players {text!r} has an empty SPEC: give one SPEC per seat, "
                          "e.g. human,heuristic")
    specs = [spec_text(*parse_spec(spec)) for spec in specs]
    if expected is not None and len(specs) != expected:
        raise ConfigError(f"--players needs {expected} players, got {len(specs)}: {text!r}")
    return specs


def refuse_humans(specs: list[str] | tuple[str, ...], command: str,
                  where: str = "--players") -> None:
    """A batch plays its games unattended (in workers, often thousands), as an environment
    plays its opponents: a `human` SPEC would stop it at a prompt, with a run already stored.
    Refused before anything is played; `where` names the option that gave the SPECs."""
    for spec in specs:
        if parse_spec(spec)[0] == "human":
            what = " in a batch" if where == "--players" else ""
            raise ConfigError(f"{where}: {spec.strip()!r} cannot play{what} ({command} "
                              f"plays AI players only: {', '.join(AI_PLAYERS)})")


# A bare `mcts` SPEC's budget, as words give it (it stops at whichever comes first)
BARE_MCTS_BUDGET = f"{DEFAULT_ITERS} iterations or {DEFAULT_TIME:g} s a move"


def clock_bound(spec: str) -> str | None:
    """None when a player SPEC's moves are fixed by its seed on any machine; else the SPEC of
    a search stopped by the clock, as words name it: `mcts:time=1` as given (without spaces
    around its parts, as `parse_specs` writes it), and a bare `mcts`
    with its default (DEFAULT_ITERS iterations or DEFAULT_TIME seconds a move) spelled out. A
    record of such a player's game cannot be played again as it was: its moves depend on the
    machine's speed."""
    name, params = parse_spec(spec)
    spec = spec_text(name, params)
    if name != "mcts" or MctsParams.parse(params).time is None:
        return None
    if "time" in params:
        return spec
    return f"{spec}: {BARE_MCTS_BUDGET}, by default"


def make_agent(spec: str, game: Any, seed: int) -> Agent:
    """The agent a player SPEC names ("random", "heuristic", "mcts:iters=500", "human"),
    for `game`, with its own seed: its choices are the same for the same seed. An unknown
    player or parameter is a ConfigError, and so is a "heuristic" player for a game without
    a heuristic (one that does not override `Game.heuristic`). `make_agents` makes one per
    seat."""
    name, params = parse_spec(spec)
    if name == "heuristic" and isinstance(game, Game) and \
            type(game).heuristic is Game.heuristic:
        raise ConfigError(f"player spec {spec!r}: {game.name} has no heuristic player: use "
                          "random or mcts")
    try:
        return AGENTS[name](game, seed, **params)
    except TypeError as exc:
        raise ConfigError(f"player spec {spec!r}: {exc}") from None


def make_agents(specs: list[str], game: Any, seed: int) -> list[Agent]:
    """One agent per seat, each with its own seed derived from the game's."""
    return [make_agent(spec, game, derive_seed(seed, "agent", i)) for i, spec in enumerate(specs)]


__all__ = ["AGENTS", "AI_PLAYERS", "BARE_MCTS_BUDGET", "Agent", "HeuristicAgent", "MctsAgent",
           "RandomAgent", "clock_bound", "make_agent", "make_agents", "parse_spec", "parse_specs",
           "refuse_humans"]
