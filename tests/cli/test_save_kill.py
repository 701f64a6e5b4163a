"""kill -9 at any moment of `warroom play --save` leaves the previous save or the new one,
complete and replayable: saves are written to a temporary file, synced, then renamed."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from warroom.engine import Record, replay_to_end
from warroom.games import get_game

WARROOM = str(Path(sys.executable).parent / "warroom")
KILLS = 20


def test_kill_9_at_random_moments_never_leaves_a_broken_save(tmp_path):
    save = tmp_path / "game.json"
    game = get_game("kow")
    rng = random.Random(19)
    previous: Record | None = None
    grew = 0
    for kill in range(KILLS):
        if previous is None:  # a new game: a long one (searching players)
            args = ["play", "kow", "--seed", str(kill), "--players", "mcts,mcts", "--save",
                    str(save), "--force"]
        else:
            args = ["play", "kow", "--resume", str(save)]
        proc = subprocess.Popen([WARROOM, *args], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        _wait_for_a_save(save, proc)  # start-up takes a second or more on a busy machine
        # then saves come twice a second while only AI players act (play.SAVE_EVERY)
        time.sleep(rng.uniform(0.2, 2.0))
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        if not save.exists():
            assert previous is None  # killed before the first save: nothing to lose
            continue
        record = Record.load(save)  # complete JSON, strictly valid
        state = replay_to_end(game, record)  # and it replays
        if previous is not None:
            assert previous.is_prefix_of(record)  # the previous save, or one that goes on
            grew += len(record.actions) > len(previous.actions)
        previous = None if state.is_terminal() else record
    assert grew >= KILLS // 4  # the kills did land while games were being saved


def _wait_for_a_save(save: Path, proc: subprocess.Popen) -> None:
    def stamp() -> int | None:
        try:
            return save.stat().st_mtime_ns
        except FileNotFoundError:
            return None

    before = stamp()
    deadline = time.monotonic() + 60
    while stamp() == before and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
