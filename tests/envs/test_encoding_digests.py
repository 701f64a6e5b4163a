"""The observation vectors and action masks are pinned: every seat's, at every step of a few
seeded random games of each game and config (encoding_digests.py), must hash to the digest
recorded in encoding_digests.json. A change made for speed must leave every number as it was;
a change that means to alter an encoding (or a game's rules, which change the games played)
rewrites the file with `python tests/envs/encoding_digests.py --pin` and says why."""

from __future__ import annotations

import pytest

from . import encoding_digests as d

PINNED = d.pinned()


@pytest.mark.parametrize("name", sorted(PINNED))
def test_every_observation_and_mask_is_as_pinned(name):
    game, values = next((g, v) for g in sorted(d.REGISTRY) for v in d.configs(g)
                        if d.label(g, v) == name)
    assert d.digest(game, values) == PINNED[name]


def test_every_game_and_config_is_pinned():
    assert sorted(PINNED) == sorted(d.label(g, v) for g in d.REGISTRY for v in d.configs(g))
