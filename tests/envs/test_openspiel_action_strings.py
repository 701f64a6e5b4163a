"""OpenSpiel action strings: one text per (player, action), whoever is to move and however
the game has moved on, that `string_to_action` parses back, and that reads nothing of the
state (so it can name nothing a player may not see)."""

from __future__ import annotations

import importlib
import random

import pyspiel
import pytest

import warroom.envs.openspiel  # noqa: F401 (registers the games)
from game_cases import env_games
from warroom.games import REGISTRY

SMALL = {"warroom_kow": "victories_to_win=1", "warroom_champions": "max_turns=8",
         "warroom_battle": "max_rounds=20", "warroom_word_iron": "max_rounds=6",
         "warroom_viktory": "mode=cards",
         "warroom_viktory_ii": "mode=cards,radius=3,turn_limit=4"}


def test_the_audits_case_one_string_for_every_player_and_after_the_move():
    """Defect: `action_to_string(p, a)` gave the action's label ('dice: 1 blue') for the
    player to move and the key's text ('choose 0 red, 0 white, 1 blue') for anyone else or
    once the state had moved on, and `string_to_action` did not parse the second back."""
    state = pyspiel.load_game("warroom_kow").new_initial_state()
    text = state.action_to_string(0, 0)
    assert text == state.action_to_string(1, 0) == "choose 0 red, 0 white, 1 blue"
    assert state.string_to_action(text) == 0
    assert state.string_to_action(1, text) == 0
    assert pyspiel.State.string_to_action(state, text) == 0  # OpenSpiel's own parser too
    later = state.clone()
    later.apply_action(0)
    assert later.action_to_string(0, 0) == text and later.string_to_action(0, text) == 0


@pytest.mark.parametrize("name", sorted(SMALL))
def test_every_action_has_one_string_that_parses_back_along_a_game(name):
    """Defect (as above, every game): the string of a (player, action) changed with who was
    to move and with the state."""
    game = pyspiel.load_game(f"{name}({SMALL[name]})")
    players = game.num_players()
    first = game.new_initial_state()
    texts = [first.action_to_string(0, a) for a in range(game.num_distinct_actions())]
    assert len(set(texts)) == len(texts)  # each names one action
    rng = random.Random(1)
    state = first
    while not state.is_terminal():
        legal = state.legal_actions()
        for action in legal:
            for player in range(players):
                assert state.action_to_string(player, action) == texts[action]
                assert state.string_to_action(player, texts[action]) == action
            assert state.string_to_action(texts[action]) == action
        state.apply_action(rng.choice(legal))
    for action in rng.sample(range(len(texts)), min(50, len(texts))):  # after the end too
        assert state.action_to_string(players - 1, action) == texts[action]
        assert state.string_to_action(players - 1, texts[action]) == action


@pytest.mark.parametrize("name", sorted(SMALL))
def test_an_action_string_reads_nothing_of_the_state(name):
    """A label reads the state (kow's 'defeat 2♠ with #1', Champions' '10C on KS': the card a
    place puts down): as an action string it would differ from deal to deal and could name a
    card another player may not see. The key's text is the same in every state of every
    deal: it says no more than the index."""
    def strings(seed):
        game = pyspiel.load_game(f"{name}({SMALL[name]},seed={seed})")
        state, rng = game.new_initial_state(), random.Random(seed)
        for _ in range(6):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        return [state.action_to_string(p, a) for p in range(game.num_players())
                for a in range(game.num_distinct_actions())]
    assert strings(1) == strings(2)


def test_a_text_no_action_has_is_refused():
    state = pyspiel.load_game("warroom_kow").new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="Couldn't find an action matching 'dice: 1 "
                                                  "blue'"):
        state.string_to_action(0, "dice: 1 blue")  # a label is no action string
    with pytest.raises(TypeError, match="string_to_action takes"):
        state.string_to_action(0, 1, "stop")


@pytest.mark.parametrize("game", env_games())
def test_no_two_keys_of_a_conformance_config_read_alike(game):
    g = REGISTRY[game]
    package = importlib.import_module(type(g).__module__)
    for values in getattr(package, "CONFORMANCE_CONFIGS", [{}]):
        enc = g.encoding(g.config(values))
        texts = [enc.describe_key(key) for key in enc.keys]
        assert len(set(texts)) == len(texts), values


def test_keys_that_read_alike_get_their_index():
    game = type(pyspiel.load_game("warroom_kow"))({"victories_to_win": 1})  # a game of its own

    class Alike:  # an encoding whose keys all read alike but the last
        keys = [("a",), ("b",), ("c",)]

        @staticmethod
        def describe_key(key):
            return "same" if key != ("c",) else "other"

    game.encoding = Alike()
    game._strings = game._numbers = None
    assert game.action_strings() == ["same (action 0)", "same (action 1)", "other"]
    assert game.action_numbers() == {"same (action 0)": 0, "same (action 1)": 1, "other": 2}
