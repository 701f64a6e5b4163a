"""The heuristic's battle sampler (`_order_gain`) is written out for speed in one function; here
it is compared, question by question, with the plain version it replaced: `Random.shuffle`'s
draws for the defender's order, one battle per sample with `flip_value` deciding each flip, a
coin per tie. Every answer must be the same float, or the heuristic's games would change."""

from __future__ import annotations

import random

from warroom.games.champions.heuristic import (
    KILL_ARMY,
    KILL_BATTALION,
    SAMPLES,
    WORTH,
    _order_gain,
    flip_value,
)


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


def plain_order_gain(att, dfn, bonus, medic):
    rng = random.Random(hash((att, dfn, bonus, -1.0 if medic is None else medic)))
    total = 0.0
    for _ in range(SAMPLES):
        order = list(dfn)
        rng.shuffle(order)
        score, wiped, left, last_loss = plain_simulate(att, order, medic is not None,
                                                       bonus[0], rng)
        if wiped:
            score += bonus[0]
        if not left:
            score -= bonus[1]
        elif medic is not None:
            score += WORTH[last_loss] if last_loss else medic
        total += score
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
        assert _order_gain.__wrapped__(*question) == plain_order_gain(*question), question


def test_the_sampler_stays_the_same_where_every_flip_ties_or_the_defence_is_one_card():
    for att in ((10,), (10, 10, 10), (2, 2), (10, 2), (5, 5, 5, 5)):
        for dfn in ((10,), (10, 10, 10, 10), (2,), (5, 5), (2, 10)):
            for medic in (None, 0.0, WORTH[10]):
                question = (att, dfn, (KILL_BATTALION, KILL_ARMY), medic)
                assert _order_gain.__wrapped__(*question) == plain_order_gain(*question)
