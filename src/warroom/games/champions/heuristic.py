"""A sensible greedy player for The Game of Champions.

It reads only what its owner may know (it is handed a determinised state, and where the
opponent's battle order was resampled it uses the set of cards still to come, never their
sampled order). Battles: attack where the expected trade of cards is best, cards in descending
order, and go on flipping while the next flip is at least as likely to be won as lost.
Set-up: a few strong battalions under the commanders whose advantages help most; 2s go to a
Jack. Advantages: the Spy moves the best card out of the target, the General brings 2s to a
Jack; bare face cards are turned in for an extra reinforcement; the Medic always revives.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import (
    Attack,
    Decline,
    Done,
    EndTurn,
    Flip,
    FortifyAgain,
    Pick,
    Place,
    RestAsShown,
    Revive,
    Stop,
    SwapWith,
    Target,
    TurnIn,
    UseGeneral,
    UseSpy,
)
from .state import (
    BATTLE,
    DISTRIBUTE,
    GENERAL_PICK,
    GENERAL_PLACE,
    MAIN,
    MEDIC,
    ORDER,
    PLACE,
    SPY_PICK,
    SPY_SWAP,
    TARGET,
    ChampionsState,
    rank_value,
)

# Order in which commanders are given reinforcements at the deal (their advantage's worth).
COMMAND_PRIORITY = {"K": 0, "A": 1, "Q": 2, "J": 3}
BATTALIONS_AT_DEAL = 3
SAMPLES = 12  # defender orders sampled to value an attack
KILL_BATTALION = 2.0
KILL_ARMY = 100.0


def heuristic_action(state: ChampionsState, player: int, rng: random.Random) -> Any:
    phase = state.phase
    actions = state.legal_actions(player)
    if phase == DISTRIBUTE:
        return _distribute(state, player)
    if phase in (PLACE, GENERAL_PLACE):
        return _place(state, player, actions)
    if phase == MAIN:
        return _main(state, player, actions, rng)
    if phase == GENERAL_PICK:
        return _general_pick(state, player)
    if phase == SPY_PICK:
        return Pick(_spy_plan(state, player)[0])
    if phase == SPY_SWAP:
        return _spy_swap(state, player)
    if phase == TARGET:
        return _target(state, player, rng)
    if phase == ORDER:
        return RestAsShown()  # the hand is shown highest first
    if phase == BATTLE:
        return Flip() if _flip_is_good(state) else Stop()
    if phase == MEDIC:
        return Revive() if Revive() in actions else Decline()
    return actions[rng.randrange(len(actions))]  # Roshambo: uniformly at random


# --- set-up and fortifying -----------------------------------------------------------------
def _distribute(state: ChampionsState, player: int) -> Place:
    """Deal every reinforcement (placed or not) by a fixed plan; place the next one by it."""
    table = state.tables[player]
    cards = sorted([c for cs in table.values() for c in cs] + state.hands[player],
                   key=lambda c: -rank_value(c))
    twos = [c for c in cards if rank_value(c) == 2]
    jacks = [c for c in table if c[0] == "J"]
    commanders = sorted(table, key=lambda c: COMMAND_PRIORITY[c[0]])
    chosen = commanders[:BATTALIONS_AT_DEAL]
    plan: dict[str, str] = {}
    if jacks and twos:
        for c in twos:
            plan[c] = jacks[0]
        if jacks[0] not in chosen:
            chosen = chosen[:-1] + [jacks[0]] if len(chosen) == BATTALIONS_AT_DEAL else \
                chosen + [jacks[0]]
    rest = [c for c in cards if c not in plan]
    n = len(chosen)
    for i, c in enumerate(rest):  # snake order keeps the battalions of equal strength
        k = i % (2 * n)
        plan[c] = chosen[k if k < n else 2 * n - 1 - k]
    card = state.hands[player][0]
    return Place(card, plan[card])


def _place(state: ChampionsState, player: int, actions: list[Any]) -> Place:
    card = actions[0].card
    targets = [a.commander for a in actions]
    table = state.tables[player]
    if rank_value(card) == 2:
        jacks = [c for c in targets if c[0] == "J"]
        if jacks:
            return Place(card, max(jacks, key=lambda c: len(table[c])))
    ranks_with_cards = {c[0] for c, cs in table.items() if cs}
    for c in sorted(targets, key=lambda c: COMMAND_PRIORITY[c[0]]):
        if not table[c] and c[0] in "KAQ" and c[0] not in ranks_with_cards:
            return Place(card, c)  # make it a battalion: its advantage becomes usable
    filled = [c for c in targets if table[c]] or targets
    return Place(card, min(filled, key=lambda c: len(table[c])))


# --- the main decision -----------------------------------------------------------------------
def _main(state: ChampionsState, player: int, actions: list[Any], rng: random.Random) -> Any:
    table = state.tables[player]
    ranks_with_cards = {c[0] for c, cs in table.items() if cs}
    for a in actions:
        if type(a) is TurnIn and (a.commander[0] == "J" or a.commander[0] in ranks_with_cards):
            return a
    if UseSpy() in actions and _spy_plan(state, player) is not None:
        return UseSpy()
    if UseGeneral() in actions and _general_move(state, player) is not None:
        return UseGeneral()
    attack = _best_attack(state, player, rng)
    if attack is not None and (attack[0] > 0 or FortifyAgain() not in actions):
        return Attack(attack[1])
    if FortifyAgain() in actions:
        return FortifyAgain()
    return EndTurn() if EndTurn() in actions else actions[0]


def _best_attack(state: ChampionsState, player: int,
                 rng: random.Random) -> tuple[float, str, str] | None:
    best = None
    for mine in state.battalions(player):
        for theirs in state.battalions(1 - player):
            gain = _attack_gain(state, player, mine, theirs, rng)
            if best is None or gain > best[0]:
                best = (gain, mine, theirs)
    return best


def _target(state: ChampionsState, player: int, rng: random.Random) -> Target:
    mine = state.picked_from
    assert mine is not None
    targets = state.battalions(1 - player)
    return Target(max(targets, key=lambda t: _attack_gain(state, player, mine, t, rng)))


def _values(state: ChampionsState, player: int, cmd: str, attacking: bool) -> list[int]:
    return [state.battle_value(c, cmd, attacking) for c in state.tables[player][cmd]]


def _attack_gain(state: ChampionsState, player: int, mine: str, theirs: str,
                 rng: random.Random) -> float:
    """Expected cards killed minus cards lost, attacking in descending order against a
    defender in random order, stopping when the next flip looks bad; plus bonuses for
    destroying the battalion (and the whole army)."""
    att = sorted(_values(state, player, mine, True), reverse=True)
    dfn = _values(state, 1 - player, theirs, False)
    last_battalion = len(state.battalions(1 - player)) == 1
    my_last = len(state.battalions(player)) == 1
    total = 0.0
    for _ in range(SAMPLES):
        order = dfn[:]
        rng.shuffle(order)
        kills, losses, wiped, lost_all = _simulate(att, order)
        score = kills - losses
        if wiped:
            score += KILL_ARMY if last_battalion else KILL_BATTALION
        if lost_all:
            score -= KILL_ARMY if my_last else KILL_BATTALION
        total += score
    return total / SAMPLES


def _simulate(att: list[int], dfn: list[int]) -> tuple[int, int, bool, bool]:
    """One battle with the heuristic's stopping rule; ties count as half a win."""
    kills = losses = 0
    current, survivors = dfn, []
    pos = 0
    first_pass = True
    for i, a in enumerate(att):
        unknown = current[pos:] if first_pass else current[pos:pos + 1]
        if i and not _worth_it(a, unknown):
            break
        d = current[pos]
        pos += 1
        if a > d or (a == d and (i + pos) % 2):
            kills += 1
        else:
            losses += 1
            survivors.append(d)
        if pos == len(current):
            current, survivors, pos, first_pass = survivors, [], 0, False
            if not current:
                return kills, losses, True, False
    return kills, losses, False, losses == len(att)


def _worth_it(card: int, candidates: list[int]) -> bool:
    """Go on if the next flip is at least as likely to be won as lost."""
    wins = sum(card > d for d in candidates)
    losses = sum(card < d for d in candidates)
    return wins >= losses


def _flip_is_good(state: ChampionsState) -> bool:
    b = state.battle
    assert b is not None
    card = state.battle_value(b.att_stack[b.att_pos], b.att_cmd, True)
    # On the first pass the defender's order is secret: only the set of cards is known.
    pool = b.def_unflipped() if b.def_round == 1 else b.def_pass[b.def_pos:b.def_pos + 1]
    values = [state.battle_value(c, b.def_cmd, False) for c in pool]
    return _worth_it(card, values)


# --- advantages ------------------------------------------------------------------------------
def _spy_plan(state: ChampionsState, player: int) -> tuple[str, str] | None:
    """(card to move out of the battalion we mean to attack, weaker card to bring in)."""
    other = 1 - player
    theirs = state.tables[other]
    battalions = state.battalions(other)
    if len(battalions) < 2:
        return None
    target = min(battalions, key=lambda t: sum(_values(state, other, t, False)))
    best_out = max(theirs[target], key=lambda c: state.battle_value(c, target, False))
    outside = [(c, cmd) for cmd in battalions if cmd != target for c in theirs[cmd]]
    best_in = min(outside, key=lambda x: state.battle_value(x[0], target, False))
    if state.battle_value(best_in[0], target, False) >= state.battle_value(best_out, target,
                                                                              False):
        return None
    if state.phase == SPY_SWAP:
        return (state.picked or best_out, best_in[0])
    return best_out, best_in[0]


def _spy_swap(state: ChampionsState, player: int) -> SwapWith:
    actions = state.legal_actions(player)
    target = state.picked_from
    assert target is not None
    return min(actions, key=lambda a: state.battle_value(a.card, target, False))


def _general_move(state: ChampionsState, player: int) -> tuple[str, str] | None:
    """A 2 outside a Jack's battalion and the Jack to take it."""
    table = state.tables[player]
    jacks = [c for c in table if c[0] == "J"]
    if not jacks:
        return None
    jack = max(jacks, key=lambda c: len(table[c]))
    for cmd, cards in table.items():
        if cmd[0] != "J":
            for c in cards:
                if rank_value(c) == 2:
                    return c, jack
    return None


def _general_pick(state: ChampionsState, player: int) -> Any:
    move = _general_move(state, player)
    return Pick(move[0]) if move is not None else Done()
