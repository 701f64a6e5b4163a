"""Actions of Viktory II: one small decision each. A hex is the map's int, from 0, numbered
row by row from the top (board.py); `where` is its name as the map shows it ("C4"), kept for
the label. A battle's decisions are the shared resolver's actions
(`viktory_battles.actions`), and so are `Discard` and `Draw`.

What a record may name is checked against the bounds below when it is read. The `radius`
option goes to 10 (331 hexes), but a map file's map is as large as its rows make it: the
bounds are those of the largest map a map file can hold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, get_args

from pydantic import Field

from ..viktory_battles.actions import (
    BATTLE_ACTIONS,
    TURN_CARD_ACTIONS,
    CardId,
    Desc,
    Discard,
    Draw,
)
from .board import MAX_RADIUS, TERRAINS
from .units import UNIT_NAMES, with_article


def map_hexes(radius: int) -> int:
    """The hexes of a map of this radius (board.py's `board(radius).size`)."""
    return 3 * radius * (radius + 1) + 1


# The largest map, random or from a map file (board.MAX_RADIUS, 10: 331 hexes, rows A to U,
# names up to 21 in a row), bounds what a record may name.
_COLUMN_DIGITS = len(str(2 * MAX_RADIUS + 1))

# What a record may name (a decoded action is checked against these), and what it means: a
# hex, its name (a row's letter, "A" on, then its place in the row from 1), a kind of unit, a
# terrain of a tile.
Hex = Annotated[int, Field(ge=0, le=map_hexes(MAX_RADIUS) - 1, description=(
    "the hex: its number on the map, from 0, row by row from the top"))]
HexName = Annotated[str, Field(pattern=rf"^\D[1-9][0-9]{{0,{_COLUMN_DIGITS - 1}}}$",
                               description='its name on the map ("C4"), for the label')]
Unit = Annotated[int, Field(ge=0, le=len(UNIT_NAMES) - 1, description=", ".join(
    f"{i}: {name}" for i, name in enumerate(UNIT_NAMES)))]
Terrain = Annotated[int, Field(ge=0, le=len(TERRAINS) - 1, description=", ".join(
    f"{i}: {name}" for i, name in enumerate(TERRAINS)))]
# What is on a hex a step goes to, in a few words ("forest", "player 1's town, player 1: 2
# infantry, battle declared"): never empty, and far below 200 characters.
Contents = Annotated[str, Field(min_length=1, max_length=200,
                                description="what is there, in a few words, for the label")]


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Exploration: put a drawn tile of this terrain on the revealed hex."""

    hex: Hex
    where: HexName
    terrain: Terrain

    @property
    def label(self) -> str:
        return f"put the {TERRAINS[self.terrain]} tile on {self.where}"


@dataclass(frozen=True, slots=True)
class PlaceCapital:
    """Setup: place your capital on this hex, a land hex of your starting hexes."""

    hex: Hex
    where: HexName

    @property
    def label(self) -> str:
        return f"place your capital on {self.where}"


@dataclass(frozen=True, slots=True)
class BuildTown:
    """Build a town on this hex: one of the build step's two, or the setup's second town."""

    hex: Hex
    where: HexName

    @property
    def label(self) -> str:
        return f"build a town on {self.where}"


@dataclass(frozen=True, slots=True)
class Upgrade:
    """Build: upgrade your town on this hex to a city, instead of building two towns."""

    hex: Hex
    where: HexName

    @property
    def label(self) -> str:
        return f"upgrade your town on {self.where} to a city"


@dataclass(frozen=True, slots=True)
class SelectUnit:
    """Move/attack: move this unit next (the unit moved before it stops for the turn)."""

    hex: Hex
    where: HexName
    unit: Unit

    @property
    def label(self) -> str:
        return f"move {with_article(UNIT_NAMES[self.unit])} from {self.where}"


@dataclass(frozen=True, slots=True)
class Step:
    """Move the moving unit: to a neighbouring hex, along a road, into a port, or into an
    enemy hex (an attack)."""

    hex: Hex
    where: HexName
    kind: Annotated[str, Field(pattern=r"^(move|road|port|attack)$", description=(
        "to a neighbouring hex, along a road, into a port, or into an enemy hex"))]
    what: Contents

    @property
    def label(self) -> str:
        if self.kind == "attack":
            return f"attack {self.where} ({self.what})"
        if self.kind == "road":
            return f"take the road to {self.where} ({self.what})"
        return f"move to {self.where} ({self.what})"


@dataclass(frozen=True, slots=True)
class Bombard:
    """The moving artillery or frigate bombards the enemy units on this neighbouring hex (its
    movement ends)."""

    hex: Hex
    where: HexName

    @property
    def label(self) -> str:
        return f"bombard {self.where}"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Sea transport: the moving frigate takes a land unit aboard from a neighbouring hex."""

    hex: Hex
    where: HexName
    unit: Unit

    @property
    def label(self) -> str:
        unit = with_article(UNIT_NAMES[self.unit])
        return f"take {unit} aboard from {self.where}"


@dataclass(frozen=True, slots=True)
class Unload:
    """Sea transport: the moving frigate unloads all its cargo into a neighbouring land hex
    (an amphibious attack if the enemy holds it); its movement ends."""

    hex: Hex
    where: HexName
    attack: Annotated[bool, Field(description="whether the enemy holds the hex")]

    @property
    def label(self) -> str:
        what = "land and attack" if self.attack else "unload the cargo"
        return f"{what} on {self.where}"


@dataclass(frozen=True, slots=True)
class PlayMoveCard:
    """Cards: play an Attack card for its +1 MP text on the moving unit."""

    card: CardId
    desc: Desc

    @property
    def label(self) -> str:
        return f"play {self.card} {self.desc} for +1 movement"


@dataclass(frozen=True, slots=True)
class Fight:
    """Fight the battle declared at this hex now."""

    hex: Hex
    where: HexName

    @property
    def label(self) -> str:
        return f"fight the battle at {self.where}"


@dataclass(frozen=True, slots=True)
class PlaceReserve:
    """Reserves (and setup): put a reserve unit on the board here."""

    hex: Hex
    where: HexName
    unit: Unit

    @property
    def label(self) -> str:
        return f"place {with_article(UNIT_NAMES[self.unit])} on {self.where}"


@dataclass(frozen=True, slots=True)
class PlaceFrigate:
    """Reserves: put a reserve frigate on a water hex nearest a forest city or the capital
    (onto an enemy frigate: a reserve naval battle)."""

    hex: Annotated[Hex, Field(description="the forest city or capital it comes from")]
    where: HexName
    sea: Annotated[Hex, Field(description="the water hex it is put on")]
    sea_where: HexName

    @property
    def label(self) -> str:
        return (f"place a frigate on {self.sea_where} "
                f"(from {self.where})")


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Reserves: take a unit off the board into the reserve."""

    hex: Hex
    where: HexName
    unit: Unit

    @property
    def label(self) -> str:
        unit = with_article(UNIT_NAMES[self.unit])
        return f"take {unit} off {self.where} into reserve"


@dataclass(frozen=True, slots=True)
class Disband:
    """A town or city was lost: remove a unit its support no longer covers."""

    hex: Hex
    where: HexName
    unit: Unit

    @property
    def label(self) -> str:
        return f"disband {with_article(UNIT_NAMES[self.unit])} on {self.where}"


DoneWhat = Literal["stop", "move", "build", "second_town", "reserves", "disband"]
DONE_LABELS = {
    "stop": "stop this unit (it moves no more this turn)",
    "move": "end movement and battles",
    "build": "finish building",
    "second_town": "build no second town",
    "reserves": "finish placing reserves",
    "disband": "disband nothing (no unit is beyond support)",
}


@dataclass(frozen=True, slots=True)
class Done:
    """End a step of the turn: `what` is stop, move, build, second_town or reserves; or (a
    hidden map) disband nothing."""

    what: DoneWhat

    @property
    def label(self) -> str:
        return DONE_LABELS[self.what]


DONE_STOP, DONE_MOVE, DONE_BUILD, DONE_SECOND_TOWN, DONE_RESERVES, DONE_DISBAND = (
    Done(what) for what in get_args(DoneWhat))


# The map's own decisions, the turn's card actions (shared with the one-battle game) and the
# battle resolver's decisions.
ACTIONS = (PlaceTile, PlaceCapital, BuildTown, Upgrade, SelectUnit, Step, Bombard, PickUp,
           Unload, PlayMoveCard, Fight, PlaceReserve, PlaceFrigate, Withdraw, Disband, Done,
           *TURN_CARD_ACTIONS, *BATTLE_ACTIONS)

__all__ = ["ACTIONS", "Bombard", "BuildTown", "Discard", "Disband", "Done", "Draw", "Fight",
           "PickUp", "PlaceCapital", "PlaceFrigate", "PlaceReserve", "PlaceTile",
           "PlayMoveCard", "SelectUnit", "Step", "Unload", "Upgrade", "Withdraw"]
