"""The registry of games. Each subpackage of `warroom.games` that exposes `GAME` is a game:
adding a game means adding a package, nothing else. A game that lives in another installed
package is registered through the entry-point group `warroom.games` (`ENTRY_POINTS`): each
entry point names a module that exposes `GAME`, as a package here does (or the Game itself).

A game's package is imported when the game is first asked for, not with this module: a
command that plays one game (`warroom simulate kow`) does not pay for importing the others.
A game registered under the package's name with '-' for '_' (`word_iron` is `word-iron`) is
found without importing any other, as is one whose entry point is called by its name; listing
the registry imports every package, then every entry point's module, once.

A package or entry point that cannot be registered (its import fails, it exposes no Game, an
entry point takes a built-in game's name, two games take one name, a name the command line
could not type as it is) is left out: listing the registry says so once on
standard error, and `get_game` of its name is a ConfigError saying why. One broken game does
not stop the others (or `warroom games`) from working."""

from __future__ import annotations

import difflib
import importlib
import logging
import pkgutil
import re
from collections.abc import Iterator, Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from ..engine import ConfigError, Game

log = logging.getLogger(__name__)

ENTRY_POINTS = "warroom.games"  # the entry-point group of games outside this package

# What a game may be called: a word a command line takes as it is (`warroom play NAME`).
NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]*")


def name_problem(name: object) -> str | None:
    """Why `name` cannot be a game's name (it must be lower-case letters, digits and '-',
    so that it is typed as it is), or None."""
    if isinstance(name, str) and NAME_PATTERN.fullmatch(name):
        return None
    return (f"its name {name!r} is not lower-case letters, digits and '-' "
            "(a command line could not type it as it is)")


def _exposed(module: Any) -> Game | None:
    """The Game a module exposes (its `GAME`), or the Game an entry point names itself."""
    game = module if isinstance(module, Game) else getattr(module, "GAME", None)
    return game if isinstance(game, Game) else None


def _failure(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


class _Registry(Mapping[str, Game]):
    """name -> Game, every game package imported only when needed."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}
        self._complete = False
        # Why a package, or an entry point, is not registered, by its name (with '-' for '_').
        self._broken: dict[str, str] = {}
        self._refused: dict[str, str] = {}
        self._said: set[str] = set()  # what listing has said on standard error
        self._entries: list[EntryPoint] | None = None

    @staticmethod
    def _packages() -> list[str]:
        return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)

    def _import(self, package: str) -> Game | None:
        key = package.replace("_", "-")
        if key in self._broken:
            return None
        try:
            module = importlib.import_module(f"{__name__}.{package}")
        except Exception as exc:  # a game's bug: the other games still play
            self._broken[key] = (f"game package {package!r} could not be imported: "
                                 f"{_failure(exc)}")
            return None
        return _exposed(module)

    def _entry_points(self) -> list[EntryPoint]:
        if self._entries is None:
            found = entry_points(group=ENTRY_POINTS)
            self._entries = sorted(found, key=lambda e: (e.name, e.value))
        return self._entries

    def _load(self, entry: EntryPoint) -> Game | None:
        """The game of an entry point, or None (why: in `_refused`)."""
        key = entry.name.replace("_", "-")
        if key in self._refused:
            return None
        what = f"game entry point {entry.name!r} ({entry.value})"
        if entry.name.replace("-", "_") in self._packages():
            self._refused[key] = f"{what} is refused: a built-in game is called {entry.name!r}"
            return None
        try:
            game = _exposed(entry.load())
        except Exception as exc:
            self._refused[key] = f"{what} could not be imported: {_failure(exc)}"
            return None
        if game is None:
            self._refused[key] = f"{what} is refused: its module has no GAME (a Game instance)"
        return game

    def _all(self) -> dict[str, Game]:
        if not self._complete:  # every package, in the order of their names, then the others
            games: dict[str, Game] = {}
            for package in self._packages():
                game = self._import(package)
                if game is None:
                    continue
                key = package.replace("_", "-")
                why = name_problem(game.name)
                if why is None and game.name in games:
                    why = f"another package's game is called {game.name!r}"
                if why:
                    self._broken[key] = f"game package {package!r} is refused: {why}"
                    continue
                games[game.name] = game
            for entry in self._entry_points():
                game = self._load(entry)
                if game is None:
                    continue
                why = name_problem(game.name)
                if why:
                    self._refused[entry.name.replace("_", "-")] = (
                        f"game entry point {entry.name!r} ({entry.value}) is refused: {why}")
                    continue
                if game.name in games:
                    built_in = type(games[game.name]).__module__.startswith(__name__ + ".")
                    whose = "a built-in game" if built_in else "another entry point's game"
                    self._refused[entry.name.replace("_", "-")] = (
                        f"game entry point {entry.name!r} ({entry.value}) is refused: "
                        f"{whose} is called {game.name!r}")
                    continue
                games[game.name] = game
            self._games = games
            self._complete = True
        self._tell()
        return self._games

    def _tell(self) -> None:
        """Say once each game that listing the registry left out: a warning of the
        "warroom.games" logger, which Python writes on standard error when nobody has set
        logging up (the command line), and a library's user may silence."""
        for why in (*self._broken.values(), *self._refused.values()):
            if why not in self._said:
                self._said.add(why)
                log.warning("warroom: %s", why)

    def _find(self, name: str) -> Game | None:
        """The game called `name` by its package's name or its entry point's, importing no
        other; None if it is not found so."""
        package = name.replace("-", "_")
        if package in self._packages():
            game = self._import(package)
        else:
            entry = next((e for e in self._entry_points() if e.name == name), None)
            game = self._load(entry) if entry is not None else None
        return game if game is not None and game.name == name else None

    def problem(self, name: str) -> str | None:
        """Why the game called `name` is not registered, if its package (or entry point) was
        found and left out: it does not import, or takes a built-in game's name."""
        key = name.replace("_", "-") if isinstance(name, str) else name
        return self._broken.get(key) or self._refused.get(key)

    def problems(self) -> list[str]:
        """Why each package or entry point found was left out (after a listing: all of them)."""
        return [*self._broken.values(), *self._refused.values()]

    def __getitem__(self, name: str) -> Game:
        game = self._games.get(name)
        if game is None and not self._complete and isinstance(name, str):
            game = self._find(name)
            if game is not None:
                self._games[name] = game
                return game
            if self.problem(name):  # found, and left out: no need to list the others
                raise KeyError(name)
        return game if game is not None else self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


REGISTRY: _Registry = _Registry()


def conformance_configs(game: Game) -> list[dict[str, Any]]:
    """The option sets a game's package lists as its conformance cases (`CONFORMANCE_CONFIGS`;
    the defaults alone where it lists none): what generated documentation plays."""
    package = importlib.import_module(game.package)
    return list(getattr(package, "CONFORMANCE_CONFIGS", [{}]))


def get_game(name: str) -> Game:
    """The registered game called `name` ("kow", "word-iron": see `REGISTRY`); an unknown
    name is a ConfigError listing the games and naming a close one ("champion": champions),
    and the name of a game left out of the registry (its package does not import, say) a
    ConfigError saying why."""
    try:
        return REGISTRY[name]
    except KeyError:
        why = REGISTRY.problem(name)
        if why:
            raise ConfigError(f"game {name!r} is not available: {why}") from None
        known = ", ".join(REGISTRY)
        # a near miss ("champion") named: the list alone left it to be found by eye
        close = difflib.get_close_matches(name, list(REGISTRY), n=1) if isinstance(
            name, str) else []
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ConfigError(f"unknown game {name!r}; games are: {known}{hint}") from None
