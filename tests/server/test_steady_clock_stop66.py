"""Audit (stop 66): the table timed its mcts seats. Stop 65 had the server's mcts seat search
before a lone move where a game's offers hang on hidden cards (a Viktory II card window is
put to every side whatever its hand), yet a search with one action to choose from is settled
at its first look, 16 iterations in: the seat still passed in 0.03 s with no card to play
and took its whole second with one. At `warroom play` against mcts it answered at once. Where
offers hang on hidden cards, an mcts seat facing people spends its whole budget at every
decision (`keep_time`), at the server and at the terminal; simulations keep their speed."""

from __future__ import annotations

import io
import sys

import pytest
from test_vik2_window_prompt_stop65 import window_without_events

import warroom.cli.play as play_module
from warroom.agents import HeuristicAgent, make_agent
from warroom.agents.mcts import MctsAgent, keep_time
from warroom.cli import main
from warroom.engine import PlayerView
from warroom.games import get_game
from warroom.server.ai import choose_action


def _iterations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    done: list[int] = []
    real = MctsAgent.search

    def counted(self: MctsAgent, view: PlayerView):
        result = real(self, view)
        done.append(result.iterations)
        return result

    monkeypatch.setattr(MctsAgent, "search", counted)
    return done


def test_the_servers_lone_card_window_move_spends_the_whole_budget(tmp_path, monkeypatch):
    state = window_without_events(tmp_path)
    done = _iterations(monkeypatch)
    move, failed = choose_action("viktory-ii", "mcts:iters=40", 1, state, 0)
    assert failed is None and move == {"type": "PassWindow"}
    assert done == [40]


def test_a_steady_search_is_not_cut_short_once_its_choice_is_clear(monkeypatch):
    game = get_game("viktory")
    state = game.new_state(game.Config(), 3)
    seat = state.to_move()[0]
    done = _iterations(monkeypatch)
    quick, steady = (make_agent("mcts:iters=400", game, 1) for _ in range(2))
    keep_time([steady, HeuristicAgent(game, 1)], game)
    for agent in (quick, steady):
        agent.act(PlayerView(state, seat, game))
    assert (quick.steady, steady.steady) == (False, True)
    assert done[1] == 400, done


def test_only_games_whose_offers_hang_on_hidden_cards_keep_time():
    kept = []
    for name in ("battle", "champions", "kow", "viktory", "viktory-ii", "word-iron"):
        agent = make_agent("mcts:iters=10", get_game(name), 1)
        keep_time([agent], get_game(name))
        kept.append(agent.steady)
    assert kept == [True, False, False, True, True, False]


@pytest.mark.parametrize(("players", "steady"), [("human,mcts:iters=5", True),
                                                 ("mcts:iters=5,mcts:iters=5", False)])
def test_play_keeps_time_when_a_person_sits_at_the_table(monkeypatch, players, steady):
    made: list[object] = []
    real = play_module.make_agents

    def make_agents(*args: object) -> list[object]:
        made.extend(real(*args))
        return made

    monkeypatch.setattr(play_module, "make_agents", make_agents)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    main(["play", "viktory", "--players", players, "--seed", "1"])
    assert [agent.steady for agent in made if isinstance(agent, MctsAgent)] == [steady] * (
        players.count("mcts"))
