"""Audit (stop 47): an interrupted tune, resumed, spent less than its budget and differed from
an uninterrupted tune (runs of 2000, 2000, 1504 games against 2000 each): an extension the
interruption left open (it has no Optuna trial of its own) was not finished on the resume, and
the next extension counted from the games played, so the loop stopped short. The resume now
finishes it first and plays the same games as an uninterrupted tune."""

from __future__ import annotations

import pytest

from warroom.games import REGISTRY
from warroom.sim.store import ResultStore
from warroom.sim.tune import make_plan, run_tune

KOW = REGISTRY["kow"]


def plan(db):
    # 60 games in batches of 10: 40 search (three values, then an extension), 20 extending
    return make_plan(KOW, (), ("max_dice=2..4",), "seat0_win=0.5", "heuristic,random", 3, 10,
                     60, db)


def runs(db):
    with ResultStore(db) as store:
        return sorted((str(run.cell), store.count_games(run.id),
                       [(g["seed"], g["winners"]) for g in store.iter_games(run.id, cards=False)])
                      for run in store.runs())


@pytest.mark.parametrize("stop_at", [35, 45, 55])
def test_a_resumed_tune_plays_the_games_of_an_uninterrupted_one(tmp_path, stop_at):
    whole = tmp_path / "whole.sqlite"
    with ResultStore(whole) as store:
        expected = run_tune(store, plan(whole))
    assert expected.games == 60

    db = tmp_path / "cut.sqlite"
    played = []

    def stop(result):
        played.append(result)
        if len(played) == stop_at:
            raise KeyboardInterrupt

    with ResultStore(db) as store, pytest.raises(KeyboardInterrupt):
        run_tune(store, plan(db), on_game=stop)
    with ResultStore(db) as store:
        result = run_tune(store, plan(db), resume=True)
    assert result.games == 60
    assert runs(db) == runs(whole)
    assert result.best.values == expected.best.values
    assert result.best.figure == expected.best.figure
