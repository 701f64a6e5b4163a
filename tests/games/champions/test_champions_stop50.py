"""Audit (stop 50): the Game of Champions' rule text read line by line."""

from __future__ import annotations

from champions_helpers import arrange, fight

from warroom.games.champions.actions import Revive
from warroom.games.champions.state import MEDIC, OVER


def test_ruling_no_medic_once_the_battle_destroyed_the_defenders_army():
    """Audit (stop 50): a battle that destroyed the defender's last battalion still offered
    the attacking Queen's Medic (revive or decline) before the game ended, and a revival
    raised the winner's final score from 9 to 15. The object is to "destroy your opponents
    army by defeating their battalions": once it is, the game is over, no decision left."""
    s = arrange({"QH": ["9H"]}, {"KS": ["5S"]}, reserve=["8C"], casualties=(["6H"], []))
    fight(s, "QH", "KS")
    assert s.phase == OVER and s.phase != MEDIC
    assert s.to_move() == ()
    assert Revive() not in s.legal_actions(0)
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "army destroyed" and outcome.scores == (9.0, 0.0)


def test_ruling_the_medic_still_follows_a_battle_the_game_goes_on_after():
    """Audit (stop 50): the Medic is still offered after a battle that leaves the defender a
    battalion (the rule's own case)."""
    s = arrange({"QH": ["9H"]}, {"KS": ["5S"], "KD": ["4D"]}, reserve=["8C"],
                casualties=(["6H"], []))
    fight(s, "QH", "KS")
    assert s.phase == MEDIC and Revive() in s.legal_actions(0)
