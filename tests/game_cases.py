"""Every registered game with the configs its package asks to be tested: the cases the
conformance suite and other whole-registry tests run. A module of its own, not conftest: a
test that imported them `from conftest` got `tests/server`'s conftest when that directory was
collected first."""

from __future__ import annotations

import importlib
from types import ModuleType

from warroom.engine import Game
from warroom.games import REGISTRY

BUILT_IN_PREFIX = "warroom.games."  # the packages shipped in src/warroom/games


def game_module(name: str) -> ModuleType:
    """The module the game is registered by: its package (`warroom.games.kow`, or an entry
    point's package: `Game.package`), where the module that defines the
    Game class is a submodule of it (`pkg/game.py` re-exported by `pkg/__init__.py`)."""
    return importlib.import_module(REGISTRY[name].package or type(REGISTRY[name]).__module__)


def conformance_configs(name: str) -> list[dict]:
    """The game's `CONFORMANCE_CONFIGS`: its package's, else those of the module that defines
    its Game class, else the default config alone."""
    for module in (game_module(name), importlib.import_module(type(REGISTRY[name]).__module__)):
        if hasattr(module, "CONFORMANCE_CONFIGS"):
            return list(module.CONFORMANCE_CONFIGS)
    return [{}]


def game_configs() -> list[tuple[str, dict]]:
    """(game name, config values) pairs: each game package may list `CONFORMANCE_CONFIGS`."""
    return [(name, values) for name in REGISTRY for values in conformance_configs(name)]


def built_in(name: str) -> bool:
    """Whether the game is one of warroom's own (a package under src/warroom/games), not one
    registered by another package's entry point."""
    return type(REGISTRY[name]).__module__.startswith(BUILT_IN_PREFIX)


def built_in_games() -> list[str]:
    """warroom's own games: the ones its own documents and pinned files cover."""
    return [name for name in REGISTRY if built_in(name)]


def offers_envs(name: str) -> bool:
    """Whether the game has an encoding for the research environments (`Game.encoding`): every
    built-in game must (tests/envs/test_encodings.py checks it); a game registered from outside
    the repository without one (an encode.py) offers no environments, which is no failure."""
    if built_in(name):
        return True
    game = REGISTRY[name]
    try:
        game.encoding(game.config())
    except NotImplementedError:
        return False
    return True


def env_game_configs() -> list[tuple[str, dict]]:
    """The `game_configs()` of the games that offer environments (`offers_envs`)."""
    return [pair for pair in game_configs() if offers_envs(pair[0])]


def config_id(pair: tuple[str, dict]) -> str:
    name, values = pair
    return name + "".join(f"[{k}={v}]" for k, v in values.items())


def env_games() -> list[str]:
    """The registered games that offer environments (`offers_envs`)."""
    return [name for name in REGISTRY if offers_envs(name)]


def has_heuristic(name: str) -> bool:
    """Whether the game has a heuristic player (it overrides `Game.heuristic`): a first
    version of a game may leave it out (src/warroom/engine/README.md), and the heuristic's
    tests then take no case of it."""
    return type(REGISTRY[name]).heuristic is not Game.heuristic
