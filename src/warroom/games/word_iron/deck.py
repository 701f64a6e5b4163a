"""Word & Iron decks as data: the YAML format, its validation, and a text listing.

The rule text gives every rule but not the texts of the Strategy, Chance, Word of Power,
Champion and Resource cards, so a deck is a YAML file built from a small vocabulary of effects
(README.md documents it with examples). Validation is pydantic's; the first problem becomes a
one-line `DataError` naming the file, the card and the field.
"""

from __future__ import annotations

import functools
import os
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ...engine import DataError
from ...engine.data import (
    Name,
    Text,
    counted,
    data_file,
    data_place,
    displayable,
    more_problems,
    problem_message,
    read_yaml,
    shipped_files,
    shortened,
    shown,
    typos_first,
    yaml_held,
)

DATA_DIR = Path(__file__).parent / "data"

# The deck list of the rule text, lowest unit first: (unit, ranks of power, cards). The order is
# the ladder that "go up" / "go down" climbs; counts are the numbers allotted on the field.
DECK_LIST: tuple[tuple[str, int, int], ...] = (
    ("spearmen", 10, 5),
    ("pikemen", 15, 4),
    ("archers", 15, 4),
    ("heavy_infantry", 20, 3),
    ("men_at_arms", 25, 4),
    ("light_cavalry", 30, 4),
    ("knighted_heavy_cavalry", 35, 4),
    ("royal_guards", 40, 2),
)
UNITS: tuple[str, ...] = tuple(u for u, _, _ in DECK_LIST)
SECTION_SIZES = {"soldiers": 30, "resources": 8, "strategies": 8, "chance": 8, "words": 8,
                 "champions": 10}
# A section's cards, named by one of them: "two strategy cards are both named ...".
SECTION_NOUNS = {"soldiers": "soldier", "resources": "resource", "strategies": "strategy",
                 "chance": "chance", "words": "Word of Power", "champions": "champion"}

UnitId = Literal["spearmen", "pikemen", "archers", "heavy_infantry", "men_at_arms",
                 "light_cavalry", "knighted_heavy_cavalry", "royal_guards"]
Target = Literal["opponent", "self"]
# Bounds that keep a battle playable (a whole army of the deck list has 670 ranks of power):
# losses can take all of it; a recruitment or a resource brings back a part of it; a benefit
# lasts a few turns.
SoldierRanks = Annotated[int, Field(ge=1, le=100)]
LossRanks = Annotated[int, Field(ge=1, le=1000)]
RecruitRanks = Annotated[int, Field(ge=1, le=200)]
Cards = Annotated[int, Field(ge=1, le=30)]
Times = Annotated[int, Field(ge=1, le=10)]
Percent = Annotated[int, Field(ge=1, le=300)]
# YAML lists become tuples; the items keep the strict types.
LIST = Field(strict=False)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Losses(_Strict):
    """Losses in ranks of power: highest unit first, one card per unit, rounding up."""

    kind: Literal["losses"]
    ranks: LossRanks
    target: Target = "opponent"
    below: UnitId | None = None


class UnitLosses(_Strict):
    """Cards of a named unit fall (go up, then down, when it is gone)."""

    kind: Literal["unit_losses"]
    unit: UnitId
    count: Cards = 1
    target: Target = "opponent"


class Cost(_Strict):
    """What deploying the card costs its own side: a unit's cards, or ranks of power."""

    kind: Literal["cost"]
    unit: UnitId | None = None
    count: Cards = 1
    ranks: LossRanks | None = None
    below: UnitId | None = None

    @model_validator(mode="after")
    def _one_measure(self) -> Cost:
        if self.unit is None and self.ranks is None:
            raise ValueError("a cost names 'unit' (with 'count') or 'ranks', and this one "
                             "names neither")
        if self.unit is not None and self.ranks is not None:
            raise ValueError("a cost names either 'unit' (with 'count') or 'ranks', not both")
        if self.below is not None and self.ranks is None:
            raise ValueError("'below' only goes with a cost in 'ranks'")
        # a `count` beside `ranks` is warned of (`ignored_counts`), not refused: decks that
        # carried one load, and so do the records and saves that embed them
        return self


class Recruit(_Strict):
    """Free recruitment of this many ranks of power (rounding up)."""

    kind: Literal["recruit"]
    ranks: RecruitRanks


class Protect(_Strict):
    """No losses from the opponent's next N strategies (the opponent still bears its costs)."""

    kind: Literal["protect"]
    strategies: Times


class Restore(_Strict):
    """Losses from the opponent's next N strategies are recruited at once (the King's example)."""

    kind: Literal["restore"]
    strategies: Times


class Empower(_Strict):
    """Your strategies' losses are `percent` larger (rounded up) for your next N turns."""

    kind: Literal["empower"]
    turns: Times
    percent: Percent


class Capture(_Strict):
    """Take the opponent's royal hostage (by default only while it has no royal guard)."""

    kind: Literal["capture"]


class SkipDraw(_Strict):
    """The target skips its next `count` draws of that deck (resource: a resource phase)."""

    kind: Literal["skip_draw"]
    deck: Literal["strategy", "chance", "word", "resource"]
    target: Target = "opponent"
    count: Times = 1


class ExtraDraw(_Strict):
    """Draw one more card of that deck now, after this card (never chained)."""

    kind: Literal["extra_draw"]
    deck: Literal["strategy", "chance", "word", "champion"]


Effect = Annotated[
    Losses | UnitLosses | Cost | Recruit | Protect | Restore | Empower | Capture | SkipDraw
    | ExtraDraw,
    Field(discriminator="kind"),
]


class Soldier(_Strict):
    unit: UnitId
    name: Name | Literal[""] = ""
    ranks: SoldierRanks
    count: Cards


class Resource(_Strict):
    name: Name
    flavour: Text = ""
    ranks: RecruitRanks
    uses: Annotated[int, Field(ge=1, le=4)]


class Card(_Strict):
    name: Name
    flavour: Text = ""
    effects: Annotated[tuple[Effect, ...], LIST, Field(max_length=8)] = ()


class Champion(Card):
    royal: Literal["king", "queen"] | None = None


class Deck(_Strict):
    game: Literal["word-iron"] = "word-iron"  # optional: `warroom cards` finds the format by it
    name: Name
    description: Text = ""
    soldiers: Annotated[tuple[Soldier, ...], LIST]
    resources: Annotated[tuple[Resource, ...], LIST]
    strategies: Annotated[tuple[Card, ...], LIST]
    chance: Annotated[tuple[Card, ...], LIST]
    words: Annotated[tuple[Card, ...], LIST]
    champions: Annotated[tuple[Champion, ...], LIST]

    @functools.cached_property
    def card_texts(self) -> tuple[tuple[str, ...], ...]:
        """What each card does, in words (`card_text`), per section (strategies, chance,
        words, champions: the state's pile order), by card index: worked out once a deck,
        since the observation gives the text of every card it shows face up. Under the
        default rules (`texts`)."""
        return self._texts(True)

    @functools.cached_property
    def _unguarded_texts(self) -> tuple[tuple[str, ...], ...]:
        return self._texts(False)

    def texts(self, capture_needs_no_royal_guards: bool) -> tuple[tuple[str, ...], ...]:
        """`card_texts` under the option of that name: a capture's text says when it fails."""
        return self.card_texts if capture_needs_no_royal_guards else self._unguarded_texts

    def _texts(self, guarded: bool) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(card_text(c, guarded) for c in section) for section in
                     (self.strategies, self.chance, self.words, self.champions))

    @functools.cached_property
    def shipped(self) -> str | None:
        """The name of the shipped deck this one has the cards of (`sample`), else None: by
        the cards, not the option (a file may be a shipped deck's copy, edited or not). Worked
        out once per deck: an observation says it at every look."""
        for name, path in shipped_files(DATA_DIR).items():
            if load_deck(path) == self:
                return name
        return None

    @model_validator(mode="after")
    def _starter_deck(self) -> Deck:
        for section, size in SECTION_SIZES.items():
            found = sum(s.count for s in self.soldiers) if section == "soldiers" \
                else len(getattr(self, section))
            if found != size:
                problem = f"a 72-card starter deck has {size} {section}, this one {found}"
                if section == "soldiers":
                    self._check_counts(problem + ": ")
                    problem += self._units_amiss()
                raise ValueError(problem)
        units = tuple(s.unit for s in self.soldiers)
        if units != UNITS:
            raise ValueError("soldiers must list the units of the deck list, lowest first: "
                             + ", ".join(UNITS))
        self._check_counts("")
        for lower, higher in zip(self.soldiers, self.soldiers[1:]):
            if higher.ranks < lower.ranks:
                raise ValueError(f"soldier ranks of power must not decrease up the deck list: "
                                 f"{higher.unit} has {higher.ranks}, below {lower.unit}'s "
                                 f"{lower.ranks}")
        royals = sorted(c.royal for c in self.champions if c.royal)
        if royals != ["king", "queen"]:
            tally = " and ".join(counted(royals.count(r), r) if r in royals else f"no {r}"
                                 for r in ("king", "queen"))
            cards = ", ".join(f"{shown(c.name)} ({c.royal})" for c in self.champions if c.royal)
            raise ValueError("the champions must include exactly one king and one queen; "
                             f"found {tally}" + (f": {cards}" if cards else ""))
        # a card is named by its name, in the whole deck (`tune` patches "deck0:NAME.ranks";
        # events and card analytics name it): one name is one card, whatever its section
        seen: dict[str, tuple[str, int]] = {}
        for section, index, card in _named_cards(self):
            if card.name in seen:
                first, at = seen[card.name]
                what = f"{SECTION_NOUNS[section]} cards" if first == section else "cards"
                raise ValueError(f"two {what} are both named {card.name!r} "
                                 f"({first}[{at}] and {section}[{index}]); every card needs "
                                 "a name of its own")
            seen[card.name] = (section, index)
        return self

    def _units_amiss(self) -> str:
        """': no pikemen (the deck list allots 4)' for a soldiers total that is wrong though
        every count is right: a unit left out, or given twice ('spearmen listed 2 times')."""
        units: list[str] = [s.unit for s in self.soldiers]
        parts = [f"no {unit_label(u)} (the deck list allots {n})" for u, _, n in DECK_LIST
                 if u not in units]
        parts += [f"{unit_label(u)} listed {units.count(u)} times" for u in UNITS
                  if units.count(u) > 1]
        return ": " + "; ".join(parts) if parts else ""

    def _check_counts(self, problem: str) -> None:
        """Refuse a soldier whose count is not the deck list's for its unit (rule 5), at its
        place in the file: 'the deck list allots 4 pikemen, not 5', after `problem` (the
        total's, when that is what is wrong); each other such soldier is named with its
        place ('soldiers[0].count')."""
        allotted = {unit: count for unit, _, count in DECK_LIST}
        wrong = [(i, s) for i, s in enumerate(self.soldiers) if s.count != allotted[s.unit]]
        if not wrong:
            return
        parts = [f"{allotted[s.unit]} {unit_label(s.unit)}, not {s.count}"
                 + (f" (soldiers[{i}].count)" if n else "") for n, (i, s) in enumerate(wrong)]
        raise _Placed(("soldiers", wrong[0][0], "count"),
                      f"{problem}the deck list allots {'; '.join(parts)}")

    def unit_name(self, index: int) -> str:
        soldier = self.soldiers[index]
        return soldier.name or unit_label(soldier.unit)

    def royal_card(self, royal: str) -> int:
        return next(i for i, c in enumerate(self.champions) if c.royal == royal)


def unit_label(unit: str) -> str:
    return unit.replace("_", " ")


def unit_cards(count: int, unit: str) -> str:
    """'1 archers card', '2 spearmen cards': a unit's name is a plural noun, and what an
    effect takes is cards of it (as the log counts them)."""
    return counted(count, f"{unit_label(unit)} card")


class _Placed(ValueError):
    """A problem the deck's own check finds at a place in the file (`loc`, as pydantic's
    errors give one: ('soldiers', 1, 'count')), so that its line names the card and the field
    as a field's own error does."""

    def __init__(self, loc: tuple[str | int, ...], problem: str) -> None:
        super().__init__(problem)
        self.loc = loc


# --- warnings -----------------------------------------------------------------------------
# Rules 8 and 11: "No champion partakes in direct combat". A champion protects, empowers your
# strategies, recruits or restores losses, or draws; one that inflicts losses on the opponent or
# takes a hostage fights. Rule 1 lets a card say otherwise, so such a deck still loads and plays;
# `warroom cards validate` warns about each such effect.
FIGHTING = {"losses": "inflicts losses", "unit_losses": "inflicts losses",
            "capture": "takes a hostage"}


def _named_cards(deck: Deck) -> Iterator[tuple[str, int, Any]]:
    """(section, index, card) of every card with a name of its own (a soldier without one is
    named by its unit)."""
    for section in ("soldiers", "resources", "strategies", "chance", "words", "champions"):
        for index, card in enumerate(getattr(deck, section)):
            if card.name:
                yield section, index, card


def look_alike_names(deck: Deck) -> list[str]:
    """Names that read as another card's: 'S1 ' beside 'S1', 'Café' composed and not. Legal
    (a deck saved with them must still load: its records replay), but the reports, `cards
    show` and `tune --param deck0:NAME...` cannot tell the two apart."""
    out = [f"card {card.name!r} ({section}[{index}]), field name: the name starts or ends "
           "with a space, which no reader of a report or `tune` sees: write it without"
           for section, index, card in _named_cards(deck) if card.name != card.name.strip()]
    seen: dict[str, tuple[str, int]] = {}
    for section, index, card in _named_cards(deck):
        key = unicodedata.normalize("NFC", card.name.strip())
        if key in seen:  # (the same name twice is refused: these differ)
            first, at = seen[key]
            out.append(f"card {card.name!r} ({section}[{index}]), field name: reads as the "
                       f"name of {first}[{at}] (the same letters, written otherwise): reports "
                       "and tune cannot tell the two apart; rename one")
        seen.setdefault(key, (section, index))
    return out


def deck_warnings(deck: Deck) -> list[str]:
    """Every warning of a deck (`WordIronGame.card_warnings`): a deck that inflicts no losses,
    names that read as another's, the champions that fight, the losses past what a loss can
    take (`loss_warnings`), the cards without an effect, the counts a cost in ranks does not
    read, then the empowers that rounding up makes far larger than their percent."""
    return (harmless(deck) + look_alike_names(deck) + fighting_champions(deck)
            + loss_warnings(deck) + effectless_cards(deck) + ignored_counts(deck)
            + rounded_empowers(deck))


def harmless(deck: Deck) -> list[str]:
    """A line when no card of the deck inflicts losses on the opponent: it never destroys the
    enemy army, so two such decks play every battle to the round limit."""
    if any(e.kind in ("losses", "unit_losses") and e.target == "opponent"
           for section in ("strategies", "chance", "words", "champions")
           for card in getattr(deck, section) for e in card.effects):
        return []
    return ["no card of the deck inflicts losses on the opponent ('losses' or 'unit_losses' "
            "with target opponent), so it never destroys the enemy army: its battles end by "
            "a hostage, the enemy's own costs, a truce or the round limit (max_rounds)"]


def rounded_empowers(deck: Deck) -> list[str]:
    """One line per empower whose percent of a strategy's loss in cards of a unit is under
    half a card: rounded up (state's `_strategy_modifiers`), the loss still grows by a whole
    card, more than twice what the text ("1% more losses") says. The smallest such loss is
    named. Losses in ranks grow by a rank at least, close to what the percent says."""
    counts = [(e.count, i, j) for i, card in enumerate(deck.strategies)
              for j, e in enumerate(card.effects)
              if e.kind == "unit_losses" and e.target == "opponent"]
    if not counts:
        return []
    count, at, k = min(counts)
    loss = (f"a loss of {counted(count, 'card')} of a unit (strategy "
            f"{deck.strategies[at].name!r}, strategies[{at}].effects[{k}])")
    return [f"card {card.name!r} ({section}[{i}]), field effects[{j}].percent: an empower "
            f"of {e.percent}% rounds up: {loss} becomes {count + 1}, "
            f"{round(100 / count)}% more, not {e.percent}%"
            for section in ("strategies", "chance", "words", "champions")
            for i, card in enumerate(getattr(deck, section))
            for j, e in enumerate(card.effects)
            if e.kind == "empower" and count * e.percent < 50]


def ignored_counts(deck: Deck) -> list[str]:
    """One line per cost in ranks that also gives a `count`, which only a cost in cards of a
    'unit' reads: the number is not played (the default `count` is not the file's: only one
    written is in `model_fields_set`)."""
    return [f"card {card.name!r} ({section}[{i}]), field effects[{j}].count: 'count' only "
            "goes with a cost in cards of a 'unit'; a cost in 'ranks' does not read it"
            for section in ("strategies", "chance", "words", "champions")
            for i, card in enumerate(getattr(deck, section))
            for j, effect in enumerate(card.effects)
            if effect.kind == "cost" and effect.unit is None
            and "count" in effect.model_fields_set]


def effectless_cards(deck: Deck) -> list[str]:
    """One line per card without effects (none given, or `effects: []`): a card that does
    nothing in play, most likely a mistake. A king or queen is not one: drawn by the other
    side's royal, it marries that side (rule 2) whatever its effects."""
    return [f"card {card.name!r} ({section}[{i}]), field effects: the card has no effect "
            "('effects' is missing or empty), so it does nothing in play"
            for section in ("strategies", "chance", "words", "champions")
            for i, card in enumerate(getattr(deck, section))
            if not card.effects and not getattr(card, "royal", None)]


def fighting_champions(deck: Deck) -> list[str]:
    """One line per champion effect that fights: names the card and the field."""
    lines = []
    for i, card in enumerate(deck.champions):
        for j, effect in enumerate(card.effects):
            what = FIGHTING.get(effect.kind)
            if what and getattr(effect, "target", "opponent") == "opponent":
                lines.append(f"card {card.name!r} (champions[{i}]), field effects[{j}].kind: "
                             f"a champion {what} ({effect.kind}), but no champion partakes in "
                             "direct combat (rules 8 and 11)")
    return lines


def loss_reach(deck: Deck | None, below: str | None) -> int:
    """The most ranks of power a loss in ranks (`losses`, a `cost` in ranks) can take from an
    army of this deck's soldiers: one card of each unit (rule 8: highest first, one card per
    unit), every unit or those under `below` (the README's 190 of the shipped soldier ranks,
    150 below royal guards). Any number above it takes the same cards. (So does any number
    above it less the lowest of those units' ranks, since the last card falls even for one
    rank left; shipped decks write such numbers to say "one of each", so they are no
    mistake.) `below` the lowest unit: 0, as nothing is under it (when that unit is the only
    one left, one card of it falls, whatever the number). `deck` None: the deck list's own
    soldiers (DECK_LIST)."""
    stop = len(UNITS) if below is None else UNITS.index(below)
    ranks = [r for _, r, _ in DECK_LIST] if deck is None else [s.ranks for s in deck.soldiers]
    return sum(ranks[:stop])


def loss_warnings(deck: Deck) -> list[str]:
    """One line per loss in ranks of power (`losses`, a `cost` in ranks) that asks more than
    any loss can take (`loss_reach`): a number no game can tell from a smaller one, which a
    designer (or `warroom tune`, over a range reaching past it) may believe matters; names the
    card, the field and the number above which nothing changes.

    The reach holds whatever modifies the loss: the only one is `empower` (a strategy's losses
    `percent` % larger, rounded up), which never makes a loss smaller, so a number past the
    reach stays past it; `protect` takes the whole loss away, whatever its number. A cost,
    or losses on `self`, fall on this deck's own army: its soldiers' reach. Losses on the
    opponent fall on an army this file does not know: the reach is the larger of this
    deck's soldiers' and the deck list's (a mirror match, or an opponent of the deck list's
    ranks), so that a deck of weak soldiers is not told that a number matters nowhere when
    against the shipped decks it does. The heuristic player's choice of king or queen weighs a
    champion's losses by their number as written, but such a champion fights, and is warned
    of already (`fighting_champions`)."""
    lines = []
    for section in ("strategies", "chance", "words", "champions"):
        for i, card in enumerate(getattr(deck, section)):
            for j, effect in enumerate(card.effects):
                ranks = getattr(effect, "ranks", None)
                if effect.kind not in ("losses", "cost") or ranks is None:
                    continue
                on_opponent = effect.kind == "losses" and effect.target == "opponent"
                own = loss_reach(deck, effect.below)
                reach = max(own, loss_reach(None, effect.below)) if on_opponent else own
                if ranks <= reach:
                    continue
                what = "losses" if effect.kind == "losses" else "a cost"
                under = f" below {unit_label(effect.below)}" if effect.below else ""
                soldiers = ("this deck's soldiers" if not on_opponent else
                            "an opponent of this deck's soldiers or of the deck list's, "
                            "whichever is more")
                if reach:
                    why = (f"but one card of each unit{under}, all a loss takes (rule 8), is "
                           f"{reach} ranks of power with {soldiers}: any number above "
                           f"{reach} takes the same cards")
                else:
                    why = (f"but no unit is{under}: one card of {unit_label(effect.below)} "
                           "falls when they are the only unit left, whatever the number")
                lines.append(f"card {card.name!r} ({section}[{i}]), field effects[{j}].ranks: "
                             f"{what} of {ranks} ranks of power{under}, {why}")
    return lines


# --- loading ------------------------------------------------------------------------------
def deck_path(value: str) -> Path:
    """A deck option: a path to a YAML file, or the name of a shipped deck (`sample`)."""
    return data_file(value, "deck", shipped_files(DATA_DIR))


def load_deck(value: str | Path) -> Deck:
    """Read and validate a deck (cached until the file changes)."""
    path = _resolved(str(value), os.getcwd())
    try:
        stat = path.stat()
    except OSError as exc:
        raise DataError(f"cannot read ({exc.strerror or exc})", where=value) from None
    try:
        return _load(str(path), stat.st_mtime_ns, stat.st_size)
    except DataError as exc:  # the file named as the user gave it, not as resolved
        where = exc.where or ""
        if where != str(path) and not where.startswith(f"{path}:"):
            raise
        raise exc.but(where=f"{value}{where[len(str(path)):]}") from None


@functools.lru_cache(maxsize=64)
def _resolved(value: str, _cwd: str) -> Path:
    """The file of a deck option, from where the process is: resolving a path costs a system
    call per part of it, and every new config (every game of a batch) asks again."""
    return deck_path(value).resolve()


@functools.lru_cache(maxsize=32)
def _load(path: str, _mtime: int, _size: int) -> Deck:
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise DataError(f"{yaml_held(data)}; a deck file is a YAML mapping with game, name, "
                        "soldiers, ...", where=path)
    try:
        return Deck.model_validate(data)
    except ValidationError as exc:
        place, problem = _first_problem(data, exc)
        raise DataError(problem, where=f"{path}: {place}" if place else path) from None


def _first_problem(data: dict[str, Any], exc: ValidationError) -> tuple[str, str]:
    """(where, problem) of the first error: ('card X (strategies[3]), field
    effects[0].ranks', message, and where the others are: '(and 1 more problem, at
    strategies[3].effects[1].unit)'); where is '' for the top level."""
    errors = typos_first(exc.errors(), data, Deck)
    placed = (errors[0].get("ctx") or {}).get("error")
    loc = list(placed.loc) if isinstance(placed, _Placed) else data_place(errors[0], data)
    message = problem_message(errors[0])
    # pydantic reports each member of a union it tried (a name, or ""): one place, one problem
    more = more_problems(errors, data, _path)
    where = ""
    if len(loc) >= 2 and loc[0] in SECTION_SIZES and isinstance(loc[1], int):
        section, index = loc[0], loc[1]
        item = data[section][index]
        name = item.get("name") or item.get("unit") if isinstance(item, dict) else None
        where = f"card {shown(name)} ({section}[{index}])" if name else f"{section}[{index}]"
        loc = loc[2:]
    field = _path(loc)
    place = ", ".join(part for part in (where, f"field {field}" if field else "") if part)
    return place, f"{message}{more}"


def _path(loc: list[str | int]) -> str:
    """A place in a deck file as its author reads it: 'strategies[3].effects[0].ranks'."""
    text = ""
    for part in loc:  # a key from the file may be long, or hold a control character
        text += f"[{part}]" if isinstance(part, int) else \
            f".{shortened(displayable(part))}" if text else shortened(displayable(part))
    return text


# --- text ---------------------------------------------------------------------------------
def describe_effect(effect: Any, capture_needs_no_royal_guards: bool = True) -> str:
    """One effect in words, as a player reads it on the card, under the rule option of that
    name (the default's when the rules are not known: `cards show`)."""
    kind = effect.kind
    who = "you" if getattr(effect, "target", "opponent") == "self" else "your opponent"
    if kind == "losses":
        return f"{who} suffer{'s' if who != 'you' else ''} losses of {_rank_loss(effect)}"
    if kind == "unit_losses":
        return f"{who} lose{'s' if who != 'you' else ''} {unit_cards(effect.count, effect.unit)}"
    if kind == "cost":
        if effect.unit:
            return f"cost: you lose {unit_cards(effect.count, effect.unit)}"
        # a cost in ranks falls as losses do (rule 1): 20 ranks can take a royal guard's 40
        return f"cost: you lose {_rank_loss(effect)}"
    if kind == "recruit":
        return f"recruit {effect.ranks} ranks of power free"
    # "the next strategy", not "the next 1 strategy"
    strategies = "strategy" if getattr(effect, "strategies", 0) == 1 else \
        counted(getattr(effect, "strategies", 0), "strategy", "strategies")
    if kind == "protect":
        return f"no losses from your opponent's next {strategies}"
    if kind == "restore":
        return f"your losses after your opponent's next {strategies} are recruited at once"
    if kind == "empower":
        return (f"your strategies cause {effect.percent}% more losses for "
                f"{counted(effect.turns, 'turn')}")
    if kind == "capture":
        # rule 11: of a married side only the king; the option's ruling: no royal guard left
        guard = ", only while they have no royal guard left" if capture_needs_no_royal_guards \
            else ""
        return f"take your opponent's king or queen hostage (the king if married){guard}"
    if kind == "skip_draw":
        deck = "resource draw" if effect.deck == "resource" else f"{deck_label(effect.deck)} draw"
        # "the next 2 chance draws", not "the next chance draw 2 times"
        draws = f"{effect.count} {deck}s" if effect.count > 1 else deck
        return f"{who} skip{'s' if who != 'you' else ''} the next {draws}"
    if kind == "extra_draw":
        return f"draw another {deck_label(effect.deck)} card"
    return kind


def _rank_loss(effect: Any) -> str:
    """A loss in ranks of power (`losses`, a `cost` in ranks) as it falls (rules 1 and 8)."""
    below = f" below {unit_label(effect.below)}" if effect.below else ""
    return f"{effect.ranks} ranks of power{below}, one card per unit from the highest"


# Benefits of one family overlap (rule 11): a card's own are used one after the other too.
BENEFIT_FAMILY = {"protect": "ward", "restore": "ward", "empower": "empower"}


def describe_overlapping(effects: list[Any]) -> str:
    """A card's benefits of one family, two or more, in words. They are used one after the
    other (rule 11), in an order the player may choose, so no one of them is said to cover
    "the next" strategy or turns: each says how many it covers."""
    if effects[0].kind == "empower":
        return "one after the other: " + " and ".join(
            f"your strategies cause {e.percent}% more losses for {counted(e.turns, 'turn')}"
            for e in effects)
    parts = []
    for e in effects:
        strategies = "one strategy" if e.strategies == 1 else \
            counted(e.strategies, "strategy", "strategies")
        parts.append(f"no losses from {strategies}" if e.kind == "protect" else
                     f"your losses after {strategies} are recruited at once")
    return "from your opponent's next strategy, one after the other: " + " and ".join(parts)


def card_text(card: Card, capture_needs_no_royal_guards: bool = True) -> str:
    """What a card does, in words: its effects, as `cards show` and the table say them (under
    the rule option of that name). Two or more benefits of one family are said together,
    where the first of them is."""
    families = [BENEFIT_FAMILY.get(e.kind) for e in card.effects]
    parts = []
    for i, (e, family) in enumerate(zip(card.effects, families)):
        if family is None or families.count(family) == 1:
            parts.append(describe_effect(e, capture_needs_no_royal_guards))
        elif families.index(family) == i:  # the first of its family on the card
            parts.append(describe_overlapping(
                [x for x, f in zip(card.effects, families) if f == family]))
    return "; ".join(parts) or "no effect"


def deck_label(deck: str) -> str:
    return {"word": "Word of Power", "champion": "champion"}.get(deck, deck)


def show_deck(deck: Deck) -> str:
    lines = [f"{deck.name} (word-iron, 72 cards)"]
    if deck.description:
        lines.append(deck.description.strip())
    lines.append("Soldiers (30):")
    for i, s in enumerate(deck.soldiers):
        lines.append(f"  {s.count} x {deck.unit_name(i)}, {s.ranks} ranks of power")
    lines.append("Resources (8):")
    for r in deck.resources:
        lines.append(f"  {r.name}: {r.ranks} ranks of power per use, {r.uses} "
                     f"use{'s' if r.uses > 1 else ''}")
    for section, title in (("strategies", "Strategies"), ("chance", "Chance"),
                           ("words", "Word of Power"), ("champions", "Champions")):
        cards = getattr(deck, section)
        lines.append(f"{title} ({len(cards)}):")
        for card in cards:
            royal = f" [{card.royal}]" if getattr(card, "royal", None) else ""
            lines.append(f"  {card.name}{royal}: {card_text(card)}")
    return "\n".join(lines)
