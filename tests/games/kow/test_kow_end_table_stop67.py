"""Kings of War Battle Deck's text table once the game is over (stop 67)."""

from __future__ import annotations

from warroom.agents import RandomAgent
from warroom.engine.runner import play_game
from warroom.games.kow import GAME


def test_a_finished_games_table_owes_no_choice_of_dice():
    """Audit (stop 67): the final table, at the end of `warroom play` and of `replay`, said
    "not chosen" beside both players under the result, as if a choice of dice were owed, and
    "Table (next to the deck first):" with nothing on it. Both go once the game is over; the
    scores and the result stay."""
    for seed in range(5):
        state = play_game(GAME, GAME.config({}), seed,
                          [RandomAgent(GAME, seed), RandomAgent(GAME, seed + 1)]).state
        for viewer in (0, 1, None):
            obs = state.observation(viewer)
            text = GAME.render(obs, viewer)
            assert "not chosen" not in text and "chosen" not in text, text
            assert ("Table (next to" in text) == bool(obs["table"]), text
            assert "Winner: " in text and text.count("score ") == 2, text
