"""Audit (stop 59) of the research environments (PettingZoo, Gymnasium, OpenSpiel) by a
game-AI researcher: what the README left unsaid, and the small errors that named nothing."""

from __future__ import annotations

import importlib.util
import json
import sys
import textwrap
import warnings
from itertools import count
from pathlib import Path

import gymnasium
import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, evaluate_bots
from pettingzoo.test import api_test
from pettingzoo.utils.conversions import aec_to_parallel

import warroom.envs.gymnasium as gym_module
import warroom.envs.openspiel  # noqa: F401 (registers the OpenSpiel games)
import warroom.envs.pettingzoo as pz_module
from warroom.engine import ConfigError, DataError, IllegalAction, WarroomError
from warroom.envs import docs
from warroom.envs.pettingzoo import env, raw_env

LEARN = Path(__file__).parents[2] / "benchmarks" / "learn.py"


def _section(title: str) -> str:
    """The README's hand-written section `## title`, its lines joined (prose wraps anywhere)."""
    text = docs.README.read_text()
    start = text.index(f"\n## {title}")
    return " ".join(text[start:text.index("\n## ", start + 1)].split())


def test_gymnasium_make_needs_get_wrapper_attr_for_action_masks_and_the_readme_says_so():
    """Audit (stop 59): on `gymnasium.make(...)`'s environment `m.action_masks()` raised
    AttributeError (Gymnasium 1.x wrappers pass no attributes on), while the README offered
    gymnasium.make as an equal alternative; it now says to call it through the wrappers."""
    m = gymnasium.make("warroom/kow-v0")
    m.reset(seed=0)
    with pytest.raises(AttributeError, match="action_masks"):
        m.action_masks()
    mask = m.get_wrapper_attr("action_masks")()
    assert mask.dtype == bool and mask.any()
    assert np.array_equal(mask, m.unwrapped.action_masks())
    gym = _section("Gymnasium")
    assert 'm.get_wrapper_attr("action_masks")()' in gym and "m.unwrapped.action_masks()" in gym
    assert "`m.action_masks()` is an AttributeError" in gym


@pytest.mark.parametrize("opponent, said", [
    ("mcts:time=0.005", "(mcts:time=0.005)"),
    ("mcts", "(mcts: 1000 iterations or 1 s a move, by default)"),
])
def test_a_clock_bound_opponent_is_warned_of_once_when_the_environment_is_made(opponent, said):
    """Audit (stop 59): with `opponent="mcts:time=0.005"` (or a bare `mcts`, stopped at 1 s
    a move) `reset(seed=N)` silently failed to repeat an episode. The environment now warns
    once, when made, naming the SPEC and how to make it repeat; the README says so."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        gym_module.env("battle", opponent=[opponent, opponent], players=3)
    assert [str(w.message) for w in caught] == [
        f"opponent searching by the clock {said}: its moves depend on the machine's speed, so "
        f"reset(seed=N) may not repeat an episode; give mcts:iters=N (no time=) for one that "
        f"repeats"]
    assert caught[0].category is UserWarning
    gym = _section("Gymnasium")
    assert "unless an opponent searches by the clock" in gym and "`UserWarning`" in gym


@pytest.mark.parametrize("opponent", ["mcts:iters=5", "random", "heuristic"])
def test_an_opponent_whose_seed_fixes_its_moves_is_not_warned_of(opponent):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gym_module.env("kow", opponent=opponent)


@pytest.mark.parametrize("make", [env, gym_module.env])
@pytest.mark.parametrize("game, options", [("word-iron", {"deck0": "/nonexistent.yaml"}),
                                           ("viktory", {"scenario": "nope"})])
def test_a_missing_data_file_is_a_data_error_and_the_readme_says_which_to_catch(make, game,
                                                                               options):
    """Audit (stop 59): the README said a bad rule option is a ConfigError, but a missing
    deck or scenario file raises DataError, which is no ConfigError; the README now names
    both and their base, WarroomError."""
    with pytest.raises(DataError, match="no such file") as caught:
        make(game, **options)
    assert not isinstance(caught.value, ConfigError)
    assert isinstance(caught.value, WarroomError)
    gym = _section("Gymnasium")
    assert "is a `DataError` (`warroom.engine.DataError`)" in gym
    assert "catch that to catch every config warroom refuses" in gym


EMPTY_TOWN = {"mode": "dice", "scenario": "empty-town"}


def test_viktory_dice_empty_town_ends_at_the_deal_and_the_readme_names_it():
    """Audit (stop 59): `viktory` with `scenario=empty-town` in dice mode ends every game
    before anyone decides (api_test fails, Gymnasium's reset raises after 1000 games), and
    the README named only `hand_limit=0` in cards mode."""
    e = raw_env("viktory", **EMPTY_TOWN)
    for seed in range(3):
        e.reset(seed=seed)
        assert e.terminations == dict.fromkeys(e.possible_agents, True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        with pytest.raises(AssertionError, match="terminations must all be False after reset"):
            api_test(env("viktory", **EMPTY_TOWN), num_cycles=10)
    with pytest.raises(RuntimeError, match="were over at the deal"):
        gym_module.env("viktory", **EMPTY_TOWN).reset(seed=0)
    assert "`scenario=empty-town` in dice mode before its first roll" in _section("PettingZoo")
    assert "or `scenario=empty-town` in dice mode) or the" in _section("Gymnasium")


def test_aec_to_parallel_is_refused_and_the_readme_says_why():
    """Audit (stop 59): `aec_to_parallel` is refused (`is_parallelizable: False`), which also
    stops PettingZoo's max_cycles_test (it needs `parallel_env`), and the README said neither."""
    assert env("kow").metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env("kow"))
    assert not hasattr(pz_module, "parallel_env")
    pz = _section("PettingZoo")
    assert "PettingZoo's `aec_to_parallel` refuses the environment" in pz
    assert "`max_cycles_test` (it needs `parallel_env`) out. Turns are sequential" in pz


def _rewards_of_random_game(options: dict, seed: int) -> list[float]:
    e = raw_env("viktory-ii", **options)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            rewards[agent] = reward
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return [rewards[a] for a in e.possible_agents]


@pytest.mark.parametrize("players, radius", [(3, 3), (4, 4)])
def test_each_co_winner_of_a_tie_at_the_top_gets_a_whole_win(players, radius):
    """Audit (stop 59): in viktory-ii with 3 or 4 players a tie at the top gave 1 to every
    co-winner ((-1, 1, 1, 1)), while the reward docs said only win 1 / loss -1 / draw 0; the
    README now says a shared win is not split."""
    options = {"players": players, "radius": radius, "turn_limit": 1}
    for seed in range(60):
        rewards = _rewards_of_random_game(options, seed)
        if rewards.count(1.0) > 1:
            break
    else:
        pytest.fail("no tie at the top in 60 games")
    assert sorted(set(rewards)) == [-1.0, 1.0]
    assert "each gets 1, as a sole winner would, and the others -1 (`(-1, 1, 1, 1)`" in \
        _section("PettingZoo")
    assert "1 for each of several winners (not a share)" in _section("OpenSpiel")


def test_a_two_player_tie_is_a_draw():
    options = {"radius": 3, "turn_limit": 1}
    for seed in range(60):
        rewards = _rewards_of_random_game(options, seed)
        if rewards == [0.0, 0.0]:
            break
    else:
        pytest.fail("no draw in 60 games")
    assert "A tie of two players (every two-player game here), or of every player still in, " \
           "is a draw: 0 each" in _section("PettingZoo")


def test_same_seeded_random_bots_rethrow_roshambo_for_ever_and_the_readme_says_what_to_do():
    """Audit (stop 59): `evaluate_bots` with two `pyspiel.make_uniform_random_bot(i, 1)` on
    warroom_champions never returned (both bots throw alike, and a drawn Roshambo is thrown
    again), `max_game_length` (100,000) was not kept, and the README did not give the idiom
    or the remedy: bots with different seeds."""
    game = pyspiel.load_game("warroom_champions")
    state = game.new_initial_state()
    bots = [pyspiel.make_uniform_random_bot(p, 1) for p in range(2)]
    for _ in range(2000):
        state.apply_action(bots[state.current_player()].step(state))
    assert not state.is_terminal()
    throws = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert all(t.startswith("throw ") for t in throws), throws
    for seed in range(3):
        bots = [pyspiel.make_uniform_random_bot(p, 2 * seed + p) for p in range(2)]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random)
        assert sorted(returns) == [-1.0, 1.0]
    spiel = _section("OpenSpiel")
    # Review (stop 61): a state now ends the game at the bound, a draw (the new test in
    # test_openspiel_audit_stop61.py plays it); the README says so
    assert "A state ends the game at `max_game_length()` (100,000 decisions)" in spiel
    assert "Give each bot its own seed" in spiel


def test_full_width_cfr_fails_with_a_key_error_the_readme_explains():
    """Audit (stop 59): `cfr.CFRSolver` on warroom_viktory failed with a KeyError on a JSON
    information-state string, and the README said only that full-width CFR does not apply.
    The cause: its policy table and its walk each start from a new initial state, which is
    dealt the next seed; the README now says what happens and why."""
    with pytest.raises(KeyError) as caught:
        cfr.CFRSolver(pyspiel.load_game("warroom_viktory"))
    assert "you" in json.loads(caught.value.args[0])  # a seat's observation, as JSON
    spiel = _section("OpenSpiel")
    assert "fail with a `KeyError` on an information-state string" in spiel  # (stop 67's words)
    assert "each is dealt the next seed of the game's `seed` sequence" in spiel


def test_raw_step_before_reset_says_to_reset_and_changes_nothing():
    """Audit (stop 59): `raw_env().step()` before `reset()` said "'raw_env' object has no
    attribute 'agent_selection'"."""
    e = raw_env("kow")
    with pytest.raises(RuntimeError, match=r"^step\(\) before reset\(\): call reset\(\) first$"):
        e.step(0)
    assert not hasattr(e, "agent_selection")
    e.reset(seed=1)
    e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))



def test_raw_last_before_reset_says_to_reset_as_step_does():
    """Audit (stop 72): `raw_env().last()` before `reset()` said "'raw_env' object has no
    attribute 'agent_selection'", where step() and observe() say to call reset()."""
    e = raw_env("kow")
    with pytest.raises(RuntimeError, match=r"^last\(\) before reset\(\): call reset\(\) first$"):
        e.last()
    with pytest.raises(RuntimeError, match="call reset"):
        e.observe("player_0")
    assert not hasattr(e, "agent_selection")
    e.reset(seed=1)
    assert e.last()[0]["action_mask"].any()


_modules = count()


def test_an_own_opponents_illegal_action_names_its_spec(monkeypatch, tmp_path):
    """Audit (stop 59): a Gymnasium opponent of one's own (`opponent="myagent.FirstChoice"`)
    that returned an illegal action raised IllegalAction without naming its SPEC, as the
    command line does."""
    name = f"stop59_player_{next(_modules)}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent("""
        class Nonsense:
            def __init__(self, game, seed):
                pass

            def act(self, view):
                return "no such move"
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        e = gym_module.env("kow", opponent=f"{name}.Nonsense", seat=1)
        with pytest.raises(IllegalAction) as caught:
            e.reset(seed=0)
    finally:
        sys.modules.pop(name, None)
    assert str(caught.value).startswith(f"player spec '{name}.Nonsense' (seat 0) played an "
                                        "illegal action: 'no such move' is not a legal action")


def test_gymnasium_reset_options_are_refused_not_ignored():
    """Audit (stop 59): `reset(options=...)` was silently ignored; in the Gymnasium
    environment any option is now a ValueError, raised before the game changes (an empty
    dict or None is no option). PettingZoo's api_test passes one, so PettingZoo's reset
    takes them, as its docstring and the README say."""
    e = gym_module.env("kow")
    e.reset(seed=3)
    state, seed = e.table.state, e.table.seed
    with pytest.raises(ValueError, match=r"^reset\(\) takes no options .*got options="
                                         r"\{'victories_to_win': 1\}$"):
        e.reset(seed=4, options={"victories_to_win": 1})
    assert e.table.state is state and e.table.seed == seed
    e.reset(seed=3, options={})
    e.reset(seed=3, options=None)
    assert "Gymnasium's refuses any (a ValueError)" in _section("PettingZoo")
    assert "taken and ignored" in " ".join(raw_env.reset.__doc__.split())


def _learn():
    spec = importlib.util.spec_from_file_location("learn_stop59", LEARN)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("args, words", [
    (["--seed", "-1"], "must be at least 0, not -1"),
    (["--lr", "-1"], "must be a number above 0, not -1"),
    (["--lr", "0"], "must be a number above 0, not 0"),
    (["--lr", "nan"], "must be a number above 0, not nan"),
    (["--lr", "fast"], "'fast' is not a number"),
])
def test_learn_refuses_a_negative_seed_and_a_learning_rate_not_above_0(args, words, capsys,
                                                                       tmp_path):
    """Audit (stop 59): `benchmarks/learn.py --seed -1` ended in a numpy traceback and
    `--lr -1` was taken (it trains the policy to lose); both are refused in one line."""
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as stop:
        _learn().main([*args, "--out", str(out)])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert words in err and args[0] in err, err
    assert not out.exists()


def test_learn_still_takes_a_positive_learning_rate():
    learn = _learn()
    assert learn.positive("0.01") == 0.01 and learn.positive("2") == 2.0
