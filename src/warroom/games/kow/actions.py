"""Actions of Kings of War Battle Deck."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

# What a record may name (a decoded action is checked against these): dice of a pool, a Battle
# Deck card, a die of a roll of at most 8.
Dice = Annotated[int, Field(ge=0, le=12)]
Card = Annotated[str, Field(pattern=r"^(A|[2-6])[HDCS]$")]
RollIndex = Annotated[int, Field(ge=0, le=7)]
Swords = Annotated[int, Field(ge=0, le=6)]

COLOURS = ("red", "white", "blue")
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


@dataclass(frozen=True, slots=True)
class ChooseDice:
    """The secret choice: how many dice of each colour to hold in the fist."""

    red: Dice
    white: Dice
    blue: Dice

    @property
    def label(self) -> str:
        parts = [f"{n} {c}" for n, c in zip((self.red, self.white, self.blue), COLOURS) if n]
        return "dice: " + ", ".join(parts)


@dataclass(frozen=True, slots=True)
class Defeat:
    """Allocate rolled dice (by index in the roll) to defeat one card on the table."""

    card: Card
    dice: Annotated[tuple[RollIndex, ...], Field(
        max_length=8, description="the dice it takes, by their place in the roll (from 0)")]
    swords: Annotated[tuple[Swords, ...], Field(
        max_length=8, description="the swords each of those dice rolled, in the same order")]

    @property
    def label(self) -> str:
        # the dice by their number in the roll (the table and the text view number them)
        dice = " + ".join(f"#{i + 1} ({s} sword{'' if s == 1 else 's'})"
                          for i, s in zip(self.dice, self.swords))
        return f"defeat {self.card[:-1]}{SUIT_SYMBOLS[self.card[-1]]} with {dice}"


@dataclass(frozen=True, slots=True)
class Stop:
    """End the allocation after defeating at least one card."""

    @property
    def label(self) -> str:
        return "stop"


ACTIONS = (ChooseDice, Defeat, Stop)
