"""Audit (stop 56): standard output on a full device (`> /dev/full`)."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

from warroom.cli import main

WARROOM = str(Path(sys.executable).parent / "warroom")
ENV = {**os.environ, "WARROOM_NATIVE": "0"}
KOW = ["play", "kow", "--players", "heuristic,heuristic", "--seed", "1"]
FULL = "standard output: no space left on device"



def to_full(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    with open("/dev/full", "w") as full:
        return subprocess.run([WARROOM, *args], cwd=cwd, stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=300, env=ENV)


def test_a_game_whose_output_is_full_blames_standard_output_and_keeps_its_moves(tmp_path):
    """Audit (stop 56): `warroom play kow ... --save fs.json > /dev/full` said "warroom:
    error: No space left on device", as if the save had failed, and the save held none of
    the moves played. It says standard output cannot be written, in the line that says how
    to continue, and the save holds what was played."""
    whole = tmp_path / "whole.json"
    assert main([*KOW, "--save", str(whole)]) == 0
    actions = json.loads(whole.read_text())["actions"]
    run = to_full(*KOW, "--save", "fs.json", cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr and "Exception ignored" not in run.stderr
    assert run.stderr.splitlines()[-1] == (f"game stopped: {FULL}; saved to fs.json; "
                                           "continue with: warroom play kow --resume fs.json")
    kept = json.loads((tmp_path / "fs.json").read_text())["actions"]
    assert kept and kept == actions[:len(kept)]


def test_the_json_result_and_other_commands_say_standard_output_too(tmp_path):
    """Audit (stop 56): the same "No space left on device" for `play --json`, whose game is
    saved whole before its one object is written, and for any command. Each names standard
    output, exit status 2."""
    whole = tmp_path / "whole.json"
    assert main([*KOW, "--save", str(whole)]) == 0
    run = to_full(*KOW, "--save", "fs.json", "--json", cwd=tmp_path)
    assert (run.returncode, run.stderr.splitlines()[-1]) == (2, f"warroom: error: {FULL}")
    assert (tmp_path / "fs.json").read_text() == whole.read_text()
    for args in (["games"], ["replay", "fs.json"], ["options", "kow"]):
        run = to_full(*args, cwd=tmp_path)
        assert (run.returncode, run.stderr) == (2, f"warroom: error: {FULL}\n"), args


def test_an_error_of_no_file_is_not_standard_outputs_while_it_can_be_written(tmp_path,
                                                                            monkeypatch):
    """Audit (stop 56): only a standard output that fails again is blamed: an error naming a
    file, or one while standard output writes, is left as it was."""
    from warroom.cli.common import stdout_failure

    with open(tmp_path / "out.txt", "w") as out:
        monkeypatch.setattr(sys, "stdout", out)
        assert stdout_failure(OSError(errno.ENOSPC, "No space left on device")) is None
    with open("/dev/full", "w") as full:
        monkeypatch.setattr(sys, "stdout", full)
        assert stdout_failure(OSError(errno.ENOSPC, "No space left on device")) == FULL
        assert stdout_failure(OSError(errno.ENOSPC, "No space left on device", "x")) is None
