"""The single-seat Gymnasium environment: Gymnasium's check_env for every game, opponents
from agent SPECs, seats, rewards, and illegal actions."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from game_cases import env_games, has_heuristic
from warroom.engine import ConfigError, IllegalAction, Outcome
from warroom.envs.gymnasium import WarroomEnv, env
from warroom.envs.table import rewards
from warroom.games import get_game


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("opponent", "name"), [
    (opponent, name) for opponent in ["heuristic", "random"] for name in env_games()
    if opponent == "random" or has_heuristic(name)])
def test_check_env(name, opponent):
    check_env(env(name, opponent=opponent, render_mode="ansi"), skip_render_check=False)


def play(e, seed):
    obs, info = e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        assert np.array_equal(e.action_masks(), obs["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = e.step(action)
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps, info


@pytest.mark.parametrize("name, options", [("kow", {}), ("champions", {}), ("word-iron", {}),
                                            ("viktory", {}),
                                            ("viktory-ii", {"radius": 3, "turn_limit": 4})])
def test_masked_play_ends_with_the_games_outcome(name, options):
    e = env(name, opponent="heuristic", **options)
    for seed in range(2):
        total, _, info = play(e, seed)
        assert total in (-1.0, 0.0, 1.0)
        outcome = e.table.live.outcome()
        expected = 0.0 if not outcome.winners else (1.0 if 0 in outcome.winners else -1.0)
        assert total == expected and "illegal_action" not in info


def test_same_seed_same_episode():
    a = play(env("champions", opponent="heuristic", roshambo="random"), 4)
    b = play(env("champions", opponent="heuristic", roshambo="random"), 4)
    assert a == b


def test_random_seat_and_opponent_list():
    e = env("battle", opponent=["random", "heuristic"], seat="random", players=3)
    seats = set()
    for seed in range(6):
        e.reset(seed=seed)
        seats.add(e.seat)
        assert e.table.to_move() == e.seat
        assert set(e.opponents) == {0, 1, 2} - {e.seat}
    assert len(seats) > 1


@pytest.mark.parametrize("seed, won", [(0, True), (1, False)])
def test_team_game_reward_is_the_teams(seed, won):
    """Audit (stop 47): the check sat under `if outcome.winners:` and a seed without a winner
    passed it unchecked. Now seeds whose games end with a winning team (seat 1's, then the
    other), the episode's reward and every seat's asserted unconditionally."""
    e = env("battle", opponent="heuristic", seat=1, players=4, teams="alliance")
    total, _, _ = play(e, seed)
    outcome = e.table.live.outcome()
    assert outcome.winners == ((1, 3) if won else (0, 2))
    assert total == (1.0 if won else -1.0)
    assert e.table.rewards() == ([-1.0, 1.0, -1.0, 1.0] if won else [1.0, -1.0, 1.0, -1.0])


def test_team_reward_is_shared_by_a_member_the_outcome_does_not_list():
    """Audit (stop 47): Battle's outcomes list every member of the winning team (at the last
    team standing, and at the turn limit), so no game played could tell the team's reward
    from a seat's own: the sharing in envs.table.rewards was never needed. An outcome made by
    hand listing one member only: its teammate must share the win, the others lose; without
    teams each seat has its own reward."""
    game = get_game("battle")
    teams = game.config({"players": 4, "teams": "alliance"})
    assert game.team_seats(teams) == [(0, 2), (1, 3)]
    assert rewards(game, teams, Outcome((1,), (5.0,) * 4, "hand-made"), 4) == \
        [-1.0, 1.0, -1.0, 1.0]
    assert rewards(game, teams, Outcome((2,), (5.0,) * 4, "hand-made"), 4) == \
        [1.0, -1.0, 1.0, -1.0]
    assert rewards(game, teams, Outcome((), (5.0,) * 4, "draw"), 4) == [0.0] * 4
    alone = game.config({"players": 4})
    assert rewards(game, alone, Outcome((1,), (5.0,) * 4, "hand-made"), 4) == \
        [-1.0, 1.0, -1.0, -1.0]


def test_an_illegal_action_loses_or_raises():
    e = env("kow")
    obs, _ = e.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(bad)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(RuntimeError, match="call reset"):
        e.step(bad)
    strict = env("kow", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalAction, match="not legal"):
        strict.step(bad)


def test_max_steps_truncates():
    e = env("champions", max_steps=3)
    obs, _ = e.reset(seed=1)
    for _ in range(3):
        obs, reward, terminated, truncated, _ = e.step(
            int(np.flatnonzero(obs["action_mask"])[0]))
    assert truncated and not terminated and reward == 0.0


def test_bad_arguments_are_clear_errors():
    with pytest.raises(ConfigError, match="unknown player 'chess-engine'"):
        env("kow", opponent="chess-engine")
    with pytest.raises(ConfigError, match="1 SPECs needed"):
        env("kow", opponent=["random", "random"])
    with pytest.raises(ValueError, match="seat must be"):  # the environment's own argument
        env("kow", seat=2)
    with pytest.raises(ConfigError, match="unknown option"):
        env("kow", colour="red")


def test_registered_with_gymnasium_make():
    e = gymnasium.make("warroom/kow-v0", opponent="random", victories_to_win=1)
    obs, _ = e.reset(seed=0)
    assert isinstance(e.unwrapped, WarroomEnv)
    assert obs["observation"].shape == e.observation_space["observation"].shape


def test_render_is_the_learners_view():
    e = env("viktory", render_mode="ansi", mode="cards", seat=1)
    e.reset(seed=0)
    assert e.render() == e.table.game.render(e.table.live.observation(1), 1)


@pytest.mark.parametrize("options, message", [
    ({"opponent": "human"}, "opponent: 'human' cannot play .*AI players only"),
    ({"opponent": None}, "opponent must be a player SPEC or a list of them, got None"),
    ({"max_steps": 0}, "max_steps must be an integer >= 1 or None, got 0"),
    ({"seat": True}, "seat must be 'random' or a seat from 0 to 1, got True"),
])
def test_options_a_training_loop_would_trip_on_later_are_refused_at_once(options, message):
    """A human opponent blocked step() at a prompt; None raised a TypeError; max_steps=0 ended
    every episode after one step; seat=True was seat 1. (Audit (stop 56): the environment's
    own arguments, seat and max_steps, are ValueErrors, as PettingZoo's max_cycles is; a
    player SPEC is warroom's ConfigError, as on the command line.)"""
    error = ValueError if set(options) & {"max_steps", "seat"} else ConfigError
    with pytest.raises(error, match=message):
        env("kow", **options)


def test_a_seat_may_be_a_numpy_integer():
    assert env("kow", seat=np.int64(1)).seat == 1


@pytest.mark.parametrize("action", [10**6, -1, None, True, 1.5])
def test_a_value_that_is_no_index_of_the_space_is_an_error_not_a_lost_episode(action):
    e = env("kow")
    e.reset(seed=0)
    with pytest.raises(ValueError, match="action space|an action index"):
        e.step(action)
    legal = int(np.flatnonzero(e.action_masks())[0])
    e.step(np.array([legal]))  # the episode goes on: a one-item array is an index too


def test_action_masks_before_reset_says_so():
    with pytest.raises(RuntimeError, match="call reset"):
        env("kow").action_masks()


def test_a_game_over_before_the_learners_first_decision_is_skipped_and_counted():
    """A viktory battle the opponent ends before seat 1 decides came back from reset() with an
    all-zero mask, and the first step() raised: the episode could neither be played nor
    counted."""
    from warroom.agents import make_agent
    from warroom.engine import PlayerView, derive_seed
    from warroom.envs.table import Table, seed_from

    options = {"mode": "cards", "scenario": "empty-town"}
    e = env("viktory", opponent="random", seat=1, **options)
    skipped = []
    for seed in range(8):
        obs, info = e.reset(seed=seed)
        assert obs["action_mask"].any() and e.table.to_move() == 1
        skipped += info["skipped"]
        if info["skipped"]:  # each skipped game, played again apart: the learner's reward
            rng = np.random.default_rng(seed)
            for reward in info["skipped"]:
                table = Table("viktory", options)
                game_seed = seed_from(rng)
                table.reset(game_seed)
                agent = make_agent("random", table.game, derive_seed(game_seed, "opponent", 0))
                while table.to_move() == 0:
                    table.apply_action(0, agent.act(PlayerView(table.live, 0, table.game)))
                assert table.to_move() is None and table.rewards()[1] == reward
            assert seed_from(rng) == e.table.seed  # then the game the learner plays
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert skipped  # the case arose


def test_a_reset_says_when_the_learner_never_gets_to_play(monkeypatch):
    import warroom.envs.gymnasium as module

    monkeypatch.setattr(module, "SKIP_LIMIT", 2)
    e = env("viktory", opponent="random", seat=1, mode="cards", scenario="empty-town")
    with pytest.raises(RuntimeError, match="2 games in a row ended before seat 1 had a "
                                           "decision"):
        for seed in range(40):
            e.reset(seed=seed)


@pytest.mark.parametrize("name", [name for name in env_games() if has_heuristic(name)])
def test_an_environment_pickles_and_deep_copies_and_the_copy_plays_on_alike(name):
    import copy
    import pickle

    e = env(name, opponent="heuristic")
    pickle.loads(pickle.dumps(e))
    obs, _ = e.reset(seed=3)
    envs = [e, pickle.loads(pickle.dumps(e)), copy.deepcopy(e)]
    rng = np.random.default_rng(0)
    for _ in range(30):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        results = [x.step(action) for x in envs]
        for other in results[1:]:
            assert np.array_equal(other[0]["observation"], results[0][0]["observation"])
            assert np.array_equal(other[0]["action_mask"], results[0][0]["action_mask"])
            assert other[1:] == results[0][1:]
        obs, _, terminated, truncated, _ = results[0]
        if terminated or truncated:
            break


def test_gymnasium_make_in_a_fresh_process_names_the_module():
    """`gymnasium.make("warroom/kow-v0")` needs this module imported first; the README gives
    Gymnasium's `module:id` form for a process that has not."""
    import subprocess
    import sys

    code = ("import gymnasium\n"
            "e = gymnasium.make('warroom.envs.gymnasium:warroom/kow-v0', opponent='random')\n"
            "print(type(e.unwrapped).__name__, e.reset(seed=0)[1]['seat'])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["WarroomEnv", "0"]


def test_a_long_game_pickles_and_deep_copies_and_its_log_rebuilds():
    """Defect: an environment plays with the log off, and the state kept the actions since as
    a chain of nested tuples, one an action: pickle and deepcopy recursed once a level, so a
    Viktory II game (about 2,700 decisions played at random) could not be copied past some
    330 of them (RecursionError). The chain travels flat now; the copies play on alike, and
    their log rebuilds to the original's."""
    import copy
    import pickle

    from warroom.envs.pettingzoo import env as aec_env

    e = aec_env("viktory-ii")
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(1000):
        obs = e.last()[0]
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    copies = [copy.deepcopy(e), pickle.loads(pickle.dumps(e))]
    for _ in range(20):
        obs = e.last()[0]
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        for x in [e, *copies]:
            x.step(action)
        for other in copies:
            mine, theirs = e.last()[0], other.last()[0]
            assert np.array_equal(mine["observation"], theirs["observation"])
            assert np.array_equal(mine["action_mask"], theirs["action_mask"])
    log = e.unwrapped.table.state.log
    assert len(log) > 1000
    for other in copies:
        assert other.unwrapped.table.state.log == log


def test_a_vector_environment_can_pick_from_every_mask_across_episode_ends():
    """Audit (stop 42): with Gymnasium 1.x's next-step autoreset a vector environment asks
    for an action at the final observation (and ignores it), whose mask was all 0: picking
    from the mask for every row raised IndexError and a masked softmax gave NaN. The final
    mask allows action 0 alone (what Discrete.sample gives for an empty mask)."""
    n = 3
    v = gymnasium.vector.SyncVectorEnv(
        [lambda: env("kow", opponent="random", victories_to_win=1) for _ in range(n)])
    obs, _ = v.reset(seed=1)
    rng = np.random.default_rng(0)
    ends, after_end = 0, np.zeros(n, bool)
    for _ in range(400):
        masks = obs["action_mask"]
        logits = np.where(masks == 1, rng.normal(size=masks.shape), -np.inf)
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        assert np.isfinite(probs / probs.sum(axis=1, keepdims=True)).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, reward, terminated, truncated, _ = v.step(actions)
        for i in np.flatnonzero(after_end):  # the autoreset step: a new game, nothing else
            assert not terminated[i] and reward[i] == 0 and obs["action_mask"][i].any()
        after_end = terminated | truncated
        for i in np.flatnonzero(terminated):
            assert reward[i] in (-1.0, 0.0, 1.0)
            assert np.flatnonzero(obs["action_mask"][i]).tolist() == [0]
        ends += int(terminated.sum())
    assert ends >= 2 * n
    v.close()


def test_the_final_mask_is_action_0_alone_for_action_masks_too():
    e = env("kow", victories_to_win=1)
    obs, _ = e.reset(seed=2)
    terminated = False
    while not terminated:
        obs, _, terminated, _, info = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "illegal_action" not in info and e.table.to_move() is None
    assert np.flatnonzero(obs["action_mask"]).tolist() == [0]
    assert np.array_equal(e.action_masks(), obs["action_mask"].astype(bool))
    assert e.action_space.sample(obs["action_mask"]) == 0
    with pytest.raises(RuntimeError, match="call reset"):  # a mask, not a move: still over
        e.step(0)
