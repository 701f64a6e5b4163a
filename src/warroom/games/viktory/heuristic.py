"""A sensible greedy player for both seats and both modes.

Casualties: the owner gives up the unit whose loss costs the fewest dice (then the cheapest);
a firer with selective hits takes the unit whose loss costs the most dice (then the dearest).
Dice: the attacker fights on unless its prospects per round are hopeless. Cards: the attacker
launches a wave with the Attack card that lands the most hits (a Surprise Attack narrows the
defender's answers; Secrecy is worth most against artillery) and renews while it can; a player
facing live hits answers with the Counter whose blocked hits plus landed hits, less what the
card is worth later, is best, and passes when no card is worth its price. Special Events are
played when they cut the opponent's dice more than one's own. Discards: the least useful card.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Casualty, Draw, FightOn, MoveIn, Pass, PlayCard, Retreat
from .cards import Card
from .state import ATT, DEF, ViktoryState

UNIT_COST = (1.0, 1.5, 2.0, 2.0)  # infantry, cavalry, artillery, frigate
HOPELESS = 0.25  # retreat when the attacker kills this small a share of what the defender kills
PLAY_THRESHOLD = 0.2


def heuristic_action(state: ViktoryState, player: int, rng: random.Random) -> Any:
    actions = state.legal_actions(player)
    kind = state.decision[0] if state.decision else ""
    if kind == "casualty":
        return _casualty(state, player, actions)
    if kind == "continue":
        return FightOn() if _fight_on(state) else Retreat()
    if kind == "wave":
        return _wave(state, actions)
    if kind == "play":
        return _respond(state, player, actions)
    if kind == "draw":
        draws = [a for a in actions if type(a) is Draw]
        return max(draws, key=lambda a: a.count)
    return min(actions, key=lambda a: card_worth(state.cards[a.card]))  # discards


def card_worth(card: Card) -> float:
    """How useful a card is to keep: its hits and misses, more for attacking and effects."""
    return card.hits + card.misses + 0.8 * card.can_attack + 0.5 * (card.effect is not None)


# --- casualties -------------------------------------------------------------------------------
def _casualty(state: ViktoryState, player: int, actions: list[Casualty]) -> Casualty:
    victim = state.queue[0][0]
    own = victim == player

    def harm(a: Casualty) -> tuple[float, float]:
        loss = _dice_lost(state, victim, a)
        cost = UNIT_COST[a.unit] * (0.5 if a.attacker and a.side == 0 else 1.0)
        return (loss, cost)

    return min(actions, key=harm) if own else max(actions, key=harm)


def _dice_lost(state: ViktoryState, victim: int, a: Casualty) -> int:
    """Dice the victim would lose with this unit (bombarding units add no battle dice)."""
    units = state.defender if victim == DEF else state.attacker[a.side]
    before = state.dice(victim)
    units[a.unit] -= 1
    after = state.dice(victim)
    units[a.unit] += 1
    return before - after


# --- dice ----------------------------------------------------------------------------------------
def _hit_chance(state: ViktoryState, player: int) -> float:
    return (4 if state.battle.supply[player] else 3) / 6


def _fight_on(state: ViktoryState) -> bool:
    a, d = state.units(ATT), state.units(DEF)
    my_rate = state.attacker_dice() * _hit_chance(state, ATT) / max(d, 1)
    their_rate = state.defender_dice()[0] * _hit_chance(state, DEF) / max(a, 1)
    return my_rate >= HOPELESS * their_rate


# --- cards ---------------------------------------------------------------------------------------
def _event_gain(state: ViktoryState, player: int, card: Card) -> int:
    """Dice the opponent loses less dice the player loses, if the event took effect now."""
    before = (state.dice(player), state.dice(1 - player))
    state.events.append([card.effect, player])
    after = (state.dice(player), state.dice(1 - player))
    state.events.pop()
    return (before[1] - after[1]) - (before[0] - after[0])


def _best_event(state: ViktoryState, player: int, actions: list[Any]) -> PlayCard | None:
    events = [a for a in actions if type(a) is PlayCard and a.use == "event"]
    scored = [(_event_gain(state, player, state.cards[a.card]), a) for a in events]
    good = [(g, a) for g, a in scored if g > 0]
    return max(good, key=lambda ga: ga[0])[1] if good else None


def _wave(state: ViktoryState, actions: list[Any]) -> Any:
    if any(type(a) is MoveIn for a in actions):
        return next(a for a in actions if type(a) is MoveIn)
    event = _best_event(state, ATT, actions)
    if event is not None:
        return event
    attacks = [a for a in actions if type(a) is PlayCard and a.use == "attack"]
    if not attacks:
        return actions[-1]  # stand your ground
    qualified = state.attacker_dice()
    artillery_threat = (state.battle.overwatch and not state.overwatch_used
                        and state.defender[2] > 0)

    def score(a: PlayCard) -> float:
        c = state.cards[a.card]
        value = min(c.hits, qualified) + 0.6 * (c.attack == "surprise")
        if c.effect == "secrecy" and artillery_threat:
            value += 1.5
        return value - 0.4 * c.can_counter  # an Attack/Counter card is worth keeping

    return max(attacks, key=score)


def _respond(state: ViktoryState, player: int, actions: list[Any]) -> Any:
    event = _best_event(state, player, actions)
    if event is not None:
        return event
    counters = [a for a in actions if type(a) is PlayCard and a.use == "counter"]
    pending = state.pending
    mine = state.units(player)
    attack_cards = sum(state.cards[c].can_attack for c in state.hands[ATT])

    def value(a: PlayCard) -> float:
        c = state.cards[a.card]
        taken = pending - state.blocked(c)
        qualified = state.dice(player)
        if player == ATT and taken:
            qualified = max(0, min(qualified, mine - taken))
        landed = min(c.hits, qualified, state.units(1 - player))
        worth = (pending - taken) * 1.1 + landed + 0.3 * (c.counter == "surprise")
        if taken >= mine:
            worth -= 3  # the side would be wiped out anyway
        price = 0.15 * card_worth(c)
        if player == ATT and c.can_attack:
            price += 1.0 if attack_cards <= 2 else 0.3  # keep Attack cards for later waves
        return worth - price

    if counters:
        best = max(counters, key=value)
        if value(best) > PLAY_THRESHOLD:
            return best
    return next(a for a in actions if type(a) is Pass)

