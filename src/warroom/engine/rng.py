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
