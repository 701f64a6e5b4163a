"""A run's game lengths are kept once: each game's, in `per_game.length`."""

from __future__ import annotations

import dataclasses
from collections import Counter

from warroom.sim.analysis import RunAnalysis, analyse_games, median, quantile
from warroom.sim.store import RunInfo


def test_the_lengths_histogram_is_derived_from_each_games_length():
    """Review: `RunAnalysis.lengths` (a histogram of game lengths) was a second copy of what
    `per_game.length` holds, filled alongside it; it is now read from it, so the two cannot
    disagree, and the report's median and range are as before."""
    run = RunInfo(1, "kow", "1", {}, ["a", "b"], 0, True, 7, None, None, "2026-01-01")
    lengths = [12, 10, 12, 30, 10, 12, 11]
    games = [{"index": i, "seed": i, "seating": [0, 1], "winner_seats": [i % 2],
              "scores_by_seat": [0, 0], "reason": "won", "length": n, "first_player": None,
              "metrics": {}} for i, n in enumerate(lengths)]
    a = analyse_games(run, games)
    assert "lengths" not in {f.name for f in dataclasses.fields(RunAnalysis)}
    assert a.lengths == Counter(lengths) and list(a.per_game.length) == lengths
    assert median(a.lengths) == 12 and quantile(a.lengths, 0.05) == 10
    assert quantile(a.lengths, 0.95) == 30
    assert a.to_json()["length"]["histogram"] == [(10, 2), (11, 1), (12, 3), (30, 1)]
    assert a.length_verdict().startswith("game length: mean 13.9 decisions")
    # 7 games: their range, not "90 % of games" (audit, stop 47)
    assert a.length_verdict().endswith("median 12, from 10 to 30")
