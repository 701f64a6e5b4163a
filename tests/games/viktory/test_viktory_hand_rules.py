"""The Battle Cards' hand rules (max hand size; drawing new cards at the end of a turn) have
one home, `viktory_battles.hand`, which the one-battle game and the map game both ask."""

from __future__ import annotations

import random

from warroom.games import get_game
from warroom.games.viktory_battles.actions import Discard, Draw
from warroom.games.viktory_battles.hand import draw_limit, max_hand, may_redraw


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


def test_both_games_offer_the_draw_the_text_gives():
    """Every end-of-turn draw of random card games, in the one-battle game and the map game,
    against the text worked out here from the player's hand, hand limit, towns and cities
    (not from the games' own helpers): 0 to min(cities, max hand - hand) new cards, where
    max hand is min(hand limit, towns + cities); a discard to draw anew while the player holds
    a card and has discarded fewer than its cities."""
    seen = {"viktory": 0, "viktory-ii": 0}
    for name in seen:
        game = get_game(name)
        config = game.config({"mode": "cards"})
        for seed in range(8 if name == "viktory-ii" else 60):
            state, rng = game.new_state(config, seed), random.Random(seed)
            for _ in range(3000):
                if state.is_terminal():
                    break
                mover = state.to_move()[0]
                legal = state.legal_actions(mover)
                draws = [a.count for a in legal if type(a) is Draw]
                if draws:
                    if name == "viktory":
                        hand, towns, cities = (len(state.hands[mover]), state.towns[mover],
                                               state.cities[mover])
                    else:
                        hand = len(state.pool.hands[mover])
                        towns, cities = state.count_settlements(mover)
                    most = min(config.hand_limit, towns + cities)
                    assert draws == list(range(max(0, min(cities, most - hand)) + 1))
                    assert any(type(a) is Discard for a in legal) == (
                        hand > 0 and state.redraws < cities)
                    seen[name] += 1
                state.apply(mover, rng.choice(legal))
    assert all(seen.values()), seen
