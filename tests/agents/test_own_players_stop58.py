"""Audit (stop 58, a teacher): a student's own AI player could not be used by `--players` nor
`BatchSpec(players=...)` (`myagent:FirstChoice` said "must look like key=value", `first`
"unknown player"), and nothing said how to write one. A player of one's own is now named by
its Python reference, `MODULE.ATTR`, imported from Python's path or else from the current
folder (the `warroom` command does not put it on the path), in worker processes too; every
mistake in it is one line before any game, and a record naming it replays without it."""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cli_errors import one_line_error
from warroom import agents
from warroom.agents import (
    check_players,
    clock_bound,
    make_agent,
    make_agents,
    parse_spec,
    parse_specs,
    refuse_humans,
)
from warroom.cli import main
from warroom.engine import ConfigError, IllegalAction, play_game
from warroom.games import get_game
from warroom.sim.batch import BatchSpec, run_batch

WARROOM = str(Path(sys.executable).parent / "warroom")
ROOT = Path(__file__).resolve().parents[2]

FIRST_CHOICE = '''
import random


class FirstChoice:
    """Always the first legal action."""

    name = "first-choice"

    def __init__(self, game, seed):
        self.rng = random.Random(seed)

    def act(self, view):
        return view.legal_actions[0]


class Greedy:
    name = "greedy"

    def __init__(self, game, seed, depth="1"):
        self.depth = int(depth)

    def act(self, view):
        return view.legal_actions[-1]


def make(game, seed, pick="0"):
    return Picker(int(pick))


class Picker:
    name = "picker"

    def __init__(self, pick):
        self.pick = pick

    def act(self, view):
        return view.legal_actions[min(self.pick, len(view.legal_actions) - 1)]


class Illegal:
    name = "illegal"

    def __init__(self, game, seed):
        pass

    def act(self, view):
        return "not an action"


class NoInit:
    def act(self, view):
        return view.legal_actions[0]


def no_act(game, seed):
    return 42


LEVEL = 3
'''

_names = itertools.count()


@pytest.fixture
def own_module(tmp_path, monkeypatch):
    """A module of one's own in the current folder (the tests' `tmp_path`), under a name of
    its own (this process keeps what it imported): `own_module(text)` writes it and returns
    its name. Neither the current folder nor '' is on Python's path, as in the `warroom`
    command, and the module is forgotten afterwards."""
    here = os.getcwd()
    monkeypatch.setattr(sys, "path", [p for p in sys.path
                                      if p not in ("", ".", here, str(tmp_path))])
    made: list[str] = []

    def write(text: str = FIRST_CHOICE) -> str:
        name = f"own_player_{os.getpid()}_{next(_names)}"
        Path(here, f"{name}.py").write_text(textwrap.dedent(text))
        made.append(name)
        return name

    yield write
    for name in made:
        sys.modules.pop(name, None)
        for key in [k for k in agents._FOUND if k.startswith(name + ".")]:
            del agents._FOUND[key]


def _env() -> dict[str, str]:
    env = dict(os.environ, WARROOM_NATIVE="0")  # no note on a stale compiled build
    env.pop("PYTHONPATH", None)
    return env


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The `warroom` command, as a student runs it in the folder of their file."""
    return subprocess.run([WARROOM, *args], cwd=cwd, env=_env(), capture_output=True,
                          text=True, timeout=300)


# ---- the command line, as the teacher ran it --------------------------------------------

def _readme_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("\n## A player of your own\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_player_plays_in_evaluate_from_the_current_folder(tmp_path):
    """The README's `myagent.py` and its `warroom evaluate` line, as written (fewer games)."""
    section = _readme_section()
    (tmp_path / "myagent.py").write_text(section.split("```python\n", 1)[1].split("```", 1)[0])
    command = "warroom evaluate kow --players myagent.FirstChoice,heuristic"
    assert command in section
    done = _run([*command.split()[1:], "--games", "2", "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [p["player"] for p in out["ratings"]].count("myagent.FirstChoice") == 1
    assert out["pairings"][0]["games"] == 2


def test_simulate_with_two_workers_finds_it_in_each_worker(tmp_path):
    """The workers (forked from a server started before the command read its options, or
    spawned) import the module themselves, as the command does: from the current folder."""
    (tmp_path / "myagent.py").write_text(FIRST_CHOICE)
    (tmp_path / "course").mkdir()
    (tmp_path / "course" / "__init__.py").write_text("")
    (tmp_path / "course" / "players.py").write_text(FIRST_CHOICE)
    done = _run(["simulate", "kow", "--players",
                 "myagent.FirstChoice, course.players.Greedy : depth = 2", "--games", "6",
                 "--workers", "2", "--db", "r.sqlite", "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["games"] == 6
    assert out["players"] == ["myagent.FirstChoice", "course.players.Greedy:depth=2"]


def test_a_batch_from_python_with_spawned_workers_finds_it_too(tmp_path):
    """`BatchSpec(players=...)` from a script run with the current folder off Python's path
    (`-P`), its workers spawned (as on macOS and Windows): each imports the module itself."""
    (tmp_path / "myagent.py").write_text(FIRST_CHOICE)
    script = textwrap.dedent("""
        import multiprocessing, os, sys
        from warroom.sim import pool_start
        from warroom.sim.batch import BatchSpec, run_batch
        pool_start.context = lambda preload=(): multiprocessing.get_context("spawn")
        assert os.getcwd() not in sys.path and "" not in sys.path
        spec = BatchSpec("kow", {}, ("myagent.FirstChoice", "heuristic"), seed=1)
        games = list(run_batch(spec, range(4), workers=2))
        assert os.getcwd() not in sys.path, sys.path
        print(len(games), sorted({g["winners"][0] for g in games}))
    """)
    done = subprocess.run([sys.executable, "-P", "-c", script], cwd=tmp_path, env=_env(),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "4"


# ---- every mistake, one line before any game -------------------------------------------

MISTAKES = [
    # (SPEC, with {m} for the module's name, the start of the line after "warroom: error: ")
    ("{m}:FirstChoice", "player spec '{m}:FirstChoice': a player of your own is named "
     "MODULE.CLASS, with a dot: {m}.FirstChoice; a colon starts its parameters"),
    ("first", "unknown player 'first'; players are: random, heuristic, human, mcts; a player "
     "of your own is named MODULE.CLASS, e.g. myagent.FirstChoice"),
    ("nosuchmodule_stop58.FirstChoice", "player spec 'nosuchmodule_stop58.FirstChoice': no "
     "module named 'nosuchmodule_stop58' on Python's path or in the current folder ("),
    ("nosuchpackage_stop58.players.Greedy", "player spec 'nosuchpackage_stop58.players.Greedy':"
     " no module named 'nosuchpackage_stop58' on Python's path or in the current folder ("),
    ("{m}.FirstChoise", "player spec '{m}.FirstChoise': module {m} ("),
    ("{m}.LEVEL", "player spec '{m}.LEVEL': {m}.LEVEL is an int, not a class or function "
     "that makes a player"),
    ("{m}.NoInit", "player spec '{m}.NoInit': cannot call {m}.NoInit(game, seed): too many "
     "positional arguments"),
    ("{m}.Greedy:deep=2", "player spec '{m}.Greedy:deep=2': cannot call {m}.Greedy(game, seed,"
     " deep='2'): got an unexpected keyword argument 'deep'"),
    ("{m}.Greedy:depth=two", "player spec '{m}.Greedy:depth=two': {m}.Greedy(game, seed, "
     "depth='two') failed: ValueError: invalid literal for int() with base 10: 'two' (at "),
    ("{m}.no_act", "player spec '{m}.no_act': {m}.no_act(game, seed) made an int, which has no "
     "act(view) method"),
    ("my-agent.FirstChoice", "player spec 'my-agent.FirstChoice': 'my-agent.FirstChoice' is "
     "not a player: a player of your own is named MODULE.CLASS"),
]


@pytest.mark.parametrize("command", [
    ["evaluate", "kow", "--games", "2"],
    ["simulate", "kow", "--games", "2", "--db", "m.sqlite"],
])
@pytest.mark.parametrize("spec, message", MISTAKES)
def test_each_mistake_is_one_line_before_any_game(own_module, tmp_path, capsys, command, spec,
                                                  message):
    m = own_module()
    spec, message = spec.format(m=m), message.format(m=m)
    assert main([*command[:2], "--players", f"{spec},heuristic", *command[2:]]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"warroom: error: {message}"), line
    if (tmp_path / "m.sqlite").exists():  # an empty database may be made; a game in it may not
        db = sqlite3.connect(tmp_path / "m.sqlite")
        assert not db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        # A constructor's own error is met making the first game's agents: simulate has
        # added its run by then (empty); everything else is found before.
        if " failed: " not in message and "made an int" not in message:
            assert not db.execute("SELECT COUNT(*) FROM runs").fetchone()[0]


def test_the_near_name_is_offered(own_module):
    m = own_module()
    with pytest.raises(ConfigError, match=rf"has no 'FirstChoise'; did you mean {m}\."
                                          "FirstChoice\\?$"):
        parse_specs(f"{m}.FirstChoise,heuristic")


@pytest.mark.parametrize("text, said", [
    ("x = 1\nraise RuntimeError('the weights file is missing')\n",
     "importing {m} failed: RuntimeError: the weights file is missing (at "),
    ("def f(:\n    pass\n", "importing {m} failed: SyntaxError: "),
    ("import numpy_not_installed_stop58\n",
     "importing {m} failed: ModuleNotFoundError: No module named 'numpy_not_installed_stop58' "
     "(at "),
    ("import sys\nsys.exit(3)\n", "importing {m} failed: SystemExit: 3 (at "),
])
def test_an_import_that_raises_is_one_line_naming_the_module(own_module, capsys, text, said):
    m = own_module(text)
    assert main(["evaluate", "kow", "--players", f"{m}.FirstChoice,heuristic"]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"warroom: error: player spec '{m}.FirstChoice': "
                           f"{said.format(m=m)}"), line
    if "(at " in said:
        assert f"{m}.py:" in line  # where in the student's file


def test_a_batch_from_python_refuses_a_mistake_before_any_worker(own_module):
    m = own_module()
    spec = BatchSpec("kow", {}, (f"{m}.Greedy:deep=2", "heuristic"), seed=1)
    with pytest.raises(ConfigError, match="unexpected keyword argument 'deep'"):
        next(iter(run_batch(spec, range(4), workers=2)))


# ---- what it is, and what the engine asks of it -----------------------------------------

def test_it_is_made_as_the_built_in_players_are(own_module):
    m = own_module()
    game = get_game("kow")
    assert parse_specs(f" {m}.Greedy : depth = 3 , heuristic") == [f"{m}.Greedy:depth=3",
                                                                   "heuristic"]
    greedy, picker = make_agents([f"{m}.Greedy:depth=3", f"{m}.make:pick=1"], game, 5)
    assert type(greedy).__name__ == "Greedy" and greedy.depth == 3  # the author's own object
    assert picker.pick == 1  # a function that makes one
    result = play_game(game, game.config({}), 5, [greedy, picker])
    assert result.outcome is not None
    assert clock_bound(f"{m}.Greedy:depth=3") is None
    refuse_humans([f"{m}.Greedy"], "simulate")  # an AI player


def test_an_agent_not_trusted_has_its_actions_checked(own_module):
    """Only an agent that says `trusted = True` skips the rules' check of its actions."""
    m = own_module()
    game = get_game("kow")
    agent = make_agent(f"{m}.Illegal", game, 1)
    assert not hasattr(agent, "trusted")
    with pytest.raises(IllegalAction, match="'not an action' is not a legal action"):
        play_game(game, game.config({}), 1, [agent, make_agent("heuristic", game, 1)])


def test_the_current_folder_comes_last_and_does_not_stay(own_module, tmp_path, monkeypatch):
    """A file in the current folder never hides an installed module (the standard library's
    `colorsys` here, imported afresh), and the folder is on Python's path only while a
    module of one's own is imported."""
    (tmp_path / "colorsys.py").write_text(FIRST_CHOICE)
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)
    path = list(sys.path)
    with pytest.raises(ConfigError, match=r"module colorsys \(.*colorsys\.py\) has no "
                                          r"'FirstChoice'; the current folder's colorsys\.py is "
                                          "not read: an installed module of that name comes "
                                          r"first \(rename your file\)$"):
        check_players(["colorsys.FirstChoice"])
    assert sys.modules["colorsys"].__file__ != str(tmp_path / "colorsys.py")
    m = own_module()
    check_players([f"{m}.FirstChoice"])
    assert sys.path == path
    assert sys.modules[m].__file__ == str(tmp_path / f"{m}.py")


def test_parsing_imports_nothing(own_module):
    """Reading a SPEC (as `replay`, a run's report and the server's labels do) checks its form
    alone: the module is imported only where the player is to play."""
    m = own_module()
    assert parse_spec(f"{m}.Greedy:depth=2") == (f"{m}.Greedy", {"depth": "2"})
    assert parse_spec("not_a_module_stop58.Anything") == ("not_a_module_stop58.Anything", {})
    assert m not in sys.modules


# ---- records ----------------------------------------------------------------------------

def test_a_record_with_a_player_of_ones_own_replays_without_its_file(own_module, tmp_path,
                                                                     capsys):
    m = own_module()
    assert main(["play", "kow", "--players", f"{m}.FirstChoice,heuristic", "--seed", "3",
                 "--save", "game.json"]) == 0
    result = capsys.readouterr().out.strip().splitlines()[-1]
    assert result.startswith("Result: player")
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["meta"]["players"] == [f"{m}.FirstChoice", "heuristic"]
    # The file is gone, and so is the module: the replay must not need it.
    (tmp_path / f"{m}.py").unlink()
    sys.modules.pop(m)
    agents._FOUND.pop(f"{m}.FirstChoice")
    assert main(["replay", "game.json"]) == 0
    out = capsys.readouterr().out
    assert f"player 0 ({m}.FirstChoice)" in out and out.strip().splitlines()[-1] == result
    assert main(["replay", "game.json", "--as", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == [f"{m}.FirstChoice", "heuristic"]
    assert m not in sys.modules
    # A game not over needs its player to go on: said in one line.
    record["actions"] = record["actions"][:6]
    record.pop("outcome", None)
    (tmp_path / "part.json").write_text(json.dumps(record))
    assert main(["replay", "part.json"]) == 0
    capsys.readouterr()
    assert main(["play", "--resume", "part.json"]) == 2
    assert one_line_error(capsys).startswith(
        f"warroom: error: player spec '{m}.FirstChoice': no module named '{m}'")
