"""A metric's and a game length's mean are printed to the decimal place their interval is."""

from __future__ import annotations

import re

from warroom.sim.analysis import analyse_games
from warroom.sim.report import _length_section, _metrics_section
from warroom.sim.stats import Moments
from warroom.sim.store import RunInfo

RUN = RunInfo(1, "kow", "1", {}, ["a", "b"], 0, True, 1000, None, None, "2026-01-01")


def _games(lengths: list[int], metrics: list[dict]) -> list[dict]:
    return [{"index": i, "seed": i, "seating": [i % 2, 1 - i % 2], "winner_seats": [i % 2],
             "scores_by_seat": [0, 0], "reason": "won", "length": n, "first_player": 0,
             "metrics": m} for i, (n, m) in enumerate(zip(lengths, metrics, strict=True))]


def _decimals(text: str) -> int:
    return len(text.partition(".")[2])


def test_a_metrics_mean_is_given_to_the_decimal_its_interval_is():
    """Audit (stop 56): `warroom report champions.sqlite` printed "metric deals: mean 1 (95 %
    CI ± 0.0099)" where the JSON's mean was 1.005, and "metric turns: mean 20 (95 % CI ±
    1.1)" for 19.965, in the verdicts and the Markdown/HTML metric table: the mean took 3
    significant digits, trailing zeros stripped, whatever the interval. It is now given to
    the last decimal place the ± shows: "1.0050 ... ± 0.0099", "20.0 ... ± 1.1"."""
    n = 200
    deals = [2.0 if i == 0 else 1.0 for i in range(n)]  # mean 1.005
    turns = [20.0 + (8 if i % 2 else -8) for i in range(n)]
    turns[0] -= 7  # mean 19.965
    a = analyse_games(RUN, _games([100] * n, [{"deals": d, "turns": t}
                                              for d, t in zip(deals, turns, strict=True)]))
    assert a.metrics["deals"].mean == 1.005 and round(a.metrics["turns"].mean, 9) == 19.965
    deals_line, turns_line = a.metric_verdicts()
    assert deals_line == "metric deals: mean 1.0050 (95 % CI ± 0.0099), range 1 to 2"
    assert turns_line == "metric turns: mean 20.0 (95 % CI ± 1.1), range 5 to 28"
    headers, rows = _metrics_section(a).table
    assert headers[:3] == ["metric", "mean", "± (95 %)"]
    assert [row[1:3] for row in rows] == [["1.0050", "0.0099"], ["20.0", "1.1"]]


def test_the_rule_holds_whatever_the_size_of_the_interval():
    """Audit (stop 56): every mean has as many decimals as its ± (none when the ± is a
    whole number: a mean is not rounded to the tens), and reads as the mean to that place,
    never as "-0.00000"; the ± has two significant digits (trailing zeros kept)."""
    from warroom.sim.analysis import mean_and_interval, places

    cases = {(1.0, 1.2): ("1.10", "0.18"), (0.0, 0.001): ("0.00050", "0.00092"),
             (10.0, 710.0): ("360", "640"),
             (-0.0001, 0.0000999): ("0.00000", "0.00018")}  # not "-0.00000"
    for values, expected in cases.items():
        m = Moments()
        for x in values * 2:
            m.add(x)
        mean, half = mean_and_interval(m)
        assert _decimals(mean) == _decimals(half), (values, mean, half)
        assert abs(float(mean) - m.mean) <= 0.5 * 10 ** -_decimals(mean) + 1e-12
        assert (mean, half) == expected, values
    # a carry into a new leading digit: 0.0996 is "0.10" (not "0.100"), 0.999 is "1.0"
    assert [places(x) for x in (0.0099, 0.0996, 0.999, 1.1, 4447)] == [4, 2, 1, 1, -2]
    two = Moments()
    for x in (10.0, 710.0):  # two games: "mean 360 (95 % CI ± 4400)", not "± 4447"
        two.add(x)
    assert mean_and_interval(two) == ("360", "4400")


def test_the_game_length_line_follows_the_same_rule():
    """Audit (stop 56): the game length's mean and ± were each given to one decimal, so that
    a long run's narrow interval read "± 0.0". Its mean is now given to the decimal its ±
    is (two significant digits), never fewer than one (as `simulate` gives the mean
    length), in the verdict and the length table alike."""
    n = 400
    a = analyse_games(RUN, _games([100 + i % 2 for i in range(n)], [{}] * n))
    line = a.length_verdict()
    assert line.startswith("game length: mean 100.500 decisions (95 % CI ± 0.049), median ")
    assert _length_section(a).table[1][0][0] == "100.500"
    wide = analyse_games(RUN, _games([60, 95, 120, 130], [{}] * 4))
    shown = re.match(r"game length: mean (\S+) decisions \(95 % CI ± (\S+)\)",
                     wide.length_verdict())
    assert shown is not None and shown.groups() == ("101.2", "49.6")
