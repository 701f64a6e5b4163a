"""The battle resolver of Viktory II, shared by the one-battle game and the map game: one
battle fought with dice, with the Battle Cards, or with dice and the cards' text (hybrid).

A session holds one battle. Inside it the attacker is role 0 and the defender role 1
(`ATT`, `DEF`); the seats of the game are `seat[role]`, and everything the session shows
(to_move, events, observation) is in seats. The battle advances through a list of automatic
steps (`steps`) and stops whenever somebody must decide (`decision`). Hits are queued as
casualty orders (`queue`); an order that leaves a real choice waits for its chooser: the
firer for selective (tactical) hits, the owner for the others. Everything the rules fix
happens by itself.

Dice (how many each side rolls: `dice`): the launch (bringing reserve units), Overwatch,
bombard, pre-battle fire, then battle rounds (both sides roll at once; the attacker's surplus
hits suppress defender dice) until one side is gone or the attacker retreats. Hybrid: the
same dice battle; the launch may play an Attack card for its text, and a card window before
each dice round lets both sides play Special Events. Cards: each wave the attacker brings
reserve units and plays an Attack card; Overwatch, bombard (first wave) and pre-battle fire
flip cards; the first wave draws replenishment cards; then the card battle round alternates
Counter cards until a player passes. The attacker may renew with another Attack card (a
re-attack from the same hex sides, without new replenishment) or stand its ground. Two more
kinds of request come from the map: a bombardment alone (artillery and frigates fire, nobody
moves in) and Overwatch outside a battle (defending artillery fires at a unit that moved
next to it).

What happens to a battle's cards after it (a card for a town taken, the hand limit, the
end-of-turn draw) is the turn's business: each game does it.

Hands are secret, and so is whether a hand holds a card a player could play: a player is
asked to play whenever it might hold one as far as the other side can tell (`may_hold`), with
a pass among its choices, and no event says what a hand lacks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, Literal, get_args

from mypy_extensions import mypyc_attr

from ...engine import roll_dice
from .actions import (
    BATTLE_ACTIONS,
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
from .cards import ATTACK_EFFECTS, EFFECT_NAMES, RESPONSES, Card
from .dice import attacker_dice, defender_dice, hit_faces, suppressed
from .render import counters_answering, describe_battle_event
from .seam import BattleHost, BattleRequest, BattleResult, CardPool, DefenderReserve
from .units import ART, FRIG, Units

ATT, DEF = 0, 1
Winner = Literal["attacker", "defender", "none"]
WINNERS: dict[tuple[int, ...], Winner] = {(ATT,): "attacker", (DEF,): "defender", (): "none"}

Mode = Literal["dice", "cards", "hybrid"]  # how battles are fought
MODES: tuple[str, ...] = get_args(Mode)

# The actions a battle offers that name no card are values, made once here: making one (a
# frozen dataclass) cost more than the rules of a decision. Casualties by victim role, hex
# side (0-6) and unit.
CASUALTIES: Final = [[[Casualty(victim == ATT, side, unit) for unit in range(4)]
                      for side in range(7)] for victim in (ATT, DEF)]
FIGHT_ON: Final = FightOn()
RETREAT: Final = Retreat()
FIRE_OVERWATCH: Final = FireOverwatch()
HOLD_OVERWATCH: Final = HoldOverwatch()


def can_attack(card: Card) -> bool:
    return card.can_attack


def has_attack_text(card: Card) -> bool:
    """An Attack card with Attack card text (Secrecy, +1 MP): what hybrid mode's launch and
    cards mode's move into an empty town or city may play it for ("only the card text"),
    where that text acts (`BattleSession.text_acts`)."""
    return card.can_attack and card.effect in ATTACK_EFFECTS


def draw_cards(pool: CardPool, host: BattleHost, seat: int, n: int, why: str,
               cards: dict[str, Card]) -> list[str]:
    """Draw up to n cards into a hand: a public count, and to their holder alone the cards
    drawn, as its hand shows them (id and short description), if any were."""
    drawn = []
    for _ in range(max(0, n)):
        cid = pool.draw_one(host.rng, lambda k: _reshuffled(host, k))
        if cid is None:
            break
        drawn.append(cid)
    hand = pool.hands[seat]
    hand += drawn
    hand.sort()
    if host.battle_logs("draw"):
        host.battle_event("draw", None, player=seat, count=len(drawn), why=why)
    if drawn and host.battle_logs("drew"):
        host.battle_event("drew", (seat,), player=seat, cards=drawn,
                          descs=[cards[c].short() for c in drawn])
    return drawn


def discard_card(pool: CardPool, host: BattleHost, seat: int, cid: str, why: str,
                 cards: dict[str, Card]) -> None:
    """A card from a hand onto the discards, which are face up: told to everybody, and why
    ("hand limit", "to draw anew", a town or city lost)."""
    pool.hands[seat].remove(cid)
    pool.discard.append(cid)
    if host.battle_logs("discard"):
        host.battle_event("discard", None, player=seat, card=cid, desc=cards[cid].short(),
                          why=why)


def _reshuffled(host: BattleHost, cards: int) -> None:
    if host.battle_logs("reshuffle"):
        host.battle_event("reshuffle", None, cards=cards)


@mypyc_attr(allow_interpreted_subclasses=True)  # pickling (warroom.native)
class BattleResolver:
    """Fights battles for a game. Its options are the expansion rules and a guard:
    Artillery Characteristics (two dice per artillery for bombard and pre-battle fire, with
    selective hits), Overwatch, whether every wave's artillery fires pre-battle fire (else
    each artillery once), and a round limit."""

    actions = BATTLE_ACTIONS

    def __init__(self, cards: dict[str, Card] | None = None, *,
                 artillery_characteristics: bool = True, overwatch: bool = True,
                 prebattle_fire_each_wave: bool = True, max_rounds: int = 100):
        self.cards = cards or {}
        self.artillery_characteristics = artillery_characteristics
        self.overwatch = overwatch
        self.prebattle_fire_each_wave = prebattle_fire_each_wave
        self.max_rounds = max_rounds

    def start(self, request: BattleRequest, host: BattleHost,
              pool: CardPool | None) -> BattleSession:
        session = BattleSession(self, request, host, pool)
        session.begin()
        return session


@mypyc_attr(allow_interpreted_subclasses=True)  # pickling (warroom.native)
class BattleSession:
    def __init__(self, resolver: BattleResolver, request: BattleRequest, host: BattleHost,
                 pool: CardPool | None, fresh: bool = True):
        self.resolver = resolver
        self.req = request
        # None once the battle is over (see `_finish`).
        self.host: BattleHost | None = host
        self.pool = pool
        self.cards = resolver.cards
        self.seat = (request.attacker, request.defender)
        self.naval = request.terrain == "water"
        self.cards_mode = request.mode == "cards"  # the cards replace the dice
        self.hybrid = request.mode == "hybrid"  # dice, and the cards for their text
        self.has_cards = request.mode != "dice"
        if not fresh:
            return  # a clone fills in the rest
        r = request
        art = sum(b.artillery for b in r.bombard)
        frig = sum(b.frigates for b in r.bombard)
        self.defender = list(r.defender_units)
        # attacker[0]: bombarding units in adjacent hexes; attacker[i]: units from hex side i.
        self.attacker = [[0, 0, art, frig]] + [list(s.units) for s in r.sides]
        # reserve[i]: units in hex side i's source hex, not yet committed (reserve[0] unused).
        self.reserve = [[0, 0, 0, 0]] + [list(s.reserve) for s in r.sides]
        # The defender's units in adjacent hexes, by group (one hex each on the map).
        self.dreserve = [list(g.units) for g in r.defender_reserve]
        self.joined = [[0, 0, 0, 0] for _ in self.attacker]  # brought or drawn in, per side
        self.drawn = [[0, 0, 0, 0] for _ in self.dreserve]  # drawn in, per group
        # Defending artillery still able to fire Overwatch this enemy turn (once each).
        self.overwatch_ready = r.overwatch_ready if resolver.overwatch else 0
        self.overwatch_fired = 0
        # Per hex side: how many of its artillery have fired Pre-Battle Fire; the others have
        # not. Each artillery is one or the other (it matters only with
        # prebattle_fire_each_wave=false: then each fires at the first launch it is part of).
        self.prebattle_fired = [0] * len(self.attacker)
        self.lost = [0, 0]
        self.round = 0  # dice battle rounds, or card battle rounds
        self.wave = 0
        self.steps: list[str] = []
        self.queue: list[list[Any]] = []  # [victim, chooser, count, whole, cause] (roles)
        self.decision: tuple[str, int] | None = None  # (kind, role)
        self.verdict: tuple[tuple[int, ...], str] | None = None  # (winner roles, reason)
        self.finished = False
        self.secrecy = False
        self.window_passes = 0  # hybrid: passes in a row in the card window
        self.resume: tuple[str, int] | None = None  # the decision after drawing a unit in
        self.attack_card = ""
        self.pending = 0  # live hits against the player to play, from the last card
        self.pending_selective = False
        self.last_type = ""  # the type the next Counter must respond to
        self.counter_ctx: list[Any] = []  # [role, card, qualified hits or None]
        self.events: list[list[Any]] = []  # Special Events in effect: [effect, role]
        self.plays: list[dict[str, Any]] = []  # the cards of this card battle round
        # The rolls (or flips) of the last round that had any (`_keep`), and that round's
        # number (`course_round`; 0 before the first), for the tables (a tuple: a clone
        # shares it).
        self.rolls: tuple[tuple[Any, ...], ...] = ()
        self.rolls_round = 0
        self.cards_played = 0
        self._result: BattleResult | None = None

    def begin(self) -> None:
        kind = self.req.kind
        if kind == "overwatch":
            self.steps = ["overwatch", "close"]
        elif kind == "bombard":
            self.steps = ["bombard", "close"]
        elif self.cards_mode:
            self.steps = ["wave"]
        else:
            self.steps = ["launch", "overwatch", "bombard", "prebattle", "open"]
        self._advance()

    # --- seats, hands, the log ------------------------------------------------------------
    def role(self, seat: int) -> int:
        return ATT if seat == self.seat[ATT] else DEF

    def hand(self, role: int) -> list[str]:
        return self.pool.hands[self.seat[role]] if self.pool is not None else []

    def _cards(self) -> CardPool:
        """The card pool, in a mode that has one (only card steps call this)."""
        pool = self.pool
        assert pool is not None, "a card step in a battle without cards"
        return pool

    @property
    def hands(self) -> tuple[list[str], list[str]]:
        """Both sides' hands, by role (their cards are secret: the session never shows them)."""
        return self.hand(ATT), self.hand(DEF)

    def _host(self) -> BattleHost:
        host = self.host
        assert host is not None, "a finished battle has let go of its host"
        return host

    def logs(self, kind: str) -> bool:
        """Whether an event of this kind is wanted now: for the events of every round, whose
        keywords cost something to build."""
        return self._host().battle_logs(kind)

    def log(self, kind: str, to: tuple[int, ...] | None = None, **data: Any) -> None:
        # A playout's host writes no log: passing the event on through two calls with their
        # keywords cost more than the rules of most steps.
        host = self._host()
        if host.battle_logs(kind):
            host.battle_event(kind, to, **data)

    # --- forces and dice ------------------------------------------------------------------
    def units(self, role: int, whole: bool = False) -> int:
        """Units of a side in the battle (`whole`: with the attacker's bombarding units)."""
        if role == DEF:
            d = self.defender
            return d[0] + d[1] + d[2] + d[3]
        total = 0
        for i, s in enumerate(self.attacker):
            if i or whole:
                total += s[0] + s[1] + s[2] + s[3]
        return total

    @property
    def defender_reserve(self) -> list[int]:
        """The defender's units in adjacent hexes, all groups together."""
        total = [0, 0, 0, 0]
        for g in self.dreserve:
            for k in range(4):
                total[k] += g[k]
        return total

    @property
    def mud(self) -> bool:
        on = False
        for effect, _ in self.events:
            on = effect == "mud" or (on and effect != "ignore_terrain")
        return on

    @property
    def ignore_terrain(self) -> bool:
        return any(effect == "ignore_terrain" for effect, _ in self.events)

    def attacker_dice(self, events: bool = True) -> int:
        """The attacking hex sides' dice (`dice.attacker_dice`); `events` False: without
        the Special Events in effect (Mud)."""
        return attacker_dice(self.attacker[1:], self.naval, events and self.mud)

    def defender_dice(self, events: bool = True) -> tuple[int, int]:
        """(dice, dice that suppression cannot remove): `dice.defender_dice`; `events` False:
        without the Special Events in effect (Mud, Ignore Terrain)."""
        r = self.req
        return defender_dice(self.defender, r.terrain, r.settlement, r.lost_capital[DEF],
                             r.naval_support, events and self.mud,
                             events and self.ignore_terrain)

    def dice(self, role: int, events: bool = True) -> int:
        return self.attacker_dice(events) if role == ATT else self.defender_dice(events)[0]

    def artillery_dice(self, artillery: int) -> int:
        return artillery * (2 if self.resolver.artillery_characteristics else 1)

    def may_hold(self, role: int, wanted: Callable[[Card], bool]) -> bool:
        """Whether the side's hand may hold a card that is `wanted`, as far as everyone can
        tell: the hand is not empty, and not every such card of the deck lies face up in the
        discard pile. Whether a player is asked to play may depend only on this, never on the
        cards in its hand: asking only a player who holds one tells the other side."""
        if not self.hand(role):
            return False
        in_deck = sum(1 for card in self.cards.values() if wanted(card))
        return in_deck > sum(1 for c in self._cards().discard if wanted(self.cards[c]))

    # --- the step machine -----------------------------------------------------------------
    def _advance(self) -> None:
        while not self.finished and self.decision is None:
            if self.queue:
                if self._casualty_choice_needed():
                    return
                continue
            if not self.steps:
                raise AssertionError("a battle with nothing left to do must be over")
            self._step(self.steps.pop(0))

    def _step(self, step: str) -> None:
        # By name, without getattr (which cost more than most steps), the usual ones first.
        if step == "round":
            self._step_round()
        elif step == "round_end":
            self._step_round_end()
        elif step == "launch":
            self._step_launch()
        elif step == "overwatch":
            self._step_overwatch()
        elif step == "bombard":
            self._step_bombard()
        elif step == "prebattle":
            self._step_prebattle()
        elif step == "open":
            self._step_open()
        elif step == "window":
            self._step_window()
        elif step == "wave":
            self._step_wave()
        elif step == "engage":
            self._step_engage()
        elif step == "after_counter":
            self._step_after_counter()
        elif step == "round_over":
            self._step_round_over()
        elif step == "special_defense":
            self._step_special_defense()
        elif step == "check":
            self._step_check()
        elif step == "close":
            self._step_close()
        else:
            raise AssertionError(f"no battle step {step}")

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.verdict = (winners, reason)
        self.queue = []
        self.steps = []
        self.finished = True
        # Nothing is rolled or logged after this: the session lets go of its host, the game's
        # state, which holds it. A finished game is then freed as soon as it is dropped, not
        # left to the cycle collector (a collection found every playout's objects in a cycle).
        self.host = None

    def _check_end(self) -> bool:
        """Finish the battle if a side is gone; True if it did."""
        a, d = self.units(ATT), self.units(DEF)
        place = self.req.settlement
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

    def _step_close(self) -> None:
        """A bombardment or Overwatch outside a battle: nobody wins a hex."""
        self._finish((), "bombardment" if self.req.kind == "bombard" else "overwatch")

    # --- firing and casualties --------------------------------------------------------------
    def _fire(self, role: int, n: int, cause: str, all_selective: bool) -> tuple[int, int]:
        """Roll n dice (hits on 1-3, 1-4 in supply; a 1 is selective) or flip n cards (an
        Attack or Attack/Counter card is a hit, selective if its terrain matches the hex)."""
        if n <= 0:
            return 0, 0
        seat = self.seat[role]
        if not self.cards_mode:
            top = hit_faces(self.req.supply[role])
            rolled = roll_dice(self._host().rng, n)
            hits = sum(1 for r in rolled if r <= top)
            selective = hits if all_selective else sum(1 for r in rolled if r == 1)
            self._keep(("roll", seat, cause, rolled, hits, selective, top))
            if self.logs("roll"):  # asked first: the keywords cost more than the question
                self._host().battle_event("roll", None, **_roll_data(self.rolls[-1]))
            return hits, selective
        pool = self._cards()
        flipped = [c for c in (self._draw_one() for _ in range(n)) if c is not None]
        hits = selective = 0
        for cid in flipped:
            card = self.cards[cid]
            if card.can_attack:
                hits += 1
                selective += all_selective or card.terrain == self.req.terrain
        pool.discard.extend(flipped)
        self._keep(("flip", seat, cause, flipped, hits, selective, 0))
        if self.logs("flip"):
            self._host().battle_event("flip", None, **self._flip_data(self.rolls[-1]))
        return hits, selective

    def course_round(self) -> int:
        """The number of the round being fought as the log counts them: the battle round's
        (its "--- Battle round N ---"), the wave's in cards mode (its "--- Attack wave N ---");
        0 before the first."""
        return self.wave if self.cards_mode else self.round

    def _keep(self, roll: tuple[Any, ...]) -> None:
        """A roll or flip (kind, seat, cause, dice or cards, hits, selective, the face hit
        on), kept with those of its round (`rolls`) for the tables, which read the dice as
        data, not from the log's words. Kept whether the battle is logged or not (a trusted
        game logs less, and must show the same), as a tuple: its event's data is made only
        for a viewer, or the log."""
        n = self.course_round()
        if n != self.rolls_round:
            self.rolls, self.rolls_round = (), n
        self.rolls += (roll,)

    def _flip_data(self, roll: tuple[Any, ...]) -> dict[str, Any]:
        """A flip's event data, from what `_keep` kept."""
        _, seat, cause, cards, hits, selective, _ = roll
        return {"player": seat, "cause": cause, "cards": cards,
                "descs": [self.cards[c].short() for c in cards], "hits": hits,
                "selective": selective}

    def _draw_one(self) -> str | None:
        host = self._host()
        return self._cards().draw_one(host.rng, lambda k: _reshuffled(host, k))

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
        if self.logs("casualty"):
            # Overwatch on its own fires at a unit moving, not attacking: it says so.
            moving = {"moving": True} if self.req.kind == "overwatch" else {}
            self._host().battle_event("casualty", None, attacker=victim == ATT, side=side,
                                      unit=unit, chooser=self.seat[chooser], cause=cause,
                                      **moving)

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
        self.joined[side][unit] += 1
        self.log("bring", side=side, unit=unit)

    def draw_in_options(self, role: int) -> list[DrawIn]:
        if role == DEF:
            return [DrawIn(False, i, k) for i, g in enumerate(self.dreserve)
                    for k in range(3) if g[k]]
        return [DrawIn(True, b.side, b.unit) for b in self.bring_options()]

    def _draw_unit_in(self, action: DrawIn) -> None:
        """Reinforcements: the unit joins its hex side (attacker) or the battle hex
        (defender). A defending artillery may fire Overwatch at a later wave, not now."""
        if action.attacker:
            self.reserve[action.side][action.unit] -= 1
            self.attacker[action.side][action.unit] += 1
            self.joined[action.side][action.unit] += 1
        else:
            # Overwatch fires once per enemy turn: an artillery drawn in that has fired this
            # turn stays so; of a hex's artillery the ones still ready come first.
            if action.unit == ART and self.resolver.overwatch and self._ready_next_to(
                    action.side):
                self.overwatch_ready += 1
            self.dreserve[action.side][action.unit] -= 1
            self.drawn[action.side][action.unit] += 1
            self.defender[action.unit] += 1
        self.log("drawn_in", player=self.seat[ATT if action.attacker else DEF],
                 attacker=action.attacker, side=action.side, unit=action.unit)

    def _ready_next_to(self, group: int) -> int:
        """The artillery of a group of the defender's units next to the battle hex still
        able to fire Overwatch this turn: the ones that fired are drawn in last."""
        fired = self.req.defender_reserve[group].overwatch_fired
        return max(0, self.dreserve[group][ART] - fired)

    # --- dice steps -----------------------------------------------------------------------
    def launch_texts(self) -> list[PlayCard]:
        """Hybrid: the Attack cards whose Attack card text acts at this launch (`text_acts`)
        the attacker may play for it as it launches."""
        if not self.hybrid:
            return []
        return self._text_attacks()

    def text_acts(self, card: Card) -> bool:
        """Whether an Attack card played for its text alone would act at this launch: rule 43
        plays one "in order to take advantage of the card text", so one whose text has
        nothing to act on is not offered (it would only be spent). Secrecy stops Overwatch:
        it acts while defending artillery could fire it here (none can against an empty town
        or city). +1 MP acts while a unit moves: the units here are already moving in (the
        map game plays it during movement, `PlayMoveCard`, which is how "eg +1MP" is taken;
        the one-battle game has no movement). Public, as `may_hold` needs."""
        return has_attack_text(card) and card.effect == "secrecy" and self.overwatch_ready > 0

    def _text_attacks(self) -> list[PlayCard]:
        """The attacker's Attack cards whose text acts here (`text_acts`), to play for it
        alone: at a hybrid launch, and in cards mode into an empty town or city, where "the
        hits/misses on the card would of course not matter, only the card text"."""
        hand = [self.cards[c] for c in self.hand(ATT)]
        return [PlayCard(c.id, "text", c.short()) for c in hand if self.text_acts(c)]

    def _step_launch(self) -> None:
        """Dice and hybrid: the attacker brings reserve units, and (hybrid) may play an Attack
        card for its text; asked when it has a reserve, or (hybrid) may hold a card whose
        text acts here, as far as the defender can tell (with none it can only launch: the
        pass)."""
        if self.bring_options() or (self.hybrid and self.may_hold(ATT, self.text_acts)):
            self.decision = ("launch", ATT)

    def _step_overwatch(self) -> None:
        if not self.resolver.overwatch or not self.overwatch_ready:
            return
        if self.secrecy:
            self.log("secrecy")
            return
        if self.units(ATT, whole=True):
            self.decision = ("overwatch", DEF)  # fire now, or hold it back

    def _fire_overwatch(self) -> None:
        artillery, self.overwatch_ready = self.overwatch_ready, 0  # once per enemy turn each
        self.overwatch_fired += artillery
        hits, sel = self._fire(DEF, self.artillery_dice(artillery), "overwatch", True)
        self._hit(ATT, DEF, hits, sel, True, "overwatch")

    def _step_bombard(self) -> None:
        artillery, frigates = self.attacker[0][ART], self.attacker[0][FRIG]
        if not self.units(DEF):
            return
        chars = self.resolver.artillery_characteristics
        hits, sel = self._fire(ATT, self.artillery_dice(artillery), "bombard", chars)
        self._hit(DEF, ATT, hits, sel, False, "bombard")
        hits, sel = self._fire(ATT, frigates, "bombard", False)
        self._hit(DEF, ATT, hits, sel, False, "bombard")

    def _step_prebattle(self) -> None:
        """The launching artillery fires: all of it, or (prebattle_fire_each_wave=false) the
        artillery that has not fired yet."""
        sides = range(1, len(self.attacker))
        each = self.resolver.prebattle_fire_each_wave
        artillery = sum(self.attacker[i][ART] - (0 if each else self.prebattle_fired[i])
                        for i in sides)
        for i in sides:
            self.prebattle_fired[i] = self.attacker[i][ART]
        if not self.units(DEF) or not artillery:
            return
        chars = self.resolver.artillery_characteristics
        hits, sel = self._fire(ATT, self.artillery_dice(artillery), "pre-battle fire", chars)
        self._hit(DEF, ATT, hits, sel, False, "pre-battle fire")

    def _step_open(self) -> None:
        # An attack on a town or city takes at least one round, even if nobody defends it.
        if self.units(ATT) and (self.units(DEF) or self.req.settlement != "none"):
            self._next_round()
        else:
            self._check_end()

    def _next_round(self) -> None:
        """Hybrid: a card window comes before each dice round."""
        self.steps += ["window", "round"] if self.hybrid else ["round"]

    def _step_round(self) -> None:
        self.round += 1
        if self.logs("round"):
            self._host().battle_event("round", None, round=self.round)
        defenders = self.units(DEF)
        hits, sel = (self._fire(ATT, self.attacker_dice(), "battle", False)
                     if defenders else (0, 0))
        dice, protected = self.defender_dice()
        lost = suppressed(hits, defenders, dice, protected)
        if lost:
            self.log("suppress", dice=lost)
        d_hits, d_sel = self._fire(DEF, dice - lost, "battle", False)
        self._hit(DEF, ATT, hits, sel, False, "battle")
        self._hit(ATT, DEF, d_hits, d_sel, False, "battle")
        self.steps.append("round_end")

    def _step_round_end(self) -> None:
        self.events = []  # hybrid: a Special Event lasts until the end of the dice round
        if self._check_end():
            return
        if self.round >= self.resolver.max_rounds:
            self.log("retreat", player=self.seat[ATT], forced=True)
            self._finish((DEF,), "round limit reached")
            return
        self.decision = ("continue", ATT)

    # --- hybrid: the card window before each dice round -------------------------------------
    def window_plays(self, role: int) -> list[PlayCard]:
        """Special Events (Reinforcements with a reserve to draw from), and Reversal of
        Fortune while the opponent has Special Events in effect."""
        hand = [self.cards[c] for c in self.hand(role)]
        out = [PlayCard(c.id, "event", c.short()) for c in hand
               if c.special_event and self._event_possible(role, c)]
        if any(p != role for _, p in self.events):
            out += [PlayCard(c.id, "text", c.short()) for c in hand
                    if c.effect == "reversal_of_fortune"]
        return out

    def window_open_to(self, role: int) -> bool:
        """Whether the card window asks the side: as far as the opponent can tell, it may
        hold a Special Event it could play, or a Reversal of Fortune while the opponent has
        Special Events in effect. It is asked whether or not it holds one."""
        cancel = any(p != role for _, p in self.events)
        return self.may_hold(role, lambda c: (
            (c.special_event and self._event_possible(role, c))
            or (cancel and c.effect == "reversal_of_fortune")))

    def _step_window(self) -> None:
        self.window_passes = 0
        self.plays = []
        if self.window_open_to(ATT) or self.window_open_to(DEF):
            self.log("window", round=self.round + 1)
        self._window_turn(ATT)

    def _window_turn(self, role: int) -> None:
        """The attacker, then the defender, alternately; two passes in a row close it. A
        side everyone can tell has no card to play passes by itself."""
        while self.window_passes < 2:
            if self.window_open_to(role):
                self.decision = ("window", role)
                return
            self.window_passes += 1
            role = 1 - role

    def pose_again(self) -> None:
        """Put the current launch or card-window question again, from the state as it is. A
        determinisation does it after dealing the hidden hands anew, so that it never keeps a
        question that hidden cards could have decided."""
        if self.finished or self.decision is None or self.decision[0] not in ("launch",
                                                                               "window"):
            return
        kind, role = self.decision
        self.decision = None
        if kind == "launch":
            self.steps.insert(0, "launch")
        else:
            self._window_turn(role)
        self._advance()

    def _resume(self, decision: tuple[str, int]) -> None:
        if decision[0] == "window":
            self._window_turn(decision[1])
        else:
            self.decision = decision

    # --- card steps -----------------------------------------------------------------------
    def _draw(self, role: int, n: int, why: str) -> None:
        draw_cards(self._cards(), self._host(), self.seat[role], n, why, self.cards)

    def _step_wave(self) -> None:
        if self.round >= self.resolver.max_rounds:
            self._finish((DEF,), "round limit reached")
            return
        if self.units(DEF) and not self.may_hold(ATT, can_attack):
            # Everyone can tell: the hand is empty, or every card that attacks is face up in
            # the discard pile. Otherwise the attacker is asked, whatever its hand.
            self.log("stand_ground", player=self.seat[ATT], forced=True)
            self._finish((DEF,), "attacker had no attack card" if self.wave == 0
                         else "attacker stood its ground")
            return
        self.wave += 1
        self.plays = []
        self.secrecy = False  # the last wave's Secrecy card held then; this one has none yet
        self.log("wave", wave=self.wave)
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
            if self.units(ATT) and self.req.settlement != "none":
                self.steps = ["special_defense", "check"]  # an empty town still fires
            else:
                self._check_end()
            return
        if self.wave == 1:  # replenishment: one card fewer than the dice; first wave only
            for role in (ATT, DEF):
                # "the number of dice the player would normally get in the battle": as the
                # dice game gives them, a Special Event played before the wave aside
                self._draw(role, self.dice(role, False) - 1, "replenishment")
        card = self.cards[self.attack_card]
        self._set_live(card, min(card.hits, self.attacker_dice()), card.attack or "")
        # The Attack card's play says the hits it made live, as a Counter's does: the tables
        # tell its cut after a Counter has answered it.
        for play in self.plays:
            if play["use"] == "attack":
                play["live"] = self.pending
        self.decision = ("play", DEF)

    def _set_live(self, card: Card, live: int, respond_to: str) -> None:
        """The hits of a card just played, against the other side; the card type the
        next Counter must answer."""
        self.pending = live
        self.pending_selective = card.terrain == self.req.terrain
        self.last_type = respond_to

    def counter_allowed(self, role: int, card: Card) -> bool:
        """The response restrictions, and: the attacker needs a unit that survives the hits
        it faces (after its card's misses) to play a card."""
        if not card.can_counter or card.counter not in RESPONSES[self.last_type]:
            return False
        return role == DEF or self.units(ATT) - (self.pending - self.blocked(card)) >= 1

    def blocked(self, card: Card) -> int:
        """Live hits a Counter blocks: one per miss; all for a Reversal of Fortune."""
        if card.effect == "reversal_of_fortune":
            return self.pending
        return min(card.misses, self.pending)

    def _cancel_events(self, role: int) -> None:
        """Reversal of Fortune: the opponent's Special Events in effect are cancelled."""
        cancelled = [e for e, p in self.events if p != role]
        self.events = [[e, p] for e, p in self.events if p == role]
        if cancelled:
            self.log("cancelled", player=self.seat[role], effects=cancelled)

    def _answers_a_reversal(self) -> bool:
        """Whether the card just played answers a Reversal of Fortune: the last battle card
        before it (events come between) is one."""
        plays = self.plays
        for i in range(len(plays) - 2, -1, -1):  # by index: mypyc crashed on reversed() here
            if plays[i]["use"] != "event":
                card: str = plays[i]["card"]
                return self.cards[card].effect == "reversal_of_fortune"
        return False

    def _play_counter(self, role: int, card: Card) -> None:
        blocked = self.blocked(card)
        # "All the second Reversal of Fortune card would do is cancel the hits on the first
        # Reversal of Fortune card": answering one, it cancels no Special Event.
        if card.effect == "reversal_of_fortune" and not self._answers_a_reversal():
            self._cancel_events(role)
        unblocked = self.pending - blocked
        self.plays[-1].update(blocked=blocked)
        # The defender always matches play: its hits qualify by its dice (its units' and the
        # place's) before this exchange's casualties.
        qualified = self.defender_dice()[0] if role == DEF else None
        self._hit(role, 1 - role, unblocked, unblocked if self.pending_selective else 0,
                  False, "card")
        self.pending = 0
        self.counter_ctx = [role, card.id, qualified]
        self.steps = ["after_counter"]

    def _step_after_counter(self) -> None:
        role, cid, qualified = self.counter_ctx
        card = self.cards[cid]
        if qualified is None:  # the attacker's surviving units qualify its hits
            qualified = self.attacker_dice()
        self._set_live(card, min(card.hits, qualified), card.counter or "")
        self.plays[-1].update(live=self.pending)
        if role == ATT and not self.units(DEF) and self.req.settlement == "none":
            # In the open a hex whose last defender fell is the attacker's, as one emptied by
            # bombard is taken without a fight: nobody is left to answer.
            self.steps = ["round_over"]
        else:
            # "Defender always gets to respond": a town or city emptied in this round still
            # answers with its dice (`_play_counter` counts them), as an empty one fires.
            self.decision = ("play", 1 - role)

    def _event_possible(self, role: int, card: Card) -> bool:
        return card.effect != "reinforcements" or bool(self.draw_in_options(role))

    def event_allowed(self, role: int, card: Card) -> bool:
        """A Special Event in a card battle round. The attacker needs a surviving unit: one
        that survives the live hits as they stand, or another card in hand that is a legal
        Counter leaving a survivor ("enough shields to first block the hit(s)")."""
        if not card.special_event or not self._event_possible(role, card):
            return False
        if role == DEF or self.units(ATT) > self.pending:
            return True
        return any(c != card.id and self.counter_allowed(ATT, self.cards[c])
                   for c in self.hand(ATT))

    def _play_event(self, role: int, card: Card, resume: tuple[str, int]) -> None:
        """The event takes effect; then `resume` (after picking the unit Reinforcements
        draws in, when there is a choice)."""
        if card.effect != "reinforcements":
            self.events.append([card.effect, role])
            self._resume(resume)
            return
        options = self.draw_in_options(role)
        if len(options) == 1:
            self._draw_unit_in(options[0])
            self._resume(resume)
        else:
            self.resume = resume
            self.decision = ("draw_in", role)

    def _step_round_over(self) -> None:
        self.events = []
        self.pending = 0
        if self._check_end():
            return
        self.log("pull_back", sources=self.sources())
        self.steps = ["wave"]

    def sources(self) -> list[str]:
        """Each hex side's source: "land", or "frigate" (the units fall back onto it)."""
        return ["frigate" if s.from_frigate else "land" for s in self.req.sides]

    # --- the session contract ---------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        if self.finished or self.decision is None:
            return ()
        return (self.seat[self.decision[1]],)

    def legal_actions(self, seat: int) -> list[Any]:
        if self.finished or self.decision is None:
            return []
        kind, role = self.decision
        if kind == "casualty":
            victim, _, _, whole, _ = self.queue[0]
            table = CASUALTIES[victim]
            return [table[side][unit] for side, unit in self.casualty_options(victim, whole)]
        if kind == "continue":
            return [FIGHT_ON, RETREAT]
        if kind == "overwatch":
            return [FIRE_OVERWATCH, HOLD_OVERWATCH]
        if kind == "draw_in":
            return list(self.draw_in_options(role))
        if kind == "launch":
            return [*self.bring_options(), *self.launch_texts(), Launch()]
        if kind == "window":
            return [*self.window_plays(role), PassWindow()]
        hand = [self.cards[c] for c in self.hand(role)]
        if kind == "wave":
            brings: list[Any] = list(self.bring_options())
            if not self.units(DEF):
                return [*brings, MoveIn(), *self._text_attacks()]
            out: list[Any] = [PlayCard(c.id, "attack", c.short()) for c in hand if c.can_attack]
            # A Special Event first, if an Attack card is left to launch the wave with; at a
            # launch the reserve is brought without a card.
            out += [PlayCard(c.id, "event", c.short()) for c in hand if c.special_event
                    and c.effect != "reinforcements"
                    and any(a.can_attack and a is not c for a in hand)]
            return [*brings, *out, StandGround()]
        if kind == "play":
            out = []
            for c in hand:
                if self.counter_allowed(role, c):
                    out.append(PlayCard(c.id, "counter", c.short()))
                if self.event_allowed(role, c):
                    out.append(PlayCard(c.id, "event", c.short()))
            return [*out, Pass()]
        raise AssertionError(f"no battle decision of kind {kind}")

    def apply(self, seat: int, action: Any) -> None:
        assert self.decision is not None, "no decision is waiting"
        kind, role = self.decision
        self.decision = None
        # By kind, without getattr (see `_step`).
        if kind == "casualty":
            self._on_casualty(role, action)
        elif kind == "continue":
            self._on_continue(role, action)
        elif kind == "overwatch":
            self._on_overwatch(role, action)
        elif kind == "launch":
            self._on_launch(role, action)
        elif kind == "window":
            self._on_window(role, action)
        elif kind == "play":
            self._on_play(role, action)
        elif kind == "wave":
            self._on_wave(role, action)
        elif kind == "draw_in":
            self._on_draw_in(role, action)
        else:
            raise AssertionError(f"no battle decision of kind {kind}")
        self._advance()

    def _on_casualty(self, role: int, action: Casualty) -> None:
        head = self.queue[0]
        self._remove(head[0], action.side, action.unit, role, head[4])
        head[2] -= 1
        if not head[2]:
            self.queue.pop(0)

    def _on_continue(self, role: int, action: Any) -> None:
        if type(action) is Retreat:
            self.log("retreat", player=self.seat[ATT], forced=False, sources=self.sources())
            self._finish((DEF,), "attacker retreated")
        else:
            self._next_round()

    def _on_launch(self, role: int, action: Any) -> None:
        if type(action) is Bring:
            self._bring(action.side, action.unit)
            self.steps.insert(0, "launch")
        elif type(action) is PlayCard:  # hybrid: an Attack card for its text; it launches
            card = self._play(role, action)
            self.secrecy = card.effect == "secrecy"
            self.attack_card = card.id

    def _on_overwatch(self, role: int, action: Any) -> None:
        if type(action) is HoldOverwatch:
            self.log("overwatch_held", player=self.seat[DEF], artillery=self.overwatch_ready)
        else:
            self._fire_overwatch()

    def _on_draw_in(self, role: int, action: DrawIn) -> None:
        self._draw_unit_in(action)
        resume, self.resume = self.resume, None
        assert resume is not None
        self._resume(resume)

    def _on_window(self, role: int, action: Any) -> None:
        if type(action) is PassWindow:
            self.log("window_pass", player=self.seat[role])
            self.window_passes += 1
            self._window_turn(1 - role)
            return
        card = self._play(role, action)
        self.window_passes = 0
        if action.use == "text":  # Reversal of Fortune
            self._cancel_events(role)
            self._window_turn(1 - role)
        else:
            self._play_event(role, card, ("window", 1 - role))

    def _on_wave(self, role: int, action: Any) -> None:
        if type(action) is Bring:
            self._bring(action.side, action.unit)
            self.decision = ("wave", ATT)
        elif type(action) is StandGround:
            self.log("stand_ground", player=self.seat[ATT], forced=False, wave=self.wave)
            self._finish((DEF,), "attacker called off the attack" if self.wave == 1
                         else "attacker stood its ground")
        elif type(action) is MoveIn:
            self.log("move_in", player=self.seat[ATT])
            self._launch(None)
        else:
            card = self._play(role, action)
            if action.use == "event":
                self._play_event(role, card, ("wave", ATT))
            else:
                self._launch(card)

    def _on_play(self, role: int, action: Any) -> None:
        if type(action) is Pass:
            self.log("pass", player=self.seat[role], hits=self.pending)
            self._hit(role, 1 - role, self.pending,
                      self.pending if self.pending_selective else 0, False, "card")
            self.pending = 0
            self.steps = ["round_over"]
            return
        card = self._play(role, action)
        if action.use == "event":
            self._play_event(role, card, ("play", role))
        else:
            self._play_counter(role, card)

    def _play(self, role: int, action: PlayCard) -> Card:
        card = self.cards[action.card]
        self.hand(role).remove(card.id)
        self._cards().discard.append(card.id)
        self.cards_played += 1
        seat = self.seat[role]
        play = {"player": seat, "card": card.id, "desc": card.short(), "use": action.use}
        self.plays.append(play)
        self.log("play", player=seat, card=card.id, desc=card.short(), use=action.use,
                 facing=self.pending if action.use == "counter" else 0)
        return card

    def result(self) -> BattleResult | None:
        if not self.finished:
            return None
        if self._result is None:
            self._result = self._make_result()
        return self._result

    def _make_result(self) -> BattleResult:
        r = self.req
        assert self.verdict is not None, "the battle has no verdict yet"
        winners, reason = self.verdict
        winner = "none" if r.kind in ("bombard", "overwatch") else WINNERS[winners]
        sides = []
        for i, side in enumerate(r.sides, 1):
            now, joined = self.attacker[i], self.joined[i]
            sides.append(_units(side.units[k] + joined[k] - now[k] for k in range(4)))
        # Bombarding units lost are taken from the bombarding hexes in the request's order.
        lost_art = sum(b.artillery for b in r.bombard) - self.attacker[0][ART]
        lost_frig = sum(b.frigates for b in r.bombard) - self.attacker[0][FRIG]
        bombard = []
        for b in r.bombard:
            art, frig = min(lost_art, b.artillery), min(lost_frig, b.frigates)
            lost_art -= art
            lost_frig -= frig
            bombard.append((0, 0, art, frig))
        drawn = []
        for i, (g, d) in enumerate(zip(r.defender_reserve, self.drawn)):
            if any(d):
                # The ready artillery came first: those drawn in beyond them had fired.
                ready = max(0, g.units[ART] - g.overwatch_fired) - self._ready_next_to(i)
                drawn.append(DefenderReserve(g.hex, g.name, _units(d), d[ART] - ready))
        came = [r.defender_units[k] + sum(d[k] for d in self.drawn) for k in range(4)]
        return BattleResult(
            winner=winner, reason=reason,
            attacker_losses=tuple(sides),
            bombard_losses=tuple(bombard),
            defender_losses=_units(came[k] - self.defender[k] for k in range(4)),
            reserve_joined=tuple(_units(j) for j in self.joined[1:]),
            drawn_in=tuple(drawn),
            retreated=winner == "defender" and self.units(ATT) > 0,
            overwatch_fired=self.overwatch_fired,
            rounds=self.round,
            details={"lost": list(self.lost), "cards_played": self.cards_played},
        )

    def observation(self, player: int | None) -> dict[str, Any]:
        """The battle's public state (no hand): forces, dice, what is to be decided; in card
        modes the cards played this round, the live hits and the Special Events in effect.
        Pairs ([attacker, defender]) are by role; `player`, `victim`, `chooser` are seats.
        What the tables show besides, as data, is `table_data` (the map game's encoding
        hashes this, which it was pinned on)."""
        r = self.req
        seat = self.seat
        decision = self.decision if not self.finished else None
        obs: dict[str, Any] = {
            "kind": r.kind,
            "hex": r.hex,
            "where": r.name,
            "seats": list(seat),
            "mode": r.mode,
            "terrain": r.terrain,
            "settlement": r.settlement,
            "naval_support": r.naval_support,
            "supply": list(r.supply),
            "lost_capital": list(r.lost_capital),
            "artillery_characteristics": self.resolver.artillery_characteristics,
            "overwatch": self.resolver.overwatch,
            "decision": decision[0] if decision else None,
            "to_move": list(self.to_move()),
            "round": self.round,
            "wave": self.wave,
            "defender": list(self.defender),
            "attacker": [list(s) for s in self.attacker],
            "sources": self.sources(),
            "source_hexes": [s.source for s in r.sides],
            "bombard_hexes": [b.hex for b in r.bombard],
            "reserves": [list(x) for x in self.reserve[1:]],
            "defender_reserve": self.defender_reserve,
            "defender_groups": [[g.hex, list(u)] for g, u in zip(r.defender_reserve,
                                                                 self.dreserve)],
            "overwatch_ready": self.overwatch_ready,
            "secrecy": self.secrecy,
            "dice": [self.attacker_dice(), self.defender_dice()[0]],
            "lost": list(self.lost),
            "casualties": ({"victim": seat[self.queue[0][0]], "chooser": seat[self.queue[0][1]],
                            "count": self.queue[0][2], "cause": self.queue[0][4]}
                           if self.queue and decision else None),
            "result": ({"winners": [seat[w] for w in self.verdict[0]],
                        "reason": self.verdict[1]} if self.verdict else None),
        }
        if self.has_cards:
            obs.update({
                "attack_card": self.attack_card,
                "pending": self.pending,
                "pending_selective": self.pending_selective,
                "respond_to": self.last_type,
                # each with what it is and does (`Card.seen`), for the tables' tooltips and
                # card texts: written here, for a viewer, not at each play of a search
                "plays": [{**p, **self.cards[p["card"]].seen(False)} for p in self.plays],
                # the Special Events in effect by name ("Ignore Terrain"), and whose
                "events": [[EFFECT_NAMES[e], seat[p]] for e, p in self.events],
            })
        return obs

    def table_data(self) -> dict[str, Any]:
        """What the tables show of the battle that the rules know, as data, so that no
        table reads it back out of the log's words nor copies a rule: the highest face a
        side's die hits on ("hit_on": 3, 4 in combat supply), the rolls (or flips) of the last
        round that had any ("rolls": their events' data) and that round's number
        ("rolls_round", `course_round`); in card modes the Counters that may answer the live
        hits ("answers", the text's restrictions) and the terminal's words for them
        ("answering"), and the cards played with their figures ("plays", `Card.seen`). All
        public: a battle's course is (on a hidden map, not its place). Made for a viewer,
        never at a play; it updates `observation`'s keys."""
        data: dict[str, Any] = {
            "hit_on": [hit_faces(s) for s in self.req.supply],
            "rolls": [_roll_data(x) if x[0] == "roll" else self._flip_data(x)
                      for x in self.rolls],
            "rolls_round": self.rolls_round,
        }
        if self.has_cards:
            data["answers"] = list(RESPONSES.get(self.last_type, ()))
            data["answering"] = counters_answering(self.last_type)
            data["plays"] = [{**p, **self.cards[p["card"]].seen()} for p in self.plays]
        return data

    def clone(self, host: BattleHost, pool: CardPool | None) -> BattleSession:
        new = BattleSession(self.resolver, self.req, host, pool, fresh=False)
        new.defender = list(self.defender)
        new.attacker = [list(s) for s in self.attacker]
        new.reserve = [list(x) for x in self.reserve]
        new.dreserve = [list(g) for g in self.dreserve]
        new.joined = [list(j) for j in self.joined]
        new.drawn = [list(d) for d in self.drawn]
        new.overwatch_ready = self.overwatch_ready
        new.overwatch_fired = self.overwatch_fired
        new.prebattle_fired = list(self.prebattle_fired)
        new.lost = list(self.lost)
        new.round = self.round
        new.wave = self.wave
        new.steps = list(self.steps)
        new.queue = [list(q) for q in self.queue]
        new.decision = self.decision
        new.verdict = self.verdict
        new.finished = self.finished
        new.secrecy = self.secrecy
        new.window_passes = self.window_passes
        new.resume = self.resume
        new.attack_card = self.attack_card
        new.pending = self.pending
        new.pending_selective = self.pending_selective
        new.last_type = self.last_type
        new.counter_ctx = list(self.counter_ctx)
        new.events = [list(e) for e in self.events]
        new.plays = [dict(p) for p in self.plays]
        new.rolls = self.rolls
        new.rolls_round = self.rolls_round
        new.cards_played = self.cards_played
        new._result = self._result
        if new.finished:
            new.host = None  # as `_finish` leaves it
        return new


def _roll_data(roll: tuple[Any, ...]) -> dict[str, Any]:
    """A roll's event data, from what `BattleSession._keep` kept."""
    _, seat, cause, dice, hits, selective, top = roll
    return {"player": seat, "cause": cause, "dice": dice, "hits": hits,
            "selective": selective, "hit_on": top}


# The steps of a battle's course that a table tells besides its rolls and flips: the cards
# played, Suppression, a card battle round's pass, the casualties, and how the attack ended
# (a wave's last lines are its pass and the losses it took: without them it read unfinished).
COURSE_STEPS = ("play", "suppress", "pass", "casualty", "retreat", "stand_ground", "move_in")


def battle_course(events: Iterable[dict[str, Any]],
                  who: Callable[[int], str]) -> tuple[list[dict[str, Any]], int, bool]:
    """A battle's course from its events as a viewer's log holds them (a battle over, whose
    session is gone): each roll and flip (its event's data), and each other step a table
    tells (`COURSE_STEPS`, "says": its log line, `who` naming seats), with the number of its
    round as `course_round` counts them ("round": 0 before the first); the rounds (or waves)
    fought, and whether they were waves (cards mode)."""
    course: list[dict[str, Any]] = []
    rounds, waves = 0, False
    for e in events:
        kind = e["event"]
        if kind == "round" or kind == "wave":
            rounds += 1
            waves = waves or kind == "wave"
        elif kind == "roll" or kind == "flip":
            course.append({**e, "round": rounds})
        elif kind in COURSE_STEPS:
            course.append({"event": kind, "round": rounds,
                           "says": describe_battle_event(e, who)})
    return course, rounds, waves


def _units(values: Any) -> Units:
    a, b, c, d = values
    return (a, b, c, d)
