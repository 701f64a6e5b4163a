"""A flagged card's verdict says what its numbers are: the player-games that drew it, of
those that could, and the comparable ones."""

from __future__ import annotations

from warroom.engine import DRAWN
from warroom.sim.cards import CardAnalysis, CardEffect


def test_a_flagged_cards_verdict_names_its_counts():
    """Audit (stop 56): a flagged card's verdict said "73 of 150 player-games", the holders
    among the comparable player-games, while the card was drawn in 184 of 300 (its usage):
    it now says so, as the words of an untested card do ("drawn in 20 of 200 player-games,
    127 comparable")."""
    effect = CardEffect("Pike Square", DRAWN, 73, 77, 0.7, (0.6, 0.8), 0.4, (0.3, 0.5), 0.3,
                        (0.15, 0.45), 0.0001, p_adjusted=0.001)
    analysis = CardAnalysis(games=150, player_games=300,
                            usage={"Pike Square": {DRAWN: [250, 184]}}, effects=[effect],
                            tests=1)
    verdict = analysis.verdict()
    assert "1 flagged" in verdict
    assert ("drawn in 184 of 300 player-games, 150 comparable, 73 of them drew it; "
            "adjusted p = 0.001)") in verdict, verdict
    assert "73 of 150 player-games" not in verdict
