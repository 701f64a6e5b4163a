"""Rule options of Viktory II battles. Defaults follow the rule texts and RULINGS.md.

The battle itself comes from a scenario: a scenario file (`scenario=FILE` or the name of a
bundled one; by default the bundled `plains-town`), then any single field given as an option
(`defenders=2i1a`, `attackers=2i1c,1a@frigate`, `attacker_reserves=1i,0`, ...). Scenario
options left at None keep the scenario's value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal

from pydantic import Field

from ...engine import ConfigError, DataError, about_option
from ...engine.config import OptionValueError, check_options, option_text
from ...engine.data import FileName, displayable, shipped_files
from ..viktory_battles.cards import Deck, load_deck
from ..viktory_battles.options import (
    HAND_LIMIT,
    PREBATTLE_FIRE_EACH_WAVE,
    DeckFile,
    HandLimit,
    MaxRounds,
    Mode,
    load_battle_deck,
    make_resolver,
)
from ..viktory_battles.resolver import BattleResolver
from ..viktory_battles.units import Settlement, Terrain
from .scenario import (
    DEFAULT_SCENARIO,
    MAX_HAND,
    MAX_HOLDINGS,
    SCENARIOS,
    Battle,
    BattleProblem,
    ScenarioModel,
    Units,
    check_battle,
    empty_units,
    load_scenario,
    parse_reserve,
    parse_side,
    parse_units,
    scenario_battle,
    scenario_path,
)

# The same bounds as a scenario file's (scenario.py).
UnitsText = Annotated[str, Field(max_length=100)]
Holdings = Annotated[int, Field(ge=0, le=MAX_HOLDINGS)]
Hand = Annotated[int, Field(ge=0, le=MAX_HAND)]


@dataclass(frozen=True)
class Config:
    # dice: the base game's combat; cards: the Battle Cards replace the dice; hybrid: dice
    # combat, with the cards played only for their text ("only the special effect portion").
    mode: Mode = "dice"
    # A scenario file, or the name of a bundled one (data/scenarios); empty: plains-town.
    scenario: FileName | Literal[""] = ""
    # Battle Cards (cards and hybrid modes): a card file (refused with dice unless it holds
    # the default's cards); empty: the bundled sample deck.
    deck: DeckFile = ""
    # Scenario fields; scenario (or none) keeps the scenario's value.
    terrain: Literal["scenario", Terrain] = "scenario"
    settlement: Literal["scenario", Settlement] = "scenario"
    naval_support: bool | None = None
    # The defending units: counts and letters, each once, i infantry, c cavalry, a artillery
    # (2i1c1a); 0 for none, none (or left out) for the scenario's.
    defenders: UnitsText | None = None
    # The attacking units, one entry per hex side they attack across (2i1c,1a@frigate: the
    # second side's from a frigate; 0: a side whose units are all in reserve); none (or left
    # out) for the scenario's.
    attackers: tuple[UnitsText, ...] | None = None
    # The reserve in each hex side's source hex, one entry per hex side, e.g. 1i1a,0; 0
    # alone for none, none (or left out) for the scenario's.
    attacker_reserves: tuple[UnitsText, ...] | None = None
    # Defending units in adjacent hexes, which only a Reinforcements card draws in (1i1a); 0
    # for none, none (or left out) for the scenario's.
    defender_reserve: UnitsText | None = None
    # Attacking artillery and frigates bombarding from adjacent hexes (1a1f); 0 for none,
    # none (or left out) for the scenario's.
    bombard: UnitsText | None = None
    # Combat supply (that side's dice hit on 1-4, not 1-3); none keeps the scenario's value.
    attacker_supply: bool | None = None
    defender_supply: bool | None = None
    # Towns and cities held elsewhere on the map (a hand's size and draw limit); none keeps
    # the scenario's value.
    attacker_towns: Holdings | None = None
    attacker_cities: Holdings | None = None
    defender_towns: Holdings | None = None
    defender_cities: Holdings | None = None
    # Cards in hand at the start (cards and hybrid modes); none keeps the scenario's value.
    # It may exceed the max hand size, as a hand can during a turn (a card for each town or
    # city taken earlier, even at the limit of 10), or for a what-if study: the max applies
    # at the discard after the battle.
    attacker_hand: Hand | None = None
    defender_hand: Hand | None = None
    # Expansion rule "Artillery Characteristics": two dice per artillery for bombard and
    # pre-battle fire, and selective hits. The variant's battle sequence assumes it.
    artillery_characteristics: bool | None = None
    # Expansion rule: defending artillery fires Overwatch at units moving in.
    overwatch: bool | None = None
    # Battle Cards (cards and hybrid modes): the most cards a hand may keep, "the lesser of 10
    # cards, or the number of town/cities"; another value than 10 is refused with dice.
    hand_limit: HandLimit = HAND_LIMIT
    # Battle Cards (cards mode only): the artillery of every wave fires Pre-Battle Fire as it
    # launches ("they could conduct a Pre-Battle Attack in the process of launching a 2nd
    # attack wave"); false: each artillery fires it once, at the first launch it takes part
    # in (refused with dice and hybrid, which launch a single wave).
    prebattle_fire_each_wave: bool = PREBATTLE_FIRE_EACH_WAVE
    # A guard, not in the text: after this many dice rounds or card battle rounds the attacker
    # withdraws.
    max_rounds: MaxRounds = 100

    def __post_init__(self) -> None:
        check_options(self)
        # Derived values, not options: kept out of the dataclass fields (and of records).
        object.__setattr__(self, "_battle", self._resolve())
        deck = load_battle_deck(self)
        object.__setattr__(self, "_deck", deck)
        b = self.battle
        object.__setattr__(self, "_resolver", make_resolver(
            self, deck, b.artillery_characteristics, b.overwatch))

    @property
    def battle(self) -> Battle:
        """The scenario with every value settled."""
        return self.__dict__["_battle"]

    @property
    def resolver(self) -> BattleResolver:
        """The shared battle resolver, with this battle's expansion rules and round limit."""
        return self.__dict__["_resolver"]

    @property
    def deck_cards(self) -> Deck:
        """The Battle Cards (loaded in cards and hybrid modes; in dice mode only a deck
        with the default's cards is accepted, and none is played)."""
        deck = self.__dict__["_deck"]
        return deck if deck is not None else load_deck("")

    @property
    def cards(self) -> Deck | None:
        """The Battle Cards played (cards and hybrid modes; None in dice mode), as the map
        game's config names them (`viktory_battles.game.BattleCardsGame` reads either)."""
        return self.deck_cards if self.mode != "dice" else None

    def _resolve(self) -> Battle:
        with about_option("scenario"):
            scenario = load_scenario(self.scenario or DEFAULT_SCENARIO)
        # The scenario's battle (its file checked it: scenario.py), then the options' fields.
        base = scenario_battle(ScenarioModel.model_validate(scenario))
        sides, sources = base.sides, base.sources
        if self.attackers is not None:
            parsed = [parse_side(t, "attackers") for t in self.attackers]
            if not 1 <= len(parsed) <= 6:
                raise OptionValueError("option 'attackers' needs 1 to 6 hex sides", "attackers")
            sides = tuple(u for u, _ in parsed)
            sources = tuple(s for _, s in parsed)
        reserves = self._reserves(base.reserves, len(sides))
        bombard = base.bombard
        if self.bombard is not None:
            units = parse_units(self.bombard, "bombard")
            if units[0] or units[1]:
                raise OptionValueError("option 'bombard': only artillery (a) and frigates (f) "
                                       "bombard", "bombard")
            bombard = (units[2], units[3])
        battle = replace(
            base,
            terrain=base.terrain if self.terrain == "scenario" else self.terrain,
            settlement=base.settlement if self.settlement == "scenario" else self.settlement,
            naval_support=_pick(self.naval_support, base.naval_support),
            defender=(parse_units(self.defenders, "defenders") if self.defenders is not None
                      else base.defender),
            sides=sides,
            sources=sources,
            reserves=reserves,
            defender_reserve=(parse_reserve(self.defender_reserve, "defender_reserve")
                              if self.defender_reserve is not None
                              else base.defender_reserve),
            bombard=bombard,
            supply=(_pick(self.attacker_supply, base.supply[0]),
                    _pick(self.defender_supply, base.supply[1])),
            towns=(_pick(self.attacker_towns, base.towns[0]),
                   _pick(self.defender_towns, base.towns[1])),
            cities=(_pick(self.attacker_cities, base.cities[0]),
                    _pick(self.defender_cities, base.cities[1])),
            hands=(_pick(self.attacker_hand, base.hands[0]),
                   _pick(self.defender_hand, base.hands[1])),
            artillery_characteristics=_pick(self.artillery_characteristics,
                                            base.artillery_characteristics),
            overwatch=_pick(self.overwatch, base.overwatch),
        )
        try:
            check_battle(battle)
        except BattleProblem as exc:
            option = _field_option(exc.field)
            # The options given that change what check_battle checks: the option that sets the
            # field at fault when it is given, else those that changed the battle around it (a
            # naval scenario's terrain refuses the land reserves attacker_reserves gives).
            given = [name for name in _CHECKED_OPTIONS
                     if getattr(self, name) not in (None, "scenario")]
            at_fault = [option] if option in given else given
            if self.scenario:
                if not at_fault:
                    # the scenario file's own battle (its loader refuses one: scenario.py)
                    path = scenario_path(self.scenario)
                    raise DataError(exc.problem, "scenario",
                                    where=f"{path}: field {exc.field}") from None
                # The file is valid on its own: the options given do not fit it. Said of the
                # option, not of a shipped file that is fine.
                names = " and ".join(f"{name!r} ({option_text(getattr(self, name))})"
                                     for name in at_fault)
                plural = ("option", "does") if len(at_fault) == 1 else ("options", "do")
                field = "" if at_fault == [option] else f" (field {exc.field})"
                raise OptionValueError(f"{plural[0]} {names} {plural[1]} not fit "
                                       f"{self._scenario_words(base)}{field}: {exc.problem}",
                                       at_fault[0]) from None
            if option is None:
                raise ValueError(f"the battle the options make: {exc}") from None
            raise OptionValueError(f"option {option!r} ({exc.field} of the battle the options "
                                   f"make): {exc.problem}", option) from None
        return battle

    def _scenario_words(self, base: Battle) -> str:
        """The scenario option's file in an option's error: a shipped one by the name given
        ("scenario 'naval'"), another by its `name:`, never by its path (the lobby's copy of
        an upload is in a private folder, and this error is no DataError the server renames)."""
        if self.scenario in shipped_files(SCENARIOS):
            return f"scenario {self.scenario!r}"
        named = f" ({displayable(base.name)})" if base.name else ""
        return f"the scenario file given{named}"

    def _reserves(self, scenario: tuple[Units, ...], sides: int) -> tuple[Units, ...]:
        """One reserve per hex side: the option's, else the scenario's (empty reserves follow
        an `attackers` option that changes the number of hex sides)."""
        if self.attacker_reserves is not None:
            given = [parse_reserve(t, "attacker_reserves") for t in self.attacker_reserves]
            if not any(sum(r) for r in given) and len(given) <= 1:  # "0": no reserves
                return tuple((0, 0, 0, 0) for _ in range(sides))
            if len(given) != sides:
                raise OptionValueError(f"option 'attacker_reserves' needs one entry per hex "
                                       f"side ({sides}), got {len(given)}", "attacker_reserves")
            return tuple(given)
        if len(scenario) != sides:
            if any(sum(r) for r in scenario):
                # 'attackers' is the option given: 'attacker_reserves' is the one missing
                raise OptionValueError("option 'attackers' changes the number of hex sides: "
                                       "give 'attacker_reserves' too (one entry per hex side)",
                                       "attackers")
            return tuple((0, 0, 0, 0) for _ in range(sides))
        return scenario


def _pick(option: Any, default: Any) -> Any:
    return default if option is None else option


# The options that give units as text (`parse_units`, `parse_side`).
UNIT_OPTIONS = ("defenders", "attackers", "attacker_reserves", "defender_reserve", "bombard")


def refuse_empty_units(values: Mapping[str, Any]) -> None:
    """Refuse a unit option given an empty value (`--set defenders=`), as options are given
    as text: the engine reads an empty value as none, which keeps the scenario's units, and
    a user asking for no defenders got the scenario's garrison without a word."""
    for name in UNIT_OPTIONS:
        raw = values.get(name)
        if isinstance(raw, str) and not raw.strip():
            raise ConfigError(empty_units(name), option=name)


# The options that change what `check_battle` checks (scenario.py), in field order.
_CHECKED_OPTIONS = ("terrain", "settlement", "naval_support", "defenders", "attackers",
                    "attacker_reserves", "defender_reserve", "bombard")

# The battle's fields the options set, by the option that sets them: a battle made from the
# options (no scenario file) is refused naming the option, not a file's field.
_FIELD_OPTIONS = (("attacker.sides", "attackers"), ("defender.units", "defenders"),
                  ("terrain", "terrain"), ("settlement", "settlement"))


def _field_option(field: str) -> str | None:
    """The option that sets a battle's `field` ('attacker.sides.1': attackers)."""
    for prefix, option in _FIELD_OPTIONS:
        if field == prefix or field.startswith(prefix + "."):
            return option
    return None
