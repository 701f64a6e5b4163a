"""Audit (stop 56): `fit` on a narrow terminal, and play there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from warroom.engine.data import fit

WARROOM = str(Path(sys.executable).parent / "warroom")
LINES = [
    "Round 1, turn 1  Victories: 0 - 0 (3 to win)  Battle Deck: 30 cards",  # kow's headline
    "  Realm: Fertile Valley  Iron Hills  Old Forest  Dragon's Lair",
    "      deeply  indented  items  that  go  on",
    "Your units: A1 1 infantry (1 to move); B2 1 infantry, 2 cavalry; C3 1 artillery",
    "Player 0 - 12 strength - Knights' Lance, Fertile Valley, Iron Hills - waiting",
    "averyveryveryverylongwordthatfitsnowhere  and  more",
    "a  b",
    " ",
]


@pytest.mark.parametrize("sep", ["; ", "  ", ", ", " - ", " "])
def test_fit_ends_at_every_width_and_keeps_every_word(sep):
    """Audit (stop 56): `fit` recursed without end (RecursionError) once a further line's
    indent, which holds "  ", was split by the separator "  ": a line still too long came
    back as it was. At every width down to 1 it ends, every word kept in order, and a line
    longer than the width is one word (with its indent) that cannot be broken."""
    for width in range(1, 80):
        for line in LINES:
            out = fit(line, sep, width)
            assert out.split() == line.split(), (sep, width, line, out)
            for part in out.split("\n"):
                assert len(part) <= width or len(part.split()) == 1, (sep, width, line, out)


def test_a_width_of_zero_or_less_is_taken_as_one():
    """Audit (stop 56): a width below 1 (a terminal's columns less a margin) breaks as 1
    does, not with textwrap's ValueError."""
    assert fit("a  b", "  ", 0) == fit("a  b", "  ", -5) == fit("a  b", "  ", 1) == "a\nb"
    assert fit("a  b  c", "  ", 6) == "a  b\n    c"


@pytest.mark.parametrize("game", ["kow", "word-iron", "champions"])
def test_play_on_a_20_column_terminal_shows_the_table(game):
    """Audit (stop 56): `printf '1\\n' | COLUMNS=30 warroom play kow --seed 1` ended in a
    RecursionError traceback (kow up to 34 columns, word-iron 36, champions 24). At 20
    columns the game shows its table, takes the choice and stops at the end of input."""
    env = {**os.environ, "COLUMNS": "20", "LINES": "24", "WARROOM_NATIVE": "0"}
    run = subprocess.run([WARROOM, "play", game, "--seed", "1"], input="1\n", env=env,
                         capture_output=True, text=True, timeout=300)
    assert "Traceback" not in run.stderr and "RecursionError" not in run.stderr, \
        run.stderr[-2000:]
    assert run.returncode == 1, run.stderr[-2000:]
    assert run.stderr.splitlines()[-1].startswith("game stopped (the input ended)")
    assert "> " in run.stdout  # the prompt, after the table
