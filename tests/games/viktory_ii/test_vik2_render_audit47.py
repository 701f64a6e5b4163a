"""Viktory II's map as a terminal's table draws it (`warroom play viktory-ii`)."""

from __future__ import annotations

import importlib
import io

from rich.console import Console
from vik2_helpers import GAME, played_at_random

from warroom.agents.human import HumanAgent
from warroom.engine import PlayerView
from warroom.engine.data import plain, reading_width
from warroom.games.viktory_ii.board import board

RENDER = importlib.import_module("warroom.games.viktory_ii.render")


def _mid_game(seed: int = 31, moves: int = 450, mode: str = "cards"):
    """A 2-player game (radius 4) hundreds of moves in: towns, cities, units."""
    return played_at_random({"mode": mode}, seed, moves)


def _cells(text: str, b, cell: int, gap: int) -> dict[int, str]:
    """Each shown hex's cell, read at its place in its row; the blanks after it checked."""
    found = {}
    for line in text.splitlines():
        if len(line) < 3 or line[0] != " " or line[2] != " " or not line[1].isupper():
            continue
        row = ord(line[1]) - ord("A")
        if row >= len(b.rows):
            continue
        x = 3 + (cell + gap) * abs(row - b.radius) // 2
        for k, h in enumerate(b.rows[row]):
            at = x + k * (cell + gap)
            found[h] = line[at:at + cell].ljust(cell)
            if k + 1 < len(b.rows[row]):
                assert line[at + cell:at + cell + gap] == " " * gap and gap, (line, k)
    return found


def test_the_terminal_map_keeps_hexes_apart_and_terrain_readable_without_colour():
    """Audit (stop 47): at 80x24 mid-game the map ran its hexes together with no blank
    (`H     w  w01@02p  w  C11`) and a town's or city's letter replaced the terrain's, so the
    terrain showed only as colour (none with NO_COLOR). On a terminal each hex is now its
    terrain's letter first, a blank between two hexes, at every step of shortening."""
    state = _mid_game()
    b = board(4)
    for viewer in (0, 1):
        obs = state.observation(viewer)
        for step in RENDER.SHORT:
            text = plain(RENDER._render(obs, step, 76))
            assert all(len(line) <= 76 for line in text.splitlines()), text
            cells = _cells(text, b, *RENDER._layout(b, step, 76))
            shown = (RENDER._rows_shown(obs, b, step) if step >= RENDER.TRIMMED
                     else range(len(b.rows)))
            assert set(cells) == {h for i in shown for h in b.rows[i]}, (step, text)
            for h, cell in cells.items():
                assert cell[0] == obs["terrain"][h], (b.names[h], cell, text)
            towns = [h for h, *_ in obs["settlements"] if h in cells]
            assert towns and all(cells[h][2] in "tTC@" for h in towns)


def test_an_empty_hex_shows_its_place_in_its_row():
    """Audit (stop 47): the map had row letters but no column numbers, while the choices
    name hexes `H3`, `E8`: finding E8 meant counting. An empty hex shows its place in its
    row (`w 07` is E7 on row E), so a hex is found between its numbered neighbours."""
    state = _mid_game()
    obs = state.observation(0)
    b = board(4)
    text = plain(RENDER._render(obs, RENDER.FULL, 76))
    assert "07 place in row" in text or "place in its row" in text
    cells = _cells(text, b, *RENDER._layout(b, RENDER.FULL, 76))
    empty = [h for h in cells if h not in {s[0] for s in obs["settlements"]}
             and h not in {u[0] for u in obs["units"]}]
    assert len(empty) > 20
    for h in empty:
        name = b.names[h]
        row = next(line for line in text.splitlines() if line.startswith(f" {name[0]} "))
        assert f"{obs['terrain'][h]} {int(name[1:]):02}" in row, (name, row)


def test_a_wider_terminal_gets_the_roomier_map_and_the_channels_keep_theirs():
    """Audit (stop 47): the map was laid out for 80 columns in a 100- or 200-column terminal
    too. A terminal's table is written for its width (`reading_width`, as the terminal's
    table sets it): at 200 columns the hexes are spaced out and the lines run longer. Off a
    terminal (the server's text view, the environments' render()) the text is as before,
    whatever the terminal."""
    state = _mid_game()
    obs = state.observation(0)
    before = RENDER.render(obs, 0)
    wide = plain(RENDER.render(obs, 0, width=196))
    narrow = plain(RENDER.render(obs, 0, width=76))
    # laid out for its width: longer lines, and what the narrow text shortens kept (which
    # of the map's spacing, the hand in full or the key on lines of its own depends on the
    # position: the number of lines too)
    assert max(len(line) for line in wide.splitlines()) > 76
    assert max(len(line) for line in narrow.splitlines()) <= 76
    assert len(wide) > len(narrow)
    with reading_width(196):
        assert plain(RENDER.render(obs, 0)) == wide
    assert RENDER.render(obs, 0) == before


def _screen(state, width: int) -> list[str]:
    view = PlayerView(state, state.to_move()[0], GAME)
    out = io.StringIO()
    console = Console(file=out, width=width, height=24, color_system=None)
    person = HumanAgent(GAME, 0, stdin=io.StringIO("1\n"), console=console)
    obs = view.observation
    person.seen = obs.get("log_start", 0) + len(obs["log"])
    person.hinted = True
    person.act(view)
    lines = out.getvalue().splitlines()
    return lines[:next(i for i, line in enumerate(lines) if line.startswith("╰")) + 1]


def test_a_narrow_terminal_reads_the_table_written_for_its_width():
    """Audit (stop 47): at COLUMNS=60 the table's 76-column lines were re-wrapped inside the
    panel mid-phrase (`Hex: terrain (p plains, ...` broken, words alone on lines). The table
    is written for the panel's width: no line wraps, each going-on line is indented, and
    the map's rows stay whole."""
    for moves in (40, 450):
        state = _mid_game(moves=moves)
        panel = _screen(state, 60)
        body = [line[1:-1] for line in panel[1:-1]]
        assert all(len(line) <= 60 for line in panel)
        for line in body:
            text = line.strip()
            assert len(text.split()) > 1 or not text, (line, panel)
        rows = [line for line in body if line[:3].strip().isalpha() and line[1:2] == " "]
        assert rows
