"""The registry of games. Each subpackage of `warroom.games` that exposes `GAME` is a game:
adding a game means adding a package, nothing else.

A game's package is imported when the game is first asked for, not with this module: a
command that plays one game (`warroom simulate kow`) does not pay for importing the others.
A game registered under the package's name with '-' for '_' (`word_iron` is `word-iron`) is
found without importing any other; listing the registry imports every package once."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping

from ..engine import ConfigError, Game


class _Registry(Mapping[str, Game]):
    """name -> Game, every game package imported only when needed."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}
        self._complete = False

    @staticmethod
    def _packages() -> list[str]:
        return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)

    def _import(self, package: str) -> Game | None:
        game = getattr(importlib.import_module(f"{__name__}.{package}"), "GAME", None)
        return game if isinstance(game, Game) else None

    def _all(self) -> dict[str, Game]:
        if not self._complete:  # every package, in the order of their names
            games = (self._import(package) for package in self._packages())
            self._games = {game.name: game for game in games if game is not None}
            self._complete = True
        return self._games

    def __getitem__(self, name: str) -> Game:
        game = self._games.get(name)
        if game is None and not self._complete and isinstance(name, str):
            package = name.replace("-", "_")
            if package in self._packages():
                game = self._import(package)
                if game is not None and game.name == name:
                    self._games[name] = game
                    return game
        return game if game is not None else self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


REGISTRY: Mapping[str, Game] = _Registry()


def get_game(name: str) -> Game:
    """The registered game called `name` ("kow", "word-iron": see `REGISTRY`); an unknown
    name is a ConfigError listing the games."""
    try:
        return REGISTRY[name]
    except KeyError:
        known = ", ".join(REGISTRY)
        raise ConfigError(f"unknown game {name!r}; games are: {known}") from None
