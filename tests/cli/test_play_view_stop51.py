"""Audit (stop 51): at the end of a game (and in `replay`) the table was printed for 76
columns whatever the terminal: on a 60-column one its 72-character lines wrapped back to
column 0. At a terminal it is laid out for the terminal's width, as the table in play is;
piped, it stays as every channel has it."""

from __future__ import annotations

import io
import os
import shutil
import sys

import pytest

from warroom.cli.play import echo_view
from warroom.games import get_game


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("name", ["word-iron", "viktory", "battle", "kow"])
def test_the_final_table_fits_a_narrow_terminal(monkeypatch, name):
    game = get_game(name)
    state = game.new_state(game.config({}), 7)
    obs = state.observation(None)
    wide = game.render(obs, None)
    assert max(len(line) for line in wide.splitlines()) > 56  # too wide for it before
    out = _Terminal()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(shutil, "get_terminal_size",
                        lambda fallback=(80, 24): os.terminal_size((57, 20)))
    echo_view(game, obs, None)
    lines = out.getvalue().splitlines()
    assert lines and max(len(line) for line in lines) <= 56


def test_piped_the_table_is_as_every_channel_has_it(monkeypatch):
    game = get_game("word-iron")
    obs = game.new_state(game.config({}), 7).observation(None)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    echo_view(game, obs, None)
    assert out.getvalue() == game.render(obs, None) + "\n"
