"""Reserves (VIKTORY-II.md, "Reserves"): where reserve units go and how many, frigates, the
reserve naval battle, taking units off the board."""

from __future__ import annotations

from vik2_helpers import (
    RESERVE_MAP,
    capital,
    events,
    has,
    hx,
    legal,
    position,
    script_dice,
    stack,
    take,
    town,
    troops,
)

from warroom.games.viktory_ii.actions import Done, PlaceFrigate, PlaceReserve, Withdraw
from warroom.games.viktory_ii.units import ART, CAV, FRIG, INF


def reserves(tmp_path, *extra, enemy=(), **options):
    """Player 0: capital city on grassland (A1), mountain city (A2), town (A4), forest city
    (A3), all units in reserve; its turn is at the reserves step."""
    state = position(tmp_path, [capital("A1", 0, city=True), town("A2", 0, city=True),
                                town("A3", 0, city=True), town("A4", 0), capital("G4", 1),
                                *extra, *enemy], tiles=RESERVE_MAP, **options)
    if state.decision() == ("move", 0):
        take(state, Done, what="move")
    take(state, Done, what="build")
    assert state.decision() == ("reserves", 0)
    return state


def places(state, where):
    return sorted(a.unit for a in legal(state) if type(a) is PlaceReserve
                  and a.hex == hx(state, where))


def test_rule_reserve_is_what_towns_and_cities_support_minus_the_board(tmp_path):
    state = reserves(tmp_path, troops("D4", 0, infantry=1))
    # grassland city 1i1c, mountain city 1i1a, forest city 1i1f, town 1i; one infantry out
    assert state.reserve(0) == [3, 1, 1, 1]


def test_rule_each_town_or_city_takes_its_own_units_per_turn(tmp_path):
    state = reserves(tmp_path)
    assert places(state, "A4") == [INF]
    assert places(state, "A2") == [INF, ART]
    take(state, PlaceReserve, hex="A4", unit=INF)
    assert places(state, "A4") == []  # a town takes one infantry a turn
    take(state, PlaceReserve, hex="A2", unit=ART)
    assert places(state, "A2") == [INF]
    assert stack(state, "A2", 0) == [0, 0, 1, 0]


def test_rule_the_capital_takes_any_number_and_type(tmp_path):
    state = reserves(tmp_path)
    for unit in (INF, INF, INF, ART, CAV):
        take(state, PlaceReserve, hex="A1", unit=unit)
    assert stack(state, "A1", 0) == [3, 1, 1, 0]


def test_rule_no_reserves_where_enemy_units_are_next_to_a_town_but_the_capital(tmp_path):
    state = reserves(tmp_path, enemy=[troops("B5", 1, infantry=1)])
    assert places(state, "A4") == []
    assert places(state, "A1") == [INF, CAV, ART]


def test_rule_frigates_go_to_the_water_nearest_a_forest_city_or_the_capital(tmp_path):
    state = reserves(tmp_path)
    seas = {a.sea for a in legal(state) if type(a) is PlaceFrigate}
    expected = set(state.nearest_water(0, hx(state, "A3"))) | set(
        state.nearest_water(0, hx(state, "A1")))
    assert seas == expected and seas
    dist = state.board.distance[hx(state, "A3")]
    via_forest = [a for a in legal(state) if type(a) is PlaceFrigate
                  and a.hex == hx(state, "A3")]
    assert len({dist[a.sea] for a in via_forest}) == 1
    action = via_forest[0]
    take(state, PlaceFrigate, hex="A3", sea=action.sea)
    assert state.units_at(action.sea, 0)[FRIG] == 1


def test_rule_a_frigate_placed_onto_an_enemy_frigate_fights_and_ends_placing(tmp_path):
    (tmp_path / "probe").mkdir()
    probe = reserves(tmp_path / "probe")
    sea = probe.nearest_water(0, hx(probe, "A3"))[0]
    where = probe.board.names[sea]
    state = reserves(tmp_path, enemy=[town("G1", 1, city=True), troops(where, 1, frigate=1)])
    script_dice(state, [1, 6])  # the placed frigate hits, the defender misses
    take(state, PlaceFrigate, hex="A3", sea=where)
    assert events(state, "battle")[-1]["battle"] == "reserve_naval"
    assert state.units_at(sea, 0)[FRIG] == 1 and state.units_at(sea, 1)[FRIG] == 0
    assert state.decision()[0] != "reserves"  # no further placements after that battle


def test_rule_units_may_be_taken_off_the_board_and_placed_again(tmp_path):
    state = reserves(tmp_path, troops("D4", 0, infantry=1))
    before = state.reserve(0)[INF]
    take(state, Withdraw, hex="D4", unit=INF)
    assert state.reserve(0)[INF] == before + 1 and stack(state, "D4", 0)[INF] == 0
    take(state, PlaceReserve, hex="A1", unit=INF)
    assert not has(state, Withdraw, hex="A1")  # placed this turn: it stays
    assert events(state, "withdraw")


def test_rule_placing_may_stop_with_units_left_in_reserve(tmp_path):
    state = reserves(tmp_path)
    take(state, Done, what="reserves")
    assert state.reserve(0) == [4, 1, 1, 1] and state.player == 1


def test_cards_a_frigate_goes_onto_an_enemy_frigate_only_with_an_attack_card(tmp_path):
    """Audit (stop 46): in cards mode a frigate was offered from reserve onto an enemy frigate
    without an Attack card, and the battle then ended at once. The variant: "You have to play
    an Attack card to move your units into a hex containing enemy units"; the placement is
    offered only with an Attack card, as a move into enemy units is."""
    (tmp_path / "probe").mkdir()
    probe = reserves(tmp_path / "probe")
    sea = probe.nearest_water(0, hx(probe, "A3"))[0]
    where = probe.board.names[sea]
    state = reserves(tmp_path, enemy=[town("G1", 1, city=True), troops(where, 1, frigate=1)],
                     mode="cards")
    pool = state.pool
    hand = pool.hands[0]
    attack = [c for c in hand if state.cards[c].can_attack]
    for c in attack:  # no Attack card in hand
        hand.remove(c)
        pool.deck.append(c)
    state._legal = {}
    seas = {state.board.names[w] for w in state.nearest_water(0, hx(state, "A3"))}
    assert len(seas) == 2 and where in seas
    assert not has(state, PlaceFrigate, hex="A3", sea=where)
    (free,) = seas - {where}
    assert has(state, PlaceFrigate, hex="A3", sea=free)  # the empty sea is still offered
    card = next(c for c in pool.deck if state.cards[c].can_attack)
    pool.deck.remove(card)
    hand.append(card)
    state._legal = {}
    assert has(state, PlaceFrigate, hex="A3", sea=where)


def test_cards_a_frigate_may_land_on_an_enemy_frigate_it_cannot_see(tmp_path):
    """Audit (stop 46), the other side of the fix above: on a dark map the offer judges by
    what the player sees, so it tells nothing of an enemy frigate out of sight. Placed onto
    one without an Attack card, the battle ends at once and the frigate goes back into the
    reserve (README, "Reserves")."""
    state = position(tmp_path, [capital("A1", 0), town("A3", 0, city=True), town("A4", 0),
                                capital("G4", 1), town("G1", 1, city=True),
                                troops("C1", 1, frigate=1)],
                     tiles=RESERVE_MAP, mode="cards", dark=True)
    if state.decision() == ("move", 0):
        take(state, Done, what="move")
    take(state, Done, what="build")
    c1 = hx(state, "C1")
    assert state.nearest_water(0, hx(state, "A1")) == [c1] and not state.sight(0) >> c1 & 1
    hand = state.pool.hands[0]
    for c in [c for c in hand if state.cards[c].can_attack]:
        hand.remove(c)
        state.pool.deck.append(c)
    state._legal = {}
    take(state, PlaceFrigate, hex="A1", sea="C1")
    assert events(state, "battle")[-1]["reason"] == "attacker had no attack card"
    assert state.units_at(c1, 0)[FRIG] == 0 and state.reserve(0)[FRIG] == 1
