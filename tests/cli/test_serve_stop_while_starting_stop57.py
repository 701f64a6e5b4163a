"""Audit (stop 57): SIGTERM (or SIGHUP) to `warroom serve` while it starts, before its
"serving" line: it ended with status 143 and "interrupted", where a server asked to stop has
stopped as asked (0, and the server's words). The signal is sent by the process to itself at
a chosen point of its start, so that each point is hit every time, whatever the machine's
load."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ENV = {**os.environ, "WARROOM_NATIVE": "0"}
STOPPED = ("stopping: 0 games in play, 0 pages connected, 0 AI moves under way; every game "
           "is in the store")

# `warroom ARGS...` as the console script runs it, the signal SIGNAL sent to itself at HOOK:
# "console", before the commands are imported; "import", as the server's modules are
# imported; "store", once the server has opened its games' store.
HOOKED = r"""
import os, signal, sys

hook, sig = sys.argv[1], getattr(signal, sys.argv[2])
for inherited in (signal.SIGTERM, signal.SIGHUP):
    signal.signal(inherited, signal.SIG_DFL)  # not ignored, whatever started the test


def send():
    os.kill(os.getpid(), sig)


if hook == "console":
    import warroom.sim.pool_start as pool_start

    def start_early(args):
        send()
        return False

    pool_start.start_early = start_early
elif hook == "import":
    import importlib.abc

    class Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name == "warroom.server.app":
                send()
            return None

    sys.meta_path.insert(0, Finder())
elif hook == "store":
    import warroom.server.store as store

    opened = store.SqliteStore.__init__

    def open_then_stop(self, *args, **kwargs):
        opened(self, *args, **kwargs)
        send()

    store.SqliteStore.__init__ = open_then_stop
sys.argv = ["warroom", *sys.argv[3:]]
from warroom.console import entry

entry()
"""


def serve(tmp_path, hook: str, sig: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", HOOKED, hook, sig, "serve", "--port", "0", "--db",
         str(tmp_path / "g.sqlite")], capture_output=True, text=True, env=ENV, timeout=300)


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("hook", ["console", "import"])
def test_a_stop_while_the_server_is_imported_ends_at_once_with_0(tmp_path, hook, sig):
    """Audit (stop 57): `serve ... & sleep 1; kill -TERM $!` gave 143 and "interrupted": the
    server's modules were being imported (26 s of a loaded machine's start). Nothing is open
    then: serve says it stops, in a server's words, and ends with 0, having served nothing
    and made no database."""
    done = serve(tmp_path, hook, sig)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr.splitlines() == [STOPPED], done.stderr[-2000:]
    assert done.stdout == ""
    assert not (tmp_path / "g.sqlite").exists()


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP"])
def test_a_stop_once_the_store_is_open_is_the_servers_own(tmp_path, sig):
    """Audit (stop 57): once the server has opened its files, a stop while it starts is
    handed to uvicorn as soon as it takes SIGTERM over: the server stops as when asked after
    its start, closes its store and says so in the same words, status 0 (it was 143 and
    "interrupted")."""
    done = serve(tmp_path, "store", sig)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "interrupted" not in done.stderr
    assert done.stderr.splitlines()[-1] == STOPPED, done.stderr[-2000:]
    assert done.stdout.startswith("warroom: serving http://127.0.0.1:")
    assert not (tmp_path / "g.sqlite-wal").exists()  # closed: its log written back
