"""Audit (stop 52): a shipped map that did not fit the other options was named by its file in
the install ("/.../viktory_ii/data/maps/duel.yaml: the map is for 2 players"), on the
command line and in the lobby, where no client may be told a path on the server."""

from __future__ import annotations

import pytest
from vik2_helpers import GAME, write_map

from warroom.engine import DataError


def test_a_shipped_map_is_named_as_given_in_an_error_about_the_options():
    """Audit (stop 52): the error names the map as the user gave it, no path."""
    with pytest.raises(DataError) as caught:
        GAME.config({"map": "duel", "players": "3"})
    assert str(caught.value) == "map 'duel': the map is for 2 players; set players=2"
    assert caught.value.option == "players"  # the lobby shows it at the player count


def test_a_map_file_of_ones_own_is_named_by_its_path(tmp_path):
    """Audit (stop 52): a file given by its path is still named by that path."""
    path = write_map(tmp_path)
    with pytest.raises(DataError, match="the map has radius") as caught:
        GAME.config({"map": str(path), "radius": "5"})
    assert str(caught.value).startswith(f"{path}: ")
