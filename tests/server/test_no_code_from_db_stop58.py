"""Review (stop 58): a player SPEC may now name code (`myagent.Player`, a player of one's
own, imported where it plays). The server's API seats built-in players only, but an AI
seat's SPEC is read back from the games database: one edited there to name a module must
not make the server import and run it. The seat plays a random legal move instead, and the
log is told why."""

from __future__ import annotations

from warroom.engine import PlayerView, to_json
from warroom.games import get_game
from warroom.server.ai import choose_action


def test_an_ai_seat_naming_code_is_not_imported(tmp_path, monkeypatch):
    marker = tmp_path / "imported"
    (tmp_path / "planted_stop58.py").write_text(
        f"open({str(marker)!r}, 'w').close()\n"
        "class Player:\n    def __init__(self, game, seed): pass\n"
        "    def act(self, view): return view.legal_actions[0]\n")
    monkeypatch.chdir(tmp_path)  # where a player of one's own is looked for last
    game = get_game("kow")
    state = game.new_state(game.config({}), 1)
    seat = state.to_move()[0]
    action, failed = choose_action("kow", "planted_stop58.Player", 1, state, seat)
    assert not marker.exists()
    assert failed == ("planted_stop58.Player: not a player this server seats (random, "
                      "heuristic, mcts)")
    legal = PlayerView(state, seat, game).legal_actions
    assert action in [to_json(a) for a in legal]
