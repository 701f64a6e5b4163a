"""The rules of Word & Iron, Pitched Battle, one decision at a time.

The game runs a stack of small tasks (draw a card, resolve a card, a player's resource phase,
...). A task is a tuple whose first item is the state's method that runs it, called with the
task. A task that needs a player's decision sets `pending` and the run stops; the action answers
it and the run goes on. Cards are data (deck.py); every effect kind has one `_e_` method, and a
card's effects resolve in order: one that needs a decision or starts tasks of its own (a
recruitment, an order of benefits) leaves the rest of the card on the stack below them.

Set-up (rules 2-14): each player chooses king or queen; realms, strategy, chance and Word of
Power decks are laid out; a champion is drawn (the other royal means married, and one more
draw); a coin toss; its winner chooses who attacks first; the champions are read. Then rounds
(rules 15-19): strategies, chance, Word of Power (until the truce offer), resources.
"""

from __future__ import annotations

import functools
import random
from itertools import compress
from math import ceil
from operator import lt
from typing import Any, Literal

from mypy_extensions import mypyc_attr

from ...engine import Outcome, State, shuffle, split_rng
from .actions import (
    AnswerTruce,
    ChooseCasualty,
    ChooseFirstAttacker,
    ChooseRoyal,
    FinishResources,
    NoTruceOffer,
    OfferTruce,
    OrderBenefit,
    Recruit,
    TakeRansom,
    UseResource,
)
from .army import ROYAL_GUARDS, army_ranks, loss_limit, next_casualties, resolve_unit
from .config import Config
from .deck import UNITS, Card, Deck

STRATEGY, CHANCE, WORD, CHAMPION = 0, 1, 2, 3
PILES = ("strategy", "chance", "word", "champion")
SKIPPABLE = ("strategy", "chance", "word", "resource")  # index into State.skips
RESOURCE_SKIP = 3
WARD, EMPOWER = "ward", "empower"
# Benefits of one family overlap (rule 11: used one after the other); the two families oppose.
FAMILY = {"protect": WARD, "restore": WARD, "empower": EMPOWER}
OPPOSED = {WARD: EMPOWER, EMPOWER: WARD}
SECTION = {STRATEGY: "strategies", CHANCE: "chance", WORD: "words", CHAMPION: "champions"}

# A benefit: (kind, source card, total, left, percent); "left" counts strategies or turns.
BenefitKind = Literal["protect", "restore", "empower"]
Benefit = tuple[BenefitKind, str, int, int, int]
# A task of the stack: (the method that runs it, its arguments...); see `_run`.
Task = tuple[Any, ...]


# Choices made once per distinct value and reused: a frozen action costs more to build than
# to look up, and a search finds the very same object at once.
recruit_action = functools.cache(Recruit)
use_resource_action = functools.cache(UseResource)
choose_casualty_action = functools.cache(ChooseCasualty)
FINISH_RESOURCES = FinishResources(False)
SKIP_RESOURCES = FinishResources(True)
ROYALS = (ChooseRoyal("king"), ChooseRoyal("queen"))
FIRSTS = ((ChooseFirstAttacker(0), ChooseFirstAttacker(1)),
          (ChooseFirstAttacker(1), ChooseFirstAttacker(0)))
TRUCE_ANSWERS = (AnswerTruce(True), AnswerTruce(False))
NO_TRUCE_OFFER = NoTruceOffer()
UNIT_INDEX = {unit: u for u, unit in enumerate(UNITS)}



def head(benefits: list[Benefit], family: str) -> Benefit | None:
    """The first of a side's benefits of that family (the one used up first)."""
    for b in benefits:
        if FAMILY[b[0]] == family:
            return b
    return None


def active_benefit(benefits: list[list[Benefit]], p: int, family: str,
                   coin_winner: int) -> Benefit | None:
    """The benefit of that family seat p has in use now. When the two sides hold opposing
    benefits, the coin toss winner uses up its own first; the other's wait (and do not run
    down). The rules decide a ward strategy by strategy (`WordIronState._ward`): the coin
    toss loser's waits only for the strategies the winner's empowering applies to."""
    b = head(benefits[p], family)
    if b is None:
        return None
    other = 1 - p
    if other == coin_winner and head(benefits[other], OPPOSED[family]) is not None:
        return None
    return b


def in_use(benefits: list[list[Benefit]], p: int, coin_winner: int) -> list[bool]:
    """Per benefit of seat p, whether it is the one of its family in use now. Told by place
    (the first of its family), never by identity: compiled code hands out equal copies."""
    flags = []
    families: set[str] = set()
    for b in benefits[p]:
        family = FAMILY[b[0]]
        flags.append(family not in families
                     and active_benefit(benefits, p, family, coin_winner) is not None)
        families.add(family)
    return flags


# Compiled with mypyc where built (warroom.native). `allow_interpreted_subclasses` keeps
# Python's `__new__` (no `__init__`, as `clone` needs it) and pickling.
@mypyc_attr(allow_interpreted_subclasses=True)
class WordIronState(State):
    def __init__(self, config: Config, seed: int):
        super().__init__(2, random.Random(seed))
        self.config = config
        self.decks: tuple[Deck, Deck] = config.decks
        # Per player, per pile (STRATEGY ... CHAMPION): the cards, and each card's effects
        # with the method that resolves each one.
        self.sections = tuple((d.strategies, d.chance, d.words, d.champions) for d in self.decks)
        tables = (_tables(self.decks[0]), _tables(self.decks[1]))
        self.programs = (tables[0][0], tables[1][0])
        self.recruits = (tables[0][1], tables[1][1])  # per unit: the action recruiting it
        self.ranks = tuple(tuple(s.ranks for s in d.soldiers) for d in self.decks)
        self.allotted = tuple(s.count for s in self.decks[0].soldiers)
        self.round = 0
        self.coin_winner = -1
        self.order = (0, 1)
        self.royal: list[str | None] = [None, None]
        self.married = [False, False]
        self.champions: list[list[int]] = [[], []]
        self.field = [list(self.allotted), list(self.allotted)]
        # A realm holds (deck of origin, resource index, uses left): ransoms move resources.
        self.realm: list[list[tuple[int, int, int]]] = [[], []]
        self.piles: list[list[list[int]]] = [[[], [], [], []], [[], [], [], []]]  # top = last
        self.discard: list[list[list[int]]] = [[[], [], []], [[], [], []]]
        self.aside: list[list[list[int]]] = [[[], [], []], [[], [], []]]
        self.seen = [[0, 0, 0], [0, 0, 0]]  # bitmask of cards ever shown, per pile
        self.words_aside = False
        self.benefits: list[list[Benefit]] = [[], []]
        self.skips = [[0, 0, 0, 0], [0, 0, 0, 0]]
        # Per player and deck, the cards (by name) that set the draws it will skip: the view and
        # the log name the source of a penalty, as they do a benefit's.
        self.skip_sources: list[list[tuple[str, ...]]] = [[(), (), (), ()], [(), (), (), ()]]
        # Extra draws of the strategy, chance and Word of Power decks granted by a champion read
        # at set-up: each waits for the holder's next regular draw of that deck (rules 13-15).
        self.held = [[0, 0, 0], [0, 0, 0]]
        self.resource_phases = [0, 0]
        self.phase_used: tuple[int, ...] = ()
        self.todo: list[Task] = []  # task stack: the next task is the last
        self.pending: tuple | None = None
        self.card: tuple[int, int, int, bool] | None = None  # (owner, pile, index, extra)
        self.card_losses = [[0] * len(UNITS), [0] * len(UNITS)]
        self.deferred: list[int] = []
        self.boost: Benefit | None = None  # the empowering in use since the turn began
        self.result: tuple[tuple[int, ...], str, dict[str, Any]] | None = None
        self._lay_out()
        self._push([(_ROYAL, 0), (_ROYAL, 1), (_CHAMPIONS,), (_COIN,), (_READ,), (_ROUND,)])
        self._run()

    # --- set-up -----------------------------------------------------------------------------
    def _lay_out(self) -> None:
        cfg = self.config
        for p in (0, 1):
            deck = self.decks[p]
            order = self._shuffled(8)
            self.realm[p] = [(p, i, deck.resources[i].uses) for i in order[: cfg.realm_of(p)]]
            order = self._shuffled(len(deck.strategies))
            self.piles[p][STRATEGY] = order[: cfg.strategy_deck_size]
            self.aside[p][STRATEGY] = order[cfg.strategy_deck_size:]
            self.piles[p][CHANCE] = self._shuffled(len(deck.chance))
            order = self._shuffled(len(deck.words))
            self.piles[p][WORD] = order[: cfg.word_deck_size]
            self.aside[p][WORD] = order[cfg.word_deck_size:]
            for k in (STRATEGY, CHANCE, WORD):
                self._show_top(p, k)
            if self.logs("realm"):
                self.event("realm", player=p, deck=deck.name,
                           resources=[deck.resources[i].name for _, i, _ in self.realm[p]])

    def _shuffled(self, n: int) -> list[int]:
        order = list(range(n))
        shuffle(self.rng, order)
        return order

    def _show_top(self, p: int, k: int) -> None:
        pile = self.piles[p][k]
        if pile and self.config.decks_face_up:
            self.seen[p][k] |= 1 << pile[-1]

    # --- the task machine -----------------------------------------------------------------
    def _push(self, tasks: list[Task]) -> None:
        self.todo.extend(reversed(tasks))

    def _run(self) -> None:
        """Run tasks until a decision is pending or the game is over (`_finish` empties the
        stack)."""
        todo = self.todo
        pop = todo.pop
        while todo and self.pending is None:
            task = pop()
            task[0](self, task)

    def _finish(self, winners: tuple[int, ...], reason: str, **details: Any) -> None:
        self.result = (winners, reason, details)
        self.pending = None
        self.todo.clear()
        self.event("game_over", winners=list(winners), reason=reason, **details)

    def _t_royal(self, task: Task) -> None:
        self.pending = ("royal", task[1])

    def _t_champions(self, _: Task) -> None:
        for p in (0, 1):
            self._draw_champion(p, resolve=False)

    def _t_coin(self, _: Task) -> None:
        self.coin_winner = self.rng.randrange(2)
        self.event("coin", winner=self.coin_winner)
        self.pending = ("first", self.coin_winner)

    def _t_read(self, _: Task) -> None:
        """Rule 14: read your champion cards (your own king or queen excepted, rule 2)."""
        self._push([(_CARD, p, CHAMPION, idx, False, 0)
                    for p in self.order for idx in self.champions[p]])

    def _t_round(self, _: Task) -> None:
        limit = self.config.max_rounds
        if limit and self.round >= limit:
            self._finish((), "round limit reached")
            return
        self.round += 1
        if self._log is not None:
            self.event("round", round=self.round)
        self.todo += _ROUND_TASKS[self.order[0]]

    # --- drawing and resolving cards -------------------------------------------------------
    def cards(self, p: int, k: int) -> tuple[Card, ...]:
        return self.sections[p][k]

    def _t_draw(self, task: Task) -> None:
        _, p, k, extra = task
        if not extra and k != CHAMPION and self.skips[p][k]:
            self._use_skip(p, k)
            self.event("skip", player=p, deck=PILES[k])
            return
        if k == CHAMPION:
            self._draw_champion(p, resolve=True)
            return
        pile = self.piles[p][k]
        if not pile or (k == WORD and self.words_aside):
            if extra:
                self.event("empty", player=p, deck=PILES[k])
            return
        if not extra and self.held[p][k]:  # an extra draw held since set-up: after this card
            self.held[p][k] -= 1
            self._push([(_DRAW, p, k, True)])
        idx = pile.pop()
        self.discard[p][k].append(idx)
        self.seen[p][k] |= 1 << idx
        if self.logs("draw"):
            self.event("draw", player=p, deck=PILES[k], card=self.sections[p][k][idx].name,
                       extra=extra)
        if not pile and k != WORD:  # rules 8 and 9: reshuffle and start over
            pile.extend(self.discard[p][k])
            self.discard[p][k] = []
            shuffle(self.rng, pile)
            self.event("reshuffle", player=p, deck=PILES[k])
        if pile and self.config.decks_face_up:  # the new top card is shown
            self.seen[p][k] |= 1 << pile[-1]
        self._resolve(p, k, idx, extra, 0)

    def _draw_champion(self, p: int, resolve: bool) -> None:
        """Rule 11: one champion; drawing the other royal marries you and draws one more."""
        tasks = []
        pile = self.piles[p][CHAMPION]
        while pile:
            idx = pile.pop()
            self.champions[p].append(idx)
            card = self.decks[p].champions[idx]
            self.event("champion", player=p, card=card.name, spouse=card.royal)
            if resolve:
                tasks.append((_CARD, p, CHAMPION, idx, True, 0))
            if card.royal is None:
                break
            self.married[p] = True
        else:
            self.event("empty", player=p, deck="champion")
        self._push(tasks)

    def _t_card(self, task: Task) -> None:
        self._resolve(*task[1:])

    def _resolve(self, p: int, k: int, idx: int, extra: bool, start: int) -> None:
        """Resolve a card's effects from effect `start` on, then end the card. An effect that
        needs a decision, starts tasks or ends the game stops it: the rest of the card waits
        on the stack, below whatever that effect started."""
        if not start:
            self.card = (p, k, idx, extra)
            self.card_losses = [[0] * len(UNITS), [0] * len(UNITS)]
            self.deferred = []
        program = self.programs[p][k][idx]
        todo = self.todo
        depth = len(todo)
        for e in range(start, len(program)):
            resolve, effect = program[e]
            resolve(self, p, effect)
            if self.pending is not None or len(todo) != depth or self.result is not None:
                if self.result is None:
                    todo.insert(depth, (_CARD, p, k, idx, extra, e + 1))
                return
        if k == STRATEGY:
            self._after_enemy_strategy(1 - p)
        self.card = None
        if self.deferred:
            draws = self.deferred
            if not self.round:  # set-up (rule 14): the battle's draws begin with rule 15
                for d in draws:
                    if d != CHAMPION:
                        self.held[p][d] += 1
                draws = [d for d in draws if d == CHAMPION]
            self._push([(_DRAW, p, d, True) for d in draws])
            self.deferred = []

    def _after_enemy_strategy(self, p: int) -> None:
        """A ward of `p` is used by each strategy of the opponent; restore recruits its losses."""
        b = self._ward(p)
        if b is None:
            return
        if b[0] == "restore":
            back = self.card_losses[p]
            if any(back):
                field = self.field[p]
                for u, n in enumerate(back):
                    field[u] += n
                self.event("restore", player=p, source=b[1],
                           units=[UNITS[u] for u, n in enumerate(back) for _ in range(n)])
        self._tick(p, b)

    def _prize(self, winner: int) -> dict[str, Any]:
        return {"prize": self.config.prize, "prize_to": winner}

    def _t_turn_start(self, task: Task) -> None:
        """The empowering in use now is the one p's strategies of this turn use (extra draws
        included): `_strategy_modifiers`."""
        p = task[1]
        self.boost = self._active(p, EMPOWER) if self.benefits[p] else None
        if self.boost is None and self.benefits[p] and self._log is not None:
            waiting = self._head(p, EMPOWER)
            if waiting is not None:  # the coin toss winner's protection goes first
                self._say_waits(p, waiting, self._head(1 - p, WARD))

    def _t_turn_end(self, task: Task) -> None:
        """An empowering runs down by the turns it was in use from their start, the only turns
        it applies in; one that waited for the opponent's protection (or came later) does
        not."""
        if self.boost is not None and self._head(task[1], EMPOWER) == self.boost:
            self._tick(task[1], self.boost)
        self.boost = None

    # --- benefits (rule 11) ---------------------------------------------------------------
    def _head(self, p: int, family: str) -> Benefit | None:
        return head(self.benefits[p], family)

    def _active(self, p: int, family: str) -> Benefit | None:
        return active_benefit(self.benefits, p, family, self.coin_winner)

    def _ward(self, p: int) -> Benefit | None:
        """The protection or restoring of p that the opponent's strategy resolving now meets.
        Rule 11, benefits opposed strategy by strategy: when p lost the coin toss, its ward
        waits only for a strategy the winner's empowering applies to (one of a strategy turn
        that began with it in use, `boost`), unused; any other strategy of the winner (an
        extra draw outside its turns, a turn whose empowering came later) meets it and uses it
        as if there were no empowering. The winner's ward meets every strategy of the loser,
        whose empowering waits for it (`_t_turn_start`)."""
        b = head(self.benefits[p], WARD)
        if b is not None and self.boost is not None and 1 - p == self.coin_winner:
            return None
        return b

    def _say_waits(self, p: int, waiting: Benefit, first: Benefit | None) -> None:
        """Log that p's benefit `waiting` does not apply now: the coin toss winner's opposing
        benefit `first` is used up first (rule 11)."""
        assert first is not None
        self.event("benefit_waits", player=p, source=waiting[1], benefit=waiting[0],
                   until=first[1], until_benefit=first[0], owner=1 - p)

    def _first_strike(self, effect: Any) -> bool:
        """Whether `effect` is the first of the resolving card's effects that strikes the
        opponent: what a ward does to a strategy is logged once for it, not once a loss."""
        assert self.card is not None
        p, k, idx, _ = self.card
        for _, e in self.programs[p][k][idx]:
            if e.kind in ("losses", "unit_losses") and e.target != "self":
                return e is effect
        return False

    def _tick(self, p: int, b: Benefit) -> None:
        i = self.benefits[p].index(b)
        if b[3] > 1:
            self.benefits[p][i] = (b[0], b[1], b[2], b[3] - 1, b[4])
        else:
            del self.benefits[p][i]
            self.event("benefit_over", player=p, benefit=b[0], source=b[1])

    def _add_benefit(self, p: int, effect: Any, amount: int, percent: int = 0) -> None:
        kind: BenefitKind = effect.kind
        source = self._card_name()
        self.benefits[p].append((kind, source, amount, amount, percent))
        self.event("benefit", player=p, benefit=kind, source=source, amount=amount, percent=percent)
        # Asked once the card has given all its benefits of the family (the Castellan's
        # protection, then its restoring): asked after the first, the answer was overtaken
        # by a second question as the next arrived.
        if self._last_of_family(effect):
            self._push([(_ORDER, p, FAMILY[kind])])

    def _last_of_family(self, effect: Any) -> bool:
        """Whether `effect` is the resolving card's last benefit of its family."""
        assert self.card is not None
        p, k, idx, _ = self.card
        family = FAMILY[effect.kind]
        same = [e for _, e in self.programs[p][k][idx] if FAMILY.get(e.kind) == family]
        return same[-1] is effect

    def _order_options(self, p: int, family: str) -> list[Benefit]:
        """Per card, its first unused benefit of a family, when none of them has started yet.
        Rule 11 orders the cards ("use up one of the champion cards benefits first then the
        next in whichever order you choose"); a card's own benefits keep the order its text
        gives them ("one after the other": the Castellan's protection, then its restoring)."""
        same = [b for b in self.benefits[p] if FAMILY[b[0]] == family]
        # Rule 11, "use up one ... first then the next": the empowering this strategy turn
        # began with has started though not yet run down (`_t_turn_end`), so one gained in
        # the turn queues behind it. `boost` is only set in a strategy turn, where only the
        # turn's player resolves cards, so it is p's.
        if not same or same[0][2] != same[0][3] or (self.boost is not None
                                                     and same[0] == self.boost):
            return []
        out: dict[str, Benefit] = {}
        for b in same:
            if b[2] == b[3]:
                out.setdefault(b[1], b)
        return list(out.values())

    def _t_order(self, task: Task) -> None:
        _, p, family = task
        if len(self._order_options(p, family)) > 1:
            self.pending = ("order", p, family)

    # --- effects ----------------------------------------------------------------------------
    def _strategy_modifiers(self, p: int, target: int, amount: int, effect: Any) -> int | None:
        """A strategy's losses against the opponent: more with the empower benefit its strategy
        turn began with (rounded up), none when the opponent's protection meets it (None)."""
        card = self.card
        if target == p or card is None or card[1] != STRATEGY or card[0] != p:
            return amount  # not a strategy of p against the opponent
        b = self._ward(target) if self.benefits[target] else None
        said = self._log is not None and self._first_strike(effect)  # once a strategy
        if b is not None and b[0] == "protect":
            if said:
                self.event("protected", player=target, source=b[1])
            return None
        if said and b is None and self.benefits[target]:
            waiting = self._head(target, WARD)
            if waiting is not None:  # it waits for the coin toss winner's empowering
                self._say_waits(target, waiting, self.boost)
        # Rule 11, "use up one ... first then the next": the empowering is the one in use when
        # p's strategy turn began, the one that turn runs down (`_t_turn_end`); one that came
        # into use later in the turn waits for the next, and a strategy outside p's strategy
        # turns (an extra draw of a chance or Word of Power card) has none.
        boost = self.boost
        if boost is not None:
            amount = ceil(amount * (100 + boost[4]) / 100)
        return amount

    def _e_losses(self, p: int, effect: Any) -> None:
        target = p if effect.target == "self" else 1 - p
        ranks = self._strategy_modifiers(p, target, effect.ranks, effect)
        if ranks is not None:
            self._start_rank_loss(target, ranks, effect.below, "losses")

    def _e_unit_losses(self, p: int, effect: Any) -> None:
        target = p if effect.target == "self" else 1 - p
        count = self._strategy_modifiers(p, target, effect.count, effect)
        if count is not None:
            assert self.card is not None
            prefer = "down" if self.card[1] == CHANCE else "up"  # rule 9 against rules 1, 8
            self._unit_loss(target, UNIT_INDEX[effect.unit], count, prefer, "losses")

    def _e_cost(self, p: int, effect: Any) -> None:
        """Rule 11: the deploying side always bears the cost, whatever protects the other."""
        if effect.unit is not None:
            assert self.card is not None
            prefer = "down" if self.card[1] == CHANCE else "up"  # rule 9 as for losses
            self._unit_loss(p, UNIT_INDEX[effect.unit], effect.count, prefer, "cost")
        else:
            self._start_rank_loss(p, effect.ranks, effect.below, "cost")

    def _e_recruit(self, p: int, effect: Any) -> None:
        self._push([(_RECRUIT, p, effect.ranks)])

    def _e_protect(self, p: int, effect: Any) -> None:
        self._add_benefit(p, effect, effect.strategies)

    def _e_restore(self, p: int, effect: Any) -> None:
        self._add_benefit(p, effect, effect.strategies)

    def _e_empower(self, p: int, effect: Any) -> None:
        self._add_benefit(p, effect, effect.turns, effect.percent)

    def _e_capture(self, p: int, effect: Any) -> None:
        target = 1 - p
        if self.config.capture_needs_no_royal_guards and self.field[target][ROYAL_GUARDS]:
            self.event("capture_failed", player=p, target=target)
            return
        # Rule 11: with a king and a queen, only the king is taken.
        royal = "king" if self.married[target] else self.royal[target]
        self.event("capture", player=p, target=target, royal=royal)
        if not self._usable(target):
            self._finish((p,), "royal not ransomed", royal=royal, **self._prize(p))
            return
        self.pending = ("ransom", p, target)

    def _e_skip_draw(self, p: int, effect: Any) -> None:
        target = p if effect.target == "self" else 1 - p
        d = SKIPPABLE.index(effect.deck)
        source = self._card_name()
        if d == WORD and self.words_aside:  # no Word of Power draw is left to skip (rule 10)
            self.event("skip_next", player=target, deck=effect.deck, count=effect.count,
                       source=source, by=p, lapsed=True)
            return
        self.skips[target][d] += effect.count
        self.skip_sources[target][d] += (source,) * effect.count
        self.event("skip_next", player=target, deck=effect.deck, count=effect.count,
                   source=source, by=p)

    def _use_skip(self, p: int, d: int) -> None:
        """One draw of deck `d` skipped: the first skip set, and its card, go."""
        self.skips[p][d] -= 1
        self.skip_sources[p][d] = self.skip_sources[p][d][1:]

    def _lapse_word_skips(self) -> list[int]:
        """The Word of Power cards are set aside (rule 10): the players who had a draw of them
        still to skip, whose skips lapse (none is left to skip)."""
        lapsed = [p for p in (0, 1) if self.skips[p][WORD]]
        for p in lapsed:
            self.skips[p][WORD] = 0
            self.skip_sources[p][WORD] = ()
        return lapsed

    def _card_name(self) -> str:
        """The name of the card resolving now."""
        assert self.card is not None
        return self.cards(self.card[0], self.card[1])[self.card[2]].name

    def _e_extra_draw(self, p: int, effect: Any) -> None:
        assert self.card is not None
        if self.card[3]:  # a card drawn as an extra draw adds no further draw
            self.event("no_chain", player=p, deck=effect.deck)
            return
        self.deferred.append(PILES.index(effect.deck))

    # --- losses (rules 1 and 8) -----------------------------------------------------------
    def _fall(self, p: int, u: int) -> None:
        self.field[p][u] -= 1
        self.card_losses[p][u] += 1

    def _unit_loss(self, p: int, unit: int, count: int, prefer: str, cause: str) -> None:
        fallen = []
        field, losses = self.field[p], self.card_losses[p]
        for _ in range(count):
            u = resolve_unit(field, unit, prefer)
            if u is None:
                break
            field[u] -= 1  # (`_fall`)
            losses[u] += 1
            fallen.append(u)
        self._loss_event(p, fallen, cause)

    def _start_rank_loss(self, p: int, ranks: int, below: str | None, cause: str) -> None:
        limit = loss_limit(self.field[p], None if below is None else UNIT_INDEX[below])
        self._rank_loss(p, ranks, 0, limit, (), cause)

    def _rank_loss(self, p: int, remaining: int, hit: int, limit: int, fallen: tuple[int, ...],
                   cause: str) -> None:
        """Highest unit first, one card per unit, until the ranks are reached (rounding up)."""
        field, ranks, losses = self.field[p], self.ranks[p], self.card_losses[p]
        while remaining > 0:
            group = next_casualties(field, ranks, limit, hit)
            if not group:
                break
            if len(group) > 1 and remaining <= ranks[group[0]] * (len(group) - 1):
                # Equal ranks of power and not all of them fall: the owner chooses, one at a
                # time, which do.
                self.pending = ("casualty", p, tuple(group), remaining, hit, limit, fallen, cause)
                return
            u = group[-1]
            field[u] -= 1  # (`_fall`)
            losses[u] += 1
            fallen += (u,)
            remaining -= ranks[u]
            hit |= 1 << u
        self._loss_event(p, list(fallen), cause)

    def _loss_event(self, p: int, fallen: list[int], cause: str) -> None:
        gone = not any(self.field[p])
        if self._log is not None:  # (search and simulation write no log)
            units = [UNITS[u] for u in fallen]
            if gone:  # the loss's line says why the battle ends, mid-card when a cost did it
                self.event(cause, player=p, units=units, army_destroyed=True)
            else:
                self.event(cause, player=p, units=units)
        if gone:  # rule 3: the battle ends the moment an army is gone
            self._finish((1 - p,), "army destroyed", **self._prize(1 - p))

    # --- recruitment and resources (rules 6 and 18) ---------------------------------------
    def _has_fallen(self, p: int) -> bool:
        return any(map(lt, self.field[p], self.allotted))

    def _t_recruit(self, task: Task) -> None:
        self._recruit(task[1], task[2])

    def _recruit(self, p: int, ranks: int) -> None:
        if self._has_fallen(p):
            self.pending = ("recruit", p, ranks)
        else:
            self.event("unspent", player=p, ranks=ranks)

    def _usable(self, p: int) -> list[int]:
        return [slot for slot, (_, _, uses) in enumerate(self.realm[p]) if uses]

    def resource(self, entry: tuple[int, int, int]) -> Any:
        return self.decks[entry[0]].resources[entry[1]]

    def _t_resources(self, task: Task) -> None:
        p = task[1]
        if not any(uses for _, _, uses in self.realm[p]):  # no phase: a skip waits for one
            self.event("no_resources", player=p)
            return
        # A phase skipped by a card is one of p's resource phases all the same: when it is the
        # first, the next one is the second, where a use is compulsory (rule 18, "you only get
        # to skip a resource draw this one time"; docs/RULINGS.md).
        self.resource_phases[p] += 1
        if self.skips[p][RESOURCE_SKIP]:
            self._use_skip(p, RESOURCE_SKIP)
            self.event("skip", player=p, deck="resource")
            return
        self.phase_used = ()
        self.pending = ("resource", p)

    def _t_resource_more(self, task: Task) -> None:
        p = task[1]
        used = self.phase_used
        for slot, (_, _, uses) in enumerate(self.realm[p]):
            if uses and slot not in used:
                self.pending = ("resource", p)
                return

    # --- Word of Power and the truce (rule 10) --------------------------------------------
    def _t_words(self, _: Task) -> None:
        if not self.words_aside:
            a, b = self.order
            self._push([(_DRAW, a, WORD, False), (_DRAW, b, WORD, False), (_TRUCE,)])

    def _t_truce(self, _: Task) -> None:
        if not self.words_aside and not self.piles[0][WORD] and not self.piles[1][WORD]:
            self.event("truce_time")
            self._push([(_TRUCE_OFFER, 0)])

    def _t_truce_offer(self, task: Task) -> None:
        stage = task[1]
        p = self.order[stage]
        if self._usable(p):
            self.pending = ("truce_offer", p, stage)
        else:
            self._truce_next(stage)

    def _truce_next(self, stage: int) -> None:
        if stage == 0:
            self._push([(_TRUCE_OFFER, 1)])
        else:
            self.words_aside = True
            lapsed = self._lapse_word_skips()
            if lapsed:
                self.event("words_aside", lapsed=lapsed)
            else:
                self.event("words_aside")

    # --- the engine contract ----------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return (self.pending[1],) if self.pending is not None else ()

    def _legal_actions(self, player: int) -> list[Any]:
        assert self.pending is not None
        return LEGAL[self.pending[0]](self, self.pending)

    def _legal_royal(self, _: tuple) -> list[Any]:
        return list(ROYALS)

    def _legal_first(self, pending: tuple) -> list[Any]:
        return list(FIRSTS[pending[1]])

    def _legal_order(self, pending: tuple) -> list[Any]:
        return [OrderBenefit(b[0], b[1], b[2], b[4])
                for b in self._order_options(pending[1], pending[2])]

    def _legal_resource(self, pending: tuple) -> list[Any]:
        p = pending[1]
        acts: list[Any] = []
        used = self.phase_used
        decks = self.decks
        for slot, (origin, idx, uses) in enumerate(self.realm[p]):
            if uses and slot not in used:
                card = decks[origin].resources[idx]
                acts.append(use_resource_action(slot, card.name, card.ranks))
        if used:
            acts.append(FINISH_RESOURCES)
        elif self.resource_phases[p] == 1:  # rule 18: only the initial draw may be skipped
            # (the first resource phase; when a card skipped it, no phase may be)
            acts.append(SKIP_RESOURCES)
        return acts

    def _legal_recruit(self, pending: tuple) -> list[Any]:
        p = pending[1]  # every unit below its allotted number
        return list(compress(self.recruits[p], map(lt, self.field[p], self.allotted)))

    def _legal_casualty(self, pending: tuple) -> list[Any]:
        return [choose_casualty_action(UNITS[u]) for u in pending[2]]

    def _legal_ransom(self, pending: tuple) -> list[Any]:
        realm = self.realm[pending[2]]
        return [TakeRansom(s, self.resource(realm[s]).name) for s in self._usable(pending[2])]

    def _legal_truce_offer(self, pending: tuple) -> list[Any]:
        realm = self.realm[pending[1]]
        return [OfferTruce(s, self.resource(realm[s]).name)
                for s in self._usable(pending[1])] + [NO_TRUCE_OFFER]

    def _legal_truce_answer(self, _: tuple) -> list[Any]:
        return list(TRUCE_ANSWERS)

    def _apply(self, player: int, action: Any) -> None:
        pending = self.pending
        assert pending is not None
        self.pending = None
        DO[pending[0]](self, player, action, pending)
        self._run()

    def _do_royal(self, p: int, action: ChooseRoyal, _: tuple) -> None:
        """Rule 2: the other royal goes into the champion deck, which is then shuffled."""
        self.royal[p] = action.royal
        own = self.decks[p].royal_card(action.royal)
        self.piles[p][CHAMPION] = [i for i in self._shuffled(10) if i != own]
        self.event("royal", player=p, royal=action.royal)

    def _do_first(self, p: int, action: ChooseFirstAttacker, _: tuple) -> None:
        self.order = (action.player, 1 - action.player)
        self.event("first_attacker", player=action.player, chooser=p)

    def _do_order(self, p: int, action: OrderBenefit, pending: tuple) -> None:
        """The chosen card's benefits of the family go first, in the order its text gives."""
        family = pending[2]
        mine = self.benefits[p]
        first = self._head(p, family)
        assert first is not None  # the options are offered while none of them has started
        head = mine.index(first)
        card = [b for b in mine if b[1] == action.source and FAMILY[b[0]] == family
                and b[2] == b[3]]
        for b in card:  # all at `head` or after it: `head` stays where the family begins
            mine.remove(b)
        mine[head:head] = card
        self.event("benefit_order", player=p, source=action.source, benefit=action.kind)

    def _do_resource(self, p: int, action: Any, _: tuple) -> None:
        if type(action) is FinishResources:
            self.event("resources_skipped" if action.skip else "resources_done", player=p)
            return
        realm = self.realm[p]
        origin, idx, uses = realm[action.slot]
        realm[action.slot] = (origin, idx, uses - 1)
        self.phase_used += (action.slot,)
        if self.logs("use_resource"):
            # origin: the seat whose deck the card is from. After a ransom a realm can hold
            # two cards of one name (each deck's), which card analytics must tell apart.
            self.event("use_resource", player=p, resource=action.name, origin=origin,
                       ranks=action.ranks, uses_left=uses - 1)
        self._push([(_RECRUIT, p, action.ranks), (_RESOURCE_MORE, p)])

    def _do_recruit(self, p: int, action: Recruit, pending: tuple) -> None:
        """Rule 6: a partial amount still recruits the soldier (round up); the rest is lost."""
        self.field[p][UNIT_INDEX[action.unit]] += 1
        left = pending[2] - action.ranks
        if self._log is not None:
            self.event("recruit", player=p, unit=action.unit)
        if left > 0:
            self._recruit(p, left)

    def _do_casualty(self, p: int, action: ChooseCasualty, pending: tuple) -> None:
        _, _, _, remaining, hit, limit, fallen, cause = pending
        u = UNIT_INDEX[action.unit]
        self._fall(p, u)
        self._rank_loss(p, remaining - self.ranks[p][u], hit | 1 << u, limit, fallen + (u,),
                        cause)

    def _do_ransom(self, p: int, action: TakeRansom, pending: tuple) -> None:
        """Rule 3: the resource changes sides and its uses start over; the royal returns."""
        target = pending[2]
        origin, idx, _ = self.realm[target].pop(action.slot)
        full = self.decks[origin].resources[idx].uses
        self.realm[p].append((origin, idx, full))
        self.event("ransom", player=p, target=target, resource=action.name, origin=origin)

    def _do_truce_offer(self, p: int, action: Any, pending: tuple) -> None:
        stage = pending[2]
        if type(action) is NoTruceOffer:
            self.event("no_truce_offer", player=p)
            self._truce_next(stage)
            return
        self.event("truce_offer", player=p, resource=action.name,
                   origin=self.realm[p][action.slot][0])
        self.pending = ("truce_answer", 1 - p, p, action.slot, stage)

    def _do_truce_answer(self, p: int, action: AnswerTruce, pending: tuple) -> None:
        _, _, offerer, slot, stage = pending
        if not action.accept:
            self.event("truce_declined", player=p)
            self._truce_next(stage)
            return
        origin, idx, _ = self.realm[offerer].pop(slot)
        self.realm[p].append((origin, idx, self.decks[origin].resources[idx].uses))
        name = self.decks[origin].resources[idx].name
        self.event("truce_accepted", player=p, resource=name, paid_by=offerer)
        self._finish((), "truce", paid_by=offerer, resource=name)

    def is_terminal(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        winners, reason, details = self.result
        scores = tuple(float(self.army(p)) for p in (0, 1))
        return Outcome(winners, scores, reason, dict(details))

    def army(self, p: int) -> int:
        return army_ranks(self.field[p], self.ranks[p])

    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything is public but the order of the decks (all choices are made openly)."""
        self.check_viewer(player)  # refuse -1 (the last seat's view) and seats past the end
        result = None
        if self.result is not None:
            result = {"winners": list(self.result[0]), "reason": self.result[1],
                      **self.result[2]}
        return {
            "game": "word-iron",
            "you": player,
            "round": self.round,
            "to_move": list(self.to_move()),
            "coin_winner": self.coin_winner,
            "order": list(self.order),
            "words_aside": self.words_aside,
            "prize": self.config.prize,
            "players": [self._public(p) for p in (0, 1)],
            "decision": self._decision(),
            "result": result,
            "log": self.visible_log(player),
        }

    def _public(self, p: int) -> dict[str, Any]:
        deck = self.decks[p]
        texts = deck.texts(self.config.capture_needs_no_royal_guards)
        piles = {}
        for k in (STRATEGY, CHANCE, WORD):
            pile = self.piles[p][k]
            top = pile[-1] if pile and self.config.decks_face_up else None
            piles[PILES[k]] = {
                "left": len(pile),
                "top": None if top is None else self.cards(p, k)[top].name,
                # what the top card does, in words (None where it is face down)
                "top_text": None if top is None else texts[k][top],
                "drawn": [self.cards(p, k)[i].name for i in self.discard[p][k]],
                "aside": len(self.aside[p][k]),
            }
        piles["champion"] = {"left": len(self.piles[p][CHAMPION])}
        return {
            "deck": deck.name,
            # the shipped deck it is (`sample`), else None: a deck file's name may be a shipped
            # deck's, edited; never a path (on the server, a private upload's)
            "shipped": deck.shipped,
            "royal": self.royal[p],
            "married": self.married[p],
            "champions": [deck.champions[i].name for i in self.champions[p]],
            "champion_texts": [texts[CHAMPION][i] for i in self.champions[p]],
            "texts": self._known_texts(p),
            "units": [deck.unit_name(u) for u in range(len(UNITS))],
            "ranks": list(self.ranks[p]),
            "allotted": list(self.allotted),
            "field": list(self.field[p]),
            "army": self.army(p),
            "realm": [
                {"name": self.resource(e).name, "ranks": self.resource(e).ranks,
                 "uses": self.resource(e).uses, "uses_left": e[2], "from": e[0]}
                for e in self.realm[p]
            ],
            "piles": piles,
            "benefits": [
                {"kind": b[0], "source": b[1], "total": b[2], "left": b[3], "percent": b[4],
                 "active": active}
                for b, active in zip(self.benefits[p],
                                     in_use(self.benefits, p, self.coin_winner))
            ],
            "skips": {d: n for d, n in zip(SKIPPABLE, self.skips[p]) if n},
            # the cards that set them (a penalty's source, as a benefit's)
            "skip_sources": {d: list(dict.fromkeys(names))  # one name a skip: each once
                             for d, names in zip(SKIPPABLE, self.skip_sources[p]) if names},
            # extra draws granted at set-up wait for the battle's first draw of their deck
            "held": {PILES[k]: n for k, n in enumerate(self.held[p]) if n},
            "resource_phases": self.resource_phases[p],
        }

    def _known_texts(self, p: int) -> dict[str, str]:
        """What each card of p's that both players have seen does, by name: its champions,
        then every strategy, chance and Word of Power card ever shown (drawn, or face up on
        its deck: `seen`). The terminal's help lists them; nothing face down is in it."""
        texts = self.decks[p].texts(self.config.capture_needs_no_royal_guards)
        out = {self.decks[p].champions[i].name: texts[CHAMPION][i] for i in self.champions[p]}
        for k in (STRATEGY, CHANCE, WORD):
            seen, cards = self.seen[p][k], self.cards(p, k)
            out.update((cards[i].name, texts[k][i]) for i in range(len(cards)) if seen >> i & 1)
        return out

    def _decision(self) -> dict[str, Any] | None:
        if self.pending is None:
            return None
        kind, p = self.pending[0], self.pending[1]
        out: dict[str, Any] = {"kind": kind, "player": p}
        if kind == "recruit":
            out["ranks_left"] = self.pending[2]
        elif kind == "resource":
            out["used"] = list(self.phase_used)
            # how the phase may end, as the legal actions have it: "done" (a use made), "skip"
            # (the initial draw, rule 18's one skip) or None (a use is compulsory, rule 18)
            ends = [a for a in self._legal_resource(self.pending) if type(a) is FinishResources]
            out["finish"] = ("skip" if ends[0].skip else "done") if ends else None
        elif kind == "casualty":
            out["units"] = [UNITS[u] for u in self.pending[2]]
            out["ranks_left"] = self.pending[3]
            # the cards this loss took already: the army shows them gone, the log says the
            # loss once it is settled
            out["fallen"] = [UNITS[u] for u in self.pending[6]]
        elif kind == "ransom":
            out["captive"] = self.pending[2]
        elif kind == "truce_answer":
            out["offered_by"] = self.pending[2]
            out["resource"] = self.resource(self.realm[self.pending[2]][self.pending[3]]).name
        return out

    def clone(self) -> WordIronState:
        new = WordIronState.__new__(WordIronState)
        self._copy_base(new)
        new.config = self.config
        new.decks = self.decks
        new.sections = self.sections
        new.programs = self.programs
        new.recruits = self.recruits
        new.ranks = self.ranks
        new.allotted = self.allotted
        new.round = self.round
        new.coin_winner = self.coin_winner
        new.order = self.order
        new.royal = list(self.royal)
        new.married = list(self.married)
        new.champions = [list(c) for c in self.champions]
        new.field = [list(f) for f in self.field]
        new.realm = [list(r) for r in self.realm]
        new.piles = [[list(x) for x in piles] for piles in self.piles]
        new.discard = [[list(x) for x in piles] for piles in self.discard]
        new.aside = [[list(x) for x in piles] for piles in self.aside]
        new.seen = [list(s) for s in self.seen]
        new.words_aside = self.words_aside
        new.benefits = [list(b) for b in self.benefits]
        new.skips = [list(s) for s in self.skips]
        new.skip_sources = [list(s) for s in self.skip_sources]
        new.held = [list(h) for h in self.held]
        new.resource_phases = list(self.resource_phases)
        new.phase_used = self.phase_used
        new.todo = list(self.todo)
        new.pending = self.pending
        new.card = self.card
        new.card_losses = [list(c) for c in self.card_losses]
        new.deferred = list(self.deferred)
        new.boost = self.boost
        new.result = self.result
        return new

    def determinize(self, player: int, rng: random.Random) -> WordIronState:
        """Resample what nobody can see: the order of every deck below its face-up top card,
        which unseen strategy and Word of Power cards were set aside, and the champion deck.
        Both players know the same (every choice in this game is made in the open)."""
        new = self.clone()
        new.rng = split_rng(rng)
        for p in (0, 1):
            for k in (STRATEGY, CHANCE, WORD):
                new._resample(p, k)
            new.piles[p][CHAMPION].sort()
            shuffle(new.rng, new.piles[p][CHAMPION])
        return new

    def _resample(self, p: int, k: int) -> None:
        pile, aside, seen = self.piles[p][k], self.aside[p][k], self.seen[p][k]
        top = pile[-1:] if self.config.decks_face_up else []
        hidden = pile[: len(pile) - len(top)]
        # Sorted before shuffling: the true order must not show through the draws.
        known = sorted(c for c in hidden if seen >> c & 1)
        unknown = sorted([c for c in hidden if not seen >> c & 1] + aside)
        shuffle(self.rng, unknown)
        cut = len(hidden) - len(known)
        hidden = known + unknown[:cut]
        shuffle(self.rng, hidden)
        self.piles[p][k] = hidden + top
        self.aside[p][k] = unknown[cut:]


def _dispatch(prefix: str) -> dict[str, Any]:
    """The methods named `prefix + kind`, by kind: the task machine dispatches through these
    tables rather than building a method's name for every step."""
    return {name.removeprefix(prefix): method for name, method in vars(WordIronState).items()
            if name.startswith(prefix) and callable(method)}


TASKS = _dispatch("_t_")  # the tasks by name ("draw": the method that runs a draw task, ...)
EFFECTS = _dispatch("_e_")  # a card effect's kind
LEGAL = _dispatch("_legal_")  # the pending decision's kind
DO = _dispatch("_do_")


# The tasks, by the method that runs each: (_DRAW, player, pile, extra), (_CARD, player, pile,
# index, extra, first effect), (_RECRUIT, player, ranks), ...
_ROYAL, _CHAMPIONS, _COIN, _READ, _ROUND = (WordIronState._t_royal, WordIronState._t_champions,
                                            WordIronState._t_coin, WordIronState._t_read,
                                            WordIronState._t_round)
_DRAW, _CARD, _ORDER, _RECRUIT = (WordIronState._t_draw, WordIronState._t_card,
                                  WordIronState._t_order, WordIronState._t_recruit)
_RESOURCES, _RESOURCE_MORE = WordIronState._t_resources, WordIronState._t_resource_more
_WORDS, _TRUCE, _TRUCE_OFFER = (WordIronState._t_words, WordIronState._t_truce,
                                WordIronState._t_truce_offer)
_TURN_START, _TURN_END = WordIronState._t_turn_start, WordIronState._t_turn_end


def _round_tasks(a: int) -> tuple[Task, ...]:
    """A round with `a` attacking first (rules 15-19), ready to go on the stack (last first):
    strategies, chance, Word of Power, resources, and the next round."""
    b = 1 - a
    return tuple(reversed([
        (_TURN_START, a), (_DRAW, a, STRATEGY, False), (_TURN_END, a),
        (_TURN_START, b), (_DRAW, b, STRATEGY, False), (_TURN_END, b),
        (_DRAW, a, CHANCE, False), (_DRAW, b, CHANCE, False),
        (_WORDS,), (_RESOURCES, a), (_RESOURCES, b), (_ROUND,)]))


_ROUND_TASKS = (_round_tasks(0), _round_tasks(1))

# Per deck: its cards as programs (per pile, per card, its effects with the method resolving
# each) and the Recruit action of each unit. Built once per deck (a deck read from its file is
# kept: see deck.load_deck).
_TABLES: dict[int, tuple[Deck, tuple[Any, ...], tuple[Recruit, ...]]] = {}


def _tables(deck: Deck) -> tuple[tuple[Any, ...], tuple[Recruit, ...]]:
    found = _TABLES.get(id(deck))
    if found is None or found[0] is not deck:
        if len(_TABLES) >= 64:  # many deck files (a tune's patched copies): start afresh
            _TABLES.clear()
        sections = (deck.strategies, deck.chance, deck.words, deck.champions)
        program = tuple(tuple(tuple((EFFECTS[e.kind], e) for e in card.effects)
                              for card in cards) for cards in sections)
        recruits = tuple(recruit_action(UNITS[u], s.ranks) for u, s in enumerate(deck.soldiers))
        found = _TABLES[id(deck)] = (deck, program, recruits)
    return found[1], found[2]
