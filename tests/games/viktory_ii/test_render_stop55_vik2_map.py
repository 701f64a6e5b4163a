"""Audit (stop 55), a person playing Viktory II on a narrow terminal (COLUMNS=50): the
compact map dropped the places in the row that the wide map shows ("? 01 ? 02 ..." became
"?   ?"), so "put the plains tile on H3" meant counting hexes."""

from __future__ import annotations

import importlib

from vik2_helpers import played_at_random

from warroom.engine.data import TEXT_WIDTH, plain
from warroom.games import get_game
from warroom.games.viktory_ii.board import board

GAME = get_game("viktory-ii")
RENDER = importlib.import_module("warroom.games.viktory_ii.render")
PANELS = (46, 56, 76)  # inside the panel of a terminal of 50, 60 and 80 columns


def _state(players: int, moves: int, seed: int = 4):
    return played_at_random({"players": str(players)}, seed, moves)


def _rows(text: str, b) -> dict[str, str]:
    letters = {chr(ord("A") + i) for i in range(len(b.rows))}
    return {line[1]: line for line in text.splitlines()
            if len(line) > 3 and line[0] == " " and line[1] in letters and line[2] == " "}


def test_a_narrow_terminals_map_numbers_its_hexes():
    """Audit (stop 55): at 50 columns the map was drawn three characters a hex with nothing
    but the terrain in an empty one. An empty hex now shows its place in its row there too
    ("? 3", "?12": an unexplored hex holds nothing else; an explored one up to 9, "p 7",
    where "p12" would read as player 1's two units), and the key says so; at 50, 60 and 80
    columns, for 2 and 4 players, the hexes a drawn tile may go on are all numbered, and no
    line is wider than the panel (nor the channels' text than TEXT_WIDTH)."""
    for players in (2, 4):
        state = _state(players, 0)
        p = state.to_move()[0]
        obs = state.observation(p)
        b = board(obs["radius"])
        assert obs["reveal"] and obs["reveal"]["hexes"]
        for width in PANELS:
            text = plain(RENDER.render(obs, p, width))
            assert all(len(line) <= width for line in text.splitlines()), (width, text)
            rows = _rows(text, b)
            for h in obs["reveal"]["hexes"]:
                name = b.names[h]
                place = int(name[1:])
                row = rows[name[0]]
                assert f"? {place}" in row or f"?{place:>2}" in row \
                    or f"? {place:02}" in row, (width, name, text)
        # the key tells it, where the table has one (from TIGHT the rules summary, '?')
        assert all("place in " in " ".join(RENDER._term_key(RENDER.COMPACT_CELL, short))
                   for short in RENDER.SHORT)
        channel = plain(GAME.render(obs, p))
        assert all(len(line) <= TEXT_WIDTH for line in channel.splitlines()), channel


def test_the_compact_cells_number_the_empty_hexes_mid_game():
    """Audit (stop 55): mid-game on a narrow terminal each empty hex shows its place where
    it cannot read as units ("p 7": a blank where the owner goes; "?12": unexplored), so the
    hexes between the towns and units are found by number, not counted."""
    for players, moves in ((2, 200), (4, 300)):
        state = _state(players, moves)
        p = state.to_move()[0]
        obs = state.observation(p)
        b = board(obs["radius"])
        busy = {s[0] for s in obs["settlements"]} | {u[0] for u in obs["units"]}
        for width in (46, 56):
            text = plain(RENDER.render(obs, p, width))
            for letter, row in _rows(text, b).items():
                i = ord(letter) - ord("A")
                for k, h in enumerate(b.rows[i], 1):
                    label = f"{obs['terrain'][h]}{k:>2}"
                    if h not in busy and (obs["terrain"][h] == "?" or k < 10):
                        assert label in row, (width, letter, k, row)
