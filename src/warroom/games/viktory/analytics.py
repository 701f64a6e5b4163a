"""Card facts of a finished Viktory II card battle, read from its log (for `warroom report`).

A card is its id and name (`A03 Regular Attack`): several cards share a name but differ in
hits, misses and terrain. Dice battles have no cards and no facts.

- `drawn`: a card drawn into the hand (the opening hand included);
- `played`: a card played (as an attack, a counter or for its Special Event);
- `discarded`: a card discarded (the hand limit, or a card lost with a town or city).
"""

from __future__ import annotations

from ...engine import DRAWN, PLAYED, CardFacts
from ..viktory_battles.cards import Deck

DISCARDED = "discarded"


# The kinds of events card_events reads (Game.card_event_kinds).
CARD_EVENT_KINDS = frozenset({"drew", "play", "discard"})


def card_label(cid: str, name: str) -> str:
    return f"{cid} {name}"


def deck_card_names(deck: Deck) -> list[str]:
    """Every card `card_events` may name: the deck's cards, each by id and name."""
    return [card_label(card.id, card.name) for card in deck.cards]


def card_events(log: list, names: dict[str, str]) -> CardFacts:
    """`names`: card id -> card name, from the battle's deck."""
    facts = CardFacts(2)

    def label(cid: str) -> str:
        return card_label(cid, names[cid]) if cid in names else cid

    for _, e in log:
        kind = e["event"]
        if kind == "drew":
            facts.add_all(e["player"], DRAWN, map(label, e["cards"]))
        elif kind == "play":
            facts.add(e["player"], PLAYED, label(e["card"]))
        elif kind == "discard" and "player" in e:
            facts.add(e["player"], DISCARDED, label(e["card"]))
    return facts
