"""Audit (stop 52): `determinize` kept how far the opponent had got with a secret choice (the
reinforcements it had placed at the deal, the cards it had put down in its battle order),
which the player's observation does not show: two positions the player could not tell apart
gave it different determinisations."""

from __future__ import annotations

import json
import random

import pytest

from warroom.games import get_game
from warroom.games.champions.actions import PutNext

GAME = get_game("champions")


def _until_both_choose(state, rng, phase):
    while not (state.phase == phase and len(state.to_move()) == 2):
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


def _seen(state, player):
    return json.dumps({k: v for k, v in state.observation(player).items() if k != "log"},
                      sort_keys=True)


def _worlds(state, player):
    out = []
    for k in range(12):
        d = state.determinize(player, random.Random(k))
        out.append((repr(d.tables), repr(d.hands), repr(d.battle and d.battle.order)))
    return out


@pytest.mark.parametrize("phase", ["distribute", "order"])
def test_determinize_does_not_know_how_far_the_opponent_has_got(phase):
    """Audit (stop 52): seat 0 cannot see how many of its choices seat 1 has made yet (at
    the deal, its placements; in a battle, its order): the determinisations of seat 0 are the
    same whether seat 1 has made none or two."""
    for seed in range(8):
        state = _until_both_choose(GAME.new_state(GAME.config({"roshambo": "random"}), seed),
                                   random.Random(seed), phase)
        further = state.clone()
        for _ in range(2):
            moves = [a for a in further.legal_actions(1)
                     if phase == "distribute" or isinstance(a, PutNext)]
            if len(further.to_move()) == 2 and moves:
                further.apply(1, moves[0])
        if _seen(further, 0) == _seen(state, 0) and further.to_move() == state.to_move():
            assert _worlds(further, 0) == _worlds(state, 0)
            return
    pytest.fail("no position found where seat 1 could move unseen")  # the test's own check
