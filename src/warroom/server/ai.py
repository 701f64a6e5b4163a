"""An AI seat's move, computed in a worker thread or process from a copy of the state.

The agent sees only a PlayerView of the copy, as at the terminal, so it cannot cheat; the
move comes back in the action JSON form and the server checks it like any other intent."""

from __future__ import annotations

from typing import Any

from ..agents import RandomAgent, make_agent
from ..engine import PlayerView, State, to_json
from ..games import get_game


def choose_action(game_name: str, spec: str, seed: int, state: State, seat: int
                  ) -> dict[str, Any]:
    game = get_game(game_name)
    agent = make_agent(spec, game, seed)
    try:
        action = agent.act(PlayerView(state, seat, game))
    except Exception:  # a failing policy must not stall the table: play a legal move
        action = RandomAgent(game, seed).act(PlayerView(state, seat, game))
    return to_json(action)
