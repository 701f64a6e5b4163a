"""Actions of The Game of Champions. Cards are written rank + suit: 10H, 2S, KD, AC.

Every combinatorial choice is a sequence of small decisions: the initial distribution places
one reinforcement at a time, a battle order is built one "put this card next" at a time, the
General picks up a card and then puts it down, the Spy picks a card and then its partner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

SIGNS = ("rock", "paper", "scissors")
# A card of one deck of playing cards, as a record may name it.
Card = Annotated[str, Field(pattern=r"^(A|[2-9]|10|J|Q|K)[HDCS]$")]


@dataclass(frozen=True, slots=True)
class Throw:
    """One hand of Roshambo, chosen in secret."""

    sign: Literal["rock", "paper", "scissors"]

    @property
    def label(self) -> str:
        return self.sign


@dataclass(frozen=True, slots=True)
class Place:
    """Put a reinforcement on one of your face cards."""

    card: Card
    commander: Card

    @property
    def label(self) -> str:
        return f"{self.card} on {self.commander}"


@dataclass(frozen=True, slots=True)
class TurnIn:
    """Turn in a face card that has no reinforcements, to draw and place a reserve card."""

    commander: Card

    @property
    def label(self) -> str:
        return f"turn in {self.commander}"


@dataclass(frozen=True, slots=True)
class UseGeneral:
    """King (General): move up to 3 of your reinforcements to other face cards."""

    @property
    def label(self) -> str:
        return "general"


@dataclass(frozen=True, slots=True)
class UseSpy:
    """Ace (Spy): swap two of the opponent's reinforcements between its battalions."""

    @property
    def label(self) -> str:
        # its pick and swap offer no way back, as an attack's target does not: said before
        return "spy (a swap follows: no way back)"


@dataclass(frozen=True, slots=True)
class Pick:
    """Pick up a reinforcement (the General's move, or the Spy's first card)."""

    card: Card

    @property
    def label(self) -> str:
        return f"pick {self.card}"


@dataclass(frozen=True, slots=True)
class SwapWith:
    """The Spy's second card: it changes places with the picked one."""

    card: Card

    @property
    def label(self) -> str:
        return f"swap with {self.card}"


@dataclass(frozen=True, slots=True)
class Done:
    """End the General's moves."""

    @property
    def label(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Attack:
    """Start a battle with one of your battalions (the target is chosen next)."""

    commander: Card

    @property
    def label(self) -> str:
        return f"attack with {self.commander}"


@dataclass(frozen=True, slots=True)
class Target:
    """The opponent's battalion to attack."""

    commander: Card

    @property
    def label(self) -> str:
        return f"target {self.commander}"


@dataclass(frozen=True, slots=True)
class FortifyAgain:
    """Instead of a battle: draw another reserve card and place it; ends the turn."""

    @property
    def label(self) -> str:
        return "fortify again"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Offered when neither a battle nor a fortify is possible, and at the turn's end beside
    the turn-ins still open."""

    @property
    def label(self) -> str:
        return "end turn"


@dataclass(frozen=True, slots=True)
class PutNext:
    """Battle order: this card is the next from the top of your face-down battalion."""

    card: Card

    @property
    def label(self) -> str:
        return f"next {self.card}"


@dataclass(frozen=True, slots=True)
class RestAsShown:
    """Battle order: the remaining cards follow in the order shown (highest first)."""

    @property
    def label(self) -> str:
        return "rest as shown"


@dataclass(frozen=True, slots=True)
class Flip:
    """The attacker goes on: both turn over their next card."""

    @property
    def label(self) -> str:
        return "flip"


@dataclass(frozen=True, slots=True)
class Stop:
    """The attacker stops the battle."""

    @property
    def label(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Revive:
    """Queen (Medic): return your most recent casualty to the attacking battalion."""

    @property
    def label(self) -> str:
        return "revive"


@dataclass(frozen=True, slots=True)
class Decline:
    """Do not use the Medic."""

    @property
    def label(self) -> str:
        return "decline"


ACTIONS = (
    Throw, Place, TurnIn, UseGeneral, UseSpy, Pick, SwapWith, Done, Attack, Target,
    FortifyAgain, EndTurn, PutNext, RestAsShown, Flip, Stop, Revive, Decline,
)
