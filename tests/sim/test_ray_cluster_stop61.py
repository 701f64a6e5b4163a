"""Runs on Ray where a Ray cluster already runs on the machine (`ray start --head`): the
default local instance, joining it (with and without its token), a signal while joining, a Ray
Client address without the client, and a player module its workers cannot import. One head
serves the whole module."""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
import ray  # the dev extra that make test installs holds it: never skipped

from cli_errors import one_line_error
from process_family import end_all, family
from warroom.cli import main

RAY = str(Path(sys.executable).parent / "ray")
WARROOM = str(Path(sys.executable).parent / "warroom")
TOKEN_ENV = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")


@pytest.fixture(scope="module")
def head():
    """A one-CPU Ray head on 127.0.0.1, as `ray start --head` leaves one, with Ray's token
    authentication (as recent Ray starts one where a token exists), found the way Ray finds a
    running cluster (its address file under RAY_TMPDIR, private to this module so that no
    other Ray of the machine finds it); stopped, every process of it, at the end."""
    tmp = tempfile.mkdtemp(prefix="ray61c")  # short: Ray's sockets live under it
    with socket.socket() as sock:  # a port free a moment ago
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    token = secrets.token_hex(32)
    env = {k: v for k, v in os.environ.items() if k not in (*TOKEN_ENV, "RAY_ADDRESS")}
    env.update(RAY_TMPDIR=tmp, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=token)
    folder = Path(tmp, "head")  # its workers' folder: no player module in it
    folder.mkdir()
    proc = subprocess.Popen([RAY, "start", "--head", "--block", "--node-ip-address",
                             "127.0.0.1", "--port", str(port), "--num-cpus", "1",
                             "--include-dashboard", "false", "--disable-usage-stats"],
                            cwd=folder, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 300
        while not Path(tmp, "ray", "ray_current_cluster").exists():  # written once it runs
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        yield SimpleNamespace(address=f"127.0.0.1:{port}", tmp=tmp, env=env)
    finally:
        children = family(proc)
        proc.terminate()  # the head stops its processes on SIGTERM; whatever is left is killed
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pass
        end_all(proc, children)
        shutil.rmtree(tmp, ignore_errors=True)


def _simulate(db: Path, *options: str) -> list[str]:
    return ["simulate", "kow", "--games", "4", "--players", "heuristic,random", "--seed", "3",
            "--backend", "ray", "--db", str(db), *options]


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    """A command in a process of its own: Ray keeps a token once read, for the process."""
    return subprocess.run(args, capture_output=True, text=True, timeout=300,
                          env={**env, "WARROOM_NATIVE": "0"})


def test_the_default_starts_its_own_ray_beside_a_running_cluster(head, tmp_path, monkeypatch,
                                                                  capsys):
    """Audit (stop 61): with a Ray cluster running on the machine (`ray start --head`),
    `--backend ray` without `--address` failed: "cannot start or join Ray at local: When
    connecting to an existing cluster, num_cpus and num_gpus must not be provided". It starts
    a local instance of its own, as documented; `--address auto` joins the running one."""
    monkeypatch.setenv("RAY_TMPDIR", head.tmp)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    assert main(_simulate(tmp_path / "own.sqlite", "--workers", "1", "--json")) == 0
    assert not ray.is_initialized()  # its own instance, stopped with the command
    joined = _run([WARROOM, *_simulate(tmp_path / "auto.sqlite", "--address", "auto",
                                       "--json")], head.env)
    assert joined.returncode == 0, joined.stderr[-3000:]
    own = json.loads(capsys.readouterr().out)
    assert own["games"] == 4 and own == json.loads(joined.stdout)


# The command as the console runs it (its signal handlers), joining the head: the terminal
# closes (SIGHUP) as Ray connects.
HANG_UP_WHILE_JOINING = """
import os, signal, sys
import ray._private.worker as worker

real = worker.connect

def connect(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGHUP)
    return real(*args, **kwargs)

worker.connect = connect
sys.argv = ["warroom", "simulate", "kow", "--games", "50", "--players", "random,random",
            "--backend", "ray", "--address", ADDRESS, "--db", DB]
from warroom.console import entry
entry()
"""


def test_a_signal_while_joining_a_cluster_stops_the_command_as_interrupted(head, tmp_path):
    """Audit (stop 61): the terminal closing (SIGHUP, which warroom hands to SIGTERM's
    handler) or `kill` while Ray started or joined a cluster ended the command with status
    15, saying nothing: Ray's own SIGTERM handler was in place. It stops as Ctrl-C does then:
    "interrupted", SIGHUP's status 129, nothing stored."""
    db = tmp_path / "j.sqlite"
    code = (f"ADDRESS, DB = {head.address!r}, {str(db)!r}\n" +
            textwrap.dedent(HANG_UP_WHILE_JOINING))
    done = _run([sys.executable, "-c", code], head.env)
    assert done.returncode == 129, done.stderr[-3000:]
    assert done.stderr.strip().splitlines()[-1] == "interrupted", done.stderr[-3000:]
    assert not db.exists()


def test_a_ray_client_address_without_the_client_says_what_to_install(head, tmp_path, capsys,
                                                                       monkeypatch):
    """Audit (stop 61): `--address ray://HOST:10001`, the help's own example, cannot work with
    the `ray` extra, which leaves Ray Client out: Ray said to reinstall Ray. One line says
    what to install, with the Ray installed, or what to give instead, before any run."""
    # as the `ray` extra installs it, whatever else this machine has (grpc is Ray Client's)
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *args: None if name == "grpc" else find_spec(name, *args))
    address = f"ray://{head.address}"
    db = tmp_path / "c.sqlite"
    assert main(_simulate(db, "--address", address)) == 2
    assert one_line_error(capsys) == (
        f"warroom: error: --address {address} needs Ray Client, which is not installed: "
        f"pip install 'ray[client]=={ray.__version__}', or give the head's HOST:PORT, or "
        "auto on a node of the cluster")
    assert not db.exists()


# Ray gives its workers the folder it was joined from (here, one without the module); the
# command then runs in the folder that has it, as on a computer that has it and a node that
# does not.
ELSEWHERE_ON_THE_WORKERS = """
import os, sys
from warroom.cli import main
from warroom.sim.batch import backend_session

os.chdir(ELSEWHERE)
with backend_session("ray", 1, ADDRESS):
    os.chdir(MINE)
    code = main(["simulate", "kow", "--games", "4", "--players", "pathagent61.Pick,random",
                 "--backend", "ray", "--db", DB])
sys.exit(code)
"""

PLAYER = """
import random


class Pick:
    def __init__(self, game, seed):
        self.rng = random.Random(seed)

    def act(self, view, actions):
        return self.rng.choice(actions)
"""


def test_a_player_module_missing_on_a_ray_worker_is_said_as_that(head, tmp_path):
    """Audit (stop 61): a player module that imports here but not on a Ray worker (another
    node) said "no module named 'pathagent' on Python's path or in the current folder
    (/work/main): run warroom in the folder of pathagent.py", the worker's folder, not saying
    it was on a Ray worker; and the run it had stored, with no game, had no line saying so
    and how to continue it. It says the module is missing on a Ray worker and that player
    modules must be importable on every node, then the usual failing-run line."""
    mine, elsewhere = tmp_path / "mine", tmp_path / "elsewhere"
    mine.mkdir()
    elsewhere.mkdir()
    (mine / "pathagent61.py").write_text(PLAYER)
    db = tmp_path / "p.sqlite"
    code = (f"ADDRESS, DB, MINE, ELSEWHERE = {head.address!r}, {str(db)!r}, {str(mine)!r}, "
            f"{str(elsewhere)!r}\n" + textwrap.dedent(ELSEWHERE_ON_THE_WORKERS))
    done = _run([sys.executable, "-c", code], head.env)
    node = ray.util.get_node_ip_address()  # this machine's, as its Ray workers say it
    assert done.returncode == 2, done.stderr[-3000:]
    assert done.stderr.strip().splitlines()[-1] == (
        "warroom: error: player spec 'pathagent61.Pick': its module pathagent61 is missing "
        f"on a Ray worker (node {node}): player modules must be importable on every node "
        f"of the cluster (installed there, or in a folder on its Python path); 0 of 4 games "
        f"of run 1 are kept in {db}, and once it is fixed, continue with: warroom simulate "
        f"kow --db {db} --resume --backend ray"), done.stderr[-3000:]


def test_a_cluster_that_asks_for_its_token_says_so(head, tmp_path):
    """Audit (stop 61): `--address HOST:PORT` of a head started with Ray's token
    authentication (as recent Ray starts one where a token exists), from a process without
    the token, said "cannot start or join Ray at HOST:PORT: Failed to connect to Ray cluster
    at ...", nothing about the token; with RAY_AUTH_MODE=token and no token found, it was a
    traceback. One line says what to set."""
    env = {k: v for k, v in head.env.items() if k not in TOKEN_ENV}
    db = tmp_path / "t.sqlite"
    done = _run([WARROOM, *_simulate(db, "--address", head.address)], env)
    assert done.returncode == 2, done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        f"warroom: error: cannot start or join Ray at {head.address}: its token "
        "authentication refused this computer: set RAY_AUTH_MODE=token and give the "
        "cluster's token (in ~/.ray/auth_token, or RAY_AUTH_TOKEN)")
    assert not db.exists()
