"""The Battle Cards as data: a YAML file of cards, validated with pydantic.

The published text names the card kinds but the cards themselves were never published, so a
deck is data. Each card is an Attack, Counter or Attack/Counter card with a number of hits and
misses and one terrain; Attack cards are Regular or Surprise attacks, Counter cards are Flank,
Frontal or Surprise counters (an Attack/Counter card has both). A card may carry one effect
from a small vocabulary:

- `secrecy` (Attack text): the defender's artillery cannot fire Overwatch at this wave;
- `plus_one_mp` (Attack text): +1 MP for a moving unit (the map game plays it while moving;
  inside a battle it does nothing);
- `reversal_of_fortune` (Counter): blocks all hits of the card it answers and cancels the
  Special Events the opponent has in effect;
- `mud` (Special Event): for the rest of the card battle round no side counts a die for
  cavalry;
- `ignore_terrain` (Special Event): for the rest of the card battle round the defender counts
  no die for forest or mountain, and Mud is lifted;
- `reinforcements` (Special Event): draw one unit of the player's reserve into the battle (the
  attacker's joins the hex side of its reserve, the defender's the battle hex). It acts at
  once, so nothing is left "in effect" for a Reversal of Fortune to cancel.
A Special Event card may be played for its event (its hits and misses then mean nothing) or
as a normal card (its event then does nothing).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from ...engine import DataError
from ...engine.data import (
    Text,
    data_file,
    displayable,
    first_problem,
    one_line,
    read_yaml,
    shortened,
)
from .units import Terrain

SAMPLE_DECK = Path(__file__).parent / "data" / "sample-deck.yaml"

ATTACK, COUNTER, ATTACK_COUNTER = "attack", "counter", "attack_counter"
KIND_NAMES = {ATTACK: "Attack", COUNTER: "Counter", ATTACK_COUNTER: "Attack/Counter"}
ATTACK_EFFECTS = ("secrecy", "plus_one_mp")
EVENT_EFFECTS = ("mud", "ignore_terrain", "reinforcements")
EFFECT_NAMES = {
    "secrecy": "Secrecy",
    "plus_one_mp": "+1 MP",
    "reversal_of_fortune": "Reversal of Fortune",
    "mud": "Mud",
    "ignore_terrain": "Ignore Terrain",
    "reinforcements": "Reinforcements",
}
# What each effect's text is (the rules class Secrecy and +1 MP as Attack card text, Reversal
# of Fortune as a Counter; only Mud, Ignore Terrain and Reinforcements are Special Events) and
# what it does here, in the README's words ("Card files"): both games' tables explain a card
# by its effect, which its short form names ("[Mud]"), whatever its deck's own `text`.
EFFECT_CLASS = {
    "secrecy": "Attack card text",
    "plus_one_mp": "Attack card text",
    "reversal_of_fortune": "Counter",
    "mud": "Special Event",
    "ignore_terrain": "Special Event",
    "reinforcements": "Special Event",
}
EFFECT_WORDS = {
    "secrecy": "the defender's artillery cannot fire Overwatch at this wave",
    "plus_one_mp": "on the map, a moving unit gets one more move (nothing inside a battle)",
    "reversal_of_fortune": "blocks all hits of the card it answers and cancels the opponent's "
                           "Special Events in effect",
    "mud": "until the end of the round no side counts a die for cavalry",
    "ignore_terrain": "until the end of the round the defender counts no die for forest or "
                      "mountain; lifts Mud",
    "reinforcements": "draw one unit of your reserve into the battle",
}
# A card's type in words: its attack (regular, surprise) and its counter (flank, frontal,
# surprise), as the rules name them.
ATTACK_NAMES = {"regular": "Regular Attack", "surprise": "Surprise Attack"}
COUNTER_NAMES = {"flank": "Flank Counter", "frontal": "Frontal Counter",
                 "surprise": "Surprise Counter"}
# Which counters may answer a card of each type (the text's response restrictions).
RESPONSES = {
    "regular": ("flank", "frontal", "surprise"),
    "flank": ("flank", "surprise"),
    "frontal": ("frontal", "surprise"),
    "surprise": ("surprise",),
}


def _filled(value: str) -> str:
    """A name that says something: without the spaces around it, and not blank."""
    value = value.strip()
    if not value:
        raise ValueError("a card's name must not be blank (only spaces): a card whose name is "
                         "incomplete is not played")
    return value


def _no_blank_text(value: str) -> str:
    """A card's text: none ("") or one that says something, without the spaces around it."""
    if value and not value.strip():
        raise ValueError("a card's text must not be blank (only spaces): leave it out for a "
                         "card with no text")
    return value.strip()


class CardModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    id: str = Field(min_length=1, max_length=12, pattern=r"^[A-Za-z0-9_-]+$")
    # Cards with incomplete names in the designer's files are to be ignored: a name is required
    # ("Only playtest using the cards that have completed information"), one of only spaces too.
    name: Annotated[str, Field(min_length=1, max_length=40), AfterValidator(one_line),
                    AfterValidator(_filled)]
    kind: Literal["attack", "counter", "attack_counter"]
    attack: Literal["regular", "surprise"] | None = None
    counter: Literal["flank", "frontal", "surprise"] | None = None
    hits: int = Field(ge=0, le=6)
    misses: int = Field(ge=0, le=6)
    terrain: Terrain
    effect: Literal["secrecy", "plus_one_mp", "reversal_of_fortune", "mud",
                    "ignore_terrain", "reinforcements"] | None = None
    special_event: bool = False
    text: Annotated[Text, Field(max_length=300), AfterValidator(_no_blank_text)] = ""

    @model_validator(mode="after")
    def _consistent(self) -> CardModel:
        attacks = self.kind in (ATTACK, ATTACK_COUNTER)
        counters = self.kind in (COUNTER, ATTACK_COUNTER)
        if attacks != (self.attack is not None):
            raise ValueError("'attack' (regular or surprise) is required for Attack and "
                             "Attack/Counter cards only")
        if counters != (self.counter is not None):
            raise ValueError("'counter' (flank, frontal or surprise) is required for Counter "
                             "and Attack/Counter cards only")
        if self.kind == ATTACK and self.misses:
            raise ValueError("an Attack card blocks nothing: 'misses' must be 0")
        if self.effect in ATTACK_EFFECTS and not attacks:
            raise ValueError(f"effect {self.effect!r} is Attack card text")
        if self.effect == "reversal_of_fortune" and self.kind != COUNTER:
            raise ValueError("Reversal of Fortune is a Counter card")
        if self.effect in EVENT_EFFECTS and not self.special_event:
            raise ValueError(f"effect {self.effect} is a Special Event: it needs "
                             "'special_event: true'")
        if self.special_event and self.effect not in EVENT_EFFECTS:
            raise ValueError("'special_event: true' needs effect mud, ignore_terrain or "
                             "reinforcements")
        return self


class DeckModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    game: Literal["viktory"] = "viktory"  # optional: `warroom cards` finds the format by it
    name: Annotated[str, Field(max_length=60), AfterValidator(one_line)] = ""
    sample: bool = False
    cards: list[dict[str, Any]] = Field(min_length=1, max_length=500)


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    kind: str
    attack: str | None
    counter: str | None
    hits: int
    misses: int
    terrain: str
    effect: str | None
    special_event: bool
    text: str

    @property
    def can_attack(self) -> bool:
        return self.attack is not None

    @property
    def can_counter(self) -> bool:
        return self.counter is not None

    def short(self) -> str:
        """'Flank Counter 1H/2M forest', with the effect if any."""
        extra = f" [{EFFECT_NAMES[self.effect]}]" if self.effect else ""
        return f"{self.name} {self.hits}H/{self.misses}M {self.terrain}{extra}"

    def type_tag(self) -> str:
        """The card's type, shortly, where its name does not say it: "" for a "Flank
        Counter", "Attack/Flank Counter" for a Skirmish that attacks or counters a flank,
        "Attack" for Secrecy, "Frontal Counter" for a Reversal of Fortune."""
        attack = ATTACK_NAMES.get(self.attack or "", "")
        counter = COUNTER_NAMES.get(self.counter or "", "")
        if self.name in (attack, counter) and self.kind != ATTACK_COUNTER:
            return ""
        if self.attack == "regular":
            attack = "Attack"
        return "/".join(x for x in (attack, counter) if x)

    def type_words(self) -> str:
        """The card's type in the rules' words: "Attack/Counter card: a Regular Attack or a
        Flank Counter", "Attack card: a Surprise Attack", "Counter card: a Frontal Counter"."""
        attack = ATTACK_NAMES.get(self.attack or "")
        counter = COUNTER_NAMES.get(self.counter or "")
        if attack and counter:
            return f"Attack/Counter card: a {attack} or a {counter}"
        return f"Attack card: a {attack}" if attack else f"Counter card: a {counter}"

    def seen(self, figures: bool = True) -> dict[str, str | int]:
        """The card as the tables show it, beside its id: its short form ("desc"), its type
        shortly where its name does not say it ("tag"), in words ("type"), and what its
        special text does ("text", "" without one): a player reads a card of any deck, not
        only its name and figures. With `figures`, what the short form abbreviates, as data
        for the tables to explain ("name", "hits", "misses", "terrain"): "2H/0M mountain"
        is not read back out of its words."""
        seen: dict[str, str | int] = {
            "desc": self.short(), "tag": self.type_tag(), "type": self.type_words(),
            "text": effect_line(self.effect) if self.effect else ""}
        if figures:
            seen.update(name=self.name, hits=self.hits, misses=self.misses,
                        terrain=self.terrain)
        return seen


def effect_of(desc: str) -> str | None:
    """The effect a card's short form names ("Mud 1H/1M forest [Mud]": "mud"), or None."""
    if not desc.endswith("]"):
        return None
    tag = desc[desc.rfind("[") + 1:-1]
    return next((key for key, name in EFFECT_NAMES.items() if name == tag), None)


def effect_line(effect: str) -> str:
    """What an effect's text is and does: "Mud (Special Event): until the end of ..."."""
    return f"{EFFECT_NAMES[effect]} ({EFFECT_CLASS[effect]}): {EFFECT_WORDS[effect]}"


@dataclass(frozen=True)
class Deck:
    path: str
    name: str
    sample: bool
    cards: tuple[Card, ...]

    def by_id(self) -> dict[str, Card]:
        return {c.id: c for c in self.cards}

    def mix(self) -> dict[str, float]:
        """Share of each kind: the text states 33 % Attack, 16 % Attack/Counter, 50 % Counter
        (TEXT_MIX)."""
        counts = Counter(c.kind for c in self.cards)
        return {k: counts[k] / len(self.cards) for k in TEXT_MIX}


# "33% are Attack, 16% are Attack/Counter, and 50% are Counter" (the rule text's mix of kinds).
TEXT_MIX = {ATTACK: 0.33, ATTACK_COUNTER: 0.16, COUNTER: 0.50}
# How far (in shares of the deck) one kind's share may be from the text's before
# `deck_warnings` says the mix is far from it: 20/10/30 of 60 cards is the text's; 10 points
# off is a deck of another make.
MIX_TOLERANCE = 0.10


def mix_words(mix: dict[str, float]) -> str:
    """'Attack 33 %, Attack/Counter 16 %, Counter 50 %'."""
    return ", ".join(f"{KIND_NAMES[k]} {v:.0%}".replace("%", " %") for k, v in mix.items())


def deck_warnings(deck: Deck) -> list[str]:
    """What a legal deck holds against the rule text (`Game.card_warnings`, one line each): no
    card to attack with (cards mode fights no battle), none to counter with, a mix of kinds far
    from the text's."""
    lines = []
    if not any(c.can_attack for c in deck.cards):
        lines.append("no Attack card (nor Attack/Counter card): in cards mode no attack can be "
                     "made, so no battle is fought")
    if not any(c.can_counter for c in deck.cards):
        lines.append("no Counter card (nor Attack/Counter card): the defender can never answer "
                     "an Attack card")
    mix = deck.mix()
    if any(abs(mix[k] - TEXT_MIX[k]) > MIX_TOLERANCE for k in TEXT_MIX):
        lines.append(f"the mix of kinds is {mix_words(mix)}; the rule text's is "
                     f"{mix_words(TEXT_MIX)}")
    return lines


def deck_path(name: str) -> Path:
    """A Battle Cards deck: a path to a card file, or `sample` (also the default, "")."""
    return SAMPLE_DECK if not name else data_file(name, "card file", {"sample": SAMPLE_DECK})


@lru_cache(maxsize=32)
def _load(path: str, mtime: float) -> Deck:
    data = read_yaml(Path(path))
    if not isinstance(data, dict):
        raise DataError("a card file must be a mapping with 'game' and 'cards'", where=path)
    try:
        deck = DeckModel.model_validate(data)
    except ValidationError as exc:
        loc, msg = first_problem(exc, data)
        raise DataError(msg, where=f"{path}: field {loc}") from None
    cards = []
    seen: set[str] = set()
    for i, raw in enumerate(deck.cards, 1):
        # the id is checked below: as written, it may be long or hold a control character
        label = f"card {shortened(displayable(raw.get('id', f'#{i}')))}" \
            if isinstance(raw, dict) else f"card #{i}"
        try:
            model = CardModel.model_validate(raw)
        except ValidationError as exc:
            loc, msg = first_problem(exc, raw)
            field = f"field {loc}" if loc != "(top level)" else "fields"
            raise DataError(msg, where=f"{path}: {label}: {field}") from None
        if model.id in seen:
            raise DataError(f"duplicate card id {model.id!r}", where=f"{path}: {label}: field id")
        seen.add(model.id)
        cards.append(Card(**model.model_dump()))
    return Deck(path, deck.name, deck.sample, tuple(cards))


def load_deck(name: str = "") -> Deck:
    """Read and validate a Battle Cards file (the bundled sample deck by default)."""
    path = deck_path(name)
    return _load(str(path), os.path.getmtime(path))


# The battle options only the Battle Cards read, by the modes that read them: a dice battle
# plays no cards (no deck, no hand), and a hybrid one launches a single wave (its artillery
# fires Pre-Battle Fire once). Given a non-default value in another mode, an option would be
# silently ignored (`viktory_battles.options.refuse_unplayed_options`).
CARD_OPTION_MODES: dict[str, tuple[str, ...]] = {
    "deck": ("cards", "hybrid"),
    "hand_limit": ("cards", "hybrid"),
    "prebattle_fire_each_wave": ("cards",),
}


def saved_options(values: dict[str, Any],
                  takes: Callable[[str, Any], bool] = lambda key, value: True
                  ) -> dict[str, Any]:
    """A saved game's options (`Game.record_options`): an option its mode never reads
    (`CARD_OPTION_MODES`), saved before such a value was refused, is dropped, since the game
    it holds was played without it; but only a value the option `takes` (one of a wrong type,
    `hand_limit: "garbage"`, is kept, for the config to refuse by name)."""
    mode = values.get("mode", "dice")
    return {key: value for key, value in values.items()
            if mode in CARD_OPTION_MODES.get(key, (mode,)) or not takes(key, value)}


def options_for_mode(values: dict[str, Any], mode: str) -> dict[str, Any]:
    """Rule options with `mode` set, for a comparison of modes: the Battle Cards' options
    given go to the modes that read them only, as the others refuse them
    (`refuse_unplayed_options`)."""
    return saved_options({**values, "mode": mode})


def show_deck(deck: Deck) -> str:
    mix = deck.mix()
    head = [
        f"{deck.name or deck.path}: {len(deck.cards)} cards"
        + (" (SAMPLE DATA, not the designer's cards)" if deck.sample else ""),
        f"mix: {mix_words(mix)}  (the text: {mix_words(TEXT_MIX)})",
    ]
    rows = [f"{'id':6} {'name':22} {'kind':15} {'attack':8} {'counter':8} hits misses "
            f"{'terrain':9} effect"]
    for c in deck.cards:
        effect = EFFECT_NAMES.get(c.effect or "", "")
        if c.special_event:
            effect += " (Special Event)"
        rows.append(f"{c.id:6} {c.name:22} {KIND_NAMES[c.kind]:15} {c.attack or '-':8} "
                    f"{c.counter or '-':8} {c.hits:4} {c.misses:6} {c.terrain:9} {effect}"
                    + (f" - {c.text}" if c.text else ""))
    return "\n".join(head + rows)

