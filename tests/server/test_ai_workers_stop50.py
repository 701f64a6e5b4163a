"""The mcts worker processes and the AI threads, and a server stopped or killed (audit, stop
50)."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

WARROOM = str(Path(sys.executable).parent / "warroom")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve(db: Path, port: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen([WARROOM, "serve", "--port", str(port), "--db",
                             str(db), "--ai-workers", "2", "--ai-delay", "0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _wait_up(port: int, server: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while True:
        assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5):
                return
        except OSError:
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.1)


def _post(port: int, path: str, body: dict) -> dict:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")  # a zombie has ended


def _descendants(root: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    found, grew = set(), True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if pid not in found and (parent == root or parent in found):
                found.add(pid)
                grew = True
    return {pid for pid in found if _alive(pid)}


def _port_sockets(port: int) -> set[str]:
    """The inodes of every TCP socket on `port` (the listening one and each connection)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as lines:
            next(lines)
            for line in lines:
                fields = line.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == port:
                    inodes.add(fields[9])
    return inodes - {"0"}


def _held(pid: int) -> set[str]:
    out = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            out.add(os.readlink(fd))
        except OSError:
            pass
    return out


def test_mcts_workers_hold_no_socket_of_the_server_and_die_with_it(tmp_path):
    """Audit (stop 50): the mcts workers were forked from the server at the first mcts move,
    holding its listening socket, each client's and the database: after `kill -9` of the
    server they kept the port (a restart failed "Address already in use") and lived on.
    They now start from a fork server, hold none of them, leave Ctrl-C to the server, and
    exit when the server dies."""
    db, port = tmp_path / "games.sqlite", _free_port()
    server = _serve(db, port)
    try:
        _wait_up(port, server)
        _post(port, "/api/games", {"game": "kow", "seats": [{"kind": "mcts", "seconds": 0.05},
                                                             {"kind": "mcts", "seconds": 0.05}]})
        deadline = time.monotonic() + 90
        while sqlite3.connect(db).execute("SELECT count(*) FROM actions").fetchone()[0] < 2:
            assert time.monotonic() < deadline, "no mcts move was played"
            time.sleep(0.1)
        # the processes that stay: a passing subprocess (or, before stop 77, a worker still
        # being born, then Ctrl-C's: test_worker_birth_stop77) failed the check below once
        workers = _descendants(server.pid)
        time.sleep(0.5)
        workers &= _descendants(server.pid)
        assert workers
        sockets = {f"socket:[{inode}]" for inode in _port_sockets(port)}
        assert sockets  # the listening socket at least
        for pid in workers:
            held = _held(pid)
            assert not held & sockets, f"process {pid} holds a socket of the server's port"
            assert str(db) not in held, f"process {pid} holds the database"
        for pid in workers:  # Ctrl-C reaches the whole group: it is the server's to handle
            os.kill(pid, signal.SIGINT)
        time.sleep(1)
        assert all(_alive(pid) for pid in workers)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers):
            assert time.monotonic() < deadline, "a worker outlived the server"
            time.sleep(0.1)
        again = _serve(db, port)  # on the same port
        try:
            _wait_up(port, again, 60)
        finally:
            again.send_signal(signal.SIGTERM)
            assert again.wait(timeout=30) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)


STOP_WITH_A_MOVE_RUNNING = """
import sys, time
from warroom.server.app import Server
from warroom.server.store import SqliteStore

server = Server(SqliteStore(sys.argv[1]), ai_processes=0)
move = server._pool(sys.argv[2]).submit(time.sleep, 60)  # a long move in its thread
while not move.running():
    time.sleep(0.01)
server.close()
print("closed", flush=True)
"""


@pytest.mark.parametrize("spec", ["heuristic", "mcts"])
def test_stopping_the_server_does_not_wait_for_ai_moves_in_threads(tmp_path, spec):
    """Audit (stop 50): a server asked to stop (SIGTERM) waited for the heuristic and random
    moves running in its threads (7 s with 43 AI games), whose results it discards: the
    interpreter's exit joined every thread of a ThreadPoolExecutor. It exits at once now."""
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", STOP_WITH_A_MOVE_RUNNING,
                           str(tmp_path / "games.sqlite"), spec], capture_output=True,
                          text=True, timeout=50)  # waiting for the move would take 60 s
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "closed\n"
    assert time.monotonic() - started < 30


def test_a_stop_signal_sent_twice_at_once_is_one_stop(tmp_path):
    """Audit (stop 60): `kill -INT` of a `timeout ... warroom serve` reaches the server twice
    (directly, and forwarded by `timeout`): uvicorn took the second as "stop now", skipped the
    server's shutdown and its stop line, and printed a KeyboardInterrupt traceback. Two
    SIGINTs at once are one stop: the stop line, no traceback, status 0."""
    port = _free_port()
    server = _serve(tmp_path / "g.sqlite", port)
    _wait_up(port, server)
    server.send_signal(signal.SIGINT)
    server.send_signal(signal.SIGINT)
    _, err = server.communicate(timeout=60)
    text = err.decode()
    assert server.returncode == 0, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    assert "every game is in the store" in text
