"""The battle options both Viktory II games offer (`viktory`, one battle; `viktory-ii`, the map
game), declared once: each option's type with its bounds, the defaults the two share, and the
Battle Cards and the resolver that a Config's values make.

Each game's Config declares the fields itself, with these types, in its own order and with its
own description (`warroom options` reads a field's description from the comments above it in
the Config's source): `mode`, `deck`, `hand_limit`, `artillery_characteristics`, `overwatch`,
`prebattle_fire_each_wave` and `max_rounds`. Two defaults differ on purpose: the one-battle
game's expansion rules default to its scenario's (None), and its round guard is longer.
"""

from __future__ import annotations

from typing import Annotated, Literal, Protocol

from pydantic import Field

from ...engine import about_option
from ...engine.config import OptionValueError
from ...engine.data import FileName
from .cards import CARD_OPTION_MODES, Deck, load_deck
from .resolver import BattleResolver, Mode
from .units import MAX_HAND

__all__ = ["BATTLE_OPTIONS", "HAND_LIMIT", "PREBATTLE_FIRE_EACH_WAVE", "BattleOptions",
           "DeckFile", "HandLimit", "MaxRounds", "Mode", "load_battle_deck", "make_resolver",
           "refuse_unplayed_options"]

# The options of the battle, by name, as both Configs declare them.
BATTLE_OPTIONS = ("mode", "deck", "hand_limit", "artillery_characteristics", "overwatch",
                  "prebattle_fire_each_wave", "max_rounds")

# A Battle Cards file, or empty: the bundled sample deck.
DeckFile = FileName | Literal[""]
# The most cards a hand may keep (the lesser of this and the towns and cities held).
HandLimit = Annotated[int, Field(ge=0, le=MAX_HAND)]
HAND_LIMIT = 10  # "the lesser of 10 cards, or the number of town/cities"
# After this many dice rounds or card battle rounds of one battle the attacker withdraws (a
# guard, not in the text).
MaxRounds = Annotated[int, Field(ge=1, le=1000)]
# Cards mode: the artillery of every wave fires Pre-Battle Fire as it launches.
PREBATTLE_FIRE_EACH_WAVE = True


class BattleOptions(Protocol):
    """What the helpers below read of a game's Config."""

    @property
    def mode(self) -> Mode: ...

    @property
    def deck(self) -> str: ...

    @property
    def hand_limit(self) -> int: ...

    @property
    def prebattle_fire_each_wave(self) -> bool: ...

    @property
    def max_rounds(self) -> int: ...


def load_battle_deck(config: BattleOptions) -> Deck | None:
    """The Battle Cards of `config.deck`: loaded in cards and hybrid modes, and in dice mode
    when a file is named (refused unless it holds the default's cards, which the dice never
    play); None in dice mode without one. The other options of the cards are checked too
    (`refuse_unplayed_options`)."""
    with about_option("deck"):
        deck = load_deck(config.deck) if config.mode != "dice" or config.deck else None
    refuse_unplayed_options(config, deck)
    return deck


# Why a mode never reads an option of `CARD_OPTION_MODES` it lacks.
_UNREAD = {"dice": "a dice battle plays no cards", "hybrid": "a hybrid battle launches a "
           "single wave, so its artillery fires Pre-Battle Fire once"}


def refuse_unplayed_options(config: BattleOptions, deck: Deck | None) -> None:
    """An option of the Battle Cards that `config.mode` never reads (`CARD_OPTION_MODES`),
    given a value other than its default, would be silently ignored: the same game whatever
    the value, a sweep's cells or a tune's trials that measure nothing. So it is the config's
    one-line error. `deck` is the Deck loaded for it: one holding the default's cards is let
    through, since it changes nothing and a record embeds the default deck's file whatever
    the mode, so its replay names a copy."""
    for name, modes in CARD_OPTION_MODES.items():
        if config.mode in modes:
            continue
        if name == "deck":
            given = deck is not None and deck.cards != load_deck().cards
        else:  # the Config's own default (a dataclass field's is its class attribute)
            given = getattr(config, name) != getattr(type(config), name)
        if given:
            what = "deck" if name == "deck" else "option"
            needs = " or ".join(f"mode={mode}" for mode in modes)
            raise OptionValueError(f"option {name!r} is a Battle Cards {what}; it needs "
                                   f"{needs} ({_UNREAD[config.mode]})", name)


def make_resolver(config: BattleOptions, deck: Deck | None, artillery_characteristics: bool,
                  overwatch: bool) -> BattleResolver:
    """The shared battle resolver with `config`'s battle options: the cards of `deck` (those
    of `load_battle_deck`) in cards and hybrid modes, the expansion rules as given (the
    one-battle game settles them with its scenario), the Pre-Battle Fire rule and the round
    guard."""
    return BattleResolver(
        deck.by_id() if deck is not None and config.mode != "dice" else {},
        artillery_characteristics=artillery_characteristics, overwatch=overwatch,
        prebattle_fire_each_wave=config.prebattle_fire_each_wave,
        max_rounds=config.max_rounds)
