"""The map (VIKTORY-II.md, "The map" and the rulings on 7-8 players and the tile mix), map
files, and the game's options."""

from __future__ import annotations

import pytest
from vik2_helpers import GAME, PLAINS_MAP, write_map

from warroom.engine import ConfigError, DataError
from warroom.games.viktory_ii.board import (
    RADIUS_BY_PLAYERS,
    WATER,
    board,
    start_area,
    start_hexes,
    tile_counts,
)


@pytest.mark.parametrize("players, across, side", [
    (2, 9, 5), (3, 11, 6), (4, 13, 7), (5, 15, 8), (6, 15, 8), (7, 17, 9), (8, 17, 9),
])
def test_rule_map_size_by_player_count(players, across, side):
    """Publisher's sizes (hexes across / to a side); 7-8 players continue the pattern."""
    b = board(RADIUS_BY_PLAYERS[players])
    assert max(len(row) for row in b.rows) == across
    assert len(b.rows[0]) == side
    assert b.size == 3 * side * (side - 1) + 1
    state = GAME.new_state(GAME.config({"players": players}), 0)
    assert state.board.size == b.size


def test_hex_names_neighbours_and_distances():
    b = board(4)
    assert b.names[0] == "A1" and b.names[-1] == "I5" and b.names[b.index["E5"]] == "E5"
    centre = b.index["E5"]
    assert len(b.neighbours[centre]) == 6
    assert {b.names[n] for n in b.neighbours[centre]} == {"D4", "D5", "E4", "E6", "F4", "F5"}
    assert b.distance[b.index["A1"]][b.index["I5"]] == 8
    assert b.off_map[b.index["A1"]] == 3  # a corner faces the water beyond the edge


@pytest.mark.parametrize("players", range(2, 9))
def test_rule_five_starting_hexes_on_the_edge(players):
    b = board(RADIUS_BY_PLAYERS[players])
    starts = start_hexes(b, players)
    assert len(set(starts)) == players
    for s in starts:
        assert b.off_map[s] == 2  # an edge hex, not a corner: four neighbours on the map
        assert len(start_area(b, s)) == 5


@pytest.mark.parametrize("players", range(2, 9))
def test_rule_starting_hexes_spread_evenly_round_the_map(players):
    """Spread evenly: round the ring, neighbouring starts are the same number of edge hexes
    apart, or one more where the ring's length does not share out (4 and 8 players had a
    start stepped off a corner, 8 and 10 hexes from its neighbours where the rest were 9)."""
    b = board(RADIUS_BY_PLAYERS[players])
    ring = b.ring()
    at = sorted(ring.index(s) for s in start_hexes(b, players))
    gaps = [(at[(k + 1) % players] - at[k]) % len(ring) for k in range(players)]
    assert max(gaps) - min(gaps) <= 1, gaps
    assert sum(gaps) == len(ring)


def test_starting_hexes_on_a_map_too_small_to_turn_off_the_corners():
    """Seven starts on a ring of 42 (radius 7) are 6 apart wherever they begin, and some
    multiple of 6 lands on a corner (every 7th hex): that start moves one hex on."""
    b = board(7)
    starts = start_hexes(b, 7)
    assert len(set(starts)) == 7 and all(b.off_map[s] == 2 for s in starts)


def test_rule_tile_mix_one_third_water_rest_even_extra_to_plains():
    counts = tile_counts(61, (1, 1, 1, 1, 2))
    assert counts == [11, 10, 10, 10, 20]
    assert sum(tile_counts(217, (1, 1, 1, 1, 2))) == 217
    state = GAME.new_state(GAME.config({}), 1)
    assert len(state.bag) + bin(state.drawn).count("1") + (
        len(state.reveal_pending[2]) if state.reveal_pending else 0) == 61


def test_option_mix_changes_the_bag():
    state = GAME.new_state(GAME.config({"mix": "1,0,0,0,0"}), 0)
    assert set(state.bag) == {0}  # plains only
    with pytest.raises(ConfigError, match="mix"):
        GAME.config({"mix": "0,0,0,0,1"})
    with pytest.raises(ConfigError, match="mix"):
        GAME.config({"mix": "1,1"})


@pytest.mark.parametrize("values, message", [
    ({"players": 9}, "players"),
    ({"radius": 1}, "radius"),
    ({"radius": 2, "players": 8}, "too small"),
    ({"capitals": 3}, "capitals"),
    ({"turn_limit": -1}, "turn_limit"),
    ({"mode": "chess"}, "mode"),
    ({"place": "never"}, "place"),
    ({"colour": 1}, "unknown option"),
])
def test_bad_options_are_one_line_errors(values, message):
    with pytest.raises(ConfigError, match=message) as info:
        GAME.config(values)
    assert "\n" not in str(info.value)


def test_map_file_fixes_tiles_and_they_start_face_down(tmp_path):
    config = GAME.config({"map": write_map(tmp_path)})
    state = GAME.new_state(config, 0)
    assert state.board.radius == 3
    assert state.terrain[state.board.index["C1"]] == WATER  # fixed, though not yet seen
    assert not state.explored[1] >> state.board.index["D4"] & 1
    assert state.bag == []  # no "?" tiles: nothing to draw


def test_map_file_question_marks_are_drawn_from_the_bag(tmp_path):
    tiles = PLAINS_MAP.replace("w w p p p w w", "w w ? ? ? w w")
    state = GAME.new_state(GAME.config({"map": write_map(tmp_path, tiles)}), 0)
    assert len(state.bag) == 3


def test_bundled_map_by_name():
    config = GAME.config({"map": "duel"})
    assert config.fixed_map.name == "Duel" and config.map_radius == 4


@pytest.mark.parametrize("fields, message", [
    ({"tiles": "p p\np p p\n"}, "odd number of rows"),
    ({"tiles": PLAINS_MAP.replace("p p p p\n", "p p p\n", 1)}, "row 1 has 3 hexes, expected 4"),
    ({"tiles": PLAINS_MAP.replace("p", "x", 1)}, "'x' is not a tile"),
    ({"pieces": [{"hex": "Z9", "owner": 0}]}, "field pieces.0.hex: no hex 'Z9'"),
    ({"pieces": [{"hex": "C1", "owner": 0, "settlement": "town", "capital": True}]},
     "need a land tile"),
    ({"pieces": [{"hex": "A1", "owner": 0, "settlement": "town", "capital": True,
                  "units": {"infantry": 2}},
                 {"hex": "G1", "owner": 1, "settlement": "town", "capital": True}]},
     "player 0 has 2 infantry but its towns and cities support 1"),
    ({"pieces": [{"hex": "A1", "owner": 0, "settlement": "town"},
                 {"hex": "G1", "owner": 1, "settlement": "town", "capital": True}]},
     "player 0 needs exactly one capital"),
    ({"pieces": [{"hex": "A1", "owner": 0, "settlement": "town", "capital": True},
                 {"hex": "A1", "owner": 1, "units": {"infantry": 1}}]},
     "already holds another player's pieces"),
    ({"colour": "red"}, "field colour: Extra inputs are not permitted"),
    ({"starts": ["A1"]}, "starts gives 1 hex for 2 players"),
])
def test_map_file_errors_name_the_file_and_field(tmp_path, fields, message):
    data = {"tiles": PLAINS_MAP, **fields}
    tiles = data.pop("tiles")
    path = write_map(tmp_path, tiles, **data)
    with pytest.raises((DataError, ConfigError)) as info:
        GAME.config({"map": path})
    text = str(info.value)
    assert message in text and "\n" not in text
    assert path in text


@pytest.mark.parametrize("fields, message", [
    ({"players": True}, "field players: Input should be a valid integer"),
    ({"players": 2.0}, "field players: Input should be a valid integer"),
    ({"players": "2"}, "field players: Input should be a valid integer"),
    ({"first": True}, "field first: Input should be a valid integer"),
    ({"explored": 1}, "field explored: Input should be a valid boolean"),
    ({"pieces": [{"hex": "A1", "owner": False, "settlement": "town", "capital": True}]},
     "field pieces.0.owner: Input should be a valid integer"),
    ({"pieces": [{"hex": "A1", "owner": 0, "settlement": "town", "capital": True,
                  "units": {"infantry": 1.0}}]},
     "field pieces.0.units.infantry: Input should be a valid integer"),
])
def test_map_file_is_decoded_strictly(tmp_path, fields, message):
    """Defect: map files were decoded leniently (`owner: false`, `infantry: 1.0`,
    `first: true`, `players: "2"` accepted; `players: true` read as 1), though the README
    promises `4.0` and `true` are refused as whole numbers, as other data files do."""
    path = write_map(tmp_path, **fields)
    with pytest.raises(DataError) as info:
        GAME.config({"map": path})
    assert message in str(info.value) and path in str(info.value)


def test_map_file_not_yaml_or_missing(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("tiles: [unclosed\n")
    with pytest.raises(DataError, match="not valid YAML"):
        GAME.config({"map": str(bad)})
    with pytest.raises(DataError, match="map .nowhere.: no such file, and not a shipped map"):
        GAME.config({"map": "nowhere"})


def test_map_for_other_player_count_is_refused(tmp_path):
    path = write_map(tmp_path, players=3)
    with pytest.raises(DataError, match="for 3 players"):
        GAME.config({"map": path})


def test_the_readme_map_example_loads_and_its_error_reads_as_shown(tmp_path):
    """The README's map file example could not be completed: its rows began 6 and 5 spaces
    in under `|4`, so the hexagon's middle rows fell at 3, which YAML refuses. The example is
    now a whole map that loads and plays, and a wrong hex in it gives the README's error."""
    import re
    from pathlib import Path

    from warroom.agents import make_agent
    from warroom.engine import play_game
    from warroom.games.viktory_ii.mapfile import load_map

    readme = (Path(__file__).parents[3] / "src/warroom/games/viktory_ii/README.md").read_text()
    example = re.search(r"## Map files.*?```yaml\n(.*?)```", readme, re.S)[1]
    path = tmp_path / "x.yaml"
    path.write_text(example)
    load_map(str(path))
    config = GAME.config({"map": str(path), "turn_limit": 2})
    agents = [make_agent("random", GAME, seat) for seat in range(2)]
    assert play_game(GAME, config, 1, agents, keep_record=False).outcome is not None
    shown = re.search(r"\(`maps/x\.yaml: (field pieces\.0\.hex: .*?)`\)", readme)[1]
    path.write_text(example.replace("{hex: C3,", "{hex: Z9,"))
    with pytest.raises(DataError) as error:
        load_map(str(path))
    assert str(error.value) == f"{path}: {shown}"
