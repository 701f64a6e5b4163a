"""Actions of Viktory II: one small decision each. Hexes are the map's ints; `where` is the
hex's name as the map shows it ("C4"), kept for the label. A battle's decisions are the
shared resolver's actions (`viktory_battles.actions`), and so are `Discard` and `Draw`."""

from __future__ import annotations

from dataclasses import dataclass

from ..viktory_battles.actions import BATTLE_ACTIONS, TURN_CARD_ACTIONS, Discard, Draw
from .board import TERRAINS
from .units import UNIT_NAMES, with_article


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Exploration: put a drawn tile of this terrain on the revealed hex."""

    hex: int
    where: str
    terrain: int

    @property
    def label(self) -> str:
        return f"put the {TERRAINS[self.terrain]} tile on {self.where}"


@dataclass(frozen=True, slots=True)
class PlaceCapital:
    hex: int
    where: str

    @property
    def label(self) -> str:
        return f"place your capital on {self.where}"


@dataclass(frozen=True, slots=True)
class BuildTown:
    hex: int
    where: str

    @property
    def label(self) -> str:
        return f"build a town on {self.where}"


@dataclass(frozen=True, slots=True)
class Upgrade:
    hex: int
    where: str

    @property
    def label(self) -> str:
        return f"upgrade your town on {self.where} to a city"


@dataclass(frozen=True, slots=True)
class SelectUnit:
    """Move/attack: move this unit next (the unit moved before it stops for the turn)."""

    hex: int
    where: str
    unit: int

    @property
    def label(self) -> str:
        return f"move {with_article(UNIT_NAMES[self.unit])} from {self.where}"


@dataclass(frozen=True, slots=True)
class Step:
    """Move the moving unit: to a neighbouring hex, along a road, into a port, or into an
    enemy hex (an attack)."""

    hex: int
    where: str
    kind: str  # move, road, port, attack
    what: str  # what is there, for the label

    @property
    def label(self) -> str:
        if self.kind == "attack":
            return f"attack {self.where} ({self.what})"
        if self.kind == "road":
            return f"take the road to {self.where} ({self.what})"
        return f"move to {self.where} ({self.what})"


@dataclass(frozen=True, slots=True)
class Bombard:
    hex: int
    where: str

    @property
    def label(self) -> str:
        return f"bombard {self.where}"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Sea transport: the moving frigate takes a land unit aboard from a neighbouring hex."""

    hex: int
    where: str
    unit: int

    @property
    def label(self) -> str:
        return f"take {with_article(UNIT_NAMES[self.unit])} aboard from {self.where}"


@dataclass(frozen=True, slots=True)
class Unload:
    """Sea transport: the moving frigate unloads all its cargo into a neighbouring land hex
    (an amphibious attack if the enemy holds it); its movement ends."""

    hex: int
    where: str
    attack: bool

    @property
    def label(self) -> str:
        return f"{'land and attack' if self.attack else 'unload the cargo'} on {self.where}"


@dataclass(frozen=True, slots=True)
class PlayMoveCard:
    """Cards: play an Attack card for its +1 MP text on the moving unit."""

    card: str
    desc: str

    @property
    def label(self) -> str:
        return f"play {self.card} {self.desc} for +1 movement"


@dataclass(frozen=True, slots=True)
class Fight:
    """Fight the battle declared at this hex now."""

    hex: int
    where: str

    @property
    def label(self) -> str:
        return f"fight the battle at {self.where}"


@dataclass(frozen=True, slots=True)
class PlaceReserve:
    """Reserves (and setup): put a reserve unit on the board here."""

    hex: int
    where: str
    unit: int

    @property
    def label(self) -> str:
        return f"place {with_article(UNIT_NAMES[self.unit])} on {self.where}"


@dataclass(frozen=True, slots=True)
class PlaceFrigate:
    """Reserves: put a reserve frigate on a water hex nearest a forest city or the capital
    (onto an enemy frigate: a reserve naval battle)."""

    hex: int
    where: str
    sea: int
    sea_where: str

    @property
    def label(self) -> str:
        return f"place a frigate on {self.sea_where} (from {self.where})"


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Reserves: take a unit off the board into the reserve."""

    hex: int
    where: str
    unit: int

    @property
    def label(self) -> str:
        return f"take {with_article(UNIT_NAMES[self.unit])} off {self.where} into reserve"


@dataclass(frozen=True, slots=True)
class Disband:
    """A town or city was lost: remove a unit its support no longer covers."""

    hex: int
    where: str
    unit: int

    @property
    def label(self) -> str:
        return f"disband {with_article(UNIT_NAMES[self.unit])} on {self.where}"


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

    what: str

    @property
    def label(self) -> str:
        return DONE_LABELS[self.what]


DONE_STOP, DONE_MOVE, DONE_BUILD, DONE_SECOND_TOWN, DONE_RESERVES, DONE_DISBAND = (
    Done(what) for what in ("stop", "move", "build", "second_town", "reserves", "disband"))


# The map's own decisions, the turn's card actions (shared with the one-battle game) and the
# battle resolver's decisions.
ACTIONS = (PlaceTile, PlaceCapital, BuildTown, Upgrade, SelectUnit, Step, Bombard, PickUp,
           Unload, PlayMoveCard, Fight, PlaceReserve, PlaceFrigate, Withdraw, Disband, Done,
           *TURN_CARD_ACTIONS, *BATTLE_ACTIONS)

__all__ = ["ACTIONS", "Bombard", "BuildTown", "Discard", "Disband", "Done", "Draw", "Fight",
           "PickUp", "PlaceCapital", "PlaceFrigate", "PlaceReserve", "PlaceTile",
           "PlayMoveCard", "SelectUnit", "Step", "Unload", "Upgrade", "Withdraw"]
