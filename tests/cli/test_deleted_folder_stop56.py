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
    ["cards", "validate", "sample", "--game", "battle"],
    ["play", "kow", "--players", "heuristic,heuristic", "--seed", "1"],
    ["simulate", "kow", "--games", "2", "--players", "heuristic,heuristic"],
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
