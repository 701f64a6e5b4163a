"""Audit (stop 55), a person playing at the terminal: the end of Game of Champions said
"Game over: ..." twice, one line under the other, and Viktory's one battle said "the game
goes on" when its end was the game's."""

from __future__ import annotations

from warroom.agents import HeuristicAgent
from warroom.engine import PlayerView
from warroom.games import get_game

CHAMPIONS = get_game("champions")
VIKTORY = get_game("viktory")


def _played(game, config, seed, stop=lambda state: False):
    state = game.new_state(config, seed)
    agents = [HeuristicAgent(game, seed * 10 + p) for p in (0, 1)]
    while not state.is_terminal() and not stop(state):
        mover = state.to_move()[0]
        state.apply(mover, agents[mover].act(PlayerView(state, mover, game)))
    return state


def test_champions_end_is_not_said_twice_word_for_word():
    """Audit (stop 55): Champions printed "Game over: player 1 wins - player 0's army
    destroyed" twice at the end of `warroom play champions`: the closing "game_over" event
    (the log), then the final table, whose last line was the same text. The table now says
    "Winner: ..." as the other games' tables do, naming the reader "you"."""
    state = _played(CHAMPIONS, CHAMPIONS.config({}), 3)
    outcome = state.outcome()
    winner = outcome.winners[0]
    event = CHAMPIONS.describe_event(state.observation(None)["log"][-1])
    assert event.startswith("Game over: ")
    for viewer in (None, 0, 1):
        table = CHAMPIONS.render(state.observation(viewer), viewer).splitlines()
        assert event not in table, table
        assert [line for line in table if line.startswith("Winner")] == [table[-1]]
    assert CHAMPIONS.render(state.observation(None), None).splitlines()[-1] == \
        f"Winner: player {winner} - player {1 - winner}'s army destroyed"
    assert CHAMPIONS.render(state.observation(1 - winner), 1 - winner).splitlines()[-1] == \
        f"Winner: player {winner} - your army destroyed"


def test_viktory_battle_over_does_not_say_the_game_goes_on():
    """Audit (stop 55): in `warroom play viktory` (cards) the table said "Battle over:
    defender wins - attacker destroyed; the game goes on" and the game ended a line later:
    the one battle is the whole game, its result the game's, and only the card steps (the
    end-of-turn draw, the discards) are left. It now says the game ends after them."""
    config = VIKTORY.config({"mode": "cards"})
    seen = 0
    for seed in range(6):
        state = _played(VIKTORY, config, seed,
                        stop=lambda s: s.result is not None and not s.is_terminal())
        if state.is_terminal():
            continue
        for viewer in (None, 0, 1):
            text = " ".join(VIKTORY.render(state.observation(viewer), viewer).split())
            assert "goes on" not in text, text
            assert "; the game ends after the card steps" in text, text
        seen += 1
    assert seen >= 2
