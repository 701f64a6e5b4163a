"""Actions of Battle. Every combinatorial choice is a sequence of these small decisions.

Cards are named ("10H"); when a player has several cards of the same name (several decks
shuffled together) they are interchangeable, and the state uses the first that fits. With
decks of their own, soldiers of one name may differ by owner (a Joker gave one away): a
destroyed soldier goes to its owner's discard pile, so they are not interchangeable. Each
choice of such a soldier is then an `Owned...` action, which names the owner too; the plain
action is offered only while all the soldiers it could mean have one owner.
Players and groups are numbered from 0 in the fields; labels show groups from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from ...engine.data import counted
from .cards import card_text

# What a record may name (a decoded action is checked against these).
Card = Annotated[str, Field(pattern=r"^((A|[2-9]|10|J|Q|K)[SHDC]|JK)$")]
Seat = Annotated[int, Field(ge=0, le=7)]
Group = Annotated[int, Field(ge=0, le=431)]  # at most one group per soldier of 8 decks


def _p(player: int) -> str:
    """A seat within a label, as the other games name it: "player 1" (the browser's table
    reads it as "seat 1", or "your" for the viewer's own)."""
    return f"player {player}"


# --- draft and deck building ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Pick:
    """Draft: take this card from the pack in front of you."""

    card: Card

    @property
    def label(self) -> str:
        return f"pick {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class AddCard:
    """Deck building: put this card of your pool into your deck."""

    card: Card

    @property
    def label(self) -> str:
        return f"add {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class FinishDeck:
    """Deck building: done; the deck's free places are filled with the cards of highest
    combat skill left."""

    free: Annotated[int, Field(ge=0, le=54)]

    @property
    def label(self) -> str:
        # as `_do_finish` fills them: by combat skill, so the ability cards (skill 0 to 3) go
        # last, and a newcomer keeping them must add them first
        places = counted(self.free, "free place")
        return (f"done (fill the {places} with the cards of highest combat skill left: "
                "A, 2, 3, Joker last)")


# --- attack step ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Attack:
    """Declare one attacker: against `target`, in a new group (`group` = number of groups so
    far) or joining an existing group against that target."""

    card: Card
    target: Seat
    group: Group
    new: bool

    @property
    def label(self) -> str:
        if self.new:
            return f"{card_text(self.card)} attacks {_p(self.target)} (group {self.group + 1})"
        return f"{card_text(self.card)} joins group {self.group + 1} against {_p(self.target)}"


@dataclass(frozen=True, slots=True)
class Block:
    """Declare one blocker against an attacking group."""

    card: Card
    group: Group

    @property
    def label(self) -> str:
        return f"{card_text(self.card)} blocks group {self.group + 1}"


@dataclass(frozen=True, slots=True)
class Done:
    """No more attackers, or no more blockers."""

    @property
    def label(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Strike:
    """The striking soldier's controller picks the enemy soldier in its combat to destroy."""

    striker: Card
    player: Seat
    card: Card

    @property
    def label(self) -> str:
        return f"{card_text(self.striker)} strikes {_p(self.player)}'s {card_text(self.card)}"


# --- main step --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlaySoldier:
    """Put a spot card (or a Joker) onto the table as a soldier."""

    card: Card

    @property
    def label(self) -> str:
        return f"play {card_text(self.card)} as a soldier"


@dataclass(frozen=True, slots=True)
class PlayCourt:
    """Play a court card (at most one court card or special ability a turn)."""

    card: Card

    @property
    def label(self) -> str:
        # as the log says it, and "play J♠" (its start) chooses it as "play 8♠" does a soldier
        return f"play {card_text(self.card)} as a court card"


@dataclass(frozen=True, slots=True)
class PlaySpecial:
    """Play an Ace, Two, Three or Joker for its special ability."""

    card: Card

    @property
    def label(self) -> str:
        what = {"A": "draw two cards", "2": "an opponent destroys two of its soldiers",
                "3": "destroy a soldier", "Joker": "take a soldier from an opponent"}
        key = "Joker" if self.card == "JK" else self.card[:-1]
        return f"use {card_text(self.card)}: {what[key]}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    @property
    def label(self) -> str:
        return "end turn"


# --- special abilities ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChooseOpponent:
    """Two or Joker: the opponent who must give up soldiers."""

    player: Seat

    @property
    def label(self) -> str:
        return f"choose {_p(self.player)}"


@dataclass(frozen=True, slots=True)
class Destroy:
    """Three: destroy this soldier."""

    player: Seat
    card: Card

    @property
    def label(self) -> str:
        return f"destroy {_p(self.player)}'s {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """Two: the opponent destroys a soldier of its own choice."""

    card: Card

    @property
    def label(self) -> str:
        return f"lose your {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class GiveSoldier:
    """Joker: the opponent gives a soldier of its own choice."""

    card: Card
    to: Seat

    @property
    def label(self) -> str:
        return f"give your {card_text(self.card)} to {_p(self.to)}"


# --- one of several soldiers of a name that differ by owner ----------------------------------

def _of(owner: int) -> str:
    return f" ({_p(owner)}'s card)"


@dataclass(frozen=True, slots=True)
class OwnedAttack(Attack):
    """Attack: the soldier of that name that `owner` owns."""

    owner: Seat

    @property
    def label(self) -> str:
        card = card_text(self.card) + _of(self.owner)
        if self.new:
            return f"{card} attacks {_p(self.target)} (group {self.group + 1})"
        return f"{card} joins group {self.group + 1} against {_p(self.target)}"


@dataclass(frozen=True, slots=True)
class OwnedBlock(Block):
    """Block: the soldier of that name that `owner` owns."""

    owner: Seat

    @property
    def label(self) -> str:
        return f"{card_text(self.card)}{_of(self.owner)} blocks group {self.group + 1}"


@dataclass(frozen=True, slots=True)
class OwnedStrike(Strike):
    """Strike: the enemy soldier of that name that `owner` owns."""

    owner: Seat

    @property
    def label(self) -> str:
        return (f"{card_text(self.striker)} strikes {_p(self.player)}'s "
                f"{card_text(self.card)}{_of(self.owner)}")


@dataclass(frozen=True, slots=True)
class OwnedDestroy(Destroy):
    """Three: destroy the soldier of that name that `owner` owns."""

    owner: Seat

    @property
    def label(self) -> str:
        return f"destroy {_p(self.player)}'s {card_text(self.card)}{_of(self.owner)}"


@dataclass(frozen=True, slots=True)
class OwnedSacrifice(Sacrifice):
    """Two: lose the soldier of that name that `owner` owns."""

    owner: Seat

    @property
    def label(self) -> str:
        return f"lose your {card_text(self.card)}{_of(self.owner)}"


@dataclass(frozen=True, slots=True)
class OwnedGiveSoldier(GiveSoldier):
    """Joker: give the soldier of that name that `owner` owns."""

    owner: Seat

    @property
    def label(self) -> str:
        return f"give your {card_text(self.card)}{_of(self.owner)} to {_p(self.to)}"


OWNED = (OwnedAttack, OwnedBlock, OwnedStrike, OwnedDestroy, OwnedSacrifice, OwnedGiveSoldier)


def owner_of(action: object) -> int:
    """The owner an `Owned...` action names; -1 for any other action."""
    return action.owner if type(action) in OWNED else -1  # type: ignore[attr-defined]


ACTIONS = (Pick, AddCard, FinishDeck, Attack, Block, Done, Strike, PlaySoldier, PlayCourt,
           PlaySpecial, EndTurn, ChooseOpponent, Destroy, Sacrifice, GiveSoldier, *OWNED)
