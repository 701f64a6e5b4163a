"""Audit (stop 56): SIGHUP (the terminal closed, `kill -HUP`) during a game."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from warroom.cli import main

WARROOM = str(Path(sys.executable).parent / "warroom")
ENV = {**os.environ, "WARROOM_NATIVE": "0"}
# eight heuristic players on the largest map: minutes of play, a save twice a second
LONG = ["play", "viktory-ii", "--players", ",".join(["heuristic"] * 8), "--set", "radius=10",
        "--set", "turn_limit=80", "--seed", "1"]



def start(save: Path, **popen: object) -> subprocess.Popen:
    """The long game, saving to `save`, once it has played (its start line said and a second
    more)."""
    proc = subprocess.Popen([WARROOM, *LONG, "--save", str(save)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=ENV, **popen)
    seen, deadline = b"", time.monotonic() + 120
    while b"saving to" not in seen:
        assert time.monotonic() < deadline and proc.poll() is None, seen[-2000:]
        if select.select([proc.stderr], [], [], 0.2)[0]:
            seen += os.read(proc.stderr.fileno(), 65536)
    time.sleep(1.5)
    return proc


def finish(proc: subprocess.Popen) -> str:
    try:
        return proc.communicate(timeout=120)[1].decode()
    finally:
        if proc.poll() is None:
            proc.kill()


def test_sighup_saves_the_game_and_lets_go_of_it_as_sigterm_does(tmp_path):
    """Audit (stop 56): `kill -HUP` of a `play --save` (or `simulate`) ended it at once with
    status 129, saying nothing, its FILE-lock left and the moves since the last save lost,
    where SIGTERM saves them. SIGHUP stops it as SIGTERM does: saved, the same line, the lock
    file gone, with SIGHUP's status 129 (128 + 1)."""
    save = tmp_path / "h.json"
    proc = start(save)
    proc.send_signal(signal.SIGHUP)
    err = finish(proc)
    assert proc.returncode == 129, err[-2000:]
    assert "Traceback" not in err
    assert err.splitlines()[-1] == (f"game stopped: saved to {save}; continue with: "
                                    f"warroom play viktory-ii --resume {save}")
    assert not Path(f"{save}-lock").exists()
    assert json.loads(save.read_text())["actions"]
    assert main(["replay", str(save)]) == 0  # a save that replays: every action legal


def test_a_command_started_with_sighup_ignored_keeps_ignoring_it(tmp_path):
    """Audit (stop 56): under `nohup` (SIGHUP ignored from the start) the terminal closing
    must not stop the game: SIGHUP stays ignored, and SIGTERM still stops it (143)."""
    save = tmp_path / "n.json"
    proc = start(save, preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    proc.send_signal(signal.SIGHUP)
    time.sleep(1)
    assert proc.poll() is None
    proc.terminate()
    err = finish(proc)
    assert proc.returncode == 143, err[-2000:]
    assert err.splitlines()[-1].startswith(f"game stopped: saved to {save}")
