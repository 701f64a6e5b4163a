"""Units, what they move, and what towns and cities support (VIKTORY-II.md, "Unit support").
"""

from __future__ import annotations

from typing import Final

from ..viktory_battles.units import (
    ART,
    CAV,
    FRIG,
    INF,
    LAND_UNITS,
    Units,
    units_text,
    with_article,
)
from ..viktory_battles.units import UNITS as UNIT_NAMES
from .board import FOREST, GRASSLAND, MOUNTAIN, PLAINS

UNIT_LETTERS = "icaf"
RANGE = (2, 3, 2, 5)  # movement points: infantry, cavalry, artillery, frigate
FRIGATE_CAPACITY: Final = 3

# Constants are Final: the compiled rules (warroom.native) use their values.
# Unit status (movement.py). REGROUP: a cavalry back from a battle with movement left (the
# cavalry exception: it may move on and attack elsewhere).
FREE: Final = 0
FRESH: Final = 1
ACTIVE: Final = 2
DONE: Final = 3
ATTACKING: Final = 4
CARGO: Final = 5
PLACED: Final = 6
REGROUP: Final = 7
MOVABLE = (FRESH, REGROUP)
# Whose a hex's town or city is when it has none (`sowner`), or no player at all.
NOBODY: Final = 255
# Unit flags
BOMBARDED: Final = 1
STOPPED: Final = 2

NONE: Final = 0
TOWN: Final = 1
CITY: Final = 2
SETTLEMENT_NAMES = ("none", "town", "city")

TOWN_SUPPORT: Units = (1, 0, 0, 0)
# A city's units by its terrain: plains 3 infantry; mountain infantry + artillery; grassland
# infantry + cavalry; forest infantry + frigate.
CITY_SUPPORT: dict[int, Units] = {
    PLAINS: (3, 0, 0, 0),
    MOUNTAIN: (1, 0, 1, 0),
    GRASSLAND: (1, 1, 0, 0),
    FOREST: (1, 0, 0, 1),
}


def support(kind: int, terrain: int) -> Units:
    """The units a town or city on `terrain` supports (and, per turn, accepts from reserve)."""
    if kind == TOWN:
        return TOWN_SUPPORT
    if kind == CITY:
        return CITY_SUPPORT[terrain]
    return (0, 0, 0, 0)


__all__ = ["ACTIVE", "ART", "ATTACKING", "BOMBARDED", "CARGO", "CAV", "CITY", "CITY_SUPPORT",
           "DONE", "FREE", "FRESH", "FRIG", "FRIGATE_CAPACITY", "INF", "LAND_UNITS", "MOVABLE",
           "NONE", "PLACED", "RANGE", "REGROUP", "SETTLEMENT_NAMES", "STOPPED", "TOWN",
           "TOWN_SUPPORT", "UNIT_LETTERS", "UNIT_NAMES", "Units", "support", "units_text",
           "with_article"]
