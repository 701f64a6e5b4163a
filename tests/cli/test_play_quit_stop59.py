"""`warroom play` at a terminal: `q` asks first when the game is not saved (audit, stop 59)."""

from __future__ import annotations

import json

from test_hotseat_audit47 import in_terminal

ASKED = "Quit? This game is not saved and will be lost (y/N)"


def test_q_asks_before_losing_an_unsaved_game():
    """Audit (stop 59): at `warroom play kow` (no --save) `q` stopped the game at once:
    "game stopped: not saved", the game lost to a slip of the key. It asks once: Enter goes
    back to the prompt, y quits; the game then stops as Ctrl-C stops it, with the same line
    (which names no seed: no stop of a game prints it)."""
    shown = in_terminal(["play", "kow", "--seed", "1"],
                        [("> ", "q\n"), ("(y/N)", "\n"), ("> ", "q\n"), ("(y/N)", "y\n"),
                         ("game stopped", "")], timeout=30)
    assert shown.count(ASKED) == 2
    assert shown.replace("\r", "").rstrip().splitlines()[-1] == (
        "game stopped: not saved (use --save FILE to keep a game)")


def test_q_quits_a_saved_game_at_once(tmp_path):
    """Audit (stop 59): with --save nothing is lost: `q` quits at once, as before."""
    save = tmp_path / "kow.json"
    shown = in_terminal(["play", "kow", "--seed", "1", "--save", str(save)],
                        [("> ", "q\n"), ("game stopped", "")], timeout=30)
    assert ASKED not in shown and "--resume" in shown.rstrip().splitlines()[-1]
    assert json.loads(save.read_text())["seed"] == 1
