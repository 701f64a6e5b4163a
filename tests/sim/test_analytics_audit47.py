"""Audit (stop 47) of the designer analytics: one figure, one computation; outcome reasons
compared by kind across a sweep's cells; integer ticks for an integer tune param; every
option value that deals cards in the "no card facts" hint; tiny runs flagged as such."""

from __future__ import annotations

import random
import re

from warroom.cli import main
from warroom.games import get_game
from warroom.sim.analysis import analyse_games
from warroom.sim.cards import no_facts_words
from warroom.sim.store import RunInfo
from warroom.sim.sweep import _figure_section, _figures

RUN = RunInfo(1, "kow", "1", {}, ["a", "b"], 0, True, 1000, None, None, "2026-01-01")


def _games(lengths: list[int], reasons: list[str] | None = None,
           metrics: list[dict] | None = None) -> list[dict]:
    return [{"index": i, "seed": 7 * i, "seating": [0, 1] if i % 2 == 0 else [1, 0],
             "winner_seats": [i % 2], "scores_by_seat": [0, 0],
             "reason": reasons[i] if reasons else "won", "length": n,
             "first_player": i // 2 % 2, "metrics": metrics[i] if metrics else {}}
            for i, n in enumerate(lengths)]


def test_report_and_simulate_give_one_mean_length():
    """Audit (stop 47): `simulate` printed "mean length: 119.8 decisions" and the report of
    the same run "mean 119.9" (23970/200 = 119.85: the report's running mean drifted past
    the rounding point). A mean (`stats.Moments.mean`) is now the total over the count, as
    the run's summary gives it; the running mean serves only the variance."""
    rng = random.Random(1)
    lengths = [rng.randint(60, 180) for _ in range(200)]
    a = analyse_games(RUN, _games(lengths))
    simulate_says = f"{sum(lengths) / len(lengths):.1f}"  # summary.Tally's mean_length
    assert simulate_says == "125.7"
    assert f"game length: mean {simulate_says} decisions" in a.length_verdict()
    assert a.length.mean == sum(lengths) / len(lengths)
    from warroom.sim.stats import Moments

    drifting = Moments()  # a metric's mean too: the same total over the count
    for x in [0.1] * 10:
        drifting.add(x)
    assert drifting.mean == sum([0.1] * 10) / 10


def _reason_cell(reasons: list[str]) -> object:
    run = RunInfo(1, "kow", "1", {}, ["h", "h"], 3, True, 100, None, None, "2026-01-01")
    return analyse_games(run, _games([50] * 100, reasons))


def test_a_sweep_compares_outcome_reasons_by_kind():
    """Audit (stop 47): a sweep of victories_to_win=2,3 said "outcome reasons: differences
    across cells significant (p < 0.001)" because "first to 2 Victories" and "first to 3
    Victories" were two reasons. A reason's numbers are now a placeholder N: one kind, so
    no finding; a real difference of kinds is still tested, shown with the N."""
    two = _reason_cell(["first to 2 Victories"] * 100)
    three = _reason_cell(["first to 3 Victories"] * 100)
    assert "reasons" not in {f[0] for f in _figures([two, three])}
    timed = _reason_cell(["first to 3 Victories"] * 60 + ["turn limit (12 rounds)"] * 40)
    figures = {f[0]: f for f in _figures([two, timed])}
    key, _, _, series, p, _ = figures["reasons"]
    assert sorted(series) == ["first to N Victories", "turn limit (N rounds)"]
    assert p is not None and p < 0.001
    section = _figure_section(*figures["reasons"], ["2", "3"], "victories_to_win")
    assert any("first to N Victories" in line for line in section.verdicts)


def test_tune_plot_of_an_integer_param_has_whole_ticks():
    """Audit (stop 47): the tune plot of victories_to_win=1..5 had ticks 1.0, 1.5, 2.0, ...
    An integer param now has integer ticks."""
    from warroom.sim import plots

    svg = plots.trial_points([1, 2, 3, 4, 5], [(0.5, 0.4, 0.6)] * 5, [10] * 5, 0.5, 2,
                             "t", "victories_to_win", "win rate")
    ticks = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    numbers = [t for t in ticks if re.fullmatch(r"-?[0-9.]+", t)]
    assert "1.5" not in numbers and "2.5" not in numbers
    assert {"1", "2", "3", "4", "5"} <= set(numbers)


def test_no_card_facts_hint_names_every_mode_that_deals_cards():
    """Audit (stop 47): `simulate viktory --set mode=dice --cards` suggested only "--set
    mode=cards", never hybrid (dice battles with the cards' text: it deals cards too),
    because the hint picked option values with "card" in their name."""
    for name in ("viktory", "viktory-ii"):
        game = get_game(name)
        words = no_facts_words(game, game.config({"mode": "dice"}))
        assert words.endswith("e.g. --set mode=cards or --set mode=hybrid"), words


def test_tiny_runs_say_so_and_skip_the_noise():
    """Audit (stop 47): with 2 games "metric army0: mean 360 (95 % CI ± 1.8e+03)"; with 1
    game "90 % of games between 85 and 85" and a list of the 17 cards never drawn in 1 game.
    Numbers are plain, a few games give their range, under 10 games the cards never drawn
    are not listed, and under 30 a line says the figures are rough."""
    two = analyse_games(RUN, _games([85, 95], metrics=[{"army0": 10.0}, {"army0": 710.0}]))
    (metric,) = two.metric_verdicts()
    assert "e+" not in metric and metric.startswith("metric army0: mean 360 (95 % CI ± ")
    assert two.length_verdict().endswith("median 90, from 85 to 95")
    one = analyse_games(RUN, _games([85]), deck=["AS", "KH"])  # a game naming its deck
    assert "90 % of games" not in one.length_verdict()
    assert one.verdicts()[0] == (
        "sample size: only 1 game, too few to judge: every figure here is rough (wide "
        "intervals, weak tests); play at least 30 games; under 10 games the cards never "
        "drawn are not listed (most of a deck is never drawn in so few)")
    assert analyse_games(RUN, _games([85] * 30)).sample_verdict() is None
    assert analyse_games(RUN, _games([85] * 29)).sample_verdict() == (
        "sample size: only 29 games, too few to judge: every figure here is rough (wide "
        "intervals, weak tests); play at least 30 games")


def test_simulate_of_one_game_lists_no_card_never_drawn(tmp_path, capsys):
    """Audit (stop 47): `simulate word-iron --games 1 --cards` ended "card outliers: never
    drawn in 1 game: <17 cards>", noise; it now says the sample is too small instead."""
    assert main(["simulate", "word-iron", "--games", "1", "--players", "random,random",
                 "--cards", "--workers", "1", "--db", str(tmp_path / "w.sqlite"),
                 "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "card outliers: never drawn" not in out
    assert "sample size: only 1 game, too few to judge" in out


def test_the_report_of_a_tiny_run_says_so_first(tmp_path, capsys):
    """Audit (stop 47): the line saying a run is too small to judge was in `simulate`'s
    output and the report's JSON, not in the report itself: it is its first verdict, on
    the console and in the file."""
    db = tmp_path / "k.sqlite"
    assert main(["simulate", "kow", "--games", "3", "--players", "random,random",
                 "--workers", "1", "--db", str(db)]) == 0
    capsys.readouterr()
    out = tmp_path / "k.md"
    assert main(["report", str(db), "--format", "md", "--out", str(out)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("sample size: only 3 games, too few to judge")
    verdicts = out.read_text().split("## Verdicts", 1)[1].strip().splitlines()
    assert verdicts[0] == f"- {first}"
