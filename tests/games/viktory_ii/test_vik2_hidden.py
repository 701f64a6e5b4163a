"""Hidden information (VIKTORY-II.md, "Options of the online version"): the dark and
independent-exploration options; hands; what determinize resamples."""

from __future__ import annotations

import json
import random

from vik2_helpers import (
    GAME,
    capital,
    has,
    hx,
    legal,
    position,
    take,
    town,
    troops,
)

from warroom.games.viktory_ii.actions import BuildTown, Done, SelectUnit, Step
from warroom.games.viktory_ii.units import INF

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


def test_ruling_dark_building_judges_by_what_the_player_sees(tmp_path):
    state = dark(tmp_path, [capital("A1", 0), capital("G4", 1), troops("D3", 1, infantry=1)])
    assert state.decision() == ("build", 0)
    # D3 is out of player 0's sight: C2 (next to it) is offered all the same
    assert has(state, BuildTown, hex="C2")


def test_determinize_moves_unseen_enemy_units_and_keeps_the_observation(tmp_path):
    state = dark(tmp_path, [capital("A1", 0), capital("G4", 1), troops("E3", 1, infantry=1)])
    truth = json.dumps(state.observation(0), sort_keys=True)
    places = set()
    for seed in range(20):
        d = state.determinize(0, random.Random(seed))
        assert json.dumps(d.observation(0), sort_keys=True) == truth
        where = [h for h in range(d.board.size) if d.units_at(h, 1)[INF]]
        assert len(where) == 1 and d.board.distance[where[0]][hx(state, "E3")] <= 2
        places.add(where[0])
    assert len(places) > 1
    assert state.units_at(hx(state, "E3"), 1)[INF] == 1  # the real state is untouched


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
              and not state.explored[0] >> h & 1 and not state.settle[h]]
    assert unseen
    variants = set()
    for seed in range(10):
        d = state.determinize(0, random.Random(seed))
        variants.add(bytes(d.terrain[h] for h in unseen))
        assert sorted(d.bag + [d.terrain[h] for h in unseen]) == \
            sorted(state.bag + [state.terrain[h] for h in unseen])
    assert len(variants) > 1


def test_spectators_see_what_every_player_sees(tmp_path):
    state = dark(tmp_path, [capital("A1", 0), capital("G4", 1, city=True),
                            troops("B1", 1, infantry=1), troops("F3", 1, infantry=1)],
                 first=1, mode="cards")
    spectator = seen_units(state.observation(None), state)
    assert ("B1", 1) in spectator  # both players see it
    assert ("F3", 1) not in spectator  # player 0 does not
    assert state.observation(None)["hand"] is None
