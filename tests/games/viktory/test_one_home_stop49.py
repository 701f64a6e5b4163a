"""Audit (stop 49): the rules and tables around the Viktory battle games written once: the battle
options (viktory_battles.options), the terrains (viktory_battles.units), the comparisons of
modes in the simulator (sim.compare_viktory), and no game importing the simulator or another
game."""

from __future__ import annotations

import ast
import dataclasses
import typing
from pathlib import Path

import pytest

import warroom
from warroom.engine.config import option_bounds, option_help
from warroom.games.viktory import encode as viktory_encode
from warroom.games.viktory.config import Config as BattleConfig
from warroom.games.viktory_battles import options
from warroom.games.viktory_battles.units import (
    MAX_HAND,
    SETTLEMENTS,
    TERRAINS,
    Settlement,
    Terrain,
)
from warroom.games.viktory_ii import board
from warroom.games.viktory_ii.config import Config as MapConfig

# The options whose type, bounds and default the two games share (the expansion rules default
# to the scenario's in the one-battle game, and its round guard is longer).
SHARED = {"mode": options.Mode, "deck": options.DeckFile, "hand_limit": options.HandLimit,
          "prebattle_fire_each_wave": bool, "max_rounds": options.MaxRounds}


def test_battle_options_are_declared_once_for_both_games():
    """Audit (stop 49): `mode`, `deck`, `hand_limit`, `prebattle_fire_each_wave` and
    `max_rounds` were declared in both games' Configs, `hand_limit` with a literal 30 beside
    MAX_HAND, and the deck loading and the resolver's construction copied. Both Configs now
    declare every battle option with the types of viktory_battles.options (so the same
    bounds), and make their deck and resolver with its helpers."""
    defaults = {}
    for config in (BattleConfig, MapConfig):
        hints = typing.get_type_hints(config, include_extras=True)
        names = {f.name for f in dataclasses.fields(config)}
        assert set(options.BATTLE_OPTIONS) <= names
        for name, declared in SHARED.items():
            assert hints[name] == declared, (config, name)
        bounds = option_bounds(config)
        assert bounds["hand_limit"] == f"from 0 to {MAX_HAND}"
        assert bounds["max_rounds"] == "from 1 to 1000"
        assert all(option_help(config)[name] for name in options.BATTLE_OPTIONS)
        defaults[config] = {f.name: f.default for f in dataclasses.fields(config)}
        with pytest.raises(ValueError, match="hand_limit"):
            config(hand_limit=MAX_HAND + 1)
        assert config(mode="cards", hand_limit=MAX_HAND).hand_limit == MAX_HAND  # a card option
    for name in ("mode", "deck", "hand_limit", "prebattle_fire_each_wave"):
        assert defaults[BattleConfig][name] == defaults[MapConfig][name], name
    assert defaults[MapConfig]["hand_limit"] == options.HAND_LIMIT
    # the one resolver recipe: the cards in the card modes, the options as given
    for config in (BattleConfig(mode="cards", max_rounds=7), MapConfig(mode="hybrid",
                                                                       max_rounds=7)):
        resolver = config.resolver
        assert resolver.max_rounds == 7 and resolver.prebattle_fire_each_wave
        assert resolver.cards == config.cards.by_id()
    assert BattleConfig().resolver.cards == {} and MapConfig().resolver.cards == {}
    assert BattleConfig().resolver.artillery_characteristics == \
        BattleConfig().battle.artillery_characteristics


def test_terrains_are_written_once():
    """Audit (stop 49): the terrain table was written in units.py (the Literal), in the map
    game's board.py (names and letters), in the one-battle game's encoding and in its
    Config's `terrain` option. The Literal is the one table; the others are read from it, in
    its order (the map's terrain bytes, its letters and both encodings index it)."""
    assert TERRAINS == typing.get_args(Terrain) == (
        "plains", "grassland", "forest", "mountain", "water")
    assert SETTLEMENTS == typing.get_args(Settlement) == ("none", "town", "city")
    assert board.TERRAINS is TERRAINS and viktory_encode.TERRAINS is TERRAINS
    assert viktory_encode.SETTLEMENTS is SETTLEMENTS
    assert [TERRAINS[t] for t in (board.PLAINS, board.GRASSLAND, board.FOREST, board.MOUNTAIN,
                                  board.WATER)] == list(TERRAINS)
    assert board.TERRAIN_LETTERS == "pgfmw"
    hints = typing.get_type_hints(BattleConfig)
    assert typing.get_args(hints["terrain"]) == ("scenario", *TERRAINS)
    assert typing.get_args(hints["settlement"]) == ("scenario", *SETTLEMENTS)


def _imports(path: Path) -> set[str]:
    """The modules a source file imports, relative imports resolved."""
    package = ".".join(path.relative_to(Path(warroom.__file__).parents[1]).with_suffix("")
                       .parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                out.add(".".join([*base, node.module] if node.module else base))
            else:
                out.add(node.module or "")
    return out


def test_viktory_games_import_neither_the_simulator_nor_each_other():
    """Audit (stop 49): both games' compare.py imported `warroom.sim`, and the map game's
    imported the one-battle game's statistics (a game importing the simulator, and another
    game). The comparisons now live in sim.compare_viktory, on sim.stats' Rate and Moments;
    the games import only the engine and the shared viktory_battles."""
    games = Path(warroom.__file__).parent / "games"
    for name in ("viktory", "viktory_ii", "viktory_battles"):
        for path in (games / name).rglob("*.py"):
            for module in _imports(path):
                assert not module.startswith(("warroom.sim", "warroom.server", "warroom.envs",
                                              "warroom.cli")), (path, module)
                if name == "viktory_ii":
                    assert not module.startswith("warroom.games.viktory."), (path, module)
                if name == "viktory":
                    assert not module.startswith("warroom.games.viktory_ii"), (path, module)
    from warroom.sim import cards, compare_viktory, stats

    assert not hasattr(cards, "_p_text") and cards.p_text is stats.p_text
    est = compare_viktory.mean_estimate([1.0, 2.0, 2.0, 3.0, 5.0])
    moments = stats.Moments()
    for x in (1.0, 2.0, 2.0, 3.0, 5.0):
        moments.add(x)
    assert est == {"value": 2.6, "ci95": [2.6 - moments.half_width, 2.6 + moments.half_width]}
    assert compare_viktory.rate_estimate(3, 10) == {
        "value": 0.3, "ci95": list(stats.Rate(3, 10).ci95)}
