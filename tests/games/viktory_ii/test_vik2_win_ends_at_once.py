"""A capture that wins ends the game at once, before the loser's disbands (VIKTORY-II.md,
"Rulings: Winning"; the game's README, "Winning": "The game ends at once when a player
controls every capital")."""

from __future__ import annotations

import pytest
from vik2_helpers import capital, events, hx, position, script_dice, take, town, troops

from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF


@pytest.mark.parametrize("dark", [False, True])
def test_rule_winning_capture_ends_the_game_before_the_losers_disbands(tmp_path, dark):
    """Suspected defect: when a capture wins the game, the loser's pending disbands (units
    beyond its support) are dropped, so the final position holds units beyond support.
    Ruling, not a defect: the game ends at once on the winning capture (VIKTORY-II.md,
    "Rulings: Winning": a player wins on controlling every capital; README "Winning": the
    game ends at once), as the battles still declared are never fought
    (test_vik2_capital.py, test_a_win_in_the_battle_phase_leaves_no_battle_pending). The
    loser is asked nothing more, and nothing of the outcome depends on those units."""
    # Player 1: its capital B3 (empty) and a town A4 support 2 infantry, its 2 infantry stand
    # apart (A4, E4): losing B3, it must disband one and would choose where.
    state = position(tmp_path, [capital("A1", 0, infantry=1), capital("B3", 1),
                                town("A4", 1, infantry=1), troops("E4", 1, infantry=1)],
                     dark=dark)
    take(state, SelectUnit, hex="A1", unit=INF)
    take(state, Step, hex="B2")
    take(state, Step, hex="B3")
    script_dice(state, [6])  # the empty town's die misses
    take(state, Fight, hex="B3")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.reason == "controls every capital"
    assert outcome.scores == (2.0, 0.0) and outcome.details["towns"] == [2, 1]
    assert state.to_move() == () or all(not state.legal_actions(p) for p in state.to_move())
    assert not events(state, "disband")  # never asked, never done
    assert state.supported[1] == [1, 0, 0, 0] and state.onboard[1] == [2, 0, 0, 0]
    assert state.units_at(hx(state, "A4"), 1)[INF] == 1
    assert state.units_at(hx(state, "E4"), 1)[INF] == 1
