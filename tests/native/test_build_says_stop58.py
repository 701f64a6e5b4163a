"""Audit (stop 58), a newcomer's first `make play`: the compiled build ran three minutes
without a word after make's own echo of its command, and looked hung; each later run printed
the 18 modules' names. A compilation now says first that it takes minutes, once; a fresh
build says so in one short line."""

from __future__ import annotations

import subprocess

import pytest

from warroom.native import NativeError
from warroom.native import build as native_build
from warroom.native.__main__ import main


def test_a_compilation_says_first_that_it_takes_minutes(monkeypatch, capsys):
    monkeypatch.setattr(native_build, "_read_manifest", lambda: None)  # nothing built yet
    compiled: list[str] = []

    def mypyc(args, **kwargs):  # stands in for minutes of mypyc: the message came before
        compiled.append(capsys.readouterr().out)
        return subprocess.CompletedProcess(args, 1, "", "error: stopped by the test")

    monkeypatch.setattr(native_build.subprocess, "run", mypyc)
    assert main(["build", "warroom.games.kow.encode"]) == 1
    assert compiled == ["warroom: compiling the rules' 1 hot modules with mypyc, once: two to "
                        "three minutes (playing works without it, slower)\n"]


def test_a_fresh_build_says_so_in_one_short_line(monkeypatch):
    modules = list(native_build.MODULES)
    monkeypatch.setattr(native_build, "_read_manifest", lambda: {"compiled": modules})
    monkeypatch.setattr(native_build, "stale_reason", lambda manifest: None)
    said: list[int] = []
    assert native_build.build(starting=said.append) == (
        f"the compiled rules are up to date ({len(modules)} modules)")
    assert said == []


def test_without_mypyc_nothing_is_said_to_start(monkeypatch):
    monkeypatch.setattr(native_build.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(NativeError):
        native_build.build(starting=lambda n: pytest.fail("said to start"))


def test_status_into_a_closed_pipe_says_nothing_of_writing_the_build():
    """Audit (stop 60): `python -m warroom.native status | head -0` said "warroom: error:
    cannot write the build ([Errno 32] Broken pipe): it goes into .../compiled, which needs a
    writable install": the reader of its output had gone, and status writes no build. It
    ends quietly, as `warroom ... | head` does."""
    import sys

    reader = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.close()"],
                              stdin=subprocess.PIPE)
    reader.wait()
    status = subprocess.run([sys.executable, "-m", "warroom.native", "status"],
                            stdout=reader.stdin, stderr=subprocess.PIPE, text=True)
    reader.stdin.close()
    assert status.stderr == ""
    assert status.returncode == 1


def test_clean_says_what_it_did(tmp_path, monkeypatch, capsys):
    """Audit (stop 60): `python -m warroom.native clean` printed nothing, whether it removed
    a build or there was none: it says which."""
    build = tmp_path / "compiled"
    (build / "warroom").mkdir(parents=True)
    monkeypatch.setattr(native_build, "BUILD", build)
    assert main(["clean"]) == 0
    assert capsys.readouterr().out == (f"warroom: removed the build ({build}): the rules run "
                                       "interpreted\n")
    assert not build.exists()
    assert main(["clean"]) == 0
    assert capsys.readouterr().out == f"warroom: no build to remove ({build})\n"
