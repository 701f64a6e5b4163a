"""What a state will show anyone, to compare determinisations (tests/agents/test_beliefs.py,
the Viktory II twin tests): two states a player cannot tell apart must give determinisations
that behave the same."""

from __future__ import annotations

import json
import random


def without_log(obs):
    """An observation without its log (a determinisation keeps the log only for its player)."""
    return None if obs is None else {k: v for k, v in obs.items() if k != "log"}


def behaviour(state, seed, steps=15):
    """Everything the state will show anyone: every player's observation (the log aside)
    now and along a random continuation with the state's own dice."""
    state = state.clone()
    rng = random.Random(seed)
    seen = []
    for _ in range(steps):
        seen.append([without_log(state.observation(p)) for p in range(state.num_players)])
        if state.is_terminal():
            break
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    return json.dumps(seen, sort_keys=True)
