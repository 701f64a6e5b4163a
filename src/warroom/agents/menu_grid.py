"""A long menu whose choices are the cells of a table (`Game.choice_grid`: Battle's soldier
and the group it attacks with or blocks), shown as that table: a line per row, a column per
column, each cell the number to type. Battle's 197 blocks took 99 lines one a line and 67 in
columns; as a table of 11 soldiers by 18 groups they take 14. A table with many columns and
few cells filled (Viktory II's reserves: a unit to place or take off, by hex) is shown as a
list per row instead, each cell its number and its column's name: 35 choices took 35 lines
(their labels too long for two columns), 24 as a table, 8 as lists."""

from __future__ import annotations

import textwrap

from ..engine import ChoiceGrid

GAP = 2  # spaces before each column
EMPTY = "-"  # a row and column that meet in no choice
SEPARATOR = "   "  # between two cells of a row listed ("1. C9   3. D9")


def grid_lines(grid: ChoiceGrid, labels: list[str], width: int) -> list[str] | None:
    """The menu of `labels` (numbered from 1) as `grid` lays them out, within `width`
    columns: the caption, a header naming the columns, a line per row, then the choices
    outside the table one a line. None when the table is wider than `width`, or when two
    choices share a cell (the table would hide one)."""
    inside = [cell for cell in grid.cells if cell is not None]
    if len(grid.cells) != len(labels) or len(set(inside)) != len(inside):
        return None
    turned = [None if cell is None else cell[::-1] for cell in grid.cells]
    # rows the fewer of the two, where that fits (11 soldiers by 12 groups: 12 lines, not 14)
    tables = [t for t in (_table(grid.caption, cells, labels, width)
                          for cells in (grid.cells, turned)) if t is not None]
    table = min(tables, key=len, default=None)
    # lists where no table fits, or where they take half its lines or fewer: a table, its
    # numbers in line by row and column, reads more easily
    lists = [t for t in (_lists(cells, labels, width)
                         for cells in (grid.cells, turned)) if t is not None]
    listed = min(lists, key=len, default=None)
    if listed is not None and (table is None or 2 * len(listed) <= len(table)):
        return listed
    return table


def _table(caption: str, cells: list[tuple[str, str] | None], labels: list[str],
           width: int) -> list[str] | None:
    """The table with `cells`' first names as its rows, or None (see `grid_lines`)."""
    inside = [cell for cell in cells if cell is not None]
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
    return lines + _outside(cells, labels)


def _lists(cells: list[tuple[str, str] | None], labels: list[str],
           width: int) -> list[str] | None:
    """The table with `cells`' first names as its rows, each row a list of its cells, the
    number to type and the column ("place an infantry on:   1. C9   3. D9"), broken between
    cells and going on indented; or None where a row's name or a cell would not fit a line."""
    rows: dict[str, list[str]] = {}
    for i, cell in enumerate(cells, 1):
        if cell is not None:
            rows.setdefault(cell[0], []).append(f"{i}. {cell[1]}")
    indent, under = "   ", "       "  # a row's first line, and the lines it goes on in
    if any(len(indent) + len(row) + 1 + len(SEPARATOR) > width for row in rows) or \
            any(len(under) + len(item) > width for items in rows.values() for item in items):
        return None
    # a line says what a choice does, then where: the number before each place is the one
    # to type (no row meets a column here, as the caption of a table says)
    lines = [f"{indent}Type the number before your choice:"]
    for row, items in rows.items():
        line = f"{indent}{row}:"
        for item in items:
            if len(line) + len(SEPARATOR) + len(item) > width:
                lines.append(line)
                line = under + item
            else:
                line += SEPARATOR + item
        lines.append(line)
    return lines + _outside(cells, labels)


def _outside(cells: list[tuple[str, str] | None], labels: list[str]) -> list[str]:
    """The choices outside the table, one a line, numbered as the menu numbers them."""
    digits = len(str(len(cells)))
    return [f"  {i:>{digits}}. {label}" for i, (cell, label) in enumerate(zip(cells, labels), 1)
            if cell is None]
