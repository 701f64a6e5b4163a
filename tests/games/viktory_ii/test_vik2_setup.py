"""Setup turns and exploration (VIKTORY-II.md, "Setup" and "The map": exploring)."""

from __future__ import annotations

from vik2_helpers import (
    GAME,
    act,
    capital,
    events,
    find,
    hx,
    legal,
    position,
    take,
    town,
    write_map,
)

from warroom.games.viktory_ii.actions import (
    BuildTown,
    Done,
    PlaceCapital,
    PlaceReserve,
    PlaceTile,
    SelectUnit,
    Step,
    Upgrade,
)
from warroom.games.viktory_ii.board import LAND, TERRAINS, UNKNOWN, start_area
from warroom.games.viktory_ii.units import INF

DUEL_FIXED = """\
   p p p p
  p m p g p
 w p p f p w
w w p p p w w
 p g p p m w
  p p f p p
   p p p p
"""


def setup_state(tmp_path, players=2, **options):
    config = GAME.config({"map": write_map(tmp_path, DUEL_FIXED), "players": players,
                          **options})
    return GAME.new_state(config, 0)


def test_rule_setup_reveals_five_starting_hexes_and_capital_goes_on_land(tmp_path):
    state = setup_state(tmp_path)
    area = start_area(state.board, state.config.starts[0])
    assert state.decision() == ("capital", 0)
    for h in area:
        assert state.explored[0] >> h & 1
    options = {a.hex for a in legal(state) if type(a) is PlaceCapital}
    assert options == {h for h in area if state.terrain[h] in LAND}


def test_rule_capital_is_a_town_with_an_infantry_and_reveals_its_neighbours(tmp_path):
    state = setup_state(tmp_path)
    choice = legal(state)[0]
    act(state, choice)
    h = choice.hex
    assert state.capital[0] == h and state.settle[h] == 1 and state.sowner[h] == 0
    assert state.units_at(h, 0) == [1, 0, 0, 0]
    assert all(state.explored[0] >> n & 1 for n in state.board.neighbours[h])


def test_rule_first_player_builds_no_second_town_in_two_to_six_player_games(tmp_path):
    state = setup_state(tmp_path)
    act(state, legal(state)[0])
    assert state.decision() == ("capital", 1)  # player 0's setup turn is over
    act(state, legal(state)[0])
    assert state.decision() == ("second_town", 1)
    towns = [a for a in legal(state) if type(a) is BuildTown]
    c = state.capital[1]
    assert towns and all(2 <= state.board.distance[c][a.hex] <= 3 for a in towns)
    act(state, towns[0])
    assert state.decision() == ("setup_infantry", 1)
    assert {a.hex for a in legal(state)} == {c, towns[0].hex}
    act(state, find(state, PlaceReserve, hex=towns[0].hex, unit=INF))
    assert state.units_at(towns[0].hex, 1) == [1, 0, 0, 0]
    assert state.round == 1 and state.decision() == ("move", 0)


def test_rule_second_town_may_be_skipped(tmp_path):
    state = setup_state(tmp_path)
    act(state, legal(state)[0])
    act(state, legal(state)[0])
    take(state, Done, what="second_town")
    assert state.round == 1 and len(state.own_settlements(1)) == 1


def test_ruling_a_second_town_not_built_brings_no_second_infantry(tmp_path):
    """Dark: player 2 builds its second town on C3, where player 1's town stands out of its
    sight. The town is not built, and no second infantry comes (its towns support one): the
    setup turn ends as if it had declined the town; everybody is told the build failed."""
    path = write_map(tmp_path, explored=True, players=3, starts=["G4", "A1", "E1"])
    state = GAME.new_state(GAME.config({"map": path, "players": 3, "dark": True}), 0)
    take(state, PlaceCapital, hex="G4")
    take(state, PlaceCapital, hex="A1")
    take(state, BuildTown, hex="C3")
    take(state, PlaceReserve, hex="A1", unit=INF)
    take(state, PlaceCapital, hex="E1")
    assert not state.sight(2) >> hx(state, "C3") & 1
    take(state, BuildTown, hex="C3")
    assert state.sowner[hx(state, "C3")] == 1
    assert state.onboard[2] == state.supported[2] == [1, 0, 0, 0]
    assert state.round == 1 and state.decision() == ("move", 0)
    told = [e for to, e in state.log if e["event"] == "town" and e["player"] == 2]
    assert told == [{"event": "town", "player": 2, "built": False, "where": "C3"},
                    {"event": "town", "player": 2, "built": False}]
    assert not [e for e in events(state, "place") if e["player"] == 2]


def test_a_setup_turn_without_a_second_town_says_why_in_the_log(tmp_path):
    """Player 0 may not build one (the rule for the first player); player 1, its capital on
    its starting hex, has explored nothing 2-3 hexes away: no site. Neither is asked, and the
    log tells everybody why neither built one."""
    state = setup_state(tmp_path)
    act(state, legal(state)[0])
    start = state.board.names[state.config.starts[1]]
    take(state, PlaceCapital, hex=start)
    assert state.round == 1 and len(state.own_settlements(1)) == 1
    told = [(to, e) for to, e in state.log if e["event"] == "no_second_town"]
    assert [(to, e["player"], e["why"]) for to, e in told] == [
        (None, 0, "first player"), (None, 1, "no site")]
    lines = [GAME.describe_event(e) for _, e in told]
    assert lines[0] == ("Player 0 builds no second town: in a game of 2-6 players the first "
                        "player builds none on its setup turn")
    assert lines[1].startswith("Player 1 has no site for a second town")
    assert GAME.describe_event({"event": "no_second_town", "player": 1}) == \
        "Player 1 builds no second town"


def test_rule_seven_and_eight_players_first_player_may_build_second_town():
    state = GAME.new_state(GAME.config({"players": 7, "place": "random"}), 3)
    act(state, legal(state)[0])
    assert state.decision()[0] in ("second_town", "tile")


def test_rule_revealed_tiles_are_placed_by_the_revealing_player():
    state = GAME.new_state(GAME.config({}), 5)
    assert state.decision()[0] == "tile"
    _, hexes, tiles = state.reveal_pending
    options = legal(state)
    assert all(type(a) is PlaceTile and a.hex == hexes[0] for a in options)
    assert sorted({a.terrain for a in options}) == sorted(set(tiles))
    assert "tile on" in options[0].label and TERRAINS[options[0].terrain] in options[0].label
    choice = options[-1]
    act(state, choice)
    assert state.terrain[choice.hex] == choice.terrain


def test_rule_no_land_among_the_starting_tiles_is_redrawn():
    for seed in range(30):
        state = GAME.new_state(GAME.config({"place": "random", "mix": "1,1,1,1,20"}), seed)
        area = start_area(state.board, state.config.starts[0])
        assert any(state.terrain[h] in LAND for h in area)


def test_option_place_random_asks_no_tile_decision():
    state = GAME.new_state(GAME.config({"place": "random"}), 5)
    assert state.decision() == ("capital", 0)
    area = start_area(state.board, state.config.starts[0])
    assert all(state.terrain[h] != UNKNOWN for h in area)


def test_rule_movement_reveals_the_hexes_next_to_a_unit_after_each_step(tmp_path):
    state = position(tmp_path, [capital("A1", 0, infantry=1), capital("G4", 1)],
                     explored=False)
    b = state.board
    assert not state.explored[0] >> hx(state, "C2") & 1
    take(state, SelectUnit, hex="A1")
    take(state, Step, hex="B2")
    assert all(state.explored[0] >> n & 1 for n in b.neighbours[hx(state, "B2")])
    assert state.explored[0] >> hx(state, "C2") & 1


def test_rule_a_city_reveals_everything_within_two(tmp_path):
    state = position(tmp_path, [capital("A1", 0), town("A3", 0), capital("G4", 1)],
                     explored=False)
    assert state.decision() == ("build", 0)  # nothing to move: on to building at once
    take(state, Upgrade, hex="A3")
    ball = state.board.balls[2][hx(state, "A3")]
    assert state.explored[0] & ball == ball


def test_option_independent_exploration_each_player_explores_on_its_own():
    state = GAME.new_state(GAME.config({"independent": True, "place": "random"}), 2)
    area0 = start_area(state.board, state.config.starts[0])
    assert all(state.explored[0] >> h & 1 for h in area0)
    assert not any(state.explored[1] >> h & 1 for h in area0)
    obs = state.observation(1)
    assert all(obs["terrain"][h] == "?" for h in area0)


def test_tiles_drawn_events_and_capital_event(tmp_path):
    state = setup_state(tmp_path)
    act(state, legal(state)[0])
    assert events(state, "capital")[0]["player"] == 0
