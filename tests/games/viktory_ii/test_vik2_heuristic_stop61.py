"""The map heuristic at the turn limit and with Mud (stop 61). Positions are set up as the
other Viktory II tests set them up (vik2_helpers)."""

from __future__ import annotations

import random

from vik2_helpers import PLAINS_MAP, act, capital, hx, position, take, town, troops

from warroom.games.viktory_battles.actions import PlayCard
from warroom.games.viktory_ii import heuristic
from warroom.games.viktory_ii.actions import BuildTown, Done, Fight, SelectUnit, Step, Upgrade
from warroom.games.viktory_ii.units import CAV, INF

# The plains map with grassland at A1: a city there supports an infantry and a cavalry.
GRASS_A1 = PLAINS_MAP.replace("   p p p p\n", "   g p p p\n", 1)
# The plains map with water at D3 and E4, the two hexes next to both E3 and D4.
WATER_D3_E4 = PLAINS_MAP.replace("w w p p p w w", "w w w p p w w").replace(
    " p p p p p w\n", " p p p w p w\n")


def _last_turn(tmp_path, pieces, **options):
    """A set-up position with one round to play (`turn_limit=1`), player 0's turn passed:
    player 1 moves last, and nobody moves after it."""
    state = position(tmp_path, pieces, turn_limit=1, **options)
    while state.player == 0:
        take(state, Done, what=state.decision()[0])
    return state


def _moves(state, player):
    """The heuristic's choices for the player until its move phase ends (the other side's
    battle decisions too)."""
    rng = random.Random(0)
    chosen = []
    while state.player == player and state.decision()[0] in ("move", "battle"):
        seat = state.to_move()[0]
        action = heuristic.heuristic_action(state, seat, rng)
        if seat == player:
            chosen.append(action)
        act(state, action)
        assert len(chosen) < 60
    return chosen


def test_the_last_turn_upgrades_a_town_as_a_city_counts_before_towns(tmp_path):
    """Audit (stop 61): the heuristic ignored the turn limit, which ends the game with the
    most capitals, then cities, then towns winning: in its last turn, with two towns held
    and sites free, it built two more towns, where a city (counted before any number of
    towns) was to be had by upgrading one. With turns to come it still builds towns."""
    pieces = [capital("A2", 0, infantry=1), town("C3", 0, infantry=1),
              capital("G2", 1, infantry=1)]
    for limit, wanted in ((1, Upgrade), (80, BuildTown)):
        state = position(tmp_path, pieces, turn_limit=limit)
        take(state, Done, what="move")
        assert state.decision()[0] == "build"
        assert type(heuristic.heuristic_action(state, 0, random.Random(0))) is wanted, limit


def test_in_the_last_turn_a_garrison_attacks_a_town(tmp_path):
    """Audit (stop 61): in the game's last turn the heuristic kept a town's only infantry
    home against three enemy infantry next to it, which have no turn left to attack it,
    rather than take the empty enemy town beside it. Now it takes the town."""
    pieces = [capital("A2", 0, city=True), town("D4", 0), troops("E4", 0, infantry=3),
              capital("G2", 1, city=True), town("E3", 1, infantry=1)]
    state = _last_turn(tmp_path, pieces)
    d4, e3 = hx(state, "D4"), hx(state, "E3")
    assert _moves(state, 1) == [SelectUnit(e3, "E3", INF),
                                Step(d4, "D4", "attack", "player 0's town"), Fight(d4, "D4")]


def test_in_the_last_turn_nobody_fights_in_the_open(tmp_path):
    """Audit (stop 61): in the game's last turn two infantry attacked an enemy infantry in
    the open at good odds, a battle that counts for nothing at the turn limit (the most
    capitals, then cities, then towns win). Now they fight no battle there."""
    pieces = [capital("A2", 0, city=True), troops("E1", 0, infantry=1),
              capital("G2", 1, city=True), troops("F1", 1, infantry=2)]
    state = _last_turn(tmp_path, pieces)
    chosen = _moves(state, 1)
    assert chosen and not [a for a in chosen if type(a) is Step and a.kind == "attack"]


def test_in_the_last_turn_units_with_nothing_better_to_do_try_a_town(tmp_path):
    """Audit (stop 61): in the game's last turn two infantry beside an enemy town held by an
    infantry stood still (water on the hexes beside both, so no second hex side): their
    chance, 0.31, was below the 0.4 asked for a town. With no turn after it nothing they
    could lose counts, the town they could take does. Now they attack it."""
    pieces = [capital("A2", 0, city=True), town("D4", 0, infantry=1),
              capital("G2", 1, city=True), troops("E3", 1, infantry=2)]
    state = _last_turn(tmp_path, pieces, tiles=WATER_D3_E4)
    d4, e3 = hx(state, "D4"), hx(state, "E3")
    attacker = [u for u in range(len(state.uo)) if state.uh[u] == e3]
    chance = heuristic.attack_chance(state, 1, d4, attacker)
    assert 0.3 < chance < heuristic._boldness(state, 1, d4)  # what it asks of a town
    chosen = _moves(state, 1)
    assert chosen[:2] == [SelectUnit(e3, "E3", INF),
                          Step(d4, "D4", "attack", "player 0's town, player 0: 1 infantry")]


def test_mud_is_not_played_when_its_player_plays_no_card_after_it(tmp_path):
    """Audit (stop 61): in a card battle round the defender, facing an Attack card's live
    hit with Mud its only card, played Mud for its event (the attacker's cavalry die gone)
    and then passed: the live hit was fixed already, and the pass ended the round and the
    Mud with it, so the card changed nothing and the hit took its infantry. Now it plays
    the card as the Frontal Counter it also is, which blocks the hit."""
    state = position(tmp_path, [capital("A1", 0, city=True), troops("D3", 0, infantry=1,
                                                                   cavalry=1),
                                capital("G4", 1), troops("D4", 1, infantry=1)],
                     tiles=GRASS_A1, mode="cards")
    for hand in state.pool.hands:
        state.pool.deck += hand
        hand.clear()
    for player, card in ((0, "A01"), (1, "X07")):  # Regular Attack 1H; Mud 1H/1M, Frontal
        state.pool.deck.remove(card)
        state.pool.hands[player].append(card)
    for unit in (CAV, INF):
        take(state, SelectUnit, hex="D3", unit=unit)
        take(state, Step, hex="D4")
    take(state, Fight, hex="D4")
    take(state, PlayCard, card="A01")
    session = state.session
    assert session.decision == ("play", 1) and session.pending == 1
    assert PlayCard("X07", "event", state.cards["X07"].short()) in state.legal_actions(1)
    choice = heuristic.heuristic_action(state, 1, random.Random(0))
    assert choice == PlayCard("X07", "counter", state.cards["X07"].short())
    assert state.pool.hands[1] == ["X07"] and session.events == []  # (tried, then put back)
    act(state, choice)
    assert session.lost[1] == 0
