"""A sweep of a game with no first player says so once (stop 61)."""

from __future__ import annotations

from warroom.sim.analysis import analyse_games
from warroom.sim.report import questions_section
from warroom.sim.store import RunInfo


def test_no_first_player_in_any_cell_is_said_once():
    """Audit (stop 61): a kow sweep said "first-player advantage: significant in 0 of 6
    cells; not measured in 6 (no first player)": kow opens with a simultaneous choice, so
    no cell is measured, and the line says just that."""
    cells = []
    for k in range(2):
        run = RunInfo(1, "kow", "1", {}, ["h", "r"], 0, True, 10, None, {"max_dice": k},
                      "2026-01-01")
        cells.append((f"max_dice={k}", analyse_games(run, [
            {"index": i, "seed": i, "seating": [0, 1], "winner_seats": [i % 2],
             "scores_by_seat": [0, 0], "reason": "won", "length": 5, "first_player": None,
             "metrics": {}} for i in range(10)])))
    assert questions_section(cells, "cell").verdicts[0] == (
        "first-player advantage: not measured in any cell (no first player)")
