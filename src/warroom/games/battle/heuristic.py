"""A sensible greedy player for Battle.

- Draft and deck building: take the strongest card, counting a little for suits that let
  court cards and special abilities be played.
- Attack: candidate plans (the k strongest free soldiers, each in its own group, against one
  opponent) are scored against the blocks the defender would make by the same model; the
  first step of the best plan is declared, or "done".
- Block: per attacking group, the best of no block, one blocker or two blockers, counting
  soldiers lost on both sides and the hits let through (dearer as the castle falls); chump
  blocks when the hits would otherwise be fatal.
- Strike: destroy the strongest enemy that has not struck yet, else the strongest enemy,
  passing over one its own strikes at this skill already took.
- Main step: play spot cards as soldiers, keeping Twos, Threes, Jokers and Aces for their
  abilities; play the most valuable court card or special ability.
- Of soldiers alike but for their owner (decks of their own, after a Joker), the one its team
  owns is the one to risk, lose or destroy (a destroyed soldier goes to its owner's discard
  pile, to be drawn again), and the other one the one to give away.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import lru_cache
from itertools import combinations
from typing import Any

from ...engine.estimate import seat0_result, seat_lead, share_chances
from .actions import (
    AddCard,
    Attack,
    Block,
    Done,
    EndTurn,
    GiveSoldier,
    OwnedAttack,
    OwnedBlock,
    Pick,
    PlayCourt,
    PlaySoldier,
    PlaySpecial,
    Sacrifice,
    Strike,
    owner_of,
)
from .cards import JOKER, SKILL, is_court, suit
from .state import (
    BLOCK,
    BUILD,
    DECLARE,
    DRAFT,
    GIVE,
    MAIN,
    OPPONENT,
    SACRIFICE,
    STRIKE,
    THREE,
    BattleState,
)

LETHAL = 1000.0
KEEP_FOR_ABILITY = ("2", "3", "A")  # ranks worth more in hand than on the table
MAX_KEPT = 3
BIG_SHARE = 0.35  # share of a built deck given to court cards and abilities


def worth(skill: int) -> float:
    """Material value of a soldier in play: even a weak soldier can block a whole group."""
    return 3.0 + skill


def card_worth(name: str) -> float:
    """How much a card is wanted in a deck, if its ability or court place can be used."""
    if name == JOKER:
        return 11.0
    return {"A": 8.0, "2": 13.0, "3": 12.0}.get(name[:-1], float(SKILL[name]))


def is_big(name: str) -> bool:
    """Court cards and abilities: only one of them can be played a turn."""
    return name == JOKER or is_court(name) or name[:-1] in KEEP_FOR_ABILITY


def deck_worth(name: str, big_have: int, quota: int) -> float:
    """A card's worth to a deck holding `big_have` big cards: past the quota of big cards
    the deck could not play them all, so they count as plain soldiers (court cards at half
    their skill, since they still need a soldier of their suit)."""
    if not is_big(name) or big_have < quota:
        return card_worth(name)
    return SKILL[name] / 2 if is_court(name) else float(SKILL[name])


def heuristic_action(state: BattleState, player: int, rng: random.Random) -> Any:
    phase = state.phase
    if phase == DRAFT:
        return _draft(state, player)
    if phase == BUILD:
        return _build(state, player)
    if phase == DECLARE:
        return _declare(state, player)
    if phase == BLOCK:
        return _block(state, player)
    if phase == STRIKE:
        return _strike(state, player)
    if phase == MAIN:
        return _main(state, player)
    if phase in (OPPONENT, THREE, SACRIFICE, GIVE):
        return _special_choice(state, player)
    actions = state.legal_actions(player)
    return actions[rng.randrange(len(actions))]


# --- draft and deck building ------------------------------------------------------------------

def _suit_bonus(name: str, have: list[str]) -> float:
    """Court cards and abilities need a soldier of their suit; spot cards provide them."""
    s = suit(name)
    if s is None:
        return 0.0
    same = [c for c in have if suit(c) == s]
    if is_court(name) or name[:-1] in KEEP_FOR_ABILITY:
        return 0.4 * min(4, sum(1 for c in same if not is_court(c)))
    return 0.25 * min(4, sum(1 for c in same if is_court(c) or c[:-1] in KEEP_FOR_ABILITY))


def _best_card(options: list[str], have: list[str], quota: int) -> str:
    big = sum(map(is_big, have))
    return max(options, key=lambda n: (deck_worth(n, big, quota) + _suit_bonus(n, have),
                                       SKILL[n]))


def _big_quota(state: BattleState, final: bool) -> int:
    """Big cards wanted: a share of the deck; while drafting, a few more to choose from."""
    quota = round(BIG_SHARE * state.deck_size)
    return quota if final else quota + 3


def _draft(state: BattleState, player: int) -> Pick:
    have = [state.names[c] for c in state.pool[player]]
    return Pick(_best_card([a.card for a in state.legal_actions(player)
                            if isinstance(a, Pick)], have, _big_quota(state, False)))


def _build(state: BattleState, player: int) -> AddCard:
    have = [state.names[c] for c in state.building[player]]
    return AddCard(_best_card([a.card for a in state.legal_actions(player)
                               if isinstance(a, AddCard)], have, _big_quota(state, True)))


# --- combat model -----------------------------------------------------------------------------

def _targets(enemies: list[int], count: int, level: int) -> list[int]:
    """Indices of the `count` enemies that strikers of skill `level` should destroy: first
    those that have not struck yet (the strongest of them), then the strongest."""
    order = sorted(range(len(enemies)),
                   key=lambda i: (enemies[i] < level, enemies[i]), reverse=True)
    return order[:count]


def fight(attackers: list[int], blockers: list[int]) -> tuple[list[int], list[int]]:
    """Skills of the attackers and blockers that survive a combat, both sides striking well."""
    att, blk = _fight(tuple(sorted(attackers, reverse=True)), tuple(sorted(blockers, reverse=True)))
    return list(att), list(blk)


@lru_cache(maxsize=65536)
def _fight(attackers: tuple[int, ...], blockers: tuple[int, ...]) -> tuple[tuple, tuple]:
    att, blk = list(attackers), list(blockers)
    for level in sorted(set(att) | set(blk), reverse=True):
        if not att or not blk:
            break
        hit_blk = _targets(blk, att.count(level), level)
        hit_att = _targets(att, blk.count(level), level)
        blk = [s for i, s in enumerate(blk) if i not in hit_blk]
        att = [s for i, s in enumerate(att) if i not in hit_att]
    return tuple(att), tuple(blk)


def _hit_cost(hits_left: int, hits: int) -> float:
    if hits >= hits_left:
        return LETHAL
    return hits * (5.0 + 10.0 / hits_left)


def plan_blocks(groups: list[list[int]], blocked: list[list[int]], free: list[int],
                hits_left: int) -> tuple[list[list[int]], float]:
    """Blockers (skills, from `free`) to add to each group, and the defender's score.

    `groups` are the attackers' skills of each group the defender may block, `blocked` the
    blockers already on each group."""
    plan, score = _plan_blocks(tuple(map(tuple, groups)), tuple(map(tuple, blocked)),
                               tuple(sorted(free, reverse=True)), hits_left)
    return [list(p) for p in plan], score


@lru_cache(maxsize=1 << 16)  # a function of skills alone, which repeat all game long
def _plan_blocks(groups_: tuple[tuple[int, ...], ...], blocked_: tuple[tuple[int, ...], ...],
                 free_: tuple[int, ...], hits_left: int) -> tuple[tuple[tuple[int, ...], ...],
                                                                  float]:
    groups = [list(g) for g in groups_]
    blocked = [list(b) for b in blocked_]
    free = list(free_)
    plan: list[list[int]] = [[] for _ in groups]
    order = sorted(range(len(groups)), key=lambda g: (len(groups[g]), max(groups[g])),
                   reverse=True)
    for g in order:
        best = _best_extra(tuple(sorted(groups[g], reverse=True)), blocked_[g], tuple(free),
                           hits_left)
        plan[g] = list(best)
        for s in best:
            free.remove(s)
    through = sum(len(groups[g]) for g in range(len(groups)) if not blocked[g] + plan[g])
    if through >= hits_left:  # fatal: throw the cheapest soldiers in the way
        for g in sorted(order, key=lambda g: -len(groups[g])):
            if through < hits_left or not free:
                break
            if not blocked[g] + plan[g]:
                plan[g] = [free.pop()]
                through -= len(groups[g])
    total = sum(_group_score(groups[g], blocked[g] + plan[g], hits_left, hits=False)
                for g in range(len(groups)))
    return tuple(map(tuple, plan)), total - _hit_cost(hits_left, through)


@lru_cache(maxsize=1 << 16)  # the same group against the same free soldiers recurs often
def _best_extra(attackers: tuple[int, ...], blocked: tuple[int, ...], free: tuple[int, ...],
                hits_left: int) -> tuple[int, ...]:
    """The blockers (none, one, or two of the six strongest of `free`, sorted from the
    strongest) to add to a group of `attackers` (sorted likewise) already blocked by
    `blocked`: the first of the best by `_combat_gain`."""
    options: list[tuple[int, ...]] = [()]
    options += [(s,) for s in sorted(set(free), reverse=True)]
    options += combinations(free[:6], 2)
    best: tuple[int, ...] = ()
    best_score = None
    unblocked = -_hit_cost(hits_left, len(attackers))
    for extra in options:  # _group_score, with the attackers sorted once
        blockers = blocked + extra
        score = _combat_gain(attackers, tuple(sorted(blockers, reverse=True))) \
            if blockers else unblocked
        if best_score is None or score > best_score + 1e-9:
            best, best_score = extra, score
    return best


def _group_score(attackers: list[int], blockers: list[int], hits_left: int,
                 hits: bool = True) -> float:
    """The defender's gain from one group: attackers destroyed less blockers lost, less the
    hits if it goes unblocked."""
    if not blockers:
        return -_hit_cost(hits_left, len(attackers)) if hits else 0.0
    return _combat_gain(tuple(sorted(attackers, reverse=True)),
                        tuple(sorted(blockers, reverse=True)))


@lru_cache(maxsize=65536)
def _combat_gain(attackers: tuple[int, ...], blockers: tuple[int, ...]) -> float:
    """Value of the attackers destroyed less the value of the blockers lost."""
    att, blk = _fight(attackers, blockers)
    lost_att = sum(map(worth, attackers)) - sum(map(worth, att))
    lost_blk = sum(map(worth, blockers)) - sum(map(worth, blk))
    return lost_att - lost_blk


# --- attack step ------------------------------------------------------------------------------

def _defenders(state: BattleState, target: int) -> list[int]:
    if state.config.teams == "as-one":
        return [q for q in range(state.num_players)
                if not state.out[q] and state.team[q] == state.team[target]]
    return [target]


def _attack_score(state: BattleState, groups: list[tuple[int, list[int]]]) -> float:
    """The attacker's view of a declaration: for each target, the defender's best blocks."""
    score = 0.0
    skill = SKILL
    names = state.names
    castle = state.castle_hits()  # As one: a team's castle, whichever member is attacked
    for target in sorted({t for t, _ in groups}):
        defenders = _defenders(state, target)
        mine = tuple([tuple(g) for t, g in groups if t == target])
        free = tuple(sorted([skill[names[c]] for q in defenders for c in state.soldiers[q]],
                            reverse=True))
        hits = castle[target]
        for term in _target_terms(mine, free, state.config.hits_to_lose - hits, hits):
            score += term  # term by term, as the score was always summed
    return score


@lru_cache(maxsize=1 << 16)  # the planner asks about the same groups again and again
def _target_terms(mine: tuple[tuple[int, ...], ...], free: tuple[int, ...], hits_left: int,
                  hits: int) -> tuple[float, ...]:
    """The terms of `_attack_score` for one target: the hits that get through, then for each
    blocked group the defender's losses and (negated) the attacker's."""
    plan, _ = plan_blocks([list(g) for g in mine], [[] for _ in mine], list(free), hits_left)
    through = sum(len(g) for g, p in zip(mine, plan) if not p)
    terms = [LETHAL if through >= hits_left else through * (6.0 + 2.0 * hits)]
    for g, p in zip(mine, plan):
        if p:
            att, blk = fight(list(g), p)
            terms.append(sum(map(worth, p)) - sum(map(worth, blk)))
            terms.append(-(sum(map(worth, g)) - sum(map(worth, att))))
    return tuple(terms)


def _declare(state: BattleState, player: int) -> Any:
    names = state.names
    current = [(t, [SKILL[names[c]] for _, c in members]) for t, members, _ in state.groups]
    busy = {c for _, members, _ in state.groups for _, c in members}
    free = [c for c in state.soldiers[player] if c not in busy]
    if state.mixed:
        free.sort(key=lambda c: (SKILL[names[c]], _ours_soldier(state, player, c)), reverse=True)
    else:
        free.sort(key=lambda c: SKILL[names[c]], reverse=True)
    base = _attack_score(state, current)
    best, best_gain = None, 0.5
    for target in state.opponents(player):
        for k in range(1, len(free) + 1):
            plan = current + [(target, [SKILL[names[c]]]) for c in free[:k]]
            gain = _attack_score(state, plan) - base
            if gain > best_gain:
                best, best_gain = (target, free[0]), gain
    if best is None:
        return Done()
    target, cid = best
    owner = state.choice_owner(player, free, cid)
    if owner >= 0:
        return OwnedAttack(names[cid], target, len(state.groups), True, owner)
    return Attack(names[cid], target, len(state.groups), True)


# --- blocks and strikes -----------------------------------------------------------------------

def _block(state: BattleState, player: int) -> Any:
    names = state.names
    groups = state.blockable_groups(player)
    busy = {c for _, _, blockers in state.groups for _, c in blockers}
    free = [SKILL[names[c]] for c in state.soldiers[player] if c not in busy]
    attackers = [[SKILL[names[c]] for _, c in state.groups[g][1]] for g in groups]
    blocked = [[SKILL[names[c]] for _, c in state.groups[g][2]] for g in groups]
    hits_left = state.config.hits_to_lose - state.castle_hits()[player]
    plan, _ = plan_blocks(attackers, blocked, free, hits_left)
    for g, extra, group in zip(groups, plan, attackers):
        if extra and group:
            skill = extra[0]
            ids = [c for c in state.soldiers[player] if c not in busy]
            cid = max((c for c in ids if SKILL[names[c]] == skill),
                      key=lambda c: _ours_soldier(state, player, c))
            owner = state.choice_owner(player, ids, cid)
            if owner >= 0:
                return OwnedBlock(names[cid], g, owner)
            return Block(names[cid], g)
    return Done()


def _ours(state: BattleState, player: int, owner: int) -> bool:
    """Whether a soldier owned by `owner` would go to `player`'s team's discard pile if it
    were destroyed (-1: no owner named, as good as any)."""
    return owner >= 0 and state.team[owner] == state.team[player]


def _ours_soldier(state: BattleState, player: int, cid: int) -> bool:
    """Whether soldier `cid` would go to `player`'s team's discard pile if it were destroyed,
    where that is not the one shared pile."""
    return state.mixed and _ours(state, player, state.owner[cid])


def _strike(state: BattleState, player: int) -> Strike:
    """The strongest enemy that has not struck yet, else the strongest; first one that the
    player's own strikes at this skill have not already taken (a second strike at it would
    be wasted). The others' strikes at this skill are secret: it reads only its own."""
    actions = state.legal_actions(player)
    level, names = state.level, state.names
    _, members, blockers = state.groups[state.combats[0]]
    enemies = blockers if state.strikers[0] in members else members
    owners = state.owner
    # Enemies not struck yet: by (controller, name) for a plain action, and by (controller,
    # name, owner) for one naming the owner.
    untaken = Counter((c, names[i]) for c, i in enemies)
    untaken.subtract((c, names[i]) for c, i in state.own_strikes(player))
    if not state.mixed:
        return max(actions, key=lambda a: (untaken[(a.player, a.card)] > 0,
                                           SKILL[a.card] < level, SKILL[a.card], -a.player))
    owned = Counter((c, names[i], owners[i]) for c, i in enemies)
    owned.subtract((c, names[i], owners[i]) for c, i in state.own_strikes(player))

    def left(a: Any) -> bool:  # an enemy this action may mean is not struck yet
        owner = owner_of(a)
        return (untaken[(a.player, a.card)] if owner < 0
                else owned[(a.player, a.card, owner)]) > 0

    return max(actions, key=lambda a: (left(a), SKILL[a.card] < level, SKILL[a.card],
                                       -a.player, _ours(state, player, owner_of(a))))


# --- main step and special abilities ----------------------------------------------------------

def _enemy_soldiers(state: BattleState, player: int) -> list[tuple[int, int]]:
    return [(q, c) for q in state.opponents(player) for c in state.soldiers[q]]


def _weakest(state: BattleState, q: int, k: int) -> list[int]:
    return sorted(SKILL[state.names[c]] for c in state.soldiers[q])[:k]


def _big_play_value(state: BattleState, player: int, action: Any) -> float:
    name = action.card
    if isinstance(action, PlayCourt):
        return worth(SKILL[name]) + 2.0
    rank = "Joker" if name == JOKER else name[:-1]
    victims = [q for q in state.opponents(player) if state.soldiers[q]]
    if rank == "A":
        return 9.0
    if rank == "3":
        enemies = _enemy_soldiers(state, player)
        return max((worth(SKILL[state.names[c]]) for _, c in enemies), default=0.0)
    if rank == "2":
        return max((sum(map(worth, _weakest(state, q, 2))) for q in victims), default=0.0)
    return max((2 * worth(_weakest(state, q, 1)[0]) for q in victims), default=0.0)


def _main(state: BattleState, player: int) -> Any:
    actions = state.legal_actions(player)
    kept = [a for a in actions if isinstance(a, PlaySoldier)
            and (a.card == JOKER or a.card[:-1] in KEEP_FOR_ABILITY)]
    soldiers = [a for a in actions if isinstance(a, PlaySoldier) and a not in kept]
    if soldiers:
        return max(soldiers, key=lambda a: SKILL[a.card])
    big = [a for a in actions if isinstance(a, PlayCourt | PlaySpecial)]
    if big:
        best = max(big, key=lambda a: (_big_play_value(state, player, a), SKILL[a.card]))
        if _big_play_value(state, player, best) >= 9.0:
            return best
    enabler = _court_enabler(state, player, kept)
    if enabler is not None:
        return enabler
    hand_kept = [state.names[c] for c in state.hands[player]
                 if state.names[c] == JOKER or state.names[c][:-1] in KEEP_FOR_ABILITY]
    if len(hand_kept) > MAX_KEPT and kept:
        return min(kept, key=lambda a: card_worth(a.card))
    if not state.soldiers[player] and kept:  # with no soldier at all, abilities are dead
        return min(kept, key=lambda a: card_worth(a.card))
    return EndTurn()


def _court_enabler(state: BattleState, player: int, kept: list[Any]) -> Any:
    """A kept card played as a soldier so that a court card of its suit can come in."""
    if state.used[player]:
        return None
    present = {suit(state.names[c]) for c in state.soldiers[player]}
    stuck = {suit(state.names[c]) for c in state.hands[player]
             if is_court(state.names[c]) and suit(state.names[c]) not in present}
    helpers = [a for a in kept if a.card != JOKER and suit(a.card) in stuck]
    return min(helpers, key=lambda a: card_worth(a.card)) if helpers else None


def _special_choice(state: BattleState, player: int) -> Any:
    actions = state.legal_actions(player)
    if state.phase == OPPONENT:
        card = state.special[1]
        k = 1 if card == JOKER else 2
        castle = state.castle_hits()
        return max(actions, key=lambda a: (sum(map(worth, _weakest(state, a.player, k))),
                                           castle[a.player]))
    if state.phase == THREE:
        mine = set(range(state.num_players)) - set(state.opponents(player))
        return max(actions, key=lambda a: (a.player not in mine, SKILL[a.card],
                                           _ours(state, player, owner_of(a))))
    assert isinstance(actions[0], Sacrifice | GiveSoldier)
    lose = state.phase == SACRIFICE  # lose our own copy, give away the other one
    return min(actions, key=lambda a: (SKILL[a.card], _ours(state, player, owner_of(a)) != lose))



# --- the position estimate used by search (Game.evaluate) ------------------------------------
# Weights of `_player_features`, fitted by logistic regression to the winners of two-player
# heuristic self-play: `python benchmarks/fit_evaluation.py battle`.
EVAL_WEIGHTS = (-1.181, -1.877, -0.04763, 0.9625, 0.8871)


def _player_features(state: BattleState, p: int) -> list[float]:
    """A player's castle (hits taken, and their square: the last hits are the dangerous ones),
    its soldiers (how many and their worth) and its hand. Nothing counts before the battle
    starts (draft and deck building)."""
    if state.phase in (DRAFT, BUILD):
        return [0.0] * 5
    names = state.names
    hits = state.hits[p] / state.config.hits_to_lose
    soldiers = [SKILL[names[c]] for c in state.soldiers[p]]
    return [hits, hits * hits, float(len(soldiers)), sum(worth(s) for s in soldiers) / 10,
            float(len(state.hands[p]))]


def evaluation_features(state: BattleState) -> list[float]:
    """Seat 0's lead over seat 1 in each of `_player_features` (two-player games)."""
    return seat_lead(_player_features, state)


evaluation_label = seat0_result  # the winner of the finished game


def evaluate(state: BattleState) -> list[float]:
    """Each player's chance to win: a softmax of the weighted features over the players still
    in; a team's members share their team's chance."""
    n = state.num_players
    scores = [-math.inf if state.out[p] else
              sum(w * f for w, f in zip(EVAL_WEIGHTS, _player_features(state, p)))
              for p in range(n)]
    chance = share_chances(scores)
    for unit in state.units:
        if len(unit) > 1:
            shared = sum(chance[p] for p in unit)
            for p in unit:
                chance[p] = shared
    return chance
