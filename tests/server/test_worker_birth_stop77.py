"""The mcts workers ignore Ctrl-C from their first moment: the server starts their fork server
on its main thread (the event loop's), with Ctrl-C ignored, which every worker forked from it
inherits. Started from a thread it could not be, and a worker still being born (before its
initializer ignores Ctrl-C) took one as a KeyboardInterrupt (noticed at stop 76)."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from test_ai_workers_stop50 import _descendants, _free_port, _post, _serve, _wait_up


def _ignores_ctrl_c(pid: int) -> bool:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigIgn:"):
            return bool(int(line.split()[1], 16) >> (signal.SIGINT - 1) & 1)
    raise AssertionError(f"no SigIgn line for process {pid}")


def _cmdline(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")


def _fork_servers(server: int) -> list[int]:
    return [pid for pid in _descendants(server) if "forkserver" in _cmdline(pid)]


def test_the_workers_fork_server_ignores_ctrl_c_and_so_do_its_workers_at_birth(tmp_path):
    db, port = tmp_path / "games.sqlite", _free_port()
    server = _serve(db, port)
    try:
        _wait_up(port, server)
        assert not _fork_servers(server.pid)  # none until an mcts seat needs it
        _post(port, "/api/games", {"game": "kow", "seats": [{"kind": "mcts", "seconds": 0.05},
                                                             {"kind": "mcts", "seconds": 0.05}]})
        deadline = time.monotonic() + 90
        while not (servers := _fork_servers(server.pid)):
            assert time.monotonic() < deadline, "no fork server started"
            time.sleep(0.01)
        assert len(servers) == 1 and _ignores_ctrl_c(servers[0])
        while not (workers := set(_descendants(servers[0]))):
            assert time.monotonic() < deadline, "no mcts worker started"
            time.sleep(0.05)
        for pid in workers:  # (checked as soon as seen: before an initializer could run)
            assert _ignores_ctrl_c(pid), _cmdline(pid)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
