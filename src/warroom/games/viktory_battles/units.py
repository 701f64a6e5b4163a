"""Units and terrains as both Viktory II games count them: four unit types, indexed
infantry, cavalry, artillery, frigate, in every tuple of counts."""

from __future__ import annotations

from typing import Final, Literal, get_args

UNITS = ("infantry", "cavalry", "artillery", "frigate")
# Final: compiled rules (warroom.native) use the values, not a look-up in this module.
INF: Final = 0
CAV: Final = 1
ART: Final = 2
FRIG: Final = 3
LAND_UNITS = (INF, CAV, ART)
Units = tuple[int, int, int, int]
NO_UNITS: Final[Units] = (0, 0, 0, 0)
MAX_HAND = 30  # cards a record or scenario may put in one hand; the highest hand_limit

# The terrains, the four land terrains then water, and the settlements: written once here, in
# the order that the map game's terrain bytes (board.PLAINS ... WATER) and letters, the
# observations and both games' encodings index.
Terrain = Literal["plains", "grassland", "forest", "mountain", "water"]
Settlement = Literal["none", "town", "city"]
TERRAINS: Final[tuple[Terrain, ...]] = get_args(Terrain)
SETTLEMENTS: Final[tuple[Settlement, ...]] = get_args(Settlement)


def with_article(unit: str) -> str:
    """A unit name with its article: "an infantry", "a cavalry"."""
    return ("an " if unit[0] in "aeiou" else "a ") + unit


def count(n: int, one: str, many: str | None = None) -> str:
    """A number and its noun: '1 hit', '2 hits', '0 cities' (`many` when not one + 's')."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def units_text(units: Units | list[int] | tuple[int, ...], plural: bool = False) -> str:
    """'2 infantry, 1 artillery', or 'none'. `plural`: '2 frigates' (infantry, cavalry and
    artillery name a body of troops, as they are); without it '2 frigate', as the map game's
    logs and action descriptions, which records keep, have said it."""
    parts = [count(n, name) if plural and name == "frigate" else f"{n} {name}"
             for name, n in zip(UNITS, units) if n]
    return ", ".join(parts) or "none"
