"""One Viktory II battle, fought with dice, with the Battle Cards, or with dice and the cards'
text (hybrid): a thin game around one session of the shared resolver (`viktory_battles`).
Seat 0 attacks, seat 1 defends.

The scenario becomes a `BattleRequest`; while the battle lasts, `to_move`, `legal_actions`
and `apply` go to the session. What is not the battle is this game's, as on the map: in card
modes the deal before it, and after it the end of the attacker's turn: a card gained with a
town or city taken and one lost by the defender, every player's discards down to its hand
limit (the defender first), and the attacker's end-of-turn draw.
"""

from __future__ import annotations

import random
from typing import Any

from mypy_extensions import mypyc_attr

from ...engine import Outcome, State
from ..viktory_battles.actions import Discard, Draw
from ..viktory_battles.hand import draw_limit, end_of_turn_draw, max_hand, may_redraw
from ..viktory_battles.resolver import ATT, DEF, BattleSession, discard_card, draw_cards
from ..viktory_battles.seam import (
    AttackSide,
    BattleRequest,
    Bombardment,
    CardPool,
    DefenderReserve,
)
from ..viktory_battles.units import ART
from .config import Config
from .scenario import Battle


def battle_request(b: Battle, mode: str) -> BattleRequest:
    """The scenario as the resolver's request. Its hexes are not real: the hex sides are
    numbered from 1, the bombarding units and the defender's reserve each stand in one hex."""
    sides = tuple(AttackSide(i, f"side {i}", source == "frigate", units, reserve)
                  for i, (units, source, reserve)
                  in enumerate(zip(b.sides, b.sources, b.reserves), 1))
    bombard = ((Bombardment(0, "adjacent", b.bombard[0], b.bombard[1]),) if any(b.bombard)
               else ())
    return BattleRequest(
        kind="naval" if b.naval else "land", hex=0, name="the battle hex", terrain=b.terrain,
        settlement=b.settlement, capital=False, attacker=ATT, defender=DEF, sides=sides,
        bombard=bombard, defender_units=b.defender,
        defender_reserve=(DefenderReserve(0, "adjacent", b.defender_reserve),),
        naval_support=b.naval_support, supply=b.supply, lost_capital=(False, False),
        overwatch_ready=b.defender[ART], mode=mode, towns=b.towns, cities=b.cities,
        hand_limit=0)


# The request of each (battle, mode) already asked for: every game of a config asks the same
# one, and building it is a quarter of a new state. Keyed by the battle's identity, which the
# entry holds on to (a config keeps its battle for life); a sweep's many configs are bounded.
_REQUESTS: dict[tuple[int, str], tuple[Battle, BattleRequest]] = {}


def _request(b: Battle, mode: str) -> BattleRequest:
    kept = _REQUESTS.get((id(b), mode))
    if kept is None or kept[0] is not b:
        if len(_REQUESTS) >= 256:
            _REQUESTS.clear()
        kept = _REQUESTS[(id(b), mode)] = (b, battle_request(b, mode))
    return kept[1]


# Compiled with mypyc where built (warroom.native). `allow_interpreted_subclasses` keeps
# Python's `__new__` (no `__init__`, as `clone` needs it) and pickling.
@mypyc_attr(allow_interpreted_subclasses=True)
class ViktoryState(State):
    session: BattleSession

    def __init__(self, config: Config, seed: int):
        super().__init__(2, random.Random(seed))
        b = config.battle
        self.config = config
        self.battle = b
        self.has_cards = config.mode != "dice"
        self.cards = config.deck_cards.by_id() if self.has_cards else {}
        self.towns = [b.towns[ATT], b.towns[DEF] + (b.settlement == "town")]
        self.cities = [b.cities[ATT], b.cities[DEF] + (b.settlement == "city")]
        self.own: tuple[str, int] | None = None  # this game's decision after the battle
        self.steps: list[str] = []
        self.closed = False  # the battle's result is logged
        self.over = False
        self.redraws = 0  # voluntary end-of-turn discards
        self.event("battle", scenario=b.name, mode=config.mode, terrain=b.terrain,
                   settlement=b.settlement, defender=list(b.defender),
                   sides=[list(s) for s in b.sides], bombard=list(b.bombard),
                   reserves=[list(r) for r in b.reserves],
                   defender_reserve=list(b.defender_reserve))
        # Assigned once, here: compiled code takes `self.pool` to be None until the end of
        # `__init__` if it is set to None first and filled in by a method.
        self.pool: CardPool | None = self._deal() if self.has_cards else None
        self.session = config.resolver.start(_request(b, config.mode), self, self.pool)
        self._advance()

    # --- the battle's host ------------------------------------------------------------------
    def battle_event(self, kind: str, to: tuple[int, ...] | None, **data: Any) -> None:
        self.event(kind, to, **data)

    def battle_logs(self, kind: str) -> bool:
        return self.logs(kind)

    @property
    def decision(self) -> tuple[str, int] | None:
        """The decision to take now, (kind, seat): the battle's while it lasts."""
        if self.over:
            return None
        if not self.session.finished:
            return self.session.decision
        return self.own

    @property
    def result(self) -> tuple[tuple[int, ...], str] | None:
        """The battle's winners (seats) and reason, once it is over."""
        return self.session.verdict

    # The cards: the game's pool, which the battle borrows.
    @property
    def hands(self) -> list[list[str]]:
        return self.pool.hands if self.pool is not None else [[], []]

    @hands.setter
    def hands(self, value: list[list[str]]) -> None:
        self._cards().hands = value

    @property
    def deck(self) -> list[str]:
        return self.pool.deck if self.pool is not None else []

    @deck.setter
    def deck(self, value: list[str]) -> None:
        self._cards().deck = value

    @property
    def discard(self) -> list[str]:
        return self.pool.discard if self.pool is not None else []

    @discard.setter
    def discard(self, value: list[str]) -> None:
        self._cards().discard = value

    def _cards(self) -> CardPool:
        """The card pool, in a mode that has one (only card steps call this)."""
        pool = self.pool
        assert pool is not None, "a card step in a battle without cards"
        return pool

    def max_hand(self, player: int) -> int:
        return max_hand(self.config.hand_limit, self.towns[player], self.cities[player])

    def draw_limit(self) -> int:
        """The new cards the attacker may draw after the battle (the end of its turn)."""
        return draw_limit(len(self.hands[ATT]), self.max_hand(ATT), self.cities[ATT])

    def may_redraw(self) -> bool:
        """Whether the attacker may still discard a card to draw anew."""
        return may_redraw(len(self.hands[ATT]), self.redraws, self.cities[ATT])

    # --- before and after the battle --------------------------------------------------------
    def _deal(self) -> CardPool:
        deck = [c.id for c in self.config.deck_cards.cards]
        self.rng.shuffle(deck)
        pool = CardPool(deck, [], [[], []])
        for p in (ATT, DEF):
            size = self.battle.hands[p]
            draw_cards(pool, self, p, self.max_hand(p) if size is None else size, "hand",
                       self.cards)
        return pool

    def _advance(self) -> None:
        if not self.session.finished:
            return
        if not self.closed:
            self.closed = True
            self._close_battle()
        while not self.over and self.own is None:
            if not self.steps:
                raise AssertionError("a game with nothing left to do must be over")
            getattr(self, "_step_" + self.steps.pop(0))()

    def _close_battle(self) -> None:
        verdict = self.session.verdict
        assert verdict is not None, "the battle closed without a verdict"
        winners, reason = verdict
        if self.logs("result"):
            self.event("result", winners=list(winners), reason=reason,
                       lost=list(self.session.lost))
        if not self.has_cards:
            self.over = True
            return
        took = winners == (ATT,) and self.battle.settlement != "none"
        self.steps = (["capture"] if took else []) + ["trim_defender", "trim_attacker", "draw"]

    def _step_capture(self) -> None:
        kind = "towns" if self.battle.settlement == "town" else "cities"
        getattr(self, kind)[ATT] += 1
        getattr(self, kind)[DEF] -= 1
        self.event("capture", settlement=self.battle.settlement)
        draw_cards(self._cards(), self, ATT, 1, "took the " + self.battle.settlement,
                   self.cards)
        if len(self.hands[DEF]) > 1:
            self.own = ("lose_card", DEF)
        elif self.hands[DEF]:
            self._discard(DEF, self.hands[DEF][0], "lost the " + self.battle.settlement)

    def _discard(self, player: int, cid: str, why: str) -> None:
        discard_card(self._cards(), self, player, cid, why, self.cards)

    def _step_trim_defender(self) -> None:
        if len(self.hands[DEF]) > self.max_hand(DEF):
            self.own = ("discard", DEF)

    def _step_trim_attacker(self) -> None:
        if len(self.hands[ATT]) > self.max_hand(ATT):
            self.own = ("discard", ATT)

    def _step_draw(self) -> None:
        if self.draw_limit() or self.may_redraw():
            self.own = ("draw", ATT)
        else:
            self.over = True

    # --- the engine contract ----------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        decision = self.decision
        return (decision[1],) if decision else ()

    def _legal_actions(self, player: int) -> list[Any]:
        if not self.session.finished:
            return self.session.legal_actions(player)
        kind = self.own[0] if self.own else ""
        hand = [self.cards[c] for c in self.hands[player]]
        if kind in ("discard", "lose_card"):
            return [Discard(c.id, c.short()) for c in hand]
        if kind == "draw":
            out: list[Any] = [Draw(n) for n in range(self.draw_limit() + 1)]
            if self.may_redraw():
                out += [Discard(c.id, c.short()) for c in hand]
            return out
        return []

    def _apply(self, player: int, action: Any) -> None:
        if not self.session.finished:
            self.session.apply(player, action)
        else:
            assert self.own is not None, "no decision is waiting"
            kind = self.own[0]
            self.own = None
            getattr(self, "_on_" + kind)(player, action)
        self._advance()

    def _on_lose_card(self, player: int, action: Discard) -> None:
        self._discard(player, action.card, "lost the " + self.battle.settlement)

    def _on_discard(self, player: int, action: Discard) -> None:
        self._discard(player, action.card, "hand limit")
        self.steps.insert(0, "trim_defender" if player == DEF else "trim_attacker")

    def _on_draw(self, player: int, action: Any) -> None:
        if end_of_turn_draw(self._cards(), self, player, action, self.cards):
            self.redraws += 1  # a card discarded to draw anew: the step is asked again
            self.steps.insert(0, "draw")
            return
        self.over = True

    def is_terminal(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over or self.result is None:
            return None
        winners, reason = self.result
        session = self.session
        return Outcome(winners, (float(session.units(ATT)), float(session.units(DEF))), reason,
                       {"lost": list(session.lost), "rounds": session.round})

    def observation(self, player: int | None) -> dict[str, Any]:
        self.check_viewer(player)  # refuse -1 (the last seat's view) and seats past the end
        b = self.battle
        battle = {**self.session.observation(player), **self.session.table_data()}
        for key in MAP_ONLY:
            del battle[key]
        decision = self.decision
        obs: dict[str, Any] = {
            "game": "viktory",
            "you": player,
            "scenario": b.name,
            **battle,
            "decision": decision[0] if decision else None,
            "to_move": list(self.to_move()),
        }
        if self.has_cards:
            obs.update({
                "hand": ([{"id": c, **self.cards[c].seen()} for c in self.hands[player]]
                         if player is not None else None),
                "hand_sizes": [len(h) for h in self.hands],
                "max_hand": [self.max_hand(ATT), self.max_hand(DEF)],
                "towns": list(self.towns),
                "cities": list(self.cities),
                "deck_left": len(self.deck),
                "discard": list(self.discard),
            })
            if decision and decision[0] == "draw":  # the end-of-turn draw's choices, in words
                obs["draw"] = {"up_to": self.draw_limit(), "replace": self.may_redraw()}
        obs["log"] = self.visible_log(player)
        return obs

    def clone(self) -> ViktoryState:
        new = ViktoryState.__new__(ViktoryState)
        self._copy_base(new)
        new.config = self.config
        new.battle = self.battle
        new.has_cards = self.has_cards
        new.cards = self.cards
        new.pool = self.pool.copy() if self.pool is not None else None
        new.towns = list(self.towns)
        new.cities = list(self.cities)
        new.own = self.own
        new.steps = list(self.steps)
        new.closed = self.closed
        new.over = self.over
        new.redraws = self.redraws
        new.session = self.session.clone(new, new.pool)
        return new

    def determinize(self, player: int, rng: random.Random) -> ViktoryState:
        """Resample the opponent's hand and the deck order (and re-seed the dice). A launch
        or card-window question is then put again from the hands as dealt."""
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))
        if self.has_cards:
            pool = new._cards()
            other = 1 - player
            unseen = sorted(pool.deck + pool.hands[other])  # the true order must not show
            new.rng.shuffle(unseen)
            k = len(pool.hands[other])
            pool.hands[other] = sorted(unseen[:k])
            pool.deck = unseen[k:]
            new.session.pose_again()
        return new


# Keys of the battle's observation that only the map game needs (real hexes and seats).
MAP_ONLY = ("kind", "hex", "where", "seats", "lost_capital", "source_hexes", "bombard_hexes",
            "defender_groups")
