"""Audit (stop 64), a person playing Viktory II on a narrow terminal (40 to 60 columns):
the map lost a hex to the panel's edge, and the key and the headline came out in a staircase."""

from __future__ import annotations

import importlib
import io
import re

import pytest
from rich.console import Console
from vik2_helpers import played_at_random

from warroom.agents.human import HumanAgent
from warroom.engine.data import plain
from warroom.games import get_game
from warroom.games.viktory_ii.board import board

GAME = get_game("viktory-ii")
RENDER = importlib.import_module("warroom.games.viktory_ii.render")
MAP_ROW = re.compile(r"^ [A-Z] ")


def _table(obs: dict, p: int, columns: int) -> list[str]:
    """The table as the terminal's panel gets it: a terminal of `columns` and 50 lines (the
    whole table, the audit's), without its colours."""
    console = Console(file=io.StringIO(), width=columns, height=50, color_system=None,
                      force_terminal=True)
    person = HumanAgent(GAME, p, stdin=io.StringIO(), console=console)
    return plain(person.table(obs, p)).split("\n")


def _audits_game():
    """`warroom play viktory-ii --players human,heuristic --seed 1`: the first decision."""
    state = GAME.new_state(GAME.config({"players": 2}), 1)
    return state.observation(0)


def _hexes_drawn(lines: list[str], obs: dict) -> bool:
    """Whether each row of the map is drawn with every hex of it: its terrain's letter at
    each cell's start, the cells as far apart as the map is laid out."""
    b = board(obs["radius"])
    rows = {line[1]: line[3:].lstrip() for line in lines if MAP_ROW.match(line)}
    if len(rows) != len(b.rows):
        return False
    for pitch in (6, 5, 4, 3):  # four characters a hex and 2 or 1 blanks; three and 1 or 0
        if all(len(body) >= pitch * (len(b.rows[i]) - 1) + 1 and all(
                body[k * pitch].lower() == obs["terrain"][h] for k, h in enumerate(b.rows[i]))
               for i, body in ((ord(letter) - ord("A"), body) for letter, body in rows.items())):
            return True
    return False


@pytest.mark.parametrize("columns", [40, 41, 50, 60])
def test_the_whole_map_fits_a_narrow_terminals_panel(columns):
    """Audit (stop 64): on a 40 or 41 column terminal the map was laid out for 40 columns in
    a panel 36 wide: row E ended "? 7 ? 8 ... |", hex E9 cut off by the panel's edge. It is
    laid out for the panel's width: every hex of every row is drawn, and no line of the table
    is wider than the panel, at 40, 41, 50 and 60 columns, at the start (each hex numbered)
    and mid-game."""
    obs = _audits_game()
    lines = _table(obs, 0, columns)
    assert all(len(line) <= columns - 4 for line in lines), "\n".join(lines)
    assert _hexes_drawn(lines, obs), "\n".join(lines)
    b = board(obs["radius"])
    for line in filter(MAP_ROW.match, lines):
        places = [int(n) for n in re.findall(r"\?\s?(\d+)", line[3:])]
        assert places == list(range(1, len(b.rows[ord(line[1]) - ord("A")]) + 1)), line
    state = played_at_random({"players": "2"}, 4, 200)
    p = state.to_move()[0]
    obs = state.observation(p)
    lines = _table(obs, p, columns)
    assert all(len(line) <= columns - 4 for line in lines), "\n".join(lines)
    assert _hexes_drawn(lines, obs), "\n".join(lines)


@pytest.mark.parametrize("columns", [40, 50, 60])
def test_the_key_and_the_headline_go_on_with_one_indent(columns):
    """Audit (stop 64): at 40 to 60 columns the map's key, broken by hand with its indents
    built in, was broken again between its items: "an" alone on a line, indents of 4, 5, 10
    and 14; the headline went "Setup (dice) -" / "your turn: starting hexes" / "revealed -"
    each further in, and the players' lines too. Each is one line the panel's width breaks:
    every line but the map's rows is at the margin or four in, the key's words all there."""
    obs = _audits_game()
    lines = _table(obs, 0, columns)
    text = [line for line in lines if not MAP_ROW.match(line)]
    indents = {len(line) - len(line.lstrip(" ")) for line in text}
    assert indents <= {0, 4}, "\n".join(lines)
    assert text[0].startswith("Setup (dice) -"), text[0]
    start = next(n for n, line in enumerate(text) if line.startswith("Hex"))
    end = next(n for n, line in enumerate(text) if n > start and not line.startswith("    "))
    [key] = RENDER._term_key(RENDER.COMPACT_CELL if columns < 60 else RENDER.FULL_CELL,
                             RENDER.TEXTS)
    assert " ".join(" ".join(text[start:end]).split()) == key, "\n".join(text[start:end])
