"""Audit (stop 61): OpenSpiel interop. Two Viktory II decisions shared one information state
string; list and unset options could not be set; `max_game_length` was not kept."""

from __future__ import annotations

import json
import pickle
import random

import pyspiel
import pytest

import warroom.envs.openspiel as wos  # registers the games
from warroom.engine import ConfigError, IllegalAction

VIKTORY_II = "warroom_viktory_ii(radius=3,turn_limit=3,seed={seed})"


def _own_actions(state, player: int) -> list[int]:
    return [step.action for step in state.full_history() if step.player == player]


def _stop_and_move(seed: int):
    """The first state of a random Viktory II game where "done stop" and "done move" lead
    the mover to one view (the last unit still to move stops, or movement ends): the two
    children, or None."""
    game = pyspiel.load_game(VIKTORY_II.format(seed=seed))
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and state.move_number() < 400:
        player = state.current_player()
        texts = {state.action_to_string(player, a): a for a in state.legal_actions()}
        if "done stop" in texts and "done move" in texts:
            stop, move = state.child(texts["done stop"]), state.child(texts["done move"])
            if (not stop.is_terminal() and stop.current_player() == move.current_player()
                    == player and stop.legal_actions() == move.legal_actions()
                    and stop.engine.observation(player) == move.engine.observation(player)):
                return player, stop, move
        state.apply_action(rng.choice(state.legal_actions()))
    return None


def test_done_stop_and_done_move_are_two_information_states():
    """Audit (stop 61): in Viktory II, "done stop" on the last unit still to move and "done
    move" lead to one view and one set of legal actions, and OpenSpiel's information state
    string (observation, log, legal actions) was the same for both: for CFR-family
    algorithms two decisions reached by different choices of the player shared a node. The
    string now holds the player's own actions."""
    found = next(filter(None, map(_stop_and_move, range(6))), None)
    assert found is not None  # the case was met
    player, stop, move = found
    assert _own_actions(stop, player) != _own_actions(move, player)
    strings = [s.information_state_string(player) for s in (stop, move)]
    assert strings[0] != strings[1]
    assert [json.loads(s)[wos.OWN_ACTIONS] for s in strings] == [
        _own_actions(stop, player), _own_actions(move, player)]


def test_one_information_state_string_means_one_decision():
    """Audit (stop 61): over random Viktory II games, every state met (and each child of it)
    with one information state string for a player has one set of legal actions and one
    history of that player's own actions (perfect recall)."""
    seen: dict[tuple[int, str], tuple[list[int], list[int]]] = {}

    def check(state) -> None:
        for player in range(state.num_players()):
            key = (player, state.information_state_string(player))
            facts = (state.legal_actions(player), _own_actions(state, player))
            assert seen.setdefault(key, facts) == facts

    for seed in range(2):
        state = pyspiel.load_game(VIKTORY_II.format(seed=seed)).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and state.move_number() < 150:
            for action in state.legal_actions():
                check(state.child(action))
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_resampled_world_keeps_the_players_own_actions():
    """Audit (stop 61): a world `resample_from_infostate` gives still has the player's
    information state string (ISMCTS asserts it), its own actions included."""
    state = pyspiel.load_game(VIKTORY_II.format(seed=1)).new_initial_state()
    rng = random.Random(1)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    world = state.resample_from_infostate(player, rng.random)
    assert world.information_state_string(player) == state.information_state_string(player)
    assert json.loads(world.information_state_string(player))[wos.OWN_ACTIONS]


def test_list_and_unset_options_are_set_as_text():
    """Audit (stop 61): OpenSpiel's parameters are plain values, and options that are lists
    or unset by default kept their defaults: `warroom_kow(red_faces=...)` was an unknown
    parameter. They are text, as `--set` takes it, a list's items separated by ';' (a game
    string splits at ',') or ',' in a dict."""
    game = pyspiel.load_game("warroom_kow(red_faces=0;0;2;2;2;3,seed=2)")
    assert game.config.red_faces == (0, 0, 2, 2, 2, 3)
    assert game.new_initial_state().engine.config.red_faces == (0, 0, 2, 2, 2, 3)
    assert pyspiel.load_game(str(game)).config == game.config  # the game string round trip
    assert pickle.loads(pickle.dumps(game)).config == game.config
    assert pyspiel.load_game("warroom_kow").get_parameters()["white_faces"] == "0;1;1;1;2;2"
    by_dict = pyspiel.load_game("warroom_kow", {"red_faces": "0,0,2,2,2,3"})
    assert by_dict.config == pyspiel.load_game("warroom_kow(red_faces=0;0;2;2;2;3)").config
    assert pyspiel.load_game("warroom_viktory_ii(mix=1;1;1;1;0)").config.mix == (1, 1, 1, 1, 0)
    viktory = pyspiel.load_game("warroom_viktory",
                                {"attackers": "2i1c;1a@frigate", "attacker_towns": "3"})
    assert viktory.config.attackers == ("2i1c", "1a@frigate")
    assert viktory.config.attacker_towns == 3
    assert pyspiel.load_game("warroom_viktory(attackers=none)").config.attackers is None


@pytest.mark.parametrize("game_string, option, message", [
    ("warroom_kow(red_faces=0;x;2;2;2;3)", "red_faces",
     "option 'red_faces' item 2 must be an integer, got 'x'"),
    ("warroom_viktory_ii(mix=1;1;1;1)", "mix", "option 'mix' must be a list of 5 items"),
])
def test_a_bad_option_text_is_one_line_naming_the_option(game_string, option, message):
    """Audit (stop 61): a text option warroom refuses is its ConfigError, one line naming
    the option."""
    with pytest.raises(ConfigError) as info:
        pyspiel.load_game(game_string)
    assert str(info.value).startswith(message) and "\n" not in str(info.value)
    assert info.value.option == option


def test_a_game_that_never_ends_is_cut_off_at_max_game_length(monkeypatch):
    """Audit (stop 61): `max_game_length` was declared but not kept: Champions' Roshambo
    between two seats that always throw alike went on past it (for ever). A state ends the
    game there unfinished, a draw, OpenSpiel's truncation."""
    monkeypatch.setattr(wos, "MAX_GAME_LENGTH", 300)
    game = pyspiel.load_game("warroom_champions")
    assert game.max_game_length() == 300
    state = game.new_initial_state()
    world = None
    while not state.is_terminal() and state.move_number() < 1000:
        player = state.current_player()
        if state.move_number() == 290:
            world = state.resample_from_infostate(player, random.Random(0).random)
        legal = state.legal_actions()
        texts = {state.action_to_string(player, a): a for a in legal}
        state.apply_action(texts.get("throw rock", legal[0]))  # every throw alike
    assert state.is_terminal() and state.move_number() == 300
    assert not state.engine.is_terminal()  # the rules never ended it
    assert state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == [] and state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="cut off at 300 decisions"):
        state.apply_action(0)
    assert world is not None  # a world resampled at decision 290 has 10 left
    while not world.is_terminal():
        legal = world.legal_actions()
        texts = {world.action_to_string(world.current_player(), a): a for a in legal}
        world.apply_action(texts.get("throw rock", legal[0]))
    assert world.move_number() == 10 and world.returns() == [0.0, 0.0]
