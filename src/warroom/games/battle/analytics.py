"""Card facts of a finished Battle game, read from its log (for `warroom report`).

- `drawn`: a card drawn into the hand (the opening hand included);
- `played`: a card put into play as a soldier or a court card, or used for its ability;
- `ability`: a card used for its special ability; `destroyed`: a soldier of the seat
  destroyed (in combat or by an ability); `gained`: a soldier taken with a Joker; `picked`: a
  card picked in a draft.

Cards are named as players read them: `K♠`, `10♥`, `Joker`.
"""

from __future__ import annotations

from ...engine import DRAWN, PLAYED, CardFacts
from .cards import card_text

ABILITY, DESTROYED, GAINED, PICKED = "ability", "destroyed", "gained", "picked"


# The kinds of events card_events reads (Game.card_event_kinds).
CARD_EVENT_KINDS = frozenset({"drew", "play", "special", "strike", "destroyed", "gained", "picked"})


def card_events(log: list, num_players: int) -> CardFacts:
    facts = CardFacts(num_players)
    for _, e in log:
        kind = e["event"]
        if kind == "drew":
            facts.add_all(e["player"], DRAWN, map(card_text, e["cards"]))
        elif kind == "play":
            facts.add(e["player"], PLAYED, card_text(e["card"]))
        elif kind == "special":
            facts.add(e["player"], PLAYED, card_text(e["card"]))
            facts.add(e["player"], ABILITY, card_text(e["card"]))
        elif kind == "strike" and not e.get("wasted"):  # a second strike destroys nothing
            facts.add(e["target"], DESTROYED, card_text(e["target_card"]))
        elif kind == "destroyed":
            facts.add(e["player"], DESTROYED, card_text(e["card"]))
        elif kind == "gained":
            facts.add(e["player"], GAINED, card_text(e["card"]))
        elif kind == "picked":
            facts.add(e["player"], PICKED, card_text(e["card"]))
    return facts
