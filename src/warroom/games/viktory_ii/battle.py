"""The seam between the map game and a battle resolver.

The map game decides *when* a battle happens and *who* is in it; a resolver decides *how* it
is fought. When units end a move in an enemy hex (or attack a town or city, or frigates meet,
or a placed frigate lands on an enemy one, or artillery and frigates bombard), the map game
builds a `BattleRequest` with everything the resolver may need and starts a session:

    session = resolver.start(request, rng, pool)

While `session.to_move()` names a player, the map game's own `to_move()`, `legal_actions()`
and `apply()` hand that decision to the session, unchanged: the session's actions are
actions of the map game (the map game's codec knows `resolver.actions`). When
`session.result()` is not None the battle is over and the map game applies the
`BattleResult`: it removes the casualties, moves units drawn into the battle, moves the
winners in (or sends the attackers back to their source hexes), hands over a captured town or
city with its unit support and cards, raises a pennant, and goes on with the turn.

What a resolver must provide (phase 2 moves the one-battle game's resolver here; see
DESIGN-NOTES.md):
- `actions`: its action classes (frozen dataclasses with a `label`), for the map's codec;
- `start(request, rng, pool) -> BattleSession`: every die it rolls comes from `rng` (the map
  state's own generator, so records replay and `determinize` re-seeds it); in card modes it
  plays, draws and discards from `pool`, which the map game owns and lends for the battle;
- a session: `to_move()`, `legal_actions(player)`, `apply(player, action)` (validation is
  the map game's: it only forwards actions the session listed), `result()`,
  `observation(player)` (JSON-able, what that player may see of the battle: no other
  player's hand), and `clone(rng, pool)` (an independent copy bound to the clone's rng and
  pool; `determinize` reshuffles the pool's hidden cards itself and then clones).
- Casualties are counted by unit type per group (each hex side, each bombarding hex, the
  defender's hex); the map game picks which of its identical units they are.

Everything here is plain data: tuples of ints, hexes as the map's ints (with names for
labels and logs).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

Units = tuple[int, int, int, int]  # infantry, cavalry, artillery, frigates
NO_UNITS: Units = (0, 0, 0, 0)

BattleKind = Literal["land", "naval", "bombard", "reserve_naval"]


@dataclass(frozen=True)
class AttackSide:
    """The units attacking across one hex side: they entered from `source`, the hex next to
    the battle hex (not where they started their move). An amphibious attack's source is the
    frigate's water hex (`from_frigate`); they fall back onto the frigate."""

    source: int
    source_name: str
    from_frigate: bool
    units: Units  # committed to the attack
    # Own land units in the source hex that are not committed and have not moved: a later
    # launch (a second wave, with cards) may bring them.
    reserve: Units = NO_UNITS


@dataclass(frozen=True)
class Bombardment:
    """Artillery and frigates bombarding the battle hex from one adjacent hex."""

    hex: int
    name: str
    artillery: int
    frigates: int


@dataclass(frozen=True)
class DefenderReserve:
    """Defending land units in a hex next to the battle hex (a Reinforcements card may draw
    them in)."""

    hex: int
    name: str
    units: Units


@dataclass(frozen=True)
class BattleRequest:
    kind: BattleKind  # land, naval (frigates in water), bombard (no attackers move in),
    # reserve_naval (a frigate placed from reserve onto an enemy frigate)
    hex: int
    name: str
    terrain: str  # plains, grassland, forest, mountain, water
    settlement: str  # none, town, city
    capital: bool  # the battle hex is a capital
    attacker: int
    defender: int
    sides: tuple[AttackSide, ...]  # empty for a bombard
    bombard: tuple[Bombardment, ...]
    defender_units: Units
    defender_reserve: tuple[DefenderReserve, ...]
    naval_support: bool  # a frigate of the defender is next to the battle hex
    supply: tuple[bool, bool]  # combat supply of (attacker, defender); lost capital: False
    lost_capital: tuple[bool, bool]  # (attacker, defender) does not hold its own capital:
    # its cities defend with one die instead of two
    overwatch_ready: int  # defending artillery that has not fired Overwatch this turn
    mode: str  # dice, cards, hybrid
    towns: tuple[int, int]  # (attacker, defender): towns held (hand size, draw limit)
    cities: tuple[int, int]
    hand_limit: int


@dataclass
class CardPool:
    """The Battle Cards of a game: the map game owns it and lends it to a battle."""

    deck: list[str] = field(default_factory=list)  # top is the end
    discard: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)

    def copy(self) -> CardPool:
        return CardPool(list(self.deck), list(self.discard), [list(h) for h in self.hands])


@dataclass(frozen=True)
class BattleResult:
    winner: Literal["attacker", "defender", "none"]
    reason: str
    attacker_losses: tuple[Units, ...]  # per side, in the request's order
    bombard_losses: tuple[Units, ...]  # per bombarding hex, in the request's order
    defender_losses: Units
    # Units that joined during the battle: each side's reserve brought in, and the
    # defender's units drawn in from adjacent hexes (they end up in the battle hex).
    reserve_joined: tuple[Units, ...] = ()
    drawn_in: tuple[DefenderReserve, ...] = ()
    retreated: bool = False  # the attackers pulled back to their source hexes
    overwatch_fired: int = 0  # defending artillery that fired Overwatch (once per turn)
    rounds: int = 0
    # Land battles: the attackers (if any survive and no defender does) move into the hex and
    # take a town or city there; the map game decides that from `winner`.
    details: dict[str, Any] = field(default_factory=dict)


class BattleSession(Protocol):
    def to_move(self) -> tuple[int, ...]: ...

    def legal_actions(self, player: int) -> list[Any]: ...

    def apply(self, player: int, action: Any) -> None: ...

    def result(self) -> BattleResult | None: ...

    def observation(self, player: int | None) -> dict[str, Any]: ...

    def clone(self, rng: random.Random, pool: CardPool | None) -> BattleSession: ...


class Resolver(Protocol):
    actions: tuple[type, ...]

    def start(self, request: BattleRequest, rng: random.Random,
              pool: CardPool | None) -> BattleSession: ...
