"""The terminal's output under an encoding that cannot write the card suits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _play(game: str, encoding: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "WARROOM_NATIVE": "0",
           "PYTHONPATH": SRC, "COLUMNS": "80", "LINES": "24"}
    return subprocess.run([sys.executable, "-c", "from warroom.console import entry; entry()",
                           "play", game, "--seed", "5"], input=b"q\n", env=env,
                          capture_output=True, timeout=120)


@pytest.mark.parametrize("game", ["kow", "battle"])
def test_a_terminal_that_cannot_write_the_suits_gets_letters_not_a_traceback(game):
    """Audit (stop 47): kow and battle stopped with a UnicodeEncodeError traceback (exit 1)
    when the output's encoding was ASCII or Latin-1 (a terminal under a Latin-1 locale). The
    suits are written as the letters the keyboard types (S C H D), and the game runs and
    exits as under UTF-8."""
    utf8 = _play(game, "utf-8")
    assert "♠" in utf8.stdout.decode() + utf8.stderr.decode() or \
        "♣" in utf8.stdout.decode() + utf8.stderr.decode()
    for encoding in ("ascii", "latin-1"):
        run = _play(game, encoding)
        out = run.stdout.decode(encoding) + run.stderr.decode(encoding)
        assert "Traceback" not in out and "UnicodeEncodeError" not in out, out[-800:]
        assert run.returncode == utf8.returncode, (encoding, run.returncode, out[-800:])
        assert not set("♠♣♥♦") & set(out)
        suited = {"kow": "QC:", "battle": "You drew"}[game]
        assert suited in out, out[:800]
        if game == "battle":
            drew = next(line for line in out.splitlines() if "You drew" in line)
            assert all(card[-1] in "SCHD" for card in drew.split("drew ")[1].split())
