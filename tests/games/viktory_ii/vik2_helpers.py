"""Helpers for Viktory II tests: positions on fixed maps written as data files, scripted
dice, and short ways to find and take actions by hex name."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml

from warroom.games import get_game
from warroom.games.viktory_ii.state import ViktoryIIState

GAME = get_game("viktory-ii")

# A small map (radius 3, rows A to G) of land with a little water, for positions.
PLAINS_MAP = """\
   p p p p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""


def played_at_random(options: dict[str, Any], seed: int, moves: int) -> ViktoryIIState:
    """A game of `options` `moves` random moves in (fewer if it ends): towns, cities, units on
    the map, for the tests of what a table draws."""
    state = GAME.new_state(GAME.config(options), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


def write_map(tmp_path: Path, tiles: str = PLAINS_MAP, pieces: list[dict] | None = None,
              name: str = "test", **fields: Any) -> str:
    data = {"name": name, "tiles": tiles, **fields}
    if pieces is not None:
        data["pieces"] = pieces
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return str(path)


def position(tmp_path: Path, pieces: list[dict], tiles: str = PLAINS_MAP,
             explored: bool = True, first: int = 0, seed: int = 0,
             **options: Any) -> ViktoryIIState:
    """A game set up on a fixed map with these pieces; setup turns are over and `first` is
    to move (a capital each is required)."""
    path = write_map(tmp_path, tiles, pieces, explored=explored, first=first)
    config = GAME.config({"map": path, "turn_limit": 80, **options})
    return GAME.new_state(config, seed)


def capital(where: str, owner: int, city: bool = False, **units: int) -> dict:
    return {"hex": where, "owner": owner, "settlement": "city" if city else "town",
            "capital": True, "units": units}


def town(where: str, owner: int, city: bool = False, **units: int) -> dict:
    return {"hex": where, "owner": owner, "settlement": "city" if city else "town",
            "units": units}


def troops(where: str, owner: int, **units: int) -> dict:
    return {"hex": where, "owner": owner, "units": units}


def hx(state: ViktoryIIState, name: str) -> int:
    return state.board.index[name]


def name(state: ViktoryIIState, h: int) -> str:
    return state.board.names[h]


def legal(state: ViktoryIIState) -> list[Any]:
    return state.legal_actions(state.to_move()[0])


def find(state: ViktoryIIState, cls: type, **fields: Any) -> Any:
    """The legal action of this class whose fields match (hexes may be given by name)."""
    matches = [a for a in legal(state) if type(a) is cls and all(
        getattr(a, k) == (hx(state, v) if k in ("hex", "sea") and isinstance(v, str) else v)
        for k, v in fields.items())]
    assert len(matches) == 1, f"{cls.__name__} {fields}: {matches} among {legal(state)}"
    return matches[0]


def has(state: ViktoryIIState, cls: type, **fields: Any) -> bool:
    return any(type(a) is cls and all(
        getattr(a, k) == (hx(state, v) if k in ("hex", "sea") and isinstance(v, str) else v)
        for k, v in fields.items()) for a in legal(state))


def act(state: ViktoryIIState, action: Any) -> None:
    state.apply(state.to_move()[0], action)


def take(state: ViktoryIIState, cls: type, **fields: Any) -> None:
    act(state, find(state, cls, **fields))


def stack(state: ViktoryIIState, where: str, owner: int) -> list[int]:
    """The units of a player standing in a hex (not attackers, not cargo)."""
    return state.units_at(hx(state, where), owner)


def events(state: ViktoryIIState, kind: str) -> list[dict]:
    return [e for _, e in state.log if e["event"] == kind]


class ScriptedDice:
    """Stands in for the state's RNG in battles: dice come from a script."""

    def __init__(self, rolls: list[int]):
        self.rolls = list(rolls)

    def getrandbits(self, k: int) -> int:
        # A die is rolled as `roll_dice` rolls it: three bits, the face less one.
        assert k == 3, "only six-sided dice are scripted"
        return self.rolls.pop(0) - 1

    def shuffle(self, items: list) -> None:
        pass

    def getstate(self) -> Any:  # clone copies the generator
        return None


def script_dice(state: ViktoryIIState, rolls: list[int]) -> ScriptedDice:
    dice = ScriptedDice(rolls)
    state.rng = dice  # type: ignore[assignment]  # a battle rolls with its host's generator
    return dice


# A map with water at both sides and a forest hex at each end: frigates and their ports.
RESERVE_MAP = """\
   g m f p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   f p p p
"""


# Row A is an island, row B the sea around it; D1 and D7 are one-hex lakes (the map's edge
# beside them), with D1's neighbour E1 a second lake hex when made water. C5 is forest.
# A radius-3 map of plains only: its left-right mirror is the same map.
ALL_PLAINS = """\
   p p p p
  p p p p p
 p p p p p p
p p p p p p p
 p p p p p p
  p p p p p
   p p p p
"""

ISLAND_MAP = """\
   p p p p
  w w w w w
 p p p p f p
w p p p p p w
 w p p p p p
  p p p p p
   p p p p
"""
