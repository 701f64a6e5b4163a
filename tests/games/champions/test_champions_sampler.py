"""The heuristic's battle valuation (`_order_gain`): exact on small battles, sampled on large.

The exact valuation (`_exact_order_gain`) is compared with a plain enumeration of every order
of the defender's cards and every way its ties fall. The sampler (`_sampled_order_gain`) is
written out for speed in one function; it is compared, question by question, with the plain
version it replaced: `Random.shuffle`'s draws for the defender's order, one battle per sample
with `flip_value` deciding each flip, a coin per tie. Every answer must be the same float.
The heuristic's plans kept per position (the deal, the Spy) are compared with fresh ones."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from warroom.engine import PlayerView
from warroom.games.champions import GAME
from warroom.games.champions.heuristic import (
    KILL_ARMY,
    KILL_BATTALION,
    SAMPLES,
    WORTH,
    _deal_plan,
    _enumeration_is_cheap,
    _exact_order_gain,
    _order_gain,
    _plan_spy,
    _sampled_order_gain,
    _spy_plan,
    flip_value,
    heuristic_action,
)
from warroom.games.champions.state import DISTRIBUTE, MAIN, SPY_SWAP


def plain_simulate(att, dfn, medic, wipe, rng):
    score, last_loss, kept = 0.0, 0, 0
    current, survivors, pos, first_pass = dfn, [], 0, True
    for i, a in enumerate(att):
        if i:
            unknown = current[pos:] if first_pass else current[pos:pos + 1]
            insured = medic and not last_loss
            last = wipe if len(current) - pos + len(survivors) == 1 else 0.0
            if flip_value(a, unknown, insured, last) < 0:
                return score, False, kept + len(att) - i, last_loss
        d = current[pos]
        pos += 1
        if a > d or (a == d and rng.random() < 0.5):
            score += WORTH[d]
            kept += 1
        else:
            score -= WORTH[a]
            last_loss = a
            survivors.append(d)
        if pos == len(current):
            current, survivors, pos, first_pass = survivors, [], 0, False
            if not current:
                return score, True, kept + len(att) - i - 1, last_loss
    return score, False, kept, last_loss



def _settled(score, wiped, left, last_loss, medic, bonus) -> float:
    """A battle's gain once it is over: the bonus for wiping the defender out, the penalty for
    being wiped out, what a Medic brings back."""
    if wiped:
        score += bonus[0]
    if not left:
        score -= bonus[1]
    elif medic is not None:
        score += WORTH[last_loss] if last_loss else medic
    return score

def plain_order_gain(att, dfn, bonus, medic):
    rng = random.Random(hash((att, dfn, bonus, -1.0 if medic is None else medic)))
    total = 0.0
    for _ in range(SAMPLES):
        order = list(dfn)
        rng.shuffle(order)
        score, wiped, left, last_loss = plain_simulate(att, order, medic is not None,
                                                       bonus[0], rng)
        total += _settled(score, wiped, left, last_loss, medic, bonus)
    return total / SAMPLES


def random_question(rng: random.Random):
    values = [v for v in range(2, 11) for _ in range(4)] + [10] * 4  # a Jack's 2s count 10
    rng.shuffle(values)
    n_att = rng.choice((1, 2, 3, 3, 4, 4, 5, 6, 8, 12))
    n_def = rng.choice((1, 2, 3, 3, 4, 4, 5, 6, 8, 15))
    att = tuple(sorted(values[:n_att], reverse=True))
    if rng.random() < 0.3:
        att = att[-1:] + att[:-1]  # the weakest first, as the heuristic also tries
    dfn = tuple(sorted(values[n_att:n_att + n_def]))
    bonus = (rng.choice((KILL_BATTALION, KILL_ARMY)), rng.choice((KILL_BATTALION, KILL_ARMY)))
    medic = rng.choice((None, None, 0.0, WORTH[rng.randrange(2, 11)]))
    return att, dfn, bonus, medic


def test_the_sampler_gives_the_plain_sampler_s_answers():
    rng = random.Random(14)
    questions = {random_question(rng) for _ in range(6000)}
    for question in sorted(questions, key=repr):
        assert _sampled_order_gain(*question) == plain_order_gain(*question), question


def test_the_sampler_stays_the_same_where_every_flip_ties_or_the_defence_is_one_card():
    for att in ((10,), (10, 10, 10), (2, 2), (10, 2), (5, 5, 5, 5)):
        for dfn in ((10,), (10, 10, 10, 10), (2,), (5, 5), (2, 10)):
            for medic in (None, 0.0, WORTH[10]):
                question = (att, dfn, (KILL_BATTALION, KILL_ARMY), medic)
                assert _sampled_order_gain(*question) == plain_order_gain(*question)


def flip_is_good(card, candidates, insured, wipe):
    """`flip_value(...) >= 0`, its terms added exactly: the sign cannot depend on the order
    in which the candidates are listed."""
    cost = 0 if insured else Fraction(WORTH[card])
    total = Fraction(0)
    for d in candidates:
        won = Fraction(WORTH[d]) + Fraction(wipe)
        total += won if card > d else -cost if card < d else (won - cost) / 2
    return total >= 0


def every_battle(att, order, medic, wipe):
    """(chance, score, wiped, attacker's cards left, last loss) of every way the ties of one
    battle can fall, the defender's cards in `order`; `flip_is_good` decides each flip."""
    out = []

    def go(i, current, pos, survivors, first_pass, score, kept, last_loss, chance):
        if i == len(att):
            out.append((chance, score, False, kept, last_loss))
            return
        a = att[i]
        if i:
            unknown = current[pos:] if first_pass else current[pos:pos + 1]
            last = wipe if len(current) - pos + len(survivors) == 1 else 0.0
            if not flip_is_good(a, unknown, medic and not last_loss, last):
                out.append((chance, score, False, kept + len(att) - i, last_loss))
                return
        d = current[pos]
        ways = [("won", 1 if a > d else 0.5)] * (a >= d) + \
            [("lost", 1 if a < d else 0.5)] * (a <= d)
        for way, p in ways:
            if way == "won":
                after = (survivors, score + WORTH[d], kept + 1, last_loss)
            else:
                after = (survivors + [d], score - WORTH[a], kept, a)
            rest, s, k, ll = after
            cur, nxt, fp = current, pos + 1, first_pass
            if nxt == len(cur):
                cur, rest, nxt, fp = rest, [], 0, False
                if not cur:
                    out.append((chance * p, s, True, k + len(att) - i - 1, ll))
                    continue
            go(i + 1, cur, nxt, rest, fp, s, k, ll, chance * p)

    go(0, list(order), 0, [], True, 0.0, 0, 0, 1.0)
    return out


def enumerated_order_gain(att, dfn, bonus, medic):
    """`_order_gain` by brute force: the mean over every order of the defender's cards."""
    orders = list(itertools.permutations(dfn))
    total = 0.0
    for order in orders:
        for chance, score, wiped, left, last_loss in every_battle(att, order, medic is not None,
                                                                  bonus[0]):
            total += chance * _settled(score, wiped, left, last_loss, medic, bonus)
    return total / len(orders)


def test_the_exact_valuation_is_the_mean_over_every_order_of_the_defender():
    rng = random.Random(15)
    questions = set()
    while len(questions) < 400:
        question = random_question(rng)
        if len(question[1]) <= 6:
            questions.add(question)
    for question in sorted(questions, key=repr):
        assert _exact_order_gain(*question) == pytest.approx(
            enumerated_order_gain(*question), abs=1e-9), question


def test_the_exact_valuation_where_flips_tie_or_the_defender_recycles_its_survivors():
    for att in ((10,), (10, 10, 10), (2, 2), (10, 2), (5, 5, 5, 5), (3, 9, 9, 9, 9, 9, 9)):
        for dfn in ((10,), (10, 10, 10, 10), (2,), (5, 5), (2, 10), (4, 8, 10)):
            for medic in (None, 0.0, WORTH[10]):
                for bonus in ((KILL_BATTALION, KILL_ARMY), (KILL_ARMY, KILL_BATTALION)):
                    question = (att, dfn, bonus, medic)
                    assert _exact_order_gain(*question) == pytest.approx(
                        enumerated_order_gain(*question), abs=1e-9), question


def test_small_battles_are_valued_exactly_and_large_ones_sampled():
    rng = random.Random(16)
    seen = set()
    for _ in range(500):
        question = random_question(rng)
        cheap = _enumeration_is_cheap(len(question[0]), len(question[1]))
        valuation = _exact_order_gain if cheap else _sampled_order_gain
        assert _order_gain.__wrapped__(*question) == valuation(*question), question
        seen.add(cheap)
    assert seen == {True, False}


def test_the_plans_kept_per_position_are_the_plans_made_afresh():
    """Along heuristic games, from each player's determinised view: the Spy's plan and the
    deal plan a position finds kept (from this game or another) are the ones made anew."""
    config = GAME.config({})
    spy_plans = deal_plans = 0
    for seed in range(12):
        state = GAME.new_state(config, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.to_move()[0]
            seen = PlayerView(state, player).determinize(rng)
            if seen.phase == MAIN and seen.spy_available() or seen.phase == SPY_SWAP:
                first = seen.picked if seen.phase == SPY_SWAP else None
                assert _spy_plan(seen, player, first) == _plan_spy(seen, player, first)
                spy_plans += 1
            if seen.phase == DISTRIBUTE:
                table = seen.tables[player]
                held = tuple([c for cs in table.values() for c in cs] + seen.hands[player])
                assert _deal_plan(tuple(table), held) == _deal_plan.__wrapped__(tuple(table), held)
                deal_plans += 1
            state.apply(player, heuristic_action(seen, player, rng))
    assert spy_plans > 50 and deal_plans > 100
