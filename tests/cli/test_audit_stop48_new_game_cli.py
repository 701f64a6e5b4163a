"""The command line with a game being written: a broken game package beside the others, a
game without a heuristic or a text view, and the outcome a save keeps for its replay to
check. Tiny game packages are written to a temporary folder put on `warroom.games.__path__`
inside the test. Each test's docstring names the defect; each failed before the change it
pins."""

from __future__ import annotations

import json
import sys
import textwrap
from typing import Any

import pytest

import warroom.games
from cli_errors import one_line_error
from toy_pile import toy_pile_source
from warroom.cli import main
from warroom.games import REGISTRY, _Registry


@pytest.fixture
def games(monkeypatch, tmp_path):
    """A folder of extra game packages on `warroom.games.__path__`, and REGISTRY as new."""
    for attr, value in vars(_Registry()).items():
        monkeypatch.setattr(REGISTRY, attr, value)
    monkeypatch.setattr(warroom.games, "entry_points", lambda *, group: [])
    folder = tmp_path / "games"
    folder.mkdir()
    monkeypatch.setattr(warroom.games, "__path__", [*warroom.games.__path__, str(folder)])
    yield folder
    for name in [m for m in sys.modules if m.startswith("warroom.games.s48")]:
        del sys.modules[name]


def package(folder: Any, name: str, text: str) -> None:
    (folder / name).mkdir()
    (folder / name / "__init__.py").write_text(textwrap.dedent(text))


def test_warroom_games_lists_the_games_beside_a_broken_package(games, capsys, caplog):
    """Audit (stop 48): a game package that failed to import made `warroom games` and the
    error for an unknown game (`warroom play kowx`) end in a ModuleNotFoundError traceback.
    The others are listed, and the broken one is named once (a warning of the registry's
    logger: on standard error at the command line, where nothing else sets logging up)."""
    package(games, "s48broken", "import s48_no_such_module\n")
    assert main(["games"]) == 0
    out = capsys.readouterr()
    # stop 63: the rules version follows as a third column
    assert out.out.splitlines()[0].split("\t")[:2] == ["battle", "Battle (James W. Gray)"]
    said = [r.getMessage() for r in caplog.records if r.name == "warroom.games"]
    assert said == ["warroom: game package 's48broken' could not be imported: "
                    "ModuleNotFoundError: No module named 's48_no_such_module'"]
    assert main(["play", "kowx"]) == 2
    assert one_line_error(capsys).startswith("warroom: error: unknown game 'kowx'; games are: ")
    assert main(["play", "s48broken"]) == 2
    assert one_line_error(capsys) == (
        "warroom: error: game 's48broken' is not available: game package 's48broken' could not "
        "be imported: ModuleNotFoundError: No module named 's48_no_such_module'")


def test_a_game_without_a_heuristic_or_a_text_view_plays_and_replays(games, capsys, tmp_path):
    """Audit (stop 48): a game without a heuristic failed with a bare NotImplementedError
    once a "heuristic" player was asked (`play`, and `evaluate`, whose default players
    include it), and one without `render` could not be replayed. The heuristic player is
    refused at once, saying what to use; the game plays and replays with a plain view."""
    package(games, "s48mini", toy_pile_source("s48mini"))
    assert main(["play", "s48mini", "--players", "random,heuristic"]) == 2
    assert one_line_error(capsys) == ("warroom: error: player spec 'heuristic': s48mini has no "
                                      "heuristic player: use random or mcts")
    assert main(["evaluate", "s48mini", "--games", "2"]) == 2
    assert "s48mini has no heuristic player" in one_line_error(capsys)
    save = str(tmp_path / "mini.json")
    assert main(["play", "s48mini", "--players", "random,mcts:iters=5", "--seed", "1",
                 "--save", save]) == 0
    capsys.readouterr()
    assert main(["replay", save]) == 0
    out = capsys.readouterr().out
    assert "stones: 0" in out and "Result: player" in out


def test_play_save_keeps_the_outcome_and_replay_checks_it(capsys, tmp_path):
    """Audit (stop 48): a game whose rules were not deterministic went unnoticed, as records
    kept no outcome for `replay` to compare. `play --save` writes how the game ended, and a
    replay that ends otherwise is one line saying so."""
    save = tmp_path / "kow.json"
    assert main(["play", "kow", "--players", "random,random", "--seed", "3", "--save",
                 str(save), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    data = json.loads(save.read_text())
    assert {k: data["outcome"][k] for k in ("winners", "scores", "reason")} == \
        {k: result[k] for k in ("winners", "scores", "reason")}
    assert main(["replay", str(save)]) == 0
    capsys.readouterr()
    data["outcome"]["scores"] = [s + 1 for s in data["outcome"]["scores"]]
    save.write_text(json.dumps(data))
    assert main(["replay", str(save)]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"warroom: error: {save}: outcome: the replay ends otherwise than "
                           "the game did: the game ended: ")
    assert line.endswith("(if the record was not edited, the game's rules are not "
                         "deterministic, or changed without a version bump)")
