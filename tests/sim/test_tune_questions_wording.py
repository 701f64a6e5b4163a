"""A tune's report answers the designer's three questions for its best trial alone: its lines
said 'flagged in 0 of 1 trials' under a tune of several trials, as if the one counted were all
of them. One analysed run is named as the only one."""

from __future__ import annotations

from warroom.sim.analysis import analyse_games
from warroom.sim.report import questions_section
from warroom.sim.store import RunInfo


def _cell(run_id: int = 1):
    run = RunInfo(run_id, "kow", "1", {}, ["h", "h"], 0, True, 20, None, None, "2026-01-01")
    games = [{"index": i, "seed": i, "seating": [0, 1] if i % 2 == 0 else [1, 0],
              "winner_seats": [i % 2], "winners": [i % 2], "scores_by_seat": [0, 0],
              "reason": "won", "length": 10, "first_player": i // 2 % 2, "metrics": {}}
             for i in range(20)]
    return analyse_games(run, games)


def test_one_analysed_trial_is_named_as_the_only_one():
    section = questions_section([("best trial (run 7): max_dice=4", _cell(7))], "trial")
    first, cards, dominant = section.verdicts
    only = "1 trial, the only one analysed here: best trial (run 7)"
    assert first.startswith(f"first-player advantage: significant in 0 of {only}"), first
    assert cards.startswith(f"card outliers: flagged in 0 of {only}"), cards
    assert dominant == f"dominant strategy: in 0 of {only}"
    assert "of 1 trials" not in " ".join(section.verdicts)


def test_several_cells_are_still_counted():
    section = questions_section([("x=1", _cell(1)), ("x=2", _cell(2))], "cell")
    assert section.verdicts[2] == "dominant strategy: in 0 of 2 cells"
