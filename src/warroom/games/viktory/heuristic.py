"""The one-battle game's sensible player: the shared battle heuristic in the battle
(`viktory_battles.heuristic`, where its choices are described), and after it the turn's card
decisions: the greatest draw, and the least useful card to discard."""

from __future__ import annotations

import random
from typing import Any

from ..viktory_battles.actions import Draw
from ..viktory_battles.heuristic import battle_action, card_worth
from .state import ViktoryState


def heuristic_action(state: ViktoryState, player: int, rng: random.Random) -> Any:
    if not state.session.finished:
        return battle_action(state.session, player, rng)
    actions = state.legal_actions(player)
    if state.decision is not None and state.decision[0] == "draw":
        return max((a for a in actions if type(a) is Draw), key=lambda a: a.count)
    return min(actions, key=lambda a: card_worth(state.cards[a.card]))  # discards
