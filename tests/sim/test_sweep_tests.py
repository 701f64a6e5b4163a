"""The tests a sweep's report makes across its cells, against numbers worked out by hand (no
scipy): Holm's correction over several outcomes of one figure (each seat, each listed player,
each outcome reason: the smallest p after Holm), and the tests of independent samples the
report falls back on when the cells cannot be compared game by game (chi-square, with Yates'
correction on a 2 x 2 table, and Kruskal-Wallis)."""

from __future__ import annotations

import math
from math import comb

import pytest

from warroom.sim.analysis import RunAnalysis, analyse_games
from warroom.sim.stats import holm, smallest_adjusted_p
from warroom.sim.store import RunInfo
from warroom.sim.sweep import _figures

N = 120
# cell "b" against cell "a" (game i from one seed in both): seat 0's win goes to seat 1 in 8
# games, seat 2's to seat 0 in 3; 5 games won end by resignation instead, 2 that ran out of
# time are won; 10 games last a decision longer
TO_SEAT_1 = range(0, 24, 3)  # 8 games where seat 0 wins in cell a
TO_SEAT_0 = (2, 5, 8)  # seat 2 wins them in cell a
RESIGNED = (1, 11, 21, 31, 41)
WON_IN_TIME = (50, 60)
LONGER = range(100, 110)


def _cell(name: str, changed: bool, seeds: int = 0, first_missing: bool = False,
          metric_missing: bool = False) -> RunAnalysis:
    """120 games of a 3-player cell, seat i % 3 winning game i (the players rotate through
    the seats); seat 0 moves first. `changed`: cell b's rules (above)."""
    run = RunInfo(1, "battle", "1", {}, ["a", "b", "c"], 0, True, N, None, {"cell": name},
                  "2026-01-01")
    games = []
    for i in range(N):
        winner = i % 3
        reason = "time" if i % 10 == 0 else "won"
        length = 10 + i % 4
        if changed:
            winner = 1 if i in TO_SEAT_1 else 0 if i in TO_SEAT_0 else winner
            reason = "resign" if i in RESIGNED else "won" if i in WON_IN_TIME else reason
            length += i in LONGER
        games.append({"index": i, "seed": i + seeds,
                      "seating": [(seat + i) % 3 for seat in range(3)],
                      "winner_seats": [winner], "scores_by_seat": [0, 0, 0], "reason": reason,
                      "length": length,
                      "first_player": None if first_missing and i == 0 else 0,
                      "metrics": {} if metric_missing and i == 0 else {"army": float(length)}})
    return analyse_games(run, games)


def _sign_test(k: int, n: int) -> float:
    """McNemar's exact test by hand: two-sided binomial test of k of n at 1/2."""
    tail = sum(comb(n, i) for i in range(min(k, n - k) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def _chi_square(table: list[list[float]]) -> float:
    """Pearson's chi-square test of homogeneity by hand, all-zero columns dropped, Yates'
    correction on a 2 x 2 table (as scipy's chi2_contingency does); 1 or 2 degrees of
    freedom, whose survival functions have closed forms."""
    keep = [j for j in range(len(table[0])) if any(row[j] for row in table)]
    rows = [[row[j] for j in keep] for row in table]
    total = sum(map(sum, rows))
    columns = [sum(col) for col in zip(*rows, strict=True)]
    dof = (len(rows) - 1) * (len(columns) - 1)
    x = 0.0
    for row in rows:
        for o, c in zip(row, columns, strict=True):
            e = sum(row) * c / total
            d = abs(o - e) - (min(0.5, abs(o - e)) if dof == 1 else 0.0)
            x += d * d / e
    return {1: math.erfc(math.sqrt(x / 2)), 2: math.exp(-x / 2)}[dof]


def _kruskal_wallis(a: list[float], b: list[float]) -> float:
    """Kruskal-Wallis test of two samples by hand: average ranks for ties, the tie
    correction, chi-square with 1 degree of freedom."""
    pooled = sorted(a + b)
    n = len(pooled)
    rank: dict[float, float] = {}
    ties = 0.0
    for value in set(pooled):
        first = pooled.index(value) + 1
        t = pooled.count(value)
        rank[value] = first + (t - 1) / 2
        ties += t ** 3 - t
    h = 12 / (n * (n + 1)) * sum(sum(rank[x] for x in s) ** 2 / len(s) for s in (a, b)) \
        - 3 * (n + 1)
    h /= 1 - ties / (n ** 3 - n)
    return math.erfc(math.sqrt(h / 2))


def test_holm_by_hand():
    """Holm's step-down adjusted p-values: the smallest times 4, the next times 3 (0.09,
    which the third, 0.04 times 2, may not undercut), the largest times 1; capped at 1."""
    assert holm([0.01, 0.04, 0.03, 0.2]) == pytest.approx([0.04, 0.09, 0.09, 0.2])
    assert holm([0.5, 0.6]) == [1.0, 1.0]
    assert holm([]) == [] and smallest_adjusted_p([]) == 1.0
    assert smallest_adjusted_p([0.2, 0.01, 0.03]) == pytest.approx(0.03)


def test_a_figure_of_several_outcomes_is_one_test_holm_corrected():
    """Three seats (no seat's win is another's loss), three listed players, three outcome
    reasons: each figure's p is the smallest of its McNemar tests after Holm's correction.
    Seats: 'seat 0 won' differs in 11 games (8 for cell a), 'seat 1 won' in 8 (0 for a),
    'seat 2 won' in 3 (3 for a): p = 0.2266, 0.0078, 0.25, Holm 3 x 0.0078 = 0.0234."""
    cells = [_cell("a", False), _cell("b", True)]
    figures = {f[0]: f for f in _figures(cells)}
    seats = [_sign_test(8, 11), _sign_test(0, 8), _sign_test(3, 3)]
    assert seats == pytest.approx([464 / 2048, 2 / 256, 0.25])
    _, _, _, _, p, note = figures["seat-win-rate"]
    assert p == pytest.approx(3 * 2 / 256) == pytest.approx(0.0234375)
    assert note == ("; paired by seed: McNemar's exact test per seat, the smallest p of 3 "
                    "after Holm's correction")
    # the listed players: player 0 won 8 games fewer, player 1 8 more and 3 fewer, player 2
    # 3 more (seat 0 of game i is player i % 3)
    _, _, _, _, p, note = figures["player-win-rate"]
    assert p == pytest.approx(min(holm([_sign_test(8, 8), _sign_test(3, 11),
                                        _sign_test(0, 3)])))
    assert p == pytest.approx(0.0234375)
    assert note.endswith("per player, the smallest p of 3 after Holm's correction")
    # reasons: 'resign' differs in 5 games (0 for a), 'time' in 2 (2 for a), 'won' in 7 (5
    # for a): p = 0.0625, 0.5, 0.453; Holm: 3 x 0.0625 = 0.1875 (not significant, though
    # 0.0625 x 2 and 0.453 x 2 step past it)
    reasons = [_sign_test(0, 5), _sign_test(2, 2), _sign_test(5, 7)]
    assert reasons == pytest.approx([0.0625, 0.5, 58 / 128])
    assert holm(reasons) == pytest.approx([0.1875, 0.90625, 0.90625])
    _, _, _, _, p, note = figures["reasons"]
    assert p == pytest.approx(0.1875)
    assert note == ("; paired by seed: McNemar's exact test per reason, the smallest p of 3 "
                    "after Holm's correction")
    # the first player (seat 0) is one outcome: no correction
    _, _, _, _, p, note = figures["first-player"]
    assert p == pytest.approx(_sign_test(8, 11))
    assert note == "; paired by seed: McNemar's exact test"


def test_cells_that_did_not_play_the_same_games_fall_back_to_independent_samples():
    """An unfinished sweep (the cells' games differ): chi-square on each figure's counts, and
    Kruskal-Wallis on the lengths and metrics, each note saying why."""
    cells = [_cell("a", False), _cell("b", True, seeds=1000)]
    figures = {f[0]: f for f in _figures(cells)}
    why = " (not paired by seed: the cells did not play the same games)"
    # seats: 40 / 40 / 40 against 35 / 48 / 37 (no draws: that column is dropped)
    _, _, _, _, p, note = figures["seat-win-rate"]
    assert p == pytest.approx(_chi_square([[40, 40, 40, 0], [35, 48, 37, 0]]))
    assert p == pytest.approx(math.exp(-(6.25 / 37.5 + 16 / 44 + 2.25 / 38.5)))  # 0.555
    assert note == "; chi-square test" + why
    _, _, _, _, p, note = figures["player-win-rate"]
    assert p == pytest.approx(_chi_square([[40, 40, 40, 0], [32, 45, 43, 0]]))
    assert note == "; chi-square test" + why
    _, _, _, _, p, note = figures["reasons"]  # resign, time, won
    assert p == pytest.approx(_chi_square([[0, 12, 108], [5, 10, 105]]))
    assert note == "; chi-square test" + why
    # the first player's wins: 40 of 120 against 35 of 120, a 2 x 2 table (Yates)
    _, _, _, _, p, note = figures["first-player"]
    assert p == pytest.approx(_chi_square([[40, 80], [35, 85]]))
    assert note == "; chi-square test" + why
    _, _, _, _, p, note = figures["draws"]
    assert p == 1.0 and note == "; chi-square test" + why  # no draws anywhere
    lengths = [[float(x) for x in a.per_game.length] for a in cells]
    _, _, _, _, p, note = figures["length"]
    assert p == pytest.approx(_kruskal_wallis(*lengths)) and note == "; Kruskal-Wallis test" + why
    _, _, _, _, p, note = figures["metric-army"]
    assert p == pytest.approx(_kruskal_wallis(*lengths))


def test_paired_cells_fall_back_where_a_figure_is_not_in_every_game():
    """The same games, but one cell has no first player in game 0, and no metric `army`
    there: those two figures are tested as independent samples, saying why; the others
    stay paired."""
    cells = [_cell("a", False), _cell("b", True, first_missing=True, metric_missing=True)]
    figures = {f[0]: f for f in _figures(cells)}
    # game 0, which cell b drops, is one that seat 0 lost there: 35 of 119
    _, _, _, _, p, note = figures["first-player"]
    assert p == pytest.approx(_chi_square([[40, 80], [35, 84]]))
    assert note == ("; chi-square test (not paired by seed: the games with a first player "
                    "differ between cells)")
    a, b = ([float(x) for x in c.per_game.length] for c in cells)
    _, _, _, _, p, note = figures["metric-army"]
    assert p == pytest.approx(_kruskal_wallis(a, b[1:]))
    assert note == "; Kruskal-Wallis test (not paired by seed: not every game has it)"
    assert figures["seat-win-rate"][5].startswith("; paired by seed: McNemar's exact test")
    assert figures["length"][5] == "; paired by seed: Wilcoxon signed-rank test"
