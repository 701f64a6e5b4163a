"""Actions of a Viktory II battle. Seat 0 is the attacker, seat 1 the defender."""

from __future__ import annotations

from dataclasses import dataclass

from .scenario import UNITS

USES = ("attack", "counter", "event")


@dataclass(frozen=True, slots=True)
class Casualty:
    """Remove one unit: `side` 0 is the defender's hex (or, for the attacker, its bombarding
    units in adjacent hexes), 1-6 the hex side an attacking unit entered from."""

    attacker: bool
    side: int
    unit: int

    @property
    def label(self) -> str:
        if not self.attacker:
            return f"casualty: defending {UNITS[self.unit]}"
        where = "bombarding from an adjacent hex" if self.side == 0 else f"hex side {self.side}"
        return f"casualty: attacking {UNITS[self.unit]} ({where})"


@dataclass(frozen=True, slots=True)
class FightOn:
    """Dice: fight another battle round."""

    @property
    def label(self) -> str:
        return "fight another round"


@dataclass(frozen=True, slots=True)
class Retreat:
    """Dice: the attacker retreats to the hexes it entered from; the defender holds."""

    @property
    def label(self) -> str:
        return "retreat"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Cards: play a card from hand as an Attack, as a Counter, or for its Special Event."""

    card: str
    use: str
    desc: str

    @property
    def label(self) -> str:
        if self.use == "event":
            return f"play {self.card} {self.desc} for its Special Event"
        role = "an Attack" if self.use == "attack" else "a Counter"
        return f"play {self.card} {self.desc} as {role}"


@dataclass(frozen=True, slots=True)
class MoveIn:
    """Cards: move into an empty town or city without an Attack card."""

    @property
    def label(self) -> str:
        return "move in without an Attack card"


@dataclass(frozen=True, slots=True)
class Pass:
    """Cards: play no more cards; the card battle round ends."""

    @property
    def label(self) -> str:
        return "pass (end the card battle round)"


@dataclass(frozen=True, slots=True)
class StandGround:
    """Cards: do not renew the attack; the defender holds the hex."""

    @property
    def label(self) -> str:
        return "stand your ground (end the attack)"


@dataclass(frozen=True, slots=True)
class Discard:
    """Cards: discard a card (end of turn, or losing a town or city)."""

    card: str
    desc: str

    @property
    def label(self) -> str:
        return f"discard {self.card} {self.desc}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Cards: at the end of the attacker's turn, draw this many new cards."""

    count: int

    @property
    def label(self) -> str:
        return f"draw {self.count} card{'s' if self.count != 1 else ''}"


ACTIONS = (Casualty, FightOn, Retreat, PlayCard, MoveIn, Pass, StandGround, Discard, Draw)
