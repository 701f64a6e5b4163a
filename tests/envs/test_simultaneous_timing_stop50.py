"""Audit (stop 50): at a simultaneous decision, which choice the first mover made never shows
to another seat; that it has chosen (finished its part) may, as public timing."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from warroom.envs.table import load

CONFIGS = [
    ("kow", {"victories_to_win": 1}),
    ("champions", {"max_turns": 10}),
    ("battle", {"deck_mode": "draft", "players": 3, "packs": 3, "pack_size": 6,
                "limited_size": 15}),
]


def _text(observation):
    return json.dumps(observation, sort_keys=True, default=str)


@pytest.mark.parametrize("name, options", CONFIGS)
def test_the_choice_never_shows_that_the_first_mover_has_chosen_may(name, options):
    """Audit (stop 50): the README said the second mover "sees the same vector whatever the
    first chose"; whether the first has finished shows (kow's `chosen`, champions'
    "ordered", a draft's "deck built"). Exactly what holds: branching on every choice of the
    first mover, the branches that leave the same seats to move (the public timing) give every
    other seat the same vector and observation; the vector before the choice may differ."""
    game, config, enc = load(name, options)
    n = game.num_players(config)
    decisions = timing_shows = changed = 0
    for g in range(2):
        state = game.new_state(config, 100 + g)
        rng = random.Random(g)
        for _ in range(300):
            if state.is_terminal():
                break
            movers = state.to_move()
            first = movers[0]
            actions = state.legal_actions(first)
            if len(movers) > 1 and len(actions) > 1:
                decisions += 1
                before = {p: enc.encode(state, p) for p in range(n) if p != first}
                groups: dict[tuple[int, ...], list] = {}
                for action in (actions if len(actions) <= 8 else rng.sample(actions, 8)):
                    branch = state.clone()
                    branch.apply(first, action)
                    groups.setdefault(tuple(branch.to_move()), []).append(branch)
                timing_shows += len(groups) > 1
                for branches in groups.values():
                    for p in before:
                        vectors = [enc.encode(b, p) for b in branches]
                        texts = [_text(b.observation(p)) for b in branches]
                        assert all(np.array_equal(vectors[0], v) for v in vectors), (
                            f"{name}: seat {p} sees which choice seat {first} made")
                        assert len(set(texts)) == 1, (
                            f"{name}: seat {p}'s observation shows seat {first}'s choice")
                        changed += not np.array_equal(before[p], vectors[0])
            state.apply(first, rng.choice(actions))
    assert decisions
    assert changed  # that the first mover has chosen shows (its timing is public)
    if name != "kow":  # a choice over several steps: whether it is finished shows too
        assert timing_shows
