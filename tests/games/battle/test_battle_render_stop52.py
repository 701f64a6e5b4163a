"""Audit (stop 52): a player's hand line said "(court card or special ability used this turn)"
during the other players' turns: the flag stays up from its own turn until its next."""

from __future__ import annotations

import random

from warroom.games.battle import GAME

NOTE = "(court card or special ability used this turn)"


def test_the_used_note_is_said_only_in_the_players_own_turn():
    """Audit (stop 52): in its own turn after a court card or ability, the note; in another
    player's turn (blocking, say), none, though the observation's flag is still up."""
    config = GAME.config({"players": "3"})
    seen = {"own": 0, "other": 0}
    for seed in range(30):
        state = GAME.new_state(config, seed)
        rng = random.Random(seed)
        while not state.is_terminal() and min(seen.values()) < 3:
            obs = state.observation(0)
            if obs["hand"] is not None and obs["seats"][0]["used_court_or_special"]:
                text = GAME.render(obs, 0)
                own = 0 in obs["active"]
                assert (NOTE in text) == own
                seen["own" if own else "other"] += 1
            p = state.to_move()[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert min(seen.values()) >= 3  # both cases were met
