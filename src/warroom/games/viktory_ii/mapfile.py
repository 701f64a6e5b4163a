"""A map as a data file: designers set up a map (and, if they like, a position on it), tests
pin one. YAML, validated with pydantic; every problem is one line naming the file and field.

```yaml
name: Small duel
players: 2                 # optional: the number of players the map is for
tiles: |4                  # one line per row, top to bottom; p g f m w, or ? for a tile
      w p p g w            # drawn from the bag when the hex is revealed
     ...
explored: false            # true: every fixed tile starts face up
starts: [A3, I3]           # optional: each player's starting hex (default: spread round the edge)
first: 0                   # optional: who moves first in each round of a set-up position
pieces:                    # optional: a position already set up (then there are no setup turns)
  - {hex: C3, owner: 0, settlement: town, capital: true, units: {infantry: 2}}
  - {hex: D4, owner: 1, units: {cavalry: 1}}
```
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...engine import DataError
from ...engine.data import (
    Name,
    Text,
    data_file,
    first_problem,
    parse_yaml,
    read_text,
    shipped_files,
    shown,
)
from .board import (
    LAND,
    MAX_RADIUS,
    TERRAIN_LETTERS,
    UNKNOWN,
    WATER,
    Board,
    board,
    start_area,
)
from .units import UNIT_NAMES, support

MAPS = Path(__file__).parent / "data" / "maps"


class _Strict(BaseModel):
    # strict, as the other data files are: `4.0`, `true` or `"2"` is no whole number (pydantic
    # would read `players: true` as 1) and `false` no owner
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class UnitsModel(_Strict):
    infantry: int = Field(0, ge=0, le=30)
    cavalry: int = Field(0, ge=0, le=30)
    artillery: int = Field(0, ge=0, le=30)
    frigate: int = Field(0, ge=0, le=30)

    def counts(self) -> tuple[int, int, int, int]:
        return (self.infantry, self.cavalry, self.artillery, self.frigate)


class PieceModel(_Strict):
    hex: str
    owner: int = Field(ge=0, le=7)
    settlement: Literal["none", "town", "city"] = "none"
    capital: bool = False
    units: UnitsModel = UnitsModel()


class MapModel(_Strict):
    # As a deck's or a scenario's: a name on one line of at most 60 characters, a description
    # of at most 2,000, neither with control characters (they are shown in the terminal).
    name: Name = ""
    description: Text = ""
    players: int | None = Field(None, ge=2, le=8)
    tiles: str
    explored: bool = False
    starts: list[str] | None = None
    first: int = Field(0, ge=0, le=7)
    pieces: list[PieceModel] = []

    @field_validator("tiles")
    @classmethod
    def _letters(cls, text: str) -> str:
        for ch in text.split():
            if len(ch) != 1 or ch not in TERRAIN_LETTERS + "?":
                raise ValueError(f"{ch!r} is not a tile: use p g f m w, or ? for a drawn tile")
        return text


@dataclass(frozen=True)
class Piece:
    hex: int
    owner: int
    settlement: int  # 0 none, 1 town, 2 city
    capital: bool
    units: tuple[int, int, int, int]


@dataclass(frozen=True)
class FixedMap:
    path: str
    name: str
    radius: int
    players: int | None
    tiles: bytes  # per hex: a terrain, or UNKNOWN for a tile drawn from the bag
    explored: bool
    starts: tuple[int, ...] | None
    first: int
    pieces: tuple[Piece, ...]


def map_path(name: str) -> Path:
    """A map given as a file path, or as the name of a bundled one."""
    return data_file(name, "map", shipped_files(MAPS))


def load_map(name: str) -> FixedMap:
    path = map_path(name)
    return _load(str(path), read_text(path))


@lru_cache(maxsize=32)
def _load(path: str, text: str) -> FixedMap:
    """Cached by the file's text, so that an edited file is read again."""
    data = parse_yaml(text, path)
    if not isinstance(data, dict):
        raise DataError("a map must be a mapping of fields (name, tiles, ...)", where=path)
    try:
        model = MapModel.model_validate(data)
    except ValidationError as exc:
        loc, msg = first_problem(exc, data)
        raise DataError(msg, where=f"{path}: field {loc}") from None
    try:
        return _settle(path, model)
    except ValueError as exc:
        raise DataError(str(exc), where=path) from None


def _settle(path: str, model: MapModel) -> FixedMap:
    rows = [line.split() for line in model.tiles.strip().splitlines() if line.strip()]
    if len(rows) % 2 == 0 or len(rows) < 5:
        raise ValueError(f"field tiles: {len(rows)} rows; a hexagonal map has an odd number "
                         "of rows, at least 5 (radius 2)")
    radius = len(rows) // 2
    if radius > MAX_RADIUS:  # the rows would run out of letters, and the `radius` option's
        raise ValueError(f"field tiles: {len(rows)} rows; a map has at most "
                         f"{2 * MAX_RADIUS + 1} (radius {MAX_RADIUS})")
    b = board(radius)
    for i, (row, hexes) in enumerate(zip(rows, b.rows)):
        if len(row) != len(hexes):
            raise ValueError(f"field tiles: row {i + 1} has {len(row)} hexes, expected "
                             f"{len(hexes)} on a map of {len(rows)} rows")
    tiles = bytes(UNKNOWN if ch == "?" else TERRAIN_LETTERS.index(ch)
                  for row in rows for ch in row)
    starts = None
    if model.starts is not None:
        starts = tuple(_hex(b, name, f"starts.{i}") for i, name in enumerate(model.starts))
        if len(set(starts)) != len(starts):
            raise ValueError("field starts: two players start on the same hex")
        check_starts(b, tiles, starts)
    pieces = tuple(_piece(b, tiles, p, f"pieces.{i}") for i, p in enumerate(model.pieces))
    fixed = FixedMap(path, model.name, radius, model.players, tiles, model.explored, starts,
                     model.first, pieces)
    _check_position(b, fixed)
    return fixed


def check_starts(b: Board, tiles: bytes, starts: Sequence[int], given: bool = True) -> None:
    """ValueError, naming field `starts`, when a player's five starting hexes hold neither
    land nor a tile drawn from the bag: its capital could go nowhere. Checked when a map is
    loaded (the starts it gives) and by the Config (the default starts of a map giving none,
    which depend on the player count); a random map's hexes are all drawn tiles."""
    for p, s in enumerate(starts):
        if not any(tiles[h] in LAND or tiles[h] == UNKNOWN for h in start_area(b, s)):
            field = f"starts.{p}" if given else "starts"
            default = "" if given else " (the default: the map gives no starts)"
            raise ValueError(f"field {field}: player {p}'s starting hexes around "
                             f"{b.names[s]}{default} hold no land and no drawn tile")


def _hex(b: Board, name: str, field: str) -> int:
    h = b.index.get(name.strip().upper())
    if h is None:
        last = b.names[-1]
        raise ValueError(f"field {field}: no hex {shown(name)} on this map (A1 to {last})")
    return h


def _piece(b: Board, tiles: bytes, p: PieceModel, field: str) -> Piece:
    h = _hex(b, p.hex, f"{field}.hex")
    units = p.units.counts()
    terrain = tiles[h]
    kind = {"none": 0, "town": 1, "city": 2}[p.settlement]
    if (kind or sum(units[:3])) and terrain not in LAND:
        raise ValueError(f"field {field}: towns, cities and land units need a land tile "
                         f"(p g f m) at {b.names[h]}")
    if units[3] and terrain != WATER:
        raise ValueError(f"field {field}.units.frigate: frigates need a water tile (w) at "
                         f"{b.names[h]}")
    if p.capital and not kind:
        raise ValueError(f"field {field}.capital: a capital is a town or a city")
    return Piece(h, p.owner, kind, p.capital, units)


def _check_position(b: Board, m: FixedMap) -> None:
    """Combinations the schema cannot express: one owner per hex, a capital each, units
    within what each player's towns and cities support."""
    if not m.pieces:
        if m.first:  # the setup turns' order decides: a `first` here would do nothing
            raise ValueError(f"field first: {m.first}, but only a set-up position (`pieces`) "
                             "has a first player")
        return
    owners: dict[int, int] = {}
    for i, p in enumerate(m.pieces):
        if owners.setdefault(p.hex, p.owner) != p.owner:
            raise ValueError(f"field pieces.{i}: {b.names[p.hex]} already holds another "
                             "player's pieces")
    players = 1 + max(p.owner for p in m.pieces)
    if m.players is not None and players > m.players:
        raise ValueError(f"field pieces: owner {players - 1} on a map for {m.players} players")
    count = m.players or players
    if m.first >= count:
        raise ValueError(f"field first: player {m.first} on a map for {count} players")
    for owner in range(count):
        capitals = [p for p in m.pieces if p.owner == owner and p.capital]
        if len(capitals) != 1:
            raise ValueError(f"field pieces: player {owner} needs exactly one capital in a "
                             f"set-up position, has {len(capitals)}")
    seen: set[int] = set()
    for i, p in enumerate(m.pieces):
        if p.settlement and p.hex in seen:
            raise ValueError(f"field pieces.{i}: two towns or cities on {b.names[p.hex]}")
        if p.settlement:
            seen.add(p.hex)
    for owner in range(count):
        mine = [p for p in m.pieces if p.owner == owner]
        for t, name in enumerate(UNIT_NAMES):
            have = sum(p.units[t] for p in mine)
            allowed = sum(support(p.settlement, m.tiles[p.hex])[t] for p in mine)
            if have > allowed:
                raise ValueError(f"field pieces: player {owner} has {have} {name} but its "
                                 f"towns and cities support {allowed}")


def parse_hex_name(b: Board, name: str) -> int:
    """A hex by name ("C4"); ValueError naming the map's range otherwise."""
    return _hex(b, name, "hex")


__all__ = ["FixedMap", "Piece", "check_starts", "load_map", "map_path", "parse_hex_name"]
