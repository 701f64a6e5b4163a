"""Rule options of The Game of Champions. Defaults follow the rule text and RULINGS.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from ...engine.config import OptionValueError, check_options


@dataclass(frozen=True)
class Config:
    # "Number of Players: Two, possible Three-player variation": the variation is never
    # described, so only two players are supported.
    players: Annotated[int, Field(ge=2, le=2)] = 2
    # Roshambo between two people is a simultaneous secret choice (docs/RULINGS.md); `random`
    # settles it by a fair coin instead, e.g. for fast simulation.
    roshambo: Literal["played", "random"] = "played"
    # A game that reaches this many turns is won by the larger total of reinforcement values on
    # the table, else drawn (docs/RULINGS.md).
    max_turns: Annotated[int, Field(ge=1, le=5000)] = 500
    # Jack (Cavalry): "All battalion advantages ... can only be used during a players turn".
    # `always`: a Jack's 2s count as 10 in every battle it fights; `attacking`: only on its
    # owner's turn, i.e. when the Jack's battalion attacks.
    cavalry: Literal["always", "attacking"] = "always"
    # "From a shuffled deck 15 cards are dealt to each player."
    hand_size: Annotated[int, Field(ge=1, le=26)] = 15

    def __post_init__(self) -> None:
        if self.players == 3:
            raise OptionValueError(
                "the three-player variation is mentioned by the rule text but never described;"
                " The Game of Champions supports 2 players only", "players"
            )
        check_options(self)
