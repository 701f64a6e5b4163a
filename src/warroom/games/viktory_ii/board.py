"""The hex map's geometry: a regular hexagon of hexes, fixed for a game, shared by every state.

Hexes are ints 0..n-1, numbered row by row from the top. A hex's name is its row's letter and
its place in the row counted from the left ("A1", "E5"), as the map is drawn. Axial
coordinates (q, r) give the neighbours and distances; everything a rule asks often (the
neighbours, distances, the hexes within k of a hex as a bitmask) is computed once per map size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final

from ..viktory_battles.units import TERRAINS

# Terrains, as indices of TERRAINS (viktory_battles.units): the four land terrains, then water.
# UNKNOWN: a tile not yet placed. Final: the compiled rules (warroom.native) use the values.
PLAINS: Final = 0
GRASSLAND: Final = 1
FOREST: Final = 2
MOUNTAIN: Final = 3
WATER: Final = 4
UNKNOWN: Final = 255
TERRAIN_LETTERS = "".join(t[0] for t in TERRAINS)  # "pgfmw": map files and observations
LAND = (PLAINS, GRASSLAND, FOREST, MOUNTAIN)

# The publisher's map sizes ("hexes to a side" - 1 is the radius); 7-8 players continue the
# pattern (VIKTORY-II rulings).
RADIUS_BY_PLAYERS = {2: 4, 3: 5, 4: 6, 5: 7, 6: 7, 7: 8, 8: 8}
MAX_BALL: Final = 6  # ball masks are kept for radii 0..MAX_BALL

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True, eq=False)
class Board:
    radius: int
    coords: tuple[tuple[int, int], ...]  # (q, r) of each hex
    names: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]  # the hexes of each row, left to right
    neighbours: tuple[tuple[int, ...], ...]  # the neighbours on the map
    distance: tuple[bytes, ...]  # distance[a][b]
    balls: tuple[tuple[int, ...], ...]  # balls[k][h]: bitmask of the hexes within k of h
    near: tuple[tuple[tuple[int, ...], ...], ...]  # near[k][h]: the hexes within k of h
    off_map: tuple[int, ...]  # sides of each hex facing the water beyond the map's edge
    index: dict[str, int]  # name -> hex

    @property
    def size(self) -> int:
        return len(self.coords)

    def ring(self) -> list[int]:
        """The edge hexes, walking round the map; corners at the multiples of the radius."""
        r = self.radius
        q, s = DIRECTIONS[4][0] * r, DIRECTIONS[4][1] * r
        out = []
        for d in range(6):
            for _ in range(r):
                out.append(self._at(q, s))
                q, s = q + DIRECTIONS[d][0], s + DIRECTIONS[d][1]
        return out

    def _at(self, q: int, r: int) -> int:
        return self.coords.index((q, r))

    def within(self, hexes: int | list[int], k: int) -> int:
        """Bitmask of the hexes within k of a hex (or of any of several)."""
        if isinstance(hexes, int):
            return self.balls[k][hexes]
        mask = 0
        ball = self.balls[k]
        for h in hexes:
            mask |= ball[h]
        return mask


@cache
def board(radius: int) -> Board:
    coords = []
    rows = []
    for r in range(-radius, radius + 1):
        row = []
        for q in range(max(-radius, -r - radius), min(radius, radius - r) + 1):
            row.append(len(coords))
            coords.append((q, r))
        rows.append(tuple(row))
    at = {c: i for i, c in enumerate(coords)}
    names = []
    for i, row in enumerate(rows):
        for j, _ in enumerate(row, 1):
            names.append(f"{_row_letter(i)}{j}")
    neighbours = []
    off_map = []
    for q, r in coords:
        around = [at.get((q + dq, r + dr)) for dq, dr in DIRECTIONS]
        neighbours.append(tuple(h for h in around if h is not None))
        off_map.append(sum(1 for h in around if h is None))
    n = len(coords)
    distance = []
    for qa, ra in coords:
        distance.append(bytes((abs(qa - qb) + abs(ra - rb) + abs(qa + ra - qb - rb)) // 2
                              for qb, rb in coords))
    balls = []
    for k in range(MAX_BALL + 1):
        balls.append(tuple(sum(1 << b for b in range(n) if distance[a][b] <= k)
                           for a in range(n)))
    near = tuple(tuple(tuple(b for b in range(n) if distance[a][b] <= k) for a in range(n))
                 for k in range(4))
    return Board(radius, tuple(coords), tuple(names), tuple(rows), tuple(neighbours),
                 tuple(distance), tuple(balls), near, tuple(off_map),
                 {name: i for i, name in enumerate(names)})


# The largest map (radius 10: rows A to U): the `radius` option's bound and a map file's.
MAX_RADIUS: Final = 10


def _row_letter(i: int) -> str:
    return chr(ord("A") + i)


def start_hexes(b: Board, players: int) -> list[int]:
    """Each player's starting hex: edge hexes spread evenly round the map, never a corner, so
    that each has four neighbours on the map (the five starting hexes).

    The spacing is the ring's length shared out by the players (the same number of edge hexes
    between neighbours, or one more where it does not divide evenly), turned round the ring to
    the first place, from a side's middle outwards, where no start falls on a corner: moving a
    single start off its corner would leave its neighbours unevenly far."""
    ring = b.ring()
    n = len(ring)
    steps = [round(k * n / players) for k in range(players)]
    home = b.radius // 2
    for turn in sorted(range(n), key=lambda o: (abs(o - home), o)):
        at = [(turn + step) % n for step in steps]
        if all(i % b.radius for i in at):
            return [ring[i] for i in at]
    # No turn keeps every start off the corners (a small map): step each off its corner.
    at = [(home + step) % n for step in steps]
    return [ring[i + 1 if i % b.radius == 0 else i] for i in at]


def start_area(b: Board, start: int) -> list[int]:
    return sorted((start, *b.neighbours[start]))


def may_build_second_town(player: int, players: int) -> bool:
    """In 2-6 player games the first player may not build the second town on its setup
    turn (VIKTORY-II.md, "Setup")."""
    return not (player == 0 and players <= 6)


def tile_counts(size: int, mix: tuple[int, ...]) -> list[int]:
    """Tiles of each terrain for a bag of `size` tiles in proportion to `mix` (plains,
    grassland, forest, mountain, water); what rounding leaves over goes to plains."""
    total = sum(mix)
    counts = [size * w // total for w in mix]
    counts[PLAINS] += size - sum(counts)
    return counts


def mask_hexes(mask: int) -> list[int]:
    """The hexes of a bitmask, in order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@lru_cache(maxsize=8192)
def nearest(radius: int, h: int, mask: int) -> tuple[int, ...]:
    """The hexes of a non-empty bitmask nearest to h."""
    b = board(radius)
    for ball in b.balls[1:]:
        near = ball[h] & mask
        if near:
            return tuple(mask_hexes(near))
    dist = b.distance[h]
    found = mask_hexes(mask)
    best = min(dist[w] for w in found)
    return tuple(w for w in found if dist[w] == best)
