"""The fork server of worker pools, started before a command imports itself."""

from __future__ import annotations

import subprocess
import sys

import pytest

from warroom.sim.pool_start import early_preload


@pytest.mark.parametrize("args, preload", [
    (["simulate", "kow", "--games", "100", "--workers", "2"], ["warroom.games.kow"]),
    (["sweep", "word-iron", "--workers=2", "--vary", "x=1,2"], ["warroom.games.word_iron"]),
    (["tournament", "battle", "--workers", "4"], ["warroom.games.battle"]),
    (["simulate", "--workers", "2", "kow"], []),  # the game comes later: the server alone
    (["simulate", "kow", "--workers", "2", "--backend", "ray"], None),  # Ray starts its own
    (["simulate", "kow", "--backend=ray", "--workers", "2"], None),
    (["simulate", "kow", "--workers", "1"], None),
    (["simulate", "kow"], None),  # one worker by default: the games run in this process
    (["play", "kow", "--workers", "2"], None),  # no pool
    ([], None),
])
def test_a_pool_is_foreseen_from_the_command_line(args, preload, monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert early_preload(args) == preload


def test_one_cpu_starts_no_server(monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 1)  # --workers is cut to the CPUs: one
    assert early_preload(["simulate", "kow", "--workers", "2"]) is None


def test_starting_early_imports_nothing_heavy_here_and_preloads_the_game():
    # The point of starting early: this process goes on to import the command while the
    # server imports what the workers need, so starting it must not import those here.
    script = (
        "import sys\n"
        "from multiprocessing import forkserver\n"
        "from warroom.sim.pool_start import start_early\n"
        "if __name__ == '__main__':\n"
        "    assert start_early(['simulate', 'kow', '--workers', '2'])\n"
        "    server = forkserver._forkserver\n"
        "    print(server._forkserver_pid is not None, 'warroom.games.kow' in "
        "server._preload_modules)\n"
        "    print(sorted(m for m in ('warroom.engine', 'warroom.cli', 'warroom.sim.batch', "
        "'warroom.games') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["True True", "[]"]
