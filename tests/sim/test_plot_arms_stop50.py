"""Audit (stop 50): a plot of intervals whose estimate lies past an end by a rounding."""

from __future__ import annotations

from warroom.sim import plots


def test_an_estimate_a_rounding_past_its_interval_is_drawn_not_refused():
    """Audit (stop 50): the fresh-clone CI's `report --run N` of a tune's trial failed with
    matplotlib's "'xerr' must not contain negative values": a card's difference was
    100.00000000000003 with its interval ending at 100. The arm is 0 there."""
    svg = plots.difference_forest(["Lance (deck0)", "Pike (deck0)"],
                                  [(100.00000000000003, -100.0, 100.0), (5.0, -20.0, 30.0)],
                                  [False, False], "cards", "difference (points)")
    assert svg.lstrip().startswith("<") and "svg" in svg[:400]
