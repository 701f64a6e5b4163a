"""Audit (stop 48): a tune stopped while Optuna's `study.ask(distributions)` ran (its trial
created, its values not yet all stored) could never be resumed: every --resume ended in a
KeyError traceback, because the resume finished every RUNNING trial as if it had all its
values. Such a trial played nothing: the resume now fails it (enqueuing again the values
that were enqueued for it) and goes on, playing the budget to the end."""

from __future__ import annotations

import optuna
import pytest

from warroom.cli import main
from warroom.games import REGISTRY
from warroom.sim.store import ResultStore
from warroom.sim.tune import make_plan, run_tune

KOW = REGISTRY["kow"]
PARAMS = ("max_dice=2..4", "victories_to_win=2..5")


def plan(db):
    # 60 games in batches of 10: 40 search, 20 extending
    return make_plan(KOW, (), PARAMS, "seat0_win=0.5", "heuristic,random", 3, 10, 60, db)


def runs(db):
    with ResultStore(db) as store:
        return sorted((str(run.cell), store.count_games(run.id),
                       [(g["seed"], g["winners"]) for g in store.iter_games(run.id, cards=False)])
                      for run in store.runs())


def interrupt_a_suggestion(monkeypatch, at):
    """Ctrl-C at the `at`-th value Optuna suggests (counting from 1), before it is stored."""
    suggest = optuna.trial.Trial._suggest
    calls = []

    def stop(self, name, distribution):
        calls.append(name)
        if len(calls) == at:
            raise KeyboardInterrupt
        return suggest(self, name, distribution)

    monkeypatch.setattr(optuna.trial.Trial, "_suggest", stop)


def trial_states(db):
    with ResultStore(db) as store:
        study = store.tunes()[-1].study
    return [t.state for t in optuna.load_study(study_name=study,
                                               storage=f"sqlite:///{db}").trials]


@pytest.mark.parametrize("at", [1, 2, 4])
def test_a_tune_stopped_while_optuna_chooses_values_resumes(tmp_path, monkeypatch, at):
    """at=1: in the first trial (the values as they are, enqueued), before any is stored;
    at=2: with one of its two values stored; at=4: a later trial, one value stored."""
    whole = tmp_path / "whole.sqlite"
    with ResultStore(whole) as store:
        expected = run_tune(store, plan(whole))
    assert expected.games == 60

    db = tmp_path / "cut.sqlite"
    with monkeypatch.context() as m:
        interrupt_a_suggestion(m, at)
        with ResultStore(db) as store, pytest.raises(KeyboardInterrupt):
            run_tune(store, plan(db))
    assert trial_states(db)[-1] == optuna.trial.TrialState.RUNNING
    with ResultStore(db) as store:
        result = run_tune(store, plan(db), resume=True)
    assert result.games == 60
    assert sum(games for _, games, _ in runs(db)) == 60
    assert optuna.trial.TrialState.RUNNING not in trial_states(db)
    if at < 3:  # stopped in the first trial: the same values are tried, the same games played
        assert runs(db) == runs(whole)


def test_a_trial_left_without_values_by_ask_does_not_break_the_resume(tmp_path, capsys):
    """The audit's reproduction: a tune interrupted after some games, then an Optuna
    `ask()` leaving a RUNNING trial without values; `--resume` finishes the budget."""
    db = tmp_path / "t.sqlite"
    command = ["tune", "kow", "--param", "victories_to_win=2..5", "--target",
               "seat0_win=0.5", "--players", "heuristic,random", "--budget", "40",
               "--batch", "10", "--db", str(db)]
    assert main([*command, "--budget", "20"]) == 0
    with ResultStore(db) as store:
        study = store.tunes()[-1].study
    optuna.load_study(study_name=study, storage=f"sqlite:///{db}").ask()
    capsys.readouterr()
    assert main([*command, "--resume", "--json"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert '"games": 40' in out
