"""Every registered game with the configs its package asks to be tested: the cases the
conformance suite and other whole-registry tests run. A module of its own, not conftest: a
test that imported them `from conftest` got `tests/server`'s conftest when that directory was
collected first."""

from __future__ import annotations

import importlib

from warroom.games import REGISTRY


def game_configs() -> list[tuple[str, dict]]:
    """(game name, config values) pairs: each game package may list `CONFORMANCE_CONFIGS`."""
    out = []
    for name, game in REGISTRY.items():
        package = importlib.import_module(type(game).__module__)
        for values in getattr(package, "CONFORMANCE_CONFIGS", [{}]):
            out.append((name, values))
    return out


def config_id(pair: tuple[str, dict]) -> str:
    name, values = pair
    return name + "".join(f"[{k}={v}]" for k, v in values.items())
