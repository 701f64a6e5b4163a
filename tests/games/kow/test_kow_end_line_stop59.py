"""Audit (stop 59, a researcher's renders): kow's table at the end of a game said nothing of
who won (its observation had no outcome), where the other games' tables end on "Winner: ...".
The finished game's observation now carries its outcome and the table ends on its line."""

from __future__ import annotations

import random

from warroom.games import get_game

GAME = get_game("kow")


def _finished(seed: int):
    state = GAME.new_state(GAME.config({}), seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    return state


def test_the_end_of_a_game_says_who_won_and_why() -> None:
    for seed in range(6):
        state = _finished(seed)
        outcome = state.outcome().to_json()
        for viewer in (0, 1, None):
            obs = state.observation(viewer)
            assert obs["outcome"] == outcome
            last = GAME.render(obs, viewer).splitlines()[-1]
            winners = outcome["winners"]
            who = " and ".join("you" if p == viewer else f"player {p}" for p in winners)
            assert last == f"Winner: {who or 'nobody (draw)'} - {outcome['reason']}"


def test_no_outcome_before_the_end() -> None:
    state = GAME.new_state(GAME.config({}), 0)
    assert "outcome" not in state.observation(0)
    assert "Winner" not in GAME.render(state.observation(0), 0)
