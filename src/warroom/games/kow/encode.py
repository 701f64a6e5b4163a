"""Kings of War Battle Deck as numbers, for the research environments (engine.encoding).

Action keys: `("dice", red, white, blue)` for every secret choice the pools allow,
`("defeat", slot, dice)` for a Defeat of the card in table slot `slot` (0: next to the deck)
with the rolled dice whose indices are the bits of `dice`, and `("stop",)`. The swords of a
Defeat are not in its key: the roll fixes them.
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable
from typing import Any

from ...engine.encoding import Encoding, Piece
from .actions import ChooseDice, Defeat
from .config import Config
from .state import ALLOCATE, CHOOSE, OVER, RED, KowState, card_colour, card_value

TABLE = 3  # cards dealt each turn


def encoding(config: Config) -> KowEncoding:
    return KowEncoding(config)


class KowEncoding(Encoding):
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

    def key(self, action: Any, player: int, state: KowState) -> Hashable:
        kind = type(action)
        if kind is ChooseDice:
            return ("dice", action.red, action.white, action.blue)
        if kind is Defeat:
            mask = 0
            for i in action.dice:
                mask |= 1 << i
            return ("defeat", state.table.index(action.card), mask)
        return ("stop",)

    def describe_key(self, key: Hashable) -> str:
        assert isinstance(key, tuple)
        if key[0] == "dice":
            return f"choose {key[1]} red, {key[2]} white, {key[3]} blue"
        if key[0] == "defeat":
            dice = ", ".join(f"#{i + 1}" for i in range(self.max_dice) if key[2] >> i & 1)
            return f"defeat table slot {key[1] + 1} with dice {dice}"
        return "stop"

    def write(self, state: KowState, player: int, out: array) -> None:
        o = self.offsets
        other = 1 - player
        seats = (player, other)
        out[o["seat"] + player] = 1.0
        out[o["red"]] = state.colours[player] == RED
        cfg = self.config
        out[o["victories"]] = state.victories[player] / cfg.victories_to_win
        out[o["victories"] + 1] = state.victories[other] / cfg.victories_to_win
        out[o["turn"]] = state.turn / 8
        out[o["final_turn"]] = state.final_turn
        out[o["deck_left"]] = len(state.deck) / 24
        phase = state.phase
        if phase == CHOOSE:
            out[o["phase"]] = 1.0
        elif phase == ALLOCATE:
            out[o["phase"] + 1] = 1.0
        at = o["table"]
        for slot, card in enumerate(state.table):
            if card is not None:
                base = at + 8 * slot
                out[base + card_value(card) - 1] = 1.0
                out[base + (6 if card_colour(card) == RED else 7)] = 1.0
        secret = phase == CHOOSE and not state.revealed
        at, chosen_at = o["pools"], o["chosen"]
        for k, p in enumerate(seats):
            pool = state.pools[p]
            choice = state.chosen[p] if phase != OVER else None
            hidden = secret and p != player and choice is not None
            counts = [pool[0], pool[1], pool[2]]
            if hidden:  # the fist is closed: what it holds still counts as pool
                counts = [counts[0] + choice.red, counts[1] + choice.white,
                          counts[2] + choice.blue]
            for c in range(3):
                if self.pool[c]:
                    out[at + 3 * k + c] = counts[c] / self.pool[c]
            if choice is not None:
                base = chosen_at + 4 * k
                out[base] = 1.0
                if not hidden:
                    out[base + 1] = choice.red / self.max_dice
                    out[base + 2] = choice.white / self.max_dice
                    out[base + 3] = choice.blue / self.max_dice
        if state.order:
            out[o["initiative"] + (state.order[0] - player) % 2] = 1.0
        if phase == ALLOCATE:
            out[o["active"] + (state.active - player) % 2] = 1.0
        at = o["rolled"]
        for i, (colour, swords) in enumerate(state.rolled):
            base = at + 5 * i
            out[base + colour] = 1.0
            out[base + 3] = swords / self.max_face
            out[base + 4] = not (state.free >> i & 1)
        at = o["won"]
        for k, p in enumerate(seats):
            score = 0
            for card in state.won[p]:
                value = card_value(card)
                slot = at + 6 * k + value - 1
                out[slot] += 0.25
                score += value
            out[o["scores"] + k] = score / 84
