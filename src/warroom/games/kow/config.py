"""Rule options of Kings of War Battle Deck. Defaults follow the rule text and RULINGS.md.

Bounds keep a game playable: a Battle Deck card needs at most 6 swords, a fist holds at most 8
dice, and the dice pools stay small enough that every choice of dice can be listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from ...engine.config import OptionValueError, check_options

Swords = Annotated[int, Field(ge=0, le=6)]
Faces = Annotated[tuple[Swords, ...], Field(min_length=1, max_length=12)]
Pool = Annotated[int, Field(ge=0, le=12)]
Fist = Annotated[int, Field(ge=1, le=8)]


@dataclass(frozen=True)
class Config:
    # Command dice faces, in swords (docs/RULINGS.md: faces are data).
    red_faces: Faces = (0, 0, 1, 1, 1, 2)
    white_faces: Faces = (0, 1, 1, 1, 2, 2)
    blue_faces: Faces = (1, 1, 2, 2, 2, 3)
    # One set of KoW Command Dice: 4 red, 3 white, 2 blue.
    pool_red: Pool = 4
    pool_white: Pool = 3
    pool_blue: Pool = 2
    # "secretly chooses from 1 to 4 dice".
    min_dice: Fist = 1
    max_dice: Fist = 4
    # "first to three Victories claimed".
    victories_to_win: Annotated[int, Field(ge=1, le=20)] = 3
    # 0 = play rounds until somebody has the Victories (the text); more ends the game after that
    # many rounds, won by the player with more Victories or else drawn: a guard for
    # experiments with odd dice.
    max_rounds: Annotated[int, Field(ge=0, le=1000)] = 0

    def __post_init__(self) -> None:
        check_options(self)
        dice = sum(self.pool)
        if dice < 1:
            # about the three pool options together: the first of them, where the form
            # shows the pool
            raise OptionValueError("the dice pool must hold at least one die", "pool_red")
        if not self.min_dice <= self.max_dice:
            # about min_dice and max_dice: min_dice, as max_dice cannot go below the default
            # min_dice (1), so a user who made them cross raised min_dice
            raise OptionValueError("options must satisfy 1 <= min_dice <= max_dice <= 8",
                                   "min_dice")
        if dice < self.min_dice:
            # A full pool that cannot make the least choice: no turn could ever be played.
            raise OptionValueError(f"min_dice={self.min_dice} is more than the whole dice "
                                   f"pool ({dice} dice): nobody could ever choose dice",
                                   "min_dice")
        if not self.max_rounds and not any(p and max(f) for p, f in zip(self.pool, self.faces)):
            # No die could ever defeat a card: every round would be drawn, for ever.
            # about the faces of the pool's dice (and max_rounds): the faces of its first
            # die, the ones the user changed to have no swords
            first = next(c for c, p in zip(("red", "white", "blue"), self.pool) if p)
            raise OptionValueError("no die of the pool has a face with swords, so no round can "
                                   "be won: give one some swords, or set max_rounds",
                                   f"{first}_faces")

    @property
    def faces(self) -> tuple[tuple[int, ...], ...]:
        return (self.red_faces, self.white_faces, self.blue_faces)

    @property
    def pool(self) -> tuple[int, int, int]:
        return (self.pool_red, self.pool_white, self.pool_blue)
