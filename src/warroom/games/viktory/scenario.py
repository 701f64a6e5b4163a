"""The battle a game fights: a YAML scenario file, overridden by single `--set` options.

A scenario names the battle hex (terrain, town or city, naval support), the defender's units,
the attacker's units by the hex side they enter from (and whether that side's source hex is a
friendly frigate), each hex side's reserve (units in its source hex not yet committed, which a
later launch may bring), the defender's reserve (units in adjacent hexes, which only a card
event draws into the battle), the attacker's bombarding units in adjacent hexes, each side's
combat supply, the towns and cities each side holds elsewhere (they give hand size and draw
limit) and each side's hand, and the expansion options (artillery characteristics, overwatch).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from ...engine import DataError
from ...engine.config import OptionValueError
from ...engine.data import Text, data_file, first_problem, one_line, read_yaml, shipped_files, shown
from ..viktory_battles.units import FRIG, MAX_HAND, Settlement, Terrain, Units

DATA = Path(__file__).parent / "data"
SCENARIOS = DATA / "scenarios"

UNIT_CODES = {"i": 0, "c": 1, "a": 2, "f": FRIG}  # infantry, cavalry, artillery, frigate

# Bounds that keep a battle playable: units of one kind in one place, towns or cities held
# elsewhere (cards in a hand: MAX_HAND, shared with the battle actions).
MAX_UNITS = 30
MAX_HOLDINGS = 50


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class UnitsModel(_Strict):
    infantry: int = Field(0, ge=0, le=MAX_UNITS)
    cavalry: int = Field(0, ge=0, le=MAX_UNITS)
    artillery: int = Field(0, ge=0, le=MAX_UNITS)
    frigate: int = Field(0, ge=0, le=MAX_UNITS)

    def counts(self) -> Units:
        return (self.infantry, self.cavalry, self.artillery, self.frigate)


class ReserveModel(_Strict):
    """Land units held back: they join the battle only when brought or drawn in."""

    infantry: int = Field(0, ge=0, le=MAX_UNITS)
    cavalry: int = Field(0, ge=0, le=MAX_UNITS)
    artillery: int = Field(0, ge=0, le=MAX_UNITS)

    def counts(self) -> Units:
        return (self.infantry, self.cavalry, self.artillery, 0)


class SideModel(UnitsModel):
    # The source hex: land, or a water hex with a friendly frigate the units may fall back onto.
    source: Literal["land", "frigate"] = "land"
    # Units in the source hex not yet committed: a launch may bring them.
    reserve: ReserveModel = ReserveModel()


class BombardModel(_Strict):
    artillery: int = Field(0, ge=0, le=MAX_UNITS)
    frigate: int = Field(0, ge=0, le=MAX_UNITS)


class HoldingsModel(_Strict):
    supply: bool = False
    towns: int = Field(0, ge=0, le=MAX_HOLDINGS)
    cities: int = Field(0, ge=0, le=MAX_HOLDINGS)
    hand: int | None = Field(None, ge=0, le=MAX_HAND)


class AttackerModel(HoldingsModel):
    sides: list[SideModel] = Field(min_length=1, max_length=6)
    bombard: BombardModel = BombardModel()


class DefenderModel(HoldingsModel):
    units: UnitsModel = UnitsModel()
    # Units in adjacent hexes: only a card event (Reinforcements) draws them into the battle.
    reserve: ReserveModel = ReserveModel()


class ScenarioModel(_Strict):
    name: Annotated[str, Field(max_length=60), AfterValidator(one_line)] = ""
    description: Text = ""
    terrain: Terrain = "plains"
    settlement: Settlement = "none"
    naval_support: bool = False
    # The expansion rules the variant's battle sequence assumes (Artillery Characteristics,
    # with Overwatch): on unless a scenario turns them off.
    artillery_characteristics: bool = True
    overwatch: bool = True
    attacker: AttackerModel
    defender: DefenderModel


@dataclass(frozen=True)
class Battle:
    """A validated scenario with every value settled."""

    name: str
    terrain: str
    settlement: str
    naval_support: bool
    defender: Units
    sides: tuple[Units, ...]  # the attacker's units by hex side entered from (side 1, 2, ...)
    sources: tuple[str, ...]  # "land" or "frigate", one per side
    reserves: tuple[Units, ...]  # per side: units in its source hex not yet committed
    defender_reserve: Units  # defending units in adjacent hexes
    bombard: tuple[int, int]  # attacking artillery and frigates bombarding from adjacent hexes
    supply: tuple[bool, bool]  # (attacker, defender)
    towns: tuple[int, int]  # held elsewhere on the map; the battle hex's own is added in play
    cities: tuple[int, int]
    hands: tuple[int | None, int | None]  # None: the max hand size
    artillery_characteristics: bool
    overwatch: bool

    @property
    def naval(self) -> bool:
        return self.terrain == "water"


def scenario_battle(model: ScenarioModel) -> Battle:
    """The battle a scenario makes with no option changing it (not yet `check_battle`ed)."""
    att, dfn = model.attacker, model.defender
    return Battle(
        name=model.name,
        terrain=model.terrain,
        settlement=model.settlement,
        naval_support=model.naval_support,
        defender=dfn.units.counts(),
        sides=tuple(s.counts() for s in att.sides),
        sources=tuple(s.source for s in att.sides),
        reserves=tuple(s.reserve.counts() for s in att.sides),
        defender_reserve=dfn.reserve.counts(),
        bombard=(att.bombard.artillery, att.bombard.frigate),
        supply=(att.supply, dfn.supply),
        towns=(att.towns, dfn.towns),
        cities=(att.cities, dfn.cities),
        hands=(att.hand, dfn.hand),
        artillery_characteristics=model.artillery_characteristics,
        overwatch=model.overwatch,
    )


DEFAULT_SCENARIO = "plains-town"  # the battle fought when no scenario is given


def scenario_path(name: str) -> Path:
    """A scenario given as a file path, or as the name of a bundled sample (`forest-town`)."""
    return data_file(name, "scenario", shipped_files(SCENARIOS))


@lru_cache(maxsize=64)
def _load_scenario(path: str, mtime: float) -> dict[str, Any]:
    data = read_yaml(Path(path))
    if not isinstance(data, dict):
        raise DataError("a scenario must be a mapping of fields", where=path)
    try:
        model = ScenarioModel.model_validate(data)
    except ValidationError as exc:
        loc, msg = first_problem(exc, data)
        raise DataError(msg, where=f"{path}: field {loc}") from None
    # The battle the file makes on its own, refused here as the schema's problems are: every
    # reader of a scenario file (the command line, an upload's check, a game the lobby makes)
    # refuses it alike. The options a game is given may change it: Config checks that battle.
    try:
        check_battle(scenario_battle(model))
    except BattleProblem as exc:
        raise DataError(exc.problem, where=f"{path}: field {exc.field}") from None
    return model.model_dump()


def load_scenario(name: str) -> dict[str, Any]:
    path = scenario_path(name)
    return _load_scenario(str(path), os.path.getmtime(path))


_SIDE = re.compile(r"^((?:\d+[icaf])+|0)(@(?:land|frigate))?$")


def empty_units(option: str) -> str:
    """What is wrong with an empty unit option (`--set defenders=`): the command line reads an
    empty value as unset, which kept the scenario's units where none were meant."""
    write = ("give each hex side's units (2i1c,1a@frigate)" if option == "attackers"
             else "write 0 for no units")
    return f"option {option!r} is empty: {write}, or leave it out to keep the scenario's"


def parse_units(text: str, option: str) -> Units:
    """'2i1c1a' -> (2, 1, 1, 0): counts followed by i(nfantry), c(avalry), a(rtillery),
    f(rigate), each letter once. '0' is no units; an empty text is refused (`empty_units`)."""
    text = text.strip().lower()
    counts = [0, 0, 0, 0]
    if not text:
        raise OptionValueError(empty_units(option), option)
    if text in ("0", "none"):
        return (0, 0, 0, 0)
    if not re.fullmatch(r"(\d+[icaf])+", text):
        raise OptionValueError(f"option {option!r}: {shown(text)} must look like 2i1c1a "
                               "(counts of i=infantry, c=cavalry, a=artillery, f=frigate)",
                               option)
    codes = re.findall(r"(\d+)([icaf])", text)
    letters = [code for _, code in codes]
    twice = next((code for code in letters if letters.count(code) > 1), None)
    if twice:  # 2i3i is more likely a typo than 5 infantry
        raise OptionValueError(f"option {option!r}: {shown(text)} gives {twice!r} twice; "
                               "write each unit letter once (2i1c1a)", option)
    for n, code in codes:
        counts[UNIT_CODES[code]] = int(n)
    if max(counts) > MAX_UNITS:
        raise OptionValueError(f"option {option!r}: at most {MAX_UNITS} units of a kind, "
                               f"got {shown(text)}", option)
    return (counts[0], counts[1], counts[2], counts[3])


def parse_reserve(text: str, option: str) -> Units:
    """'1i1a' -> (1, 0, 1, 0): land units only; '0' is none."""
    units = parse_units(text, option)
    if units[FRIG]:
        raise OptionValueError(f"option {option!r}: a reserve holds land units only "
                               "(i, c, a)", option)
    return units


def parse_side(text: str, option: str) -> tuple[Units, str]:
    """'2i1c' or '1i1c@frigate' -> (units, source); '0': a hex side whose units are all in
    reserve."""
    match = _SIDE.match(text.strip().lower())
    if not match:
        raise OptionValueError(f"option {option!r}: hex side {shown(text)} must look like "
                               "2i1c, 1i1c@frigate or 0", option)
    source = (match.group(2) or "@land")[1:]
    return parse_units(match.group(1), option), source


class BattleProblem(ValueError):
    """A battle `check_battle` refuses: the field at fault (a scenario's: 'attacker.sides.1')
    and what is wrong there; its text "FIELD: PROBLEM"."""

    def __init__(self, field: str, problem: str):
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


def check_battle(b: Battle) -> None:
    """Combinations a YAML schema cannot express. Raises a BattleProblem naming the field."""
    land = sum(sum(s[:3]) for s in b.sides) + sum(b.defender[:3])
    frigates = sum(s[FRIG] for s in b.sides) + b.defender[FRIG]
    if not any(sum(s) for s in b.sides):
        raise BattleProblem("attacker.sides", "the attacker needs at least one unit committed "
                            "in the first wave")
    for i, (s, r) in enumerate(zip(b.sides, b.reserves)):
        if not sum(s) and not sum(r):
            raise BattleProblem(f"attacker.sides.{i}", "a hex side with no units, committed "
                                "or in reserve")
    if b.naval:
        if any(sum(r) for r in b.reserves) or sum(b.defender_reserve):
            raise BattleProblem("terrain", "a naval battle (water) has no land reserves")
        if land:
            raise BattleProblem("terrain", "a naval battle (water) has frigates only")
        if b.settlement != "none":
            raise BattleProblem("settlement", "a water hex has no town or city")
        if b.naval_support or b.bombard != (0, 0):
            raise BattleProblem("terrain", "no naval support or bombard in a naval battle")
        if not b.defender[FRIG]:
            raise BattleProblem("defender.units", "a naval battle needs defending frigates")
    else:
        if frigates:
            raise BattleProblem("terrain", "frigates fight only in water hexes; use "
                                "naval_support or attacker.bombard.frigate")
        if not sum(b.defender) and b.settlement == "none":
            raise BattleProblem("defender.units", "an empty hex without a town or city is no "
                                "battle")
    for i, (s, r, src) in enumerate(zip(b.sides, b.reserves, b.sources)):
        if src == "frigate" and sum(s) + sum(r) > 3:
            raise BattleProblem(f"attacker.sides.{i}.source", "a frigate carries at most 3 "
                                "units")
