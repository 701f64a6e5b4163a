"""Movement, sea transport, bombardment's trigger and declaring attacks (VIKTORY-II.md,
"Movement", "Transport by sea", "Bombardment"). A base class of the state: it reads and changes
the state's per-hex arrays and unit lists.

One unit moves at a time: a player selects a unit, then steps it hex by hex (each step
reveals the unexplored hexes next to it), and selecting another unit ends the previous one's
movement. Entering an enemy hex declares an attack there; the battle is fought when the player
says so (more units may join first), and must be fought before the phase ends.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ...engine import Outcome
from ...engine.core import SPECTATORS
from .actions import (
    DONE_MOVE,
    DONE_STOP,
    Bombard,
    BuildTown,
    Fight,
    PickUp,
    PlaceFrigate,
    PlaceReserve,
    PlayMoveCard,
    SelectUnit,
    Step,
    Unload,
    Upgrade,
    Withdraw,
)
from .board import FOREST, MOUNTAIN, TERRAINS, UNKNOWN, WATER, Board, board
from .config import Config
from .units import (  # the unit statuses and flags, which other modules import from here
    ACTIVE,
    ART,
    ATTACKING,
    BOMBARDED,
    CARGO,
    DONE,
    FREE,
    FRESH,
    FRIG,
    FRIGATE_CAPACITY,
    INF,
    LAND_UNITS,
    MOVABLE,
    NOBODY,
    PLACED,
    RANGE,
    REGROUP,
    STOPPED,
    UNIT_NAMES,
    units_text,
)
from .view import ViewRules

__all__ = ["ACTIVE", "ATTACKING", "BOMBARDED", "CARGO", "DONE", "FREE", "FRESH", "MOVABLE",
           "PLACED", "REGROUP", "STOPPED", "MovementRules"]


# Steps name what is on the hex, which changes: MapActions makes them on demand and keeps them,
# up to a bound.
STEPS_KEPT: Final = 1024  # kinds of contents, each with a step per hex and kind
STEP_KINDS: Final = ("move", "road", "port", "attack")
TERRAIN_NAMES: Final = TERRAINS  # a compiled module's own constant is read directly


class MapActions:
    """The actions of one map size that name only hexes and unit types, made once and shared
    by every state on such a map. An action is an immutable value: handing out the same
    object in every list of legal actions costs a look-up where making one costs far more,
    and random playouts make a dozen a decision. Index by hex * 4 + unit type (`select`,
    `place`, `withdraw`, `pick_up`), hex * 2 + attack (`unload`), or hex."""

    radius: int
    names: tuple[str, ...]
    select: tuple[SelectUnit, ...]
    place: tuple[PlaceReserve, ...]
    withdraw: tuple[Withdraw, ...]
    pick_up: tuple[PickUp, ...]
    unload: tuple[Unload, ...]
    fight: tuple[Fight, ...]
    bombard: tuple[Bombard, ...]
    build: tuple[BuildTown, ...]
    upgrade: tuple[Upgrade, ...]
    frigates: dict[int, PlaceFrigate]
    steps: dict[str, list[Step | None]]

    def __init__(self, radius: int):
        names = board(radius).names
        hexes = range(len(names))
        self.radius, self.names = radius, names
        self.select = tuple(SelectUnit(h, names[h], t) for h in hexes for t in range(4))
        self.place = tuple(PlaceReserve(h, names[h], t) for h in hexes for t in range(4))
        self.withdraw = tuple(Withdraw(h, names[h], t) for h in hexes for t in range(4))
        self.pick_up = tuple(PickUp(h, names[h], t) for h in hexes for t in range(4))
        self.unload = tuple(Unload(h, names[h], a) for h in hexes for a in (False, True))
        self.fight = tuple(Fight(h, names[h]) for h in hexes)
        self.bombard = tuple(Bombard(h, names[h]) for h in hexes)
        self.build = tuple(BuildTown(h, names[h]) for h in hexes)
        self.upgrade = tuple(Upgrade(h, names[h]) for h in hexes)
        self.frigates = {}
        self.steps = {}

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return map_actions, (self.radius,)  # a copy of a state shares the table again

    def frigate(self, h: int, w: int) -> PlaceFrigate:
        key = h << 16 | w
        action = self.frigates.get(key)
        if action is None:
            names = self.names
            action = self.frigates[key] = PlaceFrigate(h, names[h], w, names[w])
        return action

    def step(self, h: int, kind: str, what: str) -> Step:
        # By what is there (a few words, mostly a terrain's name), then by hex and kind.
        made = self.steps.get(what)
        if made is None:
            if len(self.steps) >= STEPS_KEPT:
                self.steps.clear()
            made = self.steps[what] = [None] * (len(self.names) * 4)
        i = h * 4 + STEP_KINDS.index(kind)
        action = made[i]
        if action is None:
            action = made[i] = Step(h, self.names[h], kind, what)
        return action


@cache
def map_actions(radius: int) -> MapActions:
    return MapActions(radius)


@mypyc_attr(allow_interpreted_subclasses=True)  # the state's, see state.py
class MovementRules(ViewRules):
    """Movement and transport. The state's fields and the methods of the state these rules
    call are declared here, at the bottom of the compiled rules (this class, placement.py's,
    state.py's; where built, warroom.native): a compiled class reads a declared field and
    calls a declared method directly."""

    # The map (see state.py)
    config: Config
    board: Board
    acts: MapActions
    cards: dict[str, Any]
    resolver: Any
    hidden_map: bool
    terrain: bytearray
    drawn: int
    water: int
    explored: list[int]
    bag: list[int]
    settle: bytearray
    sowner: bytearray
    settled: list[int]
    capital: list[int]
    occ_owner: list[int]
    occ_n: list[int]
    # The board's tables the rules read most, shared by every state on the map: a compiled
    # class reads its own fields faster than the board's.
    neighbours: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    distance: tuple[bytes, ...]
    near1: tuple[int, ...]  # the hexes within one of each hex, as bitmasks
    # Units: owner, type, hex, movement left, status, carrier, target, flags
    uo: list[int]
    ut: list[int]
    uh: list[int]
    um: list[int]
    us: list[int]
    uc: list[int]
    ug: list[int]
    uf: list[int]
    supported: list[list[int]]
    onboard: list[list[int]]
    # The turn
    round: int
    player: int
    phase: str
    active: int
    easy: int
    pennants: int
    battles: list[int]
    bombards: dict[int, list[int]]
    placed: dict[int, list[int]]
    built: int
    upgraded: bool
    reserve_battle: bool
    overwatch_fired: dict[int, int]
    reveal_pending: Any
    queue: list[list[Any]]
    session: Any
    session_request: Any
    battle_units: tuple[int, list[int]]
    overwatch_from: int
    discarding: list[int]
    redraws: int
    pool: Any
    memory: list[dict[int, tuple[int, int, int]]]
    out: list[bool]
    result: Outcome | None
    turns_taken: int
    captures: int
    battles_fought: int
    underdog_battles: int
    underdog_wins: int
    seen_counts: list[int]
    spectator_only_counts: list[int]
    n_events: int
    marks: list[list[Any]]

    def event(self, kind: str, to: tuple[int, ...] | None = None, **data: Any) -> None:
        """The engine's event, counted for the log window of observations (state.py); here,
        at the bottom of the compiled rules, so that they call it directly."""
        if self.logs(kind):  # as the engine's event would find
            super().event(kind, to, **data)
        self.n_events += 1
        counts = self.seen_counts
        if to is None:
            for i in range(len(counts)):
                counts[i] += 1
        else:
            for p in to:
                if p != SPECTATORS:
                    counts[p] += 1
                else:
                    self.count_for_spectators(to)

    def count_for_spectators(self, to: tuple[int, ...]) -> None:
        """An event told to spectators (`to` names SPECTATORS) and to the seats `to` names:
        the last count is the spectators'; each seat not named counts it among the events
        spectators saw that it did not (which its determinisation's log keeps, view.py)."""
        self.seen_counts[-1] += 1
        only = self.spectator_only_counts
        for q in range(len(only)):
            if q not in to:
                only[q] += 1

    # --- provided by the state (state.py) ---------------------------------------------------
    def occ_add(self, h: int, p: int, k: int) -> None:
        raise NotImplementedError

    def occ_sub(self, h: int, k: int) -> None:
        raise NotImplementedError

    def add_unit(self, p: int, t: int, h: int, status: int) -> int:
        raise NotImplementedError

    def remove_unit(self, u: int) -> None:
        raise NotImplementedError

    def move_unit(self, u: int, h: int) -> None:
        raise NotImplementedError

    def reserve(self, p: int) -> list[int]:
        raise NotImplementedError

    def own_settlements(self, p: int) -> list[int]:
        raise NotImplementedError

    def holds_capital(self, p: int) -> bool:
        raise NotImplementedError

    def actor_only(self, p: int, *hexes: int) -> tuple[int, ...] | None:
        raise NotImplementedError

    def located_event(self, kind: str, audience: tuple[int, ...], where: str,
                      others_learn: dict[str, Any] | None = None, **data: Any) -> None:
        raise NotImplementedError

    def reveal(self, p: int, hexes: list[int] | int, automatic: bool = False) -> None:
        raise NotImplementedError

    def found(self, p: int, h: int, kind: int, capital: bool = False,
              reveal: bool = True) -> None:
        raise NotImplementedError

    def upgrade(self, p: int, h: int) -> None:
        raise NotImplementedError

    def gain_card(self, p: int, why: str) -> None:
        raise NotImplementedError

    def start_battle(self, kind: str, h: int, units: list[int] | None = None,
                     placed: int = -1, defender: int = NOBODY) -> None:
        raise NotImplementedError

    def overwatch_check(self, units: list[int], after: int = NOBODY) -> None:
        raise NotImplementedError

    # --- small queries ------------------------------------------------------------------
    def enemy_units_at(self, h: int, p: int) -> bool:
        o = self.occ_owner[h]
        return o >= 0 and o != p

    def enemy_held(self, h: int, p: int) -> bool:
        """Enemy units, or an enemy town or city."""
        o = self.occ_owner[h]
        s = self.sowner[h]
        return (o >= 0 and o != p) or (s != NOBODY and s != p)

    def is_port(self, h: int, p: int) -> bool:
        """An own town or city with water on at least two sides (the map's edge counts)."""
        if self.sowner[h] != p or not self.settle[h]:
            return False
        b = self.board
        water = b.off_map[h] + sum(1 for n in self.neighbours[h] if self.terrain[n] == WATER)
        return water >= 2

    def cargo_of(self, f: int) -> list[int]:
        return [u for u in range(len(self.uo)) if self.uc[u] == f and self.us[u] == CARGO]

    def attacking(self, h: int) -> list[int]:
        """The units that declared an attack on hex h (the battle there not yet fought)."""
        us, ug = self.us, self.ug
        return [u for u in range(len(us)) if us[u] == ATTACKING and ug[u] == h]

    def attack_cards(self, p: int) -> int:
        return sum(1 for c in self.pool.hands[p] if self.cards[c].can_attack)

    def may_attack(self, p: int, h: int, any_hand: bool = False) -> bool:
        """An attack may go into `h`: no pennant there; in cards mode, moving into a hex with
        enemy units needs an Attack card for it (besides one for each attack on enemy units
        already declared) unless a battle is already declared there. `any_hand`: as if the
        player held Attack cards enough (`hand_may_act`)."""
        if self.pennants >> h & 1:
            return False
        if self.config.mode == "cards" and not any_hand and self.enemy_units_at(h, p) \
                and h not in self.battles:
            declared = sum(1 for b in self.battles if self.enemy_units_at(b, p))
            return self.attack_cards(p) > declared
        return True

    def what_is_at(self, h: int, p: int) -> str:
        """A few words on a hex for an action's label."""
        s = self.sowner[h]
        o = self.occ_owner[h]
        if s == NOBODY and (o == p or o < 0 and h not in self.battles):
            t = self.terrain[h]  # the usual case: nothing but the terrain to tell
            return TERRAIN_NAMES[t] if t != UNKNOWN else "?"
        parts = []  # never empty: a town or city, enemy units, or a battle declared
        if s != NOBODY:
            kind = "city" if self.settle[h] == 2 else "town"
            parts.append(f"your {kind}" if s == p else f"player {s}'s {kind}")
        if o >= 0 and o != p:
            parts.append(f"player {o}: {units_text(self.units_at(h, o))}")
        if h in self.battles and o != p:
            parts.append("battle declared")
        return ", ".join(parts)

    def enemies_near(self, p: int, h: int) -> list[list[Any]]:
        """A hidden map: what a unit that steps onto h sees of the enemy next to it (it sees
        those hexes from now on), as [hex, owner, town or city, units] - told with the step,
        since enemy artillery there may fire at it."""
        names = self.names
        out = []
        for k in sorted(self.neighbours[h]):
            for o in sorted({self.occ_owner[k], self.sowner[k]} - {-1, NOBODY, p}):
                kind = self.settle[k] if self.sowner[k] == o else 0
                out.append([names[k], o, ("", "town", "city")[kind],
                            units_text(self.units_at(k, o))])
        return out

    def units_at(self, h: int, p: int, statuses: tuple[int, ...] | None = None) -> list[int]:
        counts = [0, 0, 0, 0]
        for u in range(len(self.uo)):
            if self.uh[u] == h and self.uo[u] == p and self.us[u] not in (FREE, ATTACKING, CARGO) \
                    and (statuses is None or self.us[u] in statuses):
                counts[self.ut[u]] += 1
        return counts

    # --- what the moving unit may do --------------------------------------------------
    def unit_options(self, u: int, with_cards: bool = True) -> list[Any]:
        p, t, h, mp = self.uo[u], self.ut[u], self.uh[u], self.um[u]
        out: list[Any] = (self._frigate_options(u, p, h, mp) if t == FRIG
                          else self._land_options(p, h, mp))
        in_port = t == FRIG and self.terrain[h] != WATER
        if t in (ART, FRIG) and not self.uf[u] & BOMBARDED and not in_port:
            bombard = self.acts.bombard
            out += [bombard[n] for n in self.neighbours[h] if self.enemy_units_at(n, p)]
        if with_cards and self.pool is not None and not self.uf[u] & (STOPPED | BOMBARDED):
            out += self._move_cards(u)
        return out

    def _move_cards(self, u: int) -> list[PlayMoveCard]:
        cards = self.cards
        return [PlayMoveCard(c, cards[c].short()) for c in self.pool.hands[self.uo[u]]
                if cards[c].effect == "plus_one_mp"]

    def _land_options(self, p: int, h: int, mp: int) -> list[Any]:
        if mp < 1:
            return []
        step = self.acts.step
        terrain, occ_owner, sowner = self.terrain, self.occ_owner, self.sowner
        explored = self.explored[p]
        out: list[Any] = []
        for n in self.neighbours[h]:
            ter = terrain[n]
            if ter == WATER or ter == UNKNOWN or not explored >> n & 1:
                continue
            o, s = occ_owner[n], sowner[n]
            if (o >= 0 and o != p) or (s != NOBODY and s != p):  # enemy_held
                if self.may_attack(p, n):
                    out.append(step(n, "attack", self.what_is_at(n, p)))
            else:
                out.append(step(n, "move", self.what_is_at(n, p)))
        if sowner[h] == p:
            dist = self.distance[h]
            for s in self.own_settlements(p):
                if 2 <= dist[s] <= 3 and self.road_free(p, h, s):
                    out.append(step(s, "road", self.what_is_at(s, p)))
        return out

    def road_free(self, p: int, a: int, z: int) -> bool:
        """A path as long as the distance from a to z, through explored hexes of any terrain,
        with no enemy units on it."""
        dz = self.distance[z]
        explored = self.explored[p]

        def clear(h: int) -> bool:
            return bool(explored >> h & 1) and not self.enemy_units_at(h, p)

        for m in self.neighbours[a]:
            if dz[m] != dz[a] - 1 or not clear(m):
                continue
            if dz[m] == 1:
                return True
            if any(dz[k] == 1 and clear(k) for k in self.neighbours[m]):
                return True
        return False

    def _frigate_options(self, u: int, p: int, h: int, mp: int) -> list[Any]:
        acts = self.acts
        out: list[Any] = []
        in_port = self.terrain[h] != WATER
        if mp >= 1:
            for n in self.neighbours[h]:
                if not self.explored[p] >> n & 1:
                    continue
                if self.terrain[n] == WATER:
                    if self.enemy_units_at(n, p):
                        # Never from a port: a frigate beaten back would stop in it, or pull
                        # back through it (VIKTORY-II.md, "Movement", "Battle outcomes").
                        if not in_port and self.may_attack(p, n):
                            out.append(acts.step(n, "attack", self.what_is_at(n, p)))
                    else:
                        out.append(acts.step(n, "move", "water"))
                elif mp >= 2 and self.is_port(n, p) and any(
                        self.terrain[k] == WATER for k in self.neighbours[n]):
                    out.append(acts.step(n, "port", "your port"))
        if self.uf[u] & BOMBARDED:
            mp = 0
        cargo = self.cargo_of(u)
        if len(cargo) < FRIGATE_CAPACITY and not self.uf[u] & BOMBARDED:
            sources = list(self.neighbours[h]) + ([h] if in_port else [])
            for n in sorted(sources):
                if self.terrain[n] == WATER or self.occ_owner[n] != p:
                    continue
                fresh = self.units_at(n, p, (FRESH,))
                out += [acts.pick_up[n * 4 + k] for k in LAND_UNITS if fresh[k]]
        if cargo and not in_port:
            for n in self.neighbours[h]:
                ter = self.terrain[n]
                if ter == WATER or ter == UNKNOWN or not self.explored[p] >> n & 1:
                    continue
                if self.enemy_held(n, p):
                    if self.may_attack(p, n):
                        out.append(acts.unload[n * 2 + 1])
                else:
                    out.append(acts.unload[n * 2])
        return out

    def can_act(self, u: int, any_hand: bool = False) -> bool:
        """Whether a fresh unit could do anything if selected (a quick unit_options);
        `any_hand`: as if its player held Attack cards enough."""
        p, t, h = self.uo[u], self.ut[u], self.uh[u]
        explored = self.explored[p]
        terrain = self.terrain
        in_port = t == FRIG and terrain[h] != WATER  # it only sails on (unit_options)
        if t in (ART, FRIG) and not self.uf[u] & BOMBARDED and not in_port:
            if any(self.enemy_units_at(n, p) for n in self.neighbours[h]):
                return True
        if t == FRIG:
            return self._frigate_can_act(u, p, h, any_hand)
        if self.um[u] < 1:
            return False
        for n in self.neighbours[h]:
            ter = terrain[n]
            if ter == WATER or ter == UNKNOWN or not explored >> n & 1:
                continue
            if not self.enemy_held(n, p) or self.may_attack(p, n, any_hand):
                return True
        if self.sowner[h] == p:
            dist = self.distance[h]
            return any(2 <= dist[s] <= 3 and self.road_free(p, h, s)
                       for s in self.own_settlements(p))
        return False

    def _frigate_can_act(self, f: int, p: int, h: int, any_hand: bool = False) -> bool:
        explored = self.explored[p]
        in_port = self.terrain[h] != WATER  # no attack from a port (_frigate_options)
        if self.um[f] >= 1:
            for n in self.neighbours[h]:
                if not explored >> n & 1:
                    continue
                if self.terrain[n] == WATER:
                    if not self.enemy_units_at(n, p) or not in_port \
                            and self.may_attack(p, n, any_hand):
                        return True
                elif self.um[f] >= 2 and self.is_port(n, p) and any(
                        self.terrain[k] == WATER for k in self.neighbours[n]):
                    return True  # sailing through an own port (_frigate_options)
        cargo = self.cargo_of(f)
        if cargo:
            return any(explored >> n & 1 and self.terrain[n] not in (WATER, UNKNOWN)
                       for n in self.neighbours[h])
        dist = self.distance[h]
        return any(self.uo[u] == p and self.us[u] == FRESH and self.ut[u] != FRIG
                   and dist[self.uh[u]] == 1 for u in range(len(self.uo)))

    def hand_may_act(self, p: int) -> bool:
        """Cards mode: whether an Attack card would let one of p's units act now (units next
        to enemy units that only an attack could move). Whether p is asked for its move step
        may depend on this, never on its hand: skipping the step for want of an Attack card
        told every other seat that it held none (an audit, stop 71)."""
        if self.config.mode != "cards":
            return False
        uo = self.uo
        return any((s == FRESH or s == REGROUP) and uo[u] == p and self.can_act(u, True)
                   for u, s in enumerate(self.us))

    def selectable(self, p: int) -> list[SelectUnit]:
        """One SelectUnit per (hex, type) holding a fresh unit that could do something (as
        the unit `select_unit` would take could)."""
        best: dict[int, int] = {}  # hex * 4 + type -> the unit select_unit would take
        uo, uh, ut = self.uo, self.uh, self.ut
        for u, s in enumerate(self.us):
            if (s == FRESH or s == REGROUP) and uo[u] == p:
                key = uh[u] * 4 + ut[u]
                b = best.get(key, -1)
                if b < 0 or self._taken_before(u, b):
                    best[key] = u
        keys = sorted([k for k, u in best.items() if self.can_act(u)])
        select = self.acts.select
        return [select[k] for k in keys]

    def pick_unit(self, units: list[int]) -> int:
        """Which of a player's units of one kind on one hex a rule takes (`withdraw`,
        `disband`, `select_unit`): not by slot, which nobody sees and a copy does not keep
        (README.md, "Hidden information"), but by what they are (`_taken_before`)."""
        chosen = units[0]
        for u in units:
            if self._taken_before(u, chosen):
                chosen = u
        return chosen

    def _taken_before(self, u: int, v: int) -> bool:
        """Whether `pick_unit` takes unit u before unit v (of one kind, on one hex): a frigate
        without cargo first, then by status (fresh, active, done, cargo, placed,
        regrouping), the most movement left, the fewest marks; units alike in all of these
        are interchangeable (the slot only breaks their tie). Comparisons, not keys: this
        runs for every unit at every move step (`selectable`)."""
        us, um, uf = self.us, self.um, self.uf
        if self.ut[u] == FRIG:
            carries_u, carries_v = self._carries(u), self._carries(v)
            if carries_u != carries_v:
                return carries_v
        if us[u] != us[v]:
            return us[u] < us[v]
        if um[u] != um[v]:
            return um[u] > um[v]
        if uf[u] != uf[v]:
            return uf[u] < uf[v]
        return u < v

    def _carries(self, f: int) -> bool:
        """Whether frigate f has cargo aboard."""
        us, uc = self.us, self.uc
        for c in range(len(us)):
            if uc[c] == f and us[c] == CARGO:
                return True
        return False

    def _selected(self, p: int, h: int, t: int) -> int:
        """The unit `select_unit` takes for (h, t): a fresh one, else one regrouping, by
        what it is (`pick_unit`), not its slot."""
        uo, uh, ut, us = self.uo, self.uh, self.ut, self.us
        return self.pick_unit([k for k in range(len(uo)) if (us[k] == FRESH or us[k] == REGROUP)
                               and uo[k] == p and uh[k] == h and ut[k] == t])

    def move_actions(self, p: int, settle: bool = False) -> list[Any]:
        """The move step's actions. With `settle` (the state advancing, not a query), the
        moving unit first stops by itself if it can do nothing more."""
        out: list[Any] = []
        u = self.active
        if u >= 0 and settle and self.us[u] != ACTIVE:
            self.active = u = -1
        if u >= 0:
            out = self.unit_options(u, with_cards=False)
            in_port = self.ut[u] == FRIG and self.terrain[self.uh[u]] != WATER
            # A +1 MP card may follow a unit's last step as well as come before it (README,
            # the ruling on +1 MP), so a unit that spent its movement points stays selected
            # while its player holds any card: the hand's size is public, which cards it
            # holds is not, and stopping only for a +1 MP card would tell the table.
            may_play = (self.pool is not None and not self.uf[u] & (STOPPED | BOMBARDED))
            if settle and not out and not in_port and not (
                    may_play and self.pool.hands[self.uo[u]]):
                self.end_active()
                out = []
            else:
                if may_play:
                    out += self._move_cards(u)
                if in_port and any(type(a) is Step for a in out):
                    return out  # a frigate in a port sails on before anything else moves
                out.append(DONE_STOP)
        out += self.selectable(p)
        if self.battles:
            fight = self.acts.fight
            out += [fight[h] for h in self.battles]
        else:
            out.append(DONE_MOVE)
        return out

    # --- doing it -------------------------------------------------------------------------
    def select_unit(self, p: int, h: int, t: int) -> None:
        self.end_active()
        # A fresh unit there; else a cavalry regrouping after a battle (`pick_unit`).
        u = self._selected(p, h, t)
        self.us[u] = ACTIVE
        self.active = u
        self.event("select", to=self.actor_only(p), player=p, unit=UNIT_NAMES[t],
                   where=self.names[h])

    def end_active(self) -> None:
        u = self.active
        if u >= 0:
            if self.us[u] == ACTIVE:
                self.us[u] = DONE
            self.active = -1

    def step(self, p: int, action: Step) -> None:
        u = self.active
        h, n = self.uh[u], action.hex
        names = self.names
        if action.kind == "attack":
            self.declare_attack(u, n)
            self.event("attack", to=self.actor_only(p, n), player=p,
                       unit=UNIT_NAMES[self.ut[u]], source=names[h], where=names[n])
            return
        self.move_unit(u, n)
        self.um[u] -= 1
        if self.ut[u] in (INF, ART) and self.terrain[n] in (FOREST, MOUNTAIN) \
                and not self.easy >> n & 1:
            self.um[u] = 0
            self.uf[u] |= STOPPED
        extra = {"near": self.enemies_near(p, n)} if self.hidden_map else {}
        self.event("move", to=self.actor_only(p, h, n), player=p,
                   unit=UNIT_NAMES[self.ut[u]], source=names[h], where=names[n],
                   road=action.kind == "road", **extra)
        self.reveal(p, list(self.neighbours[n]))
        self.overwatch_check([u])

    def declare_attack(self, u: int, target: int) -> None:
        """The unit attacks `target`: a battle to fight there this turn."""
        self.join_attack(u, target)
        if target not in self.battles:
            self.battles.append(target)

    def join_attack(self, u: int, target: int) -> None:
        """The unit moves up to the hex side it attacks across; it waits there (counted in
        neither hex) until the battle is fought. A unit brought into a battle being fought
        joins it so, without declaring it again."""
        self.occ_sub(self.uh[u], 1)
        self.us[u] = ATTACKING
        self.ug[u] = target
        self.um[u] = max(0, self.um[u] - 1)  # what a cavalry may use after the battle
        if self.active == u:
            self.active = -1

    def bombard(self, p: int, action: Bombard) -> None:
        u = self.active
        self.uf[u] |= BOMBARDED
        self.um[u] = 0
        names = self.names
        self.event("bombard", to=self.actor_only(p, action.hex), player=p,
                   unit=UNIT_NAMES[self.ut[u]], source=names[self.uh[u]],
                   where=names[action.hex])
        if self.ut[u] != FRIG or not self.cargo_of(u):
            self.end_active()
        if action.hex in self.battles:  # it joins the battle declared there
            self.bombards.setdefault(action.hex, []).append(u)
        else:
            self.start_battle("bombard", action.hex, units=[u])

    def pick_up(self, p: int, action: PickUp) -> None:
        f = self.active
        u = min(u for u in range(len(self.uo)) if self.us[u] == FRESH and self.uo[u] == p
                and self.uh[u] == action.hex and self.ut[u] == action.unit)
        self.occ_sub(action.hex, 1)
        self.uh[u] = self.uh[f]
        self.occ_add(self.uh[f], p, 1)
        self.us[u] = CARGO
        self.uc[u] = f
        names = self.names
        self.event("pick_up", to=self.actor_only(p, action.hex), player=p,
                   unit=UNIT_NAMES[action.unit], source=names[action.hex],
                   where=names[self.uh[f]])

    def unload(self, p: int, action: Unload) -> None:
        f = self.active
        h = self.uh[f]
        cargo = self.cargo_of(f)
        names = self.names
        # Landed, as a step: on a hidden map the mover sees the enemy next to them.
        extra = ({"near": self.enemies_near(p, action.hex)}
                 if self.hidden_map and not action.attack else {})
        self.event("unload", to=self.actor_only(p, h, action.hex), player=p,
                   units=units_text(self.count_types(cargo)), source=names[h],
                   where=names[action.hex], attack=action.attack, **extra)
        for u in cargo:
            if action.attack:
                self.declare_attack(u, action.hex)  # from the frigate's hex; uc keeps it
            else:
                self.occ_sub(h, 1)
                self.uh[u] = action.hex
                self.occ_add(action.hex, p, 1)
                self.us[u] = DONE
                self.uc[u] = -1
        self.um[f] = 0
        self.end_active()
        if not action.attack:
            self.reveal(p, list(self.neighbours[action.hex]))
            # Units unloaded have moved next to what is next to them: Overwatch, once for
            # them all (README, "Overwatch while moving").
            self.overwatch_check(cargo)

    def play_move_card(self, p: int, action: PlayMoveCard) -> None:
        self.pool.hands[p].remove(action.card)
        self.pool.discard.append(action.card)
        self.um[self.active] += 1
        self.event("move_card", player=p, card=action.card, desc=action.desc)

    def count_types(self, units: list[int]) -> list[int]:
        counts = [0, 0, 0, 0]
        for u in units:
            counts[self.ut[u]] += 1
        return counts

    def start_of_turn_units(self, p: int) -> None:
        """Every unit of the player on the board may move again; `easy` marks the hexes that
        are not difficult this turn (a town, city or land unit of the player's there now)."""
        easy = 0
        for u in range(len(self.uo)):
            if self.uo[u] != p or self.us[u] == FREE:
                continue
            if self.us[u] != CARGO:
                self.us[u] = FRESH
                if self.ut[u] != FRIG:
                    easy |= 1 << self.uh[u]
            self.um[u] = RANGE[self.ut[u]]
            self.uf[u] = 0
        for h in self.own_settlements(p):
            easy |= 1 << h
        self.easy = easy
