"""A sensible greedy player of a battle, for both sides and all three modes (the one-battle game's
player, and the map game's in its battles).

Casualties: the owner gives up the unit whose loss costs the fewest dice (then the cheapest); a
firer with selective hits takes the unit whose loss costs the most dice (then the dearest).
Dice: the attacker fights on unless its prospects per round are hopeless. Cards: the attacker
stands its ground when renewing is hopeless, else brings its reserve and launches the wave with
the Attack card that lands the most hits (a Surprise Attack narrows the defender's answers;
Secrecy is worth most against artillery); a player facing live hits answers with the Counter
whose blocked hits plus landed hits, less what the card is worth later, is best (a town or
city emptied in the round: its landed hits alone), and passes when no card is worth its price.
Special Events are played when they cut the opponent's dice more than one's own (Mud and
Ignore Terrain only when a card of one's own would follow in the round: else they end with
it, having changed nothing), Reinforcements whenever there is a reserve to draw (the unit
adding the most dice). Overwatch fires unless its expected hits exceed the units in reach and
a later wave can still bring more. Hybrid: the reserve is brought, Secrecy played against
artillery, and the card window used for events and for Reversal of Fortune against the
opponent's events. Discards: the least useful card. Asked to play with nothing it could play
(the other side cannot tell), it passes.

`battle_action(session, seat)` answers a decision of a session; `attack_odds` estimates an
attack before it is declared, for a game deciding whether to start one.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import (
    Bring,
    Casualty,
    DrawIn,
    FightOn,
    FireOverwatch,
    HoldOverwatch,
    Launch,
    MoveIn,
    Pass,
    PassWindow,
    PlayCard,
    Retreat,
    StandGround,
)
from .cards import Card
from .dice import hit_chance
from .resolver import ATT, DEF, BattleSession
from .units import ART

UNIT_COST = (1.0, 1.5, 2.0, 2.0)  # infantry, cavalry, artillery, frigate
HOPELESS = 0.25  # retreat when the attacker kills this small a share of what the defender kills
PLAY_THRESHOLD = 0.2
FLIP_HIT = 0.5  # about half the sample deck are Attack or Attack/Counter cards


# Special Events that change only the dice each side counts, until the card battle round ends.
ROUND_EVENTS = ("mud", "ignore_terrain")


def battle_action(state: BattleSession, seat: int, rng: random.Random) -> Any:
    """The heuristic's choice at the session's decision (`seat` is the game's seat), but for
    a Special Event that changes the dice counted (Mud, Ignore Terrain) in a card battle
    round when its player would play no card after it: the hits live already are fixed, and
    the pass that would follow ends the round and the event with it (8 of 29 such plays in
    30 Viktory II games were followed by a pass). Then the card is played as the Counter it
    also is where that is worth it, else kept."""
    action = _choice(state, seat, rng)
    if type(action) is not PlayCard or action.use != "event" or state.decision[0] != "play":
        return action
    effect = state.cards[action.card].effect
    if effect not in ROUND_EVENTS:
        return action
    role = state.role(seat)
    hand = state.hand(role)
    at = hand.index(action.card)
    # As if played (`_event_gain` tries its events so too), then put back: with the event in
    # effect it is not offered again, so a second choice weighs the card as a Counter.
    state.events.append([effect, role])
    del hand[at]
    follows = type(_choice(state, seat, rng)) is not Pass
    hand.insert(at, action.card)
    instead = None if follows else _choice(state, seat, rng)
    state.events.pop()
    if follows:
        return action
    return instead if type(instead) is PlayCard and instead.use == "counter" else Pass()


def _choice(state: BattleSession, seat: int, rng: random.Random) -> Any:
    """The greedy choice at the session's decision (the module's docstring)."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    kind, player = state.decision
    if kind == "casualty":
        return _casualty(state, player, actions)
    if kind == "continue":
        return FightOn() if _fight_on(state) else Retreat()
    if kind == "launch":
        return _launch(state, actions)
    if kind == "overwatch":
        return FireOverwatch() if _fire_overwatch(state) else HoldOverwatch()
    if kind == "draw_in":
        return max(actions, key=lambda a: (_dice_added(state, player, a), UNIT_COST[a.unit]))
    if kind == "window":
        return _window(state, player, actions)
    if kind == "wave":
        return _wave(state, actions)
    return _respond(state, player, actions)  # "play"


def card_worth(card: Card) -> float:
    """How useful a card is to keep: its hits and misses, more for attacking and effects."""
    return card.hits + card.misses + 0.8 * card.can_attack + 0.5 * (card.effect is not None)


# --- casualties -------------------------------------------------------------------------------
def _casualty(state: BattleSession, player: int, actions: list[Casualty]) -> Casualty:
    victim = state.queue[0][0]
    own = victim == player

    def harm(a: Casualty) -> tuple[float, float]:
        loss = _dice_lost(state, victim, a)
        cost = UNIT_COST[a.unit] * (0.5 if a.attacker and a.side == 0 else 1.0)
        return (loss, cost)

    return min(actions, key=harm) if own else max(actions, key=harm)


def _dice_lost(state: BattleSession, victim: int, a: Casualty) -> int:
    """Dice the victim would lose with this unit (bombarding units add no battle dice)."""
    units = state.defender if victim == DEF else state.attacker[a.side]
    before = state.dice(victim)
    units[a.unit] -= 1
    after = state.dice(victim)
    units[a.unit] += 1
    return before - after


# --- dice ----------------------------------------------------------------------------------------
def _hit_chance(state: BattleSession, player: int) -> float:
    return hit_chance(state.req.supply[player])


def _fight_on(state: BattleSession, with_reserve: bool = False) -> bool:
    """Whether the attacker's rate of killing is at least a quarter of the defender's (with
    its reserve brought in, if asked)."""
    moved = _move_reserve(state, +1) if with_reserve else []
    a, d = state.units(ATT), state.units(DEF)
    my_rate = state.attacker_dice() * _hit_chance(state, ATT) / max(d, 1)
    their_rate = state.defender_dice()[0] * _hit_chance(state, DEF) / max(a, 1)
    _move_reserve(state, -1, moved)
    return my_rate >= HOPELESS * their_rate


def _move_reserve(state: BattleSession, sign: int, sides: list[int] | None = None) -> list[int]:
    """Add (+1) the attacker's reserve to its hex sides, or take it back out (-1)."""
    sides = [i for i, r in enumerate(state.reserve) if sum(r)] if sides is None else sides
    for i in sides:
        for k in range(3):
            state.attacker[i][k] += sign * state.reserve[i][k]
    return sides


def _dice_added(state: BattleSession, player: int, a: DrawIn) -> int:
    """Dice the player would gain with this unit drawn into the battle."""
    units = state.attacker[a.side] if a.attacker else state.defender
    before = state.dice(player)
    units[a.unit] += 1
    after = state.dice(player)
    units[a.unit] -= 1
    return after - before


def _fire_overwatch(state: BattleSession) -> bool:
    """Fire, unless the expected hits exceed the units in reach and a later wave (cards
    mode) can still bring the attacker's reserve within reach."""
    if not state.cards_mode or not any(sum(r) for r in state.reserve):
        return True
    expected = state.artillery_dice(state.overwatch_ready) * FLIP_HIT  # cards are flipped
    return expected <= state.units(ATT, whole=True)


def _launch(state: BattleSession, actions: list[Any]) -> Any:
    """Dice and hybrid: bring the whole reserve; then Secrecy, offered only against artillery
    ready to fire Overwatch (`BattleSession.text_acts`)."""
    brings = [a for a in actions if type(a) is Bring]
    if brings:
        return brings[0]
    secrecy = [a for a in actions if type(a) is PlayCard and state.cards[a.card].effect ==
               "secrecy"]
    return secrecy[0] if secrecy else Launch()


def _window(state: BattleSession, player: int, actions: list[Any]) -> Any:
    """Hybrid: the best Special Event, or a Reversal of Fortune when the opponent's events
    cost this side dice, else pass."""
    event = _best_event(state, player, actions)
    if event is not None:
        return event
    reversal = [a for a in actions if type(a) is PlayCard and a.use == "text"]
    if reversal and _cancel_gain(state, player) > 0:
        return reversal[0]
    return PassWindow()


def _cancel_gain(state: BattleSession, player: int) -> int:
    """Dice the player gains less dice the opponent gains, if the opponent's events went."""
    before = (state.dice(player), state.dice(1 - player))
    kept = state.events
    state.events = [e for e in kept if e[1] == player]
    after = (state.dice(player), state.dice(1 - player))
    state.events = kept
    return (after[0] - before[0]) - (after[1] - before[1])


# --- cards ---------------------------------------------------------------------------------------
def _event_gain(state: BattleSession, player: int, card: Card) -> float:
    """Dice the opponent loses less dice the player loses, if the event took effect now;
    Reinforcements: a unit (worth more than a die) and the dice it adds."""
    if card.effect == "reinforcements":
        return 1.5 + max(_dice_added(state, player, a) for a in state.draw_in_options(player))
    before = (state.dice(player), state.dice(1 - player))
    state.events.append([card.effect, player])
    after = (state.dice(player), state.dice(1 - player))
    state.events.pop()
    return (before[1] - after[1]) - (before[0] - after[0])


def _best_event(state: BattleSession, player: int, actions: list[Any]) -> PlayCard | None:
    events = [a for a in actions if type(a) is PlayCard and a.use == "event"]
    scored = [(_event_gain(state, player, state.cards[a.card]), a) for a in events]
    good = [(g, a) for g, a in scored if g > 0]
    return max(good, key=lambda ga: ga[0])[1] if good else None


def _wave(state: BattleSession, actions: list[Any]) -> Any:
    brings = [a for a in actions if type(a) is Bring]
    if any(type(a) is MoveIn for a in actions):
        return brings[0] if brings else MoveIn()  # more units against the town's flips
    attacks = [a for a in actions if type(a) is PlayCard and a.use == "attack"]
    if not attacks:
        return StandGround()  # no Attack card to launch the wave with
    if state.wave > 1 and not _fight_on(state, with_reserve=True):
        return StandGround()  # renewing the attack is hopeless
    if brings:
        return brings[0]
    event = _best_event(state, ATT, actions)
    if event is not None:
        return event
    qualified = state.attacker_dice()
    artillery_threat = (state.resolver.overwatch and state.overwatch_ready > 0
                        and state.defender[ART] > 0)

    def score(a: PlayCard) -> float:
        c = state.cards[a.card]
        value = min(c.hits, qualified) + 0.6 * (c.attack == "surprise")
        if c.effect == "secrecy" and artillery_threat:
            value += 1.5
        return value - 0.4 * c.can_counter  # an Attack/Counter card is worth keeping

    return max(attacks, key=score)


def _respond(state: BattleSession, player: int, actions: list[Any]) -> Any:
    event = _best_event(state, player, actions)
    if event is not None:
        return event
    counters = [a for a in actions if type(a) is PlayCard and a.use == "counter"]
    pending = state.pending
    mine = state.units(player)
    attack_cards = sum(state.cards[c].can_attack for c in state.hand(ATT))

    def value(a: PlayCard) -> float:
        c = state.cards[a.card]
        taken = pending - state.blocked(c)
        qualified = state.dice(player)
        if player == ATT and taken:
            qualified = max(0, min(qualified, mine - taken))
        landed = min(c.hits, qualified, state.units(1 - player))
        price = 0.15 * card_worth(c)
        if not mine:  # a town or city emptied this round answers: no unit to save
            return landed - price
        worth = (pending - taken) * 1.1 + landed + 0.3 * (c.counter == "surprise")
        if taken >= mine:
            worth -= 3  # the side would be wiped out anyway
        if player == ATT and c.can_attack:
            price += 1.0 if attack_cards <= 2 else 0.3  # keep Attack cards for later waves
        return worth - price

    if counters:
        best = max(counters, key=value)
        if value(best) > PLAY_THRESHOLD:
            return best
    return next(a for a in actions if type(a) is Pass)

