"""Audit (stop 47): on a dark map a terminal's table showed the explored hexes out of sight
only dimmed, and its key never said so: without colour (NO_COLOR) nobody could tell them."""

from __future__ import annotations

import importlib
import re

import pytest
from vik2_helpers import GAME, played_at_random

from warroom.engine.data import plain

RENDER = importlib.import_module("warroom.games.viktory_ii.render")
CELL = re.compile(r"((?:\x1b\[[0-9;]*m)+)([^\x1b]+?)\x1b\[0m")  # a hex: its style, its text


def _dark_game(seed: int = 3, moves: int = 200, **options):
    return played_at_random({"dark": True, "radius": 4, **options}, seed, moves)


def _hexes(text: str) -> list[tuple[bool, str]]:
    """Each hex drawn on the map: whether it is dimmed (FOG), and its text."""
    return [(RENDER.FOG in style, shown) for style, shown in CELL.findall(text)]


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_out_of_sight_hexes_read_without_colour_on_a_terminal(viewer):
    """Audit (stop 47): a terminal's map (render with a width) writes an explored hex out of
    sight with its terrain's letter in upper case (`P 07`), dim too, and one in sight in
    lower case, at every step of shortening; its key says what upper case and dim mean
    (while the table has a key: from TIGHT on it is left to the rules summary)."""
    obs = _dark_game().observation(viewer)
    fogged = [h for h, t in enumerate(obs["terrain"]) if t != "?" and obs["fog"][h] == "0"]
    assert fogged
    for width in (76, 120, 196):
        for step in RENDER.SHORT:
            text = RENDER._render(obs, step, width)
            hexes = _hexes(text)
            assert any(dim for dim, _ in hexes), (step, width)
            for dim, shown in hexes:
                assert shown[0] == "?" or shown[0].isupper() == dim, (step, width, shown)
            if step < RENDER.TIGHT:  # from TIGHT on the key is left to the summary ('?')
                key = plain(text).replace("\n", " ")
                assert "P G F M W" in key and "out of sight" in key, (step, width, text)


def test_the_key_says_nothing_of_fog_where_no_hex_is_out_of_sight():
    """A map without fog (not dark, or everything in sight) keeps its key as it was."""
    state = _dark_game(moves=0, independent=True)
    for obs in (state.observation(0), GAME.new_state(GAME.config({"radius": 4}), 3)
                .observation(0)):
        text = plain(RENDER.render(obs, 0, width=76))
        assert "out of sight" not in text and "P G F M W" not in text


def test_the_channels_text_is_unchanged_on_a_dark_map():
    """The text every channel reads (width None: the server's text view) keeps its lower-case
    letters and its key: out of sight there is dim only, as before."""
    obs = _dark_game().observation(0)
    text = RENDER.render(obs, 0, None)
    hexes = _hexes(text)
    assert any(dim for dim, _ in hexes)
    assert all(not shown[:1].isupper() or shown[0] in "tTC@" for _, shown in hexes)
    assert "out of sight" not in plain(text) and "P G F M W" not in plain(text)
