"""A Kings of War game ended by its round limit (`max_rounds`) says so in its log's last
line, where the browser table's result and the terminal read why the game ended."""

from __future__ import annotations

import random

from warroom.games import get_game

GAME = get_game("kow")


def _last_line(options: dict, seed: int) -> tuple[str, str]:
    """The last line of a random game's log, and its outcome's reason."""
    state = GAME.new_state(GAME.config(options), seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    lines = [line for e in state.visible_log(None) if (line := GAME.describe_event(e))]
    return lines[-1], state.outcome().reason


def test_audit_a_game_the_round_limit_ended_says_so_in_its_last_line():
    """Audit (stop 69): the browser table's result gives the log's closing lines in place of
    the outcome's reason, and a game the round limit ended closed on "Game over: Victories
    1-0" (reason "most Victories at the round limit") or "Victories 1-1" (a draw at the
    limit): read as a game to 1 Victory, with nothing of the limit. Its last line says the
    limit; a game won by its Victories is told as before."""
    reasons = set()
    for seed in range(12):
        line, reason = _last_line({"max_rounds": 2}, seed)
        reasons.add(reason)
        if "round limit" in reason:
            assert line.startswith("Game over at the round limit (2 rounds): Victories "), line
        else:
            assert line.startswith("Game over: Victories "), line
    assert {"most Victories at the round limit",
            "round limit reached with equal Victories"} <= reasons
    line, reason = _last_line({}, 3)
    assert reason == "first to 3 Victories" and line.startswith("Game over: Victories "), line
    assert "3" in line.removeprefix("Game over: Victories ").split("-"), line
