"""Seeded randomness. Every random draw in warroom comes from a `random.Random` made here."""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, *keys: object) -> int:
    """A 63-bit seed derived from `seed` and `keys`, stable across processes and platforms.

    Used so that game i of a batch, or the agent in seat p, gets its own independent stream
    whatever the order in which the work is scheduled.
    """
    text = ":".join([str(seed), *map(str, keys)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def make_rng(seed: int, *keys: object) -> random.Random:
    """A `random.Random` seeded with `seed`, or, with `keys`, with `derive_seed(seed,
    *keys)`: an independent stream per key (`make_rng(seed, "agent", 1)`)."""
    return random.Random(derive_seed(seed, *keys) if keys else seed)


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state as `rng` (the same draws follow)."""
    # `random.Random()` would first seed itself from the OS, only to be overwritten.
    new = random.Random.__new__(random.Random)
    new.setstate(rng.getstate())
    return new


def split_rng(rng: random.Random) -> random.Random:
    """A new generator seeded from `rng`'s next 64 bits: how `determinize` re-seeds a copy,
    so that a planner's draws say nothing of the real future."""
    return random.Random(rng.getrandbits(64))


def shuffle(rng: random.Random, items: list) -> None:
    """`rng.shuffle(items)`: the same draws in the same order, so the same result, without
    `Random.shuffle`'s method call per item (its `_randbelow`: draw as many bits as the bound
    has, again while past it). A determinisation shuffles every hidden pile at every decision
    of a search or a heuristic game. tests/engine/test_rng.py compares the two."""
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j > i:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def roll_dice(rng: random.Random, n: int, sides: int = 6) -> list[int]:
    """`[rng.randint(1, sides) for _ in range(n)]`: the same draws in the same order, without
    randint's three Python calls per die (`randrange`, then `_randbelow`: draw as many bits
    as the bound has, again while past it). Battles roll dice at every round of every
    playout. tests/engine/test_rng.py compares the two."""
    bits = rng.getrandbits
    k = sides.bit_length()
    out = []
    for _ in range(n):
        r = bits(k)
        while r >= sides:
            r = bits(k)
        out.append(r + 1)
    return out
