"""Kings of War Battle Deck as numbers, for the research environments (engine.encoding).

Action keys: `("dice", red, white, blue)` for every secret choice the pools allow,
`("defeat", slot, dice)` for a Defeat of the card in table slot `slot` (0: next to the deck)
with the rolled dice whose indices are the bits of `dice`, and `("stop",)`. The swords of a
Defeat are not in its key: the roll fixes them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ...engine.encoding import Encoding, Piece, Vector
from .actions import ChooseDice, Defeat
from .config import Config
from .state import ALLOCATE, CHOOSE, OVER, RED, VALUE, KowState, card_colour

TABLE = 3  # cards dealt each turn
KNOWN_CHOICES = 1 << 10  # lists of dice choices whose indices are kept (a pool each)


def encoding(config: Config) -> KowEncoding:
    return KowEncoding(config)


def dice_bits(dice: tuple[int, ...]) -> int:
    """The rolled dice of a Defeat, by index, as the bits of a number (compiled, a native
    call: cheaper than a cache's lookup)."""
    bits = 0
    for i in dice:
        bits |= 1 << i
    return bits


class KowEncoding(Encoding):
    def __init__(self, config: Config):
        self.config = config
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
        o = self.offsets
        self._red: int = o["red"]
        self._victories: int = o["victories"]
        self._turn: int = o["turn"]
        self._final_turn: int = o["final_turn"]
        self._deck_left: int = o["deck_left"]
        self._phase: int = o["phase"]
        self._pools: int = o["pools"]
        self._chosen: int = o["chosen"]
        self._initiative: int = o["initiative"]
        self._active: int = o["active"]
        self._rolled: int = o["rolled"]
        self._won: int = o["won"]
        self._scores: int = o["scores"]
        self._wins: int = config.victories_to_win
        self._full: tuple[int, int, int] = config.pool
        self._max_dice: int = config.max_dice
        self._max_face: int = max(max(f) for f in config.faces) or 1
        # per table slot and card: the slots of its number and of its colour
        self._table_slots: list[dict[str, tuple[int, int]]] = [
            {card: (o["table"] + 8 * slot + value - 1,
                    o["table"] + 8 * slot + (6 if card_colour(card) == RED else 7))
             for card, value in VALUE.items()} for slot in range(TABLE)]
        # the index of a Defeat: where its slot's keys start, plus its dice's bits - 1
        self._slot_at = [self.index[("defeat", slot, 1)] for slot in range(TABLE)]
        self._stop = self.index[("stop",)]
        # (how many, id of the first and the last choice) -> (the choices, their indices)
        self._choices: dict[tuple[int, int, int], tuple[list[Any], list[int]]] = {}

    # The methods take kow's state, narrower than the base's State (mypyc, compiling this
    # module, checks the override): hence the `type: ignore[override]`s.
    def indices(self, state: KowState, player: int,  # type: ignore[override]
                actions: Sequence[Any]) -> list[int]:
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
        list of up to 29 costs a lookup per choice otherwise. A kept list is compared with
        the new one (in C, each object first by identity) before its indices are used."""
        if not actions:
            return []
        seen = (len(actions), id(actions[0]), id(actions[-1]))
        kept = self._choices.get(seen)
        if kept is not None and kept[0] == actions:
            return kept[1]
        found = super().indices(state, player, actions)
        if len(self._choices) >= KNOWN_CHOICES:
            self._choices.clear()
        self._choices[seen] = (list(actions), found)  # keeps the objects, so their ids
        return found

    def key(self, action: Any, player: int,  # type: ignore[override]
            state: KowState) -> Hashable:
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
            dice = ", ".join(f"#{i + 1}" for i in range(self._max_dice) if key[2] >> i & 1)
            return f"defeat table slot {key[1] + 1} with dice {dice}"
        return "stop"

    # --- the observation -------------------------------------------------------------------
    # Written whole at every look, in one compiled function (warroom.native): most of what a
    # seat sees (dice, table, turn) changes between two of its looks, so reading parts to
    # find what changed saved nothing.
    def write(self, state: KowState, player: int,  # type: ignore[override]
              out: Vector) -> None:
        other = 1 - player
        victories: list[int] = state.victories
        wins = self._wins
        out[self._red] = state.colours[player] == RED
        out[self._victories] = victories[player] / wins
        out[self._victories + 1] = victories[other] / wins
        turn: int = state.turn
        out[self._turn] = turn / 8
        out[self._final_turn] = state.final_turn
        out[self._deck_left] = len(state.deck) / 24
        phase: str = state.phase
        if phase == CHOOSE:
            out[self._phase] = 1.0
        elif phase == ALLOCATE:
            out[self._phase + 1] = 1.0
        table: list[str | None] = state.table
        slots = self._table_slots
        for slot in range(len(table)):
            card = table[slot]
            if card is not None:
                number, colour = slots[slot][card]
                out[number] = 1.0
                out[colour] = 1.0
        self._write_dice(state, phase, player, out)
        order: tuple[int, ...] = state.order
        if order:
            out[self._initiative + (order[0] - player) % 2] = 1.0
        active: int = state.active
        if phase == ALLOCATE and active >= 0:
            out[self._active + (active - player) % 2] = 1.0
        free: int = state.free
        rolled: list[tuple[int, int]] = state.rolled
        base = self._rolled
        for i in range(len(rolled)):
            colour, swords = rolled[i]
            out[base + colour] = 1.0
            out[base + 3] = swords / self._max_face
            out[base + 4] = not (free >> i & 1)
            base += 5
        won: list[list[str]] = state.won
        for k in range(2):
            score = 0
            at = self._won + 6 * k
            for card in won[player if k == 0 else other]:
                value = VALUE[card]
                out[at + value - 1] += 0.25
                score += value
            out[self._scores + k] = score / 84

    def _write_dice(self, state: KowState, phase: str, player: int, out: Vector) -> None:
        """Each seat's pool and its choice; the opponent's choice stays in its closed fist
        (still counted as pool) until the reveal, as the observation hides it."""
        revealed: bool = state.revealed
        secret = phase == CHOOSE and not revealed
        pools: list[list[int]] = state.pools
        chosen: list[ChooseDice | None] = state.chosen
        over = phase == OVER
        full = self._full
        max_dice = self._max_dice
        for k in range(2):
            p = player if k == 0 else 1 - player
            pool = pools[p]
            choice = None if over else chosen[p]
            red, white, blue = pool[0], pool[1], pool[2]
            hidden = secret and p != player and choice is not None
            if hidden and choice is not None:  # the fist is closed: what it holds is pool
                red, white, blue = red + choice.red, white + choice.white, blue + choice.blue
            at = self._pools + 3 * k
            if full[0]:
                out[at] = red / full[0]
            if full[1]:
                out[at + 1] = white / full[1]
            if full[2]:
                out[at + 2] = blue / full[2]
            if choice is not None:
                base = self._chosen + 4 * k
                out[base] = 1.0
                if not hidden:
                    out[base + 1] = choice.red / max_dice
                    out[base + 2] = choice.white / max_dice
                    out[base + 3] = choice.blue / max_dice
