"""The heuristic keeps a die whose roll is worth less than the die itself."""

from __future__ import annotations

import random

from warroom.engine.config import make_config
from warroom.games import REGISTRY
from warroom.games.kow.actions import Defeat
from warroom.games.kow.state import ALLOCATE, STOP, KowState

GAME = REGISTRY["kow"]
RED, WHITE, BLUE = 0, 1, 2


def _rolled(rolled: list[tuple[int, int]], table: list[str], defeated_now: int,
            final_turn: bool = False) -> KowState:
    """Seat 0 allocating `rolled` ((colour, swords) each) against `table`, mid-round."""
    state = GAME.new_state(make_config(GAME.Config, {}), 3)
    state.phase = ALLOCATE
    state.table = list(table)
    state.rolled = list(rolled)
    state.swords = tuple(s for _, s in rolled)
    state.free = (1 << len(rolled)) - 1
    state.active = 0
    state.movers = (0,)
    state.order = (0, 1)
    state.defeated_now = defeated_now
    state.final_turn = final_turn
    state._legal = {}
    assert state.deck, "mid-round: the Battle Deck still holds cards"
    return state


def _move(state: KowState):
    action = GAME.heuristic(state, 0, random.Random(0))
    assert action in state.legal_actions(0)
    return action


def test_a_blue_one_is_not_thrown_at_an_ace_once_a_card_is_taken():
    """Audit (stop 64): the heuristic won only 49.0 % (44.1-53.9 %) of 400 games against a
    naive "roll the most dice, defeat the biggest card, never stop" player: it spent every
    die a roll could spend, here a blue die showing 1 on an Ace (1 point for a die worth
    about 1.8 kept), after taking the 6 it came for. Now it stops and the blue die goes back
    to the pool."""
    state = _rolled([(WHITE, 2), (WHITE, 2), (BLUE, 2), (BLUE, 1)], ["6C", "AS", "5H"], 0)
    first = _move(state)
    assert isinstance(first, Defeat) and first.card == "6C" and 3 not in first.dice
    state.apply(0, first)
    assert Defeat("AS", (3,), (1,)) in state.legal_actions(0)  # what it used to play
    assert _move(state) is STOP


def test_the_rules_still_force_the_first_defeat_and_the_last_turn_spends_all():
    """Audit (stop 64): keeping dice must not break the rules or waste the round's end: the
    first defeat of a roll is compulsory however poor, and in the round's last turn a die
    kept is lost, so the Ace is taken."""
    forced = _rolled([(BLUE, 1)], ["AS", "6C", "5H"], 0)
    assert _move(forced) == Defeat("AS", (0,), (1,))
    last = _rolled([(BLUE, 1)], ["AS", "6C", "5H"], 1, final_turn=True)
    assert _move(last) == Defeat("AS", (0,), (1,))
    mid = _rolled([(BLUE, 1)], ["AS", "6C", "5H"], 1)
    assert _move(mid) is STOP
