"""The seam between a game and the battle resolver: what a game hands over, what it gets back.

A game decides *when* a battle happens and *who* is in it; the resolver (resolver.py) decides
*how* it is fought. The map game builds a `BattleRequest` when units attack a hex (enemy
units, a town or city, frigates meeting), a frigate is placed from reserve onto an enemy one,
artillery and frigates bombard, or a unit moves next to defending artillery (Overwatch); the
one-battle game builds one from its scenario. Then:

    session = resolver.start(request, host, pool)

While `session.to_move()` names a player, the game's own `to_move()`, `legal_actions()` and
`apply()` hand that decision to the session, unchanged: the session's actions are actions of
the game (its codec knows `resolver.actions`). When `session.result()` is not None the
battle is over and the game applies the `BattleResult`: the map game removes the casualties,
moves the units that joined, moves the winners in (or sends the attackers back to their
source hexes, onto the frigate after an amphibious attack), hands over a captured town or
city with its unit support and cards, raises a pennant and goes on with the turn.

- `host` is the game's state (`BattleHost`): every die the session rolls and every card it
  shuffles comes from `host.rng`, read at the moment (so records replay, and a
  determinisation's new generator is used at once), and every event goes into the host's log
  through `host.battle_event` (the host decides who sees it), unless `host.battle_logs`
  says that the host does not want it now. A finished session lets go of its host.
- `pool`: the Battle Cards (card modes), which the game owns and lends for the battle; the
  session plays, draws and discards in it. Hands are indexed by seat.
- A session: `to_move()` and `legal_actions(player)` in seats, `apply(player, action)`
  (validation is the game's: it forwards only actions the session listed), `result()`,
  `observation(player)` (JSON-able, the battle's public state: never a hand),
  `table_data()` (what the browser tables show besides, as data: keys to update the
  observation with, `{}` for none; public, as the observation is), and
  `clone(host, pool)` (an independent copy bound to the copy's host and pool; a
  determinisation reshuffles the pool's hidden cards in place, which the session then sees).
- Casualties are counted by unit type per group (each hex side, the bombarding units, each
  group of the defender's units drawn in, the defender's hex); the game picks which of its
  identical units they are.

Everything here is plain data: tuples of ints, hexes as the map's ints (with names for
labels and logs).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from .units import NO_UNITS, Units

# land; naval (frigates in water); bombard (artillery and frigates fire from adjacent hexes,
# nobody moves in); reserve_naval (a frigate placed from reserve onto an enemy frigate);
# overwatch (defending artillery fires at a unit that moved next to it, outside a battle).
BattleKind = Literal["land", "naval", "bombard", "reserve_naval", "overwatch"]


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
    them in). `overwatch_fired`: of its artillery, those that have fired Overwatch this enemy
    turn (they may not fire again in the battle); in a result's `drawn_in`, those of the
    artillery drawn in. The resolver draws the ones still ready in first."""

    hex: int
    name: str
    units: Units
    overwatch_fired: int = 0


@dataclass(frozen=True)
class BattleRequest:
    kind: BattleKind
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
    overwatch_ready: int  # defending artillery that has not fired Overwatch this turn (in
    # the battle hex; those next to it: `DefenderReserve.overwatch_fired`)
    mode: str  # dice, cards, hybrid
    towns: tuple[int, int]  # (attacker, defender): towns held (hand size, draw limit)
    cities: tuple[int, int]
    hand_limit: int

    @property
    def naval(self) -> bool:
        """Frigates fighting in a water hex."""
        return self.terrain == "water"


@dataclass
class CardPool:
    """The Battle Cards of a game: the map game owns it and lends it to a battle."""

    deck: list[str] = field(default_factory=list)  # top is the end
    discard: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)

    def copy(self) -> CardPool:
        return CardPool(list(self.deck), list(self.discard), [list(h) for h in self.hands])

    def draw_one(self, rng: random.Random, on_reshuffle: Callable[[int], None]) -> str | None:
        """The top card; an empty deck is first refilled by shuffling the discards
        (`on_reshuffle(cards)` is told). None when both are empty."""
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            rng.shuffle(self.deck)
            on_reshuffle(len(self.deck))
        return self.deck.pop() if self.deck else None


@dataclass(frozen=True)
class BattleResult:
    winner: Literal["attacker", "defender", "none"]
    reason: str
    attacker_losses: tuple[Units, ...]  # per side, in the request's order
    bombard_losses: tuple[Units, ...]  # per bombarding hex, in the request's order
    defender_losses: Units
    # Units that joined during the battle: each side's reserve brought in, and the
    # defender's units drawn in from adjacent hexes (they end up in the battle hex), with how
    # many of the artillery drawn in had fired Overwatch this turn.
    reserve_joined: tuple[Units, ...] = ()
    drawn_in: tuple[DefenderReserve, ...] = ()
    retreated: bool = False  # the attackers pulled back to their source hexes
    overwatch_fired: int = 0  # defending artillery that fired Overwatch (once per turn)
    rounds: int = 0
    # Land battles: the attackers (if any survive and no defender does) move into the hex and
    # take a town or city there; the map game decides that from `winner`.
    details: dict[str, Any] = field(default_factory=dict)


class BattleHost(Protocol):
    """What a session needs of the game whose battle it is (the game's state)."""

    @property
    def rng(self) -> random.Random: ...

    def battle_event(self, kind: str, to: tuple[int, ...] | None, **data: Any) -> None:
        """Log a battle event; `to` None: whoever sees the battle (seats otherwise)."""

    def battle_logs(self, kind: str) -> bool:
        """Whether the host wants battle events of this kind now; if not, the session skips
        them (a playout with its log off: see `State.logs`)."""


class BattleSession(Protocol):
    def to_move(self) -> tuple[int, ...]: ...

    def legal_actions(self, player: int) -> list[Any]: ...

    def apply(self, player: int, action: Any) -> None: ...

    def result(self) -> BattleResult | None: ...

    def observation(self, player: int | None) -> dict[str, Any]: ...

    def table_data(self) -> dict[str, Any]: ...

    def clone(self, host: BattleHost, pool: CardPool | None) -> BattleSession: ...
