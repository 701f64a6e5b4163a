"""Audit (stop 58): a student's own player that fails in a game: `evaluate` and `tournament`
printed a 44-line traceback ending in a bare `KeyError: 'missing'` (no player, game or
seed), `play --save` a traceback last, an illegal action named a seat ("player 1") and not
the SPEC, the error's place was warroom's line and not the student's, a local `json.py`
(like `numpy.py`) got a misleading "did you mean", `myagent.py:Greedy` was told to write
`myagent.py.Greedy`, and `simulate` failing part-way did not say what it kept or how to
go on. Each is now one line that names the player and says what to do."""

from __future__ import annotations

import itertools
import os
import sys
import textwrap
from pathlib import Path

import pytest

from cli_errors import one_line_error
from warroom import agents
from warroom.agents import parse_spec, player_factory
from warroom.cli import main
from warroom.engine import ConfigError
from warroom.sim.store import ResultStore

PLAYERS = '''
MADE = [0]


class Raise:
    name = "raise"

    def __init__(self, game, seed):
        self.n = 0

    def act(self, view):
        self.n += 1
        if self.n > 2:
            return {}["missing"]
        return view.legal_actions[0]


class Label:
    name = "label"

    def __init__(self, game, seed):
        pass

    def act(self, view):
        return "dice: 1 red"


class Det:
    name = "det"

    def __init__(self, game, seed):
        self.seed = seed

    def act(self, view):
        view.determinize(self.seed)
        return view.legal_actions[0]


class Late:
    name = "late"

    def __init__(self, game, seed):
        MADE[0] += 1
        self.n = MADE[0]

    def act(self, view):
        if self.n > 5:
            raise RuntimeError("bug in my evaluation")
        return view.legal_actions[0]
'''

# the student's lines that raise
MISSING, DET, BUG = ('return {}["missing"]', "view.determinize(self.seed)",
                     'raise RuntimeError("bug in my evaluation")')
_names = itertools.count()


@pytest.fixture
def ill(monkeypatch):
    """The student's module in the current folder (the test's tmp_path), under a name of its
    own; the current folder not on Python's path, as in the `warroom` command."""
    here = os.getcwd()
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".", here)])
    monkeypatch.setenv("WARROOM_NATIVE", "0")
    name = f"ill_player_{os.getpid()}_{next(_names)}"
    Path(here, f"{name}.py").write_text(textwrap.dedent(PLAYERS))
    yield name
    sys.modules.pop(name, None)
    for key in [k for k in agents._FOUND if k.startswith(name + ".")]:
        del agents._FOUND[key]


def _at(module: str, code: str) -> str:
    """Where the student's file holds `code`: "(at FILE:LINE)"."""
    line = [text.strip() for text in PLAYERS.splitlines()].index(code) + 1
    return f"(at {Path(os.getcwd(), f'{module}.py')}:{line})"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_evaluate_says_a_raising_act_in_one_line(ill, capsys, workers):
    assert main(["evaluate", "kow", "--players", f"{ill}.Raise,random", "--games", "2",
                 "--workers", workers]) == 2
    line = one_line_error(capsys)
    assert line.startswith("warroom: error: kow evaluate (seed 0), pairing "
                           f"{ill}.Raise vs random, game 1 of 2 failed: player spec "
                           f"'{ill}.Raise' (seat 0): act(view) failed: KeyError: 'missing' "
                           f"{_at(ill, MISSING)}"), line


def test_tournament_says_a_raising_act_in_one_line(ill, capsys):
    """Since stop 65 the player forfeits the game (the event goes on): the match's line says
    why in the same words, with no traceback."""
    assert main(["tournament", "kow", "--players", f"{ill}.Raise,random"]) == 0
    out, err = capsys.readouterr()
    assert (f"[forfeit: player spec '{ill}.Raise' (seat 1): act(view) failed: KeyError: "
            f"'missing' {_at(ill, MISSING)}]") in out, out
    assert "Traceback" not in out + err


def test_an_illegal_action_names_the_spec_and_the_game(ill, capsys):
    assert main(["evaluate", "kow", "--players", f"heuristic,random,{ill}.Label",
                 "--games", "2"]) == 2
    line = one_line_error(capsys)
    assert line == ("warroom: error: kow evaluate (seed 0), pairing heuristic vs "
                    f"{ill}.Label, game 1 of 2 failed: player spec "
                    f"'{ill}.Label' (seat 1) played an illegal action: 'dice: 1 red' is not a "
                    "legal action for player 1 now"), line


def test_the_place_said_is_the_players_own_line(ill, capsys, tmp_path):
    """`view.determinize(self.seed)` fails inside warroom: the student's line is the one to
    read."""
    assert main(["simulate", "kow", "--players", f"{ill}.Det,random", "--games", "2",
                 "--db", str(tmp_path / "r.sqlite")]) == 2
    line = one_line_error(capsys)
    assert "AttributeError: 'int' object has no attribute" in line
    assert line.endswith(f"{_at(ill, DET)}; 0 of 2 games of run 1 are kept in "
                         f"{tmp_path / 'r.sqlite'}, and once it is fixed, continue with: "
                         f"warroom simulate kow --db {tmp_path / 'r.sqlite'} --resume"), line


def test_simulate_failing_part_way_keeps_its_games_and_says_how_to_resume(ill, capsys,
                                                                        tmp_path):
    db = tmp_path / "r.sqlite"
    assert main(["simulate", "kow", "--players", f"{ill}.Late,random", "--games", "20",
                 "--db", str(db)]) == 2
    line = one_line_error(capsys)
    assert line.startswith("warroom: error: kow game 5 (batch seed 0) failed: player spec "
                           f"'{ill}.Late' (seat 1): act(view) failed: RuntimeError: bug in my "
                           f"evaluation {_at(ill, BUG)}; "), line
    assert line.endswith(f"; 5 of 20 games of run 1 are kept in {db}, and once it is fixed, "
                         f"continue with: warroom simulate kow --db {db} --resume"), line
    with ResultStore(db, create=False) as store:
        assert store.count_games(1) == 5


def test_play_saves_first_and_says_the_player_and_how_to_continue(ill, capsys, tmp_path):
    save = tmp_path / "crash.json"
    assert main(["play", "kow", "--players", f"random,{ill}.Raise", "--save", str(save)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert not any("Traceback" in line for line in err)
    line = err[-1]  # the line said last: after the game's heading
    assert line == (f"warroom: error: game stopped: player spec '{ill}.Raise' (seat 1): "
                    f"act(view) failed: KeyError: 'missing' {_at(ill, MISSING)}; "
                    f"saved to "
                    f"{save}; continue with: warroom play kow --resume {save}"), line
    assert save.is_file()


def test_a_local_file_shadowed_by_an_installed_module_is_told_to_rename_first():
    """json has `dumps`, near `Dumps`: the near name misled; the passed-over file is why."""
    Path("json.py").write_text("class Dumps:\n    pass\n")
    with pytest.raises(ConfigError) as info:
        player_factory("json.Dumps")
    said = str(info.value)
    assert said.endswith("has no 'Dumps'; the current folder's json.py is not read: an "
                         "installed module of that name comes first (rename your file)"), said
    assert "did you mean" not in said


@pytest.mark.parametrize("spec, said", [
    ("myagent.py:Greedy", "name the module without .py: myagent.Greedy"),
    ("myagent.py.Greedy", "name the module without .py: myagent.Greedy"),
    ("myagent.py", "name the module without .py: myagent.CLASS"),
    ("sub/myagent.py:Greedy", "a player of your own is named MODULE.CLASS, not by a path: "
                              "run warroom in sub and name it myagent.Greedy"),
    ("./myagent.py", "a player of your own is named MODULE.CLASS, not by a path: run warroom "
                     "in the current folder and name it myagent.CLASS"),
])
def test_a_module_named_by_its_file_is_told_its_name(spec, said):
    with pytest.raises(ConfigError) as info:
        parse_spec(spec)
    assert str(info.value) == f"player spec {spec!r}: {said}"
