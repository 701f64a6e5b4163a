"""The rules of Kings of War Battle Deck, one decision at a time.

A turn: three cards are dealt in a line from the Battle Deck (the first dealt lies next to the
deck); each player with dice secretly chooses 1-4 of them by colour (a simultaneous decision);
the choices are revealed; the player holding fewer dice has the initiative, on a tie the colour
of the card next to the deck decides; then each in turn rolls and allocates dice to defeat cards,
one `Defeat` at a time, then `Stop` (only after at least one defeat, if one was possible).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ...engine import UNIFORM, Belief, Outcome, State, shuffle, split_rng
from .actions import COLOURS, ChooseDice, Defeat, Stop
from .config import Config

SUITS = "HDCS"  # hearts and diamonds are RED, clubs and spades BLACK
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
RED, BLACK = "red", "black"
CHOOSE, ALLOCATE, OVER = "choose", "allocate", "over"

BATTLE_DECK = tuple(f"{RANKS.get(v, v)}{s}" for s in SUITS for v in range(1, 7))
COLOUR_CARDS = tuple(f"{RANKS.get(v, v)}{s}" for s in SUITS for v in range(7, 14))


def card_value(card: str) -> int:
    """Swords needed to defeat a Battle Deck card: its number, an Ace being 1."""
    return 1 if card[0] == "A" else int(card[:-1])


def card_colour(card: str) -> str:
    return RED if card[-1] in "HD" else BLACK


# One Stop for every list of choices: a search keys its statistics by action, and the same
# object is found at once where an equal one would need comparing.
STOP = Stop()
# Looked up in the hot paths rather than parsed from the card's text each time.
VALUE = {card: card_value(card) for card in BATTLE_DECK}


@lru_cache(maxsize=4096)
def dice_choices(pool: tuple[int, int, int], low: int, high: int) -> tuple[ChooseDice, ...]:
    """Every choice of colours with `low` to `high` dice in all, from what is left in `pool`."""
    out = []
    for r in range(pool[0] + 1):
        for w in range(pool[1] + 1):
            for b in range(pool[2] + 1):
                if low <= r + w + b <= high:
                    out.append(ChooseDice(r, w, b))
    # fewest dice first, then the weaker colours: the order a person reads the list in
    out.sort(key=lambda c: (c.red + c.white + c.blue, -c.red, -c.white))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def minimal_sets(
    swords: tuple[int, ...], free: int, value: int
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Subsets of the free dice (bitmask `free`) that defeat a card of `value` with no
    superfluous die: they reach the value, and removing any one die leaves them short.
    Zero-sword dice are never part of a set. Cached: rolls repeat a great deal."""
    n = len(swords)
    out = []
    mask = free
    sub = mask
    while sub:
        total = 0
        smallest = 99
        ok = True
        for i in range(n):
            if sub >> i & 1:
                s = swords[i]
                if s == 0:
                    ok = False
                    break
                total += s
                if s < smallest:
                    smallest = s
        if ok and total >= value and total - smallest < value:
            idx = tuple(i for i in range(n) if sub >> i & 1)
            out.append((idx, tuple(swords[i] for i in idx)))
        sub = (sub - 1) & mask
    out.sort()
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def card_defeats(swords: tuple[int, ...], free: int, card: str) -> tuple[Defeat, ...]:
    """The Defeat actions that take `card` with the free dice of a roll (see minimal_sets).
    Cached whole: the same few rolls and cards recur all game long."""
    return tuple(Defeat(card, idx, faces) for idx, faces in minimal_sets(swords, free,
                                                                           VALUE[card]))


class KowState(State):
    takes_belief = True

    def __init__(self, config: Config, seed: int):
        super().__init__(2, random.Random(seed))
        self.config = config
        self.victories = [0, 0]
        self.round = 0
        self.turn = 0
        self.phase = CHOOSE
        self.round_results: list[dict[str, Any]] = []
        # Every card defeated so far, by whom, in order (the card facts of a simulated game,
        # which would otherwise need the log): shared by clones, hence a tuple.
        self.defeats: tuple[tuple[int, str], ...] = ()
        # Set-up: one player deals a card from the 7-to-King cards to the other (seat 0);
        # its colour is seat 0's, the dealer (seat 1) takes the other colour.
        self.colour_card = self.rng.choice(COLOUR_CARDS)
        first = card_colour(self.colour_card)
        self.colours = (first, BLACK if first == RED else RED)
        self.event("colours", card=self.colour_card, colours=list(self.colours))
        self._start_round()

    # --- flow -----------------------------------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self.turn = 0
        self.deck = list(BATTLE_DECK)
        shuffle(self.rng, self.deck)
        self.pools = [list(self.config.pool), list(self.config.pool)]
        self.won: list[list[str]] = [[], []]
        self.final_turn = False
        self.event("round", round=self.round)
        self._start_turn()

    def _start_turn(self) -> None:
        pools = self.pools
        # A pool that cannot make the smallest choice the rules allow (fewer dice than
        # `min_dice`) is as good as empty: its owner has no choice to make (README, rulings).
        least = self.config.min_dice
        with_dice = tuple([p for p in (0, 1) if sum(pools[p]) >= least])
        deck = self.deck
        if not deck or not with_dice or self.final_turn:
            self._end_round()
            return
        self.final_turn = len(with_dice) == 1
        self.turn += 1
        pop = deck.pop
        self.table: list[str | None] = (
            [pop(), pop(), pop()] if len(deck) >= 3 else [pop() for _ in range(len(deck))])
        self.choosers = self.movers = with_dice
        self.chosen: list[ChooseDice | None] = [None, None]
        self.revealed = False
        self.order: tuple[int, ...] = ()
        self.active = -1
        self.rolled: list[tuple[int, int]] = []  # (colour index, swords) of the active roll
        self.swords: tuple[int, ...] = ()  # the swords of `rolled`, as a key to cached defeats
        self.free = 0  # bitmask of rolled dice not yet allocated
        self.defeated_now = 0
        self.phase = CHOOSE
        if self._log is not None:
            self.event("deal", turn=self.turn, cards=list(self.table), final=self.final_turn)

    def _reveal(self) -> None:
        self.revealed = True
        if len(self.choosers) == 1:
            self.order = self.choosers
        else:
            count0, count1 = self._count(self.chosen[0]), self._count(self.chosen[1])
            if count0 != count1:
                self.order = (0, 1) if count0 < count1 else (1, 0)
            else:
                first = self.colours.index(card_colour(self.table[0]))
                self.order = (first, 1 - first)
        if self._log is not None:
            self.event(
                "reveal",
                chosen={str(p): _dice_dict(self.chosen[p]) for p in self.choosers},
                initiative=self.order[0],
            )
        self._begin_allocation(self.order[0])

    def _begin_allocation(self, player: int) -> None:
        choice = self.chosen[player]
        faces = self.config.faces
        # What `rng.choice(die)` does (`_randbelow`: draw bits, redraw past the end), without
        # its two calls per die: the same draws, in order.
        bits = self.rng.getrandbits
        rolled = []
        swords = []
        for colour, n in enumerate((choice.red, choice.white, choice.blue)):
            if n:
                die = faces[colour]
                size = len(die)
                k = size.bit_length()
                for _ in range(n):
                    r = bits(k)
                    while r >= size:
                        r = bits(k)
                    rolled.append((colour, die[r]))
                    swords.append(die[r])
        self.rolled = rolled
        self.swords = tuple(swords)
        self.free = (1 << len(rolled)) - 1
        self.active = player
        self.movers = (player,)
        self.defeated_now = 0
        self.phase = ALLOCATE
        if self._log is not None:  # no log, no need to spell the roll out
            self.event("roll", player=player, dice=[[COLOURS[c], s] for c, s in rolled])
        self._offer_defeats_or_finish()

    def _offer_defeats_or_finish(self) -> None:
        """The allocation ends by itself when nothing more can be defeated; otherwise the
        defeats just computed are the legal actions (kept, so they are not computed twice)."""
        defeats = self._defeats()
        if not defeats:
            self._finish_allocation()
        else:
            self._legal[self.active] = defeats + [STOP] if self.defeated_now else defeats

    def _finish_allocation(self) -> None:
        player = self.active
        free = self.free
        pool = self.pools[player]
        if free:
            back = [0, 0, 0]
            for i, (colour, _) in enumerate(self.rolled):
                if free >> i & 1:
                    back[colour] += 1
            pool[0] += back[0]
            pool[1] += back[1]
            pool[2] += back[2]
        else:
            back = [0, 0, 0]
        if self._log is not None:
            self.event("dice_back", player=player, dice=back)
        self.rolled = []
        self.swords = ()
        self.free = 0
        order = self.order
        if player == order[0] and len(order) > 1:
            self._begin_allocation(order[1])
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self._log is not None:
            left = [c for c in self.table if c is not None]
            if left:
                self.event("discard", cards=left)
        self.table = []
        self._start_turn()

    def _end_round(self) -> None:
        scores = [sum(VALUE[c] for c in self.won[p]) for p in (0, 1)]
        counts = [len(self.won[p]) for p in (0, 1)]
        if scores[0] != scores[1]:
            winner, why = (0 if scores[0] > scores[1] else 1), "higher score"
        elif counts[0] != counts[1]:
            winner, why = (0 if counts[0] < counts[1] else 1), "fewer cards"
        else:
            winner, why = None, "draw"
        if winner is not None:
            self.victories[winner] += 1
        result = {"round": self.round, "scores": scores, "cards": counts, "winner": winner}
        self.round_results.append(result)
        self.event("round_end", why=why, **result)
        limit = self.config.max_rounds
        if max(self.victories) >= self.config.victories_to_win or (limit and self.round >= limit):
            self.phase = OVER
            self.movers = ()
            self.table = []
            # a game the round limit ended says so (`outcome`'s reason): "Victories 1-0"
            # alone read as a game to 1 Victory
            at_limit = max(self.victories) < self.config.victories_to_win
            self.event("game_over", victories=list(self.victories),
                       **({"round_limit": limit} if at_limit else {}))
        else:
            self._start_round()

    # --- the engine contract ----------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return self.movers  # kept up to date as the game goes: asked at every decision

    def _legal_actions(self, player: int) -> list[Any]:
        if self.phase == CHOOSE:
            pool = self.pools[player]
            cfg = self.config
            return list(dice_choices((pool[0], pool[1], pool[2]), cfg.min_dice, cfg.max_dice))
        actions: list[Any] = self._defeats()
        if self.defeated_now:
            actions.append(STOP)
        return actions

    def _defeats(self) -> list[Any]:
        swords = self.swords
        free = self.free
        out: list[Any] = []
        for card in self.table:
            if card is not None:
                out += card_defeats(swords, free, card)
        return out

    def _apply(self, player: int, action: Any) -> None:
        kind = type(action)
        if kind is ChooseDice:
            pool = self.pools[player]
            pool[0] -= action.red
            pool[1] -= action.white
            pool[2] -= action.blue
            self.chosen[player] = action
            if self._log is not None:
                self.event("chose", player=player)
                self.event("chose_dice", to=(player,), player=player, dice=_dice_dict(action))
            movers = self.movers = tuple([p for p in self.movers if p != player])
            if not movers:
                self._reveal()
        elif kind is Defeat:
            free = self.free
            for i in action.dice:
                free &= ~(1 << i)
            self.free = free
            table = self.table
            table[table.index(action.card)] = None
            self.won[player].append(action.card)
            self.defeats += ((player, action.card),)
            self.defeated_now += 1
            if self._log is not None:
                self.event("defeat", player=player, card=action.card, dice=list(action.dice))
            self._offer_defeats_or_finish()
        else:
            self.event("stop", player=player)
            self._finish_allocation()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        v = self.victories
        if v[0] == v[1]:
            return Outcome((), (v[0], v[1]), "round limit reached with equal Victories")
        winner = 0 if v[0] > v[1] else 1
        if v[winner] >= self.config.victories_to_win:
            wins = self.config.victories_to_win
            reason = f"first to {wins} {'Victory' if wins == 1 else 'Victories'}"
        else:
            reason = "most Victories at the round limit"
        return Outcome((winner,), (v[0], v[1]), reason)

    def observation(self, player: int | None) -> dict[str, Any]:
        self.check_viewer(player)  # refuse -1 (the last seat's view) and seats past the end
        secret_phase = self.phase == CHOOSE and not self.revealed
        pools, chosen = [], []
        for p in (0, 1):
            choice = self.chosen[p] if self.phase != OVER else None
            hidden = secret_phase and p != player and choice is not None
            pool = list(self.pools[p])
            if hidden:  # the fist is closed: show the pool as it was before the choice
                pool = [pool[0] + choice.red, pool[1] + choice.white, pool[2] + choice.blue]
            pools.append(dict(zip(COLOURS, pool)))
            if choice is None:
                chosen.append(None)
            elif hidden:
                chosen.append("hidden")
            else:
                chosen.append(_dice_dict(choice))
        obs = {
            "game": "kow",
            "you": player,
            "round": self.round,
            "turn": self.turn,
            "phase": self.phase,
            "to_move": list(self.to_move()),
            "colours": list(self.colours),
            "colour_card": self.colour_card,
            "victories": list(self.victories),
            "victories_to_win": self.config.victories_to_win,
            "deck_left": len(self.deck),
            "table": list(self.table),
            "final_turn": self.final_turn,
            "pools": pools,
            "chosen": chosen,
            "initiative": list(self.order),
            "active": self.active if self.phase == ALLOCATE else None,
            "rolled": [
                {"colour": COLOURS[c], "swords": s, "used": not (self.free >> i & 1)}
                for i, (c, s) in enumerate(self.rolled)
            ],
            "won": [list(w) for w in self.won],
            "scores": [sum(card_value(c) for c in w) for w in self.won],
            "round_results": [dict(r) for r in self.round_results],
            # each colour's die faces in swords, as a player knows its dice
            "faces": dict(zip(COLOURS, map(list, self.config.faces))),
            "log": self.visible_log(player),
        }
        if self.phase == OVER:  # who won and why, for the table's last line (as other games)
            outcome = self.outcome()
            assert outcome is not None
            obs["outcome"] = outcome.to_json()
        return obs

    def clone(self) -> KowState:
        new = KowState.__new__(KowState)
        self._copy_base(new)
        new.config = self.config
        new.victories = list(self.victories)
        new.round = self.round
        new.turn = self.turn
        new.phase = self.phase
        new.round_results = list(self.round_results)
        new.defeats = self.defeats
        new.colour_card = self.colour_card
        new.colours = self.colours
        new.deck = list(self.deck)
        new.pools = [list(self.pools[0]), list(self.pools[1])]
        new.won = [list(self.won[0]), list(self.won[1])]
        new.final_turn = self.final_turn
        new.table = list(self.table)
        new.choosers = self.choosers
        new.movers = self.movers
        new.chosen = list(self.chosen)
        new.revealed = self.revealed
        new.order = self.order
        new.active = self.active
        new.rolled = list(self.rolled)
        new.swords = self.swords
        new.free = self.free
        new.defeated_now = self.defeated_now
        return new

    def determinize(self, player: int, rng: random.Random,
                    belief: Belief = UNIFORM) -> KowState:
        """Resample what `player` cannot know: the order of the Battle Deck and an opponent's
        unrevealed dice choice (put to `belief` as the opponent faced it: same pool, same
        table); and re-seed the dice. Only what `player` sees is read: the deck is sorted
        before it is shuffled, so its true order cannot show through."""
        new = self.clone()
        new.rng = split_rng(rng)
        new.deck.sort()
        shuffle(new.rng, new.deck)
        other = 1 - player
        choice = new.chosen[other]
        if new.phase == CHOOSE and not new.revealed and choice is not None:
            pool = new.pools[other]
            pool[0] += choice.red
            pool[1] += choice.white
            pool[2] += choice.blue
            new.chosen[other] = None  # the opponent faces its choice again
            movers = new.movers
            new.movers = tuple(p for p in new.choosers if p == other or p in movers)
            new._legal = {}
            pick = belief.choose(new, other, new.legal_actions(other), new.rng)
            new.movers = movers
            new._legal = {}
            pool[0] -= pick.red
            pool[1] -= pick.white
            pool[2] -= pick.blue
            new.chosen[other] = pick
            # The opponent's private log line must agree with the resampled choice.
            log = new.log if new.log_enabled else []
            for i in range(len(log) - 1, -1, -1):
                to, e = log[i]
                if e["event"] == "chose_dice" and e["player"] == other:
                    log[i] = (to, {**e, "dice": _dice_dict(pick)})
                    break
        return new

    @staticmethod
    def _count(choice: ChooseDice | None) -> int:
        return 0 if choice is None else choice.red + choice.white + choice.blue


def _dice_dict(choice: ChooseDice) -> dict[str, int]:
    return {"red": choice.red, "white": choice.white, "blue": choice.blue}
