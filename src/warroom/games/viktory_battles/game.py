"""The Battle Cards' hooks of a Game, in one place for both games that fight Viktory II's
battles (`viktory`, one battle, and `viktory-ii`, the map game): the card facts a finished
game gives `warroom report`, the deck's card names, `warroom cards show|validate` (and its
warnings), and a saved game's options. Each game subclasses `BattleCardsGame` instead of `Game`.

What the hooks ask of a game: its state's `pool` (the CardPool; None in a dice game), `cards`
(card id -> Card) and `kept_log`, and its config's `cards` (the Deck played; None in dice
mode)."""

from __future__ import annotations

import functools
from typing import Any

from ...engine import CardFacts, Game
from ...engine.config import takes_value
from ...engine.data import DataOption
from .analytics import CARD_EVENT_KINDS, card_events, deck_card_names
from .cards import (
    CARD_OPTION_MODES,
    Deck,
    deck_path,
    deck_warnings,
    load_deck,
    saved_options,
    show_deck,
)

# The `deck` rule option (Game.data_options): the sample deck by name (also the default, ""),
# or a card file.
DECK_OPTION = DataOption({"sample": ""}, load_deck, lambda value: deck_path(str(value or "")))
# The browser lobby's `when` for the cards' options (Game.option_layout): offered in the modes
# that play them only.
CARD_OPTIONS_WHEN = {name: {"mode": list(modes)} for name, modes in CARD_OPTION_MODES.items()}


class BattleCardsGame(Game):
    """A game whose battles may be fought with the Battle Cards (cards and hybrid modes)."""

    card_event_kinds = CARD_EVENT_KINDS

    def card_events(self, state: Any) -> CardFacts | None:
        """The Battle Cards each player drew, played and discarded (the facts are read the
        same way for one battle and for a whole map game: `viktory_battles.analytics`)."""
        if state.pool is None:
            return None  # dice: no cards
        return card_events(state.kept_log, {cid: card.name for cid, card in state.cards.items()},
                           state.num_players)

    def one_deck_for_all(self, config: Any) -> bool:
        return True  # every player draws from the one Battle Cards deck

    def card_names(self, config: Any) -> list[str] | None:
        deck = config.cards
        return None if deck is None else deck_card_names(deck)

    # `warroom cards show|validate FILE --game viktory|viktory-ii`: the same deck format.
    def load_cards(self, path: str) -> Deck:
        return load_deck(path)

    def show_cards(self, cards: Deck) -> str:
        return show_deck(cards)

    def card_warnings(self, cards: Deck) -> list[str]:
        """A legal deck against the rule text (`warroom cards validate`, and `play` and
        `simulate` given it): no card to attack or counter with, a mix far from the text's."""
        return deck_warnings(cards)

    def record_options(self, values: dict[str, Any]) -> dict[str, Any]:
        # a deck saved with dice battles, before it was refused
        return saved_options(values, functools.partial(takes_value, self.Config))
