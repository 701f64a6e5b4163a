"""Audit (stop 61): `tune --resume --budget LARGER` tried no new values: a budget-600 tune
(4 values tried) resumed with --budget 900 spent all 300 extra games re-testing the trial it
liked best, while a fresh 900 tune tried 6 values. A resume's added games are now split as a
fresh budget's: two thirds search new values, the rest extends the promising trials."""

from __future__ import annotations

import pytest

from warroom.games import REGISTRY
from warroom.sim.store import ResultStore
from warroom.sim.tune import make_plan, run_tune

KOW = REGISTRY["kow"]


def plan(db, budget):
    return make_plan(KOW, (), ("pool_red=0..12",), "seat0_win=0.5", "random,random", 0, 10,
                     budget, db)


def tune(db, budget, resume=False, on_game=None):
    with ResultStore(db) as store:
        return run_tune(store, plan(db, budget), resume=resume, on_game=on_game)


def runs(db):
    with ResultStore(db) as store:
        return sorted((str(run.cell), [g["seed"] for g in store.iter_games(run.id, cards=False)])
                      for run in store.runs())


def test_a_resume_to_a_larger_budget_searches_new_values(tmp_path):
    """Audit (stop 61): 60 games (4 values) resumed to 90 tried the same 4 values; a fresh
    tune of 90 tries 6."""
    fresh = tune(tmp_path / "fresh.sqlite", 90)
    db = tmp_path / "t.sqlite"
    before = {t.values["pool_red"] for t in tune(db, 60).trials}
    after = tune(db, 90, resume=True)
    values = {t.values["pool_red"] for t in after.trials}
    assert after.games == 90 and len(before) == 4
    assert before < values and len(values) == len(fresh.trials) == 6  # 20 games of search


@pytest.mark.parametrize("stop_at", [5, 25])
def test_an_interrupted_resume_goes_on_with_the_same_split(tmp_path, stop_at):
    """Audit (stop 61): the split of the added games is kept in the study, so a resume of
    the resume, after an interruption (in its search, or its extension), plays the same games
    as one without."""
    whole = tmp_path / "whole.sqlite"
    tune(whole, 60)
    tune(whole, 90, resume=True)
    db = tmp_path / "cut.sqlite"
    tune(db, 60)
    played = []

    def stop(_):
        played.append(1)
        if len(played) == stop_at:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tune(db, 90, resume=True, on_game=stop)
    assert tune(db, 90, resume=True).games == 90
    assert runs(db) == runs(whole)
