"""Card facts of a finished Word & Iron battle, read from its log (for `warroom report`).

- `drawn`: a strategy, chance or Word of Power card drawn (it resolves at once), a champion
  drawn, a resource laid out in the realm at set-up.
- `played`: a use of a resource (the only cards a player chooses to use).
- `ransomed`: a resource handed over as a ransom or for a truce; `taken`: one received so.

When the two players use different decks (not merely two files of the same cards), a card is
named with its deck option
(`Knights' Lance (deck0)`): the same name in two decks may be two different cards. A resource
keeps its deck when a ransom or a truce moves it: the events that use or move one name the
seat whose deck it is from (`origin`), since a realm may then hold two cards of one name.
"""

from __future__ import annotations

from typing import Any

from ...engine import DRAWN, PLAYED, CardFacts
from .deck import Deck

RANSOMED, TAKEN = "ransomed", "taken"


def deck_labels(decks: tuple[Deck, Deck]) -> tuple[str, str]:
    """The suffix that tells each player's cards apart: none when both decks hold the same
    cards (one file, or a copy renamed or commented: told apart, every card was two cards,
    each with half the games behind it). The decks are the config's, read when it was made."""
    if _cards(decks[0]) == _cards(decks[1]):
        return ("", "")
    return (" (deck0)", " (deck1)")


def _cards(deck: Deck) -> tuple[Any, ...]:
    """A deck's cards, section by section: what it plays, without its name and description."""
    return (deck.soldiers, deck.resources, deck.strategies, deck.chance, deck.words,
            deck.champions)


# The kinds of events card_events reads (Game.card_event_kinds).
CARD_EVENT_KINDS = frozenset({"draw", "champion", "realm", "use_resource", "ransom",
                              "truce_offer", "truce_accepted"})


def card_events(log: list, labels: tuple[str, str]) -> CardFacts:
    facts = CardFacts(2)
    offered: tuple[int, str] | None = None
    for _, e in log:
        kind = e["event"]
        if kind == "draw" or kind == "champion":
            p = e["player"]
            facts.add(p, DRAWN, e["card"] + labels[p])
        elif kind == "realm":
            p = e["player"]
            for name in e["resources"]:
                facts.add(p, DRAWN, name + labels[p])
        elif kind == "use_resource":
            facts.add(e["player"], PLAYED, e["resource"] + labels[e["origin"]])
        elif kind == "ransom":
            card = e["resource"] + labels[e["origin"]]
            _move(facts, e["target"], e["player"], card)
        elif kind == "truce_offer":
            offered = (e["player"], e["resource"] + labels[e["origin"]])
        elif kind == "truce_accepted" and offered is not None:
            _move(facts, offered[0], e["player"], offered[1])
    return facts


def deck_card_names(decks: tuple[Deck, Deck], labels: tuple[str, str]) -> list[str]:
    """Every card `card_events` may name: each deck's resources, strategies, chance cards,
    Words of Power and champions, with its label."""
    names = [card.name + label for deck, label in zip(decks, labels, strict=True)
             for pile in (deck.resources, deck.strategies, deck.chance, deck.words,
                          deck.champions)
             for card in pile]
    return list(dict.fromkeys(names))


def _move(facts: CardFacts, giver: int, receiver: int, card: str) -> None:
    facts.add(giver, RANSOMED, card)
    facts.add(receiver, TAKEN, card)
