"""Audit (stop 64): a drawn round's line at the terminal."""

from __future__ import annotations

from warroom.games.kow.render import describe_event


def test_a_drawn_round_says_draw_once_and_why():
    """Audit (stop 64): a drawn round read "Round 1 over: scores 0-0, draw (draw)"; it says
    a draw once, and what made it one. A won round keeps its reason."""
    drawn = {"event": "round_end", "round": 1, "scores": [0, 0], "cards": [0, 0],
             "winner": None, "why": "draw"}
    assert describe_event(drawn) == ("Round 1 over: scores 0-0, a draw (equal scores and "
                                     "cards)")
    won = {**drawn, "scores": [5, 3], "winner": 0, "why": "higher score"}
    assert describe_event(won) == ("Round 1 over: scores 5-3, player 0 wins the round "
                                   "(higher score)")
