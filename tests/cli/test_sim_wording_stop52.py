"""Small wording defects of simulate and sweep: the title's count of games and a sweep
verdict's lowest and highest means (the sweep progress bar's label against its count:
tests/sim/test_sweep.py)."""

from __future__ import annotations

from warroom.cli import main
from warroom.sim.sweep import _moves


def test_the_simulate_title_counts_one_game(tmp_path, capsys):
    """Audit (stop 52): the title read "Kings of War Battle Deck: 1 games, seed 1"."""
    assert main(["simulate", "kow", "--games", "1", "--players", "random,random", "--seed",
                 "1", "--db", str(tmp_path / "k.sqlite")]) == 0
    out = capsys.readouterr().out
    assert "Kings of War Battle Deck: 1 game, seed 1" in out
    assert "1 games" not in out


def test_a_sweep_verdict_tells_two_close_means_apart():
    """Audit (stop 52): "mean game length: from 119 (...) to 119 (...)" for means of 118.99
    and 119.41: as many digits as it takes for them not to read alike, as tune shows its
    figures."""
    points = [(119.41, 110.0, 129.0), (118.99, 109.0, 128.0)]
    line = _moves("mean game length", points, ["a", "b"], False)
    assert line == "mean game length: from 119.0 (b) to 119.4 (a)"  # (one decimal: stop 71)
    rates = [(0.50004, 0.4, 0.6), (0.50001, 0.4, 0.6)]
    line = _moves("seat 0 win rate", rates, ["a", "b"], True)
    low, high = line.split("from ")[1].split(" to ")
    assert low.split(" (")[0] != high.split(" (")[0]
    # usual digits where they tell the values apart; the same value, said once
    assert _moves("x", [(1.5, 1, 2), (2.5, 2, 3)], ["a", "b"], False) == \
        "x: from 1.5 (a) to 2.5 (b)"
    assert _moves("x", [(2.0, 1, 3), (2.0, 1, 3)], ["a", "b"], False) == "x: 2.0 in every cell"
