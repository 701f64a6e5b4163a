"""Viktory II, the map game (VIKTORY-II.md), with the Battle Cards variant's turn sequence.

The state is a handful of per-hex arrays (terrain, towns and cities, who occupies a hex) and
parallel lists of units (owner, type, hex, movement left, status, carrier, target, flags);
hexes are ints (board.py). Explored hexes are one bitmask per player. Everything a decision
needs is read from these; `clone` copies flat lists.

The rules are a line of classes: the engine's State, ViewRules (view.py), MovementRules
(movement.py, which declares the state's fields), PlacementRules (placement.py), and this
one. The last three are compiled with mypyc where built (warroom.native), so their fields
carry types and the classes inherit in one line.

A turn: move and battle (movement.py), build, reserves, then in card modes discard and draw.
Decisions that interrupt (placing revealed tiles, a card or unit lost with a town, a battle's
own decisions) are taken first. Battles go through the seam of the shared resolver
(`viktory_battles`): the state builds a request, hosts the session (its dice come from the
state's generator, its events go into the state's log) and applies the result.
"""

from __future__ import annotations

import random
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ...engine import Outcome
from ...engine.core import SPECTATORS
from ..viktory_battles.hand import draw_limit, end_of_turn_draw, max_hand, may_redraw
from ..viktory_battles.resolver import discard_card
from ..viktory_battles.seam import (
    AttackSide,
    BattleKind,
    BattleRequest,
    BattleResult,
    Bombardment,
    CardPool,
    DefenderReserve,
)
from .actions import (
    DONE_DISBAND,
    DONE_MOVE,
    DONE_SECOND_TOWN,
    BuildTown,
    Disband,
    Discard,
    Done,
    Draw,
    PlaceCapital,
    PlaceReserve,
    PlaceTile,
    Withdraw,
)
from .board import (
    LAND,
    TERRAINS,
    UNKNOWN,
    WATER,
    board,
    mask_hexes,
    may_build_second_town,
    start_area,
    tile_counts,
)
from .config import Config
from .movement import (
    ATTACKING,
    CARGO,
    DONE,
    FREE,
    FRESH,
    PLACED,
    REGROUP,
    map_actions,
)
from .placement import PlacementRules
from .units import (
    ART,
    CAV,
    CITY,
    CITY_SUPPORT,
    FRIG,
    INF,
    NOBODY,
    SETTLEMENT_NAMES,
    TOWN,
    TOWN_SUPPORT,
    UNIT_NAMES,
    support,
    units_text,
)

ANY_KIND: Final = -1  # a disband decision on a hidden map: of whichever kind is beyond support
DRAW_NONE: Final = Draw(0)  # the end-of-turn draw with nothing to choose (`advance`)
# The most units a town, or a city on any terrain, supports: what losing one may leave to
# disband (VIKTORY-II.md, "Unit support").
MOST_SUPPORTED = {TOWN: sum(TOWN_SUPPORT), CITY: max(sum(u) for u in CITY_SUPPORT.values())}


# Who holds what, from the map's own containers (the state's methods below, and the
# encoding's map part, which reads the containers and not the state).
def holds_capital(capital: list[int], sowner: bytearray, p: int) -> bool:
    c = capital[p]
    return c >= 0 and sowner[c] == p


def capitals_held(capital: list[int], sowner: bytearray, p: int) -> int:
    return sum(1 for c in capital if c >= 0 and sowner[c] == p)


def count_settlements(settled: list[int], settle: bytearray, sowner: bytearray,
                      p: int) -> tuple[int, int]:
    """p's towns and cities."""
    towns = cities = 0
    for h in settled:
        if sowner[h] == p:
            if settle[h] == CITY:
                cities += 1
            else:
                towns += 1
    return towns, cities


# Compiled with mypyc where built (warroom.native), with the rules of placement.py and
# movement.py it inherits. `allow_interpreted_subclasses` keeps Python's `__new__` (no
# `__init__`, as `clone` needs it) and pickling.
@mypyc_attr(allow_interpreted_subclasses=True)
class ViktoryIIState(PlacementRules):
    def __init__(self, config: Config, seed: int):
        super().__init__(config.players, random.Random(seed))
        self.config = config
        b = self.board = board(config.map_radius)
        n = b.size
        players = config.players
        deck = config.cards
        self.cards = deck.by_id() if deck is not None else {}
        self.resolver = config.resolver
        self.acts = map_actions(b.radius)
        self.neighbours, self.names, self.distance = b.neighbours, b.names, b.distance
        self.near1 = b.balls[1]
        self.hidden_map = config.dark or config.independent
        # The map
        self.terrain = bytearray([UNKNOWN]) * n
        self.drawn = 0  # bitmask: hexes whose tile came from the bag
        self.water = 0  # bitmask: hexes with a water tile on them
        self.explored = [0] * players
        self.bag: list[int] = []
        self.settle = bytearray(n)  # 0 none, 1 town, 2 city
        self.sowner = bytearray([NOBODY]) * n
        self.settled: list[int] = []  # hexes with a town or city, in order
        self.capital = [-1] * players  # each player's capital hex
        self.occ_owner = [-1] * n  # whose units stand in the hex (not counting attackers)
        self.occ_n = [0] * n
        # Units: parallel lists indexed by unit id; a FREE slot is reused.
        self.uo: list[int] = []  # owner
        self.ut: list[int] = []  # type
        self.uh: list[int] = []  # hex (an attacker's: its source hex)
        self.um: list[int] = []  # movement points left
        self.us: list[int] = []  # status
        self.uc: list[int] = []  # the frigate carrying it, or -1
        self.ug: list[int] = []  # the hex it attacks
        self.uf: list[int] = []  # flags
        self.supported = [[0, 0, 0, 0] for _ in range(players)]
        self.onboard = [[0, 0, 0, 0] for _ in range(players)]
        # The turn
        self.round = 0  # 0: the setup turns
        self.player = 0
        self.phase = "setup"
        self.active = -1
        self.easy = 0
        self.pennants = 0
        self.battles: list[int] = []
        self.bombards: dict[int, list[int]] = {}
        self.placed: dict[int, list[int]] = {}
        self.built = 0
        self.upgraded = False
        self.reserve_battle = False
        self.overwatch_fired: dict[int, int] = {}
        self.reveal_pending = None  # [player, hexes, tiles]
        self.queue: list[list[Any]] = []  # interrupting decisions: [kind, player, data]
        self.session = None  # a battle being fought
        self.session_request = None  # its BattleRequest
        # The battle's hex and the units in it that are not attacking from a hex side: the
        # bombarding units, or the unit Overwatch fires at.
        self.battle_units: tuple[int, list[int]] = (-1, [])
        # Overwatch outside a battle: the artillery hex that fires, and the defenders not yet
        # asked about the unit that moved.
        self.overwatch_from = -1
        self.discarding: list[int] = []  # players still to discard down at the turn's end
        self.redraws = 0
        self.pool = None  # the CardPool in card modes
        self.memory: list[dict[int, tuple[int, int, int]]] = [{} for _ in range(players)]
        self.out = [False] * players
        self.result: Outcome | None = None
        self.turns_taken = 0
        self.captures = 0
        self.battles_fought = 0
        # Battles with fewer units on one side at the start, and those that side won.
        self.underdog_battles = 0
        self.underdog_wins = 0
        # The log window of observations: events visible to each player (and to spectators,
        # the last entry) so far, and for each player the spectators' events it did not see;
        # and for each viewer where its previous and its current turn began (a spectator's:
        # anybody's turn), as (log index, events it saw before, what every viewer had seen
        # then, how many of the spectators' events each player had not: a determinisation's
        # log is cut to what one player and spectators saw).
        self.seen_counts = [0] * (players + 1)
        self.spectator_only_counts = [0] * players
        self.n_events = 0  # every event so far (the log's length, whether written or not)
        start = (0, 0, (0,) * (players + 1), (0,) * players)
        self.marks = [[start, start] for _ in range(players + 1)]
        self._setup_map()
        if deck is not None:
            ids = [c.id for c in deck.cards]
            self.rng.shuffle(ids)
            self.pool = CardPool(ids, [], [[] for _ in range(players)])
        self.event("game", players=players, mode=config.mode, radius=b.radius,
                   map=config.fixed_map.name if config.fixed_map else "random")
        fixed = config.fixed_map
        if fixed is not None and fixed.pieces:
            self._set_up_position()
        else:
            self._begin_setup_turn(0)
        self.advance()
        if config.dark:
            self.remember()

    # --- building the map -----------------------------------------------------------------
    def _setup_map(self) -> None:
        config = self.config
        fixed = config.fixed_map
        n = self.board.size
        if fixed is None:
            counts = tile_counts(n, config.mix)
        else:
            self.terrain[:] = fixed.tiles
            self.water = sum(1 << h for h in range(n) if fixed.tiles[h] == WATER)
            counts = tile_counts(sum(1 for t in fixed.tiles if t == UNKNOWN), config.mix)
            if fixed.explored:
                known = sum(1 << h for h in range(n) if fixed.tiles[h] != UNKNOWN)
                self.explored = [known] * config.players
            # Starting hexes with no land and no drawn tile: refused with the map (mapfile's
            # `check_starts`, when it is loaded and by the Config), before any game begins.
        self.bag = [t for t, k in enumerate(counts) for _ in range(k)]
        self.rng.shuffle(self.bag)

    def _set_up_position(self) -> None:
        """A map file's position: its pieces stand, the setup turns are over."""
        fixed = self.config.fixed_map
        assert fixed is not None
        for piece in fixed.pieces:
            h, p = piece.hex, piece.owner
            if piece.settlement:
                self.found(p, h, piece.settlement, capital=piece.capital, reveal=False)
            for t, k in enumerate(piece.units):
                for _ in range(k):
                    self.add_unit(p, t, h, DONE)
        for piece in fixed.pieces:
            k = 2 if piece.settlement == CITY else 1
            self.reveal(piece.owner, self.board.balls[k][piece.hex], automatic=True)
        self.round = 1
        self.player = fixed.first
        self.begin_turn(fixed.first)

    # --- units and occupancy ----------------------------------------------------------------
    def occ_add(self, h: int, p: int, k: int) -> None:
        self.occ_n[h] += k
        self.occ_owner[h] = p

    def occ_sub(self, h: int, k: int) -> None:
        self.occ_n[h] -= k
        if not self.occ_n[h]:
            self.occ_owner[h] = -1

    def add_unit(self, p: int, t: int, h: int, status: int) -> int:
        try:
            u = self.us.index(FREE)
        except ValueError:
            u = len(self.uo)
            for arr in (self.uo, self.ut, self.uh, self.um, self.us, self.uc, self.ug, self.uf):
                arr.append(0)
        self.uo[u], self.ut[u], self.uh[u], self.um[u] = p, t, h, 0
        self.us[u], self.uc[u], self.ug[u], self.uf[u] = status, -1, -1, 0
        self.onboard[p][t] += 1
        if status != ATTACKING:
            self.occ_add(h, p, 1)
        return u

    def _lose(self, u: int, aboard: list[int]) -> None:
        """Unit u is lost in a battle; what it carried (a frigate's cargo), counted into
        `aboard`, goes with it."""
        if self.ut[u] == FRIG:
            for c in self.cargo_of(u):
                aboard[self.ut[c]] += 1
        self.remove_unit(u)

    def remove_unit(self, u: int) -> None:
        """The unit goes back to its owner's reserve; a frigate's cargo goes with it."""
        if self.ut[u] == FRIG:
            for c in self.cargo_of(u):
                self.remove_unit(c)
        if self.us[u] != ATTACKING:
            self.occ_sub(self.uh[u], 1)
        self.onboard[self.uo[u]][self.ut[u]] -= 1
        self.us[u] = FREE
        self.uo[u] = self.uh[u] = self.uc[u] = self.ug[u] = -1
        if self.active == u:
            self.active = -1

    def move_unit(self, u: int, h: int) -> None:
        """Move a unit (and its cargo) to a hex, keeping occupancy right."""
        p = self.uo[u]
        cargo = self.cargo_of(u) if self.ut[u] == FRIG else []
        k = 1 + len(cargo)
        self.occ_sub(self.uh[u], k)
        self.occ_add(h, p, k)
        self.uh[u] = h
        for c in cargo:
            self.uh[c] = h

    def reserve(self, p: int) -> list[int]:
        """Units the player's towns and cities support that are not on the board."""
        s, b = self.supported[p], self.onboard[p]
        return [s[0] - b[0], s[1] - b[1], s[2] - b[2], s[3] - b[3]]

    def own_settlements(self, p: int) -> list[int]:
        sowner = self.sowner
        return [h for h in self.settled if sowner[h] == p]

    def holds_capital(self, p: int) -> bool:
        return holds_capital(self.capital, self.sowner, p)

    def capitals_held(self, p: int) -> int:
        return capitals_held(self.capital, self.sowner, p)

    def count_settlements(self, p: int) -> tuple[int, int]:
        return count_settlements(self.settled, self.settle, self.sowner, p)

    def max_hand(self, p: int) -> int:
        towns, cities = self.count_settlements(p)
        return max_hand(self.config.hand_limit, towns, cities)

    def actor_only(self, p: int, *hexes: int) -> tuple[int, ...] | None:
        """Who sees an event about these hexes: everybody, unless the map is hidden (dark or
        independent exploration); then only the player acting."""
        return (p,) if self.hidden_map else None

    def located_event(self, kind: str, audience: tuple[int, ...], where: str,
                      others_learn: dict[str, Any] | None = None, **data: Any) -> None:
        """An event about a hex that changes public counts (a town built, a city, a capture,
        a battle's result): on a hidden map only `audience` learns where; the other players
        and spectators learn what happened but not where: `data`, or `others_learn` where
        they learn less than the audience."""
        if not self.hidden_map:
            self.event(kind, where=where, **data)
            return
        self.event(kind, to=audience, where=where, **data)
        others = tuple(q for q in range(self.num_players) if q not in audience)
        self.event(kind, to=others + (SPECTATORS,),
                   **(data if others_learn is None else others_learn))

    # --- exploration ----------------------------------------------------------------------
    def reveal(self, p: int, hexes: list[int] | int, automatic: bool = False,
               start: bool = False) -> None:
        """Reveal hexes to the player: tiles already on the map are simply seen; unplaced ones
        are drawn from the bag, and the player puts each drawn tile on a revealed hex (a
        decision) unless `place=random` or there is nothing to choose. `start`: the player's
        five starting hexes (`_reveal_start`)."""
        if isinstance(hexes, int):
            hexes = mask_hexes(hexes)
        mine = self.explored[p]
        new = [h for h in hexes if not mine >> h & 1]
        blank = [h for h in new if self.terrain[h] == UNKNOWN]
        tiles = [self.bag.pop() for _ in blank if self.bag]
        if self.round == 0 and tiles:
            self._keep_land_for_starts(tiles, start)
        if self.config.independent:
            # Exploring on its own, a player comes upon hexes others have explored (it had
            # not, or their tiles are placed): it is told how many hexes are new to it and
            # how many tiles it draws, every time, so that what the others explored shows in
            # this event's numbers, never in whether an event or a decision comes.
            self.event("explored", to=self.actor_only(p), player=p, hexes=len(new),
                       drawn=len(tiles))
        if not new:
            return
        mask = sum(1 << h for h in new)
        if self.config.independent:
            self.explored[p] |= mask
        else:
            self.explored = [e | mask for e in self.explored]
        if not blank:
            return
        blank = blank[:len(tiles)]
        # Told whether or not there is a choice to make: what was drawn is what is revealed.
        self.event("drawn", to=self.actor_only(p), player=p, count=len(tiles),
                   tiles=[TERRAINS[t] for t in sorted(tiles)])
        if automatic or self.config.place == "random" or self._placed_alone(tiles):
            for h, t in zip(blank, tiles):
                self.put_tile(p, h, t)
            return
        self.reveal_pending = [p, sorted(blank), sorted(tiles)]

    def _keep_land_for_starts(self, tiles: list[int], start: bool) -> None:
        """Setup turns: the bag keeps a land tile for each player whose setup turn is still
        to come (`starts_owed`). A drawn land tile that would leave it fewer changes places
        with the bag's topmost water tile (a start reveal keeps one land tile of its own). No
        random draw: with a bag that holds land enough, nothing changes."""
        owed = self.starts_owed()
        have = sum(1 for t in self.bag if t in LAND)
        spare = sum(1 for t in tiles if t in LAND) - (1 if start else 0)
        for i, t in enumerate(tiles):
            if have >= owed or spare <= 0:
                return
            if t not in LAND:
                continue
            j = next((j for j in range(len(self.bag) - 1, -1, -1) if self.bag[j] == WATER), -1)
            if j < 0:
                return
            tiles[i], self.bag[j] = WATER, t
            have += 1
            spare -= 1

    def put_tile(self, p: int, h: int, t: int) -> None:
        self.terrain[h] = t
        self.drawn |= 1 << h
        if t == WATER:
            self.water |= 1 << h
        self.event("tile", to=self.actor_only(p), player=p, where=self.names[h],
                   terrain=TERRAINS[t])

    def tile_actions(self) -> list[PlaceTile]:
        _, hexes, tiles = self.reveal_pending
        h = hexes[0]
        return [PlaceTile(h, self.names[h], t) for t in sorted(set(tiles))]

    def place_tile(self, action: PlaceTile) -> None:
        p, hexes, tiles = self.reveal_pending
        hexes.remove(action.hex)
        tiles.remove(action.terrain)
        self.put_tile(p, action.hex, action.terrain)
        if self._placed_alone(tiles):  # nothing left to choose
            for h, t in zip(hexes, tiles):
                self.put_tile(p, h, t)
            self.reveal_pending = None

    def _placed_alone(self, tiles: list[int]) -> bool:
        """Whether the tiles left go on their hexes without a decision: when they are all the
        same; on a hidden map only the last one, so that how many decisions a player takes
        does not tell others which tiles it drew."""
        if self.hidden_map:
            return len(tiles) <= 1
        return len(set(tiles)) <= 1

    # --- towns and cities -------------------------------------------------------------------
    def found(self, p: int, h: int, kind: int, capital: bool = False,
              reveal: bool = True) -> None:
        """A new town (or a set-up city): its support joins the player's army."""
        self.settle[h] = kind
        self.sowner[h] = p
        self.settled = sorted({*self.settled, h})
        if capital:
            self.capital[p] = h
        for t, k in enumerate(support(kind, self.terrain[h])):
            self.supported[p][t] += k
        if reveal:
            self.reveal(p, list(self.neighbours[h]))

    def upgrade(self, p: int, h: int) -> None:
        before = support(TOWN, self.terrain[h])
        after = support(CITY, self.terrain[h])
        self.settle[h] = CITY
        for t in range(4):
            self.supported[p][t] += after[t] - before[t]
        self.reveal(p, self.board.balls[2][h])

    def gain_card(self, p: int, why: str) -> None:
        """Cards and hybrid modes: a card for a town built or a town or city taken."""
        if self.pool is None:
            return
        cid = self._draw_card()
        if cid is None:
            return
        self.pool.hands[p].append(cid)
        self.event("gain", player=p, why=why)
        self.event("card", to=(p,), player=p, card=cid, desc=self.cards[cid].short())

    def _draw_card(self) -> str | None:
        return self.pool.draw_one(self.rng, lambda k: self.event("reshuffle", cards=k))

    # --- the setup turns --------------------------------------------------------------------
    def _begin_setup_turn(self, p: int) -> None:
        self.player = p
        self.phase = "capital"
        self.event("setup", player=p)
        area = [h for h in start_area(self.board, self.config.starts[p])]
        self._reveal_start(p, area)

    def _reveal_start(self, p: int, area: list[int]) -> None:
        """The five starting hexes. Drawn tiles with no land among them go back to the bag,
        which is shuffled, and are drawn again (while the bag holds land), unless the five
        hold free land already (`_keep_land_for_starts` keeps the bag's land for this). Five
        that hold no free land and no hex left to draw a land tile for (the setup turns
        before revealed them, or took their land with a town) exchange a water tile for a land
        tile of the bag."""
        blank = [h for h in area if self.terrain[h] == UNKNOWN and not self.explored[p] >> h & 1]
        fixed_land = bool(self._free_land(area))
        if blank and not fixed_land and any(t in LAND for t in self.bag):
            while not any(t in LAND for t in self.bag[-len(blank):]):
                self.rng.shuffle(self.bag)
        self.reveal(p, area, start=not fixed_land)
        if not fixed_land and self.reveal_pending is None and not self._free_land(area):
            self._exchange_for_land(p, area)

    def _exchange_for_land(self, p: int, area: list[int]) -> None:
        """The first water tile drawn for the starting hexes (with no units on it; a map
        file's own tiles stay) goes back to the bag in place of its topmost land tile, which
        takes its hex: told to whoever has explored the hex (everybody on an open map)."""
        spots = [h for h in area if self.terrain[h] == WATER and self.drawn >> h & 1
                 and self.sowner[h] == NOBODY and self.occ_owner[h] < 0]
        land = [j for j, t in enumerate(self.bag) if t in LAND]
        if not spots or not land:
            return
        h, j = spots[0], land[-1]
        t, self.bag[j] = self.bag[j], WATER
        self.terrain[h] = t
        self.water &= ~(1 << h)
        to = (tuple(q for q in range(self.num_players) if self.explored[q] >> h & 1)
              if self.hidden_map else None)
        self.event("tile", to=to, player=p, where=self.names[h], terrain=TERRAINS[t])

    def capital_actions(self, p: int) -> list[PlaceCapital]:
        return [PlaceCapital(h, self.names[h]) for h in self.capital_sites(p)]

    def capital_sites(self, p: int) -> list[int]:
        """Where the capital may go: a land hex of the player's five starting hexes with no
        town, city or units on it."""
        area = start_area(self.board, self.config.starts[p])
        land = self._free_land(area)
        if not land:  # a fixed map may leave none here: any explored land hex will do
            land = [h for h in range(self.board.size) if self.explored[p] >> h & 1
                    and self.terrain[h] in LAND and self.sowner[h] == NOBODY
                    and self.occ_owner[h] < 0]
        return land

    def second_town_actions(self, p: int) -> list[Any]:
        c = self.capital[p]
        dist = self.distance[c]
        out: list[Any] = [BuildTown(h, self.names[h]) for h in self.town_sites(p)
                          if 2 <= dist[h] <= 3]
        return [*out, DONE_SECOND_TOWN]

    def _after_setup_turn(self) -> None:
        p = self.player
        nxt = p + 1
        if nxt < self.num_players:
            self._begin_setup_turn(nxt)
            return
        self.round = 1
        self.begin_turn(0)

    def may_build_second_town(self, p: int) -> bool:
        """In 2-6 player games the first player may not build the second town on the first
        turn."""
        return may_build_second_town(p, self.num_players)

    # --- the turn ---------------------------------------------------------------------------
    def begin_turn(self, p: int) -> None:
        self.player = p
        self.phase = "move"
        self.active = -1
        self.pennants = 0
        self.battles = []
        self.bombards = {}
        self.placed = {}
        self.built = 0
        self.upgraded = False
        self.reserve_battle = False
        self.overwatch_fired = {}
        self.redraws = 0
        self.turns_taken += 1
        seen, only = tuple(self.seen_counts), tuple(self.spectator_only_counts)
        for who in (p, self.num_players):
            self.marks[who] = [self.marks[who][1], (self.n_events, seen[who], seen, only)]
        self.start_of_turn_units(p)
        self.event("turn", player=p, round=self.round)

    def end_phase(self) -> None:
        """On to the next step of the turn (`advance` skips steps with nothing to decide)."""
        self.end_active()
        p = self.player
        following = {"move": "build", "build": "reserves"}.get(self.phase)
        if following is not None:
            self.phase = following
            return
        if self.phase == "reserves" and self.pool is not None:
            self.phase = "discard"
            n = self.num_players
            self.discarding = [(p + i) % n for i in range(n) if not self.out[(p + i) % n]]
            return
        self._next_turn()

    def _next_turn(self) -> None:
        self.phase = "over" if self.result else "next"
        if self.result is not None:
            return
        n = self.num_players
        p = self.player
        first = self.first_player()
        for _ in range(n):
            p = (p + 1) % n
            if p == first:  # a round begins with the player who moved first in round 1
                limit = self.config.turn_limit
                if limit and self.round >= limit:  # the last round is over: it counts last
                    self._finish_by_limit()
                    return
                self.round += 1
            if not self.out[p]:
                break
        self.begin_turn(p)

    def first_player(self) -> int:
        """Who moves first in every round: player 0, or a set-up position's `first`."""
        fixed = self.config.fixed_map
        return fixed.first if fixed is not None and fixed.pieces else 0

    def draw_limit(self, p: int) -> int:
        """The new cards player p may draw at the end of its turn."""
        return draw_limit(len(self.pool.hands[p]), self.max_hand(p), self.count_settlements(p)[1])

    def may_redraw(self, p: int) -> bool:
        """Whether player p may still discard a card to draw anew at the end of its turn."""
        return may_redraw(len(self.pool.hands[p]), self.redraws, self.count_settlements(p)[1])

    # --- the decision machine ---------------------------------------------------------------
    def decision(self) -> tuple[str, int] | None:
        """The kind of decision to take now and who takes it (None when the game is over)."""
        if self.result is not None:
            return None
        if self.session is not None:
            movers = self.session.to_move()
            if movers:
                return "battle", movers[0]
        if self.reveal_pending is not None:
            return "tile", self.reveal_pending[0]
        return self._step_decision()

    def _step_decision(self) -> tuple[str, int]:
        if self.queue:
            return self.queue[0][0], self.queue[0][1]
        if self.phase == "discard":
            return "discard", self.discarding[0]
        return self.phase, self.player

    def decision_seen_by(self, viewer: int | None) -> tuple[str, int] | None:
        """The decision as `viewer` (None: a spectator) may know it: on a hidden map another
        player's placing of the tiles it drew shows as the step under way, as if none were
        drawn (that it drew any tells where it explored: its events go to it alone)."""
        d = self.decision()
        if d is None or d[0] != "tile" or not self.hidden_map or viewer == d[1]:
            return d
        return self._step_decision()

    def advance(self) -> None:
        """Take every step the rules fix by themselves until somebody must decide."""
        while self.result is None:
            if self.session is not None:
                result = self.session.result()
                if result is None:
                    return
                self.finish_battle(result)
                continue
            if self.reveal_pending is not None or self.queue:
                return
            p = self.player
            # On a hidden map a step is skipped only for reasons everybody can see: whether a
            # player has anything to do there may depend on terrain and units others cannot.
            hidden = self.hidden_map
            if self.phase == "move":
                actions = self.move_actions(p, settle=True)
                # On a hidden map the step is asked even of a player with no unit on the
                # board: skipping it would tell the others so; in cards mode it is asked of
                # one whose units an Attack card would move, whatever its hand holds.
                if len(actions) == 1 and actions[0] == DONE_MOVE and not hidden \
                        and not self.hand_may_act(p):
                    self.end_phase()  # nothing can move: on to building
                    continue
                self._legal[p] = actions  # the engine's cache of this decision's actions
                return
            if self.phase in ("capital", "second_town", "setup_infantry"):
                if self.phase == "second_town":
                    # Skipped for reasons everybody can see, and told: the rule for the first
                    # player, or (an open map) no site 2-3 hexes from the capital.
                    why = ("first player" if not self.may_build_second_town(p) else
                           "no site" if not hidden and len(self.second_town_actions(p)) == 1
                           else "")
                    if why:
                        self.event("no_second_town", player=p, why=why)
                        self._after_setup_turn()
                        continue
                return
            if self.phase in ("build", "reserves"):
                if self.phase == "reserves" and self.reserve_battle:
                    self.end_phase()
                    continue
                actions = (self.build_actions(p) if self.phase == "build"
                           else self.reserve_actions(p))
                # In cards mode the reserve step is asked whatever the hand holds, as the
                # move step is (`hand_may_place`, `hand_may_act`).
                if len(actions) == 1 and not (hidden and self._may_act_unseen(p)) and not (
                        self.phase == "reserves" and self.hand_may_place(p)):
                    self.end_phase()
                    continue
                self._legal[p] = actions
                return
            if self.phase == "discard":
                while self.discarding and len(self.pool.hands[self.discarding[0]]) \
                        <= self.max_hand(self.discarding[0]):
                    self.discarding.pop(0)
                if self.discarding:
                    return
                self.phase = "draw"
                continue
            if self.phase == "draw":
                if self.draw_limit(self.player) or self.may_redraw(self.player):
                    return
                # Nothing to choose (public: the hand's size, the max hand, the cities): the
                # draw of none is told all the same, as a draw of none chosen is (and a
                # battle's replenishment of none), so that every turn's draw is in the log.
                end_of_turn_draw(self.pool, self, self.player, DRAW_NONE, self.cards)
                self._next_turn()
                continue
            return

    def _may_act_unseen(self, p: int) -> bool:
        """Whether, for all others can see on a hidden map, the player might build (it holds
        its capital and has built nothing that ends building) or place reserves (it holds a
        town or city)."""
        if self.phase == "build":
            return self.holds_capital(p) and not self.upgraded and self.built < 2
        return bool(self.own_settlements(p))

    def to_move(self) -> tuple[int, ...]:
        d = self.decision()
        return (d[1],) if d else ()

    def _legal_actions(self, player: int) -> list[Any]:
        d = self.decision()
        if d is None:
            return []
        kind, p = d
        if kind == "battle":
            return list(self.session.legal_actions(p))
        if kind == "tile":
            return self.tile_actions()
        if kind == "lose_card":
            return [Discard(c, self.cards[c].short()) for c in sorted(self.pool.hands[p])]
        if kind == "disband":
            return self.disband_actions(p, self.queue[0][2])
        if kind == "capital":
            return self.capital_actions(p)
        if kind == "second_town":
            return self.second_town_actions(p)
        if kind == "setup_infantry":
            names = self.names
            return [PlaceReserve(h, names[h], INF) for h in sorted(self.own_settlements(p))]
        if kind == "move":
            return self.move_actions(p)
        if kind == "build":
            return self.build_actions(p)
        if kind == "reserves":
            return self.reserve_actions(p)
        if kind == "discard":
            return [Discard(c, self.cards[c].short()) for c in sorted(self.pool.hands[p])]
        if kind == "draw":
            out: list[Any] = [Draw(k) for k in range(self.draw_limit(p) + 1)]
            if self.may_redraw(p):
                out += [Discard(c, self.cards[c].short()) for c in sorted(self.pool.hands[p])]
            return out
        raise AssertionError(f"no decision of kind {kind}")

    def _apply(self, player: int, action: Any) -> None:
        decision = self.decision()
        assert decision is not None  # the game is not over: the engine checks it
        kind = decision[0]
        if kind == "reserves":  # the commonest decisions first, called directly
            self._on_reserves(player, action)
        elif kind == "move":
            self._on_move(player, action)
        else:
            getattr(self, "_on_" + kind)(player, action)
        self.advance()
        if self.config.dark:
            self.remember()

    # --- handlers, one per kind of decision -------------------------------------------------
    def _on_battle(self, player: int, action: Any) -> None:
        self.session.apply(player, action)

    def _on_tile(self, player: int, action: PlaceTile) -> None:
        self.place_tile(action)

    def _on_lose_card(self, player: int, action: Discard) -> None:
        kind, p, why = self.queue.pop(0)
        self._discard(p, action.card, why)

    def _on_disband(self, player: int, action: Disband | Done) -> None:
        self.queue.pop(0)
        if type(action) is Disband:
            self.disband(player, action)

    def _on_capital(self, player: int, action: PlaceCapital) -> None:
        self.located_event("capital", (player,), action.where, player=player)
        self.found(player, action.hex, TOWN, capital=True)
        self.add_unit(player, INF, action.hex, DONE)
        self.gain_card(player, "built a town")
        self.phase = "second_town"

    def _on_second_town(self, player: int, action: Any) -> None:
        if type(action) is Done:
            self.event("no_second_town", player=player)
            self._after_setup_turn()
            return
        if not self.announce_town(player, action):
            # Not built (a town it could not see stands there): no second infantry either,
            # which nothing would support. Everybody has been told the build failed; the turn
            # goes on as if the player had declined the town.
            self._after_setup_turn()
            return
        self.found(player, action.hex, TOWN)
        self.gain_card(player, "built a town")
        self.phase = "setup_infantry"

    def _on_setup_infantry(self, player: int, action: PlaceReserve) -> None:
        self.add_unit(player, INF, action.hex, DONE)
        self.event("place", to=self.actor_only(player), player=player, unit="infantry",
                   where=action.where)
        self._after_setup_turn()

    def _on_move(self, player: int, action: Any) -> None:
        kind = type(action).__name__
        if kind == "Done":
            if action.what == "stop":
                self.end_active()
            else:
                self.end_phase()
        elif kind == "SelectUnit":
            self.select_unit(player, action.hex, action.unit)
        elif kind == "Step":
            self.step(player, action)
        elif kind == "Bombard":
            self.bombard(player, action)
        elif kind == "PickUp":
            self.pick_up(player, action)
        elif kind == "Unload":
            self.unload(player, action)
        elif kind == "PlayMoveCard":
            self.play_move_card(player, action)
        elif kind == "Fight":
            self.end_active()
            self.battles.remove(action.hex)
            if self.unopposed(player, action.hex):
                self._walk_in(player, action.hex)
            else:
                self.start_battle("attack", action.hex)
        else:
            raise AssertionError(kind)

    def _on_build(self, player: int, action: Any) -> None:
        if type(action) is Done:
            self.end_phase()
        elif type(action) is BuildTown:
            self.build_town(player, action)
        else:
            self.upgrade_town(player, action)

    def _on_reserves(self, player: int, action: Any) -> None:
        if type(action) is Done:
            self.end_phase()
        elif type(action) is Withdraw:
            self.withdraw(player, action)
        else:
            self.place_reserve(player, action)

    def _on_discard(self, player: int, action: Discard) -> None:
        self._discard(player, action.card, "hand limit")

    def _on_draw(self, player: int, action: Any) -> None:
        if end_of_turn_draw(self.pool, self, player, action, self.cards):
            self.redraws += 1  # a card discarded to draw anew: the step is asked again
            return
        self._next_turn()

    def _discard(self, p: int, cid: str, why: str) -> None:
        discard_card(self.pool, self, p, cid, why, self.cards)

    # --- battles through the seam -----------------------------------------------------------
    def battle_audience(self, request: BattleRequest) -> tuple[int, ...] | None:
        """Who sees a battle's events: everybody, unless the map is hidden (dark or
        independent exploration); then the attacker and the defender."""
        if not self.hidden_map:
            return None
        return tuple(sorted({request.attacker, request.defender} - {NOBODY}))

    def battle_event(self, kind: str, to: tuple[int, ...] | None, **data: Any) -> None:
        """An event of the battle being fought (the session's host). Its course (dice,
        cards, casualties) is public even on a hidden map: the defender's decisions show
        everybody that a battle is fought, and the towns and cities held its result. Where
        it is fought, only the two sides learn (`battle_audience`). A unit brought or drawn
        in comes from a hex of the map, not from the off-board reserve: on an open map its
        event names the hex (`source`); on a hidden map nobody's does, for the event is
        public (the two sides read the hex in the battle's observation)."""
        if kind in ("bring", "drawn_in") and not self.hidden_map:
            data["source"] = self._battle_source(kind == "bring" or bool(data["attacker"]),
                                                 int(data["side"]))
        self.event(kind, to, **data)

    def _battle_source(self, attacker: bool, side: int) -> str:
        """The hex a unit brought or drawn into the battle under way comes from: an
        attacking hex side's source hex (sides count from 1), or the hex of a group of the
        defender's units next to the battle hex (groups from 0)."""
        request = self.session_request
        assert request is not None
        if attacker:
            return request.sides[side - 1].source_name
        return request.defender_reserve[side].name

    def battle_logs(self, kind: str) -> bool:
        return True  # every event is counted (`n_events`, `seen_counts`), written or not

    def start_battle(self, kind: str, h: int, units: list[int] | None = None,
                     placed: int = -1, defender: int = NOBODY) -> None:
        """Build the request for the battle at `h` and start the resolver's session. `units`:
        the bombarding units of a bombardment, or the units Overwatch fires at."""
        request = self.battle_request(kind, h, units or [], placed, defender)
        self.battle_units = (h, units or self.bombards.pop(h, []))
        self.battles_fought += request.kind in ("land", "naval", "reserve_naval")
        self.session_request = request
        names = self.names
        if request.kind == "overwatch":
            assert units  # the units Overwatch fires at: one that moved, or units unloaded
            target = (UNIT_NAMES[self.ut[units[0]]] if len(units) == 1
                      else units_text(self.count_types(units)))
            self.event("overwatch", to=self.battle_audience(request), player=request.defender,
                       source=names[self.overwatch_from], target=request.attacker,
                       unit=target, where=request.name)
        else:
            self.event("battle_begins", to=self.battle_audience(request),
                       battle=request.kind, where=request.name, attacker=request.attacker,
                       defender=request.defender,
                       attackers=units_text(_total(s.units for s in request.sides)),
                       defenders=units_text(request.defender_units))
            if self.hidden_map:
                self._forces_event(request)
        self.session = self.resolver.start(request, self, self.pool)

    def _forces_event(self, request: BattleRequest) -> None:
        """A hidden map: everybody is told the forces of a battle as it begins, not where it
        is. A battle's course is public (its dice, casualties and who is asked show them,
        and its observation holds them), so the units in it and next to it are no longer
        hidden once it begins: the event says so where it happens."""
        self.event("forces", battle=request.kind, attacker=request.attacker,
                   defender=request.defender,
                   attackers=units_text(_total(s.units for s in request.sides)),
                   may_join=units_text(_total(s.reserve for s in request.sides)),
                   bombarding=units_text(_total((0, 0, b.artillery, b.frigates)
                                                for b in request.bombard)),
                   defenders=units_text(request.defender_units),
                   next_to_it=units_text(_total(g.units for g in request.defender_reserve)),
                   naval_support=request.naval_support,
                   overwatch_ready=request.overwatch_ready, supply=list(request.supply))

    def battle_request(self, kind: str, h: int, units: list[int], placed: int,
                       defender: int = NOBODY) -> BattleRequest:
        if kind == "overwatch":
            return self._overwatch_request(h, units, defender)
        a = self.player
        names = self.names
        attackers = self.attacking(h) if kind != "bombard" else []
        defender = self.occ_owner[h]
        if defender < 0:
            defender = self.sowner[h]
        terrain = self.terrain[h]
        sides = []
        for src in sorted({self.uh[u] for u in attackers}):
            group = [u for u in attackers if self.uh[u] == src]
            water = self.terrain[src] == WATER and self.ut[group[0]] != FRIG
            reserve = [0, 0, 0, 0]
            if not water and src != h and terrain != WATER:
                reserve = self.units_at(src, a, (FRESH,))
                reserve[FRIG] = 0
            sides.append(AttackSide(src, names[src], water, _four(self.count_types(group)),
                                    _four(reserve)))
        if placed >= 0:
            sides = [AttackSide(placed, names[placed], False, (0, 0, 0, 1))]
        bomb_units = units or self.bombards.get(h, [])
        bombard = []
        for src in sorted({self.uh[u] for u in bomb_units}):
            counts = self.count_types([u for u in bomb_units if self.uh[u] == src])
            bombard.append(Bombardment(src, names[src], counts[2], counts[3]))
        defending = self.units_at(h, defender) if defender != NOBODY else [0, 0, 0, 0]
        reserves = []
        for n in self.neighbours[h]:
            if self.occ_owner[n] == defender and defender != NOBODY:
                near = self.units_at(n, defender)
                near[FRIG] = 0
                if sum(near) and terrain != WATER:
                    fired = min(self.overwatch_fired.get(n, 0), near[ART])
                    reserves.append(DefenderReserve(n, names[n], _four(near), fired))
        return self._request(
            ("reserve_naval" if placed >= 0 else "bombard" if kind == "bombard"
             else "naval" if terrain == WATER else "land"),
            h, a, defender, tuple(sides), tuple(bombard), tuple(defending), tuple(reserves),
            self.naval_support(defender, h),
            max(0, defending[2] - self.overwatch_fired.get(h, 0)), (h, h))

    def _overwatch_request(self, h: int, units: list[int], defender: int) -> BattleRequest:
        """One artillery of `defender` (on `overwatch_from`) fires at the units that came to
        h next to it together (one that moved, or the units unloaded there): one side, so
        that its selective hits pick among them."""
        names = self.names
        side = AttackSide(h, names[h], False, _four(self.count_types(units)))
        return self._request("overwatch", h, self.uo[units[0]], defender, (side,), (),
                             (0, 0, 1, 0), (), False, 1, (h, self.overwatch_from))

    def _request(self, kind: BattleKind, h: int, a: int, d: int, sides: tuple, bombard: tuple,
                 defending: tuple, reserves: tuple, naval_support: bool, ready: int,
                 where: tuple[int, int]) -> BattleRequest:
        """The request, with what the map knows of both players (`where`: the hexes whose
        neighbourhood gives each side's combat supply)."""
        a_tc = self.count_settlements(a)
        d_tc = self.count_settlements(d) if d != NOBODY else (0, 0)
        return BattleRequest(
            kind=kind, hex=h, name=self.names[h], terrain=TERRAINS[self.terrain[h]],
            settlement=SETTLEMENT_NAMES[self.settle[h]], capital=h in self.capital,
            attacker=a, defender=d, sides=sides, bombard=bombard,
            defender_units=defending, defender_reserve=reserves,
            naval_support=naval_support,
            supply=(self.in_supply(a, where[0]), self.in_supply(d, where[1])),
            lost_capital=(not self.holds_capital(a),
                          d != NOBODY and not self.holds_capital(d)),
            overwatch_ready=ready, mode=self.config.mode,
            towns=(a_tc[0], d_tc[0]), cities=(a_tc[1], d_tc[1]),
            hand_limit=self.config.hand_limit,
        )

    def overwatch_check(self, units: list[int], after: int = NOBODY) -> None:
        """Overwatch outside a battle: units that come next to enemy artillery that has not
        fired this turn - a unit that moves there (a step, a road, a frigate sailing), or the
        units unloaded there together, all on one hex - draw the fire of one of them (of each
        enemy in seat order after the mover's owner, after `after`), by themselves. Its
        owner fires or holds once for them all."""
        units = [u for u in units if self.us[u] != FREE]
        if not self.config.overwatch or self.session is not None or not units:
            return
        p, h = self.uo[units[0]], self.uh[units[0]]
        n = self.num_players
        order = [(p + i) % n for i in range(1, n)]
        if after != NOBODY:
            order = order[order.index(after) + 1:]
        for q in order:
            if self.out[q]:
                continue
            for k in self.neighbours[h]:
                if self.occ_owner[k] != q:
                    continue
                if self.units_at(k, q)[ART] > self.overwatch_fired.get(k, 0):
                    self.overwatch_from = k
                    self.start_battle("overwatch", h, units, defender=q)
                    return

    def naval_support(self, d: int, h: int) -> bool:
        """Naval support (+1 die to a defender on land): a frigate of the defender's next to
        the battle hex, at sea or in port."""
        if d == NOBODY or self.terrain[h] == WATER:
            return False
        return any(self.occ_owner[n] == d and self.units_at(n, d)[FRIG]
                   for n in self.neighbours[h])

    def in_supply(self, p: int, h: int) -> bool:
        """Combat supply (a ruling): the battle hex is, or is next to, one of the player's
        towns or cities, and the player holds its own capital."""
        if p == NOBODY or not self.holds_capital(p):
            return False
        return any(self.sowner[k] == p for k in (h, *self.neighbours[h]))

    def unopposed(self, p: int, h: int) -> bool:
        """Whether nothing is left to fight in the declared battle at h: no enemy unit and no
        enemy town or city (its owner knocked out by another of p's battles, its units gone
        with it)."""
        return self.occ_owner[h] in (-1, p) and self.sowner[h] in (NOBODY, p)

    def _walk_in(self, p: int, h: int) -> None:
        """The units that declared an attack on a hex now empty move into it, as an attack
        that cleared it does, with no battle: one was fought "against player 255 (none)",
        counted among the battles (an audit, stop 71)."""
        attackers = self.attacking(h)
        for u in attackers:
            self._enter(u, h, False)
        self.event("unopposed", to=self.actor_only(p, h), player=p, where=self.names[h],
                   units=units_text(self.count_types(attackers)))
        self.reveal(p, list(self.neighbours[h]))

    def finish_battle(self, result: BattleResult) -> None:
        request = self.session_request
        self.session = None
        if request.kind == "overwatch":
            self._finish_overwatch(request, result)
            return
        h = request.hex
        a, d = request.attacker, request.defender
        attackers = self.attacking(h)
        for side, joined in zip(request.sides, result.reserve_joined):
            for t, k in enumerate(joined):
                for u in self._pick(a, side.source, t, k, (FRESH,)):
                    self.join_attack(u, h)
                    attackers.append(u)
        # Units aboard a frigate lost in the battle go with it (VIKTORY-II.md, "Transport by
        # sea"): they are told with their side's losses.
        aboard: list[list[int]] = [[0, 0, 0, 0], [0, 0, 0, 0]]  # attacker's, defender's
        for side, losses in zip(request.sides, result.attacker_losses):
            group = [u for u in attackers if self.uh[u] == side.source]
            for t, k in enumerate(losses):
                for u in [u for u in group if self.ut[u] == t][:k]:
                    self._lose(u, aboard[0])
        _, bombarding = self.battle_units
        for bomb, losses in zip(request.bombard, result.bombard_losses):
            for t, k in enumerate(losses):
                for u in [u for u in bombarding if self.uh[u] == bomb.hex and self.ut[u] == t
                          and self.us[u] != FREE][:k]:
                    self._lose(u, aboard[0])
        for drawn in result.drawn_in:
            self._carry_overwatch_marks(d, drawn.hex, h, drawn.overwatch_fired)
            for t, k in enumerate(drawn.units):
                for u in self._pick(d, drawn.hex, t, k):
                    self.move_unit(u, h)
        for t, k in enumerate(result.defender_losses):
            for u in self._pick(d, h, t, k):
                self._lose(u, aboard[1])
        if result.overwatch_fired:
            self.overwatch_fired[h] = self.overwatch_fired.get(h, 0) + result.overwatch_fired
        survivors = [u for u in attackers if self.us[u] == ATTACKING]
        lost = _total(result.attacker_losses)
        if not (result.winner == "attacker" and survivors):
            # Attackers that would fall back onto a frigate lost in the battle have nowhere
            # to go: they are lost with it (VIKTORY-II.md, "Transport by sea"), told as the
            # battle's other losses are.
            for u in [u for u in survivors if self._stranded(u)]:
                lost[self.ut[u]] += 1
                self.remove_unit(u)
            survivors = [u for u in survivors if self.us[u] == ATTACKING]
        # Each side's losses are all its units lost: the attacker's those bombarding
        # (Overwatch may hit them) among them, and each side's those aboard lost frigates.
        self._tell_result(request, result, lost, aboard)
        if request.kind == "bombard":
            return
        self._count_underdog(request, result)
        if result.winner == "attacker" and survivors:
            for u in survivors:
                self._enter(u, h, request.kind == "reserve_naval")
            if self.settle[h] and self.sowner[h] != a:
                self.capture(a, h)
            self.reveal(a, list(self.neighbours[h]))
        else:
            for u in survivors:
                self._fall_back(u, request.kind == "reserve_naval")
            if result.winner == "defender" and (self.occ_owner[h] >= 0 or self.settle[h]):
                self.pennants |= 1 << h
                self.event("pennant", to=self.actor_only(a, h), where=request.name)
        if request.kind == "reserve_naval":
            self.reserve_battle = True

    def _tell_result(self, request: BattleRequest, result: BattleResult, lost: list[int],
                     aboard: list[list[int]]) -> None:
        """The battle's event: who won, each side's losses (`lost`: the attacker's on its hex
        sides, those stranded falling back included; `aboard`: each side's units lost aboard
        its lost frigates). On a hidden map its place goes to its two sides only; the other
        players learn its result as its course told it, as they learnt its forces as it began
        (a battle's course is public): the casualties its events named, not the units lost
        aboard a frigate or stranded with one, which the map, not the battle, took."""
        bombard_lost = _total(result.bombard_losses)
        told = {"battle": request.kind, "attacker": request.attacker,
                "defender": request.defender, "winner": result.winner,
                "reason": result.reason}
        others = None
        if self.hidden_map:  # (an open map tells everybody everything: nothing to build)
            others = {**told, "bombard_lost": units_text(bombard_lost), "rounds": result.rounds,
                      "attacker_lost": units_text(_total((*result.attacker_losses,
                                                          bombard_lost))),
                      "defender_lost": units_text(result.defender_losses)}
        self.located_event(
            "battle", self.battle_audience(request) or (), request.name, others_learn=others,
            **told, attacker_lost=units_text(_total((lost, bombard_lost, aboard[0]))),
            bombard_lost=units_text(bombard_lost), attacker_aboard_lost=units_text(aboard[0]),
            defender_lost=units_text(_total((result.defender_losses, aboard[1]))),
            defender_aboard_lost=units_text(aboard[1]), rounds=result.rounds)

    def _count_underdog(self, request: BattleRequest, result: BattleResult) -> None:
        """The designer's figure: how often the side with fewer units at the start wins."""
        attackers = sum(_total(s.units for s in request.sides))
        defenders = sum(request.defender_units)
        if attackers == defenders:
            return
        self.underdog_battles += 1
        self.underdog_wins += result.winner == ("attacker" if attackers < defenders
                                                else "defender")

    def _finish_overwatch(self, request: BattleRequest, result: BattleResult) -> None:
        """The artillery has fired (once this turn); the units it hit are lost. Those that
        survive may draw the fire of the next enemy's artillery."""
        _, units = self.battle_units
        k = self.overwatch_from
        self.overwatch_fired[k] = self.overwatch_fired.get(k, 0) + result.overwatch_fired
        for t, lost in enumerate(result.attacker_losses[0]):
            for u in [u for u in units if self.ut[u] == t][:lost]:
                self.remove_unit(u)
        self.overwatch_check(units, after=request.defender)

    def _carry_overwatch_marks(self, p: int, source: int, h: int, carried: int) -> None:
        """Of p's artillery drawn in from `source` to the battle hex h, `carried` had fired
        Overwatch this turn (the resolver says which were drawn in). What has fired is counted
        by hex, so those take their marks along: moved, they would fire again (Overwatch fires
        once per enemy turn)."""
        if not carried:
            return
        # Marks beyond the artillery standing there (some fell in a battle there) count none.
        fired: int = min(self.overwatch_fired.get(source, 0), self.units_at(source, p)[ART])
        if fired > carried:
            self.overwatch_fired[source] = fired - carried
        else:
            self.overwatch_fired.pop(source, None)  # no artillery that fired stays there
        self.overwatch_fired[h] = self.overwatch_fired.get(h, 0) + carried

    def _after_attack(self, u: int) -> int:
        """A unit's status after its battle: its movement is over, except a cavalry's
        (the cavalry exception): with movement left it may move on and attack elsewhere. Not
        a cavalry that landed from a frigate (an amphibious attack: `uc` still names the
        frigate): units unloaded may not move again (VIKTORY-II.md, "Transport by sea")."""
        if self.ut[u] == CAV and self.um[u] > 0 and self.uc[u] < 0:
            return REGROUP
        return DONE

    def _enter(self, u: int, h: int, placed: bool) -> None:
        cargo = [c for c in range(len(self.uo)) if self.uc[c] == u and self.us[c] == CARGO]
        for c in cargo:
            self.occ_sub(self.uh[c], 1)
            self.uh[c] = h
            self.occ_add(h, self.uo[u], 1)
        self.uh[u] = h
        self.us[u] = PLACED if placed else self._after_attack(u)
        self.uc[u] = -1 if self.ut[u] != FRIG else self.uc[u]
        self.ug[u] = -1
        self.occ_add(h, self.uo[u], 1)

    def _fall_back(self, u: int, placed: bool) -> None:
        """Back to the source hex (an amphibious attacker back onto its frigate); a frigate
        placed from reserve goes back into the reserve."""
        if placed:
            self.remove_unit(u)  # still an attacker: counted in no hex
            return
        carried = self._carried(u)
        self.us[u] = CARGO if carried else self._after_attack(u)
        if not carried:
            self.uc[u] = -1
        self.ug[u] = -1
        self.occ_add(self.uh[u], self.uo[u], 1)

    def _carried(self, u: int) -> bool:
        """An amphibious attacker whose frigate still lies on the hex it attacked from."""
        f = self.uc[u]
        return f >= 0 and self.us[f] not in (FREE, ATTACKING) and self.uh[f] == self.uh[u]

    def _stranded(self, u: int) -> bool:
        """A land unit whose hex to fall back to is water with no frigate of its there."""
        return self.ut[u] != FRIG and self.terrain[self.uh[u]] == WATER \
            and not self._carried(u)

    def capture(self, a: int, h: int) -> None:
        """The attacker takes the town or city, with its unit support (and a card)."""
        loser = self.sowner[h]
        kind = self.settle[h]
        gained = support(kind, self.terrain[h])
        self.sowner[h] = a
        for t in range(4):
            self.supported[a][t] += gained[t]
            self.supported[loser][t] -= gained[t]
        self.captures += 1
        place = SETTLEMENT_NAMES[kind]
        was_capital = h in self.capital
        self.located_event("capture", (a, loser), self.names[h], player=a, loser=loser,
                           settlement=place, capital=was_capital)
        self.tell(loser, h)  # told where: it remembers its town as the taker's, out of sight
        self.gain_card(a, f"took a {place}")
        if self.pool is not None and self.pool.hands[loser]:
            if len(self.pool.hands[loser]) == 1:
                self._discard(loser, self.pool.hands[loser][0], f"lost a {place}")
            else:
                self.queue.append(["lose_card", loser, f"lost a {place}"])
        if not self.own_settlements(loser):
            self.knock_out(loser)
        else:
            self.queue_disbands(loser, kind)
        # A capture that wins ends the game at once (VIKTORY-II.md, "Rulings: Winning"; the
        # README's "Winning"): the loser's disbands still queued are never asked, as the
        # battles still declared are never fought (`_end`), so the final position may hold
        # units beyond their owner's support. Nothing of the outcome depends on them.
        self.check_win(a)

    def knock_out(self, p: int) -> None:
        """A player with no town or city left is out: its units (which nothing supports now)
        and its cards leave the game."""
        self.out[p] = True
        for u in range(len(self.uo)):
            if self.uo[u] == p and self.us[u] != FREE:
                self.remove_unit(u)
        if self.pool is not None:
            self.pool.discard.extend(self.pool.hands[p])
            self.pool.hands[p] = []
        self.queue = [q for q in self.queue if q[1] != p]
        self.event("out", player=p)

    def queue_disbands(self, p: int, lost: int) -> None:
        """Units beyond what the player's towns and cities now support must go: one decision
        per unit where the player has a choice of hex, at once where it has none. On a hidden
        map whether, and how often, the loser is asked would tell the others how many units
        it has (VIKTORY-II.md, "Unit support": an army is exactly what its towns and cities
        support): it is asked as many times as a town or city of the kind it lost (`lost`,
        public) can support units, whatever it must disband, each time the units of one kind
        beyond support to choose from, or none (`disband_actions`)."""
        excess = sum(max(0, self.onboard[p][t] - self.supported[p][t]) for t in range(4))
        if self.hidden_map:
            most = MOST_SUPPORTED[lost]
            self.queue += [["disband", p, ANY_KIND] for _ in range(max(most, excess))]
            return
        for t in range(4):
            excess = self.onboard[p][t] - self.supported[p][t]
            for _ in range(excess):
                options = self.disband_actions(p, t)
                if len(options) == 1 and isinstance(options[0], Disband):  # one hex to choose
                    self.disband(p, options[0])
                else:
                    self.queue.append(["disband", p, t])

    def disband_actions(self, p: int, t: int) -> list[Disband | Done]:
        """Where a unit of kind t may be disbanded; `ANY_KIND` (a hidden map): one of the
        first kind beyond support, or, when none is, no unit (`Done("disband")`)."""
        if t == ANY_KIND:
            t = next((k for k in range(4) if self.onboard[p][k] > self.supported[p][k]), -1)
            if t < 0:
                return [DONE_DISBAND]
        names = self.names
        hexes = sorted({self.uh[u] for u in range(len(self.uo)) if self.uo[u] == p
                        and self.ut[u] == t and self.us[u] not in (FREE, ATTACKING)})
        return [Disband(h, names[h], t) for h in hexes]

    def disband(self, p: int, action: Disband) -> None:
        units = [u for u in range(len(self.uo)) if self.uo[u] == p and self.uh[u] == action.hex
                 and self.ut[u] == action.unit and self.us[u] not in (FREE, ATTACKING)]
        self.remove_unit(self.pick_unit(units))
        self.event("disband", to=self.actor_only(p), player=p, unit=UNIT_NAMES[action.unit],
                   where=action.where)

    # --- the end ----------------------------------------------------------------------------
    def capitals_to_win(self) -> int:
        return self.config.capitals or sum(1 for c in self.capital if c >= 0)

    def check_win(self, p: int) -> None:
        """After p's capture: p is the one player holding more capitals than before, so the
        only one who can have just reached the capitals to win (every player holds its own
        from the start, which is why the option `capitals` is never 1)."""
        if self.round < 1:
            return
        need = self.capitals_to_win()
        if not self.out[p] and self.capitals_held(p) >= need:
            self._end((p,), "controls every capital" if not self.config.capitals
                      else f"controls {need} capitals")

    def _finish_by_limit(self) -> None:
        """After the last round: most capitals, then most cities, then most towns. Leaders
        tied at the top share the win, and the players behind them lose; a draw only when
        every player still in the game is among them (README, "Winning")."""
        keys: dict[int, tuple[int, int, int]] = {}
        for p in range(self.num_players):
            if not self.out[p]:
                towns, cities = self.count_settlements(p)
                keys[p] = (self.capitals_held(p), cities, towns)
        best = max(keys.values())
        leaders = tuple(p for p in sorted(keys) if keys[p] == best)
        limit = self.config.turn_limit
        rounds = f"{limit} round{'' if limit == 1 else 's'}"
        if len(leaders) == 1:
            self._end(leaders, f"turn limit ({rounds}): most capitals, cities and towns", limit)
        elif len(leaders) == len(keys):
            self._end((), f"turn limit ({rounds}): a tie", limit)
        else:
            # The winners say who: a reason naming seats would read as listed players in a
            # balance report, and split its outcome reasons by which seats tied.
            self._end(leaders, f"turn limit ({rounds}): a tie at the top", limit)

    def _end(self, winners: tuple[int, ...], reason: str, round_limit: int = 0) -> None:
        """End the game. `round_limit`: the limit that ended it, if one did (its event says
        so, as kow's does: no move brought this end about)."""
        scores = tuple(float(self.capitals_held(p)) for p in range(self.num_players))
        details: dict[str, Any] = {"rounds": self.round}
        details["cities"] = [self.count_settlements(p)[1] for p in range(self.num_players)]
        details["towns"] = [self.count_settlements(p)[0] for p in range(self.num_players)]
        self.result = Outcome(winners, scores, reason, details)
        self.session = None
        self.queue = []
        self.battles = []  # battles still to fight when the game ended are never fought
        self.reveal_pending = None
        self.phase = "over"
        if round_limit:
            self.event("result", winners=list(winners), reason=reason, round_limit=round_limit)
        else:
            self.event("result", winners=list(winners), reason=reason)

    def players_out(self) -> frozenset[int]:
        return frozenset([p for p in range(self.num_players) if self.out[p]])

    def is_terminal(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        return self.result

    # --- copies -----------------------------------------------------------------------------
    def clone(self) -> ViktoryIIState:
        new = ViktoryIIState.__new__(ViktoryIIState)
        self._copy_base(new)
        # Shared: immutable, or never changed after the start. Field by field, not by name: a
        # compiled class sets its own fields directly.
        new.config, new.board, new.acts, new.cards = self.config, self.board, self.acts, self.cards
        new.neighbours, new.names, new.distance = self.neighbours, self.names, self.distance
        new.near1, new.resolver, new.hidden_map = self.near1, self.resolver, self.hidden_map
        new.drawn, new.water, new.round = self.drawn, self.water, self.round
        new.player, new.phase, new.active = self.player, self.phase, self.active
        new.easy = self.easy
        new.pennants, new.built, new.upgraded = self.pennants, self.built, self.upgraded
        new.reserve_battle, new.redraws, new.result = self.reserve_battle, self.redraws, self.result
        new.turns_taken, new.captures = self.turns_taken, self.captures
        new.battles_fought, new.underdog_battles = self.battles_fought, self.underdog_battles
        new.underdog_wins, new.session_request = self.underdog_wins, self.session_request
        new.n_events, new.overwatch_from = self.n_events, self.overwatch_from
        # Copied: flat lists and bytes
        new.settled, new.explored, new.bag = list(self.settled), list(self.explored), list(self.bag)
        new.capital, new.occ_owner, new.occ_n = (list(self.capital), list(self.occ_owner),
                                                 list(self.occ_n))
        new.uo, new.ut, new.uh, new.um = list(self.uo), list(self.ut), list(self.uh), list(self.um)
        new.us, new.uc, new.ug, new.uf = list(self.us), list(self.uc), list(self.ug), list(self.uf)
        new.battles, new.discarding = list(self.battles), list(self.discarding)
        new.out, new.seen_counts = list(self.out), list(self.seen_counts)
        new.spectator_only_counts = list(self.spectator_only_counts)
        new.terrain, new.settle = bytearray(self.terrain), bytearray(self.settle)
        new.sowner = bytearray(self.sowner)
        new.supported = [list(s) for s in self.supported]
        new.onboard = [list(s) for s in self.onboard]
        new.bombards = {h: list(us) for h, us in self.bombards.items()}
        new.placed = {h: list(c) for h, c in self.placed.items()}
        new.overwatch_fired = dict(self.overwatch_fired)
        new.reveal_pending = (None if self.reveal_pending is None else
                              [self.reveal_pending[0], list(self.reveal_pending[1]),
                               list(self.reveal_pending[2])])
        new.queue = [list(q) for q in self.queue]
        new.memory = [dict(m) for m in self.memory]
        new.marks = [list(m) for m in self.marks]
        new.pool = self.pool.copy() if self.pool is not None else None
        new.session = (self.session.clone(new, new.pool) if self.session is not None
                       else None)
        new.battle_units = (self.battle_units[0], list(self.battle_units[1]))
        return new




def _four(counts: list[int]) -> tuple[int, int, int, int]:
    return counts[0], counts[1], counts[2], counts[3]


def _total(groups: Any) -> list[int]:
    total = [0, 0, 0, 0]
    for g in groups:
        for t in range(4):
            total[t] += g[t]
    return total
