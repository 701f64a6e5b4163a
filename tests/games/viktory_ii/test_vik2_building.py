"""Building (VIKTORY-II.md, "Building"), unit support ("Unit support") and what a town or
city is worth."""

from __future__ import annotations

import pytest
from vik2_helpers import GAME, capital, has, hx, legal, position, stack, take, town, troops

from warroom.games.viktory_ii.actions import BuildTown, Done, Upgrade
from warroom.games.viktory_ii.board import FOREST, GRASSLAND, MOUNTAIN, PLAINS
from warroom.games.viktory_ii.units import CITY, TOWN, support

BUILD_MAP = """\
   g m f p
  p p p p p
 w p f m p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""


def builder(tmp_path, *extra, **options):
    """Player 0 holds a capital town on A1 and nothing to move: its turn starts at
    building."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1), *extra],
                     tiles=BUILD_MAP, **options)
    assert state.decision() == ("build", 0)
    return state


def sites(state):
    return {state.board.names[a.hex] for a in legal(state) if type(a) is BuildTown}


@pytest.mark.parametrize("kind, terrain, units", [
    (TOWN, PLAINS, (1, 0, 0, 0)),
    (CITY, PLAINS, (3, 0, 0, 0)),
    (CITY, MOUNTAIN, (1, 0, 1, 0)),
    (CITY, GRASSLAND, (1, 1, 0, 0)),
    (CITY, FOREST, (1, 0, 0, 1)),
])
def test_rule_unit_support_of_towns_and_cities(kind, terrain, units):
    assert support(kind, terrain) == units


def test_rule_new_town_two_or_three_hexes_from_own_not_next_to_any(tmp_path):
    state = builder(tmp_path)
    dist = state.board.distance[hx(state, "A1")]
    found = sites(state)
    assert found and all(2 <= dist[hx(state, s)] <= 3 for s in found)
    assert "B1" not in found and "A2" not in found  # next to the capital
    assert "E1" not in found  # four hexes away


def test_rule_new_town_not_next_to_enemy_units_nor_an_enemy_city(tmp_path):
    state = builder(tmp_path, town("C4", 1, city=True), troops("A4", 1, infantry=1))
    found = sites(state)
    assert "A3" not in found  # next to the enemy infantry on A4
    assert "B4" not in found and "D4" not in found  # next to the enemy city
    assert "C2" in found


def test_rule_new_town_at_least_two_hexes_from_every_enemy_city_not_from_an_enemy_town(
        tmp_path):
    """VIKTORY-II.md, "Building": "at least two hexes from every enemy city" - an enemy town
    (with no units in or next to the site) does not keep a new town away."""
    state = builder(tmp_path, town("C4", 1))
    found = sites(state)
    assert {"B3", "B4", "C3", "D4"} <= found  # next to the enemy town on C4
    assert "C4" not in found  # the town itself
    # Audit (stop 40): the rules summary (`?`) said "not next to a town or city"
    summary = " ".join(GAME.summary.split())
    assert "not next to your own town or city nor to an enemy city" in summary


def test_rule_two_new_towns_or_one_upgrade(tmp_path):
    state = builder(tmp_path)
    assert has(state, Upgrade, hex="A1")
    take(state, BuildTown, hex="C2")
    assert not has(state, Upgrade)  # a town built: no upgrade this turn
    assert has(state, BuildTown, hex="A3") or sites(state)
    take(state, BuildTown, hex=sorted(sites(state))[0])
    assert state.decision()[0] != "build"  # two towns: building is over
    assert state.count_settlements(0) == (3, 0)


def test_rule_a_new_town_reveals_its_neighbours_and_adds_an_infantry(tmp_path):
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1),
                                troops("B2", 0, infantry=1)], tiles=BUILD_MAP, explored=False)
    take(state, Done, what="move")
    c2 = hx(state, "C2")
    assert state.explored[0] >> c2 & 1 and not state.explored[0] >> hx(state, "D2") & 1
    before = state.reserve(0)[0]
    take(state, BuildTown, hex="C2")
    assert all(state.explored[0] >> n & 1 for n in state.board.neighbours[hx(state, "C2")])
    assert state.reserve(0)[0] == before + 1


def test_rule_upgrade_adds_the_cities_units_by_terrain(tmp_path):
    state = builder(tmp_path, town("A3", 0))  # forest: infantry + frigate
    take(state, Upgrade, hex="A3")
    assert state.settle[hx(state, "A3")] == CITY
    assert state.supported[0] == [2, 0, 0, 1]
    assert state.decision()[0] != "build"


def test_rule_no_upgrade_with_enemy_units_next_to_the_town(tmp_path):
    state = builder(tmp_path, town("A3", 0), troops("B4", 1, infantry=1))
    assert not has(state, Upgrade, hex="A3")
    assert has(state, Upgrade, hex="A1")


def test_rule_building_may_be_declined(tmp_path):
    state = builder(tmp_path)
    take(state, Done, what="build")
    assert state.decision()[0] in ("reserves", "move")


def test_rule_cards_a_card_for_each_town_built(tmp_path):
    state = builder(tmp_path, mode="cards")
    assert state.pool.hands[0] == []
    take(state, BuildTown, hex="C2")
    assert len(state.pool.hands[0]) == 1
    obs = state.observation(1)
    assert obs["players"][0]["hand"] == 1 and obs["hand"] == []


def test_town_site_labels(tmp_path):
    state = builder(tmp_path)
    action = next(a for a in legal(state) if type(a) is BuildTown and a.where == "C2")
    assert action.label == "build a town on C2"
    assert stack(state, "A1", 0) == [0, 0, 0, 0]
    assert GAME.describe_event({"event": "town", "player": 0, "where": "C2"}) == \
        "Player 0 builds a town on C2"
