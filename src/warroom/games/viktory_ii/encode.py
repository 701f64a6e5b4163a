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
that offer it), `("withdraw", hex, unit)`, `("disband", hex)`, `("move_card", card)`,
`("discard", card)`, `("draw", count)`, `("done", step)`, and `("battle", i)`: the i-th of the
battle resolver's own legal actions, in its order (at most 64).

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
from typing import Any

from ...engine.encoding import Encoding, Piece
from . import actions as A
from .board import board
from .config import Config
from .movement import ATTACKING, CARGO, FREE, FRESH
from .state import NOBODY, ViktoryIIState
from .units import CITY, FRIG, LAND_UNITS

TERRAINS = ("plains", "grassland", "forest", "mountain", "water")
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
FRIGATE_SOURCES = 6  # your towns and cities that may offer one water hex for a frigate
MAX_MP = 8  # movement points counted


def encoding(config: Config) -> ViktoryIIEncoding:
    return ViktoryIIEncoding(config)


class ViktoryIIEncoding(Encoding):
    remember_actions = False  # the rules make new action objects at every decision

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
        keys += [("frigate", h, r) for h in hexes for r in range(FRIGATE_SOURCES)]
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

    def indices(self, state: ViktoryIIState, player: int, actions: Sequence[Any]) -> list[int]:
        """`key`'s indices, with what it asks of the state for every action (the decision,
        the legal actions) asked once: a battle's actions are its list's places, and a
        frigate's rank is among the frigates of its sea."""
        decision = state.decision()
        if decision is not None and decision[0] == "battle":
            if len(actions) > BATTLE_CHOICES:
                self.key(actions[BATTLE_CHOICES], player, state)  # raises, saying why
            return self._battle[:len(actions)]
        index = self.index
        out = []
        sources: dict[int, list[int]] | None = None  # per sea, the hexes offering a frigate
        for action in actions:
            kind = type(action)
            simple = _HEX_KEYS.get(kind)
            if simple is not None:
                out.append(index[simple, action.hex])
            elif kind in _UNIT_KEYS:
                out.append(index[_UNIT_KEYS[kind], action.hex, action.unit])
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
                out.append(index[self.key(action, player, state)])
        return out

    # --- action keys ---------------------------------------------------------------------------
    def key(self, action: Any, player: int, state: ViktoryIIState) -> Hashable:
        decision = state.decision()
        if decision is not None and decision[0] == "battle":
            i = state.legal_actions(player).index(action)
            if i >= BATTLE_CHOICES:
                raise ValueError(f"viktory-ii encoding: a battle decision with more than "
                                 f"{BATTLE_CHOICES} actions")
            return ("battle", i)
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

    @staticmethod
    def _frigate_key(action: Any, sources: list[int]) -> Hashable:
        """A frigate's key: its rank among the hexes (sorted) that offer its sea one."""
        rank = sources.index(action.hex)
        if rank >= FRIGATE_SOURCES:
            raise ValueError(f"viktory-ii encoding: more than {FRIGATE_SOURCES} towns "
                             f"and cities offer {action.sea_where} for a frigate")
        return ("frigate", action.sea, rank)

    def describe_key(self, key: Hashable) -> str:
        return " ".join(str(k) for k in key)

    # --- the observation -----------------------------------------------------------------------
    def _terrain(self, explored: int, terrain: bytearray) -> array:
        """The terrain piece: it changes only when a hex is explored or a tile placed, so the
        last few are kept (one per seat, and their determinisations)."""
        key = (explored, bytes(terrain))
        segment = self._terrains.get(key)
        if segment is None:
            segment = array("f", [0.0]) * (6 * self.hexes)
            for h, t in enumerate(terrain):
                segment[6 * h + (t if explored >> h & 1 and t < 5 else 5)] = 1.0
            if len(self._terrains) >= 64:
                self._terrains.clear()
            self._terrains[key] = segment
        return segment

    def write_constant(self, player: int, out: array) -> None:
        out[self.offsets["seat"] + player] = 1.0

    def write(self, state: ViktoryIIState, player: int, out: array) -> None:
        o = self.offsets
        np_ = self.players
        n = self.hexes
        vis = state.sight(player)
        everything = vis == (1 << n) - 1
        out[o["current"] + (state.player - player) % np_] = 1.0
        decision = state.decision()
        if decision is not None:
            out[o["decider"] + (decision[1] - player) % np_] = 1.0
            out[o["decision"] + DECISIONS.index(decision[0])] = 1.0
        if state.phase in PHASES:
            out[o["phase"] + PHASES.index(state.phase)] = 1.0
        if state.round == 0:
            out[o["round"]] = 1.0
        limit = self.config.turn_limit or 100
        out[o["round"] + 1] = min(1.0, state.round / limit)
        out[o["to_win"]] = min(1.0, state.capitals_to_win() / np_)
        self._write_map(state, player, vis, everything, out)
        self._write_units(state, player, vis, everything, out)
        self._write_turn(state, player, vis, out)
        self._write_players(state, player, vis, out)
        if state.session is not None:
            self._write_battle(state, player, out)
        if state.pool is not None:
            self._write_cards(state, player, out)

    def _write_map(self, state: ViktoryIIState, player: int, vis: int, everything: bool,
                   out: array) -> None:
        o = self.offsets
        np_ = self.players
        n = self.hexes
        at = o["terrain"]
        out[at:at + 6 * n] = self._terrain(state.explored[player], state.terrain)
        sight = o["sight"]
        if everything:
            out[sight:sight + n] = self._ones
        else:
            rest = vis
            while rest:
                low = rest & -rest
                out[sight + low.bit_length() - 1] = 1.0
                rest ^= low
        memory = state.memory[player]
        capitals = state.capital
        places = o["settlements"]
        owners = o["settlement_owner"]
        capital_of = o["capital_of"]
        for h in state.settled:
            if not (everything or vis >> h & 1):
                continue
            out[places + 4 * h + (0 if state.settle[h] != CITY else 1)] = 1.0
            out[owners + np_ * h + (state.sowner[h] - player) % np_] = 1.0
            if h in capitals:
                out[places + 4 * h + 2] = 1.0
                out[capital_of + np_ * h + (capitals.index(h) - player) % np_] = 1.0
        for h, (owner, kind, capital) in memory.items():
            if state.settle[h] and vis >> h & 1:
                continue
            out[places + 4 * h + (0 if kind != CITY else 1)] = 1.0
            out[places + 4 * h + 3] = 1.0
            out[owners + np_ * h + (owner - player) % np_] = 1.0
            if capital >= 0:
                out[places + 4 * h + 2] = 1.0
                out[capital_of + np_ * h + (capital - player) % np_] = 1.0

    def _write_units(self, state: ViktoryIIState, player: int, vis: int, everything: bool,
                     out: array) -> None:
        o = self.offsets
        np_ = self.players
        units, owners, cargo, ready = o["units"], o["unit_owner"], o["cargo"], o["ready"]
        attackers = o["attackers"]
        step = 1.0 / MAX_STACK
        uo, ut, uh, us = state.uo, state.ut, state.uh, state.us
        for u in range(len(uo)):
            s = us[u]
            if s == FREE:
                continue
            h, t = uh[u], ut[u]
            if s == ATTACKING:  # shown with the declared attack, wherever it comes from
                g = state.ug[u]
                if g in state.battles and (everything or vis >> g & 1):
                    _bump(out, attackers + 4 * h + t, step)
                continue
            if not (everything or vis >> h & 1):
                continue
            out[owners + np_ * h + (uo[u] - player) % np_] = 1.0
            if s == CARGO:
                i = cargo + 3 * h + t
                v = out[i] + 1.0 / 3
                out[i] = v if v < 1.0 else 1.0
                continue
            i = units + 4 * h + t
            v = out[i] + step
            out[i] = v if v < 1.0 else 1.0
            if s == FRESH and uo[u] == player:
                i = ready + 4 * h + t
                v = out[i] + step
                out[i] = v if v < 1.0 else 1.0

    def _write_turn(self, state: ViktoryIIState, player: int, vis: int, out: array) -> None:
        o = self.offsets
        np_ = self.players
        attacked = o["attacked"]
        for h in state.battles:
            if vis >> h & 1:
                out[attacked + 3 * h] = 1.0
                bombarding = len(state.bombards.get(h, ()))
                out[attacked + 3 * h + 1] = min(1.0, bombarding / MAX_STACK)
        pennants = state.pennants & vis
        while pennants:
            low = pennants & -pennants
            out[attacked + 3 * (low.bit_length() - 1) + 2] = 1.0
            pennants ^= low
        u = state.active
        if u >= 0 and vis >> state.uh[u] & 1:
            out[o["moving"] + state.uh[u]] = 1.0
            at = o["moving_unit"]
            out[at + state.ut[u]] = 1.0
            out[at + 4] = min(1.0, state.um[u] / MAX_MP)
            if state.ut[u] == FRIG:
                out[at + 5] = len(state.cargo_of(u)) / 3
        pending = state.reveal_pending
        if pending is not None:
            who, hexes, tiles = pending
            out[o["reveal_by"] + (who - player) % np_] = 1.0
            out[o["reveal_by"] + np_] = len(tiles) / 19
            if not state.hidden_map or who == player:
                for h in hexes:
                    out[o["reveal"] + h] = 1.0
                for t in tiles:
                    out[o["reveal_tiles"] + t] += 1 / 19
        if state.phase == "build":
            at = o["build"]
            out[at] = 1.0
            out[at + 1] = state.built / 2
            out[at + 2] = float(state.upgraded)
        if not state.hidden_map or player == state.player:
            at = o["placed"]
            for h, counts in state.placed.items():
                for t, k in enumerate(counts):
                    if k:
                        out[at + 4 * h + t] = min(1.0, k / MAX_STACK)

    def _write_players(self, state: ViktoryIIState, player: int, vis: int, out: array) -> None:
        o = self.offsets
        np_ = self.players
        memory = state.memory[player]
        for q in range(np_):
            k = (q - player) % np_
            towns, cities = state.count_settlements(q)
            at = o["players"] + 6 * k
            out[at] = min(1.0, towns / MAX_PLACES)
            out[at + 1] = min(1.0, cities / MAX_PLACES)
            out[at + 2] = state.capitals_held(q) / np_
            out[at + 3] = float(state.holds_capital(q))
            out[at + 4] = float(state.out[q])
            c = state.capital[q]
            if c >= 0 and (not state.hidden_map or q == player or vis >> c & 1 or c in memory):
                out[at + 5] = 1.0
            if not state.hidden_map or q == player:
                at = o["reserve"] + 4 * k
                for t, r in enumerate(state.reserve(q)):
                    if r > 0:
                        out[at + t] = min(1.0, r / MAX_STACK)

    def _write_battle(self, state: ViktoryIIState, player: int, out: array) -> None:
        o = self.offsets
        np_ = self.players
        out[o["battle"]] = 1.0
        request = state.session_request
        # The map's log tells everybody of a battle, or on a hidden map only its attacker.
        if request is not None and (not state.hidden_map or player == request.attacker):
            out[o["battle"] + 1 + BATTLE_KINDS.index(request.kind)] = 1.0
            out[o["battle_hex"] + request.hex] = 1.0
            out[o["battle_sides"] + (request.attacker - player) % np_] = 1.0
            if request.defender != NOBODY:
                out[o["battle_sides"] + np_ + (request.defender - player) % np_] = 1.0
        sums: dict[int, float] = {}
        _hash_fields(state.visible_session(player), "", sums)
        at = o["battle_fields"]
        for slot, s in sums.items():
            out[at + slot] = s / (1.0 + abs(s))

    def _write_cards(self, state: ViktoryIIState, player: int, out: array) -> None:
        o = self.offsets
        np_ = self.players
        pool = state.pool
        index = self.card_index
        nc = max(1, len(self.card_ids))
        for c in pool.hands[player]:
            out[o["hand"] + index[c]] = 1.0
        limit = max(1, self.config.hand_limit)
        for q in range(np_):
            at = o["hands"] + 2 * ((q - player) % np_)
            out[at] = min(1.0, len(pool.hands[q]) / nc)
            out[at + 1] = min(1.0, state.max_hand(q) / limit)
        out[o["deck_left"]] = len(pool.deck) / nc
        out[o["deck_left"] + 1] = len(pool.discard) / nc
        if pool.discard:
            out[o["discard_top"] + index[pool.discard[-1]]] = 1.0


_HEX_KEYS = {A.PlaceCapital: "capital", A.BuildTown: "town", A.Upgrade: "city",
             A.Step: "step", A.Bombard: "bombard", A.Unload: "unload", A.Fight: "fight",
             A.Disband: "disband"}
_UNIT_KEYS = {A.SelectUnit: "select", A.PickUp: "pick_up", A.PlaceReserve: "place",
              A.Withdraw: "withdraw"}


def _bump(out: array, i: int, step: float) -> None:
    """Add one unit's share to a slot, at most 1."""
    v = out[i] + step
    out[i] = v if v < 1.0 else 1.0


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
