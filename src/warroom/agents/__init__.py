"""Agents by name. A SPEC is `name` or `name:key=value:key=value` (e.g. `mcts:iters=500`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import ConfigError, derive_seed
from .base import Agent, HeuristicAgent, RandomAgent
from .mcts import MctsAgent

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


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, *parts = spec.strip().split(":")
    params = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise ConfigError(f"player spec {spec!r}: {part!r} must look like key=value")
        params[key] = value
    if name not in AGENTS:
        raise ConfigError(f"unknown player {name!r}; players are: {', '.join(AGENTS)}")
    return name, params


def parse_specs(text: str, expected: int | None = None) -> list[str]:
    specs = [s.strip() for s in text.split(",")]
    if not all(specs):
        raise ConfigError(f"--players {text!r} has an empty SPEC: give one SPEC per seat, "
                          "e.g. human,heuristic")
    for spec in specs:
        parse_spec(spec)
    if expected is not None and len(specs) != expected:
        raise ConfigError(f"--players needs {expected} players, got {len(specs)}: {text!r}")
    return specs


def make_agent(spec: str, game: Any, seed: int) -> Agent:
    name, params = parse_spec(spec)
    try:
        return AGENTS[name](game, seed, **params)
    except TypeError as exc:
        raise ConfigError(f"player spec {spec!r}: {exc}") from None


def make_agents(specs: list[str], game: Any, seed: int) -> list[Agent]:
    """One agent per seat, each with its own seed derived from the game's."""
    return [make_agent(spec, game, derive_seed(seed, "agent", i)) for i, spec in enumerate(specs)]


__all__ = ["AGENTS", "Agent", "HeuristicAgent", "MctsAgent", "RandomAgent", "make_agent",
           "make_agents", "parse_spec", "parse_specs"]
