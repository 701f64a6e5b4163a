"""Playing cards as Battle sees them, and constructed deck lists.

A card is named by rank and suit letter: "AS", "10H", "QD", "KC"; a Joker is "JK" (it has no
suit). Several decks can be shuffled together, so the same name may exist more than once; the
state tells physical cards apart by an integer id and `names[id]` gives the card's name.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from ...engine import ConfigError, DataError, about_option
from ...engine.data import (
    data_file,
    displayable,
    first_problem,
    located,
    one_line,
    parse_yaml,
    read_text,
    shown,
)

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_WORDS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
JOKER = "JK"
STANDARD_DECK = tuple(r + s for s in SUITS for r in RANKS)

# Combat skill: the number on a spot card, an ace only 1, J 11, Q 12, K 13, a Joker 0.
SKILL: dict[str, int] = {r + s: i + 1 for s in SUITS for i, r in enumerate(RANKS)}
SKILL[JOKER] = 0
SPECIAL_RANKS = ("A", "2", "3")
# The deck lists warroom ships, by the name a `deckN` option or the browser table gives them.
SHIPPED_DECKS = {"sample": Path(__file__).parent / "data" / "sample.txt"}
# The shipped names of older versions, still read but not listed (the sample was
# `sample-deck`; every game's shipped sample is `sample` now): on the command line, and in a
# game the browser table stored then (`DataOption.old_names`).
OLD_NAMES = {"sample-deck": "sample"}


def deck_names(jokers: bool) -> tuple[str, ...]:
    """One deck of playing cards: 52 cards, plus two Jokers when they are used."""
    return STANDARD_DECK + ((JOKER, JOKER) if jokers else ())


def rank(name: str) -> str:
    return "Joker" if name == JOKER else name[:-1]


def suit(name: str) -> str | None:
    return None if name == JOKER else name[-1]


def is_court(name: str) -> bool:
    return name != JOKER and name[:-1] in ("J", "Q", "K")


def is_spot(name: str) -> bool:
    """Spot (pip) cards, A to 10: soldiers that may be played freely."""
    return name != JOKER and not is_court(name)


def has_special(name: str) -> bool:
    return name == JOKER or name[:-1] in SPECIAL_RANKS


def card_text(name: str) -> str:
    return "Joker" if name == JOKER else name[:-1] + SUIT_SYMBOLS[name[-1]]


@functools.cache  # called for every card of every list of choices
def sort_key(name: str) -> tuple[int, int]:
    return (SKILL[name], -1 if name == JOKER else SUITS.index(name[-1]))


_RANK_WORDS = {"ace": "A", "jack": "J", "queen": "Q", "king": "K", "t": "10", "1": "A"}
_RANK_WORDS.update({w: str(i) for i, w in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"))
    if i >= 2})


def parse_card(text: str) -> str | None:
    """'10H', '10♥', 'qs', 'Queen of spades', 'Joker' -> canonical name, or None."""
    t = text.strip()
    if t.lower() in ("joker", "jk", "jo"):
        return JOKER
    words = t.lower().split()
    if len(words) == 3 and words[1] == "of" and words[2] in SUIT_WORDS:
        r, s = words[0], SUIT_WORDS[words[2]]
    else:
        compact = t.replace(" ", "")
        if len(compact) < 2:
            return None
        r, s = compact[:-1].lower(), compact[-1]
        s = {v: k for k, v in SUIT_SYMBOLS.items()}.get(s, s.upper())
    r = _RANK_WORDS.get(r, r).upper()
    name = r + s
    return name if name in SKILL else None


# --- constructed deck lists --------------------------------------------------------------------
MAX_LIST = 200  # cards in a deck list file: a constructed deck has at most 54

class _DeckFile(BaseModel):
    """The YAML form of a deck list: `cards:` (a list), optional `name:` and `game: battle`
    (which `warroom cards` uses to find the game)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: Literal["battle"] = "battle"
    name: Annotated[str, Field(max_length=60), AfterValidator(one_line)] = ""
    cards: list[Annotated[str, Field(max_length=40)] | int] = Field(max_length=MAX_LIST)


@dataclass(frozen=True)
class DeckList:
    name: str
    cards: tuple[str, ...]

    @property
    def default_rule_warnings(self) -> list[str]:
        """What the default rule options refuse in a list `warroom cards validate` accepts
        (it checks against the default rules, Jokers allowed, as the game's `load_cards`
        reads a list): a Joker, which needs jokers=true (the default is false) to be played.
        Not a `card_warnings` line: `play` and `simulate` given the list with jokers=true
        have nothing to say, and with jokers=false they refuse it."""
        jokers = self.cards.count(JOKER)
        if not jokers:
            return []
        held = "a Joker" if jokers == 1 else f"{jokers} Jokers"
        return [f"it holds {held}: a Joker needs --set jokers=true to play (the default is "
                "jokers=false)"]


def deck_name(path: str | Path) -> str:
    """The `name:` of a YAML deck list, else the file's name (control characters escaped)."""
    path = Path(path)
    if path.suffix.lower() in (".yaml", ".yml"):
        try:
            data = parse_yaml(read_text(path), path)
        except DataError:
            data = None
        if isinstance(data, dict) and data.get("name"):
            return displayable(data["name"])
    return displayable(path.stem)


def deck_file(value: str | Path) -> Path:
    """The deck list file a value names: a path, or else a shipped name (`sample`)."""
    name = str(value)
    if name in OLD_NAMES and not Path(name).is_file():
        name = OLD_NAMES[name]
    return data_file(name, "deck list", SHIPPED_DECKS)


def read_deck_file(path: str | Path) -> list[tuple[str, str]]:
    """(card, where it is) for each card of a deck list file: 'line 3' in a text file,
    'cards[2]' in a YAML one (whose cards may all be on one line).

    A `.yaml`/`.yml` file holds `cards: [...]`; any other file has one card per line, with
    blank lines and `#` comments ignored. A card that cannot be read is a DataError naming
    the file and the card's place (and its line, in a YAML file).
    """
    path = Path(path)
    text = read_text(path, noun="deck list")
    if path.suffix.lower() in (".yaml", ".yml"):
        raw = [(item, f"cards[{i}]", f"{path} cards[{i}] (line {number})")
               for i, (item, number) in enumerate(_yaml_cards(path, text))]
    else:
        raw = []
        for number, line in enumerate(text.splitlines(), 1):
            item = line.split("#", 1)[0].strip()
            if item:
                raw.append((item, f"line {number}", f"{path} line {number}"))
    out = []
    for item, where, at in raw:
        name = parse_card(item)
        if name is None:
            raise DataError(f"{shown(item)} is not a card "
                            "(write rank and suit, e.g. 10H, QS, A♦, or Joker)", where=at)
        out.append((name, where))
    return out


def _yaml_cards(path: Path, text: str) -> list[tuple[str, int]]:
    data = parse_yaml(text, path)
    form = "a deck list holds 'cards:', and optionally 'name:' and 'game: battle'"
    if not isinstance(data, dict):  # pydantic would name its model (_DeckFile)
        raise DataError(f"not a YAML mapping ({form})", where=path)
    try:
        deck = _DeckFile.model_validate(data)
    except ValidationError as exc:
        field, message = first_problem(exc, data)
        raise DataError(f"{message} ({form})", where=f"{path}: {field}") from None
    # Parsed again for the line of each card (for the messages of `check_deck`), once the
    # file is known to be a valid deck list: a refused one is not parsed twice.
    node = yaml.compose(text)
    lines = []
    for key, value in node.value:
        if key.value == "cards":
            lines = [item.start_mark.line + 1 for item in value.value]
    return [(str(card), line) for card, line in zip(deck.cards, lines)]


def check_deck(entries: list[tuple[str, Any]], size: int, jokers: bool, source: str,
               error: type[Exception] = DataError, option: str | None = None) -> tuple[str, ...]:
    """Validate a constructed deck: `size` cards from ONE deck of playing cards.

    `entries` are (card, where) pairs; `where` is the card's place as `read_deck_file` says it
    ('line 3', 'cards[2]'), or its position in an option's list of cards (counting from 1).
    The error (a DataError, or `error`: "SOURCE PLACE: PROBLEM") names `option`, the deck
    option the deck was given as.
    """
    def refused(at: str, problem: str) -> Exception:
        return located(error, at, problem, option)

    seen: dict[str, str] = {}
    joker_count = 0
    for name, where in entries:
        place = where if isinstance(where, str) else f"card {where}"
        at = f"{source} {place}"
        if name == JOKER:
            joker_count += 1
            if not jokers:
                raise refused(at, "a Joker needs the option jokers=true")
            if joker_count > 2:
                raise refused(at, "a deck of playing cards has only two Jokers")
        elif name in seen:
            raise refused(at, f"{card_text(name)} is already in the deck ({seen[name]}); "
                              "a constructed deck is made from one deck of playing cards")
        seen.setdefault(name, place)
    if len(entries) != size:
        raise refused(source, f"a constructed deck has exactly {size} cards (the option "
                              f"constructed_size); this one has {len(entries)}")
    return tuple(name for name, _ in entries)


def looks_like_path(text: str) -> bool:
    """A folder in it, or a file name's extension (`my-deck.txt`): no card is written so."""
    return "/" in text or "\\" in text or bool(Path(text).suffix)


def load_deck_option(key: str, value: tuple[str, ...], size: int, jokers: bool) -> tuple[str, ...]:
    """The value of a `deckN` option: the cards themselves, or a single item that is no card
    (`AS`, `Joker`: a one-card list) naming a file to read (or a shipped deck list)."""
    if len(value) == 1 and parse_card(value[0]) is None:
        # A card's name wins over a file of that name (`./AS` names the file): what a deck
        # option means does not depend on the folder it is run from.
        with about_option(key):
            try:
                file = deck_file(value[0])
            except DataError as exc:
                if looks_like_path(value[0]):
                    raise
                # a plain word: it may have been meant as a card
                raise DataError(f"{exc.problem}, nor a card (rank and suit, e.g. 10H, QS, "
                                "A♦, or Joker)", where=exc.where) from None
            entries = read_deck_file(file)
        return check_deck(entries, size, jokers, value[0], option=key)
    entries = []
    for i, item in enumerate(value, 1):
        name = parse_card(item)
        if name is None:
            raise ConfigError(f"option {key!r} card {i}: {shown(item)} is not a card",
                              option=key)
        entries.append((name, i))
    return check_deck(entries, size, jokers, f"option {key!r}", ConfigError, key)
