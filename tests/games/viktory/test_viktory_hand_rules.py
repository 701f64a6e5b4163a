"""The Battle Cards' hand rules (max hand size; drawing new cards at the end of a turn) have
one home, `viktory_battles.cards`, which the one-battle game and the map game both ask."""

from __future__ import annotations

import random

from warroom.games import get_game
from warroom.games.viktory_battles.actions import Discard, Draw
from warroom.games.viktory_battles.cards import draw_limit, max_hand, may_redraw


def test_the_hand_rules_as_the_text_gives_them():
    """Max hand size: the lesser of the hand limit and the towns and cities held. At the end
    of a turn: draw up to the max hand size, no more than one new card a city; a card one
    wants to replace may be discarded and drawn anew, once a city."""
    assert max_hand(10, 3, 2) == 5 and max_hand(4, 3, 2) == 4 and max_hand(10, 0, 0) == 0
    assert draw_limit(hand=3, most=5, cities=1) == 1
    assert draw_limit(hand=2, most=5, cities=3) == 3
    assert draw_limit(hand=5, most=5, cities=2) == 0 and draw_limit(hand=6, most=5, cities=2) == 0
    assert may_redraw(hand=2, redraws=0, cities=1) and not may_redraw(hand=2, redraws=1, cities=1)
    assert not may_redraw(hand=0, redraws=0, cities=3)


def test_both_games_offer_the_draw_the_hand_rules_give():
    """Every end-of-turn draw of random card games, in the one-battle game and the map game:
    the draws offered are 0 to `draw_limit`, and discards to draw anew are offered exactly
    when `may_redraw` says."""
    seen = {"viktory": 0, "viktory-ii": 0}
    for name, options in (("viktory", {"mode": "cards"}), ("viktory-ii", {"mode": "cards"})):
        game = get_game(name)
        for seed in range(8 if name == "viktory-ii" else 60):
            state, rng = game.new_state(game.config(options), seed), random.Random(seed)
            for _ in range(3000):
                if state.is_terminal():
                    break
                mover = state.to_move()[0]
                legal = state.legal_actions(mover)
                draws = [a.count for a in legal if type(a) is Draw]
                if draws and name == "viktory":
                    assert draws == list(range(state.draw_limit() + 1))
                    assert any(type(a) is Discard for a in legal) == state.may_redraw()
                    seen[name] += 1
                elif draws:
                    assert draws == list(range(state.draw_limit(mover) + 1))
                    assert any(type(a) is Discard for a in legal) == state.may_redraw(mover)
                    seen[name] += 1
                state.apply(mover, rng.choice(legal))
    assert all(seen.values()), seen
