"""Actions of a Viktory II battle, the same in both games (their records name them), and the
end-of-turn card actions both games share (`Discard`, `Draw`).

A hex side is numbered from 1 in the order of the battle's request (its sources in map
order); side 0 is the attacker's bombarding units in adjacent hexes, or for the defender its
first group of units in adjacent hexes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from .units import MAX_HAND, UNITS, with_article

# What a record may name (a decoded action is checked against these).
Side = Annotated[int, Field(ge=0, le=6)]  # 0: the defender's hex; 1-6: a hex side
Unit = Annotated[int, Field(ge=0, le=len(UNITS) - 1)]
CardId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,12}$")]
Desc = Annotated[str, Field(max_length=200)]

# attack / counter: a battle card; event: a Special Event; text: the card's text only (an
# Attack card at a hybrid launch or, with cards, into an empty town or city; a Reversal of
# Fortune cancelling Special Events in hybrid mode).
USES = ("attack", "counter", "event", "text")


@dataclass(frozen=True, slots=True)
class Casualty:
    """Remove one unit: `side` 0 is the defender's hex (or, for the attacker, its bombarding
    units in adjacent hexes), 1-6 the hex side an attacking unit entered from."""

    attacker: bool
    side: Side
    unit: Unit

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
    """Play a card from hand as an Attack, as a Counter, for its Special Event, or for its
    text alone (hybrid mode; with cards, an Attack card into an empty town or city)."""

    card: CardId
    use: Literal["attack", "counter", "event", "text"]
    desc: Desc

    @property
    def label(self) -> str:
        if self.use == "event":
            return f"play {self.card} {self.desc} for its Special Event"
        if self.use == "text":
            return f"play {self.card} {self.desc} for its text"
        role = "an Attack" if self.use == "attack" else "a Counter"
        return f"play {self.card} {self.desc} as {role}"


@dataclass(frozen=True, slots=True)
class Bring:
    """At a launch: commit one unit of a hex side's reserve to the attack."""

    side: Side
    unit: Unit

    @property
    def label(self) -> str:
        return f"bring {with_article(UNITS[self.unit])} from hex side {self.side}"


@dataclass(frozen=True, slots=True)
class Launch:
    """Dice and hybrid modes: launch the attack with the units brought so far (hybrid: without
    playing an Attack card for its text)."""

    @property
    def label(self) -> str:
        return "launch the attack"


@dataclass(frozen=True, slots=True)
class FireOverwatch:
    """The defender's artillery able to fire Overwatch fires at the units moving in."""

    @property
    def label(self) -> str:
        return "fire Overwatch now"


@dataclass(frozen=True, slots=True)
class HoldOverwatch:
    """The defender holds its Overwatch back: the artillery stays able to fire at a later
    wave."""

    @property
    def label(self) -> str:
        return "hold Overwatch back"


@dataclass(frozen=True, slots=True)
class DrawIn:
    """Reinforcements: draw one unit of the player's reserve into the battle (the attacker's
    hex side it waits on; for the defender the group of adjacent units it comes from, 0 for
    the first)."""

    attacker: bool
    side: Side
    unit: Unit

    @property
    def label(self) -> str:
        if not self.attacker:
            group = f" from adjacent group {self.side + 1}" if self.side else ""
            return f"draw {with_article('defending ' + UNITS[self.unit])}{group} into the battle"
        return f"draw {with_article(UNITS[self.unit])} from hex side {self.side} into the battle"


@dataclass(frozen=True, slots=True)
class PassWindow:
    """Hybrid mode: play no card in the window before a dice round."""

    @property
    def label(self) -> str:
        return "pass (play no card now)"


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
    """Cards: launch no wave; the attack ends and the defender holds the hex. Offered at every
    wave: before the first, it calls the attack off before any Attack card is played; after a
    card battle round, it is the text's "stand their ground" (no renewed attack). The label
    says what it does at both times."""

    @property
    def label(self) -> str:
        return "call off the attack (the defender holds)"


@dataclass(frozen=True, slots=True)
class Discard:
    """Cards: discard a card (down to the hand limit, for a town or city lost, or to draw anew
    at the end of the turn)."""

    card: CardId
    desc: Desc

    @property
    def label(self) -> str:
        return f"discard {self.card} {self.desc}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Cards: at the end of the turn, draw this many new cards."""

    count: Annotated[int, Field(ge=0, le=MAX_HAND)]

    @property
    def label(self) -> str:
        if not self.count:  # "draw 0 cards" read as a misprint
            return "draw no cards"
        return f"draw {self.count} card{'s' if self.count != 1 else ''}"


# The resolver's actions (the decisions of a battle), and the turn's card actions.
BATTLE_ACTIONS = (Casualty, FightOn, Retreat, PlayCard, MoveIn, Pass, StandGround, Bring,
                  Launch, FireOverwatch, HoldOverwatch, DrawIn, PassWindow)
TURN_CARD_ACTIONS = (Discard, Draw)
