"""Viktory II, the map game, as numbers for the research environments (engine.encoding).

Hexes are the map's ints (row by row from the top, as the text view names them A1, A2, ...),
so sizes follow the map: N hexes (61 with the default 2-player map of radius 4, 37 with
radius 3, 217 with radius 8). Seats are offsets from the player (0: you, 1: the next seat,
...). Units are counted per type (infantry, cavalry, artillery, frigate), at most 10 to a
slot. Battle Cards (cards and hybrid modes) are indexed by their place in the config's deck
file; dice mode has no card pieces or keys. Only what the player's observation shows is
encoded: with the dark or independent-exploration options, hexes out of sight hold only
their terrain (and towns and cities as last seen).

Action keys: `("tile", terrain)` (the hex is the next revealed one), `("capital", hex)`,
`("town", hex)`, `("city", hex)`, `("select", hex, unit)`, `("step", hex)` (move, road, port
or attack: the moving unit's target), `("bombard", hex)`, `("pick_up", hex, unit)`,
`("unload", hex)`, `("fight", hex)`, `("place", hex, unit)`, `("frigate", sea, rank)` (a
reserve frigate onto that water hex, from the rank-th of your towns and cities, in map order,
that offer it; ranks go up to the forests the map may hold, plus one for the capital: only a
capital and forest cities take frigates), `("withdraw", hex, unit)`, `("disband", hex)`,
`("move_card", card)`, `("discard", card)`, `("draw", count)`, `("done", step)`, and
`("battle", i)`: the i-th of the battle resolver's own legal actions, in its order (at most
64).

The battle is encoded from the map's side of the battle seam (what the map game hands the
resolver: the battle hex, its kind, attacker and defender), shown to those the map's log
tells of the battle (everybody; on a hidden map only its attacker), and from the resolver's
own observation (the `battle` key) by the hashing trick: every number or flag at a path of
that JSON value (`round`, `attackers.1.0`, ...) adds its value, and every text adds 1 under
its path and text, to slot crc32(path) mod 64; each slot holds s / (1 + |s|). It works for
any resolver, so it survives the resolver being replaced; seats in it are as the resolver
gives them, not offsets.
"""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Hashable, Sequence
from typing import Any, Final

from ...engine.encoding import Encoding, Part, Piece, Vector
from ..viktory_battles.seam import BattleRequest
from . import actions as A
from .board import FOREST, LAND, TERRAINS, UNKNOWN, board, tile_counts
from .config import Config
from .state import ViktoryIIState, capitals_held, count_settlements, holds_capital
from .units import ATTACKING, CARGO, CITY, FREE, FRESH, FRIG, LAND_UNITS, NOBODY

PHASES = ("capital", "second_town", "setup_infantry", "move", "build", "reserves", "discard",
          "draw", "over")
DECISIONS = ("tile", "lose_card", "disband", "battle", "capital", "second_town",
             "setup_infantry", "move", "build", "reserves", "discard", "draw")
BATTLE_KINDS = ("land", "naval", "bombard", "reserve_naval", "overwatch")
UNITS = "infantry, cavalry, artillery, frigate"
MAX_STACK = 10  # units counted to a slot
MAX_PLACES = 20  # towns (or cities) counted to a slot
BATTLE_CHOICES = 64  # battle actions indexed by their place in the resolver's list
BATTLE_FIELDS = 64  # slots of the hashed battle observation
MAX_MP = 8  # movement points counted
PHASE_INDEX: Final[dict[str, int]] = {phase: i for i, phase in enumerate(PHASES)}
DECISION_INDEX: Final[dict[str, int]] = {kind: i for i, kind in enumerate(DECISIONS)}
BATTLE_KIND_INDEX: Final[dict[str, int]] = {kind: i for i, kind in enumerate(BATTLE_KINDS)}


def encoding(config: Config) -> ViktoryIIEncoding:
    return ViktoryIIEncoding(config)


def frigate_sources(config: Config) -> int:
    """The most towns and cities of one player that may offer one water hex a frigate: its
    capital and every forest city the map may hold (placement's `frigate_port`), as a frigate
    appears on its town's nearest water, however far, so any number may share one. Sized by
    the tiles, not by the six neighbours a hex has (an audit, stop 72: a forest-heavy mix gave
    seven or more, and the environments raised on a legal move)."""
    fixed = config.fixed_map
    if fixed is None:
        counts = tile_counts(board(config.map_radius).size, config.mix)
        forests, land = counts[FOREST], sum(counts[t] for t in LAND)
    else:
        counts = tile_counts(sum(1 for t in fixed.tiles if t == UNKNOWN), config.mix)
        forests = counts[FOREST] + sum(1 for t in fixed.tiles if t == FOREST)
        land = sum(counts[t] for t in LAND) + sum(1 for t in fixed.tiles if t in LAND)
    return max(1, min(land, forests + 1))


class ViktoryIIEncoding(Encoding):
    def __init__(self, config: Config):
        self.config = config
        n = self.hexes = board(config.map_radius).size
        p = self.players = config.players
        deck = config.cards
        ids = [c.id for c in deck.cards] if deck is not None else []
        self.card_ids = tuple(ids)
        self.card_index = {c: i for i, c in enumerate(ids)}
        nc = max(1, len(ids))
        move_cards = [c.id for c in deck.cards if c.effect == "plus_one_mp"] if deck else []
        hexes = range(n)
        keys: list[Hashable] = [("tile", t) for t in range(len(TERRAINS))]
        keys += [("capital", h) for h in hexes]
        keys += [("town", h) for h in hexes]
        keys += [("city", h) for h in hexes]
        keys += [("select", h, u) for h in hexes for u in range(4)]
        keys += [("step", h) for h in hexes]
        keys += [("bombard", h) for h in hexes]
        keys += [("pick_up", h, u) for h in hexes for u in LAND_UNITS]
        keys += [("unload", h) for h in hexes]
        keys += [("fight", h) for h in hexes]
        keys += [("place", h, u) for h in hexes for u in LAND_UNITS]
        self.frigate_sources = frigate_sources(config)
        keys += [("frigate", h, r) for h in hexes for r in range(self.frigate_sources)]
        keys += [("withdraw", h, u) for h in hexes for u in range(4)]
        keys += [("disband", h) for h in hexes]
        keys += [("move_card", c) for c in move_cards]
        keys += [("discard", c) for c in ids]
        if deck is not None:
            keys += [("draw", k) for k in range(min(config.hand_limit, n) + 1)]
        hidden = config.dark or config.independent  # Done("disband") is offered only there
        keys += [("done", what) for what in A.DONE_LABELS if what != "disband" or hidden]
        keys += [("battle", i) for i in range(BATTLE_CHOICES)]
        seats = f"{p} seat offsets"
        pieces = [
            Piece("seat", (p,), "your seat, one-hot"),
            Piece("current", (p,), "whose turn it is (seat offset), one-hot"),
            Piece("decider", (p,), "who decides now (seat offset), one-hot"),
            Piece("phase", (len(PHASES),), "the step of the turn, one-hot: " + ", ".join(PHASES)),
            Piece("decision", (len(DECISIONS),), "the pending decision, one-hot: "
                  + ", ".join(DECISIONS)),
            Piece("round", (2,), "1 in the setup turns; the round / "
                  + (f"turn_limit ({config.turn_limit})" if config.turn_limit else "100")
                  + ", at most 1"),
            Piece("terrain", (n, 6), "each hex: plains, grassland, forest, mountain, water, "
                  "or unexplored by you, one-hot"),
            Piece("sight", (n,), "1 where you see what is on the hex now (every hex unless the "
                  "map is dark or explored independently)"),
            Piece("settlements", (n, 4), "town, city, capital, and 1 if known only as last seen"),
            Piece("settlement_owner", (n, p), f"the town's or city's owner ({seats}), one-hot"),
            Piece("capital_of", (n, p), f"whose capital the hex is ({seats}), one-hot"),
            Piece("units", (n, 4), f"units on the hex ({UNITS}) / {MAX_STACK}, at most 1"),
            Piece("unit_owner", (n, p), f"the units' owner ({seats}), one-hot"),
            Piece("cargo", (n, 3), "land units aboard frigates on the hex (infantry, cavalry, "
                  "artillery) / 3"),
            Piece("ready", (n, 4), f"your units on the hex yet to move this turn ({UNITS}) / "
                  f"{MAX_STACK}, at most 1"),
            Piece("attackers", (n, 4), f"units waiting to attack from the hex ({UNITS}) / "
                  f"{MAX_STACK}, at most 1"),
            Piece("attacked", (n, 3), f"an attack declared on the hex; units bombarding it / "
                  f"{MAX_STACK}, at most 1; a pennant (an attack beaten off this turn)"),
            Piece("moving", (n,), "the hex of the moving unit"),
            Piece("moving_unit", (6,), f"the moving unit: its type ({UNITS}) one-hot, "
                  f"movement left / {MAX_MP}, units aboard / 3"),
            Piece("reveal", (n,), "hexes waiting for a drawn tile (the next is the first in "
                  "map order), when you may see them"),
            Piece("reveal_tiles", (len(TERRAINS),), "the drawn tiles to place, per terrain / "
                  "19, when you may see them"),
            Piece("reveal_by", (p + 1,), "who places drawn tiles (seat offset), one-hot; then "
                  "their number / 19"),
            Piece("players", (p, 6), f"per seat offset: towns / {MAX_PLACES}, cities / "
                  f"{MAX_PLACES} (each at most 1), capitals held / {p}, holds its capital, out of "
                  "the game, its capital's place is known"),
            Piece("reserve", (p, 4), f"reserve units per seat offset ({UNITS}) / {MAX_STACK}, "
                  "at most 1, when you may see them"),
            Piece("build", (3,), "building now; towns built this turn / 2; a town upgraded "
                  "this turn"),
            Piece("placed", (n, 4), f"reserve units placed on the hex this turn ({UNITS}) / "
                  f"{MAX_STACK}, at most 1"),
            Piece("to_win", (1,), f"capitals to hold to win / {p}"),
            Piece("battle", (1 + len(BATTLE_KINDS),), "a battle is being fought; its kind, "
                  "one-hot: " + ", ".join(BATTLE_KINDS)),
            Piece("battle_hex", (n,), "the hex of the battle being fought"),
            Piece("battle_sides", (2, p), "its attacker and its defender (seat offsets), "
                  "one-hot"),
            Piece("battle_fields", (BATTLE_FIELDS,), "the resolver's observation of the "
                  "battle, hashed (see above)", -1.0, 1.0),
        ]
        if deck is not None:
            pieces += [
                Piece("hand", (nc,), "your Battle Cards, by place in the deck file"),
                Piece("hands", (p, 2), f"per seat offset: cards in hand / {nc}, its hand "
                      f"limit / {max(1, config.hand_limit)}"),
                Piece("deck_left", (2,), f"cards left in the deck, in the discards / {nc}"),
                Piece("discard_top", (nc,), "the top card of the discards"),
            ]
        self._build(pieces, keys)
        self._terrains: dict[tuple[int, bytes], array] = {}
        self._ones = array("f", [1.0]) * n
        self._battle = [self.index[("battle", i)] for i in range(BATTLE_CHOICES)]
        # where the keys of a hex (and a unit) start: their index is that plus the hex's row
        self._by_hex: dict[type, int] = {kind: self.index[(name, 0)]
                                         for kind, name in _HEX_KEYS.items()}
        self._by_unit: dict[type, tuple[int, int]] = {
            kind: (self.index[(name, 0, 0)], self.index[(name, 1, 0)] - self.index[(name, 0, 0)])
            for kind, name in _UNIT_KEYS.items()}  # (first index, unit types a hex)
        o = self.offsets
        self._current: int = o["current"]
        self._decider: int = o["decider"]
        self._decision: int = o["decision"]
        self._phase: int = o["phase"]
        self._round: int = o["round"]
        self._to_win: int = o["to_win"]
        self._terrain_at: int = o["terrain"]
        self._sight: int = o["sight"]
        self._settlements: int = o["settlements"]
        self._settlement_owner: int = o["settlement_owner"]
        self._capital_of: int = o["capital_of"]
        self._units: int = o["units"]
        self._unit_owner: int = o["unit_owner"]
        self._cargo: int = o["cargo"]
        self._ready: int = o["ready"]
        self._attackers: int = o["attackers"]
        self._attacked: int = o["attacked"]
        self._moving: int = o["moving"]
        self._moving_unit: int = o["moving_unit"]
        self._reveal: int = o["reveal"]
        self._reveal_tiles: int = o["reveal_tiles"]
        self._reveal_by: int = o["reveal_by"]
        self._players_at: int = o["players"]
        self._reserve: int = o["reserve"]
        self._build_at: int = o["build"]
        self._placed: int = o["placed"]
        self._battle_at: int = o["battle"]
        self._battle_hex: int = o["battle_hex"]
        self._battle_sides: int = o["battle_sides"]
        self._battle_fields: int = o["battle_fields"]
        self._turn_limit: int = config.turn_limit or 100
        # the card pieces (cards and hybrid modes only)
        self._hand: int = o.get("hand", -1)
        self._hands: int = o.get("hands", -1)
        self._deck_left: int = o.get("deck_left", -1)
        self._discard_top: int = o.get("discard_top", -1)
        # _write_units' counts per slot (0 between writes), and per slot the value of a count
        self._tally: list[int] = [0] * self.size
        self._shares: list[list[float]] = [[]] * self.size
        for name, step in (("units", 1 / MAX_STACK), ("ready", 1 / MAX_STACK),
                           ("attackers", 1 / MAX_STACK), ("cargo", 1 / 3), ("unit_owner", 1.0)):
            start, stop = self.slot_range(name)
            self._shares[start:stop] = [_shares(step)] * (stop - start)

    # The methods take this game's state, narrower than the base's State (mypyc, compiling
    # this module, checks the override): hence the `type: ignore[override]`s.
    def indices(self, state: ViktoryIIState, player: int,  # type: ignore[override]
                actions: Sequence[Any]) -> list[int]:
        """`key`'s indices, with what it asks of the state for every action (the decision,
        the legal actions) asked once: a battle's actions are its list's places, and a
        frigate's rank is among the frigates of its sea."""
        decision = state.decision()
        if decision is not None and decision[0] == "battle":
            if len(actions) > BATTLE_CHOICES:
                self.key(actions[BATTLE_CHOICES], player, state)  # raises, saying why
            return self._battle[:len(actions)]
        index = self.index
        out: list[int] = []
        sources: dict[int, list[int]] | None = None  # per sea, the hexes offering a frigate
        for action in actions:
            kind = type(action)
            at = self._by_hex.get(kind, -1)
            if at >= 0:
                out.append(at + action.hex)
            elif kind in self._by_unit:
                at, units = self._by_unit[kind]
                out.append(at + units * action.hex + action.unit)
            elif kind is A.PlaceFrigate:
                if sources is None:
                    sources = {}
                    for a in actions:
                        if type(a) is A.PlaceFrigate:
                            sources.setdefault(a.sea, []).append(a.hex)
                    for hexes in sources.values():
                        hexes.sort()
                out.append(index[self._frigate_key(action, sources[action.sea])])
            else:
                out.append(index[self._plain_key(action, player, state)])
        return out

    # --- action keys ---------------------------------------------------------------------------
    def key(self, action: Any, player: int,  # type: ignore[override]
            state: ViktoryIIState) -> Hashable:
        decision = state.decision()
        if decision is not None and decision[0] == "battle":
            i = state.legal_actions(player).index(action)
            if i >= BATTLE_CHOICES:
                raise ValueError(f"viktory-ii encoding: a battle decision with more than "
                                 f"{BATTLE_CHOICES} actions")
            return ("battle", i)
        return self._plain_key(action, player, state)

    def _plain_key(self, action: Any, player: int, state: ViktoryIIState) -> Hashable:
        """The key of an action of a decision that is not a battle's."""
        kind = type(action)
        if kind is A.PlaceTile:
            return ("tile", action.terrain)
        if kind is A.Done:
            return ("done", action.what)
        simple = _HEX_KEYS.get(kind)
        if simple is not None:
            return (simple, action.hex)
        if kind in (A.SelectUnit, A.PickUp, A.PlaceReserve, A.Withdraw):
            return (_UNIT_KEYS[kind], action.hex, action.unit)
        if kind is A.PlaceFrigate:
            return self._frigate_key(action, sorted(
                a.hex for a in state.legal_actions(player)
                if type(a) is A.PlaceFrigate and a.sea == action.sea))
        if kind is A.PlayMoveCard:
            return ("move_card", action.card)
        if kind is A.Discard:
            return ("discard", action.card)
        if kind is A.Draw:
            return ("draw", action.count)
        raise ValueError(f"viktory-ii encoding: no key for {action!r}")

    def _frigate_key(self, action: Any, sources: list[int]) -> Hashable:
        """A frigate's key: its rank among the hexes (sorted) that offer its sea one."""
        rank = sources.index(action.hex)
        if rank >= self.frigate_sources:  # beyond frigate_sources' bound: a rules change
            raise ValueError(f"viktory-ii encoding: more than {self.frigate_sources} towns "
                             f"and cities offer {action.sea_where} for a frigate")
        return ("frigate", action.sea, rank)

    def describe_key(self, key: Hashable) -> str:
        assert isinstance(key, tuple)
        return " ".join(str(k) for k in key)

    # --- the observation -----------------------------------------------------------------------
    def _terrain(self, explored: int, terrain: bytearray) -> array:
        """The terrain piece: it changes only when a hex is explored or a tile placed, so the
        last few are kept (one per seat, and their determinisations)."""
        key = (explored, bytes(terrain))
        segment = self._terrains.get(key)
        if segment is None:
            segment = array("f", [0.0]) * (6 * self.hexes)
            for h in range(len(terrain)):
                t = terrain[h]
                segment[6 * h + (t if explored >> h & 1 and t < 5 else 5)] = 1.0
            if len(self._terrains) >= 64:
                self._terrains.clear()
            self._terrains[key] = segment
        return segment

    # Parts (engine.encoding): the map's, rewritten only when a hex is explored, a tile placed
    # or a town or city changes hands, which most looks do not see; and the units and the
    # rest of the turn, rewritten at every look (a move changes the units at nearly every
    # step). Compiled (warroom.native): offsets are typed attributes and the units are walked
    # in typed lists.
    def parts(self) -> list[Part]:
        turn = ["current", "decider", "phase", "decision", "round", "to_win", "attacked",
                "moving", "moving_unit", "reveal", "reveal_tiles", "reveal_by", "reserve",
                "build", "placed", "battle", "battle_hex", "battle_sides", "battle_fields"]
        if self.config.cards is not None:
            turn += ["hand", "hands", "deck_left", "discard_top"]
        return [Part(("terrain", "sight", "settlements", "settlement_owner", "capital_of",
                      "players"), self._read_map, self._write_map, _copy_map),
                Part(("units", "unit_owner", "cargo", "ready", "attackers", *turn), None,
                     self._write_live)]

    def _write_live(self, state: ViktoryIIState, player: int, out: Vector) -> None:
        """The units and the turn, rewritten at every look, from one reading of the player's
        sight (on a dark map `sight` walks every unit)."""
        vis: int = state.sight(player)
        self._write_units(state, player, vis, out)
        self._write_turn(state, player, vis, out)

    def _read_map(self, state: ViktoryIIState, player: int) -> tuple[Any, ...]:
        """What the map's pieces show `player`, as the state's own (live) containers: the
        observer keeps `_copy_map` of it."""
        return (state.sight(player), state.explored[player], state.terrain, state.settled,
                state.settle, state.sowner, state.capital, state.out, state.memory[player],
                state.hidden_map)

    def _write_map(self, value: tuple[Any, ...], player: int, out: Vector) -> None:
        np_ = self.players
        n = self.hexes
        vis: int = value[0]
        explored: int = value[1]
        terrain: bytearray = value[2]
        settled: list[int] = value[3]
        settle: bytearray = value[4]
        sowner: bytearray = value[5]
        capitals: list[int] = value[6]
        outs: list[bool] = value[7]
        memory: dict[int, tuple[int, int, int]] = value[8]
        everything = vis == (1 << n) - 1
        at = self._terrain_at
        out[at:at + 6 * n] = self._terrain(explored, terrain)
        sight = self._sight
        if everything:
            out[sight:sight + n] = self._ones
        else:
            rest = vis
            while rest:
                low = rest & -rest
                out[sight + low.bit_length() - 1] = 1.0
                rest ^= low
        places = self._settlements
        owners = self._settlement_owner
        capital_of = self._capital_of
        for h in settled:
            if not (everything or vis >> h & 1):
                continue
            out[places + 4 * h + (0 if settle[h] != CITY else 1)] = 1.0
            out[owners + np_ * h + (sowner[h] - player) % np_] = 1.0
            if h in capitals:
                out[places + 4 * h + 2] = 1.0
                out[capital_of + np_ * h + (capitals.index(h) - player) % np_] = 1.0
        for h, (owner, kind, capital) in memory.items():
            if settle[h] and vis >> h & 1:
                continue
            out[places + 4 * h + (0 if kind != CITY else 1)] = 1.0
            out[places + 4 * h + 3] = 1.0
            out[owners + np_ * h + (owner - player) % np_] = 1.0
            if capital >= 0:
                out[places + 4 * h + 2] = 1.0
                out[capital_of + np_ * h + (capital - player) % np_] = 1.0
        hidden_map: bool = value[9]
        for q in range(np_):
            at = self._players_at + 6 * ((q - player) % np_)
            towns, cities = count_settlements(settled, settle, sowner, q)
            out[at] = min(1.0, towns / MAX_PLACES)
            out[at + 1] = min(1.0, cities / MAX_PLACES)
            out[at + 2] = capitals_held(capitals, sowner, q) / np_
            out[at + 3] = float(holds_capital(capitals, sowner, q))
            out[at + 4] = float(outs[q])
            c = capitals[q]
            if c >= 0 and (not hidden_map or q == player or vis >> c & 1 or c in memory):
                out[at + 5] = 1.0

    def _write_units(self, state: ViktoryIIState, player: int, vis: int, out: Vector) -> None:
        """Units counted per slot first (`_tally`), then each slot written once from the
        shares table its piece adds up (`_shares`): a store costs more than a count, and
        several units share most slots."""
        np_ = self.players
        everything = vis == (1 << self.hexes) - 1
        units, owners, cargo, ready = self._units, self._unit_owner, self._cargo, self._ready
        attackers = self._attackers
        tally = self._tally
        touched: list[int] = []
        uo: list[int] = state.uo
        ut: list[int] = state.ut
        uh: list[int] = state.uh
        us: list[int] = state.us
        ug: list[int] = state.ug
        battles: list[int] = state.battles
        for u in range(len(uo)):
            s = us[u]
            if s == FREE:
                continue
            h, t = uh[u], ut[u]
            if s == ATTACKING:  # shown with the declared attack, wherever it comes from
                g = ug[u]
                if g in battles and (everything or vis >> g & 1):
                    i = attackers + 4 * h + t
                    if not tally[i]:
                        touched.append(i)
                    tally[i] += 1
                continue
            if not (everything or vis >> h & 1):
                continue
            i = owners + np_ * h + (uo[u] - player) % np_
            if not tally[i]:
                touched.append(i)
            tally[i] += 1
            i = (cargo + 3 * h if s == CARGO else units + 4 * h) + t
            if not tally[i]:
                touched.append(i)
            tally[i] += 1
            if s == FRESH and uo[u] == player:
                i = ready + 4 * h + t
                if not tally[i]:
                    touched.append(i)
                tally[i] += 1
        shares = self._shares
        for i in touched:
            k = tally[i]
            table = shares[i]
            out[i] = table[k if k < len(table) else len(table) - 1]
            tally[i] = 0

    def _write_turn(self, state: ViktoryIIState, player: int, vis: int, out: Vector) -> None:
        np_ = self.players
        current: int = state.player
        out[self._current + (current - player) % np_] = 1.0
        decision: tuple[str, int] | None = state.decision_seen_by(player)
        if decision is not None:
            out[self._decider + (decision[1] - player) % np_] = 1.0
            out[self._decision + DECISION_INDEX[decision[0]]] = 1.0
        phase: str = state.phase
        if phase in PHASE_INDEX:
            out[self._phase + PHASE_INDEX[phase]] = 1.0
        rounds: int = state.round
        if rounds == 0:
            out[self._round] = 1.0
        out[self._round + 1] = min(1.0, rounds / self._turn_limit)
        to_win: int = state.capitals_to_win()
        out[self._to_win] = min(1.0, to_win / np_)
        attacked = self._attacked
        battles: list[int] = state.battles
        bombards: dict[int, list[int]] = state.bombards
        for h in battles:
            if vis >> h & 1:
                out[attacked + 3 * h] = 1.0
                bombarding = len(bombards.get(h, ()))
                out[attacked + 3 * h + 1] = min(1.0, bombarding / MAX_STACK)
        pennants: int = state.pennants
        pennants &= vis
        while pennants:
            low = pennants & -pennants
            out[attacked + 3 * (low.bit_length() - 1) + 2] = 1.0
            pennants ^= low
        u: int = state.active
        uh: list[int] = state.uh
        if u >= 0 and vis >> uh[u] & 1:
            ut: list[int] = state.ut
            um: list[int] = state.um
            out[self._moving + uh[u]] = 1.0
            at = self._moving_unit
            out[at + ut[u]] = 1.0
            out[at + 4] = min(1.0, um[u] / MAX_MP)
            if ut[u] == FRIG:
                out[at + 5] = len(state.cargo_of(u)) / 3
        hidden_map: bool = state.hidden_map
        pending: list[Any] | None = state.reveal_pending
        if pending is not None and (not hidden_map or pending[0] == player):
            # on a hidden map nothing of another's placement shows (view.py's _visible_reveal)
            who: int = pending[0]
            hexes: list[int] = pending[1]
            tiles: list[int] = pending[2]
            out[self._reveal_by + (who - player) % np_] = 1.0
            out[self._reveal_by + np_] = len(tiles) / 19
            for h in hexes:
                out[self._reveal + h] = 1.0
            for t in tiles:
                out[self._reveal_tiles + t] += 1 / 19
        if state.phase == "build":
            at = self._build_at
            built: int = state.built
            out[at] = 1.0
            out[at + 1] = built / 2
            out[at + 2] = float(state.upgraded)
        if not hidden_map or player == current:
            at = self._placed
            placed: dict[int, list[int]] = state.placed
            for h, counts in placed.items():
                for t in range(len(counts)):
                    k = counts[t]
                    if k:
                        out[at + 4 * h + t] = min(1.0, k / MAX_STACK)
        for q in range(np_):
            if not hidden_map or q == player:
                at = self._reserve + 4 * ((q - player) % np_)
                reserve: list[int] = state.reserve(q)
                for t in range(len(reserve)):
                    r = reserve[t]
                    if r > 0:
                        out[at + t] = min(1.0, r / MAX_STACK)
        if state.session is not None:
            self._write_battle(state, player, out)
        if state.pool is not None:
            self._write_cards(state, player, out)

    def _write_battle(self, state: ViktoryIIState, player: int, out: Vector) -> None:
        np_ = self.players
        out[self._battle_at] = 1.0
        request: BattleRequest | None = state.session_request
        # The map's log tells everybody of a battle, or on a hidden map only its attacker.
        if request is not None and (not state.hidden_map or player == request.attacker):
            out[self._battle_at + 1 + BATTLE_KIND_INDEX[request.kind]] = 1.0
            out[self._battle_hex + request.hex] = 1.0
            out[self._battle_sides + (request.attacker - player) % np_] = 1.0
            if request.defender != NOBODY:
                out[self._battle_sides + np_ + (request.defender - player) % np_] = 1.0
        sums: dict[int, float] = {}
        _hash_fields(state.visible_session(player), "", sums)
        at = self._battle_fields
        for slot, s in sums.items():
            out[at + slot] = s / (1.0 + abs(s))

    def _write_cards(self, state: ViktoryIIState, player: int, out: Vector) -> None:
        np_ = self.players
        pool = state.pool
        assert pool is not None
        index = self.card_index
        nc = max(1, len(self.card_ids))
        hands: list[list[str]] = pool.hands
        for c in hands[player]:
            out[self._hand + index[c]] = 1.0
        limit = max(1, self.config.hand_limit)
        for q in range(np_):
            at = self._hands + 2 * ((q - player) % np_)
            out[at] = min(1.0, len(hands[q]) / nc)
            most: int = state.max_hand(q)
            out[at + 1] = min(1.0, most / limit)
        discard: list[str] = pool.discard
        out[self._deck_left] = len(pool.deck) / nc
        out[self._deck_left + 1] = len(discard) / nc
        if discard:
            out[self._discard_top + index[discard[-1]]] = 1.0


_HEX_KEYS = {A.PlaceCapital: "capital", A.BuildTown: "town", A.Upgrade: "city",
             A.Step: "step", A.Bombard: "bombard", A.Unload: "unload", A.Fight: "fight",
             A.Disband: "disband"}
_UNIT_KEYS = {A.SelectUnit: "select", A.PickUp: "pick_up", A.PlaceReserve: "place",
              A.Withdraw: "withdraw"}


def _copy_map(value: tuple[Any, ...]) -> tuple[Any, ...]:
    """What an observer keeps of `_read_map`'s value: its containers copied, of the same
    types (a bytearray equals a bytearray, a list a list)."""
    return (value[0], value[1], bytearray(value[2]), list(value[3]), bytearray(value[4]),
            bytearray(value[5]), list(value[6]), list(value[7]), dict(value[8]), value[9])


def _shares(step: float) -> list[float]:
    """What a slot showing `step` a unit holds for 0, 1, 2, ... units, at most 1: the units
    added one by one to the float32 slot, as the slots were first written, so every number
    stays as it was."""
    slot = array("f", [0.0])
    shares = [0.0]
    while slot[0] < 1.0:
        v = slot[0] + step
        slot[0] = v if v < 1.0 else 1.0
        shares.append(slot[0])
    return shares


def _hash_fields(value: Any, path: str, sums: dict[int, float]) -> None:
    """The hashing trick over a JSON value: numbers and flags add their value, texts add 1,
    under their path (and text), to slot crc32 mod BATTLE_FIELDS."""
    if isinstance(value, dict):
        for k in sorted(value):
            _hash_fields(value[k], f"{path}.{k}", sums)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _hash_fields(item, f"{path}.{i}", sums)
    elif isinstance(value, bool | int | float):
        if value:
            slot = zlib.crc32(path.encode()) % BATTLE_FIELDS
            sums[slot] = sums.get(slot, 0.0) + float(value)
    elif isinstance(value, str):
        slot = zlib.crc32(f"{path}={value}".encode()) % BATTLE_FIELDS
        sums[slot] = sums.get(slot, 0.0) + 1.0
