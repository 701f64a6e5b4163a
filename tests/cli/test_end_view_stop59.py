"""Audit (stop 59, a long Viktory II game at the terminal): the end of a game against the AI
showed the spectator's table: on a dark map "Player 0: capital ? (held)" over a map of
nothing explored, right above "You won."; on an open one the hand was gone. One person now
sees the end from their own seat, as they played; a hotseat still shows the public end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

WARROOM = str(Path(sys.executable).parent / "warroom")


def test_one_person_sees_the_end_of_a_dark_map_from_their_seat(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [WARROOM, "play", "viktory-ii", "--players", "human,heuristic", "--set", "dark=true",
         "--set", "turn_limit=1", "--set", "radius=3", "--seed", "2"],
        input="1\n" * 300, capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    end = done.stdout.split("Game over:", 1)[1]  # the table drawn after the game's end
    assert "Player 0 (you): capital F2 (held)" in end
    assert "Your units: D4 1 infantry" in end
    assert "capital ? (held)" not in end
