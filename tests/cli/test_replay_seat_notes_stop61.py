"""Review (stop 61): a seat's replay of a game in play counts no actions (stop 60), yet its
notes of seats whose player changed still said when, in actions."""

from __future__ import annotations

import json

from warroom.cli import main


def test_a_seats_replay_of_a_game_in_play_says_no_count_in_its_seat_notes(tmp_path, capsys):
    """Review (stop 61): `warroom replay FILE --as 0` of a game in play said "player 1 was
    played by the heuristic AI after 7 actions" and "random to action 5, then heuristic": the
    count of every seat's moves, which the same view hides elsewhere. A spectator's view, and
    every view of a finished game, still say them."""
    path = tmp_path / "g.json"
    # kow: a game whose count hides nothing (a spectator of Champions in play gets no count,
    # stop 68: it would tell how many cards each put in order)
    assert main(["play", "kow", "--players", "random,random", "--seed", "5", "--save",
                 str(path), "--json"]) == 0
    capsys.readouterr()
    record = json.loads(path.read_text())
    record["actions"] = record["actions"][:9]
    record.pop("outcome", None)
    record["meta"]["players"] = ["human", "heuristic"]
    record["meta"]["players_changed"] = [{"seat": 1, "at": 5, "was": "random",
                                          "now": "heuristic"}]
    record["meta"]["handed_to_ai"] = [{"seat": 1, "at": 7, "agent": "heuristic",
                                       "why": "away"}]
    path.write_text(json.dumps(record))

    assert main(["replay", str(path), "--as", "0"]) == 0
    seat = capsys.readouterr().out
    assert "player 1 (random, then heuristic)" in seat
    assert "player 1 was played by the heuristic AI later (its person was away)" in seat
    assert "to action" not in seat and "after 7 actions" not in seat

    assert main(["replay", str(path)]) == 0
    spectator = capsys.readouterr().out
    assert "player 1 (random to action 5, then heuristic)" in spectator
    assert "player 1 was played by the heuristic AI after 7 actions (its person was away)" \
        in spectator
