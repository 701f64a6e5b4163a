"""Actions of Word & Iron, Pitched Battle: every decision the rules leave to a player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from ...engine.data import counted
from .deck import UnitId, unit_label

# What a record may name (a decoded action is checked against these).
Seat = Annotated[int, Field(ge=0, le=1)]
Slot = Annotated[int, Field(ge=0, le=15)]  # a resource of a realm: at most the 16 of both decks
CardName = Annotated[str, Field(min_length=1, max_length=60)]
Ranks = Annotated[int, Field(ge=1, le=1000)]


@dataclass(frozen=True, slots=True)
class ChooseRoyal:
    """Rule 2: play as the king or as the queen."""

    royal: Literal["king", "queen"]

    @property
    def label(self) -> str:
        return f"play as the {self.royal}"


@dataclass(frozen=True, slots=True)
class ChooseFirstAttacker:
    """Rule 13: the winner of the coin toss chooses who attacks first."""

    player: Seat

    @property
    def label(self) -> str:
        return f"player {self.player} attacks first"


@dataclass(frozen=True, slots=True)
class OrderBenefit:
    """Rule 11: overlapping benefits are used one after the other, in the order you choose."""

    kind: Literal["protect", "restore", "empower"]
    source: CardName
    amount: Annotated[int, Field(ge=1, le=10)]
    percent: Annotated[int, Field(ge=0, le=300)]

    @property
    def label(self) -> str:
        return f"use first: {self.source} ({benefit_text(self.kind, self.amount, self.percent)})"


@dataclass(frozen=True, slots=True)
class UseResource:
    """Rule 18: one use of a resource of your realm, its ranks of power to recruit with."""

    slot: Slot
    name: CardName
    ranks: Ranks

    @property
    def label(self) -> str:
        return f"use #{self.slot + 1} {self.name} ({self.ranks} ranks)"


@dataclass(frozen=True, slots=True)
class FinishResources:
    """Stop using resources (`skip`: the one skip of the initial resource draw)."""

    skip: bool

    @property
    def label(self) -> str:
        return "skip this resource draw" if self.skip else "done with resources"


@dataclass(frozen=True, slots=True)
class Recruit:
    """Rule 6: put one fallen soldier of this unit back on the field."""

    unit: UnitId
    ranks: Ranks

    @property
    def label(self) -> str:
        return f"recruit {unit_label(self.unit)} ({self.ranks})"


@dataclass(frozen=True, slots=True)
class ChooseCasualty:
    """Rule 1: two units with equal ranks of power, only one card falls: its owner picks."""

    unit: UnitId

    @property
    def label(self) -> str:
        return f"lose one of the {unit_label(self.unit)}"


@dataclass(frozen=True, slots=True)
class TakeRansom:
    """Rule 3: the captor chooses which resource of the captive's realm it takes."""

    slot: Slot
    name: CardName

    @property
    def label(self) -> str:
        return f"take #{self.slot + 1} {self.name} as ransom"


@dataclass(frozen=True, slots=True)
class OfferTruce:
    """Rule 10: sue for peace, offering a resource of your realm."""

    slot: Slot
    name: CardName

    @property
    def label(self) -> str:
        return f"offer #{self.slot + 1} {self.name} for a truce"


@dataclass(frozen=True, slots=True)
class NoTruceOffer:
    """Rule 10: offer no truce (then the other side may offer, or the Word of Power cards are
    set aside for good)."""

    @property
    def label(self) -> str:
        return "make no truce offer"


@dataclass(frozen=True, slots=True)
class AnswerTruce:
    """Rule 10: accept the truce offered (the battle ends in a draw, the resource offered
    changes hands) or decline it."""

    accept: bool

    @property
    def label(self) -> str:
        return "accept the truce" if self.accept else "decline the truce"


def benefit_text(kind: str, amount: int, percent: int = 0) -> str:
    if kind == "protect":
        return f"protection from the next {counted(amount, 'enemy strategy', 'enemy strategies')}"
    if kind == "restore":
        return ("losses recruited after the next "
                f"{counted(amount, 'enemy strategy', 'enemy strategies')}")
    return f"strategies {percent}% more effective for {counted(amount, 'turn')}"


ACTIONS = (ChooseRoyal, ChooseFirstAttacker, OrderBenefit, UseResource, FinishResources,
           Recruit, ChooseCasualty, TakeRansom, OfferTruce, NoTruceOffer, AnswerTruce)
