"""A long menu whose choices are the cells of a table (`Game.choice_grid`: Battle's soldier
and the group it attacks with or blocks), shown as that table: a line per row, a column per
column, each cell the number to type. Battle's 197 blocks took 99 lines one a line and 67 in
columns; as a table of 11 soldiers by 18 groups they take 14."""

from __future__ import annotations

import textwrap

from ..engine import ChoiceGrid

GAP = 2  # spaces before each column
EMPTY = "-"  # a row and column that meet in no choice


def grid_lines(grid: ChoiceGrid, labels: list[str], width: int) -> list[str] | None:
    """The menu of `labels` (numbered from 1) as `grid` lays them out, within `width`
    columns: the caption, a header naming the columns, a line per row, then the choices
    outside the table one a line. None when the table is wider than `width`, or when two
    choices share a cell (the table would hide one)."""
    if len(grid.cells) != len(labels):
        return None
    turned = [None if cell is None else cell[::-1] for cell in grid.cells]
    # rows the fewer of the two, where that fits (11 soldiers by 12 groups: 12 lines, not 14)
    tables = [t for t in (_table(grid.caption, cells, labels, width)
                          for cells in (grid.cells, turned)) if t is not None]
    return min(tables, key=len, default=None)


def _table(caption: str, cells: list[tuple[str, str] | None], labels: list[str],
           width: int) -> list[str] | None:
    """The table with `cells`' first names as its rows, or None (see `grid_lines`)."""
    inside = [cell for cell in cells if cell is not None]
    if len(set(inside)) != len(inside):
        return None
    rows = list(dict.fromkeys(row for row, _ in inside))
    columns = list(dict.fromkeys(column for _, column in inside))
    number = {cell: i for i, cell in enumerate(cells, 1) if cell is not None}
    digits = len(str(len(cells)))
    widths = [max(len(column), digits) for column in columns]
    head = max(len(row) for row in rows)
    indent = "   "
    if len(indent) + head + sum(w + GAP for w in widths) > width:
        return None
    lines = textwrap.wrap(f"Type the number where {caption}:", width,
                          initial_indent=indent, subsequent_indent=indent)
    lines.append(indent + " " * head + "".join(f"{column:>{w + GAP}}"
                                               for column, w in zip(columns, widths)))
    for row in rows:
        lines.append(indent + row.ljust(head) + "".join(
            f"{number.get((row, column), EMPTY)!s:>{w + GAP}}"
            for column, w in zip(columns, widths)))
    lines += [f"  {i:>{digits}}. {label}" for i, (cell, label) in enumerate(zip(cells, labels), 1)
              if cell is None]
    return lines
