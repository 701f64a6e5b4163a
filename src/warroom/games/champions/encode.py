"""The Game of Champions as numbers, for the research environments (engine.encoding).

Cards are indexed in the deck's order: the 36 reinforcements 10S 10H 10D 10C 9S ... 2C, and
the 16 face cards KS KH KD KC QS ... AC. Action keys: `("throw", sign)`, `("place", face)` (the
card placed is fixed by the decision: the next to distribute, the drawn or the picked one),
`("turn_in", face)`, `("pick", card)`, `("swap", card)`, `("attack", face)`, `("target", face)`,
`("next", card)`, and one key for each action without data (`("general",)`, `("flip",)`...).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Final

from ...engine.encoding import Encoding, Piece, Vector
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
    TARGET,
    Battle,
    ChampionsState,
    rank_value,
)

REINFORCEMENTS = tuple(c for c in DECK if c[0] not in FACES)
COMMANDERS = tuple(c for c in DECK if c[0] in FACES)
CARD: Final[dict[str, int]] = {c: i for i, c in enumerate(REINFORCEMENTS)}
FACE: Final[dict[str, int]] = {c: i for i, c in enumerate(COMMANDERS)}
VALUES: Final[list[int]] = [rank_value(c) for c in REINFORCEMENTS]  # by index in CARD
NR: Final = 36  # reinforcements: 10 down to 2, four suits
NF: Final = 16  # face cards: K, Q, J, A, four suits
PHASES = ("roshambo", "distribute", "place", "main", "general", "general_place", "spy",
          "spy_swap", "target", "order", "battle", "medic", "close", "over")
PURPOSES = ("dealer", "first", "tie")
PHASE_INDEX: Final[dict[str, int]] = {phase: i for i, phase in enumerate(PHASES)}
PURPOSE_INDEX: Final[dict[str, int]] = {purpose: i for i, purpose in enumerate(PURPOSES)}
SIGN_INDEX: Final[dict[str, int]] = {sign: i for i, sign in enumerate(A.SIGNS)}
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
            Piece("battle_commanders", (2, NF), "the attacking and the defending face card "
                  "(the attacking one from when it is chosen, before its target)"),
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
        assert (NR, NF) == (len(REINFORCEMENTS), len(COMMANDERS))
        o = self.offsets
        self._phase: int = o["phase"]
        self._current: int = o["current"]
        self._dealer: int = o["dealer"]
        self._first: int = o["first"]
        self._turn: int = o["turn"]
        self._reserve: int = o["reserve"]
        self._strength: int = o["strength"]
        self._last_casualty: int = o["last_casualty"]
        self._hand: int = o["hand"]
        self._to_distribute: int = o["to_distribute"]
        self._distributed: int = o["distributed"]
        self._turned_in: int = o["turned_in"]
        self._drawn: int = o["drawn"]
        self._advantages: int = o["advantages"]
        self._picked: int = o["picked"]
        self._roshambo: int = o["roshambo"]
        self._thrown: int = o["thrown"]
        self._your_throw: int = o["your_throw"]
        self._battle_sides: int = o["battle_sides"]
        self._battle_commanders: int = o["battle_commanders"]
        self._battle_state: int = o["battle_state"]
        self._your_order: int = o["your_order"]
        self._your_hand: int = o["your_hand"]
        self._battle_cards: int = o["battle_cards"]
        self._attacker_left: int = o["attacker_left"]
        self._defender_left: int = o["defender_left"]
        self._defender_next: int = o["defender_next"]
        self._survivors: int = o["survivors"]
        self._pair: int = o["pair"]
        self._max_turns: int = config.max_turns
        self._hand_size: int = config.hand_size
        # `indices`: the index of each action, by its type and its one field
        index = self.index
        self._throw: dict[str, int] = {sign: index[("throw", sign)] for sign in A.SIGNS}
        self._place: dict[str, int] = {f: index[("place", f)] for f in COMMANDERS}
        self._by_face: dict[type, dict[str, int]] = {
            kind: {f: index[(name, f)] for f in COMMANDERS} for kind, name in BY_FACE.items()}
        self._by_card: dict[type, dict[str, int]] = {
            kind: {c: index[(name, c)] for c in REINFORCEMENTS}
            for kind, name in BY_CARD.items()}
        self._simple: dict[type, int] = {kind: index[(name,)] for kind, name in SIMPLE.items()}
        self._commanders: int = o["commanders"]
        self._tables: int = o["tables"]
        self._casualties: int = o["casualties"]

    # The methods take this game's state, narrower than the base's State (mypyc, compiling
    # this module, checks the override): hence the `type: ignore[override]`s.
    def key(self, action: Any, player: int,  # type: ignore[override]
            state: ChampionsState) -> Hashable:
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

    def indices(self, state: ChampionsState, player: int,  # type: ignore[override]
                actions: Sequence[Any]) -> list[int]:
        """`key`'s indices, looked up by each action's type and field (compiled: no key is
        built, and no action remembered; the rules make some anew at every decision)."""
        out: list[int] = []
        for a in actions:
            kind = type(a)
            i = self._simple.get(kind, -1)
            if i < 0:
                if kind is A.Place:
                    i = self._place[a.commander]
                elif kind is A.Throw:
                    i = self._throw[a.sign]
                elif kind in self._by_card:
                    i = self._by_card[kind][a.card]
                else:
                    i = self._by_face[kind][a.commander]
            out.append(i)
        return out

    # --- the observation -------------------------------------------------------------------
    # Written whole at every look, compiled (warroom.native): offsets are typed attributes,
    # and every slot a card takes is looked up in a table built once.
    def write(self, state: ChampionsState, player: int,  # type: ignore[override]
              out: Vector) -> None:
        phase: str = state.phase
        out[self._phase + PHASE_INDEX[phase]] = 1.0
        current: int = state.current
        if current >= 0:
            out[self._current + (current - player) % 2] = 1.0
        dealer: int = state.dealer
        if dealer >= 0:
            out[self._dealer + (dealer - player) % 2] = 1.0
        first: int = state.first
        if first >= 0:
            out[self._first + (first - player) % 2] = 1.0
        turn: int = state.turn
        out[self._turn] = turn / self._max_turns
        out[self._reserve] = len(state.reserve) / 52
        secret_deal = phase == DISTRIBUTE
        tables: list[dict[str, list[str]]] = state.tables
        all_casualties: list[list[str]] = state.casualties
        for k in range(2):
            p = player if k == 0 else 1 - player
            strength = 0
            commanders = self._commanders + k * NF
            hidden = secret_deal and p != player
            for cmd, cards in tables[p].items():
                face = FACE[cmd]
                out[commanders + face] = 1.0
                if hidden:
                    continue
                row = self._tables + (k * NF + face) * NR
                for c in cards:
                    i = CARD[c]
                    out[row + i] = 1.0
                    strength += VALUES[i]
            if not secret_deal:
                out[self._strength + k] = strength / 216
            casualties = all_casualties[p]
            if casualties:
                at = self._casualties + k * NR
                for c in casualties:
                    out[at + CARD[c]] = 1.0
                out[self._last_casualty + k * NR + CARD[casualties[-1]]] = 1.0
        if secret_deal:
            hands: list[list[str]] = state.hands
            at = self._hand
            for c in hands[player]:
                out[at + CARD[c]] = 1.0
            for k in range(2):
                p = player if k == 0 else 1 - player
                placed = 0
                for cards in tables[p].values():
                    placed += len(cards)
                out[self._to_distribute + k] = (len(hands[p]) + placed) / self._hand_size
                out[self._distributed + k] = not hands[p]
        turned_in: list[str] = state.turned_in
        for cmd in turned_in:
            out[self._turned_in + FACE[cmd]] = 1.0
        drawn: str | None = state.drawn
        if drawn is not None:
            out[self._drawn + CARD[drawn]] = 1.0
        at = self._advantages
        out[at] = state.general_used
        out[at + 1] = state.spy_used
        moves: int = state.general_moves
        out[at + 2] = moves / 3
        picked: str | None = state.picked
        if (phase == GENERAL_PLACE or phase == SPY_SWAP) and picked is not None:
            out[self._picked + CARD[picked]] = 1.0
        if phase == ROSHAMBO:
            at = self._roshambo
            out[at + PURPOSE_INDEX[state.rps_purpose]] = 1.0
            rps_round: int = state.rps_round
            out[at + len(PURPOSES)] = min(rps_round, 10) / 10
            throws: list[str | None] = state.throws
            out[self._thrown] = throws[player] is not None
            out[self._thrown + 1] = throws[1 - player] is not None
            mine = throws[player]
            if mine is not None:
                out[self._your_throw + SIGN_INDEX[mine]] = 1.0
        battle: Battle | None = state.battle
        if battle is not None:
            self._write_battle(battle, phase, player, out)
        attacking: str | None = state.picked_from
        if phase == TARGET and attacking is not None:  # chosen: its target is asked next
            out[self._battle_commanders + FACE[attacking]] = 1.0

    def _write_battle(self, b: Battle, phase: str, player: int, out: Vector) -> None:
        attacker: int = b.attacker
        defender: int = b.defender
        out[self._battle_sides + (attacker - player) % 2] = 1.0
        out[self._battle_commanders + FACE[b.att_cmd]] = 1.0
        out[self._battle_commanders + NF + FACE[b.def_cmd]] = 1.0
        at = self._battle_state
        out[at] = b.ordered(attacker)
        out[at + 1] = b.ordered(defender)
        tie: bool = b.tie
        out[at + 2] = tie
        def_round: int = b.def_round
        out[at + 3] = min(def_round, 10) / 10
        order: list[list[str]] = b.order
        hand: list[list[str]] = b.hand
        at = self._your_order
        i = 0
        for c in order[player]:
            i += 1
            out[at + CARD[c]] = i / NR
        at = self._your_hand
        for c in hand[player]:
            out[at + CARD[c]] = 1.0
        if phase == ORDER:
            for k in range(2):
                p = attacker if k == 0 else defender
                at = self._battle_cards + k * NR
                for c in hand[p]:
                    out[at + CARD[c]] = 1.0
                for c in order[p]:
                    out[at + CARD[c]] = 1.0
            return
        at = self._attacker_left
        for c in b.att_unflipped():
            out[at + CARD[c]] = 1.0
        rest: list[str] = b.def_unflipped()
        at = self._defender_left
        for c in rest:
            out[at + CARD[c]] = 1.0
        if def_round > 1:
            at = self._defender_next
            i = 0
            for c in rest:
                i += 1
                out[at + CARD[c]] = i / NR
        at = self._survivors
        survivors: list[str] = b.att_survivors
        for c in survivors:
            out[at + CARD[c]] = 1.0
        following: list[str] = b.def_next
        for c in following:
            out[at + NR + CARD[c]] = 1.0
        if tie:
            stack: list[str] = b.att_stack
            passing: list[str] = b.def_pass
            att_pos: int = b.att_pos
            def_pos: int = b.def_pos
            out[self._pair + CARD[stack[att_pos]]] = 1.0
            out[self._pair + NR + CARD[passing[def_pos]]] = 1.0
