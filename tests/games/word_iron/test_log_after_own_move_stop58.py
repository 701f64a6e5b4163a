"""Audit (stop 58), the terminal in every game: at 80x24 against an AI, the events of a
person's own move (`warroom play` prints them at once, a whole Word & Iron round when no AI
decision comes in it) scrolled away above the next table without a pause: the pause counted
only the lines printed as the next decision came, none. It counts every line printed since
the seat's table was last drawn."""

from __future__ import annotations

from test_terminal_help_stop58 import GAME, person, played

from warroom.engine.view import PlayerView


def test_the_log_of_a_persons_own_move_is_held_before_the_next_table():
    s = played()
    p = s.to_move()[0]
    agent, out = person("\n1\n", tty=True)
    obs = s.observation(p)
    agent.seen = len(obs["log"]) - 18  # as if the rest had been read before
    agent.show_new_events(obs)  # what `warroom play` prints after the person's move
    assert "lines of the log" not in out.getvalue()  # less than a screenful: no page
    assert agent.act(PlayerView(s, p, GAME)) == s.legal_actions(p)[0]
    screen = out.getvalue()
    pause = screen.index("lines of the log above: Enter shows the table")
    assert pause < screen.index("╭")
