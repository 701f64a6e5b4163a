"""The last resort of Ctrl-C: whatever hangs while an interrupted command winds down (a pool's
thread, a worker caught half-started) is killed, and the command ends with its status."""

from __future__ import annotations

import subprocess
import sys
import time

import psutil
import pytest

from process_family import runs
from warroom.processes import descendants


def test_descendants_reach_grandchildren():
    proc = subprocess.Popen(["sh", "-c", "sleep 30 & sleep 30"])
    try:
        # Wait for sh's own two sleeps: this process may have other children already (a
        # pool's fork server from an earlier test), so counting all of them raced sh.
        deadline = time.monotonic() + 10
        while len(descendants(proc.pid)) < 2:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        below = descendants()
        mine = descendants(proc.pid)
        assert proc.pid in below and set(mine) < set(below)
        assert len(mine) == 2
    finally:
        proc.kill()
        subprocess.run(["pkill", "-P", str(proc.pid)], check=False)
        proc.wait()


def test_an_interrupted_command_that_hangs_on_exit_still_ends_with_its_status():
    script = ("import subprocess, time\n"
              "from warroom.console import _exit_within\n"
              "child = subprocess.Popen(['sleep', '61.5'])\n"
              "print(child.pid, flush=True)\n"
              "_exit_within(0.5, 130)\n"
              "time.sleep(60)  # a wind-down that never ends\n")
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=30)
    assert proc.returncode == 130 and time.monotonic() - started < 20
    try:
        child = psutil.Process(int(proc.stdout.split()[0]))
        if child.cmdline() != ["sleep", "61.5"]:
            return  # gone, and its pid given to another process at once
    except psutil.Error:  # already gone
        return
    deadline = time.monotonic() + 10  # the kill is sent; the process may take a moment to go
    while runs(child):
        assert time.monotonic() < deadline, "the command's child outlived it"
        time.sleep(0.05)


def test_ctrl_c_that_a_library_turned_into_its_own_error_is_an_interruption(capsys):
    """Ctrl-C while a command imports a library (a class body, a model builder) or while a
    library cleans up can come out as that library's own error, raised from the interrupt:
    `main` let it through as a traceback. It is said as an interruption, in one line."""
    from warroom.cli import cli, main

    @cli.command(name="import-interrupted")
    def interrupted() -> None:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as exc:
            raise RuntimeError("__set_name__ of 'Model' failed") from exc

    @cli.command(name="schema-interrupted")
    def schema_interrupted() -> None:
        # as pydantic-core words it, without chaining the interrupt (met in CI: a Ctrl-C while
        # `simulate --resume` imported Word & Iron's card models ended in this traceback)
        raise RuntimeError("Error building `model` validator:\n  SchemaError: Field `unit`:\n"
                           "  SchemaError: Error building `literal` serializer:\n"
                           "  KeyboardInterrupt: ")

    @cli.command(name="plain-failure")
    def failure() -> None:
        raise RuntimeError("a defect, not an interruption")

    try:
        assert main(["import-interrupted"]) == 130
        assert capsys.readouterr().err == "interrupted\n"
        assert main(["schema-interrupted"]) == 130
        assert capsys.readouterr().err == "interrupted\n"
        with pytest.raises(RuntimeError, match="a defect"):  # a real defect still shows
            main(["plain-failure"])
    finally:
        cli.commands.pop("import-interrupted", None)
        cli.commands.pop("schema-interrupted", None)
        cli.commands.pop("plain-failure", None)


def test_ctrl_c_while_the_command_line_is_read_is_one_line(capsys, monkeypatch):
    """Ctrl-C while click reads the command line (before any command runs) reached click's own
    handler, which prints a blank line before the Abort that `main` then says as
    "interrupted": two lines where every other interrupt is one."""
    from warroom.cli import _Group, main

    def interrupted(self, ctx, args):
        raise KeyboardInterrupt

    monkeypatch.setattr(_Group.__mro__[1], "parse_args", interrupted)
    assert main(["games"]) == 130
    assert capsys.readouterr().err == "interrupted\n"
