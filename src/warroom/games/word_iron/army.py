"""Which soldier falls: the loss rules of rule 1 and rule 8, as pure functions of a field.

A field is a list of card counts, one per unit of the deck list, lowest unit first; that order
is the ladder the rules climb ("go up in a military unit ... go down in military units").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .deck import UNITS

ROYAL_GUARDS = UNITS.index("royal_guards")


def resolve_unit(field: Sequence[int], unit: int, prefer: str) -> int | None:
    """The unit that loses a card when a card names `unit`.

    `prefer="up"` (strategies, costs, Word of Power, champions; rules 1 and 8): the named unit
    if it is on the field; else the next unit up; if that one is gone too, go down to the
    nearest unit still on the field; with nothing below, the nearest one above.
    `prefer="down"` (chance cards, rule 9): the named unit, else the nearest one below, else the
    nearest one above. None when the field is empty.
    """
    if field[unit]:
        return unit
    if prefer == "up" and unit + 1 < len(field) and field[unit + 1]:
        return unit + 1
    for u in range(unit - 1, -1, -1):
        if field[u]:
            return u
    for u in range(unit + 1, len(field)):
        if field[u]:
            return u
    return None


def loss_limit(field: Sequence[int], below: int | None) -> int:
    """Units with an index under the limit may suffer losses "below" a unit (rule 8). The
    exception: when that unit is the only one left on the field, it is no longer excluded."""
    if below is None:
        return len(field)
    if field[below] and not any(n for u, n in enumerate(field) if u != below):
        return below + 1
    return below


def next_casualties(field: Sequence[int], ranks: Sequence[int], limit: int, hit: int
                    ) -> list[int]:
    """The units tied for the highest ranks of power among those that may still lose a card
    to this loss (on the field, under `limit`, not yet hit: one card per unit)."""
    best, group = -1, []
    for u in range(limit):
        if field[u] and not hit >> u & 1:
            r = ranks[u]
            if r > best:
                best, group = r, [u]
            elif r == best:
                group.append(u)
    return group


def army_ranks(field: Sequence[int], ranks: Sequence[int]) -> int:
    return sum(n * r for n, r in zip(field, ranks))


def soldiers_lost(field: Sequence[int], ranks: Sequence[int], effects: Sequence[Any]) -> int:
    """Soldiers a card's losses (`losses`, `unit_losses` against the opponent) take from this
    field as rules 1 and 8 allocate them; of units tied in ranks, the last listed falls."""
    left = list(field)
    for e in effects:
        if getattr(e, "target", None) != "opponent":
            continue
        if e.kind == "unit_losses":
            for _ in range(e.count):
                u = resolve_unit(left, UNITS.index(e.unit), "up")
                if u is not None:
                    left[u] -= 1
        elif e.kind == "losses":
            limit = loss_limit(left, None if e.below is None else UNITS.index(e.below))
            remaining, hit = e.ranks, 0
            while remaining > 0 and (group := next_casualties(left, ranks, limit, hit)):
                left[group[-1]] -= 1
                remaining -= ranks[group[-1]]
                hit |= 1 << group[-1]
    return sum(field) - sum(left)
