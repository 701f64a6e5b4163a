"""A sensible player for Word & Iron, Pitched Battle.

The battle itself is fought by the decks; a player decides how to spend its realm. So:
- recruit: the plan that puts back the most ranks of power with the ranks in hand, using the
  round-up rule (the last soldier may cost more than is left), royal guards valued above their
  ranks when none stands or the opponent can take hostages (they keep the royal safe);
- resources: skip the initial draw when nothing has fallen; otherwise use the resource whose
  ranks the fallen can absorb best; a forced use with nothing to recruit wastes the smallest;
  against a deck that can take hostages, only one use a phase, so that a resource is left to
  pay a ransom with for as long as possible;
- attack first; use the stronger overlapping benefit first; take the richest ransom; sue for
  peace (or accept a truce) only when clearly losing.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from ...engine.estimate import seat0_result, seat_lead, win_chance
from .actions import (
    AnswerTruce,
    ChooseFirstAttacker,
    ChooseRoyal,
    FinishResources,
    NoTruceOffer,
    OfferTruce,
    Recruit,
    TakeRansom,
    UseResource,
)
from .army import ROYAL_GUARDS, soldiers_lost
from .deck import UNITS, Deck
from .state import WordIronState

GUARD_BONUS = 40  # worth of a royal guard beyond its ranks, when the royal is in danger
RESERVE_WORTH = 0.7  # a rank of power still in the realm, against one on the field
TRUCE_BELOW = 0.6  # sue for peace when this far behind


def heuristic_action(state: WordIronState, player: int, rng: random.Random) -> Any:
    actions = state.legal_actions(player)
    kind = state.pending[0]
    if kind == "royal":
        return _royal(state, player)
    if kind == "first":
        return ChooseFirstAttacker(player)
    if kind == "order":
        return max(actions, key=lambda a: (a.percent, a.kind == "protect", a.amount))
    if kind == "resource":
        return _resource(state, player, actions)
    if kind == "recruit":
        return _recruit(state, player, state.pending[2])
    if kind == "casualty":
        field = state.field[player]
        return max(actions, key=lambda a: field[UNITS.index(a.unit)])
    if kind == "ransom":
        return _ransom(state, actions)
    if kind == "truce_offer":
        return _truce_offer(state, player, actions)
    assert kind == "truce_answer", kind
    return AnswerTruce(strength(state, player) < TRUCE_BELOW * strength(state, 1 - player))


def _royal(state: WordIronState, player: int) -> ChooseRoyal:
    """The royal not chosen joins the champion deck: choose so that the better card joins."""
    deck = state.decks[player]
    worth = {c.royal: sum(effect_worth(e) for e in c.effects) for c in deck.champions if c.royal}
    return ChooseRoyal("king" if worth["queen"] >= worth["king"] else "queen")


def effect_worth(effect: Any) -> float:
    kind = effect.kind
    if kind == "protect":
        return 40.0 * effect.strategies
    if kind == "restore":
        return 35.0 * effect.strategies
    if kind == "empower":
        return 0.6 * effect.turns * effect.percent
    if kind == "losses":
        return 0.8 * effect.ranks * (1 if effect.target == "opponent" else -1)
    if kind == "unit_losses":
        return 25.0 * effect.count * (1 if effect.target == "opponent" else -1)
    if kind == "recruit":
        return 0.3 * effect.ranks
    return 25.0


# --- recruitment ------------------------------------------------------------------------------
def recruit_plan(state: WordIronState, player: int, ranks_left: int) -> tuple[float, int | None]:
    """(worth recruited, the unit to recruit first) of the best recruitment with these ranks.

    Recruiting goes on while ranks are left, so the soldiers before the last must cost less
    than the ranks in hand and the last one may cost anything: a knapsack of capacity
    ranks_left - 1, plus the best unit left as the last one.
    """
    field, ranks = state.field[player], state.ranks[player]
    if ranks_left <= 0 or all(n >= a for n, a in zip(field, state.allotted)):
        return 0.0, None
    guard_bonus = GUARD_BONUS if field[ROYAL_GUARDS] == 0 or can_capture(
        state.decks[1 - player]) else 0
    return _recruit_plan(tuple(field), state.allotted, ranks, guard_bonus, ranks_left)


@functools.lru_cache(maxsize=1 << 14)  # a function of the army alone: armies recur all game long
def _recruit_plan(field: tuple[int, ...], allotted: tuple[int, ...], ranks: tuple[int, ...],
                  guard_bonus: float, ranks_left: int) -> tuple[float, int | None]:
    fallen = [u for u, (n, a) in enumerate(zip(field, allotted)) for _ in range(a - n)]

    def worth(u: int) -> float:
        return ranks[u] + (guard_bonus if u == ROYAL_GUARDS else 0)

    best: tuple[float, int | None] = (0.0, None)
    for last in set(fallen):
        rest = list(fallen)
        rest.remove(last)
        value, first = _knapsack(rest, ranks, worth, ranks_left - 1)
        total = value + worth(last)
        if total > best[0]:
            best = (total, first if first is not None else last)
    return best


def _knapsack(items: list[int], ranks: tuple[int, ...], worth: Any, capacity: int
              ) -> tuple[float, int | None]:
    """Best worth of units with total ranks <= capacity, and one unit of that best set."""
    table: list[tuple[float, int | None]] = [(0.0, None)] * (capacity + 1)
    for u in items:
        w, v = ranks[u], worth(u)
        for c in range(capacity, w - 1, -1):
            cand = table[c - w][0] + v
            if cand > table[c][0]:
                prev = table[c - w][1]
                table[c] = (cand, u if prev is None or ranks[u] > ranks[prev] else prev)
    return max(table, key=lambda t: t[0])


def _recruit(state: WordIronState, player: int, ranks_left: int) -> Recruit:
    _, unit = recruit_plan(state, player, ranks_left)
    assert unit is not None
    return Recruit(UNITS[unit], state.ranks[player][unit])


# --- resources ------------------------------------------------------------------------------
def _resource(state: WordIronState, player: int, actions: list[Any]) -> Any:
    uses = [a for a in actions if type(a) is UseResource]
    finish = next((a for a in actions if type(a) is FinishResources), None)
    deficit = sum((a - n) * r for n, a, r
                  in zip(state.field[player], state.allotted, state.ranks[player]))
    if deficit == 0:
        # Nothing to recruit: skip or stop if allowed, else waste the smallest use.
        return finish if finish is not None else min(uses, key=lambda a: a.ranks)

    def score(a: UseResource) -> float:
        gained, _ = recruit_plan(state, player, a.ranks)
        return gained - RESERVE_WORTH * a.ranks

    best = max(uses, key=score)
    if finish is not None and not finish.skip:
        gained, _ = recruit_plan(state, player, best.ranks)
        if gained < 0.9 * best.ranks:  # the fallen cannot absorb another use well: keep it
            return finish
        if can_capture(state.decks[1 - player]):
            return finish  # one use a phase keeps a ransom in the realm as long as possible
    return best


def per_deck(compute: Callable[[Deck], Any]) -> Callable[[Deck], Any]:
    """Cache compute(deck) by the deck's identity. Hashing a deck (a frozen pydantic model)
    walks its 72 cards: as an lru_cache key it took a quarter of a word-iron search. Decks
    are loaded once per file and kept here, so an identity is never reused."""
    cache: dict[int, tuple[Deck, Any]] = {}

    @functools.wraps(compute)
    def cached(deck: Deck) -> Any:
        hit = cache.get(id(deck))
        if hit is None:
            hit = cache[id(deck)] = (deck, compute(deck))
        return hit[1]
    return cached


@per_deck
def can_capture(deck: Deck) -> bool:
    """Whether any card of this deck can take a royal hostage."""
    return any(e.kind == "capture" for section in (deck.strategies, deck.chance, deck.words,
                                                   deck.champions)
               for card in section for e in card.effects)


# --- hostages and truce ---------------------------------------------------------------------
def _ransom(state: WordIronState, actions: list[TakeRansom]) -> TakeRansom:
    captive = state.pending[2]
    realm = state.realm[captive]

    def worth(a: TakeRansom) -> int:
        entry = realm[a.slot]
        res = state.resource(entry)
        return res.ranks * (res.uses + entry[2])  # full uses for me, and what they lose

    return max(actions, key=worth)


def strength(state: WordIronState, player: int) -> float:
    reserve = sum(state.resource(e).ranks * e[2] for e in state.realm[player])
    return state.army(player) + RESERVE_WORTH * reserve


def _truce_offer(state: WordIronState, player: int, actions: list[Any]) -> Any:
    if strength(state, player) >= TRUCE_BELOW * strength(state, 1 - player):
        return NoTruceOffer()
    offers = [a for a in actions if type(a) is OfferTruce]
    realm = state.realm[player]
    return min(offers, key=lambda a: state.resource(realm[a.slot]).ranks * realm[a.slot][2])



# --- the position estimate used by search (Game.evaluate) ------------------------------------
# Weights of `_player_features`, fitted by logistic regression to the winners of heuristic
# self-play at their settled points: `python benchmarks/fit_evaluation.py word-iron --games 600`.
EVAL_WEIGHTS = (0.2554, 0.6321, 1.528, 0.2068, -0.3303)


def _player_features(state: WordIronState, p: int) -> list[float]:
    """A side's army (ranks standing, soldiers standing), what its realm can still recruit
    (ranks times uses left), whether it has a use left to pay a ransom with, and the soldiers
    it would lose to an average strategy of the opponent's deck."""
    realm = [(state.resource(entry).ranks, entry[2]) for entry in state.realm[p]]
    return [state.army(p) / 100, sum(state.field[p]) / 10,
            sum(r * u for r, u in realm) / 100, float(any(u for _, u in realm)),
            exposure(tuple(state.field[p]), state.ranks[p], state.decks[1 - p])]


def exposure(field: tuple[int, ...], ranks: tuple[int, ...], enemy: Deck) -> float:
    """Soldiers this field loses, on average, to one strategy of the enemy deck (protection
    and empowerment left out)."""
    known = _exposures(enemy)
    value = known.get((field, ranks))
    if value is None:
        if len(known) > 100_000:  # a bound on memory; a search meets a few thousand fields
            known.clear()
        value = known[field, ranks] = sum(soldiers_lost(field, ranks, card.effects)
                                          for card in enemy.strategies) / len(enemy.strategies)
    return value


@per_deck
def _exposures(enemy: Deck) -> dict[tuple[tuple[int, ...], tuple[int, ...]], float]:
    return {}


def evaluation_features(state: WordIronState) -> list[float]:
    """Seat 0's lead over seat 1 in each of `_player_features`."""
    return seat_lead(_player_features, state)


def settled(state: WordIronState) -> bool:
    """A round's settled point: its cards are resolved and nobody has recruited yet (the
    first attacker's resource phase begins; the second's when the first has nothing left).
    Scoring only here compares every line of play after the same number of strategies and
    resource phases on each side."""
    pending = state.pending
    if pending is None or pending[0] != "resource" or state.phase_used:
        return False
    first = state.order[0]
    return pending[1] == first or not any(uses for _, _, uses in state.realm[first])


def evaluation_label(state: WordIronState, final: WordIronState) -> float | None:
    """The winner of the finished game, for the settled states the estimate scores."""
    return seat0_result(state, final) if settled(state) else None


def evaluate(state: WordIronState) -> list[float] | None:
    if not settled(state):
        return None
    p = win_chance(EVAL_WEIGHTS, evaluation_features(state))
    return [p, 1.0 - p]
