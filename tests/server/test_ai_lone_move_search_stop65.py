"""Audit (stop 65, leak hunt): an mcts seat answered a lone move at once and any other move
after its search, so at Viktory II's hybrid card window (put to every side whatever its
hand, so that nobody learns whether it holds a Special Event) the opponent's page timed it:
0.01 s when it had no card to play, 1.8 s when it held one and passed anyway. Where a game's
offers hang on hidden cards, the server's mcts seat searches before a lone move too."""

from __future__ import annotations

from test_vik2_window_prompt_stop65 import window_without_events

from warroom.agents.mcts import MctsAgent
from warroom.engine import to_json
from warroom.games import get_game
from warroom.server.ai import choose_action, offers_hidden


def test_a_lone_card_window_move_is_searched_as_any_other(tmp_path, monkeypatch):
    state = window_without_events(tmp_path)
    searched = []
    real = MctsAgent.search

    def counted(self, view):
        searched.append(len(view.legal_actions))
        return real(self, view)

    monkeypatch.setattr(MctsAgent, "search", counted)
    move, failed = choose_action("viktory-ii", "mcts:iters=20", 1, state, 0)
    assert failed is None
    assert move == to_json(state.legal_actions(0)[0])  # the pass, its only move
    assert searched == [1]


def test_only_games_whose_offers_hang_on_hidden_cards_search_lone_moves():
    assert [name for name in ("battle", "champions", "kow", "viktory", "viktory-ii",
                              "word-iron") if offers_hidden(get_game(name))] == [
        "battle", "viktory", "viktory-ii"]
