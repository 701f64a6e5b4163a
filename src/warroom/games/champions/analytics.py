"""Card facts of a finished Game of Champions, read from its log (for `warroom report`).

Suits only tell cards apart (RULINGS.md), so a card is its rank: `K`, `10`, `2`.

- `drawn`: dealt (face cards laid down and reinforcements distributed) or drawn from the
  Reserve Pile;
- `played`: flipped in a battle; `casualty`: lost a flip; `revived`: brought back by a
  Queen (Medic); `turned in`: a bare commander turned in for a reserve card.
"""

from __future__ import annotations

from ...engine import DRAWN, PLAYED, CardFacts

CASUALTY, REVIVED, TURNED_IN = "casualty", "revived", "turned in"


def rank(card: str) -> str:
    return card[:-1]


# The kinds of events card_events reads (Game.card_event_kinds).
CARD_EVENT_KINDS = frozenset({"deal", "reveal", "lay_down", "draw", "attack", "flip", "revive",
                              "turn_in"})


def card_events(log: list) -> CardFacts:
    facts = CardFacts(2)
    attacker = 0
    for _, e in log:
        kind = e["event"]
        if kind == "deal":
            for p, faces in enumerate(e["faces"]):
                facts.add_all(p, DRAWN, map(rank, faces))
        elif kind == "reveal":
            for p, table in enumerate(e["tables"]):
                for _, cards in table:
                    facts.add_all(p, DRAWN, map(rank, cards))
        elif kind in ("lay_down", "draw"):
            facts.add(e["player"], DRAWN, rank(e["card"]))
        elif kind == "attack":
            attacker = e["player"]
        elif kind == "flip":
            sides = ((attacker, e["attacker_card"]), (1 - attacker, e["defender_card"]))
            for p, card in sides:
                facts.add(p, PLAYED, rank(card))
                if p != e["winner"]:
                    facts.add(p, CASUALTY, rank(card))
        elif kind == "revive":
            facts.add(e["player"], REVIVED, rank(e["card"]))
        elif kind == "turn_in":
            facts.add(e["player"], TURNED_IN, rank(e["commander"]))
    return facts
