"""warroom games as OpenSpiel Python games: OpenSpiel's own random simulation test, the
sampled-stochastic clone and resampling semantics, and OpenSpiel's ISMCTS playing a game."""

from __future__ import annotations

import copy
import json
import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

from game_cases import env_games
from warroom.envs import openspiel as wos
from warroom.games import REGISTRY

SMALL = {"warroom_kow": "victories_to_win=1", "warroom_champions": "max_turns=8",
         "warroom_battle": "max_rounds=20", "warroom_word_iron": "max_rounds=6",
         "warroom_viktory": "mode=cards",
         "warroom_viktory_ii": "mode=cards,radius=3,turn_limit=4"}


def test_every_game_is_registered():
    assert sorted(wos.GAMES) == sorted(wos.short_name(g) for g in REGISTRY.values())
    assert set(wos.GAMES) <= set(pyspiel.registered_names())
    assert wos.register() == wos.GAMES  # registering again is harmless


@pytest.mark.parametrize("name", sorted(SMALL))
def test_openspiel_random_simulation(name):
    """OpenSpiel's own checks: legal actions, cloning, observations and returns along random
    games (serialisation is off: a sampled-stochastic game has no serialisable chance)."""
    game = pyspiel.load_game(f"{name}({SMALL[name]})")
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_game_type_and_parameters():
    game = pyspiel.load_game("warroom_kow(victories_to_win=2,seed=5)")
    gtype = game.get_type()
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gtype.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.get_parameters()["victories_to_win"] == 2
    assert game.num_distinct_actions() == REGISTRY["kow"].encoding(
        REGISTRY["kow"].config({"victories_to_win": 2})).num_actions
    assert pyspiel.load_game("warroom_battle(players=4)").num_players() == 4
    assert (pyspiel.load_game("warroom_battle(players=3)").get_type().utility
            == pyspiel.GameType.Utility.GENERAL_SUM)
    with pytest.raises(Exception, match="victories_to_win"):
        pyspiel.load_game("warroom_kow(victories_to_win=0)")


def test_seed_sequence_repeats_the_deals():
    def deals(seed):
        game = pyspiel.load_game(f"warroom_champions(seed={seed},roshambo=random)")
        return [str(game.new_initial_state()) for _ in range(3)]
    assert deals(1) == deals(1)
    assert deals(1) != deals(2)
    assert len(set(deals(1))) > 1


def test_clone_is_independent_and_keeps_the_history():
    game = pyspiel.load_game("warroom_kow(victories_to_win=1)")
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    twin = state.clone()
    assert twin.history() == state.history()
    assert twin.information_state_string(0) == state.information_state_string(0)
    twin.apply_action(twin.legal_actions()[0])
    assert twin.history() != state.history()
    assert len(state.history()) == 6


def test_resampling_keeps_the_players_information_state():
    game = pyspiel.load_game("warroom_champions(roshambo=random)")
    state = game.new_initial_state()
    rng = random.Random(1)
    for step in range(80):
        player = state.current_player()
        sampled = state.resample_from_infostate(player, rng.random)
        assert sampled.information_state_string(player) == state.information_state_string(player)
        assert sampled.observation_tensor(player) == state.observation_tensor(player)
        assert sampled.legal_actions() == state.legal_actions()
        if step == 0:
            other = 1 - player
            assert sampled.engine.observation(other) != state.engine.observation(other)
        state.apply_action(rng.choice(state.legal_actions()))


def test_observer_pieces_are_the_encodings():
    game = pyspiel.load_game("warroom_kow")
    state = game.new_initial_state()
    enc = REGISTRY["kow"].encoding(REGISTRY["kow"].config())
    assert np.array_equal(np.array(state.observation_tensor(0), np.float32),
                          enc.encode(state.engine, 0))
    assert game.observation_tensor_shape() == [enc.size]
    assert '"log"' in state.information_state_string(0)
    assert '"log"' not in state.observation_string(0)


def test_openspiel_ismcts_plays_a_warroom_game():
    """OpenSpiel's ISMCTS bot samples worlds with resample_from_infostate (and asserts that
    each has the searcher's information state) and plays legal moves to the end."""
    game = pyspiel.load_game("warroom_kow(victories_to_win=1,seed=2)")
    for g in range(2):
        bot = wos.seed_resampling(ismcts.ISMCTSBot(
            game=game, uct_c=2.0, max_simulations=15,
            evaluator=mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(g)),
            random_state=np.random.RandomState(g)))
        rng = np.random.RandomState(10 + g)
        state = game.new_initial_state()
        searched = 0
        while not state.is_terminal():
            if state.current_player() == g % 2:
                policy, action = bot.step_with_policy(state)
                assert abs(sum(p for _, p in policy) - 1.0) < 1e-9
                assert {a for a, _ in policy} <= set(state.legal_actions())
                searched += 1
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(int(action))
        assert searched and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_clone_of_a_state_not_yet_dealt_is_the_same_game():
    """The engine state is dealt on first use; a clone made before that dealt its own game
    from the seed sequence (another table, other colours)."""
    game = pyspiel.load_game("warroom_kow(seed=3)")
    state = game.new_initial_state()
    twin = state.clone()
    assert str(twin) == str(state)
    action = twin.legal_actions()[0]
    twin.apply_action(action)
    state.apply_action(action)
    assert str(twin) == str(state)


def test_an_action_not_legal_now_is_a_clear_error_and_changes_nothing():
    from warroom.engine import IllegalAction

    game = pyspiel.load_game("warroom_kow(seed=1)")
    state = game.new_initial_state()
    before = str(state)
    illegal = next(a for a in range(game.num_distinct_actions())
                   if a not in state.legal_actions())
    with pytest.raises(IllegalAction, match=f"action {illegal} is not legal for player 0 now"):
        state.apply_action(illegal)
    assert str(state) == before
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply_action(0)


def test_the_utility_is_the_configs_zero_sum_for_two_players():
    zero, general = pyspiel.GameType.Utility.ZERO_SUM, pyspiel.GameType.Utility.GENERAL_SUM
    assert pyspiel.load_game("warroom_viktory_ii").get_type().utility == zero
    assert pyspiel.load_game("warroom_battle(players=2)").get_type().utility == zero
    assert pyspiel.load_game("warroom_battle(players=4)").get_type().utility == general
    assert pyspiel.load_game("warroom_viktory_ii(players=3)").get_type().utility == general


def _ismcts_moves(seed: int) -> list[int]:
    """The moves of a game in which a seeded ISMCTS bot plays seat 0 against a seeded random
    player."""
    game = pyspiel.load_game("warroom_kow(victories_to_win=1,seed=2)")
    bot = wos.seed_resampling(ismcts.ISMCTSBot(
        game=game, uct_c=2.0, max_simulations=15,
        evaluator=mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed)),
        random_state=np.random.RandomState(seed)))
    rng = np.random.RandomState(10)
    state, moves = game.new_initial_state(), []
    while not state.is_terminal():
        mine = state.current_player() == 0
        action = int(bot.step(state) if mine else rng.choice(state.legal_actions()))
        moves.append(action)
        state.apply_action(action)
    return moves


def test_a_seeded_ismcts_run_repeats():
    """OpenSpiel's Python ISMCTS bot resampled worlds with an unseeded sampler of its own
    (UniformProbabilitySampler(0, 1) seeds itself from the clock), so a run with seeded
    random states played other moves each time; seed_resampling draws from its random_state."""
    assert _ismcts_moves(0) == _ismcts_moves(0)
    assert _ismcts_moves(1) == _ismcts_moves(1)


def _obs_type(private, public=True, perfect_recall=False):
    return pyspiel.IIGObservationType(perfect_recall=perfect_recall, public_info=public,
                                      private_info=private)


@pytest.mark.parametrize("perfect_recall", [False, True])
def test_a_public_observation_shows_no_private_information(perfect_recall):
    """It was the seat's own view, hand included, whatever the type asked for."""
    game = pyspiel.load_game("warroom_battle")
    state = game.new_initial_state()
    public = make_observation(game, _obs_type(pyspiel.PrivateInfoType.NONE,
                                              perfect_recall=perfect_recall))
    own = make_observation(game, _obs_type(pyspiel.PrivateInfoType.SINGLE_PLAYER,
                                           perfect_recall=perfect_recall))
    text = public.string_from(state, 0)
    assert "hand" not in json.loads(text) and json.loads(text)["seats"][0]["hand"] == 7
    assert len(json.loads(own.string_from(state, 0))["hand"]) == 7  # the seat's own cards
    assert text == public.string_from(state, 1)  # the same for every seat
    assert ("log" in json.loads(text)) == perfect_recall
    assert public.tensor is None and public.dict == {}


@pytest.mark.parametrize("obs_type", [
    _obs_type(pyspiel.PrivateInfoType.ALL_PLAYERS),
    _obs_type(pyspiel.PrivateInfoType.SINGLE_PLAYER, public=False)])
def test_an_observation_no_seat_has_is_not_offered(obs_type):
    """OpenSpiel's convention for a type a game does not give: make_observation returns None.
    Every player's private information was answered with one seat's view."""
    assert make_observation(pyspiel.load_game("warroom_kow"), obs_type) is None


def test_observation_parameters_are_refused():
    with pytest.raises(ValueError, match="observation parameters are not supported"):
        make_observation(pyspiel.load_game("warroom_kow"), None, {"x": 1})


def play_randomly(state, moves: int, rng: random.Random) -> None:
    """Up to `moves` random legal actions, fewer if the game ends."""
    for _ in range(moves):
        if not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", env_games())
def test_a_game_and_a_state_pickle_and_deep_copy(name):
    """pyspiel pickles a sampled-stochastic game with its generator, which a Python game
    cannot give: both raised SpielError 'GetRNGState unimplemented'."""
    game = pyspiel.load_game(wos.short_name(REGISTRY[name]) + "(seed=3)")
    state = game.new_initial_state()
    rng = random.Random(0)
    play_randomly(state, 5, rng)
    twin_game = pickle.loads(pickle.dumps(game))
    assert str(twin_game) == str(game)
    assert (twin_game.new_initial_state().information_state_string(0)
            == game.new_initial_state().information_state_string(0))  # the next deal
    copies = [pickle.loads(pickle.dumps(state)), copy.deepcopy(state)]
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        for s in [state, *copies]:
            s.apply_action(action)
    for s in copies:
        assert s.returns() == state.returns()
        assert s.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize("action", [75, 1000, -1])
def test_an_action_outside_the_game_is_named_by_action_to_string(action):
    """Defect: `action_to_string` of an index past the game's actions raised a bare
    IndexError ("tuple index out of range"), and -1 named the last action; it says what is
    wrong, as `apply_action` does."""
    state = pyspiel.load_game("warroom_kow").new_initial_state()
    with pytest.raises(ValueError, match=f"action {action} is no action of this game "
                                         r"\(0 to 74\)"):
        state.action_to_string(0, action)
    assert state.action_to_string(0, 74)


@pytest.mark.parametrize("name", env_games())
def test_an_unpickled_state_keeps_its_action_history(name):
    """Audit (stop 42): a state rebuilt from a pickle was a new state round its engine
    state: `history()` empty, `move_number()` 0 and `is_initial_state()` True after moves,
    where clone(), deepcopy and deserialize_state keep them."""
    short = wos.short_name(REGISTRY[name])
    game = pyspiel.load_game(f"{short}({SMALL[short]},seed=3)" if short in SMALL
                             else f"{short}(seed=3)")
    state = game.new_initial_state()
    rng = random.Random(1)
    play_randomly(state, 6, rng)
    twin = pickle.loads(pickle.dumps(state))
    moves = len(state.history())  # 6, or fewer if the game ended (a viktory battle may)
    assert twin.history() == state.history() and moves >= 2
    assert twin.history_str() == state.history_str()
    assert [(a.player, a.action) for a in twin.full_history()] == [
        (a.player, a.action) for a in state.full_history()]
    assert twin.move_number() == state.move_number() == moves
    assert not twin.is_initial_state()
    assert twin.current_player() == state.current_player()
    while not state.is_terminal():  # the engine state, generator included, is the same
        for p in range(game.num_players()):
            assert twin.information_state_string(p) == state.information_state_string(p)
        assert str(twin) == str(state)
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        twin.apply_action(action)
    assert twin.returns() == state.returns() and twin.history() == state.history()


def test_a_new_state_pickles_as_a_new_state_of_the_same_game():
    game = pyspiel.load_game("warroom_kow(seed=3)")
    state = game.new_initial_state()
    twin = pickle.loads(pickle.dumps(state))
    assert twin.is_initial_state() and twin.history() == [] and str(twin) == str(state)


def test_a_game_with_a_comma_in_a_text_option_pickles():
    """Audit (stop 42): a game was pickled as its game string, which OpenSpiel's parser splits
    at ',': a text option with a comma (word-iron's `prize`) made unpickling raise SpielError
    "Unknown parameter ' and a cart,...'", for the game and for every state of it."""
    game = pyspiel.load_game("warroom_word_iron",
                             {"prize": "a horse, and a cart", "max_rounds": 6, "seed": 2})
    twin = pickle.loads(pickle.dumps(game))
    assert twin.get_parameters() == game.get_parameters()
    assert twin.config.prize == "a horse, and a cart"
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy_ = pickle.loads(pickle.dumps(state))
    assert copy_.get_game().config == game.config
    assert copy_.information_state_string(0) == state.information_state_string(0)


def test_the_largest_seed_openspiel_takes_is_played_and_a_larger_one_is_its_error():
    """Audit (research environments, stop 47): a seed of 2**31 failed with OpenSpiel's own
    unclear error; its integer parameters are C++ ints. The README says so; the largest it
    takes deals alike by a game string and a dict, and the next is refused by OpenSpiel
    before warroom sees it."""
    top = 2**31 - 1
    a = pyspiel.load_game(f"warroom_kow(victories_to_win=1,seed={top})")
    b = pyspiel.load_game("warroom_kow", {"victories_to_win": 1, "seed": top})
    assert str(a.new_initial_state()) == str(b.new_initial_state())
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game(f"warroom_kow(seed={top + 1})")
