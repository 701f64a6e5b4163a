"""Kings of War Battle Deck as numbers, for the research environments (engine.encoding).

Action keys: `("dice", red, white, blue)` for every secret choice the pools allow,
`("defeat", slot, dice)` for a Defeat of the card in table slot `slot` (0: next to the deck)
with the rolled dice whose indices are the bits of `dice`, and `("stop",)`. The swords of a
Defeat are not in its key: the roll fixes them.
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Hashable, Sequence
from operator import is_
from typing import Any

from ...engine.encoding import Encoding, Part, Piece
from .actions import ChooseDice, Defeat
from .config import Config
from .state import ALLOCATE, CHOOSE, OVER, RED, VALUE, KowState, card_colour

TABLE = 3  # cards dealt each turn
KNOWN_CHOICES = 1 << 10  # lists of dice choices whose indices are kept (a pool each)


def encoding(config: Config) -> KowEncoding:
    return KowEncoding(config)


@functools.cache
def dice_bits(dice: tuple[int, ...]) -> int:
    """The rolled dice of a Defeat, by index, as the bits of a number."""
    bits = 0
    for i in dice:
        bits |= 1 << i
    return bits


class KowEncoding(Encoding):
    state_keyed = (Defeat,)  # a Defeat is keyed by the table slot its card lies in

    def __init__(self, config: Config):
        self.config = config
        self.max_dice = config.max_dice
        self.max_face = max(max(f) for f in config.faces) or 1
        self.pool = config.pool
        dice = [("dice", r, w, b)
                for r in range(config.pool_red + 1)
                for w in range(config.pool_white + 1)
                for b in range(config.pool_blue + 1)
                if config.min_dice <= r + w + b <= config.max_dice]
        defeats = [("defeat", slot, mask) for slot in range(TABLE)
                   for mask in range(1, 1 << config.max_dice)]
        pieces = [
            Piece("seat", (2,), "your seat, one-hot (seat 0 is dealt the colour card)"),
            Piece("red", (1,), "1 if your colour is RED (wins initiative ties on red cards)"),
            Piece("victories", (2,), "Victories of you, then the opponent, / victories_to_win"),
            Piece("turn", (1,), "turn of this round / 8"),
            Piece("final_turn", (1,), "1 in a round's final turn"),
            Piece("deck_left", (1,), "cards left in the Battle Deck / 24"),
            Piece("phase", (2,), "one-hot: choosing dice, allocating dice"),
            Piece("table", (TABLE, 8), "each table slot (next to the deck first): its number "
                  "one-hot (A-6), then red, black; all 0 once defeated or empty"),
            Piece("pools", (2, 3), "dice in each pool (you, opponent) per colour (red, white, "
                  "blue) / that colour's pool; an opponent's closed fist still counts as pool"),
            Piece("chosen", (2, 4), "per seat (you, opponent): 1 if it has chosen this turn, "
                  "then its red, white, blue dice / max_dice once you may see them"),
            Piece("initiative", (2,), "who rolls first this turn (you, opponent), one-hot, "
                  "after the reveal"),
            Piece("active", (2,), "who is allocating (you, opponent), one-hot"),
            Piece("rolled", (config.max_dice, 5), "each rolled die of the allocating player: "
                  "colour one-hot (red, white, blue), swords / highest face, 1 if used"),
            Piece("won", (2, 6), "cards defeated this round (you, opponent) by number A-6 / 4"),
            Piece("scores", (2,), "round score (you, opponent) / 84"),
        ]
        self._build(pieces, [*dice, *defeats, ("stop",)])
        # the index of a Defeat: where its slot's keys start, plus its dice's bits - 1
        self._slot_at = [self.index[("defeat", slot, 1)] for slot in range(TABLE)]
        self._stop = self.index[("stop",)]
        # (how many, id of the first and the last choice) -> (the choices, their indices)
        self._choices: dict[tuple[int, int, int], tuple[tuple[Any, ...], list[int]]] = {}

    def indices(self, state: KowState, player: int, actions: Sequence[Any]) -> list[int]:
        if not actions or type(actions[0]) is not Defeat:  # dice choices
            return self._choice_indices(state, player, actions)
        # Defeats and a Stop: a Defeat's index reads which slot its card lies in now
        slot_at = self._slot_at
        start = {card: slot_at[slot] for slot, card in enumerate(state.table) if card}
        stop = self._stop
        return [start[a.card] + dice_bits(a.dice) - 1 if type(a) is Defeat else stop
                for a in actions]

    def _choice_indices(self, state: KowState, player: int,
                        actions: Sequence[Any]) -> list[int]:
        """The indices of a list of dice choices, kept per list: the rules offer the same
        choice objects, in the same order, whenever a pool comes back (most turns), and a
        list of up to 29 costs a lookup per choice otherwise. A kept list is checked object
        by object (in C) before its indices are used."""
        if not actions:
            return []
        seen = (len(actions), id(actions[0]), id(actions[-1]))
        kept = self._choices.get(seen)
        if kept is not None and all(map(is_, kept[0], actions)):
            return kept[1]
        found = super().indices(state, player, actions)
        if len(self._choices) >= KNOWN_CHOICES:
            self._choices.clear()
        self._choices[seen] = (tuple(actions), found)  # keeps the objects, so their ids
        return found

    def key(self, action: Any, player: int, state: KowState) -> Hashable:
        kind = type(action)
        if kind is ChooseDice:
            return ("dice", action.red, action.white, action.blue)
        if kind is Defeat:
            return ("defeat", state.table.index(action.card), dice_bits(action.dice))
        return ("stop",)

    def describe_key(self, key: Hashable) -> str:
        assert isinstance(key, tuple)
        if key[0] == "dice":
            return f"choose {key[1]} red, {key[2]} white, {key[3]} blue"
        if key[0] == "defeat":
            dice = ", ".join(f"#{i + 1}" for i in range(self.max_dice) if key[2] >> i & 1)
            return f"defeat table slot {key[1] + 1} with dice {dice}"
        return "stop"

    # --- the observation: what each part reads of the state, and the slots it writes ------
    def parts(self) -> list[Part]:
        return [
            Part(("red", "victories", "turn", "final_turn", "deck_left", "phase"),
                 read_standing, self._write_standing),
            Part(("table",), read_table, self._write_table),
            Part(("pools", "chosen"), read_dice, self._write_dice),
            Part(("initiative", "active"), read_order, self._write_order),
            Part(("rolled",), read_rolled, self._write_rolled),
            Part(("won", "scores"), read_won, self._write_won),
        ]

    def write_constant(self, player: int, out: array) -> None:
        out[self.offsets["seat"] + player] = 1.0

    def _write_standing(self, value: tuple, player: int, out: array) -> None:
        o = self.offsets
        colour, mine, theirs, turn, final_turn, deck, phase = value
        out[o["red"]] = colour == RED
        out[o["victories"]] = mine / self.config.victories_to_win
        out[o["victories"] + 1] = theirs / self.config.victories_to_win
        out[o["turn"]] = turn / 8
        out[o["final_turn"]] = final_turn
        out[o["deck_left"]] = deck / 24
        if phase == CHOOSE:
            out[o["phase"]] = 1.0
        elif phase == ALLOCATE:
            out[o["phase"] + 1] = 1.0

    def _write_table(self, table: tuple, player: int, out: array) -> None:
        at = self.offsets["table"]
        for slot, card in enumerate(table):
            if card is not None:
                base = at + 8 * slot
                out[base + VALUE[card] - 1] = 1.0
                out[base + (6 if card_colour(card) == RED else 7)] = 1.0

    def _write_dice(self, value: tuple, player: int, out: array) -> None:
        secret, pools, chosen = value
        at, chosen_at = self.offsets["pools"], self.offsets["chosen"]
        full, max_dice = self.pool, self.max_dice
        for k, p in enumerate((player, 1 - player)):
            pool, choice = pools[p], chosen[p]
            hidden = secret and p != player and choice is not None
            counts = pool
            if hidden:  # the fist is closed: what it holds still counts as pool
                counts = (pool[0] + choice.red, pool[1] + choice.white, pool[2] + choice.blue)
            for c in range(3):
                if full[c]:
                    out[at + 3 * k + c] = counts[c] / full[c]
            if choice is not None:
                base = chosen_at + 4 * k
                out[base] = 1.0
                if not hidden:
                    out[base + 1] = choice.red / max_dice
                    out[base + 2] = choice.white / max_dice
                    out[base + 3] = choice.blue / max_dice

    def _write_order(self, value: tuple, player: int, out: array) -> None:
        first, active = value
        if first >= 0:
            out[self.offsets["initiative"] + (first - player) % 2] = 1.0
        if active >= 0:
            out[self.offsets["active"] + (active - player) % 2] = 1.0

    def _write_rolled(self, value: tuple, player: int, out: array) -> None:
        rolled, free = value
        at = self.offsets["rolled"]
        for i, (colour, swords) in enumerate(rolled):
            base = at + 5 * i
            out[base + colour] = 1.0
            out[base + 3] = swords / self.max_face
            out[base + 4] = not (free >> i & 1)

    def _write_won(self, won: tuple, player: int, out: array) -> None:
        at, scores = self.offsets["won"], self.offsets["scores"]
        for k, p in enumerate((player, 1 - player)):
            score = 0
            for card in won[p]:
                value = VALUE[card]
                out[at + 6 * k + value - 1] += 0.25
                score += value
            out[scores + k] = score / 84


# What each part reads of the state: only what `state.observation(player)` shows (the
# opponent's secret dice are read, and hidden by the writer, as the observation hides them).
def read_standing(state: KowState, player: int) -> tuple:
    victories = state.victories
    return (state.colours[player], victories[player], victories[1 - player], state.turn,
            state.final_turn, len(state.deck), state.phase)


def read_table(state: KowState, player: int) -> tuple:
    return tuple(state.table)


def read_dice(state: KowState, player: int) -> tuple:
    """Whether choices are still secret, each seat's pool and the choice of each seat."""
    phase = state.phase
    pools = state.pools
    chosen = (None, None) if phase == OVER else tuple(state.chosen)
    return (phase == CHOOSE and not state.revealed, (tuple(pools[0]), tuple(pools[1])), chosen)


def read_order(state: KowState, player: int) -> tuple:
    """Who has the initiative (-1 before the reveal) and who allocates (-1: nobody)."""
    return (state.order[0] if state.order else -1,
            state.active if state.phase == ALLOCATE else -1)


def read_rolled(state: KowState, player: int) -> tuple:
    return tuple(state.rolled), state.free


def read_won(state: KowState, player: int) -> tuple:
    won = state.won
    return tuple(won[0]), tuple(won[1])
