"""Review (stop 52): a rate of no games (a player who never moved first) was drawn as a
measured 0 % with an arm over the whole range, where the tables now show "—"."""

from __future__ import annotations

import re

from warroom.sim import plots
from warroom.sim.stats import Rate


def test_a_rate_of_no_games_is_said_not_drawn_as_zero():
    """Review (stop 52): the grouped bars (the first-player figure) and the plain bars say
    "no games" where a rate has none, with no error bar, and draw the others as before."""
    svg = plots.grouped_rate_bars(["P0", "P1"], {"first": [Rate(0, 0), Rate(3, 5)],
                                                 "later": [Rate(2, 5), Rate(0, 0)]}, "t")
    assert svg.count(">no games<") == 2
    svg = plots.rate_bars(["P0", "P1"], [Rate(0, 0), Rate(3, 5)], "t")
    assert svg.count(">no games<") == 1 and ">60.0 %<" in svg
    assert plots._errors([Rate(0, 0), Rate(3, 5)])[0][0] == 0.0
    assert re.search(r">0\.0 %<", svg) is None
