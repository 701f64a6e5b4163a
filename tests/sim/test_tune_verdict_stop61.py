"""Audit (stop 61): `warroom tune` named a changed setting "best" when the rules as they were
already met the target, and picked the closest of several trials that all held the target as
if it were distinguishable (the winner's curse). The verdict now keeps the current values when
their interval holds the target, says how many trials hold it when several do, and names a
best only when it is the one; a tune too small to search says so."""

from __future__ import annotations

import json

import yaml

from warroom.cli import main
from warroom.sim.store import RunInfo, TuneInfo
from warroom.sim.tune import Figure, Target, Trial, TuneResult

NOW = {"hand_size": 15, "cavalry": "always"}


def trial(run_id: int, values: dict, low: float, value: float, high: float,
          games: int = 200) -> Trial:
    run = RunInfo(run_id, "champions", "1", {}, ["heuristic", "heuristic"], 0, True, games,
                  None, values, "2026-01-01", tune_id=1)
    return Trial(run, values, Figure(value, low, high, games))


def result(*trials: Trial, current: dict | None = NOW, batch: int = 100) -> TuneResult:
    info = TuneInfo(1, "champions", ["hand_size=8..20", "cavalry=always|attacking"],
                    ("first_player_win", 0.5), {"roshambo": "random"},
                    ["heuristic", "heuristic"], 0, batch, 900, "warroom-tune-1", "2026-01-01")
    return TuneResult(info, Target("first_player_win", 0.5), list(trials),
                      sum(t.figure.games for t in trials), current)


def test_the_current_rules_are_kept_when_their_interval_holds_the_target():
    """Audit (stop 61): the current rules scored 49.0 % (42.2-55.9 %), yet the tune printed
    "best: hand_size=10, cavalry=attacking: 51.0 % (44.1-57.8 %)" and wrote that; two other
    trials held the target too."""
    now = trial(1, NOW, 0.422, 0.49, 0.559)
    other = trial(2, {"hand_size": 10, "cavalry": "attacking"}, 0.441, 0.51, 0.578)
    third = trial(3, {"hand_size": 12, "cavalry": "always"}, 0.40, 0.47, 0.54)
    far = trial(4, {"hand_size": 20, "cavalry": "always"}, 0.60, 0.67, 0.73)
    tuned = result(now, other, third, far)
    assert tuned.best is now and tuned.choice == "current" and tuned.consistent == 3
    assert tuned.verdict() == (
        "the current rules already reach the target 50.0 %: hand_size=15, cavalry=always: "
        "first_player_win 49.0 % (95 % CI 42.2 % - 55.9 %, 200 games); keep them (2 other "
        "values hold it too: none is shown closer to it than another (the closest of several "
        "trials is partly luck: the winner's curse)) (4 values tried, 800 games)")


def test_several_trials_holding_the_target_name_no_best():
    """Audit (stop 61): with the current rules off target, three trials holding it were still
    reduced to one "best" with no word that the others are as good."""
    now = trial(1, NOW, 0.60, 0.67, 0.73)
    a = trial(2, {"hand_size": 10, "cavalry": "attacking"}, 0.441, 0.51, 0.578)
    b = trial(3, {"hand_size": 12, "cavalry": "always"}, 0.40, 0.47, 0.54, games=100)
    tuned = result(now, a, b)
    assert tuned.choice == "several" and tuned.best is a
    verdict = tuned.verdict()
    assert verdict.startswith("no best: 2 values hold the target 50.0 % in their intervals, "
                              "and none is shown closer to it than another")
    assert "winner's curse" in verdict and "hand_size=10, cavalry=attacking: " in verdict
    assert not verdict.startswith("best")


def test_the_best_is_named_when_it_alone_holds_the_target():
    """Audit (stop 61): "best" is kept for the one trial that holds the target."""
    now = trial(1, NOW, 0.60, 0.67, 0.73)
    a = trial(2, {"hand_size": 10, "cavalry": "attacking"}, 0.441, 0.51, 0.578)
    tuned = result(now, a, current=None)  # the current values outside the ranges: not tried
    assert tuned.choice == "best" and tuned.best is a
    assert tuned.verdict().startswith("best: hand_size=10, cavalry=attacking: "
                                      "first_player_win 51.0 %")


def test_a_budget_too_small_to_search_says_so():
    """Audit (stop 61): `--budget 60 --batch 30` tried only the current rules and called them
    "best", with no word that the budget held no search."""
    tuned = result(trial(1, NOW, 0.541, 0.667, 0.773, games=60), batch=30)
    verdict = tuned.verdict()
    assert verdict.startswith("the only value tried: hand_size=15, cavalry=always: ")
    assert verdict.endswith("(1 value tried, 60 games); too few games to search: the search "
                            "has two thirds of --budget, a batch of 30 per value (--budget 150 "
                            "or more gives it room for 3 values)")


def test_kow_keeps_its_fair_default_and_writes_it(tmp_path, capsys):
    """Audit (stop 61): `tune kow --param pool_red=2..6 --target seat0_win=0.5` picked
    pool_red=6 over the default 4, whose interval held the target too (pure noise), and
    wrote it to --out. The current value is written, and the report says the same."""
    db, out = tmp_path / "t.sqlite", tmp_path / "best.yaml"
    assert main(["tune", "kow", "--param", "pool_red=2..6", "--target", "seat0_win=0.5",
                 "--players", "random,random", "--budget", "60", "--batch", "10", "--db",
                 str(db), "--out", str(out), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["choice"] == "current" and shown["best"]["values"] == {"pool_red": 4}
    assert shown["consistent"] > 1
    assert yaml.safe_load(out.read_text())["options"] == {"pool_red": 4}
    assert main(["report", str(db), "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)["verdicts"][0]
    assert verdict.startswith("the current rules already reach the target 50.0 %: pool_red=4:")
