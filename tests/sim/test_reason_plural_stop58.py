"""Audit (stop 58): a sweep of kow's victories_to_win=1,2 counted one way to win as two
outcome reasons, "first to N Victory" and "first to N Victories", and called the cells
different (p = 0.002): the count of one sets the word in the singular."""

from __future__ import annotations

import json

from warroom.cli import main
from warroom.sim.analysis import analyse_games
from warroom.sim.store import RunInfo
from warroom.sim.sweep import _figures


def _cell(reasons: list[str]) -> object:
    run = RunInfo(1, "kow", "1", {}, ["h", "r"], 3, True, len(reasons), None, None,
                  "2026-01-01")
    return analyse_games(run, [
        {"index": i, "seed": 7 * i, "seating": [0, 1] if i % 2 == 0 else [1, 0],
         "winner_seats": [i % 2], "scores_by_seat": [0, 0], "reason": reason, "length": 50,
         "first_player": None, "metrics": {}} for i, reason in enumerate(reasons)])


def test_a_sweep_of_one_and_two_victories_finds_no_difference_of_reasons(tmp_path, capsys):
    """Audit (stop 58): `warroom sweep kow --vary victories_to_win=1,2 --games 10 --players
    heuristic,random` reported "outcome reasons: differences across cells significant
    (p = 0.002)", each cell 100 % of a reason the other never had; its report's JSON too."""
    db = tmp_path / "s.sqlite"
    assert main(["sweep", "kow", "--vary", "victories_to_win=1,2", "--games", "10",
                 "--players", "heuristic,random", "--db", str(db),
                 "--out", str(tmp_path / "s.md")]) == 0
    assert "outcome reasons" not in capsys.readouterr().out
    assert main(["report", str(db), "--sweep", "1", "--json",
                 "--out", str(tmp_path / "r.md")]) == 0
    said = json.loads(capsys.readouterr().out)
    assert [c["reasons"] for c in said["data"]["cells"]] == [  # the games' own words kept
        {"first to 1 Victory": 10}, {"first to 2 Victories": 10}]
    assert not [v for v in said["verdicts"] if "outcome reasons" in v], said["verdicts"]


def test_a_count_of_one_is_matched_to_the_plural_only_where_another_reason_has_it():
    """Audit (stop 58): Viktory II's "turn limit (1 round)" is the kind of "turn limit (12
    rounds)"; a reason that names player 1 is not made plural, and a count of one alone keeps
    its own words."""
    from warroom.sim.sweep import reason_kinds

    kinds = reason_kinds(["first to 1 Victory", "first to 2 Victories",
                          "turn limit (1 round): a tie", "turn limit (12 rounds): a tie",
                          "player 1 won", "player 2 won", "1 match lost"])
    assert kinds == {"first to 1 Victory": "first to N Victories",
                     "first to 2 Victories": "first to N Victories",
                     "turn limit (1 round): a tie": "turn limit (N rounds): a tie",
                     "turn limit (12 rounds): a tie": "turn limit (N rounds): a tie",
                     "player 1 won": "player N won", "player 2 won": "player N won",
                     "1 match lost": "N match lost"}
    assert reason_kinds(["5 matches lost", "1 match lost"])["1 match lost"] == "N matches lost"


def test_a_real_difference_of_reasons_is_still_found():
    """Audit (stop 58): merging the singular must not hide a cell that ends another way."""
    one = _cell(["first to 1 Victory"] * 60)
    limit = _cell(["first to 2 Victories"] * 20 + ["most Victories at the round limit"] * 40)
    figures = {f[0]: f for f in _figures([one, limit])}
    _, _, _, series, p, _ = figures["reasons"]
    assert sorted(series) == ["first to N Victories", "most Victories at the round limit"]
    assert series["first to N Victories"][0][0] == 1.0
    assert p is not None and p < 0.001
