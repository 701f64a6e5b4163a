"""Audit (stop 58): a teacher found no way to seat a student's player, written in Python, in
`--players`. Every command that takes --players now says how one is named (MODULE.CLASS)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from warroom.cli import cli


@pytest.mark.parametrize("command", ["play", "simulate", "sweep", "tune", "evaluate",
                                     "tournament"])
def test_players_help_says_how_a_player_of_your_own_is_named(command):
    out = CliRunner().invoke(cli, [command, "--help"], terminal_width=200).output
    assert "A player of your own is MODULE.CLASS, e.g. myagent.FirstChoice" in " ".join(
        out.split())
