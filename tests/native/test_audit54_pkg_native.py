"""Audit (stop 54): the list of modules to compile lives in the package, so that an installed
warroom (pip, no Makefile) can build it with `python -m warroom.native build` alone, and the
messages name that command. The build step itself (mypyc) is replaced here: the real build
rewrites the compiled modules that other tests run."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from warroom import native
from warroom.native import build as native_build
from warroom.native.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
# The list the Makefile held (NATIVE_MODULES) before it moved into the package.
FORMER_MAKEFILE_LIST = """warroom.games.battle.state warroom.games.word_iron.state
    warroom.games.word_iron.army warroom.games.word_iron.heuristic
    warroom.games.viktory_battles.resolver warroom.games.viktory_battles.dice
    warroom.games.viktory_battles.hand warroom.games.viktory.state
    warroom.games.battle.encode warroom.games.champions.encode warroom.games.kow.encode
    warroom.games.viktory.encode warroom.games.viktory_ii.encode warroom.games.word_iron.encode
    warroom.games.viktory_ii.state warroom.games.viktory_ii.movement
    warroom.games.viktory_ii.placement warroom.games.viktory_ii.units""".split()


@pytest.fixture
def no_mypyc_run(monkeypatch, tmp_path):
    """build() with mypyc replaced by a stand-in that records the files it was given and
    fails, so nothing is written to the real build directory."""
    monkeypatch.setattr(native_build, "BUILD", tmp_path / "compiled")
    monkeypatch.setattr(native_build, "MANIFEST", tmp_path / "compiled" / "manifest.json")
    monkeypatch.setattr(native_build.importlib.util, "find_spec", lambda name: object())
    calls: list[list[str]] = []

    def run(argv, **kwargs):
        calls.append(list(argv))
        return subprocess.CompletedProcess(argv, 1, "", "x.py:1: error: stopped by the test")

    monkeypatch.setattr(native_build.subprocess, "run", run)
    return calls


def _compiled_files(calls: list[list[str]]) -> list[str]:
    (argv,) = calls
    assert argv[1:3] == ["-m", "mypyc"]
    return argv[3:]


def test_the_package_holds_the_list_of_modules_to_compile():
    """Audit (stop 54): the list was only in the Makefile, which a pip install lacks."""
    assert list(native_build.MODULES) == FORMER_MAKEFILE_LIST
    for name in native_build.MODULES:
        assert native._module_file(name).is_file()


def test_build_without_module_arguments_builds_the_packages_list(no_mypyc_run):
    """Audit (stop 54): `python -m warroom.native build` alone was refused ("name the
    modules to compile"): an installed user had no list to name."""
    with pytest.raises(native.NativeError, match="mypyc could not compile"):
        native_build.build([], force=True)
    expected = [str(native._module_file(m).relative_to(native.SRC))
                for m in native_build.MODULES]
    assert _compiled_files(no_mypyc_run) == expected


def test_the_command_builds_the_list_alone_or_the_modules_named(no_mypyc_run, capsys):
    """Audit (stop 54): `python -m warroom.native build [--force]` builds the package's list;
    explicit module arguments still build only those."""
    assert main(["build", "--force"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("warroom: error: mypyc could not compile " +
                          ", ".join(native_build.MODULES))
    assert len(_compiled_files(no_mypyc_run)) == len(native_build.MODULES)
    no_mypyc_run.clear()
    assert main(["build", "warroom.games.battle.state", "--force"]) == 1
    assert _compiled_files(no_mypyc_run) == ["warroom/games/battle/state.py"]
    capsys.readouterr()
    assert main(["frobnicate"]) == 2
    assert "build [MODULE...] [--force]" in capsys.readouterr().err


def test_the_makefile_calls_the_build_without_its_own_list(tmp_path):
    """Audit (stop 54): the list is written once, in the package. (The install is taken as
    done by a stamp newer than pyproject.toml: the Makefile itself as the stamp made make
    remake its own makefile, recursively, wherever pyproject.toml was the newer file, as in
    a fresh clone.)"""
    makefile = (ROOT / "Makefile").read_text()
    assert "NATIVE_MODULES" not in makefile
    assert not re.search(r"warroom\.games\.\w+\.\w+", makefile)
    stamp = tmp_path / "installed"
    stamp.touch()
    proc = subprocess.run(["make", "-n", "-s", "-C", str(ROOT), "native", "VENV=/nonexistent",
                           f"STAMP={stamp}"], capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "MAKEFLAGS": ""})
    lines = [ln for ln in proc.stdout.splitlines() if "warroom.native build" in ln]
    assert len(lines) == 1 and lines[0].rstrip().endswith("-m warroom.native build"), \
        proc.stdout + proc.stderr


def test_the_messages_name_a_command_an_installed_user_has(monkeypatch):
    """Audit (stop 54): the messages said only `make native`, which an install lacks."""
    assert native.stale_reason(None).startswith("not built (")
    assert "python -m warroom.native build" in native.stale_reason(None)
    monkeypatch.delenv(native.ENV, raising=False)
    monkeypatch.setattr(native, "BUILD", native.SRC)
    battle = "warroom/games/battle/state.py"
    monkeypatch.setattr(native, "_read_manifest", lambda: {
        "compiled": ["warroom.games.battle.state"],
        "files": {"warroom.games.battle.state": battle},
        "sources": {battle: "0"}, "abi": native._abi()})
    line = native.stale_warning()
    assert line is not None and "\n" not in line
    assert line.endswith("`python -m warroom.native build` rebuilds it (`make native` in a "
                         "checkout)")
    (state,) = native.status().values()
    assert "python -m warroom.native build" in state and "\n" not in state


def test_the_readme_says_where_the_build_is_written():
    """Audit (stop 54): a pip install writes the build into site-packages, where it stays
    after `pip uninstall`."""
    readme = (ROOT / "README.md").read_text()
    assert "NATIVE_MODULES" not in readme
    assert "site-packages" in readme and "pip uninstall" in readme
    assert "python -m warroom.native build" in readme


def test_status_without_a_build_says_how_to_make_one(monkeypatch, capsys):
    """Audit (stop 54): `python -m warroom.native status` with no build said only "(no build):
    interpreted", not the command that builds it."""
    monkeypatch.delenv(native.ENV, raising=False)
    monkeypatch.setattr(native, "_read_manifest", lambda: None)
    assert main(["status"]) == 0
    assert capsys.readouterr().out == (
        "(no build): interpreted: not built (python -m warroom.native build, or make native in "
        "a checkout)\n")


def test_a_build_into_a_read_only_install_is_one_line(monkeypatch, capsys):
    """Audit (stop 54): the build is written into the installed package's folder; an install
    the user cannot write to (a system site-packages) gave a PermissionError traceback."""
    import warroom.native.__main__ as command

    def build(modules, force, starting=None):
        raise PermissionError(13, "Permission denied", str(native.BUILD))

    monkeypatch.setattr(command, "build", build)
    assert main(["build"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("warroom: error: cannot write the build (") and err.count("\n") == 1
    assert "a writable install" in err
