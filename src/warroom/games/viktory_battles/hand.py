"""A player's hand of Battle Cards (the Battle Cards text: "Max hand size", "Drawing new
cards"), in one place for both games that play the cards: the one-battle game's draw after
its battle is the end of the attacker's turn in the map game. Pure functions of counts, and
compiled with the games' states and encoders that ask them on every observation (not in
cards.py, whose card models are pydantic's)."""

from __future__ import annotations


def max_hand(hand_limit: int, towns: int, cities: int) -> int:
    """The lesser of the hand limit (10) and the towns and cities the player holds."""
    return min(hand_limit, towns + cities)


def draw_limit(hand: int, most: int, cities: int) -> int:
    """The new cards a player may draw at the end of its turn, holding `hand` cards: up to
    its max hand size `most`, and no more than it has cities."""
    return max(0, min(cities, most - hand))


def may_redraw(hand: int, redraws: int, cities: int) -> bool:
    """Whether, at the end of its turn, a player may still discard a card it wants to
    replace and draw anew: one a city, while it holds a card."""
    return hand > 0 and redraws < cities
