"""Hidden information (VIKTORY-II.md, "Options of the online version"): the dark and
independent-exploration options; hands; what determinize resamples."""

from __future__ import annotations

import collections
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vik2_helpers import (
    GAME,
    RESERVE_MAP,
    capital,
    has,
    hx,
    legal,
    position,
    script_dice,
    take,
    town,
    troops,
)

from warroom.agents import make_agent
from warroom.engine import play_game
from warroom.engine.core import SPECTATORS
from warroom.games.viktory_ii.actions import (
    BuildTown,
    Disband,
    Done,
    Fight,
    PlaceCapital,
    PlaceFrigate,
    SelectUnit,
    Step,
)
from warroom.games.viktory_ii.board import (
    FOREST,
    GRASSLAND,
    LAND,
    MOUNTAIN,
    PLAINS,
    UNKNOWN,
    WATER,
)
from warroom.games.viktory_ii.movement import ATTACKING, DONE, FREE, FRESH
from warroom.games.viktory_ii.units import ART, CITY, FRIG, INF, RANGE, TOWN, support

MAP = """\
   p p p p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""


def dark(tmp_path, pieces, **options):
    return position(tmp_path, pieces, tiles=MAP, dark=True, **options)


def past_moving(state, player=0):
    """End the move step: on a hidden map it is asked even of a player with no unit on the
    board (skipping it would tell the others so)."""
    assert state.decision() == ("move", player)
    state.apply(player, Done("move"))
    return state


def seen_units(obs, state):
    return {(state.board.names[h], owner) for h, owner, *_ in obs["units"]}


def test_option_dark_shows_only_what_units_towns_and_cities_see(tmp_path):
    state = dark(tmp_path, [capital("A1", 0), capital("G4", 1, city=True),
                            troops("B1", 1, infantry=1), troops("F3", 1, infantry=1)],
                 first=1)
    obs = state.observation(0)
    assert ("B1", 1) in seen_units(obs, state)  # next to player 0's capital
    assert ("F3", 1) not in seen_units(obs, state)
    assert hx(state, "G4") not in [s[0] for s in obs["settlements"]]
    assert obs["players"][1]["capital"] == -1 and obs["players"][1]["reserve"] is None
    assert obs["fog"][hx(state, "A1")] == "1" and obs["fog"][hx(state, "G4")] == "0"
    assert obs["players"][1]["towns"] == 0 and obs["players"][1]["cities"] == 1  # public


def test_option_dark_on_its_own_turn_a_player_sees_one_hex_beyond_its_reach(tmp_path):
    state = dark(tmp_path, [capital("A1", 0), troops("D4", 0, cavalry=0, infantry=1),
                            capital("G4", 1), troops("F4", 1, infantry=1)])
    # infantry on D4: two moves, plus one beyond: F4 is two hexes away
    assert ("F4", 1) in seen_units(state.observation(0), state)
    take(state, Done, what="move")  # movement over: the infantry sees one hex around it
    assert ("F4", 1) not in seen_units(state.observation(0), state)


def test_option_dark_towns_out_of_sight_are_remembered_as_last_seen(tmp_path):
    state = dark(tmp_path, [capital("A1", 0), troops("D4", 0, infantry=1), capital("G4", 1),
                            town("E4", 1)])
    e4 = hx(state, "E4")
    assert [s for s in state.observation(0)["settlements"] if s[0] == e4][0][4] == 1
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="C4")
    take(state, Step, hex="B4")
    take(state, Done, what="move") if has(state, Done, what="move") else None
    while state.player == 0:
        state.apply(0, [a for a in legal(state) if type(a) is Done][0])
    remembered = [s for s in state.observation(0)["settlements"] if s[0] == e4]
    assert remembered == [[e4, 1, 1, -1, 0]]  # a town of player 1, remembered, not seen


def test_option_dark_events_are_told_only_to_the_player_acting(tmp_path):
    state = dark(tmp_path, [capital("A1", 0), troops("D4", 0, infantry=1), capital("G4", 1)])
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="D5")
    assert any(e["event"] == "move" for e in state.visible_log(0))
    assert not any(e["event"] == "move" for e in state.visible_log(1))


def test_ruling_dark_the_move_step_is_asked_of_a_player_with_no_unit_on_the_board(tmp_path):
    """README, "Hidden information": on a hidden map whether a player is asked to move may
    not tell the others whether it has units on the board: the step is asked either way
    (on an open map, where all see the units, it is skipped when nothing can move)."""
    for pieces in ([capital("A1", 0), capital("G4", 1)],
                   [capital("A1", 0), capital("G4", 1), troops("C3", 0, infantry=1)]):
        state = dark(tmp_path, pieces)
        assert state.decision() == ("move", 0)
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1)], tiles=MAP)
    assert state.decision() == ("build", 0)


def test_ruling_dark_building_judges_by_what_the_player_sees(tmp_path):
    state = past_moving(dark(tmp_path, [capital("A1", 0), capital("G4", 1),
                                        troops("D3", 1, infantry=1)]))
    assert state.decision() == ("build", 0)
    # D3 is out of player 0's sight: C2 (next to it) is offered all the same
    assert has(state, BuildTown, hex="C2")


def _layout(state):
    """Where every unit and town or city stands: (hex, owner, type) and (hex, owner, kind)."""
    units = sorted((state.uh[u], state.uo[u], state.ut[u]) for u in range(len(state.uo))
                   if state.us[u] != FREE)
    return units, sorted((h, state.sowner[h], state.settle[h]) for h in state.settled)


def test_ruling_determinize_puts_unseen_units_where_the_player_knows_they_may_be(tmp_path):
    """README, "Hidden information": an enemy stack out of sight is put back from what the
    player knows, never from where it stands: two positions that differ only in where the
    unseen stack truly is give the very same determinisations (seed by seed); it lands out
    of sight, on land, within its units' reach of one of its owner's towns or cities as they
    stand in the copy, and the player's observation and legal actions stay. (How many units
    stand out of sight is drawn too: none to what the towns support.)"""
    layouts = []
    for where in ("E3", "F2"):
        state = dark(tmp_path, [capital("A1", 0), capital("G4", 1), town("C5", 1),
                                troops(where, 1, infantry=2)])
        assert not state.sight(0) >> hx(state, where) & 1
        truth = json.dumps(state.observation(0), sort_keys=True)
        actions = state.legal_actions(0)
        seen = []
        for seed in range(30):
            d = state.determinize(0, random.Random(seed))
            assert json.dumps(d.observation(0), sort_keys=True) == truth
            assert d.legal_actions(0) == actions
            stacks = [h for h in range(d.board.size) if d.units_at(h, 1)[INF]
                      and not d.settle[h]]
            assert sum(d.units_at(h, 1)[INF] for h in stacks) <= 2
            assert d.onboard[1] == _units_of(d, 1) and min(d.reserve(1)) >= 0
            for h in stacks:
                assert d.terrain[h] in LAND and not d.sight(0) >> h & 1
                assert min(d.board.distance[h][s] for s in d.own_settlements(1)) <= 2
            seen.append(_layout(d))
        assert state.units_at(hx(state, where), 1)[INF] == 2  # the real state is untouched
        layouts.append(seen)
    assert layouts[0] == layouts[1]
    assert len({str(units) for units, _ in layouts[0]}) > 5



def test_ruling_determinize_draws_how_many_units_an_enemy_has_out_of_sight(tmp_path):
    """README, "Hidden information": neither the reserve nor the units out of sight show on
    a hidden map, so a determinisation draws how many units an enemy has on the board out of
    the player's sight (none to all its towns and cities support beyond the units it keeps):
    copies hold other numbers than the real game, the rest is the reserve, and the player's
    observation and legal actions stay. A unit the player sees stays as it is."""
    state = dark(tmp_path, [capital("A1", 0), capital("G4", 1), town("C5", 1), town("E2", 1),
                            troops("E3", 1, infantry=2), troops("B2", 1, infantry=1)])
    b2 = hx(state, "B2")
    assert state.sight(0) >> b2 & 1 and not state.sight(0) >> hx(state, "E3") & 1
    assert state.onboard[1] == [3, 0, 0, 0] and state.supported[1] == [3, 0, 0, 0]
    truth = json.dumps(state.observation(0), sort_keys=True)
    actions = state.legal_actions(0)
    counts = collections.Counter()
    for seed in range(60):
        d = state.determinize(0, random.Random(seed))
        assert json.dumps(d.observation(0), sort_keys=True) == truth
        assert d.legal_actions(0) == actions
        assert d.units_at(b2, 1) == [1, 0, 0, 0]  # seen: kept
        assert d.onboard[1] == _units_of(d, 1) and d.supported[1] == _support_of(d, 1)
        assert min(d.reserve(1)) >= 0
        counts[sum(d.onboard[1])] += 1
    assert set(counts) == {1, 2, 3}, counts  # the seen one, and none to two more
    assert state.onboard[1] == [3, 0, 0, 0]  # the real state is untouched

def _shapes(state, q):
    """The sizes of player q's stacks out of its towns and cities, sorted."""
    return tuple(sorted(sum(state.units_at(h, q)) for h in range(state.board.size)
                        if sum(state.units_at(h, q)) and not state.settle[h]))


def test_ruling_determinize_draws_the_sizes_of_unseen_stacks(tmp_path):
    """README, "Hidden information": the sizes of enemy stacks out of sight do not show, so
    a determinisation groups their units afresh: two unseen infantry in one stack are
    sometimes two stacks, two in two stacks sometimes one (and, their number drawn as well,
    sometimes one alone, or none out of the towns)."""
    for field in ([troops("E3", 1, infantry=2)],
                  [troops("E3", 1, infantry=1), troops("F2", 1, infantry=1)]):
        state = dark(tmp_path, [capital("A1", 0), capital("G4", 1), town("C5", 1), *field])
        truth = json.dumps(state.observation(0), sort_keys=True)
        shapes = collections.Counter()
        for seed in range(300):  # two units both in the field and apart: about 1 in 50
            d = state.determinize(0, random.Random(seed))
            assert json.dumps(d.observation(0), sort_keys=True) == truth
            shapes[_shapes(d, 1)] += 1
        assert {(2,), (1, 1), (1,), ()} == set(shapes), shapes


def test_ruling_determinize_puts_unseen_pieces_out_of_every_other_player_s_sight(tmp_path):
    """A determinisation for player 0 shows no other player pieces it does not see in the
    real game: player 1's stack goes where neither player 0 nor player 2 sees it (so that
    player 2 cannot act on it)."""
    state = dark(tmp_path, [capital("A1", 0), capital("G4", 1), town("E5", 1),
                            troops("D4", 1, infantry=1), capital("G1", 2),
                            troops("F2", 2, infantry=1)], players=3)
    seen = state.sight(0) | state.sight(2)
    assert not seen >> hx(state, "D4") & 1 and not seen >> hx(state, "E5") & 1
    places = set()
    for seed in range(30):
        d = state.determinize(0, random.Random(seed))
        for stack in [h for h in range(d.board.size) if d.units_at(h, 1)[INF]
                      and not d.settle[h]]:
            assert not (d.sight(0) | d.sight(2)) >> stack & 1
            places.add(stack)
    assert len(places) > 1


SEA_MAP = """\
   p p p p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p f w
  p p p p p
   p p p p
"""


# Forests near player 1's capital (G4), water in reach of them.
FOREST_MAP = """\
   p p p p
  p p p p p
 w p p p p w
w w f f f w w
 p f p f f w
  p p f f p
   p p p p
"""


def _frigates(state, q):
    """The hexes of player q's frigates on the board."""
    return [h for h in range(state.board.size) if state.units_at(h, q)[FRIG]]


def test_ruling_determinize_draws_an_unseen_frigate_s_class_from_what_cities_support(tmp_path):
    """VIKTORY-II.md, "Unit support", and README, "Hidden information": a frigate out of
    sight would tell that its owner has a forest city, so its class is drawn again like a
    land unit's kind: in a determinisation the unseen city stands on forest and the frigate
    is put back on a water hex its owner has explored, out of sight, wherever it truly was;
    or the city stands on other land and the unit is a land unit, on land. The observation
    stays."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1), town("E5", 1, city=True),
                                troops("E6", 1, frigate=1)], tiles=FOREST_MAP, dark=True)
    truth = json.dumps(state.observation(0), sort_keys=True)
    places, land = set(), 0
    for seed in range(40):
        d = state.determinize(0, random.Random(seed))
        assert json.dumps(d.observation(0), sort_keys=True) == truth
        assert d.supported[1] == _support_of(d, 1) and min(d.reserve(1)) >= 0
        assert d.onboard[1] == _units_of(d, 1)
        city = [h for h in d.settled if d.settle[h] == CITY]
        at_sea = _frigates(d, 1)
        if at_sea:
            assert len(at_sea) == 1 and d.terrain[at_sea[0]] == WATER
            assert not d.sight(0) >> at_sea[0] & 1
            assert d.terrain[city[0]] == FOREST
            places.add(at_sea[0])
        for u in range(len(d.uo)):
            if d.uo[u] == 1 and d.us[u] != FREE and d.ut[u] != FRIG:
                assert d.terrain[d.uh[u]] in LAND
                land += 1
    assert len(places) >= 3 and land >= 5


def test_ruling_determinize_may_draw_a_frigate_for_an_unseen_land_unit(tmp_path):
    """The converse: an unseen city on plains with an infantry out of sight may stand, in a
    determinisation, on a forest with a frigate at sea (out of sight) in the infantry's
    stead, so no frigate count tells the terrain of unseen cities."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1), town("E3", 1, city=True),
                                troops("F2", 1, infantry=1)], tiles=FOREST_MAP, dark=True)
    assert not state.sight(0) >> hx(state, "F2") & 1 and not _frigates(state, 1)
    truth = json.dumps(state.observation(0), sort_keys=True)
    afloat = 0
    for seed in range(40):
        d = state.determinize(0, random.Random(seed))
        assert json.dumps(d.observation(0), sort_keys=True) == truth
        assert d.supported[1] == _support_of(d, 1) and min(d.reserve(1)) >= 0
        assert d.onboard[1] == _units_of(d, 1)
        for h in _frigates(d, 1):
            assert d.terrain[h] == WATER and not d.sight(0) >> h & 1
            assert [d.terrain[c] for c in d.settled if d.settle[c] == CITY] == [FOREST]
            afloat += 1
    assert afloat >= 2


def test_ruling_determinize_keeps_units_a_turn_under_way_is_bound_to(tmp_path):
    """The unit moving in another player's turn stays where it is, out of sight or not; the
    others out of sight are put back where they may be."""
    state = dark(tmp_path, [capital("A1", 0), capital("G4", 1, city=True),
                            troops("E3", 1, infantry=1), troops("E4", 1, infantry=1)], first=1)
    take(state, SelectUnit, hex="E3", unit=INF)
    take(state, Step, hex="D3")
    take(state, SelectUnit, hex="E4", unit=INF)
    assert not state.sight(0) >> hx(state, "E4") & 1
    places = set()
    for seed in range(20):
        d = state.determinize(0, random.Random(seed))
        assert d.active == state.active and d.uh[d.active] == hx(state, "E4")
        # (in the field or in a town of its owner's: which, and with whom, does not show)
        places.add(next(h for h in range(d.board.size) if d.units_at(h, 1)[INF]
                        and h != hx(state, "E4")))
    assert len(places) > 1


def test_determinize_resamples_other_hands_and_the_deck_not_ones_own():
    state = GAME.new_state(GAME.config({"mode": "cards", "place": "random"}), 4)
    while state.round < 2:
        state.apply(state.to_move()[0], legal(state)[0])
    mine = sorted(state.pool.hands[0])
    others = set()
    for seed in range(10):
        d = state.determinize(0, random.Random(seed))
        assert sorted(d.pool.hands[0]) == mine
        assert len(d.pool.hands[1]) == len(state.pool.hands[1])
        others.add((tuple(sorted(d.pool.hands[1])), tuple(d.pool.deck[-3:])))
    assert len(others) > 1
    obs = state.observation(0)
    assert sorted(c["id"] for c in obs["hand"]) == mine
    theirs = set(state.pool.hands[1]) - set(mine)
    assert not any(cid in json.dumps(obs) for cid in theirs)


def test_determinize_resamples_tiles_a_player_has_not_explored():
    state = GAME.new_state(GAME.config({"independent": True, "place": "random"}), 6)
    while state.round < 1:
        state.apply(state.to_move()[0], legal(state)[0])
    unseen = [h for h in range(state.board.size) if state.drawn >> h & 1
              and not state.explored[0] >> h & 1]
    assert unseen
    variants, explored = set(), set()
    for seed in range(10):
        d = state.determinize(0, random.Random(seed))
        variants.add(bytes(d.terrain[h] for h in unseen))
        explored.add(d.explored[1])  # what the others explored is drawn again
        # the unseen tiles (bag and hexes, under towns too) are shuffled among themselves
        assert _unseen_tiles(d, 0) == _unseen_tiles(state, 0)
        assert d.explored[0] == state.explored[0]
        for q in range(1, d.num_players):  # each other has explored around its pieces
            pieces = d.own_settlements(q) + [d.uh[u] for u in range(len(d.uo))
                                             if d.uo[u] == q and d.us[u] != FREE
                                             and d.ut[u] != FRIG]  # (placed: not frigates)
            assert all(d.board.balls[1][h] & ~d.explored[q] == 0 for h in pieces)
    assert len(variants) > 1 and len(explored) > 1


def _unseen_tiles(state, p):
    """The tiles player p has not seen: the bag's, those on hexes it has not explored, those
    drawn for another player to place."""
    tiles = list(state.bag) + [state.terrain[h] for h in range(state.board.size)
                               if not state.explored[p] >> h & 1 and state.terrain[h] != UNKNOWN]
    pending = state.reveal_pending
    if pending is not None and pending[0] != p:
        tiles += pending[2]
    return sorted(tiles)


def test_spectators_of_a_hidden_map_see_only_what_is_public(tmp_path):
    """README, "Hidden information": a spectator saw the hexes every player saw, so a player
    who watched (a link without its token) learnt where the others could see: that a unit of
    its own was, or was not, in their sight. Nothing on the map is in a spectator's sight;
    the shared terrain and the public counts are shown."""
    state = dark(tmp_path, [capital("A1", 0), capital("G4", 1, city=True),
                            troops("B1", 1, infantry=1), troops("F3", 1, infantry=1)],
                 first=1, mode="cards")
    assert ("B1", 1) in seen_units(state.observation(0), state)  # both players see it
    assert ("B1", 1) in seen_units(state.observation(1), state)
    public = state.observation(None)
    assert seen_units(public, state) == set()
    assert set(public["fog"]) == {"0"} and public["settlements"] == []
    assert public["terrain"] == state.observation(0)["terrain"]  # dark alone: shared
    assert [q["towns"] + q["cities"] for q in public["players"]] == [1, 1]
    assert public["hand"] is None


@pytest.mark.parametrize("map_name", ["duel", None])
def test_spectators_of_an_open_map_see_no_face_down_tile(map_name):
    """VIKTORY-II.md, "The map": "all face down (unexplored) at the start". Audit (stop 40):
    on an open map a spectator's view gave the terrain of every fixed tile, explored or
    not (a player's view hid them), so a player watching from a second link saw the whole
    map. Exploration is shared there: a spectator sees the players' explored tiles, no more."""
    state = GAME.new_state(GAME.config({"map": map_name} if map_name else {}), 3)
    rng = random.Random(1)
    for step in range(60):
        public = state.observation(None)["terrain"]
        assert public == state.observation(0)["terrain"] == state.observation(1)["terrain"]
        if step == 0:
            assert "?" in public  # face-down tiles at the start
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))


# --- determinisation on a hidden map: towns and cities out of sight -------------------------

def _towns_of(state, p):
    return [h for h in state.settled if state.sowner[h] == p]


def test_ruling_determinize_moves_unseen_towns_to_legal_sites(tmp_path):
    """README, "Hidden information": a town the player neither sees nor remembers is
    resampled (the leak closed: it is not always on its true hex), always onto a hex where its
    owner could have built it (land, no town or city next to it, out of the player's sight);
    the units out of sight, its garrison among them, are drawn again (how many, and where)."""
    state = dark(tmp_path, [capital("A1", 0), capital("G4", 1), town("E2", 1, infantry=1)])
    e2 = hx(state, "E2")
    assert e2 not in [s[0] for s in state.observation(0)["settlements"]]
    truth = json.dumps(state.observation(0), sort_keys=True)
    places = set()
    for seed in range(40):
        d = state.determinize(0, random.Random(seed))
        assert json.dumps(d.observation(0), sort_keys=True) == truth
        assert d.count_settlements(1) == state.count_settlements(1)  # public counts stay
        moved = [h for h in _towns_of(d, 1) if d.capital[1] != h]
        assert len(moved) == 1
        h = moved[0]
        places.add(h)
        assert d.terrain[h] in LAND and not d.sight(0) >> h & 1
        assert all(d.board.distance[h][s] >= 2 for s in d.settled if s != h)
        assert d.supported[1] == state.supported[1]
        assert d.onboard[1] == _units_of(d, 1) and min(d.reserve(1)) >= 0
    assert len(places) > 3 and places != {e2}
    assert state.settle[e2] and state.units_at(e2, 1)[INF] == 1  # the real state is untouched


def test_ruling_determinize_keeps_seen_and_remembered_towns_in_place(tmp_path):
    """What the player sees now or remembers (a town seen before, dark option) stays."""
    state = dark(tmp_path, [capital("A1", 0), troops("D4", 0, infantry=1), capital("G4", 1),
                            town("E4", 1)])
    e4 = hx(state, "E4")
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="C4")
    take(state, Step, hex="B4")
    while state.player == 0:
        state.apply(0, [a for a in legal(state) if type(a) is Done][0])
    assert e4 in state.memory[0] and not state.sight(0) >> e4 & 1
    for seed in range(10):
        d = state.determinize(0, random.Random(seed))
        assert d.settle[e4] and d.sowner[e4] == 1


def test_ruling_determinize_shows_a_remembered_town_as_remembered(tmp_path):
    """A town the player remembers that has become a city out of its sight is shown, in a
    determinisation, as the town it remembers; the city (public: the owner's count of cities
    went up) is one of the owner's towns the player does not know of, on the same terrain."""
    state = dark(tmp_path, [capital("A1", 0), troops("B1", 0, infantry=1), capital("G4", 1),
                            town("E2", 1), town("G2", 1)])
    e2, g2 = hx(state, "E2"), hx(state, "G2")
    while state.player == 0:  # the infantry saw E2 at the start of the turn, not G2
        state.apply(0, [a for a in legal(state) if type(a) is Done][0])
    assert state.memory[0][e2] == (1, TOWN, -1) and g2 not in state.memory[0]
    state.upgrade(1, e2)  # out of player 0's sight
    truth = json.dumps(state.observation(0), sort_keys=True)
    shown = set()
    for seed in range(20):
        d = state.determinize(0, random.Random(seed))
        assert json.dumps(d.observation(0), sort_keys=True) == truth
        assert d.settle[e2] == TOWN and d.sowner[e2] == 1
        assert d.count_settlements(1) == state.count_settlements(1) == (2, 1)
        assert d.supported[1] == _support_of(d, 1) and min(d.reserve(1)) >= 0
        shown.add(next(h for h in d.settled if d.settle[h] == CITY))
    assert e2 not in shown and len(shown) > 1


def test_ruling_determinize_shows_a_remembered_town_taken_out_of_sight_as_remembered(tmp_path):
    """A town the player remembers that a third player took out of its sight shows, in a
    determinisation, its remembered owner; the town that changed hands (public: both
    players' counts changed) is one of the loser's towns the player does not know of, and
    units whose kinds stay (the taker's that moved this turn) stay on the board, in a town
    of their owner's or in the field."""
    state = dark(tmp_path, [capital("A1", 0), troops("B1", 0, infantry=1), capital("G4", 1),
                            capital("G1", 2), town("E2", 2), town("F4", 2, infantry=1)],
                 players=3)
    e2, f4 = hx(state, "E2"), hx(state, "F4")
    while state.player == 0:  # the infantry saw E2 at the start of the turn, not F4
        state.apply(0, [a for a in legal(state) if type(a) is Done][0])
    assert state.memory[0][e2] == (2, TOWN, -1) and f4 not in state.memory[0]
    state.capture(1, e2)  # out of player 0's sight
    state.add_unit(1, INF, e2, FRESH)
    truth = json.dumps(state.observation(0), sort_keys=True)
    taken = set()
    for seed in range(20):
        d = state.determinize(0, random.Random(seed))
        assert json.dumps(d.observation(0), sort_keys=True) == truth
        assert d.sowner[e2] == 2 and d.settle[e2] == TOWN
        for q in range(3):
            assert d.count_settlements(q) == state.count_settlements(q)
            assert d.supported[q] == state.supported[q]
            assert d.onboard[q] == _units_of(d, q) and min(d.reserve(q)) >= 0
        # the taker's infantry that moved (no movement left) is on the board, in one of its
        # towns or in the field (which town held it does not show); others of its may be
        # drawn besides (audit stop 46: it may have more than the truth shows)
        assert sum(1 for u in range(len(d.uo)) if d.uo[u] == 1 and d.us[u] != FREE
                   and d.ut[u] == INF and d.um[u] == 0) == 1
        h = next(h for h in d.settled if d.sowner[h] == 1 and h != d.capital[1])
        taken.add(h)
    assert e2 not in taken and len(taken) > 1


CITY_MAP = """\
   p p p p
  p p p p p
 w p p p p w
w w p m p w w
 p p p m p w
  m p p p p
   p p p p
"""


def _units_of(state, q):
    """Player q's units on the board, by kind."""
    total = [0, 0, 0, 0]
    for u in range(len(state.uo)):
        if state.uo[u] == q and state.us[u] not in (FREE,):
            total[state.ut[u]] += 1
    return total


def test_ruling_determinize_draws_unseen_units_kinds_from_what_cities_support(tmp_path):
    """VIKTORY-II.md, "Unit support", and README, "Hidden information": an army is what its
    towns and cities support, so the kind of a unit the player has not seen would tell the
    terrain of a city it has not seen (an artillery: a mountain city). In a determinisation
    both are drawn again: the unseen city on a mountain with an unseen artillery stands on
    plains or mountain, its unit is an infantry or an artillery, always one its owner's towns
    and cities support (how many there are out of sight is drawn too); the observation
    stays."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1),
                                town("D4", 1, city=True, artillery=1)],
                     tiles=CITY_MAP, dark=True)
    d4 = hx(state, "D4")
    assert state.terrain[d4] == MOUNTAIN and not state.sight(0) >> d4 & 1
    truth = json.dumps(state.observation(0), sort_keys=True)
    terrains, kinds = collections.Counter(), collections.Counter()
    for seed in range(40):
        d = state.determinize(0, random.Random(seed))
        assert json.dumps(d.observation(0), sort_keys=True) == truth
        city = [h for h in d.settled if d.settle[h] == CITY]
        assert len(city) == 1
        units = _units_of(d, 1)
        assert d.onboard[1] == units
        assert d.supported[1] == _support_of(d, 1) and min(d.reserve(1)) >= 0
        if units[ART]:
            assert d.terrain[city[0]] == MOUNTAIN
        terrains[d.terrain[city[0]]] += 1
        for t in (INF, ART):
            kinds[t] += units[t]
    assert terrains[MOUNTAIN] and terrains[PLAINS]
    assert kinds[ART] and kinds[INF]


def test_ruling_determinize_keeps_a_mountain_city_for_a_seen_artillery(tmp_path):
    """VIKTORY-II.md, "Unit support": an artillery the player sees needs a mountain city of
    its owner's; the unseen city stays on a mountain (wherever it goes) and the artillery
    stays one, in every determinisation."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1), town("D4", 1, city=True),
                                troops("B2", 1, artillery=1)],
                     tiles=CITY_MAP, dark=True)
    b2, d4 = hx(state, "B2"), hx(state, "D4")
    assert state.sight(0) >> b2 & 1 and not state.sight(0) >> d4 & 1
    places = set()
    for seed in range(30):
        d = state.determinize(0, random.Random(seed))
        city = [h for h in d.settled if d.settle[h] == CITY]
        assert len(city) == 1 and d.terrain[city[0]] == MOUNTAIN
        assert d.units_at(b2, 1)[ART] == 1
        assert d.supported[1] == state.supported[1]
        places.add(city[0])
    assert len(places) > 1


def _unseen_city_position(seed):
    """A random dark game with independent exploration, played at random until player 0
    moves while a city of player 1 stands on a tile it has not explored."""
    config = GAME.config({"dark": True, "independent": True, "radius": 4, "turn_limit": 30})
    state = GAME.new_state(config, seed)
    rng = random.Random(seed)
    while True:
        p = state.to_move()[0]
        actions = state.legal_actions(p)
        state.apply(p, actions[rng.randrange(len(actions))])
        cities = [h for h in state.settled if state.settle[h] == CITY and state.sowner[h] == 1
                  and not state.explored[0] >> h & 1 and state.drawn >> h & 1]
        if cities and state.player == 0 and state.phase == "move":
            return state, cities[0]


@pytest.mark.parametrize("seed", [4, 5, 11])
def test_ruling_determinize_resamples_an_unseen_city_s_terrain_where_its_units_allow(seed):
    """README, "Hidden information": an unseen city on a tile the player has not explored
    stands, in a determinisation, on a land tile drawn from the unseen ones (where units
    whose kinds stay need its terrain it keeps it: see the seen artillery above). Unseen
    units take their kinds, and their class, from the terrain drawn (VIKTORY-II.md, "Unit
    support"; seed 11: an unseen cavalry no longer ties its grassland city; seed 5: an unseen
    frigate, placed from reserve, no longer ties its forest city; seed 4: infantry only). The
    observation stays."""
    state, h = _unseen_city_position(seed)
    true = state.terrain[h]
    truth = json.dumps(state.observation(0), sort_keys=True)
    terrains = collections.Counter()
    for k in range(40):
        d = state.determinize(0, random.Random(k))
        assert json.dumps(d.observation(0), sort_keys=True) == truth
        city = [c for c in d.settled if d.settle[c] == CITY and d.sowner[c] == 1]
        assert len(city) == 1
        terrains[d.terrain[city[0]]] += 1
        assert d.supported[1] == _support_of(d, 1) and min(d.reserve(1)) >= 0
        assert d.onboard[1] == _units_of(d, 1)
        assert all(d.terrain[h] == WATER for h in _frigates(d, 1))
    assert len(terrains) >= 3 and terrains[true] < 20


def test_ruling_determinize_keeps_no_trace_of_unseen_units_on_hidden_tiles():
    """README, "Hidden information": the hidden hexes where enemy land units out of sight
    stand are no more often land in a determinisation than any other hidden hex (the units
    leave the map before the tiles are resampled)."""
    land = total = 0
    for seed in range(12):
        config = GAME.config({"dark": True, "independent": True, "radius": 4,
                              "turn_limit": 30})
        state, hidden = _random_hidden_game(config, seed, 400)
        hexes = {state.uh[u] for u in range(len(state.uo))
                 if state.uo[u] not in (0, -1) and state.us[u] not in (FREE, ATTACKING)
                 and state.ut[u] != FRIG and hidden >> state.uh[u] & 1
                 and not state.settle[state.uh[u]]}
        for k in range(20):
            d = state.determinize(0, random.Random(k))
            land += sum(1 for h in hexes if d.terrain[h] in LAND)
            total += len(hexes)
    assert total >= 40 and land < 0.85 * total


def _random_hidden_game(config, seed: int, steps: int):
    """A state after up to `steps` random decisions, and the hexes drawn that player 0 has
    not explored."""
    state = GAME.new_state(config, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        p = state.to_move()[0]
        actions = state.legal_actions(p)
        state.apply(p, actions[rng.randrange(len(actions))])
    return state, state.drawn & ~state.explored[0]


def test_ruling_determinize_keeps_no_trace_of_unseen_frigates_on_hidden_tiles():
    """README, "Hidden information": the hidden hexes where enemy frigates out of sight are
    at sea are not always water in a determinisation (they were): frigates drawn again leave
    the map before the tiles are resampled, so their hexes are water about as often as other
    hidden hexes (here some 40 %); only those that stay as they are (the mover's that have
    moved or been placed this turn) keep their water."""
    water = total = 0
    for seed in range(12):
        config = GAME.config({"dark": True, "independent": True, "radius": 4,
                              "turn_limit": 30, "mix": "1,1,3,1,3"})
        state, hidden = _random_hidden_game(config, seed, 600)
        hexes = {state.uh[u] for u in range(len(state.uo))
                 if state.uo[u] not in (0, -1) and state.us[u] not in (FREE, ATTACKING)
                 and state.ut[u] == FRIG and hidden >> state.uh[u] & 1
                 and not state.settle[state.uh[u]]}
        for k in range(20):
            d = state.determinize(0, random.Random(k))
            water += sum(1 for h in hexes if d.terrain[h] == WATER)
            total += len(hexes)
    assert total >= 100 and water < 0.7 * total


def test_ruling_dark_a_site_judged_by_sight_may_hold_an_unseen_town(tmp_path):
    """README, "Hidden information": the sites offered do not give away an unseen town; a
    town built where one stands is not built (the build is spent) and only the builder is
    told."""
    state = past_moving(dark(tmp_path, [capital("A1", 0), capital("G4", 1), town("C2", 1)]))
    assert state.decision() == ("build", 0)
    assert not state.sight(0) >> hx(state, "C2") & 1
    assert has(state, BuildTown, hex="C2")  # nothing given away
    take(state, BuildTown, hex="C2")
    assert state.count_settlements(0) == (1, 0) and state.sowner[hx(state, "C2")] == 1
    assert state.built == 1
    assert state.visible_log(0)[-1] == {"event": "town", "player": 0, "where": "C2",
                                        "built": False}
    assert state.visible_log(1)[-1] == {"event": "town", "player": 0, "built": False}
    assert GAME.describe_event(state.visible_log(0)[-1]) == \
        "Player 0 cannot build a town on C2: something it could not see stands there"


def test_ruling_dark_others_learn_a_town_was_built_but_not_where(tmp_path):
    """README, "Hidden information": on a hidden map everybody learns each player's number of
    towns and cities, not where they are."""
    state = past_moving(dark(tmp_path, [capital("A1", 0), capital("G4", 1)]))
    take(state, BuildTown, hex="C2")
    mine = [e for e in state.visible_log(0) if e["event"] == "town"]
    theirs = [e for e in state.visible_log(1) if e["event"] == "town"]
    assert mine == [{"event": "town", "player": 0, "where": "C2", "built": True}]
    assert theirs == [{"event": "town", "player": 0, "built": True}]
    assert GAME.describe_event(theirs[0]) == "Player 0 builds a town"
    assert "C2" not in json.dumps(state.observation(1))


DARK_CONFIGS = [
    {"dark": True, "radius": 3, "turn_limit": 8},
    {"dark": True, "mode": "cards", "place": "random", "radius": 3, "turn_limit": 8},
    {"dark": True, "independent": True, "players": 3, "radius": 4, "turn_limit": 5},
]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(range(len(DARK_CONFIGS))), seed=st.integers(0, 10_000),
       steps=st.integers(20, 400))
def test_ruling_dark_determinize_changes_nothing_the_player_sees(which, seed, steps):
    """README, "Hidden information", over random positions on dark maps: for every player,
    a determinisation shows it the very observation and legal actions of the real game,
    keeps every public count, and is a sound position (towns and cities on land, armies
    what their towns and cities support). (Towns and cities out of sight stand apart where
    there is room, test_ruling_determinize_moves_unseen_towns_to_legal_sites; on a crowded
    map one may stand next to another, as one built out of its builder's sight may.)"""
    config = GAME.config(DARK_CONFIGS[which])
    state, _ = _random_hidden_game(config, seed, steps)
    for p in range(state.num_players):
        truth = json.dumps(state.observation(p), sort_keys=True)
        for k in range(3):
            d = state.determinize(p, random.Random(seed * 10 + k))
            assert json.dumps(d.observation(p), sort_keys=True) == truth
            if p in state.to_move():
                assert d.legal_actions(p) == state.legal_actions(p)
            for q in range(state.num_players):
                assert d.count_settlements(q) == state.count_settlements(q)
                assert d.capitals_held(q) == state.capitals_held(q)
                assert state.supported[q] == _support_of(state, q)
                assert d.supported[q] == _support_of(d, q)
                # no unit unsupported that was not (a battle may leave some to disband)
                assert all(k >= min(0, was) for k, was in zip(d.reserve(q), state.reserve(q)))
            assert all(d.terrain[h] in LAND for h in d.settled)
            for h in range(d.board.size):
                assert d.occ_n[h] == sum(1 for u in range(len(d.uo)) if d.uh[u] == h
                                         and d.us[u] not in (FREE, ATTACKING))


def test_ruling_dark_a_determinisation_keeps_only_the_events_the_player_saw():
    """Hidden information stays hidden on every channel: a determinisation's log holds no
    event of another player's own (where its pieces truly went), and its observations are
    the real ones."""
    state = GAME.new_state(GAME.config({"dark": True, "players": 3, "radius": 4,
                                        "turn_limit": 4}), 3)
    rng = random.Random(3)
    while state.round < 3:
        p = state.to_move()[0]
        actions = state.legal_actions(p)
        state.apply(p, actions[rng.randrange(len(actions))])
    assert any(to is not None and 0 not in to for to, _ in state.log)
    d = state.determinize(0, random.Random(1))
    assert all(to is None or 0 in to or SPECTATORS in to for to, _ in d.log)
    assert d.visible_log(0) == state.visible_log(0)
    assert d.visible_log(None) == state.visible_log(None)
    assert d.observation(0) == state.observation(0)


def _support_of(state, q):
    """The units player q's towns and cities support, counted afresh."""
    total = [0, 0, 0, 0]
    for h in state.own_settlements(q):
        for t, k in enumerate(support(state.settle[h], state.terrain[h])):
            total[t] += k
    return total


@pytest.mark.parametrize("options", [{"dark": True}, {"dark": True, "independent": True}])
def test_mcts_plays_whole_dark_games(options):
    """Search on determinisations of a hidden map plays whole games to their end."""
    config = GAME.config({**options, "radius": 3, "turn_limit": 4})
    agents = [make_agent("mcts:iters=4", GAME, 1), make_agent("random", GAME, 2)]
    result = play_game(GAME, config, 5, agents, keep_record=False)
    assert result.state.is_terminal() and result.outcome.reason


def test_ruling_dark_a_step_tells_the_mover_the_enemy_next_to_it(tmp_path):
    """README, "Hidden information": a step on a hidden map tells the mover (only) which
    enemy pieces stand next to the hex it entered."""
    state = dark(tmp_path, [capital("A1", 0), troops("D4", 0, infantry=1), capital("G4", 1),
                            town("F3", 1, infantry=1)])
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    moves = [e for e in state.visible_log(0) if e["event"] == "move"]
    assert moves[-1]["near"] == [["F3", 1, "town", "1 infantry"]]
    assert GAME.describe_event(moves[-1]) == \
        "Player 0: infantry D4 -> E4 - next to player 1's town, 1 infantry on F3"
    assert not any(e["event"] == "move" for e in state.visible_log(1))


def test_ruling_determinize_moves_a_captured_capital_with_its_marker(tmp_path):
    """A capital taken by another player (VIKTORY-II.md, "Battle outcomes") keeps its
    marker wherever a determinisation puts it: the capitals each player holds are public."""
    state = dark(tmp_path, [capital("A1", 0), capital("G4", 1), capital("E1", 2),
                            town("G2", 2)], players=3)
    e1 = hx(state, "E1")
    state.capture(1, e1)  # out of player 0's sight
    assert state.capital[2] == e1 and state.sowner[e1] == 1 and not state.sight(0) >> e1 & 1
    places = set()
    for seed in range(20):
        d = state.determinize(0, random.Random(seed))
        c = d.capital[2]
        assert d.settle[c] and d.sowner[c] == 1
        assert d.capitals_held(1) == 2 and d.capitals_held(2) == 0
        places.add(c)
    assert len(places) > 1


def test_ruling_determinize_keeps_the_kinds_of_units_the_mover_has_moved(tmp_path):
    """README, "Hidden information": the mover's units that have moved this turn keep their
    kinds (what they did depends on them: an artillery that moved had an artillery's range),
    so here the unseen city stays on a mountain; a unit of the mover yet to move takes a
    kind with that kind's full range."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1, infantry=1, artillery=1),
                                town("D4", 1, city=True), troops("F1", 1, infantry=1)],
                     tiles=CITY_MAP, dark=True, first=1)
    g4, f1 = hx(state, "G4"), hx(state, "F1")
    take(state, SelectUnit, hex=g4, unit=ART)
    step = next(a for a in legal(state) if isinstance(a, Step) and a.kind == "move")
    take(state, Step, hex=step.hex)
    take(state, SelectUnit, hex=g4, unit=INF)  # the artillery has moved: its turn is over
    seen = state.sight(0)
    assert not any(seen >> h & 1 for h in (g4, f1, step.hex, hx(state, "D4")))
    some_fresh = 0
    for seed in range(30):
        d = state.determinize(0, random.Random(seed))
        city = [h for h in d.settled if d.settle[h] == CITY]
        assert len(city) == 1 and d.terrain[city[0]] == MOUNTAIN
        moved = [u for u in range(len(d.uo)) if d.uo[u] == 1 and d.ut[u] == ART]
        assert len(moved) == 1 and d.um[moved[0]] == state.um[moved[0]]
        fresh = [u for u in range(len(d.uo)) if d.uo[u] == 1 and d.us[u] == FRESH]
        assert all(d.um[u] == RANGE[d.ut[u]] for u in fresh)
        some_fresh += bool(fresh)  # how many there are is drawn: none, sometimes
        assert d.supported[1] == _support_of(d, 1) and min(d.reserve(1)) >= 0
    assert some_fresh


# --- the flow of a hidden game: who is asked, and what a step reveals -------------------------
def lose_a_town(tmp_path, infantry, city=False, extra=(), **options):
    """Player 1 (first to move) takes player 0's empty town (or plains city) on A4; player 0
    has `infantry` on D4 and its capital on A1."""
    state = position(tmp_path, [capital("A1", 0), town("A4", 0, city=city),
                                troops("D4", 0, infantry=infantry), capital("G4", 1),
                                troops("B5", 1, infantry=1), *extra], tiles=MAP, first=1,
                     **options)
    take(state, SelectUnit, hex="B5", unit=INF)
    take(state, Step, hex="A4")
    script_dice(state, [6, 6])  # the town's die (a city's two) misses
    take(state, Fight, hex="A4")
    assert state.sowner[hx(state, "A4")] == 1
    return state


def test_ruling_dark_the_loser_of_a_town_is_asked_to_disband_whether_or_not_it_must(tmp_path):
    """README, "Hidden information": whether the loser of a town or city must disband tells
    how many units it has (VIKTORY-II.md, "Unit support"), so on a hidden map it is asked as
    many times as such a place supports units at most (a town 1, a city 3), with the units
    beyond support to choose from, or only to disband nothing. On an open map it is asked
    only where it has a choice."""
    must = lose_a_town(tmp_path, 2, dark=True)  # support left: the capital's 1 infantry
    assert must.decision() == ("disband", 0)
    assert legal(must) == [Disband(hx(must, "D4"), "D4", INF)]
    take(must, Disband, hex="D4", unit=INF)
    assert must.decision() == ("move", 1) and must.onboard[0][INF] == 1
    need_not = lose_a_town(tmp_path, 1, dark=True)
    assert need_not.decision() == ("disband", 0)
    assert legal(need_not) == [Done("disband")]
    take(need_not, Done, what="disband")
    assert need_not.decision() == ("move", 1) and need_not.onboard[0][INF] == 1
    city = lose_a_town(tmp_path, 1, city=True, dark=True)
    for _ in range(3):
        assert city.decision() == ("disband", 0) and legal(city) == [Done("disband")]
        take(city, Done, what="disband")
    assert city.decision() == ("move", 1)
    for infantry in (1, 2):  # an open map: not asked, nor where there is no choice of hex
        open_map = lose_a_town(tmp_path, infantry)
        assert open_map.decision()[0] != "disband" and open_map.onboard[0][INF] == 1


def test_ruling_dark_a_battle_tells_everybody_its_forces_as_it_begins(tmp_path):
    """README, "Hidden information": a battle's course is public, and who is asked in it
    depends on its forces (the attacker is asked to launch when units of its may join), so
    on a hidden map everybody is told the forces as it begins, not where; only its sides
    learn where."""
    state = lose_a_town(tmp_path, 1, extra=[capital("E1", 2)], dark=True, players=3)
    forces = [e for e in state.visible_log(2) if e["event"] == "forces"]
    assert forces == [{"event": "forces", "battle": "land", "attacker": 1, "defender": 0,
                       "attackers": "1 infantry", "may_join": "none", "bombarding": "none",
                       "defenders": "none", "next_to_it": "none", "naval_support": False,
                       "overwatch_ready": 0, "supply": [False, True]}]
    assert forces[0] in state.visible_log(0) and GAME.reveal_changes_flow(forces[0])
    assert not any(e["event"] == "battle_begins" for e in state.visible_log(2))
    assert GAME.describe_event(forces[0]) == (
        "A land battle: player 1 (1 infantry; may join: none; bombarding: none) against "
        "player 0 (none; next to it: none)")
    assert not any(e["event"] == "forces" for _, e in lose_a_town(tmp_path, 1).log)



def test_ruling_dark_a_frigate_placed_from_reserve_tells_the_placer_what_it_met(tmp_path):
    """README, "Hidden information": a frigate placed from reserve may land on an enemy
    frigate the placer could not see (a reserve naval battle, VIKTORY-II.md, "Reserves"); on
    a hidden map the placer's event says either way whether there was one, so the placer
    learns it as a fact that may change the flow (`reveal_changes_flow`)."""
    state = position(tmp_path, [capital("A1", 0, city=True), town("A3", 0, city=True),
                                capital("G4", 1)], tiles=RESERVE_MAP, dark=True)
    past_moving(state)
    take(state, Done, what="build")
    action = next(a for a in legal(state) if type(a) is PlaceFrigate)
    take(state, PlaceFrigate, hex=action.hex, sea=action.sea)
    place = [e for e in state.visible_log(0) if e["event"] == "place"][-1]
    assert place["battle"] is False and GAME.reveal_changes_flow(place)
    assert not any(e["event"] == "place" for e in state.visible_log(1))


def test_ruling_dark_only_a_battle_s_two_sides_see_where_it_is_fought(tmp_path):
    """README, "Hidden information": a battle's course is public, its place is told only to
    its two sides, in its events and in the observation of the battle being fought (the
    others see its forces and dice, not its hexes)."""
    state = position(tmp_path, [capital("A1", 0), town("A4", 0), capital("G4", 1),
                                town("E5", 1), troops("B5", 1, infantry=2), capital("E1", 2)],
                     tiles=MAP,
                     first=1, players=3, dark=True)
    take(state, SelectUnit, hex="B5", unit=INF)
    take(state, Step, hex="A4")
    take(state, Fight, hex="A4")
    assert state.decision() == ("battle", 1)  # launch: another infantry may join from B5
    for side in (0, 1):
        battle = state.observation(side)["battle"]
        assert battle["where"] == "A4" and battle["source_hexes"] == [hx(state, "B5")]
    for other in (2, None):
        battle = state.observation(other)["battle"]
        assert battle["hex"] == -1 and battle["where"] == "" and battle["source_hexes"] == [-1]
        assert battle["attacker"] == [[0, 0, 0, 0], [1, 0, 0, 0]]  # its forces are public
        assert battle["reserves"] == [[1, 0, 0, 0]]
    text = GAME.render(state.observation(2), 2)
    assert "Battle out of your sight (plains town)" in text and "A4" not in text
    assert "side 1 from a hex out of sight: 1 infantry (+1 infantry waiting)" in text


# --- determinisation: the true hidden fact plays no part ---------------------------------------
# A map whose tiles are drawn from the bag but for the two capitals' own: with independent
# exploration the hexes player 0 has not explored hold hidden tiles.
HIDDEN_MAP = """\
   p p ? ?
  p p ? ? ?
 ? ? ? ? ? ?
? ? ? ? ? ? ?
 ? ? ? ? ? ?
  ? ? ? ? ?
   ? ? ? f
"""
# The hexes player 1 has explored out of player 0's knowledge, with their tiles: two of them
# (E3, D6) swap a land and a water tile between the positions compared.
EXPLORED_BY_1 = {"D3": PLAINS, "D4": PLAINS, "E2": FOREST, "E4": PLAINS, "F2": PLAINS,
                 "F3": MOUNTAIN, "C5": WATER, "C6": WATER, "D5": PLAINS, "D7": WATER,
                 "E5": PLAINS, "E6": WATER}


def _explore(state, q, tiles):
    """Player q has explored these hexes: their tiles come out of the bag."""
    for name, t in tiles.items():
        h = hx(state, name)
        if not state.drawn >> h & 1:
            state.bag.remove(t)
            state.terrain[h] = t
            state.drawn |= 1 << h
        state.explored[q] |= 1 << h
    state._count_water()


def _hidden_tiles_position(tmp_path, land, first=0, **options):
    """Independent exploration: player 1's capital, a forest city, on G4, and the hexes
    around E3 and D6 explored by player 1 only: `land` (E3 or D6) holds plains, the other
    water."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1, city=True)],
                     tiles=HIDDEN_MAP, explored=True, independent=True, first=first,
                     **options)
    water = "D6" if land == "E3" else "E3"
    _explore(state, 1, {**EXPLORED_BY_1, land: PLAINS, water: WATER})
    return state


def _copy_facts(d):
    """Everything a determinisation is made of that a search could read."""
    units = sorted((d.uh[u], d.uo[u], d.ut[u], d.us[u], d.um[u], d.uf[u], d.uc[u], d.ug[u])
                   for u in range(len(d.uo)) if d.us[u] != FREE)
    return (bytes(d.terrain), d.drawn, d.water, tuple(d.bag), bytes(d.settle), bytes(d.sowner),
            tuple(d.settled), tuple(d.capital), units, d.supported, d.onboard,
            tuple(d.explored), [sorted(m.items()) for m in d.memory], d.easy, d.placed)


def _same_copies(states, player=0, seeds=range(20)):
    """The player's observations of the positions are the same, and so are their
    determinisations, seed by seed: what differs between them plays no part."""
    truths = {json.dumps(s.observation(player), sort_keys=True) for s in states}
    assert len(truths) == 1
    copies = [[_copy_facts(s.determinize(player, random.Random(k))) for k in seeds]
              for s in states]
    for other in copies[1:]:
        assert other == copies[0]
    return copies[0]


def test_ruling_determinize_keeps_no_class_under_unseen_towns_and_kept_frigates(tmp_path):
    """README, "Hidden information": a hidden hex is not land in a determinisation because an
    unseen town stands on it, nor water because a frigate whose kind stays is at sea there:
    two positions that differ only in which of two hidden hexes holds player 1's town (on
    land, the other water), or its frigate that has moved this turn (at sea, the other
    land), give the same determinisations for player 0."""
    towns = []
    for land in ("E3", "D6"):
        state = _hidden_tiles_position(tmp_path, land)
        state.found(1, hx(state, land), TOWN, reveal=False)
        towns.append(state)
    copies = _same_copies(towns)
    e3, d6 = hx(towns[0], "E3"), hx(towns[0], "D6")
    assert len({(facts[0][e3], facts[0][d6]) for facts in copies}) > 1  # the tiles vary
    fleets = []
    for sea in ("E3", "D6"):
        state = _hidden_tiles_position(tmp_path, "D6" if sea == "E3" else "E3", first=1)
        u = state.add_unit(1, FRIG, hx(state, sea), FRESH)
        state.um[u] = 2  # it has moved: its kind stays
        fleets.append(state)
    _same_copies(fleets)


# Ports out of player 0's sight (E1, C5) and a forest at G4 for a city that supports a frigate.
PORT_MAP = """\
   p p p p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p f
"""


def test_ruling_determinize_moves_an_unseen_town_with_a_frigate_in_port(tmp_path):
    """README, "Hidden information": an unseen town with a frigate in port goes where any
    other may (the frigate's class is drawn again; one whose kind stays, here one that has
    moved this turn, is put back at sea): two positions that differ only in which of two
    ports holds player 1's town and its frigate give the same determinisations for player
    0."""
    for first in (0, 1):
        states = []
        for port in ("E1", "C5"):
            state = position(tmp_path, [capital("A1", 0), capital("G4", 1, city=True),
                                        town(port, 1)], tiles=PORT_MAP, dark=True,
                             first=first)
            u = state.add_unit(1, FRIG, hx(state, port), FRESH if first else DONE)
            state.um[u] = 2 if first else 0
            states.append(state)
        copies = _same_copies(states)
        towns = {facts[4].index(1, 1) for facts in copies}  # not player 1's capital city
        assert len(towns) > 2
        if first:  # the frigate that has moved stays a frigate, at sea
            assert all(facts[0][h] == WATER for facts in copies
                       for h, owner, kind, *_ in facts[8] if owner == 1 and kind == FRIG)


def test_ruling_determinize_keeps_nothing_of_what_other_players_explored_or_remember(
        tmp_path):
    """README, "Hidden information": what another player has explored (independent
    exploration), and remembers of towns out of its sight, is its own knowledge (where its
    units have been; where player 2's town stood when player 1 saw it, whether it has seen
    player 0's capital): two positions that differ only in what player 1 has explored, or
    in its memory, give player 0 the same determinisations (in which player 1 remembers
    what it sees there)."""
    states = []
    for far in (False, True):
        state = _hidden_tiles_position(tmp_path, "E3")
        _explore(state, 0, {"C1": MOUNTAIN, "C2": GRASSLAND, "D1": WATER, "D2": MOUNTAIN,
                            "E1": GRASSLAND, "F1": MOUNTAIN})
        if far:
            _explore(state, 1, {"A3": WATER, "A4": MOUNTAIN, "B4": GRASSLAND, "B5": WATER,
                                "C4": PLAINS})
        states.append(state)
    _same_copies(states)
    states = []
    for remembers in (False, True):
        state = dark(tmp_path, [capital("A1", 0), capital("G4", 1), capital("G1", 2),
                                town("E2", 2)], players=3)
        if remembers:
            state.memory[1] = {hx(state, "E2"): (2, TOWN, -1), hx(state, "A1"): (0, TOWN, 0)}
        states.append(state)
    for facts in _same_copies(states):
        assert all(not memory for memory in facts[12][1:])  # nothing in sight of 1 or 2


def test_ruling_independent_exploring_tells_how_many_hexes_are_new_and_drawn(tmp_path):
    """README, "Hidden information": with independent exploration each exploring tells the
    explorer how many hexes are new to it and how many tiles it draws, even none, so that
    what others explored shows in these numbers (a flow-changing reveal), never in whether
    an event or a decision to place tiles comes."""
    state = position(tmp_path, [capital("A1", 0), troops("B2", 0, infantry=1),
                                capital("G4", 1, city=True)], tiles=HIDDEN_MAP,
                     independent=True, place="random", seed=2)  # seed 2: B3 is plains
    _explore(state, 1, {"A3": PLAINS})
    take(state, SelectUnit, hex="B2", unit=INF)
    take(state, Step, hex="B3")  # A3, B4 and C4 are new to player 0; A3's tile is placed
    take(state, Step, hex="B2")  # nothing new
    explored = [e for e in state.visible_log(0) if e["event"] == "explored"]
    assert explored[-2:] == [{"event": "explored", "player": 0, "hexes": 3, "drawn": 2},
                             {"event": "explored", "player": 0, "hexes": 0, "drawn": 0}]
    assert not any(e["event"] == "explored" and e["player"] == 0
                   for e in state.visible_log(1))
    assert GAME.reveal_changes_flow(explored[-1])
    assert GAME.describe_event(explored[-2]) == \
        "Player 0 explores 3 hexes, 1 of them with a tile already placed"
    assert not any(e["event"] == "explored" for _, e in
                   position(tmp_path, [capital("A1", 0), capital("G4", 1)]).log)


def test_ruling_determinize_shows_remembered_towns_as_remembered_whatever_changed(tmp_path):
    """README, "Hidden information": what became of the towns a player remembers out of its
    sight shows only in the public counts, so a determinisation draws which of them (or of
    those it does not know of) took the change: positions that differ only in that give
    player 0 the same determinisations. Here: which of two remembered towns became a city
    (player 1 has no town out of player 0's knowledge to trade with); whether the town
    player 2 took and upgraded is the remembered one; whether player 1's remembered capital,
    taken by player 2, was upgraded too."""
    def remembering(pieces, remembered, players=2):
        state = dark(tmp_path, [capital("A1", 0), *pieces], players=players)
        for name, value in remembered.items():
            state.memory[0][hx(state, name)] = value
        return state

    upgraded = []
    for city in ("E2", "G2"):
        state = remembering([capital("G4", 1), town("E2", 1), town("G2", 1)],
                            {"E2": (1, TOWN, -1), "G2": (1, TOWN, -1), "G4": (1, TOWN, 1)})
        state.upgrade(1, hx(state, city))
        upgraded.append(state)
    _same_copies(upgraded)
    taken = []
    for where in ("E2", "C5"):
        state = remembering([capital("G4", 1), town("E2", 1), town("C5", 1), capital("G1", 2)],
                            {"E2": (1, TOWN, -1)}, players=3)
        state.capture(2, hx(state, where))
        state.upgrade(2, hx(state, where))
        taken.append(state)
    for facts in _same_copies(taken):
        assert facts[4][hx(state, "E2")] == TOWN and facts[5][hx(state, "E2")] == 1
    capitals = []
    for city in (True, False):
        state = remembering([capital("G4", 1), capital("G1", 2), town("C5", 2, city=city)],
                            {"G4": (1, TOWN, 1)}, players=3)
        state.capture(2, hx(state, "G4"))
        if not city:
            state.upgrade(2, hx(state, "G4"))
        capitals.append(state)
    for facts in _same_copies(capitals):
        assert facts[4][hx(state, "G4")] == TOWN and facts[5][hx(state, "G4")] == 2


def test_ruling_determinize_puts_pieces_out_of_third_players_sight_as_the_copy_has_it(tmp_path):
    """README, "Hidden information": unseen pieces go out of every other player's sight as
    the copy has it, never as it is in the real game: two positions that differ only in
    where player 2's stack out of player 0's sight stands (so in what player 2 sees) give
    player 0 the same determinisations, player 1's unseen town and stack going where they
    may in both."""
    states = []
    for where in ("D4", "E5"):
        states.append(dark(tmp_path, [capital("A1", 0), capital("G4", 1), town("E2", 1),
                                      troops("F2", 1, infantry=1), capital("G1", 2),
                                      town("C5", 2), troops(where, 2, infantry=1)],
                           players=3))
    _same_copies(states)


def test_ruling_determinize_draws_again_an_army_with_disbands_pending(tmp_path):
    """README, "Hidden information": how many units the loser of a town must disband is its
    own affair (it is asked as often whatever it must), so a third player's determinisation
    draws its army out of sight again, within what its towns and cities still support: two
    positions that differ only in how many infantry player 0 has out of player 2's sight
    give player 2 the same determinisations."""
    states = [lose_a_town(tmp_path, infantry, extra=[capital("E1", 2)], dark=True, players=3)
              for infantry in (1, 2)]
    assert [s.decision() for s in states] == [("disband", 0)] * 2
    for facts in _same_copies(states, player=2):
        assert facts[10][0][INF] <= facts[9][0][INF]  # within what its capital supports


@pytest.mark.parametrize("independent", [False, True])
def test_ruling_dark_shared_exploration_reveals_new_tiles_to_everybody(tmp_path, independent):
    """With `dark` alone, a tile revealed is revealed to every player (a shared map, as on a
    table), in fog: a town built beside unexplored hexes shows the others its neighbourhood,
    never the town. With `independent`, each player learns terrain on its own."""
    from vik2_helpers import act, name

    state = position(tmp_path, [capital("A2", 0), troops("B3", 0, infantry=1),
                                capital("G4", 1)], explored=False, dark=True,
                     independent=independent)
    take(state, Done, what="move")
    before = state.observation(1)
    act(state, next(a for a in legal(state) if type(a) is BuildTown and a.where == "C4"))
    after = state.observation(1)
    new = [name(state, h) for h in range(state.board.size)
           if before["terrain"][h] != after["terrain"][h]]
    if independent:
        assert new == []
    else:
        assert new and all(after["fog"][hx(state, where)] == "0" for where in new)  # unseen
        assert all(hx(state, where) in state.board.neighbours[hx(state, "C4")]
                   for where in new)
    assert [e for e in after["log"] if e["event"] == "town"][-1] == {
        "event": "town", "player": 0, "built": True}


def test_ruling_determinize_keeps_the_capital_sites_a_player_is_offered():
    """Defect: on a dark map of radius 3 the two starting areas share hexes. At the second
    player's capital, about 1 in 20 determinisations put the first player's hidden capital on a
    hex the second was offered, so the copy's legal actions were not the player's (OpenSpiel's
    ISMCTS crashed on them). The offer tells the player those hexes are free: no hidden piece
    goes there."""
    config = GAME.config({"radius": 3, "turn_limit": 6, "dark": True})
    checked = 0
    for seed in range(8):
        state = GAME.new_state(config, seed)
        rng = random.Random(seed)
        while state.round == 0 and not state.is_terminal():
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            if any(isinstance(a, PlaceCapital) for a in legal) and p == 1:
                for k in range(25):
                    assert state.determinize(p, random.Random(k)).legal_actions(p) == legal, \
                        (seed, k)
                    checked += 1
            state.apply(p, rng.choice(legal))
    assert checked >= 100


def _finish_turn(state, player):
    """Decline whatever `player` is asked until another player's turn comes."""
    while state.player == player and not state.is_terminal():
        p = state.to_move()[0]
        state.apply(p, [a for a in legal(state) if type(a) is Done][0])


def test_ruling_dark_the_loser_of_a_town_remembers_it_as_the_taker_s(tmp_path):
    """Defect: on a dark map the loser of a town out of its sight afterwards (no unit of its
    next to it) forgot it. Its memory held only enemy towns it had seen, its own town had
    no entry, and the hex left its sight with the capture: its map showed nothing there,
    though the capture was told to it, where, and the hex was offered to it as a build site
    every turn (each build there failing, spent). The loser remembers the taker's town."""
    state = lose_a_town(tmp_path, 1, dark=True)
    a4 = hx(state, "A4")
    assert not state.sight(0) >> a4 & 1
    assert [s for s in state.observation(0)["settlements"] if s[0] == a4] == \
        [[a4, 1, TOWN, -1, 0]]  # player 1's town, remembered, not seen
    take(state, Done, what="disband")
    _finish_turn(state, 1)
    past_moving(state)
    assert state.decision() == ("build", 0)
    assert not has(state, BuildTown, hex="A4")
    assert [s for s in state.observation(0)["settlements"] if s[0] == a4] == \
        [[a4, 1, TOWN, -1, 0]]


def test_ruling_dark_a_town_found_where_a_build_failed_is_remembered(tmp_path):
    """Defect: a town built where a town the builder could not see stands is not built (the
    build spent), and the builder told where; but its memory was left as it was, so its map
    showed nothing there and the site was offered again, each build there failing. The
    builder remembers the town it found."""
    state = past_moving(dark(tmp_path, [capital("A1", 0), capital("G4", 1), town("C2", 1)]))
    c2 = hx(state, "C2")
    take(state, BuildTown, hex="C2")
    assert state.built == 1 and state.decision() == ("build", 0)  # a second town may come
    assert [s for s in state.observation(0)["settlements"] if s[0] == c2] == \
        [[c2, 1, TOWN, -1, 0]]
    assert not has(state, BuildTown, hex="C2")


def test_the_hidden_map_s_disband_question_does_not_say_a_unit_must_go(tmp_path):
    """Defect: on a hidden map the loser of a town is asked to disband whether or not a unit
    is beyond support (README, "Hidden information"), yet asked "Disband a unit your towns
    and cities no longer support" when its only choice was "disband nothing (no unit is
    beyond support)". The question says "any unit" there (and the headline as much); on an
    open map, asked only when a unit must go, it is as it was."""
    state = lose_a_town(tmp_path, 1, dark=True)
    assert legal(state) == [Done("disband")]
    obs = state.observation(0)
    assert GAME.prompt(obs, 0) == "Disband any unit your towns and cities no longer support."
    assert "disbanding any unit no longer supported" in GAME.render(obs, 0)
    assert "disbanding any unit no longer supported" in GAME.render(state.observation(1), 1)
    must = lose_a_town(tmp_path, 1, extra=[troops("B1", 0, infantry=1)])  # an open map
    assert must.decision() == ("disband", 0)
    assert GAME.prompt(must.observation(0), 0) == \
        "Disband a unit your towns and cities no longer support."


def test_determinize_puts_unseen_cities_only_on_land_the_player_could_find():
    """Audit (stop 46): with four players, dark and independent exploration, the heuristic
    crashed (KeyError: 4 in `_try_placing`): a city the player neither saw nor remembered
    was put back on a hex it had not explored, to have a tile of the terrain its units need
    traded onto it, where no unseen tile had that terrain; the trade failed and the city
    stood on water. A site to trade onto is offered only where such a tile is among the
    unseen ones (seed 1 crashed at round 13)."""
    config = GAME.config({"dark": True, "independent": True, "players": 4, "turn_limit": 30})
    agents = [make_agent(kind, GAME, 10 + i)
              for i, kind in enumerate(["heuristic", "random", "heuristic", "random"])]

    class Far(Exception):
        pass

    reached = []

    def stop(state, *_):
        if state.round >= 14:
            reached.append(state)
            raise Far

    with pytest.raises(Far):
        play_game(GAME, config, 1, agents, keep_record=False, on_action=stop)
    state = reached[0]
    for p in range(4):
        for k in range(5):
            copy = state.determinize(p, random.Random(k))
            assert all(copy.terrain[h] in LAND for h in copy.settled)
            assert all(copy.terrain[h] == state.terrain[h] for h in range(state.board.size)
                       if state.explored[p] >> h & 1)
