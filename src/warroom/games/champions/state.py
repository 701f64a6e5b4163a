"""The rules of The Game of Champions, one decision at a time.

The deal: a Roshambo names the dealer; 15 cards each (redealt until both players hold a face
card); the rest is the Reserve Pile. Face cards (A, J, Q, K) are laid down at once; then both
players distribute their reinforcements (2 to 10) in secret, one card at a time, and reveal
together. The player with fewer face cards begins (equal: a Roshambo).

A turn: fortify (draw a reserve card and place it), use advantages (General, Spy), turn in bare
face cards, then battle or fortify again; after either, bare face cards may still be turned in
before the turn ends ("during its owner's turn", RULINGS.md). A battle: the attacker picks its
battalion and a target; both order their cards in secret, one "put this card next" at a time;
then cards are flipped in pairs, the lower one dying, until the attacker stops or runs out, the
defender recycling its survivors in their original order. Ties are settled by Roshambo, a
simultaneous secret decision of both players (or a fair coin with `roshambo=random`).
"""

from __future__ import annotations

import functools
import random
from typing import Any

from ...engine import UNIFORM, Belief, Outcome, State, shuffle, split_rng
from .actions import (
    SIGNS,
    Attack,
    Decline,
    Done,
    EndTurn,
    Flip,
    FortifyAgain,
    Pick,
    Place,
    PutNext,
    RestAsShown,
    Revive,
    Stop,
    SwapWith,
    Target,
    Throw,
    TurnIn,
    UseGeneral,
    UseSpy,
)
from .config import Config

SUITS = "SHDC"
RANKS = ("10", "9", "8", "7", "6", "5", "4", "3", "2", "K", "Q", "J", "A")
FACES = frozenset("AJQK")
DECK = tuple(r + s for r in RANKS for s in SUITS)
_SORT = {card: i for i, card in enumerate(DECK)}  # 10s first, then down to 2, then faces
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}

ROSHAMBO, DISTRIBUTE, PLACE, MAIN = "roshambo", "distribute", "place", "main"
GENERAL_PICK, GENERAL_PLACE, SPY_PICK, SPY_SWAP = "general", "general_place", "spy", "spy_swap"
TARGET, ORDER, BATTLE, MEDIC, OVER = "target", "order", "battle", "medic", "over"
CLOSE = "close"  # the turn's end, after a battle or a second fortify: turn-ins or end turn


def is_face(card: str) -> bool:
    return card[0] in FACES


@functools.cache  # asked hundreds of thousands of times in a search, of 36 card names
def rank_value(card: str) -> int:
    """The strength printed on a reinforcement: 2 to 10."""
    return int(card[:-1])


def sort_cards(cards: list[str]) -> list[str]:
    """Highest first (10 to 2), suits in a fixed order; face cards after."""
    return sorted(cards, key=_SORT.__getitem__)


def roshambo_winner(a: str, b: str) -> int | None:
    """0 if throw `a` wins, 1 if `b` wins, None if they are the same."""
    if a == b:
        return None
    return 0 if BEATS[a] == b else 1


class Battle:
    """A battle in progress. Indexed by player where both sides have one (hand, order)."""

    __slots__ = (
        "attacker", "defender", "att_cmd", "def_cmd", "hand", "order", "att_pos",
        "def_pass", "def_pos", "def_next", "def_round", "att_survivors", "flips", "tie",
    )

    def __init__(self, attacker: int, att_cmd: str, def_cmd: str):
        self.attacker = attacker
        self.defender = 1 - attacker
        self.att_cmd = att_cmd
        self.def_cmd = def_cmd
        self.hand: list[list[str]] = [[], []]  # cards still to order, highest first
        self.order: list[list[str]] = [[], []]  # the order chosen so far, top card first
        self.att_pos = 0  # next attacker card in order[attacker]
        self.def_pass: list[str] = []  # the defender's cards of the current pass
        self.def_pos = 0
        self.def_next: list[str] = []  # survivors of the current pass, in their order
        self.def_round = 1  # 1: first pass (order secret); 2+: recycled (order known)
        self.att_survivors: list[str] = []
        self.flips: list[dict[str, Any]] = []
        self.tie = False  # the current pair is equal and awaits a Roshambo

    def clone(self) -> Battle:
        new = Battle.__new__(Battle)
        new.attacker, new.defender = self.attacker, self.defender
        new.att_cmd, new.def_cmd = self.att_cmd, self.def_cmd
        new.hand = [list(self.hand[0]), list(self.hand[1])]
        new.order = [list(self.order[0]), list(self.order[1])]
        new.att_pos = self.att_pos
        new.def_pass = list(self.def_pass)
        new.def_pos = self.def_pos
        new.def_next = list(self.def_next)
        new.def_round = self.def_round
        new.att_survivors = list(self.att_survivors)
        new.flips = list(self.flips)
        new.tie = self.tie
        return new

    def ordered(self, player: int) -> bool:
        return not self.hand[player]

    @property
    def att_stack(self) -> list[str]:
        return self.order[self.attacker]

    def att_unflipped(self) -> list[str]:
        return self.att_stack[self.att_pos + self.tie:]

    def def_unflipped(self) -> list[str]:
        """Defender cards still to come in this pass (after the pair being settled)."""
        return self.def_pass[self.def_pos + self.tie:]


# Decisions whose choices never change: built once, not at every decision. The others are
# made once per distinct value and reused (a frozen action costs more to build than to look
# up, and a search finds the very same object at once).
THROWS = tuple(Throw(s) for s in SIGNS)
place_action = functools.cache(Place)
pick_action = functools.cache(Pick)
target_action = functools.cache(Target)
put_next_action = functools.cache(PutNext)
turn_in_action = functools.cache(TurnIn)
attack_action = functools.cache(Attack)
swap_with_action = functools.cache(SwapWith)
FLIP_OR_STOP = (Flip(), Stop())
REVIVE_OR_DECLINE = (Revive(), Decline())


class ChampionsState(State):
    takes_belief = True

    def __init__(self, config: Config, seed: int):
        super().__init__(2, random.Random(seed))
        self.config = config
        self.phase = ROSHAMBO
        self.turn = 0
        self.current = -1
        self.dealer = -1
        self.first = -1
        self.deals = 0
        self.tables: list[dict[str, list[str]]] = [{}, {}]  # commander -> reinforcements
        self.hands: list[list[str]] = [[], []]  # reinforcements still to distribute
        self.reserve: list[str] = []  # the top card is the last
        self.casualties: list[list[str]] = [[], []]
        self.turned_in: list[str] = []
        self.turned_in_by: list[int] = []  # whose each card of `turned_in` was
        self.revealed = False  # the initial distribution has been revealed
        self.drawn: str | None = None
        self.place_then = MAIN
        self.general_used = False
        self.spy_used = False
        self.general_moves = 0
        self.picked: str | None = None
        self.picked_from: str | None = None
        self.battle: Battle | None = None
        self.battles = 0
        self.rps_purpose = ""
        self.rps_round = 0
        self.throws: list[str | None] = [None, None]
        self.result: Outcome | None = None
        self._roshambo("dealer")

    # --- Roshambo ---------------------------------------------------------------------------
    def _roshambo(self, purpose: str) -> None:
        """Start a Roshambo between the two players; its winner continues `purpose`."""
        self.rps_purpose = purpose
        self.rps_round = 1
        self.throws = [None, None]
        if self.config.roshambo == "random":
            winner = self.rng.randrange(2)
            self.event("roshambo", purpose=purpose, throws=None, winner=winner)
            self._roshambo_won(purpose, winner)
        else:
            self.phase = ROSHAMBO

    def _throw(self, player: int, sign: str) -> None:
        self.throws[player] = sign
        self.event("threw", player=player)
        if None in self.throws:
            return
        a, b = self.throws
        assert a is not None and b is not None
        winner = roshambo_winner(a, b)
        self.event("roshambo", purpose=self.rps_purpose, throws=[a, b], winner=winner)
        if winner is None:  # a drawn Roshambo is replayed
            self.throws = [None, None]
            self.rps_round += 1
            return
        self.throws = [None, None]
        self._roshambo_won(self.rps_purpose, winner)

    def _roshambo_won(self, purpose: str, winner: int) -> None:
        if purpose == "dealer":
            self.dealer = winner
            self._deal()
        elif purpose == "first":
            self._begin_play(winner)
        else:  # a tied pair: equal values
            self._settle_pair(winner, self._pair_values())

    # --- the deal -----------------------------------------------------------------------------
    def _deal(self) -> None:
        n = self.config.hand_size
        while True:
            self.deals += 1
            deck = list(DECK)
            shuffle(self.rng, deck)
            # The dealer deals the other player first.
            hands = {1 - self.dealer: deck[:n], self.dealer: deck[n:2 * n]}
            if all(any(is_face(c) for c in hands[p]) for p in (0, 1)):
                break
            self.event("redeal", reason="a player received no face card")
        self.reserve = deck[2 * n:]
        for p in (0, 1):
            cards = sort_cards(hands[p])
            self.tables[p] = {c: [] for c in cards if is_face(c)}
            self.hands[p] = [c for c in cards if not is_face(c)]
        self.event(
            "deal", dealer=self.dealer,
            faces=[list(self.tables[p]) for p in (0, 1)],
            reinforcements=[len(self.hands[p]) for p in (0, 1)],
            reserve=len(self.reserve),
        )
        self.phase = DISTRIBUTE
        if not self.hands[0] and not self.hands[1]:
            self._reveal()

    def _reveal(self) -> None:
        self.revealed = True
        self.event("reveal", tables=[self._table_json(p) for p in (0, 1)])
        faces = [len(self.tables[p]) for p in (0, 1)]
        if faces[0] != faces[1]:
            self._begin_play(0 if faces[0] < faces[1] else 1)
        else:
            self._roshambo("first")

    def _begin_play(self, first: int) -> None:
        self.first = first
        self.event("first", player=first, faces=[len(self.tables[p]) for p in (0, 1)])
        self._start_turn(first)

    # --- the turn -----------------------------------------------------------------------------
    def _start_turn(self, player: int) -> None:
        self.current = player
        self.turn += 1
        self.general_used = self.spy_used = False
        self.battle = None
        self.event("turn", turn=self.turn, player=player)
        if self.reserve:
            self._draw(MAIN)
        else:  # an empty Reserve Pile skips the fortify
            self.event("no_fortify", player=player)
            self.phase = MAIN

    def _draw(self, then: str) -> None:
        """Draw the top reserve card: a face card is laid down, a reinforcement is placed;
        `then` is MAIN (the turn goes on) or CLOSE (the turn is ending)."""
        card = self.reserve.pop()
        player = self.current
        if is_face(card):
            self.tables[player][card] = []
            self.event("lay_down", player=player, card=card)
            self._after_place(then)
        else:
            self.drawn = card
            self.place_then = then
            self.phase = PLACE
            self.event("draw", player=player, card=card)

    def _after_place(self, then: str) -> None:
        self.drawn = None
        if then == MAIN:
            self.phase = MAIN
        else:
            self._close_turn()

    def _close_turn(self) -> None:
        """After a battle or a second fortify: while the player has a bare face card and the
        Reserve Pile a card to draw for it, it may still turn one in before the turn ends."""
        if self.reserve and any(not cards for cards in self.tables[self.current].values()):
            self.battle = None  # over: its losses are on the table and in the log
            self.phase = CLOSE
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.battle = None
        if self.turn >= self.config.max_turns:
            self._finish_at_turn_limit()
        else:
            self._start_turn(1 - self.current)

    def battalions(self, player: int) -> list[str]:
        """Commanders of `player` with at least one reinforcement."""
        return [c for c, cards in self.tables[player].items() if cards]

    def _has_battalion(self, player: int, rank: str) -> bool:
        return any(c[0] == rank and cards for c, cards in self.tables[player].items())

    def general_available(self) -> bool:
        p = self.current
        return (not self.general_used and self._has_battalion(p, "K")
                and len(self.tables[p]) >= 2)

    def spy_available(self) -> bool:
        return (not self.spy_used and self._has_battalion(self.current, "A")
                and len(self.battalions(1 - self.current)) >= 2)

    # --- battle -------------------------------------------------------------------------------
    def battle_value(self, card: str, commander: str, attacking: bool) -> int:
        """A reinforcement's strength in battle: Jack (Cavalry) makes its 2s count as 10."""
        value = rank_value(card)
        if value == 2 and commander[0] == "J" and (attacking or self.config.cavalry == "always"):
            return 10
        return value

    def _start_battle(self, att_cmd: str, def_cmd: str) -> None:
        attacker = self.current
        b = Battle(attacker, att_cmd, def_cmd)
        self.battle = b
        self.battles += 1
        for player, cmd in ((attacker, att_cmd), (b.defender, def_cmd)):
            cards = self.tables[player][cmd]
            self.tables[player][cmd] = []  # picked up; the commander stays on the table
            attacking = player == attacker
            cards = sorted(cards, key=lambda c: (-self.battle_value(c, cmd, attacking), _SORT[c]))
            if len(cards) <= 1:
                b.order[player] = cards
            else:
                b.hand[player] = cards
        self.event("attack", player=attacker, commander=att_cmd, target=def_cmd,
                   cards=[sort_cards(b.hand[p] + b.order[p]) for p in (0, 1)])
        self.phase = ORDER
        if b.ordered(0) and b.ordered(1):
            self._begin_flips()

    def _put_next(self, player: int, card: str) -> None:
        b = self.battle
        assert b is not None
        b.hand[player].remove(card)
        b.order[player].append(card)
        if len(b.hand[player]) == 1:
            b.order[player].append(b.hand[player].pop())
        if b.ordered(player):
            self.event("ordered", player=player)
            if b.ordered(1 - player):
                self._begin_flips()

    def _begin_flips(self) -> None:
        b = self.battle
        assert b is not None
        b.def_pass = list(b.order[b.defender])
        self.phase = BATTLE
        self._flip()

    def _flip(self) -> None:
        b = self.battle
        assert b is not None
        a, d = b.att_stack[b.att_pos], b.def_pass[b.def_pos]
        values = self._pair_values()
        av, dv = values
        if av == dv:
            b.tie = True
            self.event("tie", attacker_card=a, defender_card=d, value=av)
            self._roshambo("tie")
        else:
            self._settle_pair(b.attacker if av > dv else b.defender, values)

    def _pair_values(self) -> list[int]:
        """What the two cards of the pair on the table count (a Jack's 2: 10)."""
        b = self.battle
        assert b is not None
        return [self.battle_value(b.att_stack[b.att_pos], b.att_cmd, True),
                self.battle_value(b.def_pass[b.def_pos], b.def_cmd, False)]

    def _settle_pair(self, winner: int, values: list[int]) -> None:
        """The pair on the table, whose cards count `values`, is decided: the loser is a
        casualty, the winner survives."""
        b = self.battle
        assert b is not None
        a, d = b.att_stack[b.att_pos], b.def_pass[b.def_pos]
        b.att_pos += 1
        b.def_pos += 1
        if winner == b.attacker:
            b.att_survivors.append(a)
            self.casualties[b.defender].append(d)
        else:
            b.def_next.append(d)
            self.casualties[b.attacker].append(a)
        # Its values: what each card counted (a Jack's 2 counted 10), which the log says.
        flip = {"attacker_card": a, "defender_card": d, "winner": winner, "roshambo": b.tie,
                "pass": b.def_round, "values": values}
        b.flips.append(flip)
        b.tie = False
        self.phase = BATTLE
        self.event("flip", **flip)
        if b.def_pos == len(b.def_pass):  # the defender's cards ran out: recycle survivors
            b.def_pass, b.def_next, b.def_pos = b.def_next, [], 0
            b.def_round += 1
        if b.att_pos == len(b.att_stack) or not b.def_pass:
            self._end_battle(stopped=False)

    def _end_battle(self, stopped: bool) -> None:
        b = self.battle
        assert b is not None
        self.tables[b.attacker][b.att_cmd] = b.att_survivors + b.att_unflipped()
        self.tables[b.defender][b.def_cmd] = b.def_next + b.def_unflipped()
        self.event("battle_end", stopped=stopped,
                   survivors=[sort_cards(self.tables[b.attacker][b.att_cmd]),
                              sort_cards(self.tables[b.defender][b.def_cmd])])
        # No Medic once the battle destroyed the defender's army: the game is over then (the
        # attacker's Queen still commands a battalion), and a revival would change the score.
        if self.medic_available() and self.battalions(b.defender):
            self.phase = MEDIC
        else:
            self._after_battle()

    def medic_available(self) -> bool:
        """Queen (Medic): the attacking battalion is a Queen's, is still a battalion, and its
        owner has a casualty to revive."""
        b = self.battle
        return (b is not None and b.att_cmd[0] == "Q" and bool(self.tables[b.attacker][b.att_cmd])
                and bool(self.casualties[b.attacker]))

    def _after_battle(self) -> None:
        beaten = [p for p in (0, 1) if not self.battalions(p)]
        if beaten:
            winners = tuple(p for p in (0, 1) if p not in beaten)
            self._finish(winners, "army destroyed")
        else:
            self._close_turn()

    # --- the end ------------------------------------------------------------------------------
    def army_strength(self, player: int) -> int:
        """Total face value of the reinforcements on the table (the turn-limit tiebreak)."""
        return sum(rank_value(c) for cards in self.tables[player].values() for c in cards)

    def _finish_at_turn_limit(self) -> None:
        s0, s1 = self.army_strength(0), self.army_strength(1)
        if s0 == s1:
            self._finish((), "turn limit with equal armies")
        else:
            self._finish((0 if s0 > s1 else 1,), "turn limit: larger army")

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.phase = OVER
        self.battle = None
        scores = (float(self.army_strength(0)), float(self.army_strength(1)))
        self.result = Outcome(winners, scores, reason)
        self.event("game_over", winners=list(winners), reason=reason, scores=list(scores))

    # --- the engine contract ------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == ROSHAMBO:
            return tuple(p for p in (0, 1) if self.throws[p] is None)
        if phase == DISTRIBUTE:
            return tuple(p for p in (0, 1) if self.hands[p])
        if phase == ORDER:
            b = self.battle
            assert b is not None
            return tuple(p for p in (0, 1) if not b.ordered(p))
        if phase == OVER:
            return ()
        if phase in (BATTLE, MEDIC):
            assert self.battle is not None
            return (self.battle.attacker,)
        return (self.current,)

    def _legal_actions(self, player: int) -> list[Any]:
        phase = self.phase
        mine = self.tables[player]
        if phase == ROSHAMBO:
            return list(THROWS)
        if phase == DISTRIBUTE:
            card = self.hands[player][0]
            return [place_action(card, c) for c in mine]
        if phase == PLACE:
            assert self.drawn is not None
            return [place_action(self.drawn, c) for c in mine]
        if phase == MAIN:
            return self._main_actions(player)
        if phase == GENERAL_PICK:
            return [pick_action(c) for cards in mine.values() for c in cards] + [Done()]
        if phase == GENERAL_PLACE:
            assert self.picked is not None
            return [place_action(self.picked, c) for c in mine if c != self.picked_from]
        theirs = self.tables[1 - player]
        if phase == SPY_PICK:
            return [pick_action(c) for cards in theirs.values() for c in cards]
        if phase == SPY_SWAP:
            return [swap_with_action(c) for cmd, cards in theirs.items() if cmd != self.picked_from
                    for c in cards]
        if phase == TARGET:
            return [target_action(c) for c in self.battalions(1 - player)]
        if phase == CLOSE:
            return self._turn_ins(player) + [EndTurn()]
        b = self.battle
        assert b is not None
        if phase == ORDER:
            return [put_next_action(c) for c in b.hand[player]] + [RestAsShown()]
        if phase == BATTLE:
            return list(FLIP_OR_STOP)
        if phase == MEDIC:
            return list(REVIVE_OR_DECLINE)
        return []

    def _turn_ins(self, player: int) -> list[Any]:
        if not self.reserve:  # a turn-in's purpose is the card it draws
            return []
        return [turn_in_action(c) for c, cards in self.tables[player].items() if not cards]

    def _main_actions(self, player: int) -> list[Any]:
        actions: list[Any] = []
        if self.general_available():
            actions.append(UseGeneral())
        if self.spy_available():
            actions.append(UseSpy())
        actions += self._turn_ins(player)
        if self.battalions(1 - player):
            actions += [attack_action(c) for c in self.battalions(player)]
        if self.reserve:
            actions.append(FortifyAgain())
        if not any(isinstance(a, Attack | FortifyAgain) for a in actions):
            actions.append(EndTurn())
        return actions

    def _apply(self, player: int, action: Any) -> None:
        kind = type(action)
        handler = _HANDLERS[kind]
        handler(self, player, action)

    def _do_throw(self, player: int, action: Throw) -> None:
        self._throw(player, action.sign)

    def _do_place(self, player: int, action: Place) -> None:
        self.tables[player][action.commander].append(action.card)
        if self.phase == DISTRIBUTE:
            self.hands[player].pop(0)
            if not self.hands[player]:
                self.event("distributed", player=player)
                if not self.hands[1 - player]:
                    self._reveal()
        elif self.phase == PLACE:
            self.event("place", player=player, card=action.card, commander=action.commander)
            self._after_place(self.place_then)
        else:  # the General's move
            self.event("general_move", player=player, card=action.card,
                       source=self.picked_from, commander=action.commander)
            self.picked = self.picked_from = None
            self.general_moves += 1
            self.phase = GENERAL_PICK if self.general_moves < 3 else MAIN

    def _do_turn_in(self, player: int, action: TurnIn) -> None:
        del self.tables[player][action.commander]
        self.turned_in.append(action.commander)
        self.turned_in_by.append(player)
        self.event("turn_in", player=player, commander=action.commander)
        self._draw(CLOSE if self.phase == CLOSE else MAIN)

    def _do_general(self, player: int, action: UseGeneral) -> None:
        self.general_used = True
        self.general_moves = 0
        self.phase = GENERAL_PICK
        self.event("general", player=player)

    def _do_spy(self, player: int, action: UseSpy) -> None:
        self.spy_used = True
        self.phase = SPY_PICK
        self.event("spy", player=player)

    def _do_pick(self, player: int, action: Pick) -> None:
        owner = player if self.phase == GENERAL_PICK else 1 - player
        for cmd, cards in self.tables[owner].items():
            if action.card in cards:
                self.picked, self.picked_from = action.card, cmd
                break
        if self.phase == GENERAL_PICK:
            self.tables[owner][self.picked_from].remove(action.card)
            self.phase = GENERAL_PLACE
        else:
            self.phase = SPY_SWAP

    def _do_swap(self, player: int, action: SwapWith) -> None:
        theirs = self.tables[1 - player]
        first, source = self.picked, self.picked_from
        assert first is not None and source is not None
        other = next(cmd for cmd, cards in theirs.items() if action.card in cards)
        a, b = theirs[source], theirs[other]
        a[a.index(first)] = action.card
        b[b.index(action.card)] = first
        self.event("spy_swap", player=player, cards=[first, action.card],
                   commanders=[source, other])
        self.picked = self.picked_from = None
        self.phase = MAIN

    def _do_done(self, player: int, action: Done) -> None:
        self.phase = MAIN

    def _do_attack(self, player: int, action: Attack) -> None:
        self.picked_from = action.commander  # the attacking battalion, until the target
        self.phase = TARGET

    def _do_target(self, player: int, action: Target) -> None:
        att = self.picked_from
        assert att is not None
        self.picked_from = None
        self._start_battle(att, action.commander)

    def _do_fortify_again(self, player: int, action: FortifyAgain) -> None:
        self.event("fortify_again", player=player)
        self._draw(CLOSE)

    def _do_end_turn(self, player: int, action: EndTurn) -> None:
        self.event("end_turn", player=player)
        self._end_turn()

    def _do_put_next(self, player: int, action: PutNext) -> None:
        self._put_next(player, action.card)

    def _do_rest(self, player: int, action: RestAsShown) -> None:
        b = self.battle
        assert b is not None
        b.order[player] += b.hand[player]
        b.hand[player] = []
        self.event("ordered", player=player)
        if b.ordered(1 - player):
            self._begin_flips()

    def _do_flip(self, player: int, action: Flip) -> None:
        self._flip()

    def _do_stop(self, player: int, action: Stop) -> None:
        self.event("stop", player=player)
        self._end_battle(stopped=True)

    def _do_revive(self, player: int, action: Revive) -> None:
        b = self.battle
        assert b is not None
        card = self.casualties[player].pop()
        self.tables[player][b.att_cmd].append(card)
        self.event("revive", player=player, card=card, commander=b.att_cmd)
        # "Using this advantage ends your turn immediately": no turn-in after it, as a
        # turn-in is made during its owner's turn (RULINGS.md); declined, the turn ends as
        # after any battle. (The battle destroyed no army: then there is no Medic.)
        self._end_turn()

    def _do_decline(self, player: int, action: Decline) -> None:
        b = self.battle
        assert b is not None
        # Logged, as a revival is: else the opponent cannot tell the Medic was offered at all.
        self.event("decline", player=player, card=self.casualties[player][-1],
                   commander=b.att_cmd)
        self._after_battle()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        return self.result

    # --- what a player may know -----------------------------------------------------------
    def _table_json(self, player: int) -> list[list[Any]]:
        return [[cmd, sort_cards(cards)] for cmd, cards in self.tables[player].items()]

    def observation(self, player: int | None) -> dict[str, Any]:
        self.check_viewer(player)  # refuse -1 (the last seat's view) and seats past the end
        secret_deal = self.phase == DISTRIBUTE
        tables: list[Any] = []
        for p in (0, 1):
            if secret_deal and p != player:  # face cards are seen; reinforcements are secret
                tables.append([[cmd, None] for cmd in self.tables[p]])
            else:
                tables.append(self._table_json(p))
        obs: dict[str, Any] = {
            "game": "champions",
            "you": player,
            "phase": self.phase,
            "turn": self.turn,
            "max_turns": self.config.max_turns,
            "cavalry": self.config.cavalry,
            "current": self.current,
            "to_move": list(self.to_move()),
            "dealer": self.dealer,
            "first": self.first,
            "reserve": len(self.reserve),
            "tables": tables,
            "casualties": [list(self.casualties[0]), list(self.casualties[1])],
            "turned_in": list(self.turned_in),
            "turned_in_by": list(self.turned_in_by),
            "drawn": self.drawn,
            "general_used": self.general_used,
            "spy_used": self.spy_used,
            "general_moves": self.general_moves,
            "picked": self.picked if self.phase in (GENERAL_PLACE, SPY_SWAP) else None,
        }
        if self.phase == TARGET:  # the battalion chosen to attack, its target still to choose
            obs["attacking"] = self.picked_from
        if not secret_deal:
            obs["strength"] = [self.army_strength(0), self.army_strength(1)]
        if secret_deal:
            obs["to_distribute"] = [len(self.hands[0]) + self._placed(0),
                                    len(self.hands[1]) + self._placed(1)]
            obs["hand"] = list(self.hands[player]) if player is not None else None
            obs["distributed"] = [not self.hands[0], not self.hands[1]]
        if self.phase == ROSHAMBO:
            obs["roshambo"] = {
                "purpose": self.rps_purpose,
                "round": self.rps_round,
                "thrown": [t is not None for t in self.throws],
                "yours": self.throws[player] if player is not None else None,
            }
        if self.battle is not None:
            obs["battle"] = self._battle_json(player)
        if self.phase == OVER and self.result is not None:
            obs["outcome"] = self.result.to_json()
        obs["log"] = self.visible_log(player)
        return obs

    def _placed(self, player: int) -> int:
        return sum(len(cards) for cards in self.tables[player].values())

    def _battle_json(self, player: int | None) -> dict[str, Any]:
        b = self.battle
        assert b is not None
        flipping = self.phase != ORDER
        out: dict[str, Any] = {
            "attacker": b.attacker,
            "defender": b.defender,
            "commanders": [b.att_cmd, b.def_cmd],
            "ordered": [b.ordered(0), b.ordered(1)],
            "flips": [dict(f) for f in b.flips],
            "tie": b.tie,
            "defender_pass": b.def_round,
        }
        if player is not None:
            out["your_order"] = list(b.order[player])
            out["your_hand"] = list(b.hand[player])
        if flipping:
            out["attacker_left"] = sort_cards(b.att_unflipped())
            out["defender_left"] = sort_cards(b.def_unflipped())
            # Recycled cards come back in their original order, which everyone has seen.
            out["defender_next"] = list(b.def_unflipped()) if b.def_round > 1 else None
            out["defender_survivors"] = list(b.def_next)
            out["attacker_survivors"] = list(b.att_survivors)
            if b.tie:
                out["pair"] = [b.att_stack[b.att_pos], b.def_pass[b.def_pos]]
        else:
            out["cards"] = [sort_cards(b.hand[p] + b.order[p]) for p in (0, 1)]
        return out

    # --- copies ---------------------------------------------------------------------------
    def clone(self) -> ChampionsState:
        new = ChampionsState.__new__(ChampionsState)
        self._copy_base(new)
        new.config = self.config
        new.phase = self.phase
        new.turn = self.turn
        new.current = self.current
        new.dealer = self.dealer
        new.first = self.first
        new.deals = self.deals
        new.tables = [{c: list(v) for c, v in t.items()} for t in self.tables]
        new.hands = [list(self.hands[0]), list(self.hands[1])]
        new.reserve = list(self.reserve)
        new.casualties = [list(self.casualties[0]), list(self.casualties[1])]
        new.turned_in = list(self.turned_in)
        new.turned_in_by = list(self.turned_in_by)
        new.revealed = self.revealed
        new.drawn = self.drawn
        new.place_then = self.place_then
        new.general_used = self.general_used
        new.spy_used = self.spy_used
        new.general_moves = self.general_moves
        new.picked = self.picked
        new.picked_from = self.picked_from
        new.battle = self.battle.clone() if self.battle is not None else None
        new.battles = self.battles
        new.rps_purpose = self.rps_purpose
        new.rps_round = self.rps_round
        new.throws = list(self.throws)
        new.result = self.result
        return new

    def determinize(self, player: int, rng: random.Random,
                    belief: Belief = UNIFORM) -> ChampionsState:
        """Resample what `player` cannot know: the Reserve Pile's order (and, before the
        reveal, which reinforcements the opponent holds and where it put them), the
        opponent's unrevealed Roshambo throw, and the opponent's secret battle order. The
        opponent's secret choices (placements, throw, order) are put to `belief`, one at a
        time, as the opponent faced them; the order keeps the cards already flipped. Only
        what `player` sees is read: hidden cards are sorted before they are shuffled."""
        new = self.clone()
        new.rng = split_rng(rng)
        other = 1 - player
        if new.phase == DISTRIBUTE:
            new._resample_opponent_deal(other, belief)
        new.reserve = sort_cards(new.reserve)
        shuffle(new.rng, new.reserve)
        if new.phase == ROSHAMBO and new.throws[other] is not None:
            new.throws[other] = None  # the opponent faces its throw again
            new._legal = {}
            new.throws[other] = belief.choose(new, other, THROWS, new.rng).sign
            new._legal = {}
        if new.battle is not None:  # ordering, flipping, a tie's Roshambo, the Medic
            new._resample_order(new.battle, other, belief)
        return new

    def _resample_opponent_deal(self, other: int, belief: Belief) -> None:
        """Before the reveal the opponent's reinforcements are just a count: deal them anew
        from everything unseen, and place as many as it has placed, one at a time, as
        `belief` says it would. How many it has placed is kept: its observation does not
        show it, but the flow does (who is asked, and when its `distributed` comes: the
        conformance suite's flow check), as at a table one sees the cards go down."""
        table = self.tables[other]
        placed = self._placed(other)
        count = placed + len(self.hands[other])
        pool = [c for cards in table.values() for c in cards] + self.hands[other]
        pool += [c for c in self.reserve if not is_face(c)]
        faces = [c for c in self.reserve if is_face(c)]
        pool = sort_cards(pool)
        shuffle(self.rng, pool)
        self.reserve = pool[count:] + faces
        for cmd in table:
            table[cmd] = []
        self.hands[other] = sort_cards(pool[:count])
        self._legal = {}
        for _ in range(placed):
            move = belief.choose(self, other, self.legal_actions(other), self.rng)
            table[move.commander].append(self.hands[other].pop(0))
            self._legal = {}

    def _resample_order(self, b: Battle, other: int, belief: Belief) -> None:
        """The opponent's secret order, drawn from `belief`: while it is ordering, as many
        cards as it has put down (the rest stay in its hand); once it has ordered, the whole
        order, keeping the cards already flipped in their places."""
        attacking = other == b.attacker
        if self.phase == ORDER:
            cards = b.order[other] + b.hand[other]
            # how many it has put down is kept: the flow shows it (see _resample_opponent_deal)
            steps = None if b.ordered(other) else len(b.order[other])
            b.order[other] = self._believed_order([], cards, other, belief, steps)
            b.hand[other] = self._order_hand([c for c in cards if c not in b.order[other]],
                                             b, attacking)
            return
        if attacking:
            start = b.att_pos + b.tie
            stack = b.att_stack
            stack[start:] = self._believed_order(stack[:start], stack[start:], other, belief)
        elif b.def_round == 1:
            start = b.def_pos + b.tie
            rest = self._believed_order(b.def_pass[:start], b.def_pass[start:], other, belief)
            b.def_pass[start:] = rest
            b.order[other] = list(b.def_pass)  # the first pass is the chosen order

    def _order_hand(self, cards: list[str], b: Battle, attacking: bool) -> list[str]:
        """Cards to order as `_start_battle` hands them over: strongest first."""
        cmd = b.att_cmd if attacking else b.def_cmd
        return sorted(cards, key=lambda c: (-self.battle_value(c, cmd, attacking), _SORT[c]))

    def _believed_order(self, prefix: list[str], rest: list[str], other: int,
                        belief: Belief, steps: int | None = None) -> list[str]:
        """An order of `rest` to follow `prefix`, put to `belief` card by card on a copy in
        which the opponent is ordering again with `prefix` already laid down; with `steps`,
        only that many cards, one `PutNext` each (the order is not finished)."""
        if len(rest) < 2 or steps == 0:
            return list(rest) if steps is None else []
        scratch = self.clone()
        scratch.phase = ORDER
        sb = scratch.battle = self.battle.clone()
        hand = sb.hand[other] = self._order_hand(rest, sb, other == sb.attacker)
        order = sb.order[other] = list(prefix)
        scratch._legal = {}
        while hand and (steps is None or len(order) < len(prefix) + steps):
            actions = scratch.legal_actions(other)
            if steps is not None:
                actions = [a for a in actions if type(a) is PutNext]
            move = belief.choose(scratch, other, actions, self.rng)
            scratch._legal = {}
            if type(move) is PutNext:
                hand.remove(move.card)
                order.append(move.card)
                if len(hand) == 1:
                    order.append(hand.pop())
            else:  # the rest as shown
                order += hand
                hand.clear()
        return order[len(prefix):]


_HANDLERS = {
    Throw: ChampionsState._do_throw,
    Place: ChampionsState._do_place,
    TurnIn: ChampionsState._do_turn_in,
    UseGeneral: ChampionsState._do_general,
    UseSpy: ChampionsState._do_spy,
    Pick: ChampionsState._do_pick,
    SwapWith: ChampionsState._do_swap,
    Done: ChampionsState._do_done,
    Attack: ChampionsState._do_attack,
    Target: ChampionsState._do_target,
    FortifyAgain: ChampionsState._do_fortify_again,
    EndTurn: ChampionsState._do_end_turn,
    PutNext: ChampionsState._do_put_next,
    RestAsShown: ChampionsState._do_rest,
    Flip: ChampionsState._do_flip,
    Stop: ChampionsState._do_stop,
    Revive: ChampionsState._do_revive,
    Decline: ChampionsState._do_decline,
}
