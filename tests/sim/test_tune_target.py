"""A tune's --target is checked before any game is played, as its params are: a metric the
game does not report, a first player a game does not have, or a second --target is one line
naming --target, and nothing is stored."""

from __future__ import annotations

import sqlite3

import pytest

from warroom.cli import main
from warroom.games import REGISTRY
from warroom.sim.batch import BatchSpec, play_one
from warroom.sim.store import ResultStore
from warroom.sim.tune import load_result, metric_names


def tune_error(capsys, db, *args: str) -> str:
    assert main(["tune", "kow", "--param", "pool_red=2..6", "--players", "heuristic,random",
                 "--budget", "4", "--batch", "2", "--db", str(db), *args]) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert not db.exists()  # no tune, no run: nothing for `report` to trip over
    return lines[0]


def test_an_unknown_metric_is_refused_before_any_game(tmp_path, capsys):
    line = tune_error(capsys, tmp_path / "t.sqlite", "--target", "metric:nosuch=1")
    assert line == ("warroom: error: --target metric:nosuch=1: kow has no metric 'nosuch'; "
                    "its metrics are: rounds")


def test_first_player_is_not_a_metric_to_target(tmp_path, capsys):
    assert main(["tune", "word-iron", "--param", "deck0:Spearmen.ranks=5..15", "--target",
                 "metric:first_player=0.5", "--players", "heuristic,random", "--budget", "4",
                 "--batch", "2", "--db", str(tmp_path / "t.sqlite")]) == 2
    assert "its metrics are: army0, army1, rounds" in capsys.readouterr().err


def test_a_second_target_is_refused(tmp_path, capsys):
    line = tune_error(capsys, tmp_path / "t.sqlite", "--target", "length=50", "--target",
                      "metric:rounds=4")
    assert line == ("warroom: error: --target is given 2 times (length=50, metric:rounds=4): "
                    "one target per tune")


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_game_names_at_its_first_deal_the_metrics_its_games_store(name):
    """What the up-front check relies on: a game's metrics have the same names from the first
    deal to the end of a game."""
    game = REGISTRY[name]
    config = game.config({})
    at_deal = metric_names(game.metrics(game.new_state(config, 0)))
    players = tuple(["random"] * game.num_players(config))
    stored = play_one(BatchSpec(name, {}, players, 3), 0)["metrics"]
    assert at_deal == sorted(stored)


def test_a_metric_tune_interrupted_before_its_first_game_can_be_reported(tmp_path):
    """Its trial's run has no games yet: an empty figure, not 'no metric' (which made the
    tune unreportable)."""
    kow = REGISTRY["kow"]
    with ResultStore(tmp_path / "t.sqlite") as store:
        info = store.create_tune("kow", ["pool_red=2..6"], ("metric:rounds", 4.0), {},
                                 ["random", "random"], 0, 2, 4)
        store.create_run("kow", kow.version, {}, ["random", "random"], 0, 2,
                         cell={"pool_red": 4}, tune_id=info.id)
        result = load_result(store, store.tune(info.id))
    assert [t.figure.games for t in result.trials] == [0]


def test_an_old_tune_of_a_missing_metric_is_named_when_reported(tmp_path, capsys):
    """A tune stored before targets were checked: report says which tune and target."""
    db = tmp_path / "t.sqlite"
    assert main(["simulate", "kow", "--players", "random,random", "--games", "2",
                 "--db", str(db)]) == 0
    with ResultStore(db) as store:
        info = store.create_tune("kow", ["pool_red=2..6"], ("metric:nosuch", 1.0), {},
                                 ["random", "random"], 0, 2, 4)
    with sqlite3.connect(db) as con:  # its run, as the old tune left it
        con.execute("UPDATE runs SET tune_id = ?", (info.id,))
    capsys.readouterr()
    assert main(["report", str(db), "--tune", str(info.id)]) == 2
    line = capsys.readouterr().err.strip()
    assert line == (f"warroom: error: {db}: tune {info.id}, target metric:nosuch=1: no game has "
                    "a number for the metric 'nosuch'")


def test_an_interval_end_next_to_the_target_is_not_printed_as_the_target():
    """Defect 7: 'metric:rounds 4.25 (95 % CI 4 - 4.5, 60 games); the target 4 is outside
    the interval': the lower end was 4.000017, printed with three digits as the target."""
    from warroom.sim.store import RunInfo, TuneInfo
    from warroom.sim.tune import Figure, Target, Trial, TuneResult

    target = Target("metric:rounds", 4.0)
    run = RunInfo(1, "kow", "1", {}, ["h", "h"], 0, True, 60, None, {"max_dice": 3}, "now", 1)
    info = TuneInfo(1, "kow", ["max_dice=2..4"], ("metric:rounds", 4.0), {}, ["h", "h"], 0,
                    30, 90, "s", "now")
    result = TuneResult(info, target, [Trial(run, {"max_dice": 3},
                                             Figure(4.25, 4.000017, 4.5, 60))], 90)
    assert ("metric:rounds 4.25 (95 % CI 4.00002 - 4.5, 60 games); the target 4 is outside "
            "the interval") in result.verdict()
    # a share: one decimal of a percentage, more where an end would read as the target
    share = Target("seat0_win", 0.5)
    assert [share.show(x) for x in (0.5, 0.4, 0.50003, 0.49999)] == [
        "50.0 %", "40.0 %", "50.003 %", "49.999 %"]
    # the target itself reads as itself, whatever its digits
    assert Target("metric:rounds", 4.0001).show(4.0001) == "4.0001"
