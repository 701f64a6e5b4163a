"""A sweep's verdicts across its cells (stop 61): the first player's interval beside the p it
matches, no comparison of players of one SPEC, and the tests of the figures corrected
together."""

from __future__ import annotations

import re

from warroom.sim.analysis import analyse_games
from warroom.sim.stats import holm
from warroom.sim.store import ResultStore, RunInfo
from warroom.sim.sweep import correct_across_cells, sweep_document

GAMES = 200


def _games(changed: int) -> list[dict]:
    """200 games of two players, game i from seed 7i (as every cell of a sweep): seat 0 wins
    the even games, seat 1 the odd ones but the first `changed` of them, which seat 0 wins
    in this cell. No first player, one reason, one length: nothing else moves."""
    return [{"index": i, "seed": 7 * i, "seating": [0, 1] if i % 2 == 0 else [1, 0],
             "winner_seats": [0 if i % 2 == 0 or i < 2 * changed else 1],
             "scores_by_seat": [0, 0], "reason": "won", "length": 50, "first_player": None,
             "metrics": {}} for i in range(GAMES)]


def _verdicts(tmp_path, players: list[str], changed: int) -> list[str]:
    """The verdicts of a kow sweep of two cells, max_dice=2 and 3, the second with `changed`
    games won by the other seat."""
    with ResultStore(tmp_path / "s.sqlite") as store:
        sweep = store.create_sweep("kow", [("max_dice", ["2", "3"])], {}, players, 0, GAMES)
        for dice, moved in ((2, 0), (3, changed)):
            run = store.create_run("kow", "1", {"max_dice": dice}, players, 0, GAMES,
                                   sweep_id=sweep.id, cell={"max_dice": dice})
            store.add_games(run.id, _games(moved))
        return sweep_document(store, sweep).verdicts


def test_players_of_one_spec_are_not_compared_across_cells(tmp_path):
    """Audit (stop 61): `warroom sweep kow ... --players heuristic,heuristic` said "win rate
    per player: differences across cells significant (p < 0.001)" of two identical players,
    whose own reports say there is nothing to compare. Their figure is shown, not tested;
    the seats still are."""
    lines = _verdicts(tmp_path, ["heuristic", "heuristic"], changed=8)
    player = next(line for line in lines if line.startswith("win rate per player:"))
    assert player == ("win rate per player: differences across cells not tested: every player "
                      "is heuristic, so there is nothing to compare (see the seats for a "
                      "difference between places at the table)")
    seat = next(line for line in lines if line.startswith("win rate per seat:"))
    assert seat.startswith("win rate per seat: differences across cells significant")
    assert any(line.startswith("win rate per player, heuristic (0): from ") for line in lines)


def test_the_figures_tests_across_cells_are_corrected_together(tmp_path):
    """Audit (stop 61): a sweep printed a test across cells per figure (up to about 8), each
    at 5 % with no correction across them: where the rules change nothing, some figure was
    called significant in far more than 5 % of sweeps. The tests are corrected together
    (Holm), and each line gives its p alone too. Here 6 games change winner: p = 0.031 alone
    for the seats and the players, 4 figures tested (players, seats, draws, length)."""
    lines = _verdicts(tmp_path, ["heuristic", "random"], changed=6)
    alone = 0.03125  # McNemar's exact test, 0 of 6 games one way
    adjusted = holm([alone, alone, 1.0, 1.0])[0]
    for title in ("win rate per player", "win rate per seat"):
        line = next(line for line in lines if line.startswith(f"{title}:"))
        assert line == (f"{title}: differences across cells not significant (adjusted p = "
                        f"{adjusted:.3f}): Holm's correction over the 4 figures tested across "
                        "cells (p = 0.031 alone); paired by seed: McNemar's exact test")


def _first_games(label: str) -> RunInfo:
    """A cell of 200 games whose first player (each listed player half the time) wins 116:
    alone, a significant advantage (p about 0.02)."""
    run = RunInfo(1, "word-iron", "3", {}, ["h", "h"], 0, True, GAMES, None, {"x": label},
                  "2026-01-01")
    games = []
    for i in range(GAMES):
        first = i // 2 % 2
        winner = first if i % 50 < 29 else 1 - first
        games.append({"index": i, "seed": i, "seating": [0, 1] if i % 2 == 0 else [1, 0],
                      "winner_seats": [winner], "scores_by_seat": [0, 0], "reason": "won",
                      "length": 10, "first_player": first, "metrics": {}})
    return analyse_games(run, games)


def test_a_cells_first_player_interval_stands_beside_the_p_it_matches():
    """Audit (stop 61): a sweep's cell said "+1.9 points (+0.1 to +3.7) ... not significant
    (adjusted p = 0.075)": the interval is the cell's test alone, the p Holm's over the
    cells, so they contradicted each other where a run's report promises the interval
    leaves out 0 exactly when p < 0.05. The interval now stands with its own p, and the
    verdict says it reads the adjusted one."""
    cells = [_first_games(str(k)) for k in range(3)]
    correct_across_cells(cells)
    first = cells[0].first
    assert first is not None and first.p is not None and first.ci95 is not None
    assert first.p < 0.05 <= first.p_adjusted and first.ci95[0] > 0
    verdict = cells[0].first_verdict()
    shown = re.search(r", \+8\.0 points \(\+(\S+) to \+(\S+) and p = (\S+) alone, before the "
                      r"correction\) over the expected 50\.0 %", verdict)
    assert shown is not None, verdict
    assert float(shown[1]) > 0 and float(shown[3]) < 0.05
    assert verdict.endswith(
        "; the verdict reads Holm's correction over 3 first-player tests (the 3 cells of the "
        f"sweep): not significant (adjusted p = {first.p_adjusted:.3f})")
