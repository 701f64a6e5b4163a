"""`successes` of a rate in the JSON: an int when whole, as the README says."""

from __future__ import annotations

import json

from warroom.cli import main
from warroom.sim.analysis import analyse_games
from warroom.sim.stats import Rate
from warroom.sim.store import RunInfo

RUN = RunInfo(1, "kow", "1", {}, ["a", "b"], 0, True, 10, None, None, "2026-01-01")


def _rates(data: dict) -> list[dict]:
    first = data["first_player"]
    return [*data["seat_win_rate"], *data["player_win_rate"], data["draw_rate"], first,
            *first["when_first"], *first["when_later"]]


def test_report_json_gives_whole_successes_as_ints(tmp_path, capsys):
    """Audit (stop 56): `report --json` gave `seat_win_rate[].successes` and
    `player_win_rate[].successes` as floats (94.0), though the README says whole numbers and
    `draw_rate`, `first_player` and `simulate --json`'s `seat_win_rate` gave ints. Every
    count of wins is an int now; a tie (two seats winning one game) is a whole win for
    each, so they are whole."""
    db = tmp_path / "k.sqlite"
    assert main(["simulate", "kow", "--players", "random,random", "--games", "6",
                 "--db", str(db), "--json"]) == 0
    simulated = json.loads(capsys.readouterr().out)
    assert main(["report", str(db), "--json", "--out", str(tmp_path / "r.html")]) == 0
    shown = json.loads(capsys.readouterr().out)
    data = shown["data"]
    rates = [*data["seat_win_rate"], *data["player_win_rate"], data["draw_rate"]]
    assert all(type(r["successes"]) is int for r in rates), rates
    assert data["seat_win_rate"] == simulated["seat_win_rate"]


def test_every_rate_of_a_run_has_int_successes_a_shared_win_too():
    games = [{"index": i, "seed": i, "seating": [i % 2, 1 - i % 2],
              "winner_seats": [[0], [1], [0, 1], []][i % 4], "scores_by_seat": [0, 0],
              "reason": "won", "length": 10, "first_player": 0, "metrics": {}}
             for i in range(8)]
    data = analyse_games(RUN, games).to_json()
    for rate in _rates(data):
        assert type(rate["successes"]) is int, rate
    assert [r["successes"] for r in data["seat_win_rate"]] == [4, 4]
    assert '"successes": 4,' in json.dumps(data["seat_win_rate"][0])


def test_a_fractional_count_stays_a_float_and_no_trials_keeps_its_type():
    assert Rate(2.5, 10).to_json()["successes"] == 2.5
    assert Rate(94.0, 100).to_json()["successes"] == 94
    assert type(Rate(94.0, 100).to_json()["successes"]) is int
    assert type(Rate(0.0, 0).to_json()["successes"]) is int
    assert Rate(3, 0).to_json() == {"successes": 3, "trials": 0, "rate": None, "ci95": None}
