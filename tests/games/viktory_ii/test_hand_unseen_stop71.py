"""Viktory II, the Battle Cards on an open map: whether a player is asked for its move step
told the others whether it held an Attack card (audit, stop 71). Its units boxed in by enemy
units could act only by attacking, and an attack needs an Attack card ("You have to play an
Attack card to move your units into a hex containing enemy units"), so the step was asked
with one in hand and skipped without. The README: "Who is asked is public"; the resolver:
whether a player is asked "may depend only on this, never on the cards in its hand"."""

from __future__ import annotations

from vik2_helpers import ALL_PLAINS, ISLAND_MAP, act, capital, legal, position, town, troops

from warroom.games.viktory_ii.actions import DONE_MOVE, PlaceReserve


def boxed_in(tmp_path, hand: list[str], **options):
    """Player 0's only unit stands in its capital A1 on a one-row island whose only other
    land next to it, A2, holds player 1's infantry; player 1 moves first and passes."""
    tmp_path.mkdir()
    state = position(tmp_path, [capital("A1", 0, infantry=1), troops("A2", 1, infantry=1),
                                capital("G4", 1, city=True, infantry=1)],
                     tiles=ISLAND_MAP, first=1, **options)
    if state.pool is not None:
        for card in hand:
            state.pool.deck.remove(card)
            state.pool.hands[0].append(card)
    while state.to_move()[0] == 1:
        act(state, next(a for a in legal(state) if type(a).__name__ in ("Done", "Draw")))
    return state


def test_the_move_step_is_asked_whatever_the_hand_holds(tmp_path):
    seen = {}
    for name, hand in (("none", []), ("attack", ["A01"]), ("counter", ["C01"])):
        state = boxed_in(tmp_path / name, hand, mode="cards")
        seen[name] = (state.observation(1)["decision"], state.observation(None)["decision"],
                      state.observation(1)["phase"])
        if name != "attack":  # asked, with nothing to do but say it is done
            assert legal(state) == [DONE_MOVE]
    assert seen["none"] == seen["attack"] == seen["counter"], seen
    assert seen["none"][0] == "move", seen


def test_a_step_with_nothing_to_do_whatever_the_hand_is_still_skipped(tmp_path):
    """The move step is skipped for reasons everybody can see: a player with no unit on an
    open map is not asked, in cards mode as with dice; with dice the boxed-in unit may attack
    (no card needed), so its step is asked for that."""
    for mode in ("cards", "dice"):
        state = position(tmp_path, [capital("A1", 0), troops("A2", 1, infantry=1),
                                    capital("G4", 1, city=True, infantry=1)],
                         tiles=ISLAND_MAP, first=1, mode=mode)
        while state.to_move()[0] == 1:
            act(state, next(a for a in legal(state) if type(a).__name__ in ("Done", "Draw")))
        assert state.observation(1)["decision"] != "move", mode
    dice = boxed_in(tmp_path / "dice", [], mode="dice")
    assert dice.observation(1)["decision"] == "move" and len(legal(dice)) > 1


ONE_SEA = "   p f w f\n" + ALL_PLAINS.split("\n", 1)[1]  # its one water: A3


def test_the_reserve_step_is_asked_whatever_the_hand_holds(tmp_path):
    """The map's one water, A3, holds player 1's frigate; player 0's reserve holds two
    infantry and a frigate, which may go only onto A3 ("Frigates go to the nearest water
    hexes"), and so only with an Attack card. Once both infantry are placed, the step was
    asked with an Attack card in hand and ended by itself without one."""
    seen = []
    for hand in ([], ["A01"]):
        state = position(tmp_path, [capital("A1", 0), town("A2", 0, city=True),
                                    capital("G4", 1, city=True, infantry=1),
                                    town("A4", 1, city=True), troops("A3", 1, frigate=1)],
                         tiles=ONE_SEA, mode="cards")
        for card in hand:
            state.pool.deck.remove(card)
        state.pool.hands[0] = list(hand)
        while state.decision()[0] == "build":
            act(state, next(a for a in legal(state) if type(a).__name__ == "Done"))
        for _ in range(2):
            act(state, next(a for a in legal(state) if type(a) is PlaceReserve))
        seen.append((state.observation(1)["decision"], state.observation(None)["decision"]))
    assert seen[0] == seen[1] == ("reserves", "reserves"), seen
