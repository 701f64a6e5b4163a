"""The registry of games. Each subpackage of `warroom.games` that exposes `GAME` is a game:
adding a game means adding a package, nothing else."""

from __future__ import annotations

import importlib
import pkgutil

from ..engine import ConfigError, Game


def _discover() -> dict[str, Game]:
    found = {}
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found


REGISTRY: dict[str, Game] = _discover()


def get_game(name: str) -> Game:
    try:
        return REGISTRY[name]
    except KeyError:
        known = ", ".join(REGISTRY)
        raise ConfigError(f"unknown game {name!r}; games are: {known}") from None
