"""Card facts of a finished game with the Battle Cards, read from its log (for `warroom
report`): a battle of `viktory`, or a whole game of `viktory-ii` in cards or hybrid mode.

A card is its id and name (`A03 Regular Attack`): several cards share a name but differ in
hits, misses and terrain. Dice games have no cards and no facts.

- `drawn`: a card drawn into the hand (the opening hand, a battle's replenishment, the map
  game's end-of-turn draw and the card gained for a town built or taken);
- `played`: a card played (as an attack, a counter or for its Special Event, or in the map
  game for +1 movement);
- `discarded`: a card discarded (the hand limit, a card lost with a town or city, the hand
  of a player put out of the map game).
Cards flipped from the deck for special fire are nobody's: no fact.
"""

from __future__ import annotations

from collections import Counter

from ...engine import DRAWN, PLAYED, CardFacts
from .cards import Deck

DISCARDED = "discarded"


# The kinds of events card_events reads (Game.card_event_kinds).
CARD_EVENT_KINDS = frozenset({"drew", "card", "play", "move_card", "discard", "out"})


def card_label(cid: str, name: str) -> str:
    return f"{cid} {name}"


def deck_card_names(deck: Deck) -> list[str]:
    """Every card `card_events` may name: the deck's cards, each by id and name."""
    return [card_label(card.id, card.name) for card in deck.cards]


def card_events(log: list, names: dict[str, str], players: int) -> CardFacts:
    """`names`: card id -> card name, from the game's deck."""
    facts = CardFacts(players)
    hands: list[Counter[str]] = [Counter() for _ in range(players)]

    def label(cid: str) -> str:
        return card_label(cid, names[cid]) if cid in names else cid

    for _, e in log:
        kind = e["event"]
        if kind == "drew":
            facts.add_all(e["player"], DRAWN, map(label, e["cards"]))
            hands[e["player"]].update(e["cards"])
        elif kind == "card":  # the map game's card for a town built or taken
            facts.add(e["player"], DRAWN, label(e["card"]))
            hands[e["player"]][e["card"]] += 1
        elif kind in ("play", "move_card"):  # in a battle, or the map game's +1 MP
            facts.add(e["player"], PLAYED, label(e["card"]))
            hands[e["player"]][e["card"]] -= 1
        elif kind == "discard" and "player" in e:
            facts.add(e["player"], DISCARDED, label(e["card"]))
            hands[e["player"]][e["card"]] -= 1
        elif kind == "out":  # the map game: its hand goes to the (face-up) discard pile
            facts.add_all(e["player"], DISCARDED, map(label, hands[e["player"]].elements()))
            hands[e["player"]].clear()
    return facts
