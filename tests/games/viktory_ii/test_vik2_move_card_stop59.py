"""Rule 43 of the Battle Cards text in the map game: an Attack card may be played into an
empty town or city "in order to take advantage of the card text, eg +1MP". The +1 MP is taken
while the unit moves (`PlayMoveCard`); the town's battle offers no card whose text has
nothing left to act on."""

from __future__ import annotations

from vik2_helpers import (
    PLAINS_MAP,
    capital,
    events,
    hx,
    legal,
    position,
    take,
    town,
    troops,
)

from warroom.games.viktory_battles.actions import MoveIn, PlayCard
from warroom.games.viktory_ii.actions import Fight, PlayMoveCard, SelectUnit, Step
from warroom.games.viktory_ii.units import INF

FORCED_MARCH, FORCED_MARCH_2, SECRECY, COUNTER = "A19", "A20", "A17", "C01"


def test_plus_one_mp_is_played_while_moving_not_in_the_empty_towns_battle(tmp_path):
    """Audit (stop 59): with cards, an infantry that moved into an empty enemy town was
    offered `play A19 Forced March ... [+1 MP] for its text` in the town's battle; playing it
    did nothing (the infantry still could not move afterwards, the card was simply spent).
    Rule 43's "eg +1MP" is taken while moving: here a Forced March carries the infantry
    three hexes, into the town. In the town's battle no card is offered: a second Forced
    March has no movement left to add to, and Secrecy no Overwatch to stop."""
    pieces = [capital("A1", 0), troops("D4", 0, infantry=1), capital("G4", 1), town("A4", 1)]
    state = position(tmp_path, pieces, tiles=PLAINS_MAP, mode="cards")
    for cid in (FORCED_MARCH, FORCED_MARCH_2, SECRECY):
        state.pool.deck.remove(cid)
        state.pool.hands[0].append(cid)
    state.pool.deck.remove(COUNTER)
    state.pool.deck.append(COUNTER)  # the special defense flips a Counter: no hit
    state._legal = {}
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, PlayMoveCard, card=FORCED_MARCH)  # two moves, and one more
    take(state, Step, hex="C4")
    take(state, Step, hex="B4")
    take(state, Step, hex="A4")  # the town is three hexes away: the card's move reaches it
    take(state, Fight, hex="A4")
    assert legal(state) == [MoveIn()]
    assert not any(type(a) is PlayCard for a in legal(state))
    take(state, MoveIn)
    assert events(state, "move_card")[0]["card"] == FORCED_MARCH
    assert events(state, "play") == []
    assert {FORCED_MARCH_2, SECRECY} <= set(state.pool.hands[0])  # kept, with the town's card
    assert state.sowner[hx(state, "A4")] == 0
