"""A sensible greedy player of the map game.

- Exploration: drawn tiles near its towns become good land (grassland and plains first),
  far ones water; the capital goes on a mountain or grassland with land around it.
- Expansion: it builds two towns a turn where it can (hexes with the most land around, close
  to home, away from enemy units), and upgrades a town to a city when no site is left or it
  already holds five towns (`UPGRADE_TOWNS`: two towns add as many units as most upgrades,
  and land and cards besides; upgrading from three scored 44 % against it, stop 72).
- Battle odds: an attack is judged by its estimated chance of winning (`win_chance`), rolling
  the dice the battle would (`viktory_battles.dice`, the resolver's own rule: a die per unit
  type and extra hex side against a die per unit type and the place's dice, hits on 1-3 or
  1-4 in combat supply, the attacker's surplus hits suppressing the defender's unit dice);
  units are what a side can lose.
  It attacks at a chance of 0.5 (0.4 against a town or city), asking less after round 20
  (0.01 a round, down to 0.35) so that a standoff is broken; units next to a declared
  battle join it, from new hex sides first, until the chance is 0.9.
- Garrisons: the capital keeps the fewest units (at least one) at which the enemy units
  that could reach it next turn (within two hexes, cavalry three) would win at most one time
  in four; another town or city keeps what holds the enemy next to it at least three times
  in ten. Units the target of an attack holds threaten nothing once it is beaten: they do
  not pin the attackers. A unit leaves only if what stays is enough without it (its type
  counted: each unit type is a die), and a unit standing in a town or city that would be
  short without it stays there.
- Movement: land units head for the nearest goal, a goal counting farther the harder it is
  (an enemy hex by the infantry a two-dice attack needs, open ground one more, at most 8;
  the edge of the explored map 1; an own town or city short of its garrison 0), so a stack
  beside a strong town moves on to weaker targets. A stack waiting beside the target it
  heads for, too strong to attack yet, spreads over the target's free hex sides, one unit
  to each (a hex side more is a die more), keeping a unit on its own. Units with no way
  over land to any goal go to the coast (a shore of water from which a frigate can reach a
  landing, not a lake's), and frigates ferry them (three a trip, sailing on to more of them
  while there is room and they are within the turn's reach, larger groups first; through
  own ports too) to the shore nearest a goal, or land them in an attack at good odds; a
  frigate on such work does not stop to bombard. While units are cut off, a reserve frigate
  goes where it can ferry them, and a frigate that cannot (on a lake) is taken off the
  board to be placed again where it can.
  Artillery bombards what it can, a declared battle's hex first; artillery its town or
  city must keep bombards the enemy next to it too (before the battles are fought), as
  that costs it nothing. Frigates otherwise stay in port unless an enemy frigate
  is there to attack at good odds.
- Reserves go to the most threatened town or city that takes them, else the capital.
- Cards: it keeps Attack cards (an attack needs one), discards the card with the fewest
  hits and misses, and draws all it may.
- Battles: the shared battle heuristic (`viktory_battles.heuristic`) decides in them.
- The turn limit (the most capitals, then cities, then towns win): in its last turns it
  upgrades a town in each while it has towns enough; in the game's last turn nothing needs
  a garrison, only enemy towns and cities are worth a battle, and a unit with nothing better
  to do tries one beside it at a fair chance (`_last_turn`, `_last_resort`).
- Ties: among equally good choices it takes the hex nearer the map's centre, then one at
  random (its seeded rng, so a record replays), never the lower hex number: hexes are
  numbered from the top left, and such a tie-break sent every player's units that way
  (players on the top edge lost most games; stop 49).
"""
from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from functools import cache
from math import comb
from typing import Any

from ..viktory_battles.dice import (
    attacker_dice,
    defender_unit_dice,
    hit_chance,
    place_dice,
    suppressed,
    unit_dice,
)
from ..viktory_battles.heuristic import battle_action, card_worth
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
    PickUp,
    PlaceCapital,
    PlaceFrigate,
    PlaceReserve,
    PlaceTile,
    SelectUnit,
    Step,
    Unload,
    Upgrade,
    Withdraw,
)
from .board import FOREST, GRASSLAND, MOUNTAIN, PLAINS, TERRAINS, UNKNOWN, WATER, mask_hexes
from .units import (
    ART,
    ATTACKING,
    FREE,
    FRESH,
    FRIG,
    FRIGATE_CAPACITY,
    INF,
    LAND_UNITS,
    NOBODY,
    SETTLEMENT_NAMES,
)

NEAR_HOME = {GRASSLAND: 5, PLAINS: 4, MOUNTAIN: 3, FOREST: 2, WATER: 0}
FAR_AWAY = {WATER: 5, MOUNTAIN: 3, FOREST: 2, PLAINS: 1, GRASSLAND: 1}
CAPITAL_TERRAIN = {MOUNTAIN: 4, GRASSLAND: 3, PLAINS: 2, FOREST: 1}
CITY_TERRAIN = {MOUNTAIN: 4, GRASSLAND: 4, PLAINS: 3, FOREST: 2}
# Towns held before a town is upgraded while sites for new ones remain (head to head, 2
# players, 1200 games: upgrading from 5 scored 55.9 % against from 3, from 7 52.6 % against 5,
# never 55.3 % against 3; with the Battle Cards 58.3 %; even with 3 or 4 players or a dark map;
# stop 72)
UPGRADE_TOWNS = 5


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
    return chooser(state, player, actions, _ties(state, rng))


def _ties(state: Any, rng: random.Random) -> list[float]:
    """A tie-break per hex, lower first, favouring no direction of the board: the hexes
    nearer the map's centre (every start is on the edge, so that is away from the own edge
    and the same for every seat), then at random."""
    b = state.board
    centre = b.distance[b.size // 2]
    return [centre[h] + rng.random() for h in range(b.size)]


# --- exploration and setup -----------------------------------------------------------------
def _place_tile(state: Any, p: int, actions: list[PlaceTile],
                tie: list[float]) -> PlaceTile:
    """The tile the current hex gets when all the tiles drawn are shared out among the hexes
    revealed: the hex that matters most takes the best tile left first. The rules put them
    on the hexes in map order, so taking the best tile for the current hex gave the best
    land to the top-left hex (for a player on the top edge, its own edge row)."""
    _, hexes, tiles = state.reveal_pending
    dist = state.board.distance
    own = state.own_settlements(p)

    def home(h: int) -> int:  # steps to the nearest own town or city
        return min((dist[h][s] for s in own), default=0)

    def key(h: int) -> tuple:  # near home the nearest first, far away the farthest
        near = home(h) <= 3
        return (not near, home(h) if near else -home(h), tie[h])

    left = list(tiles)
    for h in sorted(hexes, key=key):
        table = NEAR_HOME if home(h) <= 3 else FAR_AWAY
        best = max(left, key=lambda t: table[t])
        if h == actions[0].hex:
            return next(a for a in actions if a.terrain == best)
        left.remove(best)
    return actions[0]


def _land_around(state: Any, h: int, p: int) -> int:
    return sum(1 for n in state.board.neighbours[h] if state.terrain[n] not in (WATER, UNKNOWN)
               or not state.explored[p] >> n & 1)


def _capital(state: Any, p: int, actions: list[PlaceCapital], tie: list[float]) -> PlaceCapital:
    return max(actions, key=lambda a: (CAPITAL_TERRAIN[state.terrain[a.hex]],
                                       _land_around(state, a.hex, p), -tie[a.hex]))


def _second_town(state: Any, p: int, actions: list[Any], tie: list[float]) -> Any:
    towns = [a for a in actions if type(a) is BuildTown]
    return max(towns, key=lambda a: (_site_value(state, p, a.hex), -tie[a.hex])) \
        if towns else actions[-1]


def _setup_infantry(state: Any, p: int, actions: list[PlaceReserve],
                    tie: list[float]) -> PlaceReserve:
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


def _build(state: Any, p: int, actions: list[Any], tie: list[float]) -> Any:
    towns = [a for a in actions if type(a) is BuildTown]
    upgrades = [a for a in actions if type(a) is Upgrade]
    held_towns, _ = state.count_settlements(p)
    # At the turn limit a city counts before any number of towns: in the last turns, a town
    # upgraded in each while there are towns to upgrade.
    if upgrades and (not towns or held_towns >= UPGRADE_TOWNS
                     or len(upgrades) > _turns_left(state)) \
            and not state.built:
        capital = state.capital[p]
        return max(upgrades, key=lambda a: (a.hex == capital,
                                            CITY_TERRAIN.get(state.terrain[a.hex], 0), -tie[a.hex]))
    if towns:
        return max(towns, key=lambda a: (_site_value(state, p, a.hex), -tie[a.hex]))
    return DONE_BUILD


# --- reserves --------------------------------------------------------------------------------
def _reserves(state: Any, p: int, actions: list[Any], tie: list[float]) -> Any:
    """Reserves go where defenders are short, else nearest the enemy, else the capital."""
    places = [a for a in actions if type(a) is PlaceReserve]
    if places:
        enemy = [h for h in state.settled if state.sowner[h] != p]
        dist = state.board.distance

        def value(a: PlaceReserve) -> tuple:
            short = _need(state, p, a.hex) - state.occ_n[a.hex]
            front = -min((dist[a.hex][e] for e in enemy), default=0)
            return (short > 0, short, front, a.hex == state.capital[p], -tie[a.hex])

        return max(places, key=value)
    frigates = [a for a in actions if type(a) is PlaceFrigate
                and not state.enemy_units_at(a.sea, p)]
    idle = any(type(a) is Withdraw and a.unit == FRIG for a in actions)
    plan = _sea_plan(state, p) if frigates or idle else None
    if frigates:
        if plan is not None:  # units cut off: the frigate where it can ferry them
            return min(frigates, key=lambda a: (plan[a.sea], _guns(state, p, a.sea),
                                                tie[a.sea]))
        # out of the enemy artillery's reach first: an audit's frigate, put three times
        # beside the same artillery, was sunk by it each time before it had moved
        return min(frigates, key=lambda a: (_guns(state, p, a.sea), tie[a.sea]))
    if plan is not None:
        withdraw = _idle_frigate(state, p, actions, plan, tie)
        if withdraw is not None:
            return withdraw
    return DONE_RESERVES


def _guns(state: Any, p: int, h: int) -> int:
    """The enemy artillery beside hex `h`, which may bombard a frigate put there."""
    o = state.occ_owner
    return sum(state.units_at(n, o[n])[ART] for n in state.board.neighbours[h]
               if o[n] >= 0 and o[n] != p)


def _sea_plan(state: Any, p: int) -> list[int] | None:
    """When own units are cut off over land from every goal: for each hex, the steps a
    frigate there needs to reach them and then a shore from which a goal can be reached
    (FAR if it cannot). None when no unit is cut off, or no frigate anywhere could do it."""
    dist = _distances(state, p, _goals(state, p))
    stranded = _stranded(state, p, dist)
    if not stranded:
        return None
    landing = _sea_distances(state, p, _water_next_to(state, p, _landings(state, p, dist)))
    pickup = _sea_distances(state, p, _water_next_to(state, p, dict.fromkeys(stranded, 0)))
    plan = [FAR if a >= FAR or b >= FAR else a + b for a, b in zip(landing, pickup)]
    if min(plan) >= FAR:
        return None
    return plan


def _idle_frigate(state: Any, p: int, actions: list[Any], plan: list[int],
                  tie: list[float]) -> Any:
    """A frigate to take off the board (and place again at once) because where it is it
    cannot ferry the units cut off, while a frigate placed anew could."""
    seas = set()
    for h in state.own_settlements(p):
        if state.frigate_port(p, h) and state.accepts(p, h)[FRIG] > 0:
            seas.update(state.nearest_water(p, h))
    if not any(plan[w] < FAR and not state.enemy_units_at(w, p) for w in seas):
        return None
    idle = [a for a in actions if type(a) is Withdraw and a.unit == FRIG and plan[a.hex] >= FAR]
    return min(idle, key=lambda a: tie[a.hex], default=None)


def _enemy_units_within(state: Any, p: int, h: int, k: int) -> int:
    occ_owner, occ_n = state.occ_owner, state.occ_n
    return sum(occ_n[n] for n in state.board.near[k][h] if occ_owner[n] not in (-1, p))


# --- cards and losses ------------------------------------------------------------------------
def _card_value(state: Any, cid: str) -> float:
    """A card's worth in hand: the battle heuristic's (`card_worth`), an Attack card far more
    (without one no battle can be started), and a Reversal of Fortune, which blocks every
    hit of the card it answers, as a strong Counter."""
    card = state.cards[cid]
    reversal = REVERSAL_WORTH if card.effect == "reversal_of_fortune" else 0.0
    return card_worth(card) + (ATTACK_WORTH if card.can_attack else 0.0) + reversal


ATTACK_WORTH = 5.0  # an Attack card's worth beyond its hits, misses and text
REVERSAL_WORTH = 2.0  # a Reversal of Fortune's beyond its own (1 hit: as a 2-miss Counter)
REDRAW_MOST = 2  # cards a hand with no Attack card discards to draw anew, in a turn


def _discard(state: Any, p: int, actions: list[Discard], tie: list[float]) -> Discard:
    return min(actions, key=lambda a: (_card_value(state, a.card), a.card))


def _draw(state: Any, p: int, actions: list[Any], tie: list[float]) -> Any:
    """Draw all it may; first, with no Attack card in hand, discard its weakest cards (up to
    REDRAW_MOST a turn, as the rules allow: one a city) to draw anew: a hand of Counters
    alone starts no battle (an audit's game stood 52 rounds so)."""
    redraws = [a for a in actions if type(a) is Discard]
    if (redraws and state.redraws < REDRAW_MOST
            and not any(state.cards[c].can_attack for c in state.pool.hands[p])):
        return _discard(state, p, redraws, tie)
    return max((a for a in actions if type(a) is Draw), key=lambda a: a.count)


def _disband(state: Any, p: int, actions: list[Any], tie: list[float]) -> Any:
    if type(actions[0]) is not Disband:  # a hidden map: nothing to disband
        return actions[0]
    capital = state.capital[p]
    return max(actions, key=lambda a: (state.board.distance[a.hex][capital], -tie[a.hex]))


# --- battle odds -----------------------------------------------------------------------------
# Each side rolls the dice `viktory_battles.dice` counts, the battle's own rule. Units are what
# a side can lose, not what it rolls: eight infantry from one side roll one die.
ATTACK_CHANCE = 0.4  # attack when the estimated chance of winning is at least this
# (head to head against 0.6, 400 games: 0.7 scored 45 %, 0.5 53 %, 0.4 54 %; stop 49; 0.4
# with the garrisons below against 0.5 with theirs, 2,400 games: 58.4 %, stop 73)
URBAN_BONUS = 0.1  # ...less this for an enemy town or city
LATE_ROUND = 20  # after this round the chance asked falls (a standoff is broken)...
LATE_FALL = 0.01  # ...by this much a round...
LEAST_CHANCE = 0.35  # ...down to this
JOIN_ENOUGH = 0.9  # units join a declared attack until its chance reaches this
CAPITAL_RISK = 0.4  # the capital keeps units until the enemy near it would win at most this
TOWN_RISK = 0.5  # another town or city, against the enemy next to it (both were 0.25 and
# 0.7 until stop 73: benchmarks/viktory-ii-heuristic.md, "Bolder, and towns held")
PLAN_DICE = 2  # the dice an attack is planned with (two hex sides or unit types)
MAX_COST = 8  # the most a hard target adds to the distance to it
EXPLORE_COST = 1  # the edge of the explored map counts as this far
CAP = 20  # battles are estimated with at most this many units a side (12 wrote off a siege)
LAST_TURN_CHANCE = 0.2  # the game's last turn: attack an enemy town or city at this chance
NEVER = 2.0  # a chance no attack reaches


@cache
def _binomial(n: int, q: float) -> tuple[float, ...]:
    return tuple(comb(n, k) * q ** k * (1 - q) ** (n - k) for k in range(n + 1))


@cache
def win_chance(a: int, a_dice: int, d: int, d_dice: int, place: int, protected: int,
               urban: bool, qa: float = 0.5, qd: float = 0.5) -> float:
    """The chance that `a` attackers rolling `a_dice` dice (never more than their units) win
    against `d` defenders rolling `d_dice` dice from their units (never more than units) and
    `place` from the place, `protected` of which suppression cannot remove (`dice.suppressed`);
    an urban battle is fought for a round even with no defenders, and the attacker wins it
    by surviving."""
    a, d = min(a, CAP), min(d, CAP)
    if a <= 0:
        return 0.0
    if d == 0:
        if not urban:
            return 1.0
        return sum(_binomial(place, qd)[:a])  # fewer hits than attackers
    p = [[0.0] * (d + 1) for _ in range(a + 1)]
    for i in range(1, a + 1):
        p[i][0] = 1.0
        for j in range(1, d + 1):
            rolled = min(d_dice, j) + place
            loop, total = 0.0, 0.0
            for ha, pa in enumerate(_binomial(min(a_dice, i), qa)):
                dice = rolled - suppressed(ha, j, rolled, protected)
                for hd, pd in enumerate(_binomial(dice, qd)):
                    q = pa * pd
                    if ha == 0 and hd == 0:
                        loop += q
                        continue
                    i2, j2 = max(0, i - hd), max(0, j - ha)
                    total += q * p[i2][j2] if i2 else 0.0
            p[i][j] = total / (1.0 - loop) if loop < 1.0 else 0.0
    return p[a][d]


def _defence(state: Any, p: int, h: int) -> tuple[int, int, int, int, bool, float]:
    """What an attack by p on hex h meets, as its battle request would say it: the defending
    units, their dice, the place's dice and those of them suppression cannot remove, whether
    the battle is urban, and the defender's hit chance."""
    o = state.occ_owner[h]
    owner = o if o >= 0 and o != p else state.sowner[h]
    units = state.units_at(h, owner) if 0 <= o and o != p else [0, 0, 0, 0]
    terrain = TERRAINS[state.terrain[h]]
    settlement = SETTLEMENT_NAMES[state.settle[h]]
    naval = terrain == "water"
    place, protected = (0, 0) if naval else place_dice(
        terrain, settlement, owner != NOBODY and not state.holds_capital(owner),
        state.naval_support(owner, h))
    qd = hit_chance(owner != NOBODY and state.in_supply(owner, h))
    return (sum(units), defender_unit_dice(units, naval), place, protected,
            settlement != "none", qd)


def attack_chance(state: Any, p: int, h: int, attackers: list[int]) -> float:
    """The estimated chance that these units (attacking or about to) take or clear hex h."""
    if not attackers:
        return 0.0
    a_dice = _attacker_dice(state, h, attackers)
    d, d_dice, place, protected, urban, qd = _defence(state, p, h)
    return win_chance(len(attackers), a_dice, d, d_dice, place, protected, urban,
                      hit_chance(state.in_supply(p, h)), qd)


def _attacker_dice(state: Any, h: int, attackers: list[int]) -> int:
    """The dice these units would attack hex h with (`dice.attacker_dice`): each from the
    hex side it stands on."""
    sides: dict[int, list[int]] = {}
    for u in attackers:
        sides.setdefault(state.uh[u], [0, 0, 0, 0])[state.ut[u]] += 1
    return attacker_dice(list(sides.values()), state.terrain[h] == WATER)


def _fresh_near(state: Any, p: int, h: int, land: bool = True) -> list[int]:
    """Own fresh units next to the hex that could join an attack on it (less what their
    towns and cities must keep)."""
    out = []
    dist = state.board.distance[h]
    spare: dict[int, int] = {}
    for u in range(len(state.uo)):
        k = state.uh[u]
        if state.uo[u] == p and state.us[u] == FRESH and dist[k] == 1 \
                and (state.ut[u] != FRIG) == land:
            if k not in spare:  # the units the target holds threaten nothing once beaten
                spare[k] = state.occ_n[k] - _need(state, p, k, ignore=h)
            if spare[k] > 0:
                spare[k] -= 1
                out.append(u)
    return out


def _worth_attacking(state: Any, p: int, h: int, mover: int = -1,
                     least: float | None = None) -> bool:
    """Whether the units attacking h, with the moving unit and the fresh units next to h
    that may leave, would probably win (`least`: win at least this often)."""
    land = state.terrain[h] != WATER
    force = state.attacking(h) + _fresh_near(state, p, h, land)
    if mover >= 0 and mover not in force:
        force.append(mover)
    return attack_chance(state, p, h, force) >= (_boldness(state, p, h) if least is None
                                                 else least)


def _boldness(state: Any, p: int, h: int) -> float:
    """The chance of winning an attack on h asks for: less for a town or city (it is worth
    its units' support), and less as the game drags on. In the game's last turn a town or
    city is the only thing worth a battle (units lost count for nothing at the turn limit;
    `_last_resort` takes a fair chance at one)."""
    enemy_town = state.sowner[h] not in (p, NOBODY)
    if _last_turn(state) and not enemy_town:
        return NEVER
    late = max(0, state.round - LATE_ROUND)
    urban = URBAN_BONUS if enemy_town else 0.0
    return max(LEAST_CHANCE, ATTACK_CHANCE - urban - LATE_FALL * late)


def _turns_left(state: Any) -> int:
    """The turns the player to move has after this one before the turn limit ends the game
    (then the most capitals, then cities, then towns win: `ViktoryIIState._finish_by_limit`)."""
    return max(0, state.config.turn_limit - state.round)


def _last_turn(state: Any) -> bool:
    """Whether the turn under way is the game's last: its round is the limit's, and every
    player after it in the round is out. Nobody can attack after it."""
    if _turns_left(state):
        return False
    n, first = state.num_players, state.first_player()
    now = (state.player - first) % n
    return all(state.out[q] for q in range(n) if (q - first) % n > now)


# --- garrisons -------------------------------------------------------------------------------
def _siege(state: Any, p: int, h: int, radius: int, ignore: int = -1,
           leaving: int = -1) -> tuple[int, int, float, int, int, int, float] | None:
    """The enemy units within `radius` hexes of the own town or city h (cavalry one more;
    not those in hex `ignore`) as one attack on it: their number, their dice (from the three
    largest hex sides) and hit chance, and the defender's: its units' dice (at least one),
    the place's dice (none of which suppression removes: a town or city) and its hit
    chance; `leaving`: a unit of this type counted gone (a unit type less is a die less).
    None when no enemy is near."""
    b = state.board
    sides: list[list[int]] = []
    supplied = False
    for k in b.near[radius + 1][h]:
        o = state.occ_owner[k]
        if o in (-1, p) or k == h or k == ignore:
            continue
        units = state.units_at(k, o)
        units[FRIG] = 0
        if b.distance[h][k] > radius:
            units[INF] = units[ART] = 0
        if sum(units):
            sides.append(units)
            supplied = supplied or state.in_supply(o, h)
    if not sides:
        return None
    sides.sort(key=sum, reverse=True)
    place, protected = place_dice(TERRAINS[state.terrain[h]], SETTLEMENT_NAMES[state.settle[h]],
                                  not state.holds_capital(p), state.naval_support(p, h))
    own = state.units_at(h, p)
    if leaving >= 0:
        own[leaving] -= 1
    return (sum(map(sum, sides)), attacker_dice(sides[:3], False), hit_chance(supplied),
            max(1, unit_dice(own)), place, protected,
            hit_chance(state.in_supply(p, h)))


def _garrison(state: Any, p: int, ignore: int = -1, leaving: int = -1) -> int:
    capital = state.capital[p]
    if capital < 0 or state.sowner[capital] != p:
        return 0
    return _keep(state, p, capital, 2, CAPITAL_RISK, 1, ignore, leaving)


def _keep(state: Any, p: int, h: int, radius: int, risk: float, least: int,
          ignore: int = -1, leaving: int = -1) -> int:
    """The fewest units (at least `least`) at which the enemy near h would take it with a
    chance of at most `risk`, within what it holds and two more."""
    keep = least
    siege = _siege(state, p, h, radius, ignore, leaving)
    if siege is None:
        return keep
    n, a_dice, qa, own_dice, place, protected, qd = siege
    limit = max(least, state.occ_n[h]) + 2
    while keep < limit and win_chance(n, a_dice, keep, own_dice if keep else 0, place,
                                      protected, True, qa, qd) > risk:
        keep += 1
    return keep


def _need(state: Any, p: int, h: int, ignore: int = -1, leaving: int = -1) -> int:
    """The units an own town or city keeps: enough that the enemy near it would probably
    not take it (the capital against the enemy within two hexes, another against the
    enemy next to it), within what it holds and two more; `leaving`: with a unit of this
    type gone (`_siege`)."""
    if state.sowner[h] != p or _last_turn(state):  # (nobody attacks after the last turn)
        return 0
    if h == state.capital[p]:
        return _garrison(state, p, ignore, leaving)
    return _keep(state, p, h, 1, TOWN_RISK, 0, ignore, leaving)


def _may_leave(state: Any, p: int, h: int, ignore: int = -1, unit: int = -1) -> bool:
    """Whether a unit (of type `unit`, when known) may leave the own town or city h: what
    stays is enough without it. Its type counts: a cavalry leaving infantry takes a die
    with it, and a town that let it go found itself short and called it back at once (an
    audit, stop 70)."""
    return state.sowner[h] != p or state.occ_n[h] > _need(state, p, h, ignore, unit)


def _enemy_hexes(state: Any, p: int) -> set[int]:
    """Hexes with enemy units or an enemy town or city."""
    out = {h for h in state.settled if state.sowner[h] != p}
    us, uh = state.us, state.uh
    for u, o in enumerate(state.uo):
        if o >= 0 and o != p and us[u] not in (FREE, ATTACKING):
            out.add(uh[u])
    return out


def _difficulty(state: Any, p: int, h: int) -> int:
    """How much farther a target counts than it is: the infantry an attack planned with two
    dice needs beyond two (open ground one more: it wins nothing but a battle)."""
    d, d_dice, place, protected, urban, qd = _defence(state, p, h)
    need = 1
    while need < CAP and win_chance(need, PLAN_DICE, d, d_dice, place, protected, urban, 0.5,
                                    qd) \
            < ATTACK_CHANCE:
        need += 1
    return min(MAX_COST, max(0, need - 2) + (0 if urban else 1))


def _goals(state: Any, p: int, mover: int = -1) -> dict[int, int]:
    """Where land units head, each with what it adds to the distance: own towns and cities
    short of defenders, enemy hexes (the harder, the farther), and the edge of the explored
    map; in the game's last turn only enemy towns and cities, all that counts then. A town
    the moving unit `mover` stands in counts short of defenders if it would be without it:
    counted with it, the unit that had just come to fill it saw no goal there and stepped
    out again, and back (an audit, stop 70: about 140 such returns in 39 games)."""
    b = state.board
    last = _last_turn(state)
    here = state.uh[mover] if mover >= 0 else -1
    goals = {h: 0 for h in state.own_settlements(p)
             if (not _may_leave(state, p, h, unit=state.ut[mover]) if h == here
                 else state.occ_n[h] < _need(state, p, h))}
    explored = state.explored[p]
    unexplored = ((1 << b.size) - 1) & ~explored
    if unexplored and not last:
        near = b.balls[1]
        for h in mask_hexes(explored & ~state.water):
            if near[h] & unexplored and h not in goals:
                goals[h] = EXPLORE_COST
    for h in _enemy_hexes(state, p):
        if explored >> h & 1 and state.terrain[h] != WATER \
                and (not last or state.sowner[h] not in (p, NOBODY)):  # land units: not at sea
            goals[h] = min(goals.get(h, MAX_COST), _difficulty(state, p, h))
    return goals


def _distances(state: Any, p: int, goals: dict[int, int]) -> list[int]:
    """Steps over explored land (not through enemy hexes) from every hex to the nearest
    goal, a goal counting from what it adds."""
    b = state.board
    far = 1 << 20
    dist = [far] * b.size
    land = state.explored[p] & ~state.water
    enemy = _enemy_hexes(state, p)
    heap = []
    for g, cost in goals.items():
        dist[g] = cost
        heap.append((cost, g))
    heapq.heapify(heap)
    neighbours = b.neighbours
    done = 0
    while heap:
        d, h = heapq.heappop(heap)
        if done >> h & 1 or d > dist[h]:
            continue
        done |= 1 << h
        if h in enemy and goals.get(h) != d:
            continue  # no way through an enemy hex
        step = d + 1
        for n in neighbours[h]:
            if step < dist[n] and land >> n & 1 and n not in enemy:
                dist[n] = step
                heapq.heappush(heap, (step, n))
    return dist


def _move(state: Any, p: int, actions: list[Any], tie: list[float]) -> Any:
    active = state.active
    if active >= 0 and state.ut[active] == FRIG:
        ferry = _ferry(state, p, actions, active, tie)  # a ferry sails rather than fires
        if ferry is not None:
            return ferry
    bombards = [a for a in actions if type(a) is Bombard]
    if bombards:  # artillery and frigates bombard whatever they can
        return _bombard_target(state, p, bombards, tie)
    if active >= 0:
        return _move_active(state, p, actions, active, tie)
    fights = sorted((a for a in actions if type(a) is Fight), key=lambda a: tie[a.hex])
    for fight in fights:
        joining = _join(state, p, actions, fight.hex, tie)
        if joining is not None:
            return joining
    gunner = _gunner(state, p, actions, tie)
    if gunner is not None:
        return gunner
    if fights:
        return fights[0]
    choice = _select(state, p, actions, tie)
    if choice is None:  # nowhere to go: artillery beside the enemy fires rather than idles
        choice = _gunner(state, p, actions, tie, idle=True)
    if choice is None and _last_turn(state):
        choice = _attacker(state, p, sorted((a for a in actions if type(a) is SelectUnit),
                                            key=lambda a: tie[a.hex]), LAST_TURN_CHANCE)
    if choice is not None:
        return choice
    return DONE_MOVE if DONE_MOVE in actions else actions[-1]


def _gunner(state: Any, p: int, actions: list[Any], tie: list[float],
            idle: bool = False) -> Any:
    """A garrison's artillery next to enemy units: it bombards them (before the battles
    there are fought, weakening their defenders) at no cost, for it does not leave home.
    Artillery free to leave moves or joins attacks (where it also fires) as the rest do, and
    bombards too once no other move is left to it (`idle`: an audit's artillery stood beside
    one enemy cavalry for 52 rounds)."""
    gunners = [a for a in actions if type(a) is SelectUnit and a.unit == ART
               and (idle or not _may_leave(state, p, a.hex))
               and any(state.enemy_units_at(n, p) for n in state.board.neighbours[a.hex])]
    return min(gunners, key=lambda a: tie[a.hex], default=None)


def _bombard_target(state: Any, p: int, bombards: list[Bombard], tie: list[float]) -> Bombard:
    """A declared battle's hex first (its defenders are hit before it is fought), else
    the fewest enemy units (the likeliest to be cleared)."""
    return min(bombards, key=lambda a: (a.hex not in state.battles,
                                        state.occ_n[a.hex], tie[a.hex]))


def _join(state: Any, p: int, actions: list[Any], target: int,
          tie: list[float] | None = None) -> Any:
    """Select a fresh unit next to a declared battle while the attack is not yet strong:
    the one that adds the most dice, as the battle counts them (`dice.attacker_dice`), and
    among those one from another hex side first."""
    committed = state.attacking(target)
    if attack_chance(state, p, target, committed) >= JOIN_ENOUGH:
        return None
    tie = tie or _ties(state, random.Random(0))  # (a caller with no rng of its own)
    land = state.terrain[target] != WATER
    sides = {state.uh[u] for u in committed}
    best, best_key = None, None
    for u in _fresh_near(state, p, target, land):
        select = SelectUnit(state.uh[u], state.board.names[state.uh[u]], state.ut[u])
        if select in actions:
            key = (_attacker_dice(state, target, [*committed, u]), state.uh[u] not in sides,
                   -tie[state.uh[u]])
            if best_key is None or key > best_key:
                best, best_key = select, key
    return best


def _move_active(state: Any, p: int, actions: list[Any], u: int, tie: list[float]) -> Any:
    steps = sorted((a for a in actions if type(a) is Step), key=lambda a: tie[a.hex])
    for a in steps:
        if a.kind == "attack" and (a.hex in state.battles
                                   or _worth_attacking(state, p, a.hex, u)):
            return a
    if state.ut[u] == FRIG:  # (`_move` found it no ferrying to do)
        water = [a for a in steps if a.kind != "attack"]
        if state.terrain[state.uh[u]] != WATER and water:  # leave the port
            return water[0]
        return DONE_STOP if DONE_STOP in actions else actions[0]
    goals = _goals(state, p, u)
    dist = _distances(state, p, goals)
    here = dist[state.uh[u]]
    cut_off = here >= FAR
    if cut_off:  # no way over land: to the coast, for a frigate
        dist = _distances(state, p, _coast(state, p, dist))
        here = dist[state.uh[u]]
    best = min((a for a in steps if a.kind != "attack"),
               key=lambda a: (dist[a.hex], tie[a.hex]), default=None)
    if best is not None and dist[best.hex] < here:
        return best
    if not cut_off:
        flank = _flank(state, p, state.uh[u], goals, dist, tie)
        for a in steps:
            if a.hex == flank and a.kind != "attack":
                return a
    if _last_turn(state):
        return _last_resort(state, p, actions, steps, u)
    return DONE_STOP if DONE_STOP in actions else actions[0]


def _last_resort(state: Any, p: int, actions: list[Any], steps: list[Step], u: int) -> Any:
    """In the game's last turn a unit with nothing better to do attacks an enemy town or
    city next to it at a fair chance (`LAST_TURN_CHANCE`): what it could lose counts for
    nothing at the turn limit, the town or city taken does. Else it stops."""
    for a in steps:
        if a.kind == "attack" and state.sowner[a.hex] not in (p, NOBODY) \
                and _worth_attacking(state, p, a.hex, u, LAST_TURN_CHANCE):
            return a
    return DONE_STOP if DONE_STOP in actions else actions[0]


def _select(state: Any, p: int, actions: list[Any], tie: list[float]) -> Any:
    selects = sorted((a for a in actions if type(a) is SelectUnit), key=lambda a: tie[a.hex])
    if not selects:
        return None
    attacker = _attacker(state, p, selects)  # an attack at good odds first
    if attacker is not None:
        return attacker
    goals = _goals(state, p)
    dist = _distances(state, p, goals)
    coast = None
    best, best_key = None, None
    frigates = []
    for a in selects:
        if a.unit == FRIG:
            if any(state.enemy_units_at(n, p) and _worth_attacking(state, p, n)
                   for n in state.board.neighbours[a.hex] if state.terrain[n] == WATER):
                return a
            frigates.append(a)
            continue
        if not _may_leave(state, p, a.hex, unit=a.unit):
            continue
        here = dist[a.hex]
        if here >= FAR:  # cut off over land: to the coast, for a frigate
            if coast is None:
                coast = _distances(state, p, _coast(state, p, dist))
            here = coast[a.hex]
            if min((coast[n] for n in state.board.neighbours[a.hex]), default=here) < here:
                key = (False, -here - FAR, -tie[a.hex])
                if best_key is None or key > best_key:
                    best, best_key = a, key
            continue
        gain = min((dist[n] for n in state.board.neighbours[a.hex]
                    if not state.enemy_held(n, p)), default=here)
        if gain >= here:
            continue
        key = (a.unit in LAND_UNITS and a.unit == 1, -here, -tie[a.hex])
        if best_key is None or key > best_key:
            best, best_key = a, key
    if best is None:
        for a in selects:  # a siege: units spread to the target's free hex sides
            if a.unit != FRIG and _flank(state, p, a.hex, goals, dist, tie) >= 0:
                return a
    if best is None and frigates:
        return _ferry_select(state, p, frigates, dist)  # (in `tie` order)
    return best


def _attacker(state: Any, p: int, selects: list[SelectUnit],
              least: float | None = None) -> SelectUnit | None:
    """Of these units to select (in `tie` order), a land unit that may attack an enemy hex
    next to it at good odds (`_worth_attacking`; `least`: at least this chance, and an
    enemy town or city only); None when there is none."""
    for a in selects:
        if a.unit == FRIG:
            continue
        for n in state.board.neighbours[a.hex]:
            if (state.sowner[n] not in (p, NOBODY) if least is not None
                    else state.enemy_held(n, p)) and state.may_attack(p, n) \
                    and _may_leave(state, p, a.hex, ignore=n, unit=a.unit) \
                    and _worth_attacking(state, p, n, least=least):
                return a
    return None


def _flank(state: Any, p: int, h: int, goals: dict[int, int], dist: list[int],
           tie: list[float]) -> int:
    """A hex to which a unit waiting at h beside the target it heads for (an enemy hex it
    may not yet attack at good odds) steps to attack it from another hex side (a die more):
    free land next to both, not enemy held and holding no own unit, while h keeps a unit
    beyond its garrison (of several, the first by `tie`). -1 when there is none."""
    if state.occ_owner[h] != p or state.occ_n[h] - _need(state, p, h) < 2:
        return -1
    b = state.board
    land = state.explored[p] & ~state.water
    for t in sorted(b.neighbours[h], key=tie.__getitem__):
        cost = goals.get(t)
        if cost is None or dist[h] != cost + 1 or not state.enemy_held(t, p):
            continue
        for n in sorted(b.neighbours[t], key=tie.__getitem__):
            if n != h and land >> n & 1 and b.distance[h][n] == 1 and state.occ_owner[n] == -1 \
                    and not state.enemy_held(n, p) and state.terrain[n] != UNKNOWN:
                return n
    return -1


# --- sea transport ---------------------------------------------------------------------------
FAR = 1 << 20


def _coast(state: Any, p: int, dist: list[int]) -> dict[int, int]:
    """Land hexes next to explored water, not enemy held: where cut-off units wait for a
    frigate. Only those on water from which a frigate can reach a landing (not a lake's
    shore), if there are any."""
    b = state.board
    explored = state.explored[p]
    sea = explored & state.water
    shore = {h: 0 for h in mask_hexes(explored & ~state.water)
             if b.balls[1][h] & sea and state.terrain[h] != UNKNOWN
             and not state.enemy_held(h, p)}
    landing = _sea_distances(state, p, _water_next_to(state, p, _landings(state, p, dist)))
    useful = {h: 0 for h in shore
              if any(landing[n] < FAR for n in b.neighbours[h] if sea >> n & 1)}
    return useful or shore


def _stranded(state: Any, p: int, dist: list[int]) -> set[int]:
    """Hexes holding own fresh land units with no way over land to any goal, that may leave."""
    out = set()
    for u in range(len(state.uo)):
        h = state.uh[u]
        if state.uo[u] == p and state.us[u] == FRESH and state.ut[u] != FRIG \
                and dist[h] >= FAR and h not in out and _may_leave(state, p, h):
            out.add(h)
    return out


def _sea_distances(state: Any, p: int, start: dict[int, int]) -> list[int]:
    """Steps over explored water free of enemy units, and through own ports, to the nearest
    start hex, plus its value."""
    b = state.board
    sea = [FAR] * b.size
    heap = [(v, w) for w, v in start.items()]
    for v, w in heap:
        sea[w] = v
    heapq.heapify(heap)
    passable = state.explored[p] & state.water | _ports(state, p)
    while heap:
        d, h = heapq.heappop(heap)
        if d > sea[h]:
            continue
        for n in b.neighbours[h]:
            if passable >> n & 1 and d + 1 < sea[n] and not state.enemy_units_at(n, p):
                sea[n] = d + 1
                heapq.heappush(heap, (d + 1, n))
    return sea


def _ports(state: Any, p: int) -> int:
    """The own ports (a frigate sails through them from one water to another), as a mask."""
    mask = 0
    for h in state.own_settlements(p):
        if state.is_port(h, p):
            mask |= 1 << h
    return mask


def _water_next_to(state: Any, p: int, hexes: dict[int, int]) -> dict[int, int]:
    """The open water hexes next to these land hexes, each with the least value among its
    land neighbours."""
    b = state.board
    open_water = state.explored[p] & state.water
    out: dict[int, int] = {}
    for h, v in hexes.items():
        for n in b.neighbours[h]:
            if open_water >> n & 1 and not state.enemy_units_at(n, p) and v < out.get(n, FAR):
                out[n] = v
    return out


def _ferry_select(state: Any, p: int, frigates: list[SelectUnit], dist: list[int]) -> Any:
    """A frigate to carry units cut off over land: one with cargo, or one that can reach
    them, that can reach a shore from which a goal can be reached over land."""
    b = state.board
    landing = _sea_distances(state, p, _water_next_to(state, p, _landings(state, p, dist)))
    stranded = _stranded(state, p, dist)
    pickup = (_sea_distances(state, p, _water_next_to(state, p, dict.fromkeys(stranded, 0)))
              if stranded else None)

    def at(sea: list[int], h: int) -> int:
        if state.terrain[h] == WATER:
            return sea[h]
        return min((sea[n] for n in b.neighbours[h]), default=FAR)

    for a in frigates:
        if at(landing, a.hex) >= FAR:
            continue  # a lake, or a sea with no shore to go to
        loaded = any(state.cargo_of(f) for f in range(len(state.uo)) if state.uo[f] == p
                     and state.uh[f] == a.hex and state.ut[f] == FRIG and state.us[f] == FRESH)
        if loaded or pickup is not None and (at(pickup, a.hex) < FAR or any(
                n in stranded for n in b.neighbours[a.hex])):
            return a
    return None


def _landings(state: Any, p: int, dist: list[int]) -> dict[int, int]:
    """Land hexes, not enemy held, from which a goal can be reached over land."""
    return {n: dist[n] for n in mask_hexes(state.explored[p] & ~state.water)
            if dist[n] < FAR and not state.enemy_held(n, p)}


def _ferry(state: Any, p: int, actions: list[Any], f: int, tie: list[float]) -> Any:
    """The moving frigate as a ferry: it takes aboard units cut off over land (sailing on
    to more of them while it has room and they are within reach, larger groups first),
    carries them toward the nearest shore from which a goal can be reached over land, and
    lands them there (or attacks from the sea at good odds)."""
    dist = _distances(state, p, _goals(state, p))
    cargo = state.cargo_of(f)
    actions = sorted(actions, key=lambda a: tie[a.hex] if hasattr(a, "hex") else FAR)
    for a in actions:
        if type(a) is PickUp and dist[a.hex] >= FAR and _may_leave(state, p, a.hex):
            return a
    steps = [a for a in actions if type(a) is Step and a.kind in ("move", "port")]
    h = state.uh[f]
    at_sea = state.terrain[h] == WATER
    stranded = _stranded(state, p, dist)
    if stranded and len(cargo) < FRIGATE_CAPACITY and state.um[f] > 0:
        sea = _sea_distances(state, p, _water_next_to(state, p, _loads(state, p, stranded)))
        here = sea[h] if at_sea else FAR
        best = min(steps, key=lambda a: (sea[a.hex], tie[a.hex]), default=None)
        if best is not None and sea[best.hex] < here and sea[best.hex] - 1 <= state.um[f]:
            return best  # more to take aboard within this turn's reach
    if not cargo:
        return None
    unloads = [a for a in actions if type(a) is Unload]
    for a in unloads:
        if a.attack and attack_chance(state, p, a.hex, cargo) >= _boldness(state, p, a.hex):
            return a
    sea = _sea_distances(state, p, _water_next_to(state, p, _landings(state, p, dist)))
    here = sea[h] if at_sea else FAR
    best = min(steps, key=lambda a: (sea[a.hex], tie[a.hex]), default=None)
    if best is not None and sea[best.hex] < here:
        return best
    landing = [a for a in unloads if not a.attack and dist[a.hex] < FAR]
    if landing:
        return min(landing, key=lambda a: (dist[a.hex], tie[a.hex]))
    return None


def _loads(state: Any, p: int, stranded: set[int]) -> dict[int, int]:
    """The hexes of units cut off, each counting farther the fewer a frigate could take
    aboard there."""
    out = {}
    for h in stranded:
        spare = state.occ_n[h] - _need(state, p, h)
        out[h] = 2 * max(0, FRIGATE_CAPACITY - spare)
    return out


# One chooser per kind of decision: (state, player, its legal actions) -> the one taken.
CHOOSERS: dict[str, Callable[[Any, int, list[Any]], Any]] = {
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


__all__ = ["heuristic_action", "position_scores"]
