"""Audit (stop 67): Ctrl-C to `warroom serve` while it starts ended with "interrupted" and
status 130, though the server's README says Ctrl-C stops it with 0, as SIGTERM does (which
already stopped it so in that window). The console routed SIGTERM and SIGHUP to the server's
stop while serve imports, but SIGINT still to the other commands' "interrupted". SIGINT is
sent by the process to itself at a chosen point of its start (stop 57's hooks), so that
each point is hit every time, whatever the machine's load."""

from __future__ import annotations

import subprocess
import sys

import pytest
from test_serve_stop_while_starting_stop57 import ENV, HOOKED, STOPPED

# Ctrl-C handled as Python does at a terminal, whatever the test runner left ignored
HOOKED_CTRL_C = "import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n" + HOOKED


def serve_ctrl_c(tmp_path, hook: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", HOOKED_CTRL_C, hook, "SIGINT", "serve", "--port", "0", "--db",
         str(tmp_path / "g.sqlite")], capture_output=True, text=True, env=ENV, timeout=300)


@pytest.mark.parametrize("hook", ["console", "import"])
def test_ctrl_c_while_the_server_is_imported_ends_at_once_with_0(tmp_path, hook):
    """Audit (stop 67): Ctrl-C while `serve` imports (the console's commands, then the
    server's modules) said "interrupted", status 130. It stops as SIGTERM does there: the
    server's stop line and 0, nothing served and no database made."""
    done = serve_ctrl_c(tmp_path, hook)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr.splitlines() == [STOPPED], done.stderr[-2000:]
    assert done.stdout == ""
    assert not (tmp_path / "g.sqlite").exists()


def test_ctrl_c_once_the_store_is_open_is_the_servers_own_stop(tmp_path):
    """Audit (stop 67): Ctrl-C once the server has opened its store, before uvicorn serves,
    was a KeyboardInterrupt in the middle of the start (130, "interrupted"). It is handed to
    the server as SIGTERM is: the server starts, stops, closes its store and says so, 0."""
    done = serve_ctrl_c(tmp_path, "store")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "interrupted" not in done.stderr
    assert done.stderr.splitlines()[-1] == STOPPED, done.stderr[-2000:]
    assert done.stdout.startswith("warroom: serving http://127.0.0.1:")
    assert not (tmp_path / "g.sqlite-wal").exists()  # closed: its log written back
