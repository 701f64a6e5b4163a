"""The trusted fast path (`State.apply_trusted`, `State.stop_log`) changes nothing anyone can
see: the same seeds played both ways give the same records, outcomes and observations (logs
included), for every game and every config of the conformance suite."""

from __future__ import annotations

import json
import random

import pytest

from game_cases import config_id, game_configs, has_heuristic
from warroom.agents import HeuristicAgent, MctsAgent, RandomAgent
from warroom.engine import LogUnavailable, PlayerView, State, play_game
from warroom.engine.runner import all_trusted


def observations(state):
    return json.dumps([state.observation(p) for p in range(state.num_players)]
                      + [state.observation(None)], sort_keys=True)


def play_both_ways(game, config, seed, make_agent):
    out = []
    for trusted in (False, True):
        n = game.num_players(config)
        agents = [make_agent(game, seed * 10 + p) for p in range(n)]
        result = play_game(game, config, seed, agents, trusted=trusted)
        out.append((result.record.to_json(), result.outcome.to_json(), result.decisions,
                    observations(result.state), list(result.state.log)))
    return out


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("game_config", "agent"), [
    pytest.param(pair, agent, id=f"{config_id(pair)}-{label}") for pair in game_configs()
    for agent, label in [(HeuristicAgent, "heuristic"), (RandomAgent, "random")]
    # a first version of a game may have no heuristic player (engine/README.md)
    if agent is RandomAgent or has_heuristic(pair[0])],
    indirect=["game_config"])
def test_trusted_and_checked_play_agree(game_config, seed, agent):
    game, config = game_config
    checked, fast = play_both_ways(game, config, seed, agent)
    assert fast == checked


def test_the_runner_trusts_only_agents_that_say_so():
    class Person:
        def act(self, view):
            return view.legal_actions[0]

    assert all_trusted([RandomAgent(None, 0), HeuristicAgent(None, 1)])
    assert not all_trusted([RandomAgent(None, 0), Person()])


def _walk(game, config, seed, quiet):
    state = game.new_state(config, seed)
    if quiet:
        state.stop_log(rebuild=True)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        yield state, player
        (state.apply_trusted if quiet else state.apply)(player, actions[rng.randrange(
            len(actions))])
    yield state, None


def test_a_stopped_log_is_rebuilt_exactly_when_read_mid_game(game_config):
    """Reading the log (or an observation) part way through rebuilds it from the snapshot
    and the actions since; a clone taken while the log is off rebuilds its own the same way;
    after a read the log is written again."""
    game, config = game_config
    reference = [log_json(state) for state, _ in _walk(game, config, 4, quiet=False)]
    for i, (state, _) in enumerate(_walk(game, config, 4, quiet=True)):
        if i % 9 == 5:
            copy = state.clone()
            assert not copy.log_enabled
            assert log_json(copy) == reference[i]
            assert copy.log_enabled
        if i % 13 == 7:
            assert not state.log_enabled
            state.observation(0)  # reads the log
            assert state.log_enabled
            state.stop_log(rebuild=True)
    assert log_json(state) == reference[-1]


def log_json(state):
    return json.dumps([[sorted(to) if to is not None else None, e] for to, e in state.log],
                      sort_keys=True)


def test_search_copies_drop_their_log_and_say_so(game_config):
    game, config = game_config
    state = game.new_state(config, 1)
    state.stop_log(rebuild=True)
    player = state.to_move()[0]
    copy = state.determinize(player, random.Random(0))  # a new RNG: no rebuild possible
    assert not copy.log_enabled
    with pytest.raises(LogUnavailable, match="switched off"):
        copy.log  # noqa: B018
    state.stop_log(rebuild=False)
    with pytest.raises(LogUnavailable):
        state.observation(player)


def test_search_is_the_same_with_checked_applies(game_config, monkeypatch):
    """MCTS applies its actions unchecked with the log off; checking them and writing the
    log changes no statistic of the tree."""
    game, config = game_config
    state = game.new_state(config, 2)
    for _ in range(3):  # a little way in, where there is something to choose
        p = state.to_move()[0]
        if len(state.legal_actions(p)) > 1:
            break
        state.apply(p, state.legal_actions(p)[0])
    player = state.to_move()[0]

    def tree():
        agent = MctsAgent(game, 5, iters=40, rollout="random")
        root = agent.search(PlayerView(state, player, game)).root
        return sorted((repr(k), v) for k, v in root.stats.items())

    fast = tree()
    monkeypatch.setattr(State, "apply_trusted", State.apply)
    monkeypatch.setattr(State, "stop_log", lambda self, rebuild=True: None)
    assert tree() == fast


def test_kept_events_are_the_logs_own_and_a_copy_does_not_add_to_them():
    """stop_log(keep=): the events of the kept kinds, those written before included, in the
    log's order; a clone keeps none of its own (its kept_log rebuilds its whole log), so a
    search copy never writes into the original's; reading the log ends the keeping."""
    from warroom.games import get_game

    game = get_game("word-iron")
    config = game.config({})
    whole = game.new_state(config, 4)
    fast = game.new_state(config, 4)
    fast.stop_log(keep=frozenset({"draw", "realm"}))
    rng = random.Random(4)
    for _ in range(30):
        player = whole.to_move()[0]
        action = rng.choice(whole.legal_actions(player))
        whole.apply(player, action)
        fast.apply_trusted(player, action)
    expected = [e for e in whole.log if e[1]["event"] in ("draw", "realm")]
    assert {e[1]["event"] for e in expected} == {"draw", "realm"}
    assert fast.kept_log == expected and not fast.log_enabled
    copy = fast.clone()
    player = copy.to_move()[0]
    copy.apply_trusted(player, copy.legal_actions(player)[0])
    assert fast.kept_log == expected  # the copy wrote nothing into it
    assert copy.kept_log[:len(whole.log)] == whole.log  # the copy's whole log, rebuilt
    assert fast.log == whole.log and fast.kept_log == whole.log  # read: the log is back whole
