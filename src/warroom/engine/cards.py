"""Card facts: what happened to each card in one finished game, per seat.

A game with cards offers them through `Game.card_events(state)`, read from the finished
state's structured log, so card analytics need nothing game-specific outside the game's own
package. A fact is (seat, fate, card) -> how many times: the card was `drawn` (came into the
seat's hand or hold), `played` (the seat chose to use it), or met another fate the game names
(`discarded`, `destroyed`, ...). Card names are the game's own, as a designer reads them.
"""

from __future__ import annotations

from typing import Any

DRAWN = "drawn"
PLAYED = "played"


class CardFacts:
    """Per seat: fate -> card -> count, for one game."""

    __slots__ = ("seats",)

    def __init__(self, num_seats: int):
        self.seats: list[dict[str, dict[str, int]]] = [{} for _ in range(num_seats)]

    def add(self, seat: int, fate: str, card: str, count: int = 1) -> None:
        cards = self.seats[seat].setdefault(fate, {})
        cards[card] = cards.get(card, 0) + count

    def add_all(self, seat: int, fate: str, cards: Any) -> None:
        for card in cards:
            self.add(seat, fate, card)

    def to_json(self) -> list[dict[str, dict[str, int]]]:
        """Per seat, {fate: {card: count}}: JSON as it is stored with the game."""
        return self.seats
