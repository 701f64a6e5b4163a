"""PettingZoo AEC environments for every game and config: PettingZoo's own api_test and
seed_test, a max-cycles termination check, rewards, and what each agent may see."""

from __future__ import annotations

import copy
import pickle
import re
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from game_cases import env_games
from warroom.engine import IllegalAction
from warroom.envs.pettingzoo import env, raw_env


@pytest.fixture(autouse=True)
def _quiet():
    # api_test warns that a dict observation is not a NumPy array: the classic convention.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def test_api(game_config):
    game, config = game_config
    api_test(env(game, render_mode="ansi", **_options(config)), num_cycles=1000)


def test_seed(game_config):
    game, config = game_config
    seed_test(lambda: env(game, **_options(config)), num_cycles=500)


def _options(config):
    from warroom.engine import config_to_json
    return {k: tuple(v) if isinstance(v, list) else v for k, v in config_to_json(config).items()}


def play(e, seed, policy=None):
    """Play one game with random legal actions; returns the final rewards."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)) if policy is None else policy(agent, obs))
    return final


@pytest.mark.parametrize("name, cycles", [("kow", 4), ("champions", 4), ("battle", 4),
                                           ("word-iron", 4), ("viktory", 2), ("viktory-ii", 6)])
def test_max_cycles_truncates_after_that_many_decisions_of_a_seat(name, cycles):
    e = env(name, max_cycles=cycles)
    e.reset(seed=0)  # a game that lasts longer than the cap
    counts = dict.fromkeys(e.possible_agents, 0)
    dead_steps = dict.fromkeys(e.possible_agents, 0)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            dead_steps[agent] += 1
            e.step(None)
            continue
        counts[agent] += 1
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert max(counts.values()) == cycles
    assert all(n == 1 for n in dead_steps.values())  # every agent sees the end once
    assert not e.agents


@pytest.mark.parametrize("name, options", [("kow", {}), ("champions", {}), ("word-iron", {}),
                                            ("viktory", {}),
                                            ("viktory-ii", {"radius": 3, "turn_limit": 4})])
def test_rewards_are_win_one_loss_minus_one(name, options):
    for seed in range(3):
        final = play(env(name, **options), seed)
        assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_team_rewards_are_shared():
    e = raw_env("battle", players=4, teams="alliance")
    final = play(e, 1)
    teams = e.table.game.team_seats(e.table.config)
    outcome = e.table.live.outcome()
    for team in teams:
        rewards = {final[f"player_{p}"] for p in team}
        assert len(rewards) == 1
        if outcome.winners:
            assert rewards == ({1.0} if set(team) & set(outcome.winners) else {-1.0})


def test_an_illegal_index_raises_and_changes_nothing():
    e = raw_env("kow")
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    before = e.table.live.observation(None)
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match=f"action index {bad} is not legal"):
        e.step(bad)
    assert e.table.live.observation(None) == before


def test_only_the_agent_to_move_has_a_mask():
    e = raw_env("kow")
    e.reset(seed=0)
    e.step(int(np.flatnonzero(e.observe("player_0")["action_mask"])[0]))
    assert e.agent_selection == "player_1"
    assert not e.observe("player_0")["action_mask"].any()
    assert e.observe("player_1")["action_mask"].any()


def test_reset_with_a_seed_repeats_the_game_and_without_varies_it():
    e = raw_env("champions", roshambo="random")
    e.reset(seed=9)
    first = e.observe(e.agent_selection)["observation"]
    e.reset(seed=9)
    assert np.array_equal(first, e.observe(e.agent_selection)["observation"])
    deals = set()
    for _ in range(4):
        e.reset()
        deals.add(e.table.live.observation(0)["log"][1]["event"] + str(e.table.seed))
    assert len(deals) > 1


def test_reset_without_a_seed_continues_the_sequence_a_seed_started():
    e = raw_env("kow")
    sequences = []
    for _ in range(2):
        e.reset(seed=5)
        seeds = [e.table.seed]
        for _ in range(3):
            e.reset()
            seeds.append(e.table.seed)
        sequences.append(seeds)
    assert sequences[0] == sequences[1]
    assert len(set(sequences[0])) == 4
    e.reset(seed=6)
    assert e.table.seed not in sequences[0]


def test_render_ansi_is_the_games_text_and_hides_hands_from_spectators():
    e = raw_env("battle", render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert text == e.table.game.render(e.table.live.observation(None), None)
    seat = raw_env("battle", render_mode="ansi", render_seat=0)
    seat.reset(seed=2)
    assert seat.render() == seat.table.game.render(seat.table.live.observation(0), 0)
    assert text != seat.render()
    assert raw_env("kow").render() is None


def test_bad_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("kow", render_mode="human")
    with pytest.raises(ValueError, match="max_cycles"):
        raw_env("kow", max_cycles=0)


@pytest.mark.parametrize("cycles", ["5", 2.5, True])
def test_max_cycles_is_an_integer(cycles):
    """'5' raised a bare TypeError from a comparison, and 2.5 was taken."""
    with pytest.raises(ValueError, match=f"max_cycles must be an integer >= 1 or None, got "
                                         f"{re.escape(repr(cycles))}"):
        raw_env("kow", max_cycles=cycles)


def test_numpy_integers_are_integers():
    e = raw_env("battle", render_mode="ansi", render_seat=np.int64(1), max_cycles=np.int32(3))
    assert e.render_seat == 1 and e.max_cycles == 3
    e.reset(seed=np.int64(7))
    other = raw_env("battle", render_mode="ansi")
    other.reset(seed=7)
    assert e.table.seed == other.table.seed


@pytest.mark.parametrize("seed", [1.0, True, "1", [1]])
def test_a_seed_is_an_integer_or_none(seed):
    """reset(seed=1.0) and reset(seed=True) played other games than seed=1 (the seed was
    hashed as text), and "abc" was taken; Gymnasium refuses them."""
    e = raw_env("kow")
    with pytest.raises(ValueError, match="reset\\(seed=\\) takes an integer >= 0 or None"):
        e.reset(seed=seed)


def test_a_step_after_every_agent_has_left_says_the_game_is_over():
    """It raised KeyError: 'player_1'."""
    e = raw_env("kow", victories_to_win=1)
    e.reset(seed=0)
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated
               else int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(RuntimeError, match="the game is over and every agent has left it: "
                                           "call reset\\(\\)"):
        e.step(0)


def test_pieces_name_the_observation():
    e = raw_env("viktory", mode="cards")
    names = [p.name for p in e.pieces]
    assert "hand" in names and "defender" in names
    size = e.observation_space("player_0")["observation"].shape[0]
    assert size == sum(p.size for p in e.pieces)


@pytest.mark.parametrize("seat", [-1, 2, True, "0"])
def test_render_seat_is_a_seat_of_the_game_or_none(seat):
    """render_seat=-1 rendered the last seat's private view (Python's negative index), and 5
    failed only at render() time."""
    with pytest.raises(ValueError, match="render_seat must be None .* from 0 to 1"):
        raw_env("battle", render_mode="ansi", render_seat=seat)


def test_observing_before_reset_says_so():
    with pytest.raises(RuntimeError, match="call reset"):
        raw_env("kow").observe("player_0")


@pytest.mark.parametrize("action, message", [
    (1.0, "takes an action index .* got 1.0"), ("0", "takes an action index"),
    (True, "takes an action index"), (-1, "outside the action space"),
    (10**6, "action index 1000000 is outside the action space \\(0 to 74\\)"),
    (np.array([0.5]), "takes an action index")])
def test_an_action_outside_the_space_is_a_clear_error_and_changes_nothing(action, message):
    """PettingZoo's AssertOutOfBoundsWrapper said only "action is not in action space", and
    the raw environment read 1.5 as index 1."""
    for e in (env("kow"), raw_env("kow")):
        e.reset(seed=0)
        agent = e.agent_selection
        before = e.unwrapped.table.live.observation(None)
        with pytest.raises(ValueError, match=message):
            e.step(action)
        assert e.unwrapped.table.live.observation(None) == before
        assert e.agent_selection == agent


def test_the_wrapped_environment_keeps_pettingzoos_order_checks():
    """`env()` passes the calls of every turn straight through, and still refuses what
    PettingZoo's OrderEnforcingWrapper refuses."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper
    e = env("kow")
    assert isinstance(e, OrderEnforcingWrapper) and isinstance(e.unwrapped, raw_env)
    for name in ("agent_selection", "agents", "rewards", "terminations", "truncations",
                 "infos"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(e, name)
    with pytest.raises(AttributeError, match="before reset"):
        e.last()
    e.reset(seed=3)
    turns = iter(e.agent_iter())
    agent = next(turns)
    assert agent == e.agent_selection == e.unwrapped.agent_selection
    assert e.last()[1:] == (0.0, False, False, {})
    with pytest.raises(AssertionError, match="need to call step"):
        next(turns)  # a turn without a step
    assert e.agents is e.unwrapped.agents and e.rewards is e.unwrapped.rewards
    assert str(e) == str(e.unwrapped)
    e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
    assert next(turns) == e.agent_selection == "player_1"


def test_the_wrapped_environment_refuses_a_step_before_reset_and_warns_after_the_end():
    from pettingzoo.utils.env_logger import EnvLogger
    with pytest.raises(AssertionError, match="reset"):
        env("kow").step(0)
    e = env("kow", max_cycles=1)
    e.reset(seed=0)
    for _ in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.agents == []
    before = e.unwrapped.table.live.observation(None)
    EnvLogger.flush()
    e.step(None)  # PettingZoo warns (through its logger) and changes nothing
    assert any("step() called after all agents are terminated" in m for m in EnvLogger.mqueue)
    EnvLogger.flush()
    assert e.unwrapped.table.live.observation(None) == before


@pytest.mark.parametrize("name", env_games())
@pytest.mark.parametrize("make", [env, raw_env])
def test_an_environment_pickles_and_deep_copies_and_the_copy_plays_on_alike(name, make):
    """Neither pickled nor deep-copied, even before reset(): the observers' memoryviews, the
    compiled encodings and word-iron's closures (a TypeError or a missing argument)."""
    pickle.loads(pickle.dumps(make(name)))
    e = make(name)
    e.reset(seed=1)
    rng = np.random.default_rng(0)

    def action(obs, terminated, truncated):
        return None if terminated or truncated else int(rng.choice(
            np.flatnonzero(obs["action_mask"])))

    for _ in range(6):  # a short game (one-card poker) is over in 2 decisions
        if not e.agents:
            break
        e.step(action(*_last(e)))
    envs = [e, pickle.loads(pickle.dumps(e)), copy.deepcopy(e)]
    for _ in range(40):
        if not e.agents:
            break
        looks = [x.last() for x in envs]
        for obs, *rest in looks[1:]:
            assert np.array_equal(obs["observation"], looks[0][0]["observation"])
            assert np.array_equal(obs["action_mask"], looks[0][0]["action_mask"])
            assert rest == list(looks[0][1:])
        assert {x.agent_selection for x in envs} == {e.agent_selection}
        chosen = action(*_last(e))
        for x in envs:
            x.step(chosen)


def _last(e):
    obs, _, terminated, truncated, _ = e.last()
    return obs, terminated, truncated


@pytest.mark.parametrize("name, options", [("kow", {}), ("viktory-ii", {"radius": 3,
                                                                       "turn_limit": 3})])
def test_pettingzoos_turn_based_parallel_wrapper_plays_whole_games(name, options):
    """The README's way to the parallel interface (an audit, stop 72): each step takes the
    mover's action; the others' masks are all 0 and their actions are ignored."""
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel
    parallel = turn_based_aec_to_parallel(env(name, **options))
    observations, _ = parallel.reset(seed=5)
    rng = np.random.default_rng(5)
    steps = 0
    while parallel.agents:
        movers = [a for a in parallel.agents if observations[a]["action_mask"].any()]
        assert len(movers) == 1
        actions = dict.fromkeys(parallel.agents, 0)
        actions[movers[0]] = int(rng.choice(np.flatnonzero(
            observations[movers[0]]["action_mask"])))
        observations, rewards, terminations, truncations, _ = parallel.step(actions)
        steps += 1
    assert steps > 10 and all(terminations.values()) and not any(truncations.values())
    assert sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("name, options", [("kow", {"max_rounds": 1}),
                                            ("word-iron", {"max_rounds": 1}),
                                            ("viktory-ii", {"radius": 3, "turn_limit": 1})])
def test_a_games_own_limit_ends_it_terminated_not_truncated(name, options):
    """A round or turn limit among the rules' options ends the game with its outcome: the
    agents are terminated with the outcome's rewards (the README, stop 72)."""
    e = raw_env(name, **options)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    ends = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            ends[agent] = (terminated, truncated, reward)
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.table.live.is_terminal()
    outcome = e.table.live.outcome()
    for agent, (terminated, truncated, reward) in ends.items():
        assert terminated and not truncated
        seat = int(agent.split("_")[1])
        assert reward == (0.0 if not outcome.winners else 1.0 if seat in outcome.winners
                          else -1.0)
