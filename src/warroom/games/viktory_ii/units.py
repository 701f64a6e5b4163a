"""Units, what they move, and what towns and cities support (VIKTORY-II.md, "Unit support").
"""

from __future__ import annotations

from .board import FOREST, GRASSLAND, MOUNTAIN, PLAINS

INF, CAV, ART, FRIG = range(4)
UNIT_NAMES = ("infantry", "cavalry", "artillery", "frigate")
UNIT_LETTERS = "icaf"
LAND_UNITS = (INF, CAV, ART)
RANGE = (2, 3, 2, 5)  # movement points: infantry, cavalry, artillery, frigate
FRIGATE_CAPACITY = 3

NONE, TOWN, CITY = 0, 1, 2
SETTLEMENT_NAMES = ("none", "town", "city")

Units = tuple[int, int, int, int]
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


def with_article(unit: str) -> str:
    return ("an " if unit[0] in "aeiou" else "a ") + unit


def units_text(counts: Units | list[int] | tuple[int, ...]) -> str:
    parts = [f"{n} {name}" for name, n in zip(UNIT_NAMES, counts) if n]
    return ", ".join(parts) or "none"
