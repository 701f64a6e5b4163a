"""A player's hand of Battle Cards (the Battle Cards text: "Max hand size", "Drawing new
cards"), in one place for both games that play the cards: the one-battle game's draw after
its battle is the end of the attacker's turn in the map game. The limits are pure functions
of counts, compiled with the games' states and encoders that ask them on every observation
(not in cards.py, whose card models are pydantic's); the end-of-turn draw's choice is
applied here too (`end_of_turn_draw`), to the card pool either game lends it."""

from __future__ import annotations

from .actions import Discard, Draw
from .cards import Card
from .resolver import discard_card, draw_cards
from .seam import BattleHost, CardPool


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


def end_of_turn_draw(pool: CardPool, host: BattleHost, seat: int, action: Draw | Discard,
                     cards: dict[str, Card]) -> bool:
    """The end-of-turn draw's choice applied, in both games. A Discard puts a card the player
    wants to replace on the discards: True, the step is asked again (one redraw more, which
    the game counts). A Draw draws its count (fewer if the deck and the discards run out),
    told as a battle's draw is: the count to everybody, the cards to the drawer alone; False,
    the turn is over."""
    if isinstance(action, Discard):
        discard_card(pool, host, seat, action.card, "to draw anew", cards)
        return True
    draw_cards(pool, host, seat, action.count, "end of turn", cards)
    return False
