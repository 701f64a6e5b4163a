"""Audit (stop 50): OpenSpiel's information state of the player to move fixes its legal
actions (OpenSpiel's requirement; its ISMCTS keys its nodes by the string)."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import warroom.envs.openspiel as wos  # registers the games

DARK = "warroom_viktory_ii(players=3,radius=3,turn_limit=2,dark=true)"

GAMES = [
    ("warroom_kow(victories_to_win=1)", 30),
    ("warroom_champions(max_turns=6)", 30),
    ("warroom_battle(players=3)", 30),
    ("warroom_battle(deck_mode=draft,players=3,packs=3,pack_size=6,limited_size=15)", 30),
    ("warroom_word_iron", 30),
    ("warroom_viktory(mode=cards)", 30),
    ("warroom_viktory_ii(radius=3,turn_limit=3)", 20),
    (DARK, 20),
]


def test_ismcts_plays_the_dark_viktory_ii_config_that_crashed():
    """Audit (stop 50): ISMCTS (seeded resampling, 8 simulations) on dark Viktory II raised
    KeyError in run_simulation: at a capital placement two worlds with one information state
    string offered different sites (an opponent's hidden units on the mover's start area)."""
    game = pyspiel.load_game(DARK)
    bots = [wos.seed_resampling(ismcts.ISMCTSBot(
        game=game, uct_c=2.0, max_simulations=8,
        evaluator=mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(i)),
        random_state=np.random.RandomState(i))) for i in range(game.num_players())]
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 16:
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 16


@pytest.mark.parametrize("name, steps", GAMES)
def test_an_equal_information_state_string_means_equal_legal_actions(name, steps):
    """Audit (stop 50): over random games of several seeds, every state met (the game's own,
    the worlds `resample_from_infostate` gives its mover, and each of those one move on)
    with one information state string for the player to move has one set of legal actions;
    a resampled world keeps the mover's string and legal actions at the root; the string's
    `legal_actions` entry and the tensor's mask are the mover's legal actions, and a seat not
    to move has neither."""
    game = pyspiel.load_game(name)
    size = game.observation_tensor_size()
    assert game.information_state_tensor_size() == size + game.num_distinct_actions()
    seen: dict[tuple[int, str], list[int]] = {}

    def check(state) -> None:
        if state.is_terminal():
            return
        mover = state.current_player()
        legal = state.legal_actions()
        key = state.information_state_string(mover)
        assert seen.setdefault((mover, key), legal) == legal, (
            f"{name}: one information state string, two sets of legal actions")
        assert json.loads(key)[wos.LEGAL_ACTIONS] == legal
        tensor = np.array(state.information_state_tensor(mover))
        assert np.flatnonzero(tensor[size:]).tolist() == legal
        other = (mover + 1) % game.num_players()
        assert wos.LEGAL_ACTIONS not in json.loads(state.information_state_string(other))
        assert not np.array(state.information_state_tensor(other))[size:].any()

    for seed in range(2):
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        for _ in range(steps):
            if state.is_terminal():
                break
            check(state)
            mover = state.current_player()
            legal = state.legal_actions()
            key = state.information_state_string(mover)
            for _ in range(3):
                world = state.resample_from_infostate(mover, rng.random_sample)
                assert world.information_state_string(mover) == key
                assert world.legal_actions() == legal
                action = legal[rng.randint(len(legal))]
                ours = state.clone()
                ours.apply_action(action)
                world.apply_action(action)
                check(ours)
                check(world)
            state.apply_action(legal[rng.randint(len(legal))])
