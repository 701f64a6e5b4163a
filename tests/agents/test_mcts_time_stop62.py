"""A time-budgeted mcts stops once the rest of its time could not change its choice, as an
iteration budget already did; an iteration budget alone searches as before; `noise` without
`beliefs=heuristic` is an error. The clock is a fake one that advances a fixed step an
iteration, so that no test depends on the machine's speed."""

from __future__ import annotations

import random

import pytest
from test_mcts import KingmakerGame, KingmakerState, PenniesGame, PenniesState

from warroom.agents import MctsAgent, make_agent, mcts
from warroom.engine import ConfigError, PlayerView
from warroom.games import get_game

STEP = 2.0 ** -10  # seconds an iteration takes on the fake clock: exact in binary


class FakeClock:
    """Stands in for the `time` module of agents.mcts: the search reads only perf_counter."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


def on_fake_clock(agent: MctsAgent, monkeypatch, step: float = STEP) -> FakeClock:
    """Every iteration of `agent` takes `step` seconds of a fake clock."""
    clock = FakeClock()
    monkeypatch.setattr(mcts, "time", clock)
    iterate = agent.iterate

    def timed(root, state):
        iterate(root, state)
        clock.now += step

    monkeypatch.setattr(agent, "iterate", timed)
    return clock


def test_a_time_budget_stops_early_when_one_action_dominates(monkeypatch):
    """Audit (stop 62): every decision of the default mcts took its whole second, even one
    whose answer was clear after a few dozen iterations (11-47 s an AI turn in Viktory II):
    the early stop counted only an `iters` budget's iterations left."""
    game = KingmakerGame()  # 'risk' is worth 1/2 to player 0, 'safe' 1/3
    agent = MctsAgent(game, 1, time="1")
    clock = on_fake_clock(agent, monkeypatch)
    assert agent.act(PlayerView(KingmakerState(), 0, game)).side == "risk"
    assert clock.now <= 0.75 and agent.last.iterations <= 0.75 / STEP
    # it stopped only once the rest of the second, at the same rate, could not catch up
    visits = sorted((edge[0] for (p, _), edge in agent.last.root.stats.items() if p == 0),
                    reverse=True)
    lead = visits[0] - visits[1]
    assert lead > agent.last.iterations * (1.0 - clock.now) / clock.now


def test_a_time_budget_runs_to_its_deadline_when_the_actions_are_close(monkeypatch):
    """Audit (stop 62): the early stop of a time budget must not cut a close decision short:
    matching pennies' first pick (heads or tails, alike) searches its whole second."""
    game = PenniesGame()
    agent = MctsAgent(game, 1, time="1")
    clock = on_fake_clock(agent, monkeypatch)
    agent.act(PlayerView(PenniesState(), 0, game))
    assert agent.last.iterations == 1 / STEP and clock.now == 1.0


def test_a_guarded_time_budget_is_not_stopped_by_the_clock(monkeypatch):
    """Audit (stop 62): `guard` compares mean rewards, which the rest of the time could still
    move, so the clock's early stop leaves a guarded search alone."""
    game = KingmakerGame()
    agent = MctsAgent(game, 1, time="1", guard="2")
    on_fake_clock(agent, monkeypatch)
    agent.act(PlayerView(KingmakerState(), 0, game))
    assert agent.last.iterations == 1 / STEP


def test_the_default_budget_stops_early_by_the_clock_too(monkeypatch):
    """Audit (stop 62): a bare `mcts` (1000 iterations or 1 s) on a machine that makes 512
    iterations a second stopped only at its second."""
    game = KingmakerGame()
    agent = MctsAgent(game, 1)
    clock = on_fake_clock(agent, monkeypatch, step=2.0 ** -9)
    assert agent.act(PlayerView(KingmakerState(), 0, game)).side == "risk"
    assert clock.now <= 0.75


def _search_before_stop62(agent: MctsAgent, view: PlayerView, iters: int):
    """The search of an iteration budget as it was: stopped only at a multiple of 16
    iterations, once the lead exceeds the iterations left."""
    root, done = mcts.Node(), 0
    while done < iters:
        state = view.determinize(agent.rng, agent.belief)
        state.stop_log(rebuild=False)
        agent.iterate(root, state)
        done += 1
        if done % 16 == 0 and agent._settled(root, view, iters - done):
            break
    return root, done


def _positions(name: str, moves: int, seed: int = 3) -> list[PlayerView]:
    """Views of the player to move with a choice, along a heuristic game's first moves."""
    game = get_game(name)
    state = game.new_state(game.Config(), seed)
    rng = random.Random(seed)
    views = []
    for _ in range(moves):
        player = state.to_move()[0]
        if len(state.legal_actions(player)) > 1:
            views.append(PlayerView(state.clone(), player, game))
        state.apply(player, game.heuristic(state.determinize(player, rng), player, rng))
    return views


@pytest.mark.parametrize("name, moves, iters", [("kow", 12, 100), ("viktory-ii", 14, 48)])
def test_an_iteration_budget_searches_as_before_whatever_the_clock(name, moves, iters,
                                                                   monkeypatch):
    """Audit (stop 62): the clock's early stop must leave `iters` alone, whose games a seed
    repeats (records, `simulate`): the same iterations, tree and choice as the stop counted
    by iterations alone, even on a clock that runs a thousand seconds an iteration."""
    stopped_early = 0
    for view in _positions(name, moves):
        game = view.game
        before = MctsAgent(game, 5, iters=str(iters))
        root, done = _search_before_stop62(before, view, iters)
        now = MctsAgent(game, 5, iters=str(iters))
        with monkeypatch.context() as patch:
            on_fake_clock(now, patch, step=1000.0)
            result = now.search(view)
        assert (result.iterations, result.root.stats) == (done, root.stats)
        actions = view.legal_actions
        assert now.best_action(result.root, view.player, actions) == \
            before.best_action(root, view.player, actions)
        stopped_early += done < iters
    assert stopped_early  # the positions include searches that settled early


@pytest.mark.parametrize("spec", ["mcts:noise=0.9", "mcts:beliefs=uniform:noise=0.9"])
def test_noise_without_the_heuristic_belief_is_an_error(spec):
    """Audit (stop 62): `mcts:beliefs=uniform:noise=0.9` played, the noise silently dropped
    (the uniform belief has none)."""
    with pytest.raises(ConfigError) as err:
        make_agent(spec, get_game("kow"), 1)
    assert str(err.value) == (f"player spec {spec!r}: noise needs beliefs=heuristic "
                              "(the uniform belief has no noise)")
    agent = make_agent("mcts:beliefs=heuristic:noise=0.9", get_game("kow"), 1)
    assert agent.belief.noise == 0.9
