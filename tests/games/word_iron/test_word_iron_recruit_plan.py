"""The heuristic's recruitment plan shares the knapsack of the units before each "last" unit
between its questions; here it is compared with the plan that fills every knapsack from
scratch, as first written: the same worth and the same first unit, or the heuristic's games
would change."""

from __future__ import annotations

import random

from warroom.games.word_iron.army import ROYAL_GUARDS
from warroom.games.word_iron.heuristic import GUARD_BONUS, _recruit_plan


def plain_knapsack(items, ranks, worth, capacity):
    values = [0.0] * (capacity + 1)
    units = [None] * (capacity + 1)
    for u in items:
        w, v = ranks[u], worth(u)
        for c in range(capacity, w - 1, -1):
            cand = values[c - w] + v
            if cand > values[c]:
                prev = units[c - w]
                values[c] = cand
                units[c] = u if prev is None or w > ranks[prev] else prev
    best = max(values)
    return best, units[values.index(best)]


def plain_recruit_plan(field, allotted, ranks, guard_bonus, ranks_left):
    fallen = [u for u, (n, a) in enumerate(zip(field, allotted)) for _ in range(a - n)]

    def worth(u):
        return ranks[u] + (guard_bonus if u == ROYAL_GUARDS else 0)

    best = (0.0, None)
    for last in set(fallen):
        rest = list(fallen)
        rest.remove(last)
        value, first = plain_knapsack(rest, ranks, worth, ranks_left - 1)
        total = value + worth(last)
        if total > best[0]:
            best = (total, first if first is not None else last)
    return best


def test_the_recruit_plan_is_the_plan_of_knapsacks_filled_from_scratch():
    rng = random.Random(14)
    standard = ((5, 4, 4, 3, 4, 4, 4, 2), (10, 15, 15, 20, 25, 30, 35, 40))
    for i in range(3000):
        if i % 2:
            allotted, ranks = standard
        else:  # other decks: ranks that tie, units of one soldier, small ranks
            allotted = tuple(rng.randint(1, 5) for _ in range(8))
            ranks = tuple(rng.choice((1, 2, 5, 10, 10, 15, 20, 35, 40)) for _ in range(8))
        field = tuple(rng.randint(0, a) for a in allotted)
        if field == allotted:
            continue
        bonus = rng.choice((0, GUARD_BONUS))
        ranks_left = rng.choice((1, 2, 5, 10, 15, 20, 35, 40, 55, 70, 100, 140))
        question = (field, allotted, ranks, bonus, ranks_left)
        assert _recruit_plan.__wrapped__(*question) == plain_recruit_plan(*question), question
