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
    new = random.Random()
    new.setstate(rng.getstate())
    return new
