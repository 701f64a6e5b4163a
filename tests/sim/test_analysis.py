"""The balance questions and their verdict lines, on games built to have known answers."""

from __future__ import annotations

from collections import Counter

import pytest

from warroom.sim.analysis import analyse, analyse_games, median, quantile
from warroom.sim.stats import Moments, Rate, wilson_interval
from warroom.sim.store import ResultStore, RunInfo

RUN = RunInfo(1, "kow", "1", {}, ["strong", "weak"], 0, True, 1000, None, None, "2026-01-01")


def game(index: int, winner_seats: list[int], first: int | None = 0, length: int = 10,
         reason: str = "won", metrics: dict | None = None) -> dict:
    seating = [0, 1] if index % 2 == 0 else [1, 0]
    return {"index": index, "seed": index, "seating": seating,
            "winners": sorted(seating[s] for s in winner_seats), "winner_seats": winner_seats,
            "scores_by_seat": [0, 0], "reason": reason, "length": length, "first_player": first,
            "metrics": metrics or {}}


def first_player_games(n: int, first_wins: int) -> list[dict]:
    """n games; the first player alternates between the listed players (seat 0, 0, 1, 1, ...
    while the seating alternates); the first player wins the first `first_wins`."""
    out = []
    for i in range(n):
        first = i % 4 // 2
        out.append(game(i, [first] if i < first_wins else [1 - first], first=first))
    return out


def test_first_player_advantage_verdict_with_its_interval_and_significance():
    a = analyse_games(RUN, first_player_games(1000, 600))
    assert a.first is not None and a.first.rate == Rate(600, 1000)
    low, high = wilson_interval(600, 1000)
    assert f"± {100 * (high - low) / 2:.1f} %" == "± 3.0 %"
    assert a.first_verdict() == ("first player advantage: 60.0 % wins for the first player in "
                                 "1000 games, +10.0 points (+6.9 to +13.1) over the expected "
                                 "50.0 % from who moved first and who won, significant "
                                 "(p < 0.001); the first player wins more than its fair share: "
                                 "it has the edge")


def test_no_first_player_advantage_is_not_significant():
    a = analyse_games(RUN, first_player_games(1000, 500))
    assert a.first_verdict().endswith("over the expected 50.0 % from who moved first and who "
                                      "won, not significant (p = 1.000)")


def test_draws_lower_the_expected_share_of_the_first_player():
    games = first_player_games(900, 450) + [game(900 + i, [], first=0) for i in range(100)]
    a = analyse_games(RUN, games)
    assert a.first is not None and a.first.expected == pytest.approx(0.45)
    assert a.fair_share == pytest.approx(0.45)
    assert "45.0 % wins for the first player in 1000 games, +0.0 points (-2.9 to +2.9) over " \
        "the expected 45.0 % from who moved first and who won, not significant" \
        in a.first_verdict()
    assert a.draw_verdict() == "draws: 10.0 % (8.3-12.0 %) of 1000 games"


def test_first_player_rates_per_player_separate_strength_from_moving_first():
    # "strong" (player 0) wins every game; moving first changes nothing.
    games = [game(i, [i % 2 if i % 2 == 0 else 0], first=i % 4 // 2) for i in range(8)]
    for g in games:
        g["winner_seats"] = [g["seating"].index(0)]
        g["winners"] = [0]
    a = analyse_games(RUN, games)
    assert a.first is not None
    assert [r.value for r in a.first.first_by_player] == [1.0, 0.0]
    assert [r.value for r in a.first.later_by_player] == [1.0, 0.0]
    assert a.first.rate.trials == 8


def test_games_without_a_first_player_are_counted_and_left_out():
    a = analyse_games(RUN, [game(0, [0], first=None), game(1, [0], first=1)])
    assert a.no_first_player == 1 and a.first is not None and a.first.rate.trials == 1
    b = analyse_games(RUN, [game(0, [0], first=None)])
    assert b.first is None and "not measured" in b.first_verdict()


def test_win_rate_per_seat_and_per_player():
    # seat 0 wins 6 of 8 games; seats rotate, so the players share the wins
    games = [game(i, [0] if i < 6 else [1]) for i in range(8)]
    a = analyse_games(RUN, games)
    assert a.seat_wins == [6, 2]
    assert a.player_wins == [4, 4]
    assert [r.value for r in a.seat_rates()] == [0.75, 0.25]
    assert a.seat_verdict().startswith("seat balance: seat 0 75.0 % (40.9-92.9 %)")
    assert a.player_verdict().startswith("player strength: strong (player 0) 50.0 % (21.5-78.5 %)")
    assert a.player_verdict().endswith("differences not significant (p = 1.000)")


def test_strength_difference_is_significant():
    games = [game(i, [[0, 1][i % 2]] if i < 90 else [[1, 0][i % 2]]) for i in range(100)]
    a = analyse_games(RUN, games)  # the strong player wins 90 of 100
    assert a.player_wins == [90, 10]
    assert "differences significant (p < 0.001)" in a.player_verdict()


def test_shared_wins_count_for_each_winner():
    a = analyse_games(RUN, [game(0, [0, 1]), game(1, [0])])
    assert a.seat_wins == [2, 1] and a.fair_share == pytest.approx(0.75)


def test_length_reasons_and_metrics():
    games = [game(i, [0], length=length, reason=reason, metrics={"rounds": r, "name": "x"})
             for i, (length, reason, r) in enumerate(
                 [(10, "won", 3), (20, "won", 4), (30, "turn limit", 5), (40, "won", 4)])]
    a = analyse_games(RUN, games)
    assert a.length.mean == 25 and median(a.lengths) == 25
    assert a.length_verdict().startswith("game length: mean 25.0 decisions (95 % CI ± ")
    # 4 games: their range, not "90 % of games" (audit, stop 47)
    assert a.length_verdict().endswith("median 25, from 10 to 40")
    assert a.reason_verdict() == "outcome reasons: won 75.0 %, turn limit 25.0 %"
    assert list(a.metrics) == ["rounds"]  # a non-numeric value is not a metric
    # the mean to the decimal its interval is given to (audit, stop 56)
    assert a.metric_verdicts()[0].startswith("metric rounds: mean 4.0 (95 % CI ± 1.3)")
    assert list(a.metric_values["rounds"]) == [3, 4, 5, 4]


def test_a_metric_with_one_value_in_every_game_says_so_and_draws_no_histogram():
    """Audit (designer, stop 45): champions' `deals` is 1 in every game at the usual hand
    size; its verdict read "mean 1 (95 % CI ± 0), range 1 to 1" and the report drew a
    histogram of one bar. The verdict says the one value, and no plot is drawn for it."""
    from warroom.sim.report import _metrics_section

    games = [game(i, [0], metrics={"deals": 1, "rounds": 3 + i % 2}) for i in range(10)]
    a = analyse_games(RUN, games)
    assert a.metric_verdicts() == ["metric deals: 1 in every game",
                                   a.metric_verdicts()[1]]
    assert a.metric_verdicts()[1].startswith("metric rounds: mean 3.50 (95 % CI ± 0.38)")
    section = _metrics_section(a)
    assert [plot.key for plot in section.plots] == ["metric-rounds"]
    assert [row[0] for row in section.table[1]] == ["deals", "rounds"]  # both in the table


def test_quantiles_of_a_counted_distribution():
    counts = Counter({1: 5, 2: 4, 10: 1})
    assert [quantile(counts, q) for q in (0.05, 0.5, 0.9, 0.95, 1.0)] == [1, 1, 2, 10, 10]


def test_the_median_of_an_even_count_is_the_mean_of_the_two_middle_values():
    """Defect 5: the report's 'median' was the lower (nearest-rank) median: kow's 100 games
    said 70 where numpy says 70.5."""
    import numpy as np

    counts = Counter({60: 30, 70: 20, 71: 20, 90: 30})
    values = [v for v, n in counts.items() for _ in range(n)]
    assert median(counts) == np.median(values) == 70.5
    assert median(Counter({3: 1, 5: 1, 9: 1})) == 5 and median(Counter()) == 0
    a = analyse_games(RUN, [game(i, [0], length=length)
                            for i, length in enumerate([10, 20, 31, 40])])
    assert "median 25.5, " in a.length_verdict()
    assert a.to_json()["length"]["median"] == 25.5
    from warroom.sim.report import run_document

    (length,) = [s for s in run_document(a).sections if s.key == "length"]
    assert length.table is not None and length.table[1][0][4] == "25.5"


def test_moments_match_the_textbook():
    m = Moments()
    for x in (2, 4, 4, 4, 5, 5, 7, 9):
        m.add(x)
    assert m.mean == 5 and m.sd == pytest.approx(2.138, abs=1e-3)
    assert (m.low, m.high) == (2, 9)


def test_analysis_of_a_stored_run_equals_the_analysis_of_its_games(tmp_path):
    games = first_player_games(50, 30)
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = store.create_run("kow", "1", {}, ["strong", "weak"], 0, 50)
        store.add_games(run.id, games)
        assert analyse(store, run).to_json() == analyse_games(run, games).to_json()


def test_few_games_are_tested_exactly_not_by_the_chi_square_approximation():
    """5 wins of 5 was 'significant (p = 0.025)' by the chi-square, whose expected counts
    (2.5) are too small for it; the exact binomial test gives 0.0625."""
    from scipy.stats import binomtest, chisquare

    from warroom.sim.stats import equal_shares_p

    assert equal_shares_p([5, 0]) == pytest.approx(binomtest(5, 5, 0.5).pvalue)
    assert equal_shares_p([5, 0]) > 0.05 > chisquare([5, 0]).pvalue
    # more than two: the exact multinomial test (by hand: outcomes of 5 games in 4 seats no
    # more likely than 3-1-1-0 under equal shares)
    from itertools import product
    from math import factorial

    def prob(c):
        return factorial(5) / (factorial(c[0]) * factorial(c[1]) * factorial(c[2])
                               * factorial(c[3])) / 4 ** 5
    seen = prob((3, 1, 1, 0))
    exact = sum(prob(c) for c in product(range(6), repeat=4)
                if sum(c) == 5 and prob(c) <= seen * (1 + 1e-9))
    assert equal_shares_p([3, 1, 1, 0]) == pytest.approx(exact)
    # many games: the chi-square as before
    assert equal_shares_p([59, 61, 59, 61]) == pytest.approx(chisquare([59, 61, 59, 61]).pvalue)


def test_the_interval_of_a_mean_is_students_t_and_one_value_has_none():
    from scipy.stats import t

    m = Moments()
    m.add(117.0)
    assert m.plus_minus() == "(one game: no interval)"
    m.add(22.0)
    sd = 67.175144212722
    assert m.half_width == pytest.approx(t.ppf(0.975, 1) * sd / 2 ** 0.5)  # ± 603, not ± 93


def test_a_mean_s_plus_minus_is_labelled_as_its_interval_not_its_spread():
    """Audit (stop 42): "game length: mean 117.4 ± 1.8 decisions" and "metric army0: mean
    67.7 ± 14" printed the half-width of the mean's 95 % interval where the sd was 12.6: a
    designer reads a bare ± after a mean as the spread of the games."""
    games = [game(i, [0], length=100 + 10 * (i % 3), metrics={"army0": 50 + 20 * (i % 2)})
             for i in range(30)]
    a = analyse_games(RUN, games)
    h = a.length.half_width
    assert a.length.sd > 2 * h  # the interval of the mean, far narrower than the spread
    assert a.length_verdict().startswith(
        f"game length: mean {a.length.mean:.1f} decisions (95 % CI ± {h:.1f}), median ")
    m = a.metrics["army0"]
    assert a.metric_verdicts()[0].startswith(
        f"metric army0: mean {m.mean:.1f} (95 % CI ± {m.half_width:.1f}), range 50 to 70")


def test_team_partners_are_one_result_not_two():
    """A 4-player alliance game: seats 0+2 and 1+3 win together, and seat rotation keeps
    listed players 0 and 2 partners in every game. Their wins were counted once each (240
    'wins' from 120 games), and 'random (player 2)' looked as strong as the heuristic."""
    run = RunInfo(1, "battle", "1", {}, ["h", "r", "r", "r"], 0, True, 120, None, None,
                  "2026-01-01")
    games = []
    for i in range(120):
        seating = [(seat + i) % 4 for seat in range(4)]
        team_of_0 = [s for s in range(4) if seating[s] in (0, 2)]
        winners = team_of_0 if i % 5 else [s for s in range(4) if s not in team_of_0]
        games.append({**game(i, []), "seating": seating, "winner_seats": winners,
                      "winners": sorted(seating[s] for s in winners), "first_player": None})
    a = analyse_games(run, games)
    assert a.player_partners == {(0, 2), (1, 3)}
    from warroom.sim.stats import equal_shares_p

    assert a.player_p() == pytest.approx(equal_shares_p([96, 24]))  # one count a team
    assert "teams that always won and lost together: players 0+2, 1+3" in a.player_verdict()


def test_two_players_who_only_drew_are_not_partners():
    games = [game(i, []) for i in range(10)]
    a = analyse_games(RUN, games)
    assert not a.player_partners and "teams" not in a.player_verdict()
