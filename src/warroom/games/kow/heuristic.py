"""A sensible greedy player for Kings of War Battle Deck.

Dice: pick the colours that maximise the expected value of the cards the roll could defeat,
less a price for the swords committed (dice spent now are gone for the rest of the round; in
the last turn of a round they are worth nothing). Allocation: the plan that gains the most card
value less what the dice it spends would be worth kept (`KEEP_FACTOR`), then the most value
with the fewest swords; stop when no further defeat gains more than the dice it spends.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ...engine.estimate import win_chance
from .actions import ChooseDice, Defeat
from .state import ALLOCATE, STOP, KowState, card_value, dice_choices, minimal_sets

SWORD_PRICE = 0.45


# The secret choice of dice is drawn among those scored within this much of the best (in
# card value): a choice computed from what both players see alone, the opponent could work
# out before choosing (an audit named it 660 times in 660), and know who moves first.
NEAR_BEST = 0.3


def heuristic_action(state: KowState, player: int, rng: random.Random) -> Any:
    if state.phase == ALLOCATE:
        return _allocate(state, player)
    return _choose(state, player, rng)


def _choose(state: KowState, player: int, rng: random.Random) -> ChooseDice:
    cfg = state.config
    values = tuple(sorted(card_value(c) for c in state.table if c is not None))
    last_turn = state.final_turn or len(state.deck) == 0
    pool = state.pools[player]
    near = _near_best_choices((pool[0], pool[1], pool[2]), values, last_turn, cfg.faces,
                              cfg.min_dice, cfg.max_dice)
    return near[0] if len(near) == 1 else near[rng.randrange(len(near))]


@lru_cache(maxsize=1 << 14)
def _near_best_choices(pool: tuple[int, int, int], values: tuple[int, ...], last_turn: bool,
                       faces: tuple[tuple[int, ...], ...], low: int,
                       high: int) -> tuple[ChooseDice, ...]:
    """The choices of dice `_choose` draws from, the best first: a function of these alone,
    so cached (the same pools and tables recur all the time in search and simulation)."""
    price = 0.0 if last_turn else SWORD_PRICE
    means = [sum(f) / len(f) for f in faces]
    scored = []
    for choice in dice_choices(pool, low, high):
        counts = (choice.red, choice.white, choice.blue)
        dist = _sword_distribution(faces, counts)
        gain = sum(p * _best_subset(values, s) for s, p in enumerate(dist) if p)
        committed = sum(n * m for n, m in zip(counts, means))
        scored.append((gain - price * committed - 0.01 * sum(counts), choice))
    assert scored
    best = max(score for score, _ in scored)
    return tuple(choice for score, choice in sorted(scored, key=lambda sc: -sc[0])
                 if score >= best - NEAR_BEST)


# A die kept is worth this fraction of its mean face when it rolls swords (a zero goes back to
# the pool and is rolled again). Spending every die a roll could (before stop 64) threw a blue
# 1 at an Ace, and a naive "roll the most, never stop" player drew level with it; with dice
# priced it stops instead and wins about two games in three against that player and against
# the old allocation (benchmarks/kow-heuristic-stop64.md).
KEEP_FACTOR = 1.0


def _allocate(state: KowState, player: int) -> Any:
    swords = state.swords
    cards = tuple(c for c in state.table if c is not None)
    if state.final_turn or len(state.deck) == 0:  # dice kept now are lost with the round
        prices = (0,) * len(swords)
    else:
        keep = _keep_prices(state.config.faces)
        prices = tuple(keep[colour] for colour, _ in state.rolled)
    plan = _best_plan(swords, prices, state.free, cards, state.defeated_now == 0)
    if plan[3] is None:
        return STOP
    card, idx = plan[3]
    return Defeat(card, idx, tuple(swords[i] for i in idx))


@lru_cache(maxsize=64)
def _keep_prices(faces: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """What a die of each colour is worth kept, in hundredths of a card point (integers, so
    equal plans compare equal whatever order their sums were taken in)."""
    return tuple(round(100 * KEEP_FACTOR * sum(f) / max(1, sum(1 for x in f if x)))
                 for f in faces)


@lru_cache(maxsize=1 << 15)  # a function of its arguments; rolls and tables recur
def _best_plan(swords: tuple[int, ...], prices: tuple[int, ...], free: int,
               cards: tuple[str, ...], forced: bool):
    """(gain, value defeated, -swords spent, first step) of the best allocation from here,
    gain being card value less the `prices` of the dice spent, in hundredths. `forced`: the
    rules want a defeat now, however little it gains."""
    best = (-(1 << 30) if forced else 0, 0, 0, None)
    for card in cards:
        rest = tuple(c for c in cards if c != card)
        value = card_value(card)
        for idx, faces in minimal_sets(swords, free, value):
            mask = free
            for i in idx:
                mask &= ~(1 << i)
            gain, won, spent, _ = _best_plan(swords, prices, mask, rest, False)
            cand = (gain + 100 * value - sum(prices[i] for i in idx), won + value,
                    spent - sum(faces), (card, idx))
            if cand[:3] > best[:3]:
                best = cand
    return best


@lru_cache(maxsize=4096)
def _best_subset(values: tuple[int, ...], swords: int) -> int:
    """The most card value among `values` that a total of `swords` covers, as if the dice's
    swords could be split among the cards (they cannot: a choice's estimate, generous)."""
    best = 0
    n = len(values)
    for mask in range(1, 1 << n):
        total = sum(values[i] for i in range(n) if mask >> i & 1)
        if best < total <= swords:
            best = total
    return best


@lru_cache(maxsize=4096)
def _sword_distribution(
    faces: tuple[tuple[int, ...], ...], counts: tuple[int, int, int]
) -> tuple[float, ...]:
    """Probability of each total of swords when rolling `counts` dice of each colour."""
    dist = [1.0]
    for colour, n in enumerate(counts):
        face_list = faces[colour]
        for _ in range(n):
            new = [0.0] * (len(dist) + max(face_list))
            for total, p in enumerate(dist):
                if p:
                    for f in face_list:
                        new[total + f] += p / len(face_list)
            dist = new
    return tuple(dist)


# --- the position estimate used by search (Game.evaluate) ------------------------------------
# Weights of `evaluation_features`, fitted by logistic regression to the round winners of
# heuristic self-play: `python benchmarks/fit_evaluation.py kow`.
EVAL_WEIGHTS = (0.8098, 0.8397)


def evaluation_features(state: KowState) -> list[float]:
    """Seat 0's lead over seat 1 in the round under way: the value of the cards won, and the
    swords still to come: dice in the pool and chosen dice not yet rolled at their expected
    value, rolled dice not yet allocated at the swords they show."""
    means = [sum(f) / len(f) for f in state.config.faces]
    swords = [0.0, 0.0]
    for p in (0, 1):
        pool = state.pools[p]
        swords[p] = sum(n * m for n, m in zip(pool, means))
        choice = state.chosen[p] if state.phase == "choose" else None
        if choice is not None:
            swords[p] += choice.red * means[0] + choice.white * means[1] + choice.blue * means[2]
    if state.phase == ALLOCATE:
        free = sum(s for i, (_, s) in enumerate(state.rolled) if state.free >> i & 1)
        swords[state.active] += free
        # the player still to roll this turn holds chosen dice outside its pool
        for p in state.order[state.order.index(state.active) + 1:]:
            c = state.chosen[p]
            swords[p] += c.red * means[0] + c.white * means[1] + c.blue * means[2]
    scores = [sum(card_value(c) for c in state.won[p]) for p in (0, 1)]
    return [float(scores[0] - scores[1]), swords[0] - swords[1]]


def evaluation_label(state: KowState, final: KowState) -> float | None:
    """What the features predict: 1 if seat 0 won the round under way, 0 if seat 1, 0.5 for a
    drawn round."""
    winner = final.round_results[state.round - 1]["winner"]
    return 0.5 if winner is None else float(winner == 0)


def evaluate(state: KowState) -> list[float]:
    """Each seat's chance to win the match: the round under way won with the fitted chance,
    later rounds even."""
    p_round = win_chance(EVAL_WEIGHTS, evaluation_features(state))
    need = [state.config.victories_to_win - v for v in state.victories]
    p = p_round * _match_chance(need[0] - 1, need[1]) + (1 - p_round) * _match_chance(
        need[0], need[1] - 1)
    return [p, 1.0 - p]


@lru_cache(maxsize=256)
def _match_chance(need0: int, need1: int) -> float:
    """Seat 0's chance to take `need0` more rounds before seat 1 takes `need1`, rounds even."""
    if need0 <= 0:
        return 1.0
    if need1 <= 0:
        return 0.0
    return 0.5 * (_match_chance(need0 - 1, need1) + _match_chance(need0, need1 - 1))
