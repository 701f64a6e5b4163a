"""A sensible player for Word & Iron, Pitched Battle.

The battle itself is fought by the decks; a player decides how to spend its realm. So:
- recruit: the plan that puts back the most ranks of power with the ranks in hand, using the
  round-up rule (the last soldier may cost more than is left), royal guards valued above their
  ranks when none stands or the opponent can take hostages (they keep the royal safe);
- resources (`RealmRule`): the realm is the army's reserve and the royal's ransom, and rule 18
  takes a use every phase anyway, so spend as little of it as the rules allow: always take the
  one skip of the initial draw; use the resource that costs the realm least for what it
  recruits; against a deck that can take hostages, one use a phase, and never a card's last use
  while another card has a use to spare (a card with a use left is a ransom);
- attack first; use the stronger overlapping benefit first; take the richest ransom; sue for
  peace (or accept a truce) only when clearly losing.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

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
from .deck import UNITS, Deck, UnitId
from .state import WordIronState

GUARD_BONUS = 40  # worth of a royal guard beyond its ranks, when the royal is in danger
RESERVE_WORTH = 0.7  # a rank of power still in the realm, against one on the field
TRUCE_BELOW = 0.6  # sue for peace when this far behind


@dataclass(frozen=True)
class RealmRule:
    """How the heuristic spends its realm in a resource phase.

    `keep_worth`: what a rank of power left in the realm is worth against one recruited now;
    a use scores what it recruits minus `keep_worth` times its ranks. `skip_always`: take the
    one skip of the initial draw (rule 18) even when soldiers have fallen. `spare_last_use`:
    against a deck that can take hostages, spend a card's last use only when no card has a use
    to spare, since a card with a use left can pay a ransom (rule 3)."""

    keep_worth: float
    skip_always: bool
    spare_last_use: bool


# Above 1, a rank kept is worth more than a rank recruited now: the same ranks recruit as much
# later, when the army is in danger, and meanwhile they pay a ransom. Measured against the
# rule before it in benchmarks/word_iron_heuristic.py.
THRIFTY = RealmRule(keep_worth=2.0, skip_always=True, spare_last_use=True)
# The rule of game version 1: the use the fallen absorb best, the skip only with nothing
# fallen. Kept so that the benchmark can play the two against each other.
SPENDTHRIFT = RealmRule(keep_worth=RESERVE_WORTH, skip_always=False, spare_last_use=False)


def heuristic_action(state: WordIronState, player: int, rng: random.Random,
                     realm: RealmRule = THRIFTY) -> Any:
    actions = state.legal_actions(player)
    pending = state.pending
    assert pending is not None, "the heuristic is asked while nothing is pending"
    kind = pending[0]
    if kind == "royal":
        return _royal(state, player)
    if kind == "first":
        return ChooseFirstAttacker(player)
    if kind == "order":
        return max(actions, key=lambda a: (a.percent, a.kind == "protect", a.amount))
    if kind == "resource":
        return _resource(state, player, actions, realm)
    if kind == "recruit":
        return _recruit(state, player, pending[2])
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
    """Each fallen unit in turn is the last one recruited; the others fill a knapsack.

    Every answer is the one of a knapsack of capacity ranks_left - 1 filled from scratch, the
    fallen soldiers added unit by unit (tests/games/word_iron/test_word_iron_recruit_plan.py
    compares them), with less work:
    - the knapsack without one soldier of unit `last` adds the same soldiers in the same
      order as the full list up to `last`'s unit: that part is filled once (`before[g]`);
    - capacities above the ranks of all the fallen hold what that capacity holds, and the
      answer is the first capacity with the best worth: they are left out;
    - with every rank a multiple of `step`, capacity c holds what the multiple of `step` below
      it holds (capacity c only ever builds on c - w, w a multiple of `step`): one per `step`."""
    counts = [(u, a - n) for u, (n, a) in enumerate(zip(field, allotted)) if a > n]
    fallen = [u for u, k in counts for _ in range(k)]
    group = {u: g for g, (u, _) in enumerate(counts)}
    worth = [r + (guard_bonus if u == ROYAL_GUARDS else 0) for u, r in enumerate(ranks)]
    step = math.gcd(*(ranks[u] for u, _ in counts)) or 1
    top = min(ranks_left - 1, sum(ranks[u] * k for u, k in counts)) // step
    before: list[tuple[list[float], list[int | None]]] = [([0.0] * (top + 1), [None] * (top + 1))]

    best: tuple[float, int | None] = (0.0, None)
    for last in set(fallen):
        g = group[last]
        while len(before) <= g:  # the knapsack of the units before unit g, filled once
            values, units = list(before[-1][0]), list(before[-1][1])
            u, k = counts[len(before) - 1]
            _fill(values, units, ranks, u, worth[u], k, step)
            before.append((values, units))
        values, units = list(before[g][0]), list(before[g][1])
        _fill(values, units, ranks, last, worth[last], counts[g][1] - 1, step)
        for u, k in counts[g + 1:]:
            _fill(values, units, ranks, u, worth[u], k, step)
        value = max(values)
        first = units[values.index(value)]  # the first capacity with the best worth
        total = value + worth[last]
        if total > best[0]:
            best = (total, first if first is not None else last)
    return best


def _fill(values: list[float], units: list[int | None], ranks: tuple[int, ...], u: int,
          v: float, copies: int, step: int) -> None:
    """Add `copies` soldiers of unit `u` (worth `v` each) to a 0/1 knapsack with one entry
    per `step` ranks: per capacity, the best worth and one unit of its set, the one of most
    ranks (two lists: no tuple per update)."""
    rank = ranks[u]
    w = rank // step
    for _ in range(copies):
        for c in range(len(values) - 1, w - 1, -1):
            cand = values[c - w] + v
            if cand > values[c]:
                prev = units[c - w]
                values[c] = cand
                units[c] = u if prev is None or rank > ranks[prev] else prev


def _recruit(state: WordIronState, player: int, ranks_left: int) -> Recruit:
    _, unit = recruit_plan(state, player, ranks_left)
    assert unit is not None
    return Recruit(cast(UnitId, UNITS[unit]), state.ranks[player][unit])


# --- resources ------------------------------------------------------------------------------
def _resource(state: WordIronState, player: int, actions: list[Any], rule: RealmRule) -> Any:
    uses = [a for a in actions if type(a) is UseResource]
    finish = next((a for a in actions if type(a) is FinishResources), None)
    deficit = sum((a - n) * r for n, a, r
                  in zip(state.field[player], state.allotted, state.ranks[player]))
    if deficit == 0 or (rule.skip_always and finish is not None and finish.skip):
        # Nothing to recruit, or the one skip the text allows (every later phase costs a use
        # whatever happens, so a use skipped now is a use more at the end): skip or stop if
        # allowed, else waste the smallest use.
        return finish if finish is not None else min(uses, key=lambda a: a.ranks)
    hostages = can_capture(state.decks[1 - player])
    realm = state.realm[player]

    def score(a: UseResource) -> tuple[bool, float]:
        gained, _ = recruit_plan(state, player, a.ranks)
        last = rule.spare_last_use and hostages and realm[a.slot][2] == 1
        return not last, gained - rule.keep_worth * a.ranks

    best = max(uses, key=score)
    if finish is not None and not finish.skip:
        gained, _ = recruit_plan(state, player, best.ranks)
        if gained < 0.9 * best.ranks:  # the fallen cannot absorb another use well: keep it
            return finish
        if hostages:
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
    pending = state.pending
    assert pending is not None, "a ransom asked while nothing is pending"
    captive = pending[2]
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
