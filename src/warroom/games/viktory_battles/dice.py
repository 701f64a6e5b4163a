"""The battle dice of Viktory II, in one place: the resolver rolls them, and the map game's
heuristic estimates its attacks and garrisons with them (RULINGS.md, Viktory II: dice).

Pure functions of counts and names, so that a caller that has no battle yet (a heuristic
weighing an attack) asks the same rule as the battle that will be fought."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .units import ART, CAV, FRIG, INF

TERRAIN_DICE: Final = {"forest": 1, "mountain": 2}
URBAN_DICE: Final = {"town": 1, "city": 2}
DIE_FACES: Final = 6


def hit_faces(supplied: bool) -> int:
    """The faces of a die that hit: 1-3, 1-4 in combat supply."""
    return 4 if supplied else 3


def hit_chance(supplied: bool) -> float:
    return hit_faces(supplied) / DIE_FACES


def unit_dice(units: Sequence[int], mud: bool = False) -> int:
    """1 per type of land unit present (infantry, cavalry, artillery); cavalry none in mud."""
    return (1 if units[INF] else 0) + (1 if units[CAV] and not mud else 0) \
        + (1 if units[ART] else 0)


def urban_dice(settlement: str, lost_capital: bool) -> int:
    """A town 1, a city 2; a city 1 while its owner does not hold its own capital."""
    dice = URBAN_DICE.get(settlement, 0)
    return 1 if dice == 2 and lost_capital else dice


def place_dice(terrain: str, settlement: str, lost_capital: bool, naval_support: bool,
               ignore_terrain: bool = False) -> tuple[int, int]:
    """The defender's dice from the place, not its units: +1 naval support, + the best of
    forest 1, town 1, mountain 2, city 2. (dice, those suppression cannot remove: all of them
    in a town or city, none elsewhere.)"""
    ground = 0 if ignore_terrain else TERRAIN_DICE.get(terrain, 0)
    dice = int(naval_support) + max(ground, urban_dice(settlement, lost_capital))
    return dice, (dice if settlement != "none" else 0)


def defender_unit_dice(units: Sequence[int], naval: bool, mud: bool = False) -> int:
    """The defender's dice from its units: 1 per land unit type present; naval: 1 while a
    frigate defends."""
    return (1 if units[FRIG] else 0) if naval else unit_dice(units, mud)


def defender_dice(units: Sequence[int], terrain: str, settlement: str, lost_capital: bool,
                  naval_support: bool, mud: bool = False,
                  ignore_terrain: bool = False) -> tuple[int, int]:
    """(dice, dice that suppression cannot remove): its units' and, on land, the place's."""
    if terrain == "water":
        return defender_unit_dice(units, True), 0
    place, protected = place_dice(terrain, settlement, lost_capital, naval_support,
                                  ignore_terrain)
    return defender_unit_dice(units, False, mud) + place, protected


def suppressed(hits: int, defenders: int, dice: int, protected: int) -> int:
    """The defender's dice a round's attacker hits suppress: the hits beyond the defending
    units, at most the dice that suppression can remove."""
    return min(max(0, hits - defenders), dice - protected)


def attacker_dice(sides: Sequence[Sequence[int]], naval: bool, mud: bool = False) -> int:
    """1 per type of unit present (infantry, cavalry, artillery), +1 per additional hex side;
    naval: 1, +1 per additional hex side. `sides`: the units attacking from each hex side."""
    active = inf = cav = art = 0
    for s in sides:  # counted, not gathered into lists: the resolver asks at every decision
        if s[INF] + s[CAV] + s[ART] + s[FRIG]:
            active += 1
            inf += s[INF]
            cav += s[CAV]
            art += s[ART]
    if naval or not active:
        return active
    return unit_dice((inf, cav, art, 0), mud) + active - 1
