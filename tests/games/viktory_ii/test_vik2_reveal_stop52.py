"""Audit (stop 52): on a hidden map every seat and the spectator were told that another
player was placing drawn tiles and how many ("Player 0 is placing 3 drawn tiles"; the
encoding's `reveal_by`), though the "explored" and "drawn" events go to the explorer alone,
and each placement changed their observation, so the server sent each of them a frame per
tile: they counted the hexes the player came upon out of their sight."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from vik2_helpers import GAME

from warroom.games.viktory_ii.actions import PlaceTile


def _seen(state, seat):
    return json.dumps(state.observation(seat), sort_keys=True)


@pytest.mark.parametrize("options", [
    {"independent": True, "players": 3, "radius": 3, "turn_limit": 4},
    {"dark": True, "independent": True, "players": 3, "radius": 3, "turn_limit": 4},
])
def test_hidden_map_others_see_nothing_of_a_tile_placement(options):
    """Audit (stop 52): README, "Hidden information": while a player places the tiles it
    drew on a hidden map, the other seats' and a spectator's observations and encodings
    do not change (the game moves on for them only when the last tile is placed) and show
    no placement under way; the placer sees its tiles."""
    config = GAME.config({**options, "place": "choose"})
    encoding = GAME.encoding(config)
    placements = 0
    for seed in range(6):
        state = GAME.new_state(config, seed)
        rng = random.Random(seed)
        while not state.is_terminal() and placements < 40:
            p = state.to_move()[0]
            action = rng.choice(state.legal_actions(p))
            others = [q for q in (*range(state.num_players), None) if q != p]
            if isinstance(action, PlaceTile):
                placements += 1
                assert state.observation(p)["reveal"]["tiles"]
                before = {q: _seen(state, q) for q in others}
                vectors = {q: np.array(encoding.encode(state, q)) for q in others
                           if q is not None}
                assert all(state.observation(q)["reveal"] is None for q in others)
            state.apply(p, action)
            pending = state.reveal_pending
            if isinstance(action, PlaceTile) and pending is not None and pending[0] == p:
                # tiles are left to place: the game has not moved on for anybody else
                assert {q: _seen(state, q) for q in others} == before
                for q, vector in vectors.items():
                    assert np.array_equal(np.asarray(encoding.encode(state, q)), vector)
    assert placements >= 10  # the test saw placements to check
