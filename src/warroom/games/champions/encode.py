"""The Game of Champions as numbers, for the research environments (engine.encoding).

Cards are indexed in the deck's order: the 36 reinforcements 10S 10H 10D 10C 9S ... 2C, and
the 16 face cards KS KH KD KC QS ... AC. Action keys: `("throw", sign)`, `("place", face)` (the
card placed is fixed by the decision: the next to distribute, the drawn or the picked one),
`("turn_in", face)`, `("pick", card)`, `("swap", card)`, `("attack", face)`, `("target", face)`,
`("next", card)`, and one key for each action without data (`("general",)`, `("flip",)`...).
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable
from typing import Any

from ...engine.encoding import Encoding, Part, Piece
from . import actions as A
from .config import Config
from .state import (
    DECK,
    DISTRIBUTE,
    FACES,
    GENERAL_PLACE,
    ORDER,
    ROSHAMBO,
    SPY_SWAP,
    ChampionsState,
    rank_value,
)

REINFORCEMENTS = tuple(c for c in DECK if c[0] not in FACES)
COMMANDERS = tuple(c for c in DECK if c[0] in FACES)
CARD = {c: i for i, c in enumerate(REINFORCEMENTS)}
FACE = {c: i for i, c in enumerate(COMMANDERS)}
VALUE = {c: rank_value(c) for c in REINFORCEMENTS}
NR, NF = len(REINFORCEMENTS), len(COMMANDERS)
PHASES = ("roshambo", "distribute", "place", "main", "general", "general_place", "spy",
          "spy_swap", "target", "order", "battle", "medic", "over")
PURPOSES = ("dealer", "first", "tie")
SIMPLE = {A.UseGeneral: "general", A.UseSpy: "spy", A.Done: "done",
          A.FortifyAgain: "fortify_again", A.EndTurn: "end_turn", A.RestAsShown: "rest",
          A.Flip: "flip", A.Stop: "stop", A.Revive: "revive", A.Decline: "decline"}
BY_CARD = {A.Pick: "pick", A.SwapWith: "swap", A.PutNext: "next"}
BY_FACE = {A.TurnIn: "turn_in", A.Attack: "attack", A.Target: "target"}


def encoding(config: Config) -> ChampionsEncoding:
    return ChampionsEncoding(config)


class ChampionsEncoding(Encoding):
    def __init__(self, config: Config):
        self.config = config
        keys: list[Hashable] = [("throw", s) for s in A.SIGNS]
        keys += [("place", f) for f in COMMANDERS]
        keys += [(kind, f) for kind in BY_FACE.values() for f in COMMANDERS]
        keys += [(kind, c) for kind in BY_CARD.values() for c in REINFORCEMENTS]
        keys += [(name,) for name in SIMPLE.values()]
        two = "(you, opponent)"
        pieces = [
            Piece("seat", (2,), "your seat, one-hot"),
            Piece("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES)),
            Piece("current", (2,), f"whose turn it is {two}, one-hot"),
            Piece("dealer", (2,), f"the dealer {two}, one-hot"),
            Piece("first", (2,), f"who played first {two}, one-hot"),
            Piece("turn", (1,), "turn / max_turns"),
            Piece("reserve", (1,), "cards in the Reserve Pile / 52"),
            Piece("commanders", (2, NF), f"face cards on the table {two}"),
            Piece("tables", (2, NF, NR), f"reinforcement c under face card f {two}; the "
                  "opponent's are hidden until the initial distribution is revealed"),
            Piece("strength", (2,), f"total reinforcement values on the table {two} / 216, "
                  "after the reveal"),
            Piece("hand", (NR,), "your reinforcements still to distribute"),
            Piece("to_distribute", (2,), f"reinforcements dealt for the distribution {two} "
                  "/ hand_size"),
            Piece("distributed", (2,), f"1 when done distributing {two}"),
            Piece("casualties", (2, NR), f"casualty piles {two}"),
            Piece("last_casualty", (2, NR), f"most recent casualty {two} (the Medic's)"),
            Piece("turned_in", (NF,), "face cards turned in"),
            Piece("drawn", (NR,), "the reserve card drawn, to be placed"),
            Piece("advantages", (3,), "General used, Spy used, General moves / 3"),
            Piece("picked", (NR,), "the card picked up (General) or picked to swap (Spy)"),
            Piece("roshambo", (len(PURPOSES) + 1,), "Roshambo purpose one-hot (dealer, "
                  "first, tie), then its round / 10"),
            Piece("thrown", (2,), f"1 if the Roshambo hand is thrown {two}"),
            Piece("your_throw", (3,), "your thrown hand: rock, paper, scissors"),
            Piece("battle_sides", (2,), f"the attacker {two}, one-hot, in a battle"),
            Piece("battle_commanders", (2, NF), "the attacking and the defending face card"),
            Piece("battle_state", (4,), "attacker ordered, defender ordered, a tie awaits a "
                  "Roshambo, defender's pass / 10"),
            Piece("your_order", (NR,), "your battle order so far: (position + 1) / 36"),
            Piece("your_hand", (NR,), "your battle cards still to order"),
            Piece("battle_cards", (2, NR), "while ordering: each side's battle cards "
                  "(attacker, defender)"),
            Piece("attacker_left", (NR,), "while flipping: attacker cards still to come"),
            Piece("defender_left", (NR,), "while flipping: defender cards still to come in "
                  "this pass"),
            Piece("defender_next", (NR,), "recycled defender cards in their known order: "
                  "(position + 1) / 36"),
            Piece("survivors", (2, NR), "cards that won a flip this battle (attacker, "
                  "defender)"),
            Piece("pair", (2, NR), "the tied pair awaiting a Roshambo (attacker, defender)"),
        ]
        self._build(pieces, keys)
        o = self.offsets
        # slot of each card in the card pieces, per seat offset: one lookup per card written
        self.table_slots = [{f: {c: o["tables"] + (k * NF + FACE[f]) * NR + i
                                 for c, i in CARD.items()} for f in COMMANDERS}
                            for k in (0, 1)]
        self.casualty_slots = [{c: o["casualties"] + k * NR + i for c, i in CARD.items()}
                               for k in (0, 1)]

    def key(self, action: Any, player: int, state: ChampionsState) -> Hashable:
        kind = type(action)
        if kind is A.Throw:
            return ("throw", action.sign)
        if kind is A.Place:
            return ("place", action.commander)
        name = SIMPLE.get(kind)
        if name is not None:
            return (name,)
        name = BY_CARD.get(kind)
        if name is not None:
            return (name, action.card)
        return (BY_FACE[kind], action.commander)

    # --- the observation: what each part reads of the state, and the slots it writes ------
    def parts(self) -> list[Part]:
        def table(k: int) -> Part:
            return Part((("commanders", k), ("tables", k), ("strength", k)),
                        lambda state, player: (state.phase == DISTRIBUTE,
                                               state.tables[(player + k) % 2]),
                        lambda value, player, out: self._write_table(k, value, out),
                        copy_table)

        def casualties(k: int) -> Part:
            return Part((("casualties", k), ("last_casualty", k)),
                        lambda state, player: state.casualties[(player + k) % 2],
                        lambda value, player, out: self._write_casualties(k, value, out),
                        list)

        battle = ("battle_sides", "battle_commanders", "battle_state", "your_order",
                  "your_hand", "battle_cards", "attacker_left", "defender_left",
                  "defender_next", "survivors", "pair")
        return [
            Part(("phase", "current", "dealer", "first", "turn", "reserve", "turned_in",
                  "drawn", "advantages", "picked"), read_standing, self._write_standing),
            table(0), table(1), casualties(0), casualties(1),
            Part(("hand", "to_distribute", "distributed"), read_distribution,
                 self._write_distribution),
            Part(("roshambo", "thrown", "your_throw"), read_roshambo, self._write_roshambo),
            # a battle changes at nearly every step: rewritten at every look
            Part(battle, None, self._write_battle),
        ]

    def write_constant(self, player: int, out: array) -> None:
        out[self.offsets["seat"] + player] = 1.0

    def _write_standing(self, value: tuple, player: int, out: array) -> None:
        o = self.offsets
        (phase, current, dealer, first, turn, reserve, turned_in, drawn, general_used,
         spy_used, general_moves, picked) = value
        out[o["phase"] + PHASES.index(phase)] = 1.0
        for name, seat in (("current", current), ("dealer", dealer), ("first", first)):
            if seat >= 0:
                out[o[name] + (seat - player) % 2] = 1.0
        out[o["turn"]] = turn / self.config.max_turns
        out[o["reserve"]] = reserve / 52
        for cmd in turned_in:
            out[o["turned_in"] + FACE[cmd]] = 1.0
        if drawn is not None:
            out[o["drawn"] + CARD[drawn]] = 1.0
        at = o["advantages"]
        out[at] = general_used
        out[at + 1] = spy_used
        out[at + 2] = general_moves / 3
        if picked is not None:
            out[o["picked"] + CARD[picked]] = 1.0

    def _write_table(self, k: int, value: tuple, out: array) -> None:
        """Seat offset k's face cards and what lies under them (the opponent's hidden while
        the initial distribution is secret)."""
        secret_deal, tables = value
        commanders_at = self.offsets["commanders"] + k * NF
        table_slots = self.table_slots[k]
        hidden = secret_deal and k == 1
        strength = 0
        for cmd, cards in tables.items():
            out[commanders_at + FACE[cmd]] = 1.0
            if hidden:
                continue
            slots = table_slots[cmd]
            for c in cards:
                out[slots[c]] = 1.0
                strength += VALUE[c]
        if not secret_deal:
            out[self.offsets["strength"] + k] = strength / 216

    def _write_casualties(self, k: int, casualties: list, out: array) -> None:
        if casualties:
            slots = self.casualty_slots[k]
            for c in casualties:
                out[slots[c]] = 1.0
            out[self.offsets["last_casualty"] + k * NR + CARD[casualties[-1]]] = 1.0

    def _write_distribution(self, value: tuple | None, player: int, out: array) -> None:
        if value is None:
            return
        o = self.offsets
        hand, dealt, done = value
        for c in hand:
            out[o["hand"] + CARD[c]] = 1.0
        size = self.config.hand_size
        for k in range(2):
            out[o["to_distribute"] + k] = dealt[k] / size
            out[o["distributed"] + k] = done[k]

    def _write_roshambo(self, value: tuple | None, player: int, out: array) -> None:
        if value is None:
            return
        o = self.offsets
        purpose, rps_round, thrown, mine = value
        out[o["roshambo"] + PURPOSES.index(purpose)] = 1.0
        out[o["roshambo"] + len(PURPOSES)] = min(rps_round, 10) / 10
        out[o["thrown"]] = thrown[0]
        out[o["thrown"] + 1] = thrown[1]
        if mine is not None:
            out[o["your_throw"] + A.SIGNS.index(mine)] = 1.0

    def _write_battle(self, state: ChampionsState, player: int, out: array) -> None:
        b = state.battle
        if b is None:
            return
        o = self.offsets
        out[o["battle_sides"] + (b.attacker - player) % 2] = 1.0
        out[o["battle_commanders"] + FACE[b.att_cmd]] = 1.0
        out[o["battle_commanders"] + NF + FACE[b.def_cmd]] = 1.0
        at = o["battle_state"]
        out[at] = b.ordered(b.attacker)
        out[at + 1] = b.ordered(b.defender)
        out[at + 2] = b.tie
        out[at + 3] = min(b.def_round, 10) / 10
        for i, c in enumerate(b.order[player]):
            out[o["your_order"] + CARD[c]] = (i + 1) / NR
        for c in b.hand[player]:
            out[o["your_hand"] + CARD[c]] = 1.0
        if state.phase == ORDER:
            for k, p in enumerate((b.attacker, b.defender)):
                for c in b.hand[p] + b.order[p]:
                    out[o["battle_cards"] + k * NR + CARD[c]] = 1.0
            return
        for c in b.att_unflipped():
            out[o["attacker_left"] + CARD[c]] = 1.0
        rest = b.def_unflipped()
        for c in rest:
            out[o["defender_left"] + CARD[c]] = 1.0
        if b.def_round > 1:
            for i, c in enumerate(rest):
                out[o["defender_next"] + CARD[c]] = (i + 1) / NR
        for c in b.att_survivors:
            out[o["survivors"] + CARD[c]] = 1.0
        for c in b.def_next:
            out[o["survivors"] + NR + CARD[c]] = 1.0
        if b.tie:
            out[o["pair"] + CARD[b.att_stack[b.att_pos]]] = 1.0
            out[o["pair"] + NR + CARD[b.def_pass[b.def_pos]]] = 1.0


# What each part reads of the state: only what `state.observation(player)` shows (the other
# seat's table during the secret distribution is read, and hidden by the writer, as the
# observation hides it).
def copy_table(value: tuple) -> tuple:
    secret_deal, tables = value
    return secret_deal, {cmd: list(cards) for cmd, cards in tables.items()}


def read_standing(state: ChampionsState, player: int) -> tuple:
    phase = state.phase
    picked = state.picked if phase in (GENERAL_PLACE, SPY_SWAP) else None
    return (phase, state.current, state.dealer, state.first, state.turn, len(state.reserve),
            tuple(state.turned_in), state.drawn, state.general_used, state.spy_used,
            state.general_moves, picked)


def read_distribution(state: ChampionsState, player: int) -> tuple | None:
    """While the distribution is secret: your hand, what each seat was dealt, who is done."""
    if state.phase != DISTRIBUTE:
        return None
    seats = (player, 1 - player)
    hands, tables = state.hands, state.tables
    dealt = tuple(len(hands[p]) + sum(len(cards) for cards in tables[p].values())
                  for p in seats)
    return tuple(hands[player]), dealt, tuple(not hands[p] for p in seats)


def read_roshambo(state: ChampionsState, player: int) -> tuple | None:
    if state.phase != ROSHAMBO:
        return None
    throws = state.throws
    return (state.rps_purpose, state.rps_round,
            (throws[player] is not None, throws[1 - player] is not None), throws[player])
