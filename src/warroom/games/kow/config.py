"""Rule options of Kings of War Battle Deck. Defaults follow the rule text and RULINGS.md."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    # Command dice faces, in swords (RULINGS.md: faces are data).
    red_faces: tuple[int, ...] = (0, 0, 1, 1, 1, 2)
    white_faces: tuple[int, ...] = (0, 1, 1, 1, 2, 2)
    blue_faces: tuple[int, ...] = (1, 1, 2, 2, 2, 3)
    # One set of KoW Command Dice: 4 red, 3 white, 2 blue.
    pool_red: int = 4
    pool_white: int = 3
    pool_blue: int = 2
    # "secretly chooses from 1 to 4 dice".
    min_dice: int = 1
    max_dice: int = 4
    # "first to three Victories claimed".
    victories_to_win: int = 3
    # 0 = play rounds until somebody has the Victories (the text); >0 ends the game as a draw
    # after that many rounds, a guard for experiments with odd dice.
    max_rounds: int = 0

    def __post_init__(self) -> None:
        for name in ("red_faces", "white_faces", "blue_faces"):
            faces = getattr(self, name)
            if not faces or any(not isinstance(f, int) or f < 0 for f in faces):
                raise ValueError(f"option {name!r} must be a list of swords >= 0, got {faces!r}")
        for name in ("pool_red", "pool_white", "pool_blue", "max_rounds"):
            if getattr(self, name) < 0:
                raise ValueError(f"option {name!r} must be >= 0")
        if self.pool_red + self.pool_white + self.pool_blue < 1:
            raise ValueError("the dice pool must hold at least one die")
        if not 1 <= self.min_dice <= self.max_dice <= 8:
            raise ValueError("options must satisfy 1 <= min_dice <= max_dice <= 8")
        if self.victories_to_win < 1:
            raise ValueError("option 'victories_to_win' must be >= 1")

    @property
    def faces(self) -> tuple[tuple[int, ...], ...]:
        return (self.red_faces, self.white_faces, self.blue_faces)

    @property
    def pool(self) -> tuple[int, int, int]:
        return (self.pool_red, self.pool_white, self.pool_blue)
