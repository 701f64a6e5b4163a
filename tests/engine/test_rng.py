"""The engine's RNG helpers draw exactly what the standard library would."""

from __future__ import annotations

import random

from warroom.engine import roll_dice, shuffle


def test_shuffle_is_random_shuffle_draw_for_draw():
    # Every length up to 70 (past 64: more than one 32-bit word of bits per draw) with many
    # seeds: the same order and the generator left in the same state.
    for length in range(71):
        for seed in range(60):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(length)), list(range(length))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b, (length, seed)
            assert ours.getstate() == theirs.getstate(), (length, seed)


def test_shuffle_keeps_the_items():
    items = ["a", "b", "b", None, 3]
    shuffle(random.Random(7), items)
    assert sorted(items, key=repr) == sorted(["a", "b", "b", None, 3], key=repr)


def test_roll_dice_is_randint_draw_for_draw():
    # Dice of every size up to 70 (powers of two and the bounds past them), many seeds: the
    # same faces and the generator left in the same state.
    for sides in range(1, 71):
        for seed in range(20):
            ours, theirs = random.Random(seed), random.Random(seed)
            n = seed % 9
            assert roll_dice(ours, n, sides) == [theirs.randint(1, sides) for _ in range(n)]
            assert ours.getstate() == theirs.getstate(), (sides, seed)


def test_roll_dice_rolls_six_sided_dice_by_default():
    faces = roll_dice(random.Random(3), 600)
    assert len(faces) == 600 and set(faces) == {1, 2, 3, 4, 5, 6}
