"""Rule options of Viktory II. Defaults follow VIKTORY-II.md and its rulings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from ...engine import DataError, about_option
from ...engine.config import OptionValueError, check_options
from ...engine.data import FileName, counted, shown
from ..viktory_battles.cards import Deck
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
from .board import (
    LAND,
    MAX_RADIUS,
    RADIUS_BY_PLAYERS,
    UNKNOWN,
    Board,
    board,
    start_area,
    start_hexes,
    tile_counts,
)
from .mapfile import FixedMap, check_starts, load_map

MAX_WEIGHT = 100  # a weight of the tile bag's mix
# Every game ends: a real game takes far fewer rounds, and random play could go on for ever.
MAX_ROUNDS = 80


@dataclass(frozen=True)
class Config:
    players: Annotated[int, Field(ge=2, le=8)] = 2  # Players at the table, 2 to 8.
    # dice: the base game's battles; cards: the Battle Cards replace the dice, with the
    # variant's turn sequence; hybrid: dice battles, and the cards for their text.
    mode: Mode = "dice"
    # A map file, or the name of a bundled one (data/maps); empty: a random map.
    map: FileName | Literal[""] = ""
    # The map's radius (hexes to a side - 1); 0: the publisher's size for the player count.
    # Else from 2 to 10 with 2 or 3 players, 3 to 10 with 4 to 6, 5 to 10 with 7, 6 to 10
    # with 8 (a smaller map has no room for every starting hex); with a map file, 0 or its
    # radius.
    radius: Annotated[int, Field(ge=0, le=MAX_RADIUS, json_schema_extra={
        "allowed": f"0, or from 2 to {MAX_RADIUS}"})] = 0
    # The tile bag's mix: weights of plains, grassland, forest, mountain, water.
    mix: Annotated[tuple[Annotated[int, Field(ge=0, le=MAX_WEIGHT)], ...],
                   Field(min_length=5, max_length=5)] = (1, 1, 1, 1, 2)
    # choose: the revealing player puts each drawn tile on a revealed hex; random: at random.
    place: Literal["choose", "random"] = "choose"
    # Dark: players see only what their units, towns and cities see.
    dark: bool = False
    # Independent exploration: each player explores the map on its own.
    independent: bool = False
    # Capitals to control to win, from 2 to the players; 0: every capital on the map
    # (standard conquest). Never 1: every player controls one capital from the start.
    capitals: Annotated[int, Field(ge=0, le=8, json_schema_extra={
        "allowed": "0, or from 2 to 8"})] = 0
    # Full rounds after which the game ends (most capitals, cities, towns win).
    turn_limit: Annotated[int, Field(ge=1, le=MAX_ROUNDS)] = 60
    # Battle Cards (cards and hybrid modes): a card file (refused with dice unless it holds
    # the default's cards); empty: the bundled sample deck.
    deck: DeckFile = ""
    # Battle Cards (cards and hybrid modes): the most cards a hand may keep, the lesser of
    # this and the towns and cities held; another value than 10 is refused with dice.
    hand_limit: HandLimit = HAND_LIMIT
    # Expansion rule "Artillery Characteristics": two dice (or cards) per artillery for
    # bombard, pre-battle fire and Overwatch, with selective hits.
    artillery_characteristics: bool = True
    # Expansion rule: defending artillery fires Overwatch, once per enemy turn, at units moving
    # into a battle against it or next to it.
    overwatch: bool = True
    # Battle Cards (cards mode only): the artillery of every wave fires Pre-Battle Fire as it
    # launches; false: each artillery fires it once, at the first launch it takes part in
    # (refused with dice and hybrid, which launch a single wave).
    prebattle_fire_each_wave: bool = PREBATTLE_FIRE_EACH_WAVE
    # A guard, not in the text: after this many dice rounds or card battle rounds of one
    # battle the attacker withdraws.
    max_rounds: MaxRounds = 30

    def __post_init__(self) -> None:
        check_options(self)
        if self.radius == 1:
            raise OptionValueError(f"option 'radius' must be from 2 to {MAX_RADIUS} (or 0: by "
                                   f"player count), got {self.radius}", "radius")
        if not sum(self.mix[:4]):
            raise OptionValueError("option 'mix' needs at least one land weight above 0 "
                                   "(plains, grassland, forest, mountain, water)", "mix")
        if self.capitals == 1 or self.capitals > self.players:
            why = (": every player controls one capital from the start" if self.capitals == 1
                   else "")
            allowed = "2" if self.players == 2 else f"from 2 to {self.players}"
            raise OptionValueError(f"option 'capitals' must be 0 (every capital) or {allowed}, "
                                   f"got {self.capitals}{why}", "capitals")
        with about_option("map"):
            fixed = load_map(self.map) if self.map else None
        if fixed is not None:
            self._check_map(fixed)
        radius = fixed.radius if fixed is not None else (
            self.radius or RADIUS_BY_PLAYERS[self.players])
        b = board(radius)
        starts = fixed.starts if fixed is not None and fixed.starts else None
        if starts is None:
            starts = tuple(start_hexes(b, self.players))
            areas = [set(start_area(b, s)) for s in starts]
            if any(areas[i] & areas[j] for i in range(len(areas))
                   for j in range(i + 1, len(areas))):
                raise OptionValueError(f"option 'radius': a map of radius {radius} is too "
                                       f"small for {self.players} players' starting hexes",
                                       "radius")
            if fixed is not None:  # the map's own starts are checked when it is loaded
                try:
                    check_starts(b, fixed.tiles, starts, given=False)
                except ValueError as exc:
                    raise DataError(str(exc), "map", where=self._map_named()) from None
        if fixed is None or not fixed.pieces:
            self._check_mix(b, fixed, starts)
        # Derived values, not options: kept out of the dataclass fields (and of records).
        object.__setattr__(self, "_fixed", fixed)
        object.__setattr__(self, "_radius", radius)
        object.__setattr__(self, "_starts", tuple(starts))
        deck = load_battle_deck(self)
        object.__setattr__(self, "_deck", deck)
        object.__setattr__(self, "_resolver", make_resolver(
            self, deck, self.artillery_characteristics, self.overwatch))

    def _check_mix(self, b: Board, fixed: FixedMap | None, starts: tuple[int, ...] | list[int]
                   ) -> None:
        """The bag must hold land for the setup turns: on a random map two land tiles a
        player (its capital's, its second town's), on a map file one for each player's
        starting hexes that have no land of their own. The setup turns keep one in the bag for
        each turn to come (state.py `_keep_land_for_starts`), so no player is left without a
        site for its capital; the second tile a player leaves room for what a determinisation
        may put on land."""
        if fixed is None:
            size, need = b.size, 2 * len(starts)
        else:
            size = sum(1 for t in fixed.tiles if t == UNKNOWN)
            need = sum(1 for s in starts
                       if not any(fixed.tiles[h] in LAND for h in start_area(b, s)))
        if not need:
            return
        land = sum(tile_counts(size, self.mix)[:4])
        if land >= need:
            return
        water = max(w for w in range(self.mix[4] + 1)
                    if sum(tile_counts(size, (*self.mix[:4], w))[:4]) >= need)
        raise OptionValueError(f"option 'mix' puts {land} land tile{'s' * (land != 1)} in the "
                               f"bag of {size}; the setup turns need {need} (with these land "
                               f"weights, a water weight of at most {water})", "mix")

    def _map_named(self) -> str:
        """The map as the user named it, for an error about it with these options: a file of
        the user's by its path, a shipped map by its name ("map 'duel'": its file is in the
        install, whose path a server's client must never be told)."""
        return self.map if Path(self.map).is_file() else f"map {shown(self.map)}"

    def _check_map(self, fixed: FixedMap) -> None:
        """A map file that does not fit the other options: the error names the option to
        change, `players` (a map is made for a number of players; the lobby shows the error
        at the player count, which the user set) or `radius`."""
        where = self._map_named()
        if fixed.players is not None and fixed.players != self.players:
            raise DataError(f"the map is for {fixed.players} players; set "
                            f"players={fixed.players}", "players", where=where)
        if self.radius and self.radius != fixed.radius:
            raise DataError(f"the map has radius {fixed.radius}; option 'radius' "
                            f"is {self.radius}", "radius", where=where)
        if fixed.starts is not None and len(fixed.starts) != self.players:
            raise DataError(f"field starts gives {counted(len(fixed.starts), 'hex', 'hexes')} "
                            f"for {self.players} players", "players", where=where)
        if fixed.pieces and 1 + max(p.owner for p in fixed.pieces) != self.players:
            raise DataError(f"field pieces: a set-up position for "
                            f"{1 + max(p.owner for p in fixed.pieces)} players, not "
                            f"{self.players}", "players", where=where)

    @property
    def fixed_map(self) -> FixedMap | None:
        return self.__dict__["_fixed"]

    @property
    def map_radius(self) -> int:
        return self.__dict__["_radius"]

    @property
    def starts(self) -> tuple[int, ...]:
        return self.__dict__["_starts"]

    @property
    def resolver(self) -> BattleResolver:
        """The shared battle resolver with this game's battle options."""
        return self.__dict__["_resolver"]

    @property
    def cards(self) -> Deck | None:
        """The Battle Cards (cards and hybrid modes)."""
        return self.__dict__["_deck"] if self.mode != "dice" else None
