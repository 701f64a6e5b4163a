"""Audit (stop 68): a record, save or results run of an older rules version was refused with
"replay or finish it with the warroom release that made it", and nothing could tell a user
which release that was (`warroom --version` printed the same through every rules version).
Each game names, for every older version, the last commit of the repository that plays it;
the refusals and docs/records.md say it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from warroom.engine.record import Record, RecordError, replay_to_end
from warroom.games import REGISTRY, get_game
from warroom.sim.runs import refuse_other_version
from warroom.sim.store import StoreError

ROOT = Path(__file__).resolve().parents[2]
BUILTIN = ("battle", "champions", "kow", "viktory", "viktory-ii", "word-iron")


def _package(name: str) -> str:
    return REGISTRY[name].__module__.split(".")[2]


@pytest.mark.parametrize("name", BUILTIN)
def test_every_older_version_has_its_last_commit(name):
    game = get_game(name)
    older = {str(v) for v in range(1, int(game.version))}
    assert set(game.last_commits) == older, "a version bump adds the version it ends"
    for commit in game.last_commits.values():
        assert re.fullmatch(r"[0-9a-f]{10}", commit)


def _version_at(commit: str, name: str) -> str:
    path = f"src/warroom/games/{_package(name)}/__init__.py"
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{path}"],
                          capture_output=True, text=True, check=True).stdout
    found = re.search(r'^    version = "([^"]+)"', text, re.M)
    return found.group(1) if found else "1"


@pytest.mark.parametrize("name", [n for n in BUILTIN if get_game(n).last_commits])
def test_each_commit_named_plays_its_version(name):
    """The commit a refusal names is in the repository's history and plays that version (the
    suite runs from a clone, as `make test` and CI do)."""
    assert (ROOT / ".git").exists(), "the tests run from a clone of the repository"
    for version, commit in get_game(name).last_commits.items():
        assert _version_at(commit, name) == version, (name, version, commit)


def test_a_record_of_an_older_version_names_the_commit_that_plays_it():
    game = get_game("viktory-ii")
    old = Record.from_json({"game": "viktory-ii", "version": "13", "config": {}, "seed": 1,
                            "actions": []})
    with pytest.raises(RecordError) as caught:
        replay_to_end(game, old)
    assert str(caught.value).endswith(
        "replay or finish it with the warroom release that made it (the last commit of "
        f"warroom that plays version 13: {game.last_commits['13']})")


def test_a_version_no_commit_is_known_for_is_refused_as_before():
    old = Record.from_json({"game": "kow", "version": "9", "config": {}, "seed": 1,
                            "actions": []})
    with pytest.raises(RecordError) as caught:
        replay_to_end(get_game("kow"), old)
    assert str(caught.value).endswith("with the warroom release that made it")


def test_a_run_of_an_older_version_names_the_commit_that_plays_it():
    class Run:
        game, version = "word-iron", "6"

    with pytest.raises(StoreError) as caught:
        refuse_other_version("run", 3, [Run()], get_game("word-iron").version)
    assert str(caught.value).endswith(
        f"(the last commit of warroom that plays version 6: "
        f"{get_game('word-iron').last_commits['6']})")


def test_the_record_format_lists_them():
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    game = get_game("viktory-ii")
    assert f"13 (`{game.last_commits['13']}`)" in text
