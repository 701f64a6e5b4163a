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

from ...engine.encoding import Encoding, Piece
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

    def write(self, state: ChampionsState, player: int, out: array) -> None:
        o = self.offsets
        seats = (player, 1 - player)
        out[o["seat"] + player] = 1.0
        out[o["phase"] + PHASES.index(state.phase)] = 1.0
        for name, seat in (("current", state.current), ("dealer", state.dealer),
                           ("first", state.first)):
            if seat >= 0:
                out[o[name] + (seat - player) % 2] = 1.0
        out[o["turn"]] = state.turn / self.config.max_turns
        out[o["reserve"]] = len(state.reserve) / 52
        secret_deal = state.phase == DISTRIBUTE
        commanders_at = o["commanders"]
        for k, p in enumerate(seats):
            strength = 0
            table_slots = self.table_slots[k]
            hidden = secret_deal and p != player
            for cmd, cards in state.tables[p].items():
                out[commanders_at + k * NF + FACE[cmd]] = 1.0
                if hidden:
                    continue
                slots = table_slots[cmd]
                for c in cards:
                    out[slots[c]] = 1.0
                    strength += VALUE[c]
            if not secret_deal:
                out[o["strength"] + k] = strength / 216
            casualties = state.casualties[p]
            if casualties:
                slots = self.casualty_slots[k]
                for c in casualties:
                    out[slots[c]] = 1.0
                out[o["last_casualty"] + k * NR + CARD[casualties[-1]]] = 1.0
        if secret_deal:
            for c in state.hands[player]:
                out[o["hand"] + CARD[c]] = 1.0
            size = self.config.hand_size
            for k, p in enumerate(seats):
                placed = sum(len(cards) for cards in state.tables[p].values())
                out[o["to_distribute"] + k] = (len(state.hands[p]) + placed) / size
                out[o["distributed"] + k] = not state.hands[p]
        for cmd in state.turned_in:
            out[o["turned_in"] + FACE[cmd]] = 1.0
        if state.drawn is not None:
            out[o["drawn"] + CARD[state.drawn]] = 1.0
        at = o["advantages"]
        out[at] = state.general_used
        out[at + 1] = state.spy_used
        out[at + 2] = state.general_moves / 3
        if state.phase in (GENERAL_PLACE, SPY_SWAP) and state.picked is not None:
            out[o["picked"] + CARD[state.picked]] = 1.0
        if state.phase == ROSHAMBO:
            at = o["roshambo"]
            out[at + PURPOSES.index(state.rps_purpose)] = 1.0
            out[at + len(PURPOSES)] = min(state.rps_round, 10) / 10
            for k, p in enumerate(seats):
                out[o["thrown"] + k] = state.throws[p] is not None
            mine = state.throws[player]
            if mine is not None:
                out[o["your_throw"] + A.SIGNS.index(mine)] = 1.0
        if state.battle is not None:
            self._write_battle(state, player, out)

    def _write_battle(self, state: ChampionsState, player: int, out: array) -> None:
        o = self.offsets
        b = state.battle
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
