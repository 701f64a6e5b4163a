"""The last resort of Ctrl-C: whatever hangs while an interrupted command winds down (a pool's
thread, a worker caught half-started) is killed, and the command ends with its status."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from warroom.processes import descendants

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads processes from /proc")


def test_descendants_reach_grandchildren():
    proc = subprocess.Popen(["sh", "-c", "sleep 30 & sleep 30"])
    try:
        deadline = time.monotonic() + 10
        while len(descendants()) < 3:  # sh and its two sleeps
            assert time.monotonic() < deadline
            time.sleep(0.05)
        below = descendants()
        assert proc.pid in below and set(descendants(proc.pid)) < set(below)
        assert len(descendants(proc.pid)) == 2
    finally:
        proc.kill()
        subprocess.run(["pkill", "-P", str(proc.pid)], check=False)
        proc.wait()


def test_an_interrupted_command_that_hangs_on_exit_still_ends_with_its_status():
    script = ("import subprocess, time\n"
              "from warroom.console import _exit_within\n"
              "child = subprocess.Popen(['sleep', '61.5'])\n"
              "print(child.pid, flush=True)\n"
              "_exit_within(0.5, 130)\n"
              "time.sleep(60)  # a wind-down that never ends\n")
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=30)
    assert proc.returncode == 130 and time.monotonic() - started < 20
    child = int(proc.stdout.split()[0])
    deadline = time.monotonic() + 10  # the kill is sent; the process may take a moment to go
    while _runs(child, b"sleep\x0061.5\x00"):
        assert time.monotonic() < deadline, "the command's child outlived it"
        time.sleep(0.05)


def _runs(pid: int, cmdline: bytes) -> bool:
    """Whether `pid` is still that process (not a zombie, not a new process given its pid)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z" and Path(f"/proc/{pid}/cmdline").read_bytes() == cmdline
    except OSError:  # gone
        return False
