"""warroom.native: a compiled build is used only while it matches its sources, and a build
that cannot be made says why."""

from __future__ import annotations

import importlib
import importlib.machinery
import json

import pytest

from warroom import native
from warroom.cli import main as cli_main
from warroom.native import build as native_build
from warroom.native.__main__ import main

BATTLE = "warroom/games/battle/state.py"


def manifest(**changes):
    data = {"compiled": ["warroom.games.battle.state"],
            "files": {"warroom.games.battle.state": "warroom/games/battle/state.so"},
            "sources": {BATTLE: native._digest(native.SRC / BATTLE)},
            "abi": native._abi()}
    data.update(changes)
    return data


def test_a_build_is_fresh_only_while_every_source_and_the_python_match(monkeypatch):
    monkeypatch.setattr(native, "BUILD", native.SRC)  # a "build" of source files, all there
    files = {"warroom.games.battle.state": BATTLE}
    assert native.stale_reason(manifest(files=files)) is None
    gone = manifest(files={"warroom.games.battle.state": "warroom/games/battle/gone.so"})
    assert native.stale_reason(gone) == ("warroom/games/battle/gone.so is missing from the "
                                         f"build {native.HINT}")
    assert native.stale_reason(None) == f"not built {native.HINT}"
    changed = manifest(files=files, sources={BATTLE: "0" * 64})
    assert native.stale_reason(changed) == f"{BATTLE} changed since the build {native.HINT}"
    gone = manifest(files=files, sources={"warroom/games/battle/gone.py": "0" * 64})
    assert "gone.py changed since the build" in native.stale_reason(gone)
    other = manifest(abi={"cache_tag": "cpython-399", "suffix": ".so"})
    assert native.stale_reason(other) == f"built for another Python {native.HINT}"


def test_the_finder_gives_the_compiled_file_when_fresh_and_the_source_otherwise(monkeypatch,
                                                                                tmp_path):
    files = manifest()["files"]
    monkeypatch.setattr(native, "BUILD", tmp_path)
    (tmp_path / "warroom/games/battle").mkdir(parents=True)
    (tmp_path / files["warroom.games.battle.state"]).touch()
    monkeypatch.setattr(native, "_read_manifest", manifest)
    spec = native._CompiledFinder(files).find_spec("warroom.games.battle.state")
    assert spec is not None and spec.origin == str(native.BUILD / files[
        "warroom.games.battle.state"])
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert native._CompiledFinder(files).find_spec("warroom.games.kow.state") is None
    monkeypatch.setattr(native, "_read_manifest", lambda: manifest(sources={BATTLE: "0"}))
    assert native._CompiledFinder(files).find_spec("warroom.games.battle.state") is None


def test_status_says_why_a_module_runs_interpreted(monkeypatch):
    monkeypatch.delenv(native.ENV, raising=False)
    files = {"warroom.games.battle.state": BATTLE}
    monkeypatch.setattr(native, "BUILD", native.SRC)  # a "build" of source files, all there
    monkeypatch.setattr(native, "_read_manifest",
                        lambda: manifest(files=files, sources={BATTLE: "0"}))
    assert native.status() == {
        "warroom.games.battle.state": f"interpreted: {BATTLE} changed since the build "
                                      f"{native.HINT}"}
    monkeypatch.setenv(native.ENV, "0")
    assert native.status() == {"warroom.games.battle.state": "interpreted: WARROOM_NATIVE=0"}


@pytest.fixture
def stale_build(monkeypatch):
    """A build that exists but may not be used: battle's source changed since it was made.
    Every module the build compiles is imported first: one imported for the first time under
    the fixture would be looked for in its moved build folder, and not found (CI, stop 58)."""
    for name in native_build.MODULES:
        importlib.import_module(name)
    monkeypatch.delenv(native.ENV, raising=False)
    monkeypatch.setattr(native, "BUILD", native.SRC)
    monkeypatch.setattr(native, "_warned", False)
    monkeypatch.setattr(native, "_read_manifest", lambda: manifest(
        files={"warroom.games.battle.state": BATTLE}, sources={BATTLE: "0"}))
    return monkeypatch


STALE = (f"warroom: note: the compiled build is not used ({BATTLE} changed since the build): "
         "the rules run interpreted, slower; `python -m warroom.native build` rebuilds it "
         "(`make native` in a checkout)\n")


@pytest.mark.parametrize("command", [
    ["simulate", "kow", "--games", "2", "--players", "random,random"],
    ["evaluate", "kow", "--games", "2", "--players", "random,heuristic"],
    ["bench", "kow", "--seconds", "0.01", "--runs", "1"],
    # a group's long runs too (they said nothing before)
    ["viktory", "compare", "open-field", "--games", "2", "--modes", "dice"],
    ["viktory", "compare-games", "--games", "2", "--modes", "dice",
     "--set", "radius=3", "--set", "turn_limit=2"],
])
def test_a_long_run_on_a_stale_build_says_so_in_one_line_first(stale_build, command, tmp_path,
                                                               capsys):
    if command[0] == "simulate":
        command = [*command, "--db", str(tmp_path / "r.sqlite")]
    assert cli_main(command) == 0
    assert capsys.readouterr().err.startswith(STALE)  # then any progress the command shows
    native.warn_if_stale()  # once a process: a second long run in it says nothing more
    assert capsys.readouterr().err == ""


def test_a_usage_error_on_a_stale_build_is_still_one_line(stale_build, capsys):
    """The note came before the arguments were read, so a mistyped option of a long run gave
    two lines: the note, then the error."""
    assert cli_main(["bench", "kow", "--runs", "101"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("warroom: error: Invalid value for '--runs'") and err.count("\n") == 1


def test_a_stale_build_is_not_mentioned_where_it_costs_nothing_or_was_asked_for(stale_build,
                                                                               capsys):
    assert cli_main(["options", "kow"]) == 0  # quick commands
    assert cli_main(["simulate", "--help"]) == 0
    assert capsys.readouterr().err == ""
    stale_build.setenv(native.ENV, "0")  # interpreted on purpose
    assert native.stale_warning() is None
    stale_build.delenv(native.ENV)
    assert native.stale_warning() == STALE.rstrip("\n")
    stale_build.setattr(native, "_read_manifest", lambda: None)  # never built: no compiler
    assert native.stale_warning() is None
    stale_build.setattr(native, "_read_manifest", lambda: manifest(
        files={"warroom.games.battle.state": BATTLE}))  # fresh
    assert native.stale_warning() is None


def test_builds_are_off_with_the_environment_switch(monkeypatch):
    monkeypatch.setenv(native.ENV, "0")
    monkeypatch.setattr(native.sys, "meta_path", [])
    native.install()
    assert native.sys.meta_path == []


@pytest.mark.parametrize("modules, message", [
    (["json"], "json is not a module of warroom"),
    (["warroom.games.nothing"], "no module warroom.games.nothing to compile "
                                "(no file warroom/games/nothing.py)"),
])
def test_a_build_that_cannot_be_made_says_why(modules, message):
    with pytest.raises(native.NativeError) as err:
        native_build.build(modules)
    assert str(err.value) == message


def test_the_command_line_reports_errors_in_one_line(capsys):
    assert main(["build", "json"]) == 1
    assert capsys.readouterr().err == "warroom: error: json is not a module of warroom\n"
    assert main(["frobnicate"]) == 2


def test_bench_says_which_path_each_game_took(capsys):
    assert cli_main(["bench", "battle", "kow", "--seconds", "0.05", "--runs", "1",
                     "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    battle = "warroom.games.battle.state"
    usable = native.status().get(battle) == "compiled"  # a fresh build, and builds on
    assert native.is_compiled(battle) == usable
    assert data["battle"]["compiled"] == ([battle] if usable else [])
    assert data["kow"]["compiled"] == []
    assert cli_main(["bench", "kow", "--seconds", "0.05", "--runs", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("  interpreted")
