"""The environments' fast path against the slow one, for every game and config: at every
step of random games, each seat's observation (its observer, which rewrites only the parts
that changed since that seat's last look) and the action mask (remembered indices) must equal
the observation encoded from scratch and the mask built from each legal action's key; and the
fast observation of a determinisation of the state (what the seat cannot know, resampled)
must equal the live one, so nothing hidden enters the fast path either.

Hypothesis draws the game's seed, the seed of the random players and of the test's choices,
how often each seat looks (a seat that looks rarely has many parts to catch up on) and how
often a determinisation is checked. `pytest --hypothesis-seed=N` repeats a run."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warroom.engine import config_to_json
from warroom.envs.table import Table

PROPERTY = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


def options(config) -> dict:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in config_to_json(config).items()}


def scratch_mask(encoding, state, player: int, mover: int | None) -> np.ndarray:
    """The mask as the environments first built it: every legal action named by its key."""
    mask = np.zeros(encoding.num_actions, np.int8)
    if player == mover:
        for action in state.legal_actions(player):
            mask[encoding.index[encoding.key(action, player, state)]] = 1
    return mask


def differing_pieces(encoding, got: np.ndarray, want: np.ndarray) -> list[str]:
    return [p.name for p in encoding.pieces
            if not np.array_equal(got[encoding.offsets[p.name]:][:p.size],
                                  want[encoding.offsets[p.name]:][:p.size])]


@PROPERTY
@given(game_seed=st.integers(0, 2**32 - 1), seed=st.integers(0, 2**32 - 1),
       look=st.sampled_from([0.15, 0.5, 1.0]), twin=st.sampled_from([0.0, 0.1, 0.5]))
def test_fast_observation_and_mask_equal_from_scratch_at_every_step(game_config, game_seed,
                                                                     seed, look, twin):
    game, config = game_config
    table = Table(game, options(config))
    encoding = table.encoding
    twins = [encoding.observer(p) for p in range(table.players)]  # shown determinisations
    rng = random.Random(seed)
    table.reset(game_seed)
    steps = 0
    while True:
        state, mover = table.state, table.to_move()
        for p in range(table.players):
            if p != mover and rng.random() >= look:
                continue
            seen = table.observe(p)
            fresh = encoding.encode(state, p)
            if not np.array_equal(seen["observation"], fresh):
                bad = differing_pieces(encoding, seen["observation"], fresh)
                pytest.fail(f"step {steps}, seat {p}: the fast observation differs from a "
                            f"fresh encoding in {bad}")
            assert np.array_equal(table.observation(p), fresh)
            want = scratch_mask(encoding, state, p, mover)
            assert np.array_equal(seen["action_mask"], want), \
                f"step {steps}, seat {p}: the fast mask differs from the keys' mask"
            assert np.array_equal(table.mask(p), seen["action_mask"])
            if rng.random() < twin:
                shown = twins[p].look(state.determinize(p, rng))
                if not np.array_equal(shown, fresh):
                    pytest.fail(f"step {steps}, seat {p}: a determinisation observes "
                                f"differently in {differing_pieces(encoding, shown, fresh)}")
        if mover is None:
            break
        legal = table.legal_indices()
        table.apply(legal[rng.randrange(len(legal))])
        steps += 1
    assert steps > 0
    assert not any(table.mask(p).any() for p in range(table.players))


def test_the_property_test_catches_a_stale_part(monkeypatch):
    """An observer that skipped a changed part would be caught: freeze word-iron's part of
    your realm (its value read once, never again) and the fast observation must go stale in
    some game."""
    table = Table("word-iron")
    encoding = table.encoding
    compiled = list(encoding.compiled_parts())
    index = next(i for i, part in enumerate(encoding.parts())
                 if part.slots == (("realm", 0), ("uses", 0)))
    read, write, copy, clears = compiled[index]
    compiled[index] = (lambda state, player: "frozen", lambda v, p, out: None, copy, clears)
    stale = False
    for observer in table._observers:
        observer._parts = tuple(compiled)
    for seed in range(5):
        table.reset(seed)
        while (mover := table.to_move()) is not None:
            if not np.array_equal(table.observation(mover), encoding.encode(table.state, mover)):
                stale = True
                break
            legal = table.legal_indices()
            table.apply(legal[0])
        if stale:
            break
    assert stale
