"""Audit (stop 52): "If a player draws a card and no cards are in the draw pile, then the
discard pile is shuffled into the draw pile": the discard pile is face up, so every player
knows which cards the new draw pile holds, and that each card drawn from it since is one of
them. `determinize` dealt them with every other hidden card, so a search could give an
opponent more of them than it drew, or put others in the pile."""

from __future__ import annotations

import json
import random

import pytest
from battle_helpers import begin_turn, new

from warroom.games.battle.actions import FinishDeck


def _reshuffled_at_p1s_draw(mode):
    state = new(seed=4, deck_mode=mode)
    while state.phase == "build":
        p = state.to_move()[0]
        state.apply(p, next(a for a in state.legal_actions(p) if isinstance(a, FinishDeck)))
    z = state._zone(1)
    # P1's draw pile goes to its discard pile, face up: player 0 sees every card of it
    state.discard[z].extend(state.draw[z])
    state.draw[z].clear()
    state._legal = {}
    known = set(state.discard[z])
    begin_turn(state, 1)  # P1's draw step reshuffles them into its draw pile, and draws one
    return state, z, known


@pytest.mark.parametrize("mode", ["off-the-top", "sealed"])
def test_rule_after_a_reshuffle_the_pile_and_the_cards_drawn_from_it_are_known(mode):
    """Audit (stop 52): in every determinisation for player 0, player 1 holds exactly as many
    of the reshuffled cards as it drew since, the pile holds only them, and player 0 sees
    what it saw."""
    state, z, known = _reshuffled_at_p1s_draw(mode)
    drawn = [c for c in state.hands[1] if c in known]
    assert len(drawn) == 1 and state.draw[z] and set(state.draw[z]) <= known
    truth = json.dumps(state.observation(0), sort_keys=True)
    hands = set()
    for k in range(30):
        d = state.determinize(0, random.Random(k))
        assert json.dumps(d.observation(0), sort_keys=True) == truth
        assert len([c for c in d.hands[1] if c in known]) == 1
        assert len(d.hands[1]) == len(state.hands[1])
        assert set(d.draw[z]) <= known and len(d.draw[z]) == len(state.draw[z])
        hands.add(tuple(sorted(d.hands[1])))
    assert len(hands) > 10  # still resampled: which of them, and the cards held before
