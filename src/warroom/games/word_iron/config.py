"""Rule options of Word & Iron, Pitched Battle. Defaults follow the rule text and RULINGS.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from ...engine import about_option
from ...engine.config import OptionValueError, check_options
from ...engine.data import FileName, Name
from .deck import Deck, load_deck

DeckSize = Annotated[int, Field(ge=1, le=8)]


@dataclass(frozen=True)
class Config:
    # Each player's 72-card starter deck: a shipped one by name (sample, raiders), or a deck
    # file of your own (YAML: a path on the command line, an upload in the browser).
    deck0: FileName = "sample"
    deck1: FileName = "sample"
    # Rule 6: the resources each side lays out in its realm (4 in the text); a Grand
    # Tournament's winner lays out one more.
    realm_size: Annotated[int, Field(ge=1, le=8)] = 4
    # Rule 6: the seat (0 or 1) that won a Grand Tournament played just before this battle,
    # and lays out one more resource; -1: no tournament was played (nobody lays out more).
    grand_tournament_winner: Annotated[int, Field(ge=-1, le=1)] = -1
    # Rule 8: the strategy cards in each side's strategy deck (5 in the text), drawn in turn
    # and reshuffled once spent; the rest stay out of the battle.
    strategy_deck_size: DeckSize = 5
    # Rule 10: the Word of Power cards each side draws for the battle (3 in the text); once
    # both sides have drawn them all, either may sue for peace.
    word_deck_size: DeckSize = 3
    # Rules 8-10 lay the strategy, chance and Word of Power decks "face up": everyone sees the
    # top card; false lays them face down.
    decks_face_up: bool = True
    # docs/RULINGS.md: on, a royal can be taken hostage only once its side has no royal guard
    # left on the field (the guards protect it); off, even while royal guards stand.
    capture_needs_no_royal_guards: bool = True
    # Rule 4: the card both sides agreed to fight over; the winner keeps it.
    prize: Name = "an agreed card"
    # A safety for odd decks in which nobody can win: after this many rounds the battle ends
    # as a draw (0 = no limit, as in the text).
    max_rounds: Annotated[int, Field(ge=0, le=1000)] = 200

    def __post_init__(self) -> None:
        check_options(self)
        # A DataError naming file, card and field. The decks are kept with the config (not a
        # field: equality and the JSON form are the options alone), so that a new game need
        # not look for its files again; a new config reads a changed file afresh.
        object.__setattr__(self, "_decks", (_deck(self.deck0, "deck0"),
                                            _deck(self.deck1, "deck1")))
        extra = 1 if self.grand_tournament_winner >= 0 else 0
        if self.realm_size + extra > 8:
            # about realm_size and grand_tournament_winner: realm_size, the one the message
            # names (the winner's extra resource is the rule's)
            raise OptionValueError("option 'realm_size' must leave the realm 1 to 8 of the 8 "
                                   "resources", "realm_size")

    @property
    def decks(self) -> tuple[Deck, Deck]:
        """The two players' decks, as read when this config was made."""
        return self._decks  # type: ignore[attr-defined]

    def realm_of(self, player: int) -> int:
        return self.realm_size + (1 if player == self.grand_tournament_winner else 0)


def _deck(value: str, option: str) -> Deck:
    """The deck `option` names; a DataError naming the file, card and field, and the option."""
    with about_option(option):
        return load_deck(value)
