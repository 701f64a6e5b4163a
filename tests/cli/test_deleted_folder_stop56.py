"""Audit (stop 56): a command run in a folder deleted under the shell."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

WARROOM = str(Path(sys.executable).parent / "warroom")
ENV = {**os.environ, "WARROOM_NATIVE": "0"}
GONE = ("warroom: error: the current folder no longer exists (it was removed); cd to one that "
        "does and run the command again")


@pytest.mark.parametrize("args", [
    ["options", "word-iron"],
    ["play", "kow", "--players", "heuristic,heuristic", "--seed", "1", "--save", "s.json"],
])
def test_a_deleted_current_folder_is_said_in_one_line(tmp_path, args):
    """Audit (stop 56): `mkdir /tmp/g && cd /tmp/g && rmdir /tmp/g && warroom options
    word-iron` said "warroom: error: No such file or directory", naming nothing (`simulate`
    blamed warroom-results). Every command says the current folder no longer exists, exit
    status 2, before it writes anything."""
    folder = tmp_path / "g"
    folder.mkdir()
    run = subprocess.run(["sh", "-c", 'cd "$1" && rmdir "$1" && shift && exec "$@"', "sh",
                          str(folder), WARROOM, *args],
                         capture_output=True, text=True, timeout=300, env=ENV)
    assert (run.returncode, run.stderr, run.stdout) == (2, GONE + "\n", "")


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["games"], ["options", "kow"],
                                  ["cards", "validate", "sample", "--game", "battle"]])
def test_a_command_that_needs_no_folder_runs_in_a_deleted_one(tmp_path, args):
    """Audit (stop 56): the first fix refused every command in a deleted folder, `--help`,
    `--version` and `games` too, which need none: they run; only a command that fails on a
    path says the folder is gone."""
    folder = tmp_path / "g"
    folder.mkdir()
    run = subprocess.run(["sh", "-c", 'cd "$1" && rmdir "$1" && shift && exec "$@"', "sh",
                          str(folder), WARROOM, *args],
                         capture_output=True, text=True, timeout=300, env=ENV)
    assert run.returncode == 0 and run.stdout and "no longer exists" not in run.stderr


def test_an_error_of_a_path_in_a_deleted_folder_says_the_folder_is_gone(tmp_path):
    """Audit (stop 56): `simulate` in a deleted folder said its default database's folder
    could not be made, "No such file or directory": its one line says why too."""
    folder = tmp_path / "g"
    folder.mkdir()
    run = subprocess.run(["sh", "-c", 'cd "$1" && rmdir "$1" && shift && exec "$@"', "sh",
                          str(folder), WARROOM, "simulate", "kow", "--games", "2",
                          "--players", "heuristic,heuristic"],
                         capture_output=True, text=True, timeout=300, env=ENV)
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert run.stderr.endswith("(the current folder no longer exists: it was removed; cd to "
                               "one that does)\n")
