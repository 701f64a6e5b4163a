"""The folder of embedded copies a killed process leaves is cleared by the next process that
makes one; a living process's folder never is (whichever pid namespace it runs in: a lock, not
a pid, says it lives)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

# A process that copies an embedded deck out, says where, and waits to be stopped.
COPY_AND_WAIT = """
import time
from warroom.engine.embed import EmbeddedFile, with_embedded
from warroom.games import get_game
values = with_embedded(get_game("word-iron"), {"deck0": "mine.yaml"},
                       {"deck0": EmbeddedFile.of("a deck's text")})
print(values["deck0"], flush=True)
time.sleep(60)
"""


def _copying(tmp: Path) -> tuple[subprocess.Popen[str], Path]:
    env = dict(os.environ, TMPDIR=str(tmp))
    proc = subprocess.Popen([sys.executable, "-c", COPY_AND_WAIT], env=env,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    copy = Path(proc.stdout.readline().strip())
    assert copy.read_text() == "a deck's text"
    return proc, copy.parent.parent  # the process's folder (the copy is in its hash's folder)


def _stop(proc: subprocess.Popen[str], how: int) -> None:
    proc.send_signal(how)
    proc.wait(timeout=30)


def test_a_killed_processs_folder_is_cleared_by_the_next_and_a_living_ones_is_kept(tmp_path):
    killed, left = _copying(tmp_path)
    _stop(killed, signal.SIGKILL)
    assert left.is_dir()  # atexit never ran

    living, kept = _copying(tmp_path)
    try:
        assert not left.exists()
        assert kept.is_dir()
        after, own = _copying(tmp_path)  # a third process while the second lives
        try:
            assert kept.is_dir() and (kept / ".in-use").is_file()
            assert own.is_dir() and own != kept
        finally:
            _stop(after, signal.SIGTERM)
    finally:
        _stop(living, signal.SIGTERM)


def test_a_process_that_ends_removes_its_own_folder(tmp_path):
    proc, folder = _copying(tmp_path)
    _stop(proc, signal.SIGINT)  # Ctrl-C: Python ends and its exit handlers run
    assert not folder.exists()


def test_an_unmarked_folder_is_cleared_only_once_a_day_old(tmp_path):
    old = tmp_path / "warroom-embedded-old"
    new = tmp_path / "warroom-embedded-new"
    other = tmp_path / "not-ours"
    for folder in (old, new, other):
        (folder / "abc").mkdir(parents=True)
        (folder / "abc" / "deck.yaml").write_text("x")
    day_ago = time.time() - 25 * 3600
    for folder in (old, other):
        os.utime(folder, (day_ago, day_ago))

    proc, _ = _copying(tmp_path)
    _stop(proc, signal.SIGTERM)
    assert not old.exists()
    assert new.is_dir() and other.is_dir()
