"""A sensible greedy player for The Game of Champions.

It reads only what its owner may know: it is handed a determinised state, and where the
opponent's battle order was resampled it uses the set of cards still to come, never their
sampled order.

What matters most in this game is who holds the 10s (and Jacks' 2s, which count as 10): a 10
only dies in a tie, so once the Reserve Pile is empty and every turn must attack, a battalion of
10s grinds the other army down. Hence: 10s go to a Queen's battalion, where the Medic revives
whatever a lost tie costs, so her ties with the opponent's 10s are free; 2s go to a Jack; the
Spy takes 2s away from the opponent's Jacks. Battles are valued by the expected worth of the
cards killed and lost over the defender's unknown order, each card weighted by what it is worth
(exact on small battles, from a small Monte Carlo simulation on large ones); the heuristic
attacks when that beats an extra reinforcement, and goes on flipping while the next flip is
worth it. Bare face cards are turned in for an extra card.
"""

from __future__ import annotations

import _random
import math
import random
from functools import cache, lru_cache
from typing import Any

from ...engine.estimate import seat0_result, seat_lead, win_chance
from .actions import (
    Attack,
    Decline,
    Done,
    EndTurn,
    Flip,
    FortifyAgain,
    Pick,
    Place,
    PutNext,
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
    CLOSE,
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

# The weights below were tuned against `random` over a few thousand games (README.md).
# Order in which commanders are given reinforcements at the deal (their advantage's worth).
COMMAND_PRIORITY = {"Q": 0, "K": 1, "A": 2, "J": 3}
BATTALIONS_AT_DEAL = 3
SAMPLES = 12  # defender orders sampled to value an attack
KILL_BATTALION = 2.0  # destroying a battalion, beyond the cards killed
KILL_ARMY = 4.0  # destroying the last battalion: the game
FORTIFY_WORTH = 1.5  # an extra reinforcement, against what a battle is expected to gain
SPY_MARGIN = 0.2  # the Spy is used when its swap is worth more than this


def heuristic_action(state: ChampionsState, player: int, rng: random.Random) -> Any:
    phase = state.phase
    actions = state.legal_actions(player)
    if phase == DISTRIBUTE:
        return _distribute(state, player)
    if phase in (PLACE, GENERAL_PLACE):
        return _place(state, player, actions)
    if phase == MAIN:
        return _main(state, player, actions)
    if phase == GENERAL_PICK:
        return _general_pick(state, player)
    if phase == SPY_PICK:
        return _spy_pick(state, player)
    if phase == SPY_SWAP:
        return _spy_swap(state, player)
    if phase == TARGET:
        return _target(state, player)
    if phase == ORDER:
        return _order(state, player)
    if phase == BATTLE:
        return Flip() if _flip_is_good(state) else Stop()
    if phase == MEDIC:
        return Revive() if Revive() in actions else Decline()
    if phase == CLOSE:
        return _turn_in(state, player, actions) or EndTurn()
    return actions[rng.randrange(len(actions))]  # Roshambo: uniformly at random


# --- set-up and fortifying -----------------------------------------------------------------
def _distribute(state: ChampionsState, player: int) -> Place:
    """Deal every reinforcement (placed or not) by a fixed plan; place the next one by it."""
    table = state.tables[player]
    held = tuple([c for cs in table.values() for c in cs] + state.hands[player])
    card = state.hands[player][0]
    return Place(card, _deal_plan(tuple(table), held)[card])


@lru_cache(maxsize=1 << 12)
def _deal_plan(commanders_in_play: tuple[str, ...], held: tuple[str, ...]) -> dict[str, str]:
    """The commander each of `held` (the placed reinforcements in table order, then the hand)
    goes to. Cached: a search asks again for the same deal at every placement it replays."""
    cards = sorted(held, key=rank_value, reverse=True)  # (stable: equal cards keep their order)
    twos = [c for c in cards if rank_value(c) == 2]
    jacks = [c for c in commanders_in_play if c[0] == "J"]
    commanders = sorted(commanders_in_play, key=lambda c: COMMAND_PRIORITY[c[0]])
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
    return plan


def _place(state: ChampionsState, player: int, actions: list[Any]) -> Place:
    card = actions[0].card
    targets = [a.commander for a in actions]
    table = state.tables[player]
    if rank_value(card) == 2:
        jacks = [c for c in targets if c[0] == "J"]
        if jacks:
            return Place(card, max(jacks, key=lambda c: len(table[c])))
    if rank_value(card) == 10:
        queen = _queen_for_ten(table, targets)
        if queen is not None:
            return Place(card, queen)
    ranks_with_cards = {c[0] for c, cs in table.items() if cs}
    for c in sorted(targets, key=lambda c: COMMAND_PRIORITY[c[0]]):
        if not table[c] and c[0] in "KAQ" and c[0] not in ranks_with_cards:
            return Place(card, c)  # make it a battalion: its advantage becomes usable
    filled = [c for c in targets if table[c]] or targets
    return Place(card, min(filled, key=lambda c: len(table[c])))  # spread: fewer easy kills


# --- the main decision -----------------------------------------------------------------------
def _main(state: ChampionsState, player: int, actions: list[Any]) -> Any:
    turn_in = _turn_in(state, player, actions)
    if turn_in is not None:
        return turn_in
    if UseSpy() in actions and _spy_plan(state, player)[0] > SPY_MARGIN:
        return UseSpy()
    if UseGeneral() in actions and _general_move(state, player) is not None:
        return UseGeneral()
    attack = _best_attack(state, player)
    if attack is not None and (attack[0] > FORTIFY_WORTH or FortifyAgain() not in actions):
        return Attack(attack[1])
    if FortifyAgain() in actions:
        return FortifyAgain()
    return EndTurn() if EndTurn() in actions else actions[0]


def _turn_in(state: ChampionsState, player: int, actions: list[Any]) -> TurnIn | None:
    """The turn-in to make, if any: a bare face card is worth a draw when another battalion of
    its rank gives its advantage anyway; otherwise it is kept while it may still become that
    advantage's battalion (a bare Jack only while a 2 may still come to it)."""
    ranks_with_cards = {c[0] for c, cs in state.tables[player].items() if cs}
    keep_jack = "J" not in ranks_with_cards and _unseen_twos(state) > 0
    for a in actions:
        if type(a) is TurnIn:
            rank = a.commander[0]
            if rank in ranks_with_cards or rank == "J" and not keep_jack:
                return a
    return None


def _unseen_twos(state: ChampionsState) -> int:
    """2s not on the table nor among the casualties: they may still be drawn."""
    seen = sum(1 for t in state.tables for cards in t.values() for c in cards if c[0] == "2")
    seen += sum(1 for dead in state.casualties for c in dead if c[0] == "2")
    return 4 - seen


def _best_attack(state: ChampionsState, player: int) -> tuple[float, str, str] | None:
    mine_all, theirs_all = state.battalions(player), state.battalions(1 - player)
    bonus = _bonus(len(theirs_all), len(mine_all))
    targets = [(t, _defence(state, 1 - player, t)) for t in theirs_all]
    return _best_pair(_attackers(state, player, mine_all), targets, bonus)


def _attackers(state: ChampionsState, player: int, mine_all: list[str]
               ) -> list[tuple[str, tuple[int, ...], float | None]]:
    return [(mine, *_attack_values(state, player, mine)) for mine in mine_all]


def _best_pair(attackers: list[tuple[str, tuple[int, ...], float | None]],
               targets: list[tuple[str, tuple[int, ...]]], bonus: tuple[float, float]
               ) -> tuple[float, str, str] | None:
    """The best (gain, battalion, target); the first of equal gains."""
    best = None
    for mine, att, medic in attackers:
        for theirs, dfn in targets:
            gain = _pair_gain(att, dfn, bonus, medic)
            if best is None or gain > best[0]:
                best = (gain, mine, theirs)
    return best


def _target(state: ChampionsState, player: int) -> Target:
    mine = state.picked_from
    assert mine is not None
    targets = state.battalions(1 - player)
    return Target(max(targets, key=lambda t: _attack_gain(state, player, mine, t)))


def _values(state: ChampionsState, player: int, cmd: str, attacking: bool) -> list[int]:
    return [state.battle_value(c, cmd, attacking) for c in state.tables[player][cmd]]


# What a card of each battle value is worth keeping: every card is a body, a high one also
# wins flips, and a 10 only dies in a tie.
WORTH = (0.0, 0.0) + tuple(0.5 + v / 10 + (1.0 if v == 10 else 0.0) for v in range(2, 11))


def worth(value: int) -> float:
    return WORTH[value]


def _attack_gain(state: ChampionsState, player: int, mine: str, theirs: str) -> float:
    """The better of the two ways of ordering (strongest first, or the weakest as a
    sacrifice first): see `_order_gain`."""
    att, medic = _attack_values(state, player, mine)
    bonus = _bonus(len(state.battalions(1 - player)), len(state.battalions(player)))
    return _pair_gain(att, _defence(state, 1 - player, theirs), bonus, medic)


def _bonus(their_battalions: int, my_battalions: int) -> tuple[float, float]:
    return (KILL_ARMY if their_battalions == 1 else KILL_BATTALION,
            KILL_ARMY if my_battalions == 1 else KILL_BATTALION)


def _attack_values(state: ChampionsState, player: int, mine: str
                   ) -> tuple[tuple[int, ...], float | None]:
    """An attacking battalion's battle values, strongest first, and its Medic's worth."""
    att = tuple(sorted(_values(state, player, mine, True), reverse=True))
    return att, _medic_worth(state, player, mine)


def _defence(state: ChampionsState, player: int, cmd: str) -> tuple[int, ...]:
    return tuple(sorted(_values(state, player, cmd, False)))


@lru_cache(maxsize=1 << 16)
def _pair_gain(att: tuple[int, ...], dfn: tuple[int, ...], bonus: tuple[float, float],
               medic: float | None) -> float:
    return max(_order_gain(tuple(order), dfn, bonus, medic) for order in _orders(list(att)))


def _medic_worth(state: ChampionsState, player: int, commander: str) -> float | None:
    """None if the battalion has no Medic; else the worth of the casualty it would revive
    if this battle loses no card (0 without casualties)."""
    if commander[0] != "Q":
        return None
    dead = state.casualties[player]
    return worth(rank_value(dead[-1])) if dead else 0.0


def _orders(att: list[int]) -> list[list[int]]:
    """Strongest first; or the weakest first, as a cheap forced flip, then strongest first."""
    if len(att) < 2 or att[-1] == att[0]:
        return [att]
    return [att, att[-1:] + att[:-1]]


# `engine.shuffle`'s draws for a list of each length: (index, bits drawn for it); a battalion
# has at most the deck's 36 reinforcements.
_SHUFFLE_DRAWS = tuple(tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
                       for n in range(37))


@cache
def _flip_terms(insured: bool) -> tuple[tuple[float, ...], ...]:
    """`flip_value`'s terms without a bonus, [card][defender's card]: the same floats, added
    in the same order, so that every sum and every decision is the same."""
    value = WORTH
    rows = []
    for card in range(len(value)):
        cost = 0.0 if insured else value[card]
        row = []
        for d in range(len(value)):
            if card > d:
                row.append(value[d])
            elif card < d:
                row.append(-cost)
            else:
                row.append((value[d] - cost) / 2)
        rows.append(tuple(row))
    return tuple(rows)


@lru_cache(maxsize=1 << 16)
def _order_gain(att: tuple[int, ...], dfn: tuple[int, ...], bonus: tuple[float, float],
                medic: float | None) -> float:
    """Expected worth of the cards killed minus the cards lost, attacking in this order
    against a defender in random order with the heuristic's stopping rule; plus a bonus for
    destroying the battalion (`bonus[0]`) and a penalty for losing ours (`bonus[1]`); a
    Medic gives back the last card lost if the battalion survives.

    Exact (`_exact_order_gain`) where the battle is small enough that going through every
    defender's order costs less than sampling; else estimated from `SAMPLES` battles
    (`_sampled_order_gain`). Cached: the Spy's plan asks the same questions many times."""
    if _enumeration_is_cheap(len(att), len(dfn)):
        return _exact_order_gain(att, dfn, bonus, medic)
    return _sampled_order_gain(att, dfn, bonus, medic)


def _enumeration_is_cheap(n_att: int, n_def: int) -> bool:
    """Where `_exact_order_gain` costs less than `_sampled_order_gain`, timed on the questions
    of heuristic games (0.2-0.9 of the time there; 1.4-14 times the time on larger battles):
    the states it goes through grow with both battalions, the samples with their length."""
    return n_att <= 2 or n_def <= 3 or n_att + n_def <= 8


def _exact_order_gain(att: tuple[int, ...], dfn: tuple[int, ...], bonus: tuple[float, float],
                      medic: float | None) -> float:
    """`_order_gain` exactly: the expectation over every order of the defender's cards, a
    tie's coin weighing one half each way. `dfn` is sorted (as `_defence` gives it).

    The battle is followed flip by flip, holding the probability of each state it can be in
    before the attacker's next card: the multiset of the defender's cards still to come on
    the first pass (their order is unknown, and the stopping rule reads only the set), or
    the known order of the survivors after it; the survivors of this pass so far, in order
    (they come back in that order); whether the attacker has won a flip; and its last loss
    (which card the Medic revives, and whether the next flip is still insured). Orders that
    reach the same state are merged. The stopping rule's sum is correctly rounded
    (`math.fsum`), so a decision at exactly zero cannot depend on the cards' order.
    Compared with a plain enumeration of every order in
    tests/games/champions/test_champions_sampler.py."""
    value = WORTH
    wipe, loss = bonus
    has_medic = medic is not None
    plain = _flip_terms(False)
    insured = _flip_terms(True) if has_medic else plain
    # The end of the battle when our battalion survives, by the last card lost: the Medic
    # revives it (or, with no card lost, the casualty before the battle); -1: no Medic.
    alive = [medic, *value[1:], 0.0] if medic is not None else [0.0] * (len(value) + 1)
    n_att = len(att)
    stops, draws = _STOPS, _DRAWS
    total = 0.0
    # (cards to come in this pass, survivors so far, first pass?, won a flip?, last loss)
    states: dict[tuple, float] = {(dfn, (), True, False, 0): 1.0}
    for i, a in enumerate(att):
        lost = a if has_medic else -1
        last_card = i + 1 == n_att
        left = n_att - i - 1  # the attacker's cards after this flip
        after: dict[tuple, float] = {}
        get = after.get
        for (rest, survivors, first, kept, last), p in states.items():
            if i:  # the stopping rule (see `_stops`)
                ins = has_medic and not last
                if first:
                    stop = stops.get((a, ins, rest))
                    if stop is None:
                        stop = _stops(a, ins, rest, (insured if ins else plain)[a])
                else:
                    stop = (insured if ins else plain)[a][rest[0]] < 0
                if stop:
                    total += p * alive[last]
                    continue
            outcomes = (draws.get(rest) or _draws(rest)) if first else \
                ((rest[0], 1.0, rest[1:]),)
            for d, share, others in outcomes:
                q = p * share
                if a >= d:  # won (a tie: half the time)
                    w = q if a > d else q / 2
                    total += w * value[d]
                    if not others and not survivors:  # the defender's battalion is destroyed
                        total += w * (wipe + alive[last])
                    elif last_card:
                        total += w * alive[last]
                    else:
                        key = (others, (), first, True, last) if others and not survivors \
                            else _next_state(others, survivors, first, True, last, left)
                        after[key] = get(key, 0.0) + w
                if a <= d:  # lost (a tie: the other half)
                    w = q if a < d else q / 2
                    total -= w * value[a]
                    if last_card:
                        total += w * (alive[lost] if kept else -loss)
                    else:  # (the common case first: this pass will not end)
                        key = (others, (), first, kept, lost) if left < len(others) \
                            else _next_state(others, survivors + (d,), first, kept, lost, left)
                        after[key] = get(key, 0.0) + w
        states = after
    return total


def _next_state(rest: tuple[int, ...], survivors: tuple[int, ...], first: bool, kept: bool,
                last: int, left: int) -> tuple:
    """The state before the attacker's next card (`left` cards to come). The survivors start
    the next pass when this one is done; their order matters only if the attacker can reach
    that pass, and whether there are any only if it can reach this pass's end (so more
    states merge)."""
    if not rest:
        return (survivors, (), False, kept, last)
    if survivors and left <= len(rest):
        survivors = () if left < len(rest) else (0,)
    return (rest, survivors, first, kept, last)


_STOPS: dict[tuple, bool] = {}
_DRAWS: dict[tuple[int, ...], tuple[tuple[int, float, tuple[int, ...]], ...]] = {}
_KEPT = 1 << 15  # entries of each table above, cleared when full


def _stops(card: int, insured: bool, rest: tuple[int, ...], row: tuple[float, ...]) -> bool:
    """The heuristic's stopping rule on the first pass (`_flip_is_good`, without its bonus
    for the last card, which never changes the sign), against the set of cards to come;
    kept per question."""
    if len(_STOPS) >= _KEPT:
        _STOPS.clear()
    stop = _STOPS[card, insured, rest] = math.fsum([row[d] for d in rest]) < 0
    return stop


def _draws(rest: tuple[int, ...]) -> tuple[tuple[int, float, tuple[int, ...]], ...]:
    """Each distinct card of a sorted multiset, the chance it comes next, and the rest."""
    if len(_DRAWS) >= _KEPT:
        _DRAWS.clear()
    out = []
    n = len(rest)
    for j, d in enumerate(rest):
        if not j or rest[j - 1] != d:
            out.append((d, rest.count(d) / n, rest[:j] + rest[j + 1:]))
    draws = _DRAWS[rest] = tuple(out)
    return draws


def _sampled_order_gain(att: tuple[int, ...], dfn: tuple[int, ...],
                        bonus: tuple[float, float], medic: float | None) -> float:
    """`_order_gain` estimated from `SAMPLES` battles against a shuffled defender.

    The samples come from a generator seeded by the question itself, so the answer is the same
    every time it is asked (and cached): the search costs little and stays reproducible.

    Each sample shuffles the defender's cards (`engine.shuffle`'s draws) and plays one battle:
    the attacker flips while `flip_value` of its next card against the defender's cards still
    to come (on the first pass, the set; then the next one) is not negative; ties are a coin
    (`random() < 0.5`). This loop is most of a heuristic game's time: it is written out in
    one function, with `flip_value`'s terms from a table (`_flip_terms`), and is compared
    draw for draw with the plain version in tests/games/champions/test_champions_sampler.py."""
    # (hash(None) differs between processes; a number does not. `_random.Random` is
    # `random.Random`'s generator, seeded alike, without its Python-level `seed`.)
    rng = _random.Random(hash((att, dfn, bonus, -1.0 if medic is None else medic)))
    bits = rng.getrandbits
    coin = rng.random
    value = WORTH
    wipe, loss = bonus
    has_medic = medic is not None
    # (`flip_value`'s bonus for a win against the defender's last card never changes its sign:
    # with one card to come there is one term, and a tie is then worth 0 or more either way.)
    plain = _flip_terms(False)
    start = _flip_terms(True) if has_medic else plain  # insured until a card is lost
    draws = _SHUFFLE_DRAWS[len(dfn)]
    n_att, n_def = len(att), len(dfn)
    total = 0.0
    for _ in range(SAMPLES):
        current = list(dfn)
        for i, k in draws:
            j = bits(k)
            while j > i:
                j = bits(k)
            current[i], current[j] = current[j], current[i]
        rows = start
        score = 0.0
        last_loss = kept = pos = i = 0
        survivors: list[int] = []
        first_pass, wiped = True, False
        left = -1  # the attacker's cards left, once the battle ends
        size = n_def
        for a in att:
            if i:  # go on only if the next flip is worth it
                row = rows[a]
                if first_pass:
                    s = 0.0
                    for d in current[pos:]:
                        s += row[d]
                    if s < 0:
                        left = kept + n_att - i
                        break
                elif row[current[pos]] < 0:
                    left = kept + n_att - i
                    break
            i += 1
            d = current[pos]
            pos += 1
            if a > d or (a == d and coin() < 0.5):
                score += value[d]
                kept += 1
            else:
                score -= value[a]
                rows = plain
                last_loss = a
                survivors.append(d)
            if pos == size:
                current, survivors, pos, first_pass = survivors, [], 0, False
                size = len(current)
                if not size:
                    wiped = True
                    left = kept + n_att - i
                    break
        if left < 0:
            left = kept
        if wiped:
            score += wipe
        if not left:
            score -= loss
        elif has_medic:
            score += value[last_loss] if last_loss else medic
        total += score
    return total / SAMPLES


def flip_value(card: int, candidates: list[int], insured: bool = False,
               wipe: float = 0.0) -> float:
    """Expected worth won minus worth lost by flipping `card` against one of `candidates`;
    an insured card (the Medic will revive it) costs nothing to lose; `wipe` is the bonus
    for winning when this is the defender's last card."""
    value = WORTH
    cost = 0.0 if insured else value[card]
    total = 0.0
    for d in candidates:
        if card > d:
            total += value[d] + wipe
        elif card < d:
            total -= cost
        else:
            total += (value[d] + wipe - cost) / 2
    return total / len(candidates)


def _flip_is_good(state: ChampionsState) -> bool:
    b = state.battle
    assert b is not None
    card = state.battle_value(b.att_stack[b.att_pos], b.att_cmd, True)
    # On the first pass the defender's order is secret: only the set of cards is known.
    pool = b.def_unflipped() if b.def_round == 1 else b.def_pass[b.def_pos:b.def_pos + 1]
    values = [state.battle_value(c, b.def_cmd, False) for c in pool]
    lost_none = all(f["winner"] == b.attacker for f in b.flips)
    insured = b.att_cmd[0] == "Q" and lost_none
    wipe = 0.0
    if len(b.def_unflipped()) + len(b.def_next) == 1:
        wipe = KILL_ARMY if not state.battalions(b.defender) else KILL_BATTALION
    return flip_value(card, values, insured, wipe) >= 0


def _order(state: ChampionsState, player: int) -> Any:
    """Attacker: the better of the two orders; defender: strongest first."""
    b = state.battle
    assert b is not None
    hand = b.hand[player]  # highest first
    if player != b.attacker or b.order[player]:
        return RestAsShown()
    cmd = b.att_cmd
    att = [state.battle_value(c, cmd, True) for c in hand]
    dfn = [state.battle_value(c, b.def_cmd, False) for c in b.order[b.defender] +
           b.hand[b.defender]]
    bonus = (KILL_ARMY if len(state.battalions(b.defender)) == 0 else KILL_BATTALION,
             KILL_ARMY if len(state.battalions(player)) == 0 else KILL_BATTALION)
    orders = _orders(att)
    medic = _medic_worth(state, player, cmd)
    defender = tuple(sorted(dfn))
    gains = [_order_gain(tuple(o), defender, bonus, medic) for o in orders]
    if len(orders) > 1 and gains[1] > gains[0]:
        return PutNext(hand[-1])
    return RestAsShown()


# --- advantages ------------------------------------------------------------------------------
_SPY_PLANS: dict[tuple, tuple[float, str, str]] = {}
_SPY_PLANS_KEPT = 1 << 12


def _spy_plan(state: ChampionsState, player: int,
              first: str | None = None) -> tuple[float, str, str]:
    """The Spy's best swap of two opponent cards (`first` fixed once picked), scored by the
    best attack it opens plus the worth it takes from the opponent (a 2 moved out of a
    Jack's battalion is a 10 lost). A score <= 0 means: not worth it.

    Kept per position (all it reads: both tables, the last casualty, the Cavalry option):
    the plan that made the heuristic use its Spy is asked again when it picks the card."""
    dead = state.casualties[player]
    key = (player, first, state.config.cavalry, dead[-1] if dead else None,
           *[tuple([(c, *cards) for c, cards in table.items()]) for table in state.tables])
    plan = _SPY_PLANS.get(key)
    if plan is None:
        if len(_SPY_PLANS) >= _SPY_PLANS_KEPT:
            _SPY_PLANS.clear()
        plan = _SPY_PLANS[key] = _plan_spy(state, player, first)
    return plan


def _plan_spy(state: ChampionsState, player: int, first: str | None) -> tuple[float, str, str]:
    other = 1 - player
    theirs = state.tables[other]
    battalions = state.battalions(other)
    # `_best_attack` before and after each swap; a swap changes only its two battalions.
    mine_all = state.battalions(player)
    attackers = _attackers(state, player, mine_all)
    bonus = _bonus(len(battalions), len(mine_all))
    targets = [(t, _defence(state, other, t)) for t in battalions]
    base_attack = _best_pair(attackers, targets, bonus)
    base = base_attack[0] if base_attack else 0.0
    best = (0.0, "", "")
    worth_before: dict[tuple[str, str], float] = {}
    for a, x, b, y in _spy_candidates(state, other, battalions, first):
        before = worth_before.get((x, y))
        if before is None:
            before = worth_before[x, y] = _army_worth(state, other, (x, y))
        xa, yb = theirs[x].index(a), theirs[y].index(b)
        theirs[x][xa], theirs[y][yb] = b, a
        after = _army_worth(state, other, (x, y))
        swapped = [(t, _defence(state, other, t)) if t == x or t == y else (t, dfn)
                   for t, dfn in targets]
        attack = _best_pair(attackers, swapped, bonus)
        theirs[x][xa], theirs[y][yb] = a, b
        score = (attack[0] if attack else 0.0) - base + (before - after)
        if score > best[0]:
            best = (score, a, b)
    return best


def _spy_candidates(state: ChampionsState, other: int, battalions: list[str],
                    first: str | None) -> list[tuple[str, str, str, str]]:
    """(card, its battalion, partner, its battalion): for every battalion, its best card
    against the weakest card elsewhere; every 2 of a Jack against the best card elsewhere."""
    theirs = state.tables[other]
    out = []
    for x in battalions:
        cards = [first] if first in theirs[x] else theirs[x] if first is None else []
        for a in cards:
            elsewhere = [(c, y) for y in battalions if y != x for c in theirs[y]]
            weakest = min(elsewhere, key=lambda e: state.battle_value(e[0], x, False))
            strongest = max(elsewhere, key=lambda e: state.battle_value(e[0], e[1], False))
            out.append((a, x, weakest[0], weakest[1]))
            if state.battle_value(a, x, False) != rank_value(a):  # a Jack's 2
                out.append((a, x, strongest[0], strongest[1]))
    return out


def _army_worth(state: ChampionsState, player: int, commanders: tuple[str, ...]) -> float:
    table = state.tables[player]
    value = state.battle_value
    return sum(WORTH[value(c, cmd, False)] for cmd in commanders for c in table[cmd])


def _spy_pick(state: ChampionsState, player: int) -> Pick:
    _, a, _ = _spy_plan(state, player)
    return Pick(a) if a else state.legal_actions(player)[0]


def _spy_swap(state: ChampionsState, player: int) -> SwapWith:
    actions = state.legal_actions(player)
    first = state.picked
    assert first is not None
    _, _, b = _spy_plan(state, player, first)
    choice = SwapWith(b)
    return choice if choice in actions else actions[0]


def _general_move(state: ChampionsState, player: int) -> tuple[str, str] | None:
    """A useful move: a 2 to a Jack (it counts as 10 there), or a 10 to a Queen's battalion
    that has none (her Medic makes its ties free: a lost 10 is revived)."""
    table = state.tables[player]
    jacks = [c for c in table if c[0] == "J"]
    if jacks:
        jack = max(jacks, key=lambda c: len(table[c]))
        for cmd, cards in table.items():
            if cmd[0] != "J":
                for c in cards:
                    if rank_value(c) == 2:
                        return c, jack
    queen = _queen_for_ten(table, list(table))
    if queen is not None:
        for cmd, cards in table.items():
            if cmd != queen and cmd[0] != "Q":
                for c in cards:
                    if rank_value(c) == 10:
                        return c, queen
    return None


def _queen_for_ten(table: dict[str, list[str]], targets: list[str]) -> str | None:
    """A Queen's battalion among `targets` without a 10 (the largest one)."""
    queens = [c for c in targets if c[0] == "Q" and table[c]
              and not any(rank_value(x) == 10 for x in table[c])]
    return max(queens, key=lambda c: len(table[c])) if queens else None


def _general_pick(state: ChampionsState, player: int) -> Any:
    move = _general_move(state, player)
    return Pick(move[0]) if move is not None else Done()


# --- the position estimate used by search (Game.evaluate) ------------------------------------
# Weights of `evaluation_features`, fitted by logistic regression to the winners of heuristic
# self-play: `python benchmarks/fit_evaluation.py champions`.
EVAL_WEIGHTS = (-0.05233, 0.1946, 0.6264, 0.05362, 0.0963)


def _army_features(state: ChampionsState, p: int) -> list[float]:
    """Reinforcements (on the table, in a battle, still to distribute), their values, the 10s
    (a Jack's 2s count), the battalions and the face cards of one player."""
    cards = [(c, cmd) for cmd, on in state.tables[p].items() for c in on]
    b = state.battle
    if b is not None:
        if p == b.attacker:
            cmd, fighting = b.att_cmd, b.att_survivors + b.att_unflipped() + b.hand[p]
        else:
            cmd, fighting = b.def_cmd, b.def_next + b.def_unflipped() + b.hand[p]
        cards += [(c, cmd) for c in fighting]
    values = [rank_value(c) for c, _ in cards] + [rank_value(c) for c in state.hands[p]]
    tens = sum(1 for c, cmd in cards if rank_value(c) == 10 or (cmd[0] == "J" and c[0] == "2"))
    battalions = sum(1 for on in state.tables[p].values() if on) + (b is not None)
    return [float(len(values)), sum(values) / 10, float(tens), float(battalions),
            float(len(state.tables[p]))]


def evaluation_features(state: ChampionsState) -> list[float]:
    """Seat 0's lead over seat 1 in each of `_army_features`."""
    return seat_lead(_army_features, state)


evaluation_label = seat0_result  # the winner of the finished game


def evaluate(state: ChampionsState) -> list[float]:
    p = win_chance(EVAL_WEIGHTS, evaluation_features(state))
    return [p, 1.0 - p]
