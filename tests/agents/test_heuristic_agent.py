"""The heuristic player decides on a determinisation, or on a plain copy where the game says
its heuristic reads only the player's view (Game.heuristic_reads_only_view)."""

from __future__ import annotations

import random

from warroom.agents import HeuristicAgent
from warroom.engine import PlayerView
from warroom.games import get_game


def _decision(game, config):
    """A state (and its mover) where the mover has a choice."""
    state = game.new_state(config, 3)
    while len(state.legal_actions(state.to_move()[0])) < 2:
        p = state.to_move()[0]
        state.apply(p, state.legal_actions(p)[0])
    return state, state.to_move()[0]


def _determinisations(monkeypatch, state) -> list[int]:
    calls = []
    real = type(state).determinize

    def counted(self, *args, **kwargs):
        calls.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(type(state), "determinize", counted)
    return calls


def test_a_view_only_heuristic_decides_on_a_copy_with_dice_of_its_own(monkeypatch):
    game = get_game("word-iron")
    config = game.config({})
    assert game.heuristic_reads_only_view(config)
    state, player = _decision(game, config)
    calls = _determinisations(monkeypatch, state)
    view = PlayerView(state, player, game)
    copy = view.policy_state(random.Random(1))
    assert copy is not state and not calls
    assert copy.rng.getstate() != state.rng.getstate()  # the true future's dice stay unknown
    action = HeuristicAgent(game, 1).act(view)
    assert action in state.legal_actions(player) and not calls


def test_a_heuristic_that_may_read_hidden_information_decides_on_a_determinisation(monkeypatch):
    game = get_game("viktory-ii")
    config = game.config({"dark": True, "radius": 3, "turn_limit": 6})
    assert not game.heuristic_reads_only_view(config)
    state, player = _decision(game, config)
    calls = _determinisations(monkeypatch, state)
    HeuristicAgent(game, 1).act(PlayerView(state, player, game))
    assert calls
