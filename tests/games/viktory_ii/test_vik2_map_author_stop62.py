"""A map file's author (audit, stop 62): sizes and fields the loader let through."""

from __future__ import annotations

import pytest
from vik2_helpers import GAME, PLAINS_MAP, write_map

from warroom.engine import ConfigError, DataError


def hexagon(radius: int) -> str:
    """A map of plains of this radius, as a map file's `tiles` writes it."""
    rows = [" ".join("p" * (2 * radius + 1 - abs(radius - i))) for i in range(2 * radius + 1)]
    return "\n".join(rows) + "\n"


def refusal(path: str) -> str:
    with pytest.raises((DataError, ConfigError)) as info:
        GAME.config({"map": path})
    text = str(info.value)
    assert "\n" not in text and path in text
    return text


def test_a_map_larger_than_the_radius_option_allows_is_refused_naming_its_tiles(tmp_path):
    """Audit (stop 62): maps of radius 11, 15 and 30 were accepted though the radius option
    stops at 10; from radius 13 the rows ran past Z ("places its capital on ^9",
    "infantry ]10 -> \\11"), and radius 200 failed with Python's "bytes must be in
    range(0, 256)". A map has at most 21 rows, said in one line naming field tiles."""
    assert GAME.config({"map": write_map(tmp_path, hexagon(10), name="r10")}).map_radius == 10
    for radius in (11, 13, 200):
        text = refusal(write_map(tmp_path, hexagon(radius), name=f"r{radius}"))
        assert f"field tiles: {2 * radius + 1} rows; a map has at most 21 (radius 10)" in text


def test_a_first_player_on_a_map_without_a_set_up_position_is_refused(tmp_path):
    """Audit (stop 62): `first: 5` on a map without `pieces`, played by 2, was taken without a
    word: only a set-up position has a first player (its setup turns decide otherwise), and
    a set-up map's `first` out of range was already refused."""
    text = refusal(write_map(tmp_path, PLAINS_MAP, first=5))
    assert "field first: 5, but only a set-up position (`pieces`) has a first player" in text
    assert GAME.config({"map": write_map(tmp_path, PLAINS_MAP, name="zero", first=0)})


def test_a_position_for_other_players_says_its_field_with_a_colon(tmp_path):
    """Audit (stop 62): "field pieces sets up a position for 3 players, not 2" read as if the
    field's name went on; every other message says "field NAME: ..."."""
    pieces = [{"hex": h, "owner": o, "settlement": "town", "capital": True}
              for o, h in enumerate(("A1", "D4", "G1"))]
    text = refusal(write_map(tmp_path, PLAINS_MAP, pieces=pieces))
    assert "field pieces: a set-up position for 3 players, not 2" in text
