"""TEMPORARY STAND-IN for the battle resolver, so that whole games can be played and tested
while the real resolver (the one-battle game's, in `games/viktory/state.py`) is moved to one
home that both games call. It is NOT the rules of Viktory II and must be replaced in phase 2
(DESIGN-NOTES.md). Nothing outside this module and `StandInResolver`'s use in state.py knows
about it.

What it does, all of it:
- Bombarding units (artillery and frigates) roll one die each; each 1-3 removes one defending
  unit. A bombard on its own ends there.
- Then rounds: the attacker rolls one die per committed unit; the defender one die per unit,
  plus 1 for a town and 2 for a city in the hex. Each 1-3 is a hit; both sides' casualties
  are removed together, cheapest first (infantry, cavalry, artillery, frigate), the attacker's
  from the hex side with the most units. A town or city with no defenders is fought for one
  round (only its own dice roll).
- After each round in which both sides still have units, the attacker decides: fight another
  round or pull back (after 10 rounds it pulls back).
- In cards mode, an attack on enemy units spends the attacker's first Attack card (by id):
  the map game asked for one to move in.
It ignores everything else a real battle has: unit-type dice, hex-side dice, terrain dice,
naval support, combat supply, suppression, tactical hits, Overwatch, pre-battle fire,
reserves, card play, and the lost-capital penalty.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .battle import BattleRequest, BattleResult, CardPool, Units

MAX_ROUNDS = 10
URBAN_DICE = {"none": 0, "town": 1, "city": 2}


@dataclass(frozen=True, slots=True)
class StandInPressOn:
    """Stand-in battle: the attacker fights another round."""

    @property
    def label(self) -> str:
        return "battle (stand-in): fight another round"


@dataclass(frozen=True, slots=True)
class StandInPullBack:
    """Stand-in battle: the attacker pulls back to its source hexes."""

    @property
    def label(self) -> str:
        return "battle (stand-in): pull back to the hexes you came from"


class StandInResolver:
    """Phase 1's temporary resolver (see the module docstring)."""

    actions = (StandInPressOn, StandInPullBack)

    def __init__(self, cards: dict[str, Any] | None = None):
        self.cards = cards or {}

    def start(self, request: BattleRequest, rng: random.Random,
              pool: CardPool | None) -> StandInSession:
        return StandInSession(request, rng, pool, self.cards)


class StandInSession:
    def __init__(self, request: BattleRequest, rng: random.Random, pool: CardPool | None,
                 cards: dict[str, Any], start: bool = True):
        self.request = request
        self.rng = rng
        self.pool = pool
        self.cards = cards
        self.att = [list(s.units) for s in request.sides]
        self.bomb = [[0, 0, b.artillery, b.frigates] for b in request.bombard]
        self.dfn = list(request.defender_units)
        self.rounds = 0
        self.waiting = False
        self.pulled_back = False
        self.rolls: list[list[int]] = []  # the last round's dice: attacker's, defender's
        self._result: BattleResult | None = None
        if start:
            self._begin()

    # --- the session contract -------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return (self.request.attacker,) if self.waiting else ()

    def legal_actions(self, player: int) -> list[Any]:
        if not self.waiting or player != self.request.attacker:
            return []
        return [StandInPressOn(), StandInPullBack()]

    def apply(self, player: int, action: Any) -> None:
        self.waiting = False
        if type(action) is StandInPullBack:
            self.pulled_back = True
            self._finish()
        else:
            self._round()

    def result(self) -> BattleResult | None:
        return self._result

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"resolver": "stand-in", "round": self.rounds,
                "attackers": [list(s) for s in self.att], "defenders": list(self.dfn),
                "last_dice": [list(r) for r in self.rolls]}

    def clone(self, rng: random.Random, pool: CardPool | None) -> StandInSession:
        new = StandInSession(self.request, rng, pool, self.cards, start=False)
        new.att = [list(s) for s in self.att]
        new.bomb = [list(b) for b in self.bomb]
        new.dfn = list(self.dfn)
        new.rounds = self.rounds
        new.waiting = self.waiting
        new.pulled_back = self.pulled_back
        new.rolls = [list(r) for r in self.rolls]
        new._result = self._result
        return new

    # --- the stand-in battle ----------------------------------------------------------------
    def _begin(self) -> None:
        req = self.request
        if req.mode == "cards" and req.kind in ("land", "naval") and sum(self.dfn) \
                and self.pool is not None:
            self._spend_attack_card()
        fire = sum(b[2] + b[3] for b in self.bomb)
        self._remove(self.dfn, self._hits(fire))
        if req.kind == "bombard":
            self._finish()
            return
        if not sum(self.dfn) and req.settlement == "none":
            self._finish()
            return
        self._round()

    def _spend_attack_card(self) -> None:
        assert self.pool is not None
        hand = self.pool.hands[self.request.attacker]
        for cid in sorted(hand):
            if self.cards[cid].can_attack:
                hand.remove(cid)
                self.pool.discard.append(cid)
                return

    def _hits(self, dice: int) -> int:
        rolled = [self.rng.randint(1, 6) for _ in range(dice)]
        self.rolls.append(rolled)
        return sum(1 for r in rolled if r <= 3)

    def _round(self) -> None:
        self.rounds += 1
        self.rolls = []
        attackers = sum(sum(s) for s in self.att)
        defender_dice = sum(self.dfn) + URBAN_DICE[self.request.settlement]
        attack_hits = self._hits(attackers if sum(self.dfn) else 0)
        defend_hits = self._hits(defender_dice)
        self._remove(self.dfn, attack_hits)
        for _ in range(defend_hits):
            side = max(self.att, key=sum)
            if not sum(side):
                break
            self._remove(side, 1)
        if sum(self.dfn) and sum(sum(s) for s in self.att):
            if self.rounds >= MAX_ROUNDS:
                self.pulled_back = True
                self._finish()
            else:
                self.waiting = True
            return
        self._finish()

    @staticmethod
    def _remove(units: list[int], hits: int) -> None:
        for kind in range(4):
            while hits and units[kind]:
                units[kind] -= 1
                hits -= 1

    def _finish(self) -> None:
        req = self.request
        attackers = sum(sum(s) for s in self.att)
        defenders = sum(self.dfn)
        if req.kind == "bombard":
            winner, reason = "none", "bombardment"
        elif self.pulled_back:
            winner, reason = "defender", "the attacker pulled back"
        elif attackers and not defenders:
            winner, reason = "attacker", "the attacker took the hex"
        elif not attackers and not defenders and req.settlement == "none":
            winner, reason = "none", "both sides destroyed"
        else:
            winner, reason = "defender", "the attack was beaten off"
        self._result = BattleResult(
            winner=winner,
            reason=reason,
            attacker_losses=tuple(_minus(s.units, now) for s, now in zip(req.sides, self.att)),
            bombard_losses=tuple((0, 0, 0, 0) for _ in req.bombard),
            defender_losses=_minus(req.defender_units, self.dfn),
            reserve_joined=tuple((0, 0, 0, 0) for _ in req.sides),
            retreated=self.pulled_back,
            rounds=self.rounds,
        )


def _minus(before: Units, now: list[int]) -> Units:
    return (before[0] - now[0], before[1] - now[1], before[2] - now[2], before[3] - now[3])
