"""A run on a Ray cluster that is not there, or no longer: `--address auto` naming a dead
cluster, and a head that dies while the run plays."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import ray  # noqa: F401  (the dev extra that make test installs holds it: never skipped)
from test_ray_kill_stop61 import _games

from process_family import end_all, family, kill_each

RAY = str(Path(sys.executable).parent / "ray")
WARROOM = str(Path(sys.executable).parent / "warroom")
TOKEN_ENV = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")


@pytest.fixture
def closed_port():
    """A local port nobody listens at (bound, so that nobody else can listen there)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    yield sock.getsockname()[1]
    sock.close()


@pytest.mark.parametrize("named_by", ["RAY_ADDRESS", "ray start's address file"])
def test_address_auto_naming_a_dead_cluster_is_one_line(closed_port, tmp_path, named_by):
    """Audit (stop 64): `RAY_ADDRESS=127.0.0.1:6399 warroom simulate kow --backend ray
    --address auto` with no cluster at 6399 showed no progress for 400 s, only 26 lines of
    Ray's warnings, where `--address 127.0.0.1:6399` says at once that no Ray cluster
    answers there. `auto` is probed as the address Ray would join (RAY_ADDRESS, else the
    file `ray start --head` leaves in Ray's temp folder): one line naming both, status 2,
    nothing stored."""
    address = f"127.0.0.1:{closed_port}"
    ray_tmp = tmp_path / "raytmp"
    (ray_tmp / "ray").mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env.update(WARROOM_NATIVE="0", RAY_TMPDIR=str(ray_tmp))
    if named_by == "RAY_ADDRESS":
        env["RAY_ADDRESS"] = address
        said = f"RAY_ADDRESS={address}"
    else:
        (ray_tmp / "ray" / "ray_current_cluster").write_text(address + "\n")
        said = f"{ray_tmp / 'ray' / 'ray_current_cluster'} names {address}"
    db = tmp_path / "auto.sqlite"
    done = subprocess.run([WARROOM, "simulate", "kow", "--games", "20", "--players",
                           "heuristic,random", "--backend", "ray", "--address", "auto",
                           "--db", str(db), "--json"], capture_output=True, text=True,
                          timeout=120, env=env)  # it waited for ever
    assert done.returncode == 2, done.stderr[-3000:]
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"warroom: error: --address auto ({said}): no Ray cluster answers at {address}: "
        "Connection refused"]
    assert not db.exists()


def test_a_head_that_dies_mid_run_stops_it_with_its_games_kept(tmp_path):
    """Audit (stop 64): the head of the cluster a run had joined died while it played; the
    run hung 60 s, then ended with status 1 and only Ray's own log line ("Failed to connect
    to GCS within 60 seconds ... The program will terminate"): no warroom line, no
    `--resume` command, though the finished games were kept. Warroom now notices first and
    stops as a failing run does: one line with the games kept and the command that continues
    the run, status 2."""
    ray_tmp = tempfile.mkdtemp(prefix="ray64h")  # short: Ray's sockets live under it
    with socket.socket() as sock:  # a port free a moment ago
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {k: v for k, v in os.environ.items()
           if k not in (*TOKEN_ENV, "RAY_ADDRESS")}
    env.update(RAY_TMPDIR=ray_tmp, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=secrets.token_hex(32),
               WARROOM_NATIVE="0")
    head = subprocess.Popen([RAY, "start", "--head", "--block", "--node-ip-address",
                             "127.0.0.1", "--port", str(port), "--num-cpus", "1",
                             "--include-dashboard", "false", "--disable-usage-stats"],
                            cwd=ray_tmp, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    address, db = f"127.0.0.1:{port}", tmp_path / "hd.sqlite"
    run: subprocess.Popen | None = None
    head_family: list = []
    run_family: list = []
    try:
        deadline = time.monotonic() + 300
        while not Path(ray_tmp, "ray", "ray_current_cluster").exists():  # written once it runs
            assert head.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        run = subprocess.Popen([WARROOM, "simulate", "kow", "--games", "100000", "--players",
                                "heuristic,random", "--backend", "ray", "--address", address,
                                "--db", str(db), "--json"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, env=env)
        while _games(db) == 0:  # it has joined, and games are being written
            assert run.poll() is None and time.monotonic() < deadline, run.stderr.read()
            time.sleep(0.2)
        run_family, head_family = family(run), family(head)
        kill_each(head_family)  # the head's computer goes: all of it at once
        head.kill()
        err = run.communicate(timeout=240)[1]
    finally:  # whatever the outcome, leave nothing of either running
        if run is not None:
            end_all(run, run_family)
        end_all(head, head_family)
        shutil.rmtree(ray_tmp, ignore_errors=True)
    assert run.returncode == 2, err[-3000:]
    kept = _games(db)
    assert kept > 0 and "Traceback" not in err, err[-3000:]
    assert err.strip().splitlines()[-1] == (
        f"warroom: error: the head of the Ray cluster at {address} stopped answering "
        f"(Connection refused); {kept} of 100000 games of run 1 "
        f"{'is' if kept == 1 else 'are'} kept in {db}, and once it is fixed, continue with: "
        f"warroom simulate kow --db {db} --resume --backend ray --address {address}")
