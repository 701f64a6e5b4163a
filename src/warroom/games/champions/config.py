"""Rule options of The Game of Champions. Defaults follow the rule text and RULINGS.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Config:
    # "Number of Players: Two, possible Three-player variation": the variation is never
    # described, so only two players are supported.
    players: int = 2
    # Roshambo between two people is a simultaneous secret choice (RULINGS.md); `random`
    # settles it by a fair coin instead, e.g. for fast simulation.
    roshambo: Literal["played", "random"] = "played"
    # A game that reaches this many turns is won by the larger total of reinforcement values on
    # the table, else drawn (RULINGS.md).
    max_turns: int = 500
    # Jack (Cavalry): "All battalion advantages ... can only be used during a players turn".
    # `always`: a Jack's 2s count as 10 in every battle it fights; `attacking`: only on its
    # owner's turn, i.e. when the Jack's battalion attacks.
    cavalry: Literal["always", "attacking"] = "always"
    # "From a shuffled deck 15 cards are dealt to each player."
    hand_size: int = 15

    def __post_init__(self) -> None:
        if self.players == 3:
            raise ValueError(
                "the three-player variation is mentioned by the rule text but never described;"
                " The Game of Champions supports 2 players only"
            )
        if self.roshambo not in ("played", "random"):
            raise ValueError(f"option 'roshambo' must be played or random, got {self.roshambo!r}")
        if self.cavalry not in ("always", "attacking"):
            raise ValueError(f"option 'cavalry' must be always or attacking, got {self.cavalry!r}")
        if self.players != 2:
            raise ValueError(f"option 'players' must be 2, got {self.players}")
        if self.max_turns < 1:
            raise ValueError(f"option 'max_turns' must be >= 1, got {self.max_turns}")
        if not 1 <= self.hand_size <= 26:
            raise ValueError(f"option 'hand_size' must be from 1 to 26, got {self.hand_size}")
