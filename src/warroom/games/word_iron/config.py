"""Rule options of Word & Iron, Pitched Battle. Defaults follow the rule text and RULINGS.md."""

from __future__ import annotations

from dataclasses import dataclass

from .deck import Deck, load_deck


@dataclass(frozen=True)
class Config:
    # Each player's 72-card starter deck: a shipped deck's name (sample, raiders) or a YAML path.
    deck0: str = "sample"
    deck1: str = "sample"
    # Rule 6: 4 resources in the realm; the Grand Tournament winner (seat 0 or 1; -1 = no
    # tournament was played) lays out one more.
    realm_size: int = 4
    grand_tournament_winner: int = -1
    # Rule 8: a strategy deck of 5; rule 10: a Word of Power deck of 3.
    strategy_deck_size: int = 5
    word_deck_size: int = 3
    # Rules 8-10 lay the strategy, chance and Word of Power decks "face up": everyone sees the
    # top card. False plays them face down.
    decks_face_up: bool = True
    # RULINGS.md: a royal can be taken hostage only while its side has no royal guard.
    capture_needs_no_royal_guards: bool = True
    # Rule 4: the card both sides agreed to fight over; the winner keeps it.
    prize: str = "an agreed card"
    # A safety for odd decks in which nobody can win: after this many rounds the battle ends
    # as a draw (0 = no limit, as in the text).
    max_rounds: int = 200

    def __post_init__(self) -> None:
        # A DataError naming file, card and field. The decks are kept with the config (not a
        # field: equality and the JSON form are the options alone), so that a new game need
        # not look for its files again; a new config reads a changed file afresh.
        object.__setattr__(self, "_decks", (load_deck(self.deck0), load_deck(self.deck1)))
        extra = 1 if self.grand_tournament_winner >= 0 else 0
        if self.grand_tournament_winner not in (-1, 0, 1):
            raise ValueError("option 'grand_tournament_winner' must be -1 (none), 0 or 1")
        if not 1 <= self.realm_size or self.realm_size + extra > 8:
            raise ValueError("option 'realm_size' must leave the realm 1 to 8 of the 8 resources")
        if not 1 <= self.strategy_deck_size <= 8:
            raise ValueError("option 'strategy_deck_size' must be from 1 to 8")
        if not 1 <= self.word_deck_size <= 8:
            raise ValueError("option 'word_deck_size' must be from 1 to 8")
        if self.max_rounds < 0:
            raise ValueError("option 'max_rounds' must be >= 0 (0 = no limit)")

    @property
    def decks(self) -> tuple[Deck, Deck]:
        """The two players' decks, as read when this config was made."""
        return self._decks  # type: ignore[attr-defined]

    def realm_of(self, player: int) -> int:
        return self.realm_size + (1 if player == self.grand_tournament_winner else 0)
