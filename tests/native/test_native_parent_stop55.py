"""Audit (stop 55): a source file edited while `warroom serve` ran left the server on its
compiled build and every AI worker it started later (spawned or from a fork server, importing
anew) on the interpreted modules; a compiled Viktory II state pickled to such a worker lost its
`num_players`, and the mcts seat's move failed. A process started by one that decided on a
build now does as its parent did with that very build."""

from __future__ import annotations

import multiprocessing
import os

import pytest
from test_native import BATTLE, manifest

from warroom import native


@pytest.fixture
def stale(monkeypatch):
    """A build battle's source has changed since; no decision inherited."""
    monkeypatch.delenv(native.ENV, raising=False)
    monkeypatch.delenv(native.PARENT_ENV, raising=False)
    monkeypatch.setattr(native, "BUILD", native.SRC)
    built = manifest(files={"warroom.games.battle.state": BATTLE}, sources={BATTLE: "0"})
    monkeypatch.setattr(native, "_read_manifest", lambda: built)
    return built


def test_a_process_does_as_its_parent_did_with_the_same_build(stale, monkeypatch):
    assert native._decide(publish=False) is False  # stale, and nothing inherited
    assert native.stale_warning() is not None
    monkeypatch.setenv(native.PARENT_ENV, f"compiled:{native._stamp(stale)}")
    assert native._decide(publish=False) is True  # the parent runs this very build
    assert native.stale_warning() is None  # it is used: nothing to warn of


def test_a_parents_decision_on_another_build_counts_for_nothing(stale, monkeypatch):
    monkeypatch.setenv(native.PARENT_ENV, "compiled:0123456789abcdef")
    assert native._decide(publish=False) is False
    fresh = manifest(files={"warroom.games.battle.state": BATTLE})
    monkeypatch.setattr(native, "_read_manifest", lambda: fresh)
    monkeypatch.setenv(native.PARENT_ENV, f"interpreted:{native._stamp(fresh)}")
    assert native._decide(publish=False) is False  # the parent ran it interpreted: so do we


def test_the_decision_is_said_to_the_processes_started_after_it(stale):
    assert native._decide(publish=True) is False
    assert os.environ[native.PARENT_ENV] == f"interpreted:{native._stamp(stale)}"


def _child_view(queue) -> None:
    import warroom.games.battle.state  # noqa: F401  (imported anew: spawned)

    queue.put((native.is_compiled("warroom.games.battle.state"),
               os.environ.get(native.PARENT_ENV, "").split(":")[0]))


def test_a_spawned_worker_runs_what_its_parent_runs():
    import warroom.games.battle.state  # noqa: F401

    mine = native.is_compiled("warroom.games.battle.state")
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    child = context.Process(target=_child_view, args=(queue,))
    child.start()
    seen = queue.get(timeout=60)
    child.join(60)
    assert seen == (mine, os.environ.get(native.PARENT_ENV, "").split(":")[0])
