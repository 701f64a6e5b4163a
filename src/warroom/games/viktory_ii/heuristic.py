"""A sensible greedy player of the map game.

- Exploration: drawn tiles near its towns become good land (grassland and plains first),
  far ones water; the capital goes on a mountain or grassland with land around it.
- Expansion: it builds two towns a turn where it can (hexes with the most land around, close
  to home, away from enemy units), and upgrades a town to a city when no site is left or it
  already holds three towns.
- Movement: the capital keeps a garrison (one unit, plus one per enemy unit within three
  hexes); other land units head for the nearest goal: an own town or city under threat,
  else an enemy hex it may take, else the edge of the explored map. It attacks only when
  the odds favour it (its units at least one and a half times the defence: units plus the
  best of forest 1, mountain 2, town 1, city 2) and fights a declared battle once no more
  units can usefully join. Artillery bombards what it can. Frigates stay in port unless an
  enemy frigate is there to attack at good odds.
- Reserves go to the most threatened town or city that takes them, else the capital.
- Cards: it keeps Attack cards (an attack needs one), discards the card with the fewest
  hits and misses, and draws all it may.
- Battles: the shared battle heuristic (`viktory_battles.heuristic`) decides in them.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from ..viktory_battles.heuristic import battle_action
from .actions import (
    DONE_BUILD,
    DONE_MOVE,
    DONE_RESERVES,
    DONE_STOP,
    Bombard,
    BuildTown,
    Disband,
    Discard,
    Draw,
    Fight,
    PlaceCapital,
    PlaceFrigate,
    PlaceReserve,
    PlaceTile,
    SelectUnit,
    Step,
    Upgrade,
)
from .board import FOREST, GRASSLAND, MOUNTAIN, PLAINS, UNKNOWN, WATER, mask_hexes
from .units import ATTACKING, CARGO, FREE, FRESH, FRIG, LAND_UNITS

ODDS = 1.5  # attack when own units are at least this many times the defence
TERRAIN_DEFENCE = {FOREST: 1, MOUNTAIN: 2}
URBAN_DEFENCE = {1: 1, 2: 2}
NEAR_HOME = {GRASSLAND: 5, PLAINS: 4, MOUNTAIN: 3, FOREST: 2, WATER: 0}
FAR_AWAY = {WATER: 5, MOUNTAIN: 3, FOREST: 2, PLAINS: 1, GRASSLAND: 1}
CAPITAL_TERRAIN = {MOUNTAIN: 4, GRASSLAND: 3, PLAINS: 2, FOREST: 1}
CITY_TERRAIN = {MOUNTAIN: 4, GRASSLAND: 4, PLAINS: 3, FOREST: 2}


def heuristic_action(state: Any, player: int, rng: random.Random) -> Any:
    actions = state.legal_actions(player)
    if len(actions) == 1:
        return actions[0]
    kind, _ = state.decision()
    if kind == "battle":
        return battle_action(state.session, player, rng)
    chooser = CHOOSERS.get(kind)
    if chooser is None:
        return actions[0]
    return chooser(state, player, actions)


# --- exploration and setup -----------------------------------------------------------------
def _place_tile(state: Any, p: int, actions: list[PlaceTile]) -> PlaceTile:
    h = actions[0].hex
    own = state.own_settlements(p)
    near = own and min(state.board.distance[h][s] for s in own) <= 3
    if not own:  # the starting hexes: land for the capital and its neighbours
        near = True
    table = NEAR_HOME if near else FAR_AWAY
    return max(actions, key=lambda a: table[a.terrain])


def _land_around(state: Any, h: int, p: int) -> int:
    return sum(1 for n in state.board.neighbours[h] if state.terrain[n] not in (WATER, UNKNOWN)
               or not state.explored[p] >> n & 1)


def _capital(state: Any, p: int, actions: list[PlaceCapital]) -> PlaceCapital:
    return max(actions, key=lambda a: (CAPITAL_TERRAIN[state.terrain[a.hex]],
                                       _land_around(state, a.hex, p), -a.hex))


def _second_town(state: Any, p: int, actions: list[Any]) -> Any:
    towns = [a for a in actions if type(a) is BuildTown]
    return max(towns, key=lambda a: _site_value(state, p, a.hex)) if towns else actions[-1]


def _setup_infantry(state: Any, p: int, actions: list[PlaceReserve]) -> PlaceReserve:
    capital = state.capital[p]
    return next((a for a in actions if a.hex == capital), actions[0])


# --- building --------------------------------------------------------------------------------
def _site_value(state: Any, p: int, h: int) -> float:
    b = state.board
    value = 2.0 * _land_around(state, h, p) + CITY_TERRAIN.get(state.terrain[h], 0)
    capital = state.capital[p]
    if capital >= 0:
        value -= 0.5 * b.distance[h][capital]
    value -= 3.0 * _enemy_units_within(state, p, h, 2)
    return value


def _build(state: Any, p: int, actions: list[Any]) -> Any:
    towns = [a for a in actions if type(a) is BuildTown]
    upgrades = [a for a in actions if type(a) is Upgrade]
    held_towns, _ = state.count_settlements(p)
    if upgrades and (not towns or held_towns >= 3) and not state.built:
        capital = state.capital[p]
        return max(upgrades, key=lambda a: (a.hex == capital,
                                            CITY_TERRAIN.get(state.terrain[a.hex], 0), -a.hex))
    if towns:
        return max(towns, key=lambda a: (_site_value(state, p, a.hex), -a.hex))
    return DONE_BUILD


# --- reserves --------------------------------------------------------------------------------
def _reserves(state: Any, p: int, actions: list[Any]) -> Any:
    """Reserves go where defenders are short, else nearest the enemy, else the capital."""
    places = [a for a in actions if type(a) is PlaceReserve]
    if places:
        enemy = [h for h in state.settled if state.sowner[h] != p]
        dist = state.board.distance

        def value(a: PlaceReserve) -> tuple:
            short = _need(state, p, a.hex) - state.occ_n[a.hex]
            front = -min((dist[a.hex][e] for e in enemy), default=0)
            return (short > 0, short, front, a.hex == state.capital[p], -a.hex)

        return max(places, key=value)
    frigates = [a for a in actions if type(a) is PlaceFrigate
                and not state.enemy_units_at(a.sea, p)]
    if frigates:
        return frigates[0]
    return DONE_RESERVES


def _threat(state: Any, p: int, h: int) -> int:
    return _enemy_units_within(state, p, h, 3)


def _enemy_units_within(state: Any, p: int, h: int, k: int) -> int:
    occ_owner, occ_n = state.occ_owner, state.occ_n
    return sum(occ_n[n] for n in state.board.near[k][h] if occ_owner[n] not in (-1, p))


# --- cards and losses ------------------------------------------------------------------------
def _card_value(state: Any, cid: str) -> float:
    card = state.cards[cid]
    return (5.0 if card.can_attack else 0.0) + card.hits + card.misses


def _discard(state: Any, p: int, actions: list[Discard]) -> Discard:
    return min(actions, key=lambda a: (_card_value(state, a.card), a.card))


def _draw(state: Any, p: int, actions: list[Any]) -> Any:
    return max((a for a in actions if type(a) is Draw), key=lambda a: a.count)


def _disband(state: Any, p: int, actions: list[Any]) -> Any:
    if type(actions[0]) is not Disband:  # a hidden map: nothing to disband
        return actions[0]
    capital = state.capital[p]
    return max(actions, key=lambda a: state.board.distance[a.hex][capital])


# --- movement --------------------------------------------------------------------------------
def defence(state: Any, p: int, h: int) -> int:
    """What an attack on the hex must beat: its units plus the best terrain or town bonus."""
    o = state.occ_owner[h]
    units = state.occ_n[h] if o not in (-1, p) else 0
    if state.terrain[h] == WATER:
        return units
    bonus = max(TERRAIN_DEFENCE.get(state.terrain[h], 0), URBAN_DEFENCE.get(state.settle[h], 0))
    return units + bonus


def _committed(state: Any, h: int) -> int:
    return sum(1 for u in range(len(state.uo)) if state.us[u] == ATTACKING and state.ug[u] == h)


def _fresh_near(state: Any, p: int, h: int, land: bool = True) -> list[int]:
    """Own fresh units next to the hex that could join an attack on it."""
    out = []
    dist = state.board.distance[h]
    for u in range(len(state.uo)):
        if state.uo[u] == p and state.us[u] == FRESH and dist[state.uh[u]] == 1 \
                and (state.ut[u] != FRIG) == land:
            out.append(u)
    return out


def _worth_attacking(state: Any, p: int, h: int, extra: int = 0) -> bool:
    land = state.terrain[h] != WATER
    strength = _committed(state, h) + extra + len(_fresh_near(state, p, h, land))
    return strength >= ODDS * max(1, defence(state, p, h))


def _garrison(state: Any, p: int) -> int:
    capital = state.capital[p]
    if capital < 0 or state.sowner[capital] != p:
        return 0
    return 1 + _enemy_units_within(state, p, capital, 3)


def _need(state: Any, p: int, h: int) -> int:
    """The units an own town or city keeps: the capital its garrison, another as many as
    the enemy units next to it."""
    if state.sowner[h] != p:
        return 0
    if h == state.capital[p]:
        return _garrison(state, p)
    return _enemy_units_within(state, p, h, 1)


def _may_leave(state: Any, p: int, h: int) -> bool:
    return state.sowner[h] != p or state.occ_n[h] > _need(state, p, h)


def _enemy_hexes(state: Any, p: int) -> set[int]:
    """Hexes with enemy units or an enemy town or city."""
    out = {h for h in state.settled if state.sowner[h] != p}
    us, uh = state.us, state.uh
    for u, o in enumerate(state.uo):
        if o >= 0 and o != p and us[u] not in (FREE, ATTACKING):
            out.add(uh[u])
    return out


def _goals(state: Any, p: int) -> set[int]:
    """Where land units head: own towns and cities short of defenders, enemy hexes, and the
    edge of the explored map."""
    b = state.board
    goals = {h for h in state.own_settlements(p) if state.occ_n[h] < _need(state, p, h)}
    explored = state.explored[p]
    goals |= {h for h in _enemy_hexes(state, p) if explored >> h & 1}
    unexplored = ((1 << b.size) - 1) & ~explored
    if unexplored:
        near = b.balls[1]
        goals.update(h for h in mask_hexes(explored & ~state.water) if near[h] & unexplored)
    return goals


def _distances(state: Any, p: int, goals: set[int]) -> list[int]:
    """Steps over explored land (not through enemy hexes) from every hex to the nearest
    goal."""
    b = state.board
    far = 1 << 20
    dist = [far] * b.size
    land = state.explored[p] & ~state.water
    enemy = _enemy_hexes(state, p)
    queue = deque()
    for g in goals:
        dist[g] = 0
        queue.append(g)
    neighbours = b.neighbours
    while queue:
        h = queue.popleft()
        if dist[h] and h in enemy:
            continue
        step = dist[h] + 1
        for n in neighbours[h]:
            if dist[n] == far and land >> n & 1:
                dist[n] = step
                queue.append(n)
    return dist


def _move(state: Any, p: int, actions: list[Any]) -> Any:
    for a in actions:  # artillery and frigates bombard whatever they can
        if type(a) is Bombard:
            return a
    active = state.active
    if active >= 0:
        return _move_active(state, p, actions, active)
    fights = [a for a in actions if type(a) is Fight]
    for fight in fights:
        joining = _join(state, p, actions, fight.hex)
        if joining is not None:
            return joining
    if fights:
        return fights[0]
    choice = _select(state, p, actions)
    if choice is not None:
        return choice
    return DONE_MOVE if DONE_MOVE in actions else actions[-1]


def _join(state: Any, p: int, actions: list[Any], target: int) -> Any:
    """Select a fresh unit next to a declared battle while the attack is not yet strong."""
    if _committed(state, target) >= ODDS * max(1, defence(state, p, target)) + 1:
        return None
    land = state.terrain[target] != WATER
    for u in _fresh_near(state, p, target, land):
        select = SelectUnit(state.uh[u], state.board.names[state.uh[u]], state.ut[u])
        if select in actions:
            return select
    return None


def _move_active(state: Any, p: int, actions: list[Any], u: int) -> Any:
    steps = [a for a in actions if type(a) is Step]
    for a in steps:
        if a.kind == "attack" and (a.hex in state.battles or _worth_attacking(state, p, a.hex)):
            return a
    if state.ut[u] == FRIG:
        water = [a for a in steps if a.kind != "attack"]
        if state.terrain[state.uh[u]] != WATER and water:  # leave the port
            return water[0]
        return DONE_STOP if DONE_STOP in actions else actions[0]
    dist = _distances(state, p, _goals(state, p))
    here = dist[state.uh[u]]
    best = min((a for a in steps if a.kind != "attack"), key=lambda a: (dist[a.hex], a.hex),
               default=None)
    if best is not None and dist[best.hex] < here:
        return best
    return DONE_STOP if DONE_STOP in actions else actions[0]


def _select(state: Any, p: int, actions: list[Any]) -> Any:
    selects = [a for a in actions if type(a) is SelectUnit]
    if not selects:
        return None
    capital = state.capital[p]
    keep = _garrison(state, p)
    at_capital = sum(1 for u in range(len(state.uo)) if state.uo[u] == p
                     and state.uh[u] == capital and state.us[u] not in (FREE, ATTACKING, CARGO)
                     and state.ut[u] != FRIG)
    # An attack at good odds first.
    for a in selects:
        if a.unit == FRIG:
            continue
        for n in state.board.neighbours[a.hex]:
            if state.enemy_held(n, p) and state.may_attack(p, n) \
                    and _worth_attacking(state, p, n) and (a.hex != capital or at_capital > keep):
                return a
    goals = _goals(state, p)
    dist = _distances(state, p, goals)
    best, best_key = None, None
    for a in selects:
        if a.unit == FRIG:
            if any(state.enemy_units_at(n, p) and _worth_attacking(state, p, n)
                   for n in state.board.neighbours[a.hex] if state.terrain[n] == WATER):
                return a
            continue
        if (a.hex == capital and at_capital <= keep) or not _may_leave(state, p, a.hex):
            continue
        here = dist[a.hex]
        gain = min((dist[n] for n in state.board.neighbours[a.hex]), default=here)
        if gain >= here:
            continue
        key = (a.unit in LAND_UNITS and a.unit == 1, -here, -a.hex)
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


CHOOSERS = {
    "tile": _place_tile,
    "capital": _capital,
    "second_town": _second_town,
    "setup_infantry": _setup_infantry,
    "move": _move,
    "build": _build,
    "reserves": _reserves,
    "discard": _discard,
    "lose_card": _discard,
    "draw": _draw,
    "disband": _disband,
}


# --- the position estimate -------------------------------------------------------------------
def position_scores(state: Any) -> list[float]:
    """A score per player for Game.evaluate: capitals weigh most, then cities, towns and
    units (a player who is out scores very low)."""
    out = []
    for p in range(state.num_players):
        if state.out[p]:
            out.append(-50.0)
            continue
        towns, cities = state.count_settlements(p)
        units = sum(state.supported[p])
        score = 4.0 * state.capitals_held(p) + 1.5 * cities + towns + 0.4 * units
        out.append(0.5 * score)
    return out


__all__ = ["heuristic_action", "position_scores", "defence"]
