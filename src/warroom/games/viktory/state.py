"""One Viktory II battle, fought with dice, with the Battle Cards, or with dice and the cards'
text (hybrid). Seat 0 attacks, seat 1 defends.

The battle advances through a list of automatic steps (`steps`) and stops whenever somebody
must decide (`decision`). Hits are queued as casualty orders (`queue`); an order that leaves a
real choice waits for its chooser: the firer for selective (tactical) hits, the owner for the
others. Everything the rules fix happens by itself.

Dice: the launch (bringing reserve units), overwatch, bombard, pre-battle fire, then battle
rounds (both sides roll at once; the attacker's surplus hits suppress defender dice) until one
side is gone or the attacker retreats. Hybrid: the same dice battle; the launch may play an
Attack card for its text, and a card window before each dice round lets both sides play
Special Events. Cards: each wave the attacker brings reserve units and plays an Attack card;
overwatch, bombard (first wave) and pre-battle fire flip cards; the first wave draws
replenishment cards; then the card battle round alternates Counter cards until a player
passes. The attacker may renew with another Attack card. After the battle (cards and hybrid):
gaining or losing a card with a town or city, and the end-of-turn discards and draw.

Hands are secret, and so is whether a hand holds a card a player could play: a player is
asked to play whenever it might hold one as far as the other side can tell (`may_hold`), with
a pass among its choices, and no event says what a hand lacks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...engine import Outcome, State
from .actions import (
    Bring,
    Casualty,
    Discard,
    Draw,
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
from .cards import ATTACK_EFFECTS, RESPONSES, Card
from .config import Config
from .scenario import ART, CAV, FRIG, INF

ATT, DEF = 0, 1
TERRAIN_DICE = {"forest": 1, "mountain": 2}
URBAN_DICE = {"town": 1, "city": 2}


def can_attack(card: Card) -> bool:
    return card.can_attack


def has_attack_text(card: Card) -> bool:
    """An Attack card with Attack card text (Secrecy, +1 MP): hybrid mode plays it for it."""
    return card.can_attack and card.effect in ATTACK_EFFECTS


class ViktoryState(State):
    def __init__(self, config: Config, seed: int):
        super().__init__(2, random.Random(seed))
        b = config.battle
        self.config = config
        self.battle = b
        self.cards_mode = config.mode == "cards"  # the cards replace the dice
        self.hybrid = config.mode == "hybrid"  # dice, and the cards for their text
        self.has_cards = config.mode != "dice"
        self.defender = list(b.defender)
        # attacker[0]: bombarding units in adjacent hexes; attacker[i]: units from hex side i.
        self.attacker = [[0, 0, b.bombard[0], b.bombard[1]]] + [list(s) for s in b.sides]
        # reserve[i]: units in hex side i's source hex, not yet committed (reserve[0] unused).
        self.reserve = [[0, 0, 0, 0]] + [list(r) for r in b.reserves]
        self.defender_reserve = list(b.defender_reserve)
        # Defending artillery still able to fire Overwatch this enemy turn (once each).
        self.overwatch_ready = b.defender[ART] if b.overwatch else 0
        # Per hex side: how many of its artillery have fired Pre-Battle Fire; the others have
        # not. Each artillery is one or the other (it matters only with
        # prebattle_fire_each_wave=false: then each fires at the first launch it is part of).
        self.prebattle_fired = [0] * len(self.attacker)
        self.lost = [0, 0]
        self.round = 0  # dice battle rounds, or card battle rounds
        self.wave = 0
        self.steps: list[str] = []
        self.queue: list[list[Any]] = []  # [victim, chooser, count, whole, cause]
        self.decision: tuple[str, int] | None = None
        self.result: tuple[tuple[int, ...], str] | None = None
        self.over = False
        self.secrecy = False
        self.window_passes = 0  # hybrid: passes in a row in the card window
        self.resume: tuple[str, int] | None = None  # the decision after drawing a unit in
        # Battle Cards (all empty in dice mode)
        self.cards: dict[str, Card] = {}
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[], []]
        self.towns = [b.towns[ATT], b.towns[DEF] + (b.settlement == "town")]
        self.cities = [b.cities[ATT], b.cities[DEF] + (b.settlement == "city")]
        self.attack_card = ""
        self.pending = 0  # live hits against the player to play, from the last card
        self.pending_selective = False
        self.last_type = ""  # the type the next Counter must respond to
        self.counter_ctx: list[Any] = []  # [player, card, qualified hits or None]
        self.events: list[list[Any]] = []  # Special Events in effect: [effect, player]
        self.plays: list[dict[str, Any]] = []  # the cards of this card battle round
        self.cards_played = 0
        self.redraws = 0  # voluntary end-of-turn discards
        self.event("battle", scenario=b.name, mode=config.mode, terrain=b.terrain,
                   settlement=b.settlement, defender=list(b.defender),
                   sides=[list(s) for s in b.sides], bombard=list(b.bombard),
                   reserves=[list(r) for r in b.reserves],
                   defender_reserve=list(b.defender_reserve))
        if self.has_cards:
            self._deal()
        if self.cards_mode:
            self.steps = ["wave"]
        else:
            self.steps = ["launch", "overwatch", "bombard", "prebattle", "open"]
        self._advance()

    # --- forces and dice ------------------------------------------------------------------
    def units(self, player: int, whole: bool = False) -> int:
        """Units of a side in the battle (`whole`: with the attacker's bombarding units)."""
        if player == DEF:
            return sum(self.defender)
        return sum(sum(s) for s in (self.attacker if whole else self.attacker[1:]))

    @property
    def mud(self) -> bool:
        on = False
        for effect, _ in self.events:
            on = effect == "mud" or (on and effect != "ignore_terrain")
        return on

    @property
    def ignore_terrain(self) -> bool:
        return any(effect == "ignore_terrain" for effect, _ in self.events)

    def attacker_dice(self) -> int:
        """1 per type of unit present (infantry, cavalry, artillery), +1 per additional hex
        side; naval: 1, +1 per additional hex side."""
        sides = self.attacker[1:]
        active = sum(1 for s in sides if sum(s))
        if not active:
            return 0
        if self.battle.naval:
            return active
        kinds = [k for k in (INF, CAV, ART) if not (k == CAV and self.mud)]
        return sum(1 for k in kinds if any(s[k] for s in sides)) + active - 1

    def defender_dice(self) -> tuple[int, int]:
        """(dice, dice that suppression cannot remove). 1 per type of unit present, +1 naval
        support, + the best of forest 1, town 1, mountain 2, city 2; naval: 1."""
        d = self.defender
        if self.battle.naval:
            return (1 if d[FRIG] else 0), 0
        kinds = [k for k in (INF, CAV, ART) if not (k == CAV and self.mud)]
        unit_dice = sum(1 for k in kinds if d[k])
        naval = int(self.battle.naval_support)
        terrain = 0 if self.ignore_terrain else TERRAIN_DICE.get(self.battle.terrain, 0)
        best = max(terrain, URBAN_DICE.get(self.battle.settlement, 0))
        protected = naval + best if self.battle.settlement != "none" else 0
        return unit_dice + naval + best, protected

    def dice(self, player: int) -> int:
        return self.attacker_dice() if player == ATT else self.defender_dice()[0]

    def max_hand(self, player: int) -> int:
        """The lesser of the hand limit (10) and the towns and cities the player holds."""
        return min(self.config.hand_limit, self.towns[player] + self.cities[player])

    def artillery_dice(self, artillery: int) -> int:
        return artillery * (2 if self.battle.artillery_characteristics else 1)

    def may_hold(self, player: int, wanted: Callable[[Card], bool]) -> bool:
        """Whether the player's hand may hold a card that is `wanted`, as far as everyone
        can tell: the hand is not empty, and not every such card of the deck lies face up in
        the discard pile. Whether a player is asked to play may depend only on this, never
        on the cards in its hand: asking only a player who holds one tells the other side."""
        if not self.hands[player]:
            return False
        in_deck = sum(1 for card in self.cards.values() if wanted(card))
        return in_deck > sum(1 for c in self.discard if wanted(self.cards[c]))

    # --- the step machine -----------------------------------------------------------------
    def _advance(self) -> None:
        while not self.over and self.decision is None:
            if self.queue:
                if self._casualty_choice_needed():
                    return
                continue
            if not self.steps:
                raise AssertionError("a battle with nothing left to do must be over")
            getattr(self, "_step_" + self.steps.pop(0))()

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.result = (winners, reason)
        self.queue = []
        self.event("result", winners=list(winners), reason=reason, lost=list(self.lost))
        if not self.has_cards:
            self.over = True
            return
        took = winners == (ATT,) and self.battle.settlement != "none"
        self.steps = (["capture"] if took else []) + ["trim_defender", "trim_attacker", "draw"]

    def _check_end(self) -> bool:
        """Finish the battle if a side is gone; True if it did."""
        a, d = self.units(ATT), self.units(DEF)
        place = self.battle.settlement
        if d == 0 and a > 0:
            self._finish((ATT,), f"attacker took the {'hex' if place == 'none' else place}")
        elif a == 0 and d == 0 and place == "none":
            self._finish((), "both sides destroyed")
        elif a == 0:
            self._finish((DEF,), "attacker destroyed" if d or place == "none"
                         else f"defender kept the empty {place}")
        else:
            return False
        return True

    # --- firing and casualties --------------------------------------------------------------
    def _fire(self, player: int, n: int, cause: str, all_selective: bool) -> tuple[int, int]:
        """Roll n dice (hits on 1-3, 1-4 in supply; a 1 is selective) or flip n cards (an
        Attack or Attack/Counter card is a hit, selective if its terrain matches the hex)."""
        if n <= 0:
            return 0, 0
        if not self.cards_mode:
            top = 4 if self.battle.supply[player] else 3
            rolled = [self.rng.randint(1, 6) for _ in range(n)]
            hits = sum(1 for r in rolled if r <= top)
            selective = hits if all_selective else sum(1 for r in rolled if r == 1)
            self.event("roll", player=player, cause=cause, dice=rolled, hits=hits,
                       selective=selective)
            return hits, selective
        flipped = [c for c in (self._draw_one() for _ in range(n)) if c is not None]
        hits = selective = 0
        for cid in flipped:
            card = self.cards[cid]
            if card.can_attack:
                hits += 1
                selective += all_selective or card.terrain == self.battle.terrain
        self.discard.extend(flipped)
        self.event("flip", player=player, cause=cause, cards=flipped,
                   descs=[self.cards[c].short() for c in flipped], hits=hits,
                   selective=selective)
        return hits, selective

    def _hit(self, victim: int, firer: int, hits: int, selective: int, whole: bool,
             cause: str) -> None:
        """Queue casualties: the selective hits chosen by the firer first, then the owner's."""
        if selective:
            self.queue.append([victim, firer, selective, whole, cause])
        if hits - selective:
            self.queue.append([victim, victim, hits - selective, whole, cause])

    def casualty_options(self, victim: int, whole: bool) -> list[tuple[int, int]]:
        """(side, unit) that can be removed: side 0 is the defender's hex, or the attacker's
        bombarding units (only when `whole`); 1-6 an attacking hex side."""
        if victim == DEF:
            return [(0, k) for k in range(4) if self.defender[k]]
        return [(i, k) for i, s in enumerate(self.attacker) if i or whole
                for k in range(4) if s[k]]

    def _casualty_choice_needed(self) -> bool:
        """Resolve the head of the queue if nothing is left to choose; else ask its chooser."""
        victim, chooser, count, whole, cause = self.queue[0]
        options = self.casualty_options(victim, whole)
        count = min(count, self.units(victim, whole))
        if count and len(options) > 1 and count < self.units(victim, whole):
            self.decision = ("casualty", chooser)
            return True
        self.queue.pop(0)
        for side, unit in options:
            while count and self._unit_count(victim, side, unit):
                self._remove(victim, side, unit, chooser, cause)
                count -= 1
        return False

    def _unit_count(self, victim: int, side: int, unit: int) -> int:
        return self.defender[unit] if victim == DEF else self.attacker[side][unit]

    def _remove(self, victim: int, side: int, unit: int, chooser: int, cause: str) -> None:
        if unit == ART:
            self._artillery_falls(victim, side)
        if victim == DEF:
            self.defender[unit] -= 1
        else:
            self.attacker[side][unit] -= 1
        self.lost[victim] += 1
        self.event("casualty", attacker=victim == ATT, side=side, unit=unit, chooser=chooser,
                   cause=cause)

    def _artillery_falls(self, victim: int, side: int) -> None:
        """An artillery of the victim falls: one that has already fired, while there is one
        (the ruling); else one still able to fire, which then no longer can."""
        if victim == DEF:
            fired = self.defender[ART] - self.overwatch_ready
            if not fired:
                self.overwatch_ready -= 1
        elif self.prebattle_fired[side]:
            self.prebattle_fired[side] -= 1

    # --- reserves -------------------------------------------------------------------------
    def bring_options(self) -> list[Bring]:
        """One unit of each kind each hex side holds in reserve."""
        return [Bring(i, k) for i, r in enumerate(self.reserve) for k in range(3) if r[k]]

    def _bring(self, side: int, unit: int) -> None:
        self.reserve[side][unit] -= 1
        self.attacker[side][unit] += 1
        self.event("bring", side=side, unit=unit)

    def draw_in_options(self, player: int) -> list[DrawIn]:
        if player == DEF:
            return [DrawIn(False, 0, k) for k in range(3) if self.defender_reserve[k]]
        return [DrawIn(True, b.side, b.unit) for b in self.bring_options()]

    def _draw_unit_in(self, action: DrawIn) -> None:
        """Reinforcements: the unit joins its hex side (attacker) or the battle hex
        (defender). A defending artillery may fire Overwatch at a later wave, not now."""
        if action.attacker:
            self.reserve[action.side][action.unit] -= 1
            self.attacker[action.side][action.unit] += 1
        else:
            self.defender_reserve[action.unit] -= 1
            self.defender[action.unit] += 1
            if action.unit == ART and self.battle.overwatch:
                self.overwatch_ready += 1
        self.event("drawn_in", player=ATT if action.attacker else DEF, side=action.side,
                   unit=action.unit)

    # --- dice steps -----------------------------------------------------------------------
    def launch_texts(self) -> list[PlayCard]:
        """Hybrid: the Attack cards with Attack card text (Secrecy, +1 MP) the attacker may
        play for it as it launches; a card without text would do nothing."""
        if not self.hybrid:
            return []
        hand = [self.cards[c] for c in self.hands[ATT]]
        return [PlayCard(c.id, "text", c.short()) for c in hand
                if c.can_attack and c.effect in ATTACK_EFFECTS]

    def _step_launch(self) -> None:
        """Dice and hybrid: the attacker brings reserve units, and (hybrid) may play an Attack
        card for its text; asked when it has a reserve, or (hybrid) may hold such a card, as
        far as the defender can tell (with no such card it can only launch: the pass)."""
        if self.bring_options() or (self.hybrid and self.may_hold(ATT, has_attack_text)):
            self.decision = ("launch", ATT)

    def _step_overwatch(self) -> None:
        if not self.battle.overwatch or not self.overwatch_ready:
            return
        if self.secrecy:
            self.event("secrecy")
            return
        if self.units(ATT, whole=True):
            self.decision = ("overwatch", DEF)  # fire now, or hold it back

    def _fire_overwatch(self) -> None:
        artillery, self.overwatch_ready = self.overwatch_ready, 0  # once per enemy turn each
        hits, sel = self._fire(DEF, self.artillery_dice(artillery), "overwatch", True)
        self._hit(ATT, DEF, hits, sel, True, "overwatch")

    def _step_bombard(self) -> None:
        artillery, frigates = self.attacker[0][ART], self.attacker[0][FRIG]
        if not self.units(DEF):
            return
        chars = self.battle.artillery_characteristics
        hits, sel = self._fire(ATT, self.artillery_dice(artillery), "bombard", chars)
        self._hit(DEF, ATT, hits, sel, False, "bombard")
        hits, sel = self._fire(ATT, frigates, "bombard", False)
        self._hit(DEF, ATT, hits, sel, False, "bombard")

    def _step_prebattle(self) -> None:
        """The launching artillery fires: all of it, or (prebattle_fire_each_wave=false) the
        artillery that has not fired yet."""
        sides = range(1, len(self.attacker))
        each = self.config.prebattle_fire_each_wave
        artillery = sum(self.attacker[i][ART] - (0 if each else self.prebattle_fired[i])
                        for i in sides)
        for i in sides:
            self.prebattle_fired[i] = self.attacker[i][ART]
        if not self.units(DEF) or not artillery:
            return
        chars = self.battle.artillery_characteristics
        hits, sel = self._fire(ATT, self.artillery_dice(artillery), "pre-battle fire", chars)
        self._hit(DEF, ATT, hits, sel, False, "pre-battle fire")

    def _step_open(self) -> None:
        # An attack on a town or city takes at least one round, even if nobody defends it.
        if self.units(ATT) and (self.units(DEF) or self.battle.settlement != "none"):
            self._next_round()
        else:
            self._check_end()

    def _next_round(self) -> None:
        """Hybrid: a card window comes before each dice round."""
        self.steps += ["window", "round"] if self.hybrid else ["round"]

    def _step_round(self) -> None:
        self.round += 1
        self.event("round", round=self.round)
        defenders = self.units(DEF)
        hits, sel = (self._fire(ATT, self.attacker_dice(), "battle", False)
                     if defenders else (0, 0))
        dice, protected = self.defender_dice()
        suppressed = min(max(0, hits - defenders), dice - protected)
        if suppressed:
            self.event("suppress", dice=suppressed)
        d_hits, d_sel = self._fire(DEF, dice - suppressed, "battle", False)
        self._hit(DEF, ATT, hits, sel, False, "battle")
        self._hit(ATT, DEF, d_hits, d_sel, False, "battle")
        self.steps.append("round_end")

    def _step_round_end(self) -> None:
        self.events = []  # hybrid: a Special Event lasts until the end of the dice round
        if self._check_end():
            return
        if self.round >= self.config.max_rounds:
            self.event("retreat", player=ATT, forced=True)
            self._finish((DEF,), "round limit reached")
            return
        self.decision = ("continue", ATT)

    # --- hybrid: the card window before each dice round -------------------------------------
    def window_plays(self, player: int) -> list[PlayCard]:
        """Special Events (Reinforcements with a reserve to draw from), and Reversal of
        Fortune while the opponent has Special Events in effect."""
        hand = [self.cards[c] for c in self.hands[player]]
        out = [PlayCard(c.id, "event", c.short()) for c in hand
               if c.special_event and self._event_possible(player, c)]
        if any(p != player for _, p in self.events):
            out += [PlayCard(c.id, "text", c.short()) for c in hand
                    if c.effect == "reversal_of_fortune"]
        return out

    def window_open_to(self, player: int) -> bool:
        """Whether the card window asks the player: as far as the opponent can tell, it may
        hold a Special Event it could play, or a Reversal of Fortune while the opponent has
        Special Events in effect. It is asked whether or not it holds one."""
        cancel = any(p != player for _, p in self.events)
        return self.may_hold(player, lambda c: (
            (c.special_event and self._event_possible(player, c))
            or (cancel and c.effect == "reversal_of_fortune")))

    def _step_window(self) -> None:
        self.window_passes = 0
        self.plays = []
        if self.window_open_to(ATT) or self.window_open_to(DEF):
            self.event("window", round=self.round + 1)
        self._window_turn(ATT)

    def _window_turn(self, player: int) -> None:
        """The attacker, then the defender, alternately; two passes in a row close it. A
        player everyone can tell has no card to play passes by itself."""
        while self.window_passes < 2:
            if self.window_open_to(player):
                self.decision = ("window", player)
                return
            self.window_passes += 1
            player = 1 - player

    def _pose_again(self) -> None:
        """Put the current launch or card-window question again, from the state as it is. A
        determinisation does it after dealing the hidden hands anew, so that it never keeps a
        question that hidden cards could have decided."""
        assert self.decision is not None
        kind, player = self.decision
        self.decision = None
        if kind == "launch":
            self.steps.insert(0, "launch")
        else:
            self._window_turn(player)
        self._advance()

    def _resume(self, decision: tuple[str, int]) -> None:
        if decision[0] == "window":
            self._window_turn(decision[1])
        else:
            self.decision = decision

    # --- card steps -----------------------------------------------------------------------
    def _deal(self) -> None:
        deck = self.config.deck_cards
        self.cards = deck.by_id()
        self.deck = [c.id for c in deck.cards]
        self.rng.shuffle(self.deck)
        for p in (ATT, DEF):
            size = self.battle.hands[p]
            self._draw(p, self.max_hand(p) if size is None else size, "hand")

    def _draw_one(self) -> str | None:
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.event("reshuffle", cards=len(self.deck))
        return self.deck.pop() if self.deck else None

    def _draw(self, player: int, n: int, why: str) -> None:
        drawn = [c for c in (self._draw_one() for _ in range(max(0, n))) if c is not None]
        self.hands[player] = sorted(self.hands[player] + drawn)
        self.event("draw", player=player, count=len(drawn), why=why)
        self.event("drew", to=(player,), player=player, cards=drawn)

    def _step_wave(self) -> None:
        if self.round >= self.config.max_rounds:
            self._finish((DEF,), "round limit reached")
            return
        if self.units(DEF) and not self.may_hold(ATT, can_attack):
            # Everyone can tell: the hand is empty, or every card that attacks is face up in
            # the discard pile. Otherwise the attacker is asked, whatever its hand.
            self.event("stand_ground", player=ATT, forced=True)
            self._finish((DEF,), "attacker had no attack card" if self.wave == 0
                         else "attacker stood its ground")
            return
        self.wave += 1
        self.plays = []
        self.event("wave", wave=self.wave)
        self.decision = ("wave", ATT)

    def _launch(self, card: Card | None) -> None:
        """The wave is declared: with an Attack card (or none, into an empty town/city)."""
        self.round += 1
        self.secrecy = card is not None and card.effect == "secrecy"
        self.attack_card = card.id if card else ""
        if not self.units(DEF):
            self.steps = ["special_defense", "check"]
            return
        self.steps = ["overwatch"] + (["bombard"] if self.wave == 1 else []) + ["prebattle",
                                                                                 "engage"]

    def _step_special_defense(self) -> None:
        hits, sel = self._fire(DEF, self.defender_dice()[0], "special defense", False)
        self._hit(ATT, DEF, hits, sel, False, "special defense")

    def _step_check(self) -> None:
        self._check_end()

    def _step_engage(self) -> None:
        if not self.units(ATT) or not self.units(DEF):
            if self.units(ATT) and self.battle.settlement != "none":
                self.steps = ["special_defense", "check"]  # an empty town still fires
            else:
                self._check_end()
            return
        if self.wave == 1:  # replenishment: one card fewer than the dice; first wave only
            for p in (ATT, DEF):
                self._draw(p, self.dice(p) - 1, "replenishment")
        card = self.cards[self.attack_card]
        self._set_live(card, min(card.hits, self.attacker_dice()), card.attack or "")
        self.decision = ("play", DEF)

    def _set_live(self, card: Card, live: int, respond_to: str) -> None:
        """The hits of a card just played, against the other side; the card type the
        next Counter must answer."""
        self.pending = live
        self.pending_selective = card.terrain == self.battle.terrain
        self.last_type = respond_to

    def counter_allowed(self, player: int, card: Card) -> bool:
        """The response restrictions, and: the attacker needs a unit that survives the hits
        it faces (after its card's misses) to play a card."""
        if not card.can_counter or card.counter not in RESPONSES[self.last_type]:
            return False
        return player == DEF or self.units(ATT) - (self.pending - self.blocked(card)) >= 1

    def blocked(self, card: Card) -> int:
        """Live hits a Counter blocks: one per miss; all for a Reversal of Fortune."""
        if card.effect == "reversal_of_fortune":
            return self.pending
        return min(card.misses, self.pending)

    def _cancel_events(self, player: int) -> None:
        """Reversal of Fortune: the opponent's Special Events in effect are cancelled."""
        cancelled = [e for e, p in self.events if p != player]
        self.events = [[e, p] for e, p in self.events if p == player]
        if cancelled:
            self.event("cancelled", player=player, effects=cancelled)

    def _play_counter(self, player: int, card: Card) -> None:
        blocked = self.blocked(card)
        if card.effect == "reversal_of_fortune":
            self._cancel_events(player)
        unblocked = self.pending - blocked
        self.plays[-1].update(blocked=blocked)
        # The defender always matches play: its hits qualify by its units before this loss.
        qualified = self.defender_dice()[0] if player == DEF else None
        self._hit(player, 1 - player, unblocked, unblocked if self.pending_selective else 0,
                  False, "card")
        self.pending = 0
        self.counter_ctx = [player, card.id, qualified]
        self.steps = ["after_counter"]

    def _step_after_counter(self) -> None:
        player, cid, qualified = self.counter_ctx
        card = self.cards[cid]
        if qualified is None:  # the attacker's surviving units qualify its hits
            qualified = self.attacker_dice()
        self._set_live(card, min(card.hits, qualified), card.counter or "")
        self.plays[-1].update(live=self.pending)
        if player == ATT and not self.units(DEF):
            self.steps = ["round_over"]  # the attacker's card found nobody left to answer
        else:
            self.decision = ("play", 1 - player)

    def _event_possible(self, player: int, card: Card) -> bool:
        return card.effect != "reinforcements" or bool(self.draw_in_options(player))

    def event_allowed(self, player: int, card: Card) -> bool:
        """A Special Event in a card battle round. The attacker needs a surviving unit: one
        that survives the live hits as they stand, or another card in hand that is a legal
        Counter leaving a survivor ("enough shields to first block the hit(s)")."""
        if not card.special_event or not self._event_possible(player, card):
            return False
        if player == DEF or self.units(ATT) > self.pending:
            return True
        return any(c != card.id and self.counter_allowed(ATT, self.cards[c])
                   for c in self.hands[ATT])

    def _play_event(self, player: int, card: Card, resume: tuple[str, int]) -> None:
        """The event takes effect; then `resume` (after picking the unit Reinforcements
        draws in, when there is a choice)."""
        if card.effect != "reinforcements":
            self.events.append([card.effect, player])
            self._resume(resume)
            return
        options = self.draw_in_options(player)
        if len(options) == 1:
            self._draw_unit_in(options[0])
            self._resume(resume)
        else:
            self.resume = resume
            self.decision = ("draw_in", player)

    def _step_round_over(self) -> None:
        self.events = []
        self.pending = 0
        if self._check_end():
            return
        self.event("pull_back", sources=list(self.battle.sources))
        self.steps = ["wave"]

    def _step_capture(self) -> None:
        kind = "towns" if self.battle.settlement == "town" else "cities"
        getattr(self, kind)[ATT] += 1
        getattr(self, kind)[DEF] -= 1
        self.event("capture", settlement=self.battle.settlement)
        self._draw(ATT, 1, "took the " + self.battle.settlement)
        if len(self.hands[DEF]) > 1:
            self.decision = ("lose_card", DEF)
        elif self.hands[DEF]:
            self._discard(DEF, self.hands[DEF][0], "lost the " + self.battle.settlement)

    def _discard(self, player: int, cid: str, why: str) -> None:
        self.hands[player].remove(cid)
        self.discard.append(cid)
        self.event("discard", player=player, card=cid, desc=self.cards[cid].short(), why=why)

    def _step_trim_defender(self) -> None:
        if len(self.hands[DEF]) > self.max_hand(DEF):
            self.decision = ("discard", DEF)

    def _step_trim_attacker(self) -> None:
        if len(self.hands[ATT]) > self.max_hand(ATT):
            self.decision = ("discard", ATT)

    def draw_limit(self) -> int:
        """Up to the max hand size, and no more new cards than the player has cities."""
        return max(0, min(self.cities[ATT], self.max_hand(ATT) - len(self.hands[ATT])))

    def _step_draw(self) -> None:
        if self.cities[ATT] > 0 and (self.hands[ATT] or self.draw_limit()):
            self.decision = ("draw", ATT)
        else:
            self.over = True

    # --- the engine contract ----------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return (self.decision[1],) if self.decision and not self.over else ()

    def _legal_actions(self, player: int) -> list[Any]:
        kind = self.decision[0] if self.decision else ""
        if kind == "casualty":
            victim, _, _, whole, _ = self.queue[0]
            return [Casualty(victim == ATT, side, unit)
                    for side, unit in self.casualty_options(victim, whole)]
        if kind == "continue":
            return [FightOn(), Retreat()]
        if kind == "overwatch":
            return [FireOverwatch(), HoldOverwatch()]
        if kind == "draw_in":
            return list(self.draw_in_options(player))
        hand = [self.cards[c] for c in self.hands[player]]
        if kind == "launch":
            return [*self.bring_options(), *self.launch_texts(), Launch()]
        if kind == "window":
            return [*self.window_plays(player), PassWindow()]
        if kind == "wave":
            brings: list[Any] = list(self.bring_options())
            out: list[Any] = [PlayCard(c.id, "attack", c.short()) for c in hand if c.can_attack]
            if not self.units(DEF):
                return [*brings, MoveIn(), *out]
            # A Special Event first, if an Attack card is left to launch the wave with; at a
            # launch the reserve is brought without a card.
            out += [PlayCard(c.id, "event", c.short()) for c in hand if c.special_event
                    and c.effect != "reinforcements"
                    and any(a.can_attack and a is not c for a in hand)]
            return [*brings, *out, StandGround()]
        if kind == "play":
            out = []
            for c in hand:
                if self.counter_allowed(player, c):
                    out.append(PlayCard(c.id, "counter", c.short()))
                if self.event_allowed(player, c):
                    out.append(PlayCard(c.id, "event", c.short()))
            return [*out, Pass()]
        if kind in ("discard", "lose_card"):
            return [Discard(c.id, c.short()) for c in hand]
        if kind == "draw":
            out = [Draw(n) for n in range(self.draw_limit() + 1)]
            if self.redraws < self.cities[ATT]:
                out += [Discard(c.id, c.short()) for c in hand]
            return out
        return []

    def _apply(self, player: int, action: Any) -> None:
        kind = self.decision[0] if self.decision else ""
        self.decision = None
        getattr(self, "_on_" + kind)(player, action)
        self._advance()

    def _on_casualty(self, player: int, action: Casualty) -> None:
        head = self.queue[0]
        self._remove(head[0], action.side, action.unit, player, head[4])
        head[2] -= 1
        if not head[2]:
            self.queue.pop(0)

    def _on_continue(self, player: int, action: Any) -> None:
        if type(action) is Retreat:
            self.event("retreat", player=ATT, forced=False, sources=list(self.battle.sources))
            self._finish((DEF,), "attacker retreated")
        else:
            self._next_round()

    def _on_launch(self, player: int, action: Any) -> None:
        if type(action) is Bring:
            self._bring(action.side, action.unit)
            self.steps.insert(0, "launch")
        elif type(action) is PlayCard:  # hybrid: an Attack card for its text; it launches
            card = self._play(player, action)
            self.secrecy = card.effect == "secrecy"
            self.attack_card = card.id

    def _on_overwatch(self, player: int, action: Any) -> None:
        if type(action) is HoldOverwatch:
            self.event("overwatch_held", artillery=self.overwatch_ready)
        else:
            self._fire_overwatch()

    def _on_draw_in(self, player: int, action: DrawIn) -> None:
        self._draw_unit_in(action)
        resume, self.resume = self.resume, None
        assert resume is not None
        self._resume(resume)

    def _on_window(self, player: int, action: Any) -> None:
        if type(action) is PassWindow:
            self.event("window_pass", player=player)
            self.window_passes += 1
            self._window_turn(1 - player)
            return
        card = self._play(player, action)
        self.window_passes = 0
        if action.use == "text":  # Reversal of Fortune
            self._cancel_events(player)
            self._window_turn(1 - player)
        else:
            self._play_event(player, card, ("window", 1 - player))

    def _on_wave(self, player: int, action: Any) -> None:
        if type(action) is Bring:
            self._bring(action.side, action.unit)
            self.decision = ("wave", ATT)
        elif type(action) is StandGround:
            self.event("stand_ground", player=ATT, forced=False)
            self._finish((DEF,), "attacker called off the attack" if self.wave == 1
                         else "attacker stood its ground")
        elif type(action) is MoveIn:
            self.event("move_in", player=ATT)
            self._launch(None)
        else:
            card = self._play(player, action)
            if action.use == "event":
                self._play_event(player, card, ("wave", ATT))
            else:
                self._launch(card)

    def _on_play(self, player: int, action: Any) -> None:
        if type(action) is Pass:
            self.event("pass", player=player, hits=self.pending)
            self._hit(player, 1 - player, self.pending,
                      self.pending if self.pending_selective else 0, False, "card")
            self.pending = 0
            self.steps = ["round_over"]
            return
        card = self._play(player, action)
        if action.use == "event":
            self._play_event(player, card, ("play", player))
        else:
            self._play_counter(player, card)

    def _play(self, player: int, action: PlayCard) -> Card:
        card = self.cards[action.card]
        self.hands[player].remove(card.id)
        self.discard.append(card.id)
        self.cards_played += 1
        play = {"player": player, "card": card.id, "desc": card.short(), "use": action.use}
        self.plays.append(play)
        self.event("play", player=player, card=card.id, desc=card.short(), use=action.use,
                   facing=self.pending if action.use == "counter" else 0)
        return card

    def _on_lose_card(self, player: int, action: Discard) -> None:
        self._discard(player, action.card, "lost the " + self.battle.settlement)

    def _on_discard(self, player: int, action: Discard) -> None:
        self._discard(player, action.card, "hand limit")
        self.steps.insert(0, "trim_defender" if player == DEF else "trim_attacker")

    def _on_draw(self, player: int, action: Any) -> None:
        if type(action) is Discard:
            self.redraws += 1
            self._discard(player, action.card, "to draw anew")
            self.steps.insert(0, "draw")
            return
        if action.count:
            self._draw(player, action.count, "end of turn")
        self.over = True

    def is_terminal(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over or self.result is None:
            return None
        winners, reason = self.result
        return Outcome(winners, (float(self.units(ATT)), float(self.units(DEF))), reason,
                       {"lost": list(self.lost), "rounds": self.round})

    def observation(self, player: int | None) -> dict[str, Any]:
        b = self.battle
        obs: dict[str, Any] = {
            "game": "viktory",
            "you": player,
            "mode": self.config.mode,
            "scenario": b.name,
            "terrain": b.terrain,
            "settlement": b.settlement,
            "naval_support": b.naval_support,
            "supply": list(b.supply),
            "artillery_characteristics": b.artillery_characteristics,
            "overwatch": b.overwatch,
            "decision": self.decision[0] if self.decision and not self.over else None,
            "to_move": list(self.to_move()),
            "round": self.round,
            "wave": self.wave,
            "defender": list(self.defender),
            "attacker": [list(s) for s in self.attacker],
            "sources": list(b.sources),
            "reserves": [list(r) for r in self.reserve[1:]],
            "defender_reserve": list(self.defender_reserve),
            "overwatch_ready": self.overwatch_ready,
            "secrecy": self.secrecy,
            "dice": [self.attacker_dice(), self.defender_dice()[0]],
            "lost": list(self.lost),
            "casualties": ({"victim": self.queue[0][0], "chooser": self.queue[0][1],
                            "count": self.queue[0][2], "cause": self.queue[0][4]}
                           if self.queue and self.decision else None),
            "result": ({"winners": list(self.result[0]), "reason": self.result[1]}
                       if self.result else None),
        }
        if self.has_cards:
            obs.update({
                "hand": ([{"id": c, "desc": self.cards[c].short()} for c in self.hands[player]]
                         if player is not None else None),
                "hand_sizes": [len(h) for h in self.hands],
                "max_hand": [self.max_hand(ATT), self.max_hand(DEF)],
                "towns": list(self.towns),
                "cities": list(self.cities),
                "deck_left": len(self.deck),
                "discard": list(self.discard),
                "attack_card": self.attack_card,
                "pending": self.pending,
                "pending_selective": self.pending_selective,
                "respond_to": self.last_type,
                "plays": [dict(p) for p in self.plays],
                "events": [list(e) for e in self.events],
            })
        obs["log"] = self.visible_log(player)
        return obs

    def clone(self) -> ViktoryState:
        new = ViktoryState.__new__(ViktoryState)
        self._copy_base(new)
        new.config = self.config
        new.battle = self.battle
        new.cards_mode = self.cards_mode
        new.hybrid = self.hybrid
        new.has_cards = self.has_cards
        new.defender = list(self.defender)
        new.attacker = [list(s) for s in self.attacker]
        new.reserve = [list(r) for r in self.reserve]
        new.defender_reserve = list(self.defender_reserve)
        new.overwatch_ready = self.overwatch_ready
        new.prebattle_fired = list(self.prebattle_fired)
        new.lost = list(self.lost)
        new.round = self.round
        new.wave = self.wave
        new.steps = list(self.steps)
        new.queue = [list(q) for q in self.queue]
        new.decision = self.decision
        new.result = self.result
        new.over = self.over
        new.secrecy = self.secrecy
        new.window_passes = self.window_passes
        new.resume = self.resume
        new.cards = self.cards
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.hands = [list(self.hands[0]), list(self.hands[1])]
        new.towns = list(self.towns)
        new.cities = list(self.cities)
        new.attack_card = self.attack_card
        new.pending = self.pending
        new.pending_selective = self.pending_selective
        new.last_type = self.last_type
        new.counter_ctx = list(self.counter_ctx)
        new.events = [list(e) for e in self.events]
        new.plays = [dict(p) for p in self.plays]
        new.cards_played = self.cards_played
        new.redraws = self.redraws
        return new

    def determinize(self, player: int, rng: random.Random) -> ViktoryState:
        """Resample the opponent's hand and the deck order (and re-seed the dice). A launch
        or card-window question is then put again from the hands as dealt."""
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))
        if self.has_cards:
            other = 1 - player
            unseen = new.deck + new.hands[other]
            new.rng.shuffle(unseen)
            k = len(new.hands[other])
            new.hands[other] = sorted(unseen[:k])
            new.deck = unseen[k:]
            if new.decision and new.decision[0] in ("launch", "window") and not new.over:
                new._pose_again()
        return new

