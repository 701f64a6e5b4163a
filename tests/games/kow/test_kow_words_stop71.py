"""Kings of War's table words, as a rules lawyer at the terminal found them (audit, stop 71):
the turn dealt from the Battle Deck's last cards was not marked as the round's last; the
final turn's prompt said the dice "are rolled when both have chosen" and its log "Player 1 has
the initiative" with nobody else to play, the player with no dice read "not chosen"; a die
not used showed twice (in the fist and back in the pool); "(1 rounds)"; "Round 1 to You"."""

from __future__ import annotations

import random

from warroom.games.kow import GAME


def play_until(condition, seeds=range(200), config=None):
    """The first position, over games played at random, where `condition(state)` holds."""
    for seed in seeds:
        state = GAME.new_state(GAME.config(config or {}), seed)
        rng = random.Random(seed)
        while True:
            if condition(state):
                return state
            if state.is_terminal():
                break
            p = state.to_move()[0]
            actions = state.legal_actions(p)
            state.apply(p, actions[rng.randrange(len(actions))])
    raise AssertionError("no such position")


def test_the_turn_dealt_from_the_decks_last_cards_says_it_is_the_last():
    """"If the Battle Deck has no cards remaining, the Round ends": the turn dealt from its
    last three cards is the round's last, and the header says so as it says "(final)"."""
    state = play_until(lambda s: s.phase == "choose" and not s.deck and not s.final_turn)
    header = GAME.render(state.observation(0), 0).splitlines()[0]
    assert "(last)" in header and "Battle Deck: 0 cards" in header, header
    earlier = play_until(lambda s: s.phase == "choose" and s.deck and not s.final_turn)
    assert "(last" not in GAME.render(earlier.observation(0), 0).splitlines()[0]
    assert "'(last)'" in GAME.help_notes(state.observation(0), 0)


def test_the_final_turn_is_said_as_one_players_turn():
    state = play_until(lambda s: s.phase == "choose" and s.final_turn)
    p = state.to_move()[0]
    q = 1 - p
    obs = state.observation(p)
    prompt = GAME.prompt(obs, p)
    assert "when both have chosen" not in prompt and "the other player has no dice" in prompt
    rows = GAME.render(state.observation(q), q).splitlines()
    mine = next(line for line in rows if line.lstrip().startswith("You"))
    assert "no dice" in mine and "not chosen" not in mine, rows
    state.apply(p, state.legal_actions(p)[-1])
    said = [GAME.describe_event(e) for _, e in state.log if e["event"] == "reveal"][-1]
    assert said.startswith(f"Final turn: player {p} holds ") and "initiative" not in said, said


def test_dice_not_used_are_said_back_in_the_pool_not_counted_twice():
    def back_given(s):
        return s.phase == "allocate" and any(
            e["event"] == "dice_back" and any(e["dice"]) for _, e in s.log[-3:])
    state = play_until(back_given)
    event = next(e for _, e in reversed(state.log) if e["event"] == "dice_back")
    p = event["player"]
    row = next(line for line in GAME.render(state.observation(p), p).splitlines()
               if line.lstrip().startswith("You"))
    back = " ".join(f"{c}{n}" for c, n in zip("RWB", event["dice"]) if n)
    assert f"({back} back)" in row, row


def test_the_round_limit_of_one_round_and_a_round_won_by_you():
    state = play_until(lambda s: s.is_terminal(), config={"max_rounds": 1,
                                                          "victories_to_win": 2})
    end = [GAME.describe_event(e) for _, e in state.log if e["event"] == "game_over"][-1]
    assert "(1 round)" in end, end
    state = play_until(lambda s: s.round == 2 and s.phase == "choose" and s.turn == 1
                       and s.round_results[0]["winner"] is not None)
    winner = state.round_results[0]["winner"]
    line = GAME.render(state.observation(winner), winner)
    assert "Round 1 to you (" in line and "to You" not in line, line
