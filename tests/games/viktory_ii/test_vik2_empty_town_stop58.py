"""The map game's move into an empty enemy town with the Battle Cards: its battle is the
shared resolver's, which offers an Attack card there only for its text."""

from __future__ import annotations

from vik2_helpers import PLAINS_MAP, capital, legal, position, take, town, troops

from warroom.games.viktory_battles.actions import MoveIn, PlayCard
from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF

MAP = PLAINS_MAP
TEXTLESS, PLUS_ONE, COUNTER = "A02", "A19", "C01"


def test_only_attack_cards_with_text_are_offered_into_an_empty_town(tmp_path):
    """Audit (stop 58): with cards, moving into an empty town offered every Attack card "as
    an Attack", though a card without text is discarded there for nothing (the text: "the
    hits/misses on the card would of course not matter, only the card text"). The shared
    resolver now offers only cards with Attack card text, for their text, in both games; and
    (stop 59) only where that text acts, which +1 MP does not in a battle: no card here."""
    pieces = [capital("A1", 0), troops("B4", 0, infantry=1), capital("G4", 1), town("A4", 1)]
    state = position(tmp_path, pieces, tiles=MAP, mode="cards")
    for cid in (TEXTLESS, PLUS_ONE):
        state.pool.deck.remove(cid)
        state.pool.hands[0].append(cid)
    state.pool.deck.remove(COUNTER)
    state.pool.deck.append(COUNTER)  # the special defense flips a Counter: no hit
    state._legal = {}
    take(state, SelectUnit, hex="B4", unit=INF)
    take(state, Step, hex="A4")
    take(state, Fight, hex="A4")
    actions = legal(state)
    plays = [a for a in actions if type(a) is PlayCard]
    assert MoveIn() in actions
    assert plays == []
