"""Audit (stop 58): `warroom evaluate kow --players heuristic,heuristic` was refused
("--players lists a player twice"), so a self-play baseline could not be run, while
tournament numbers its entrants ("2:heuristic"). The table and ratings were keyed by SPEC,
and a game's winner was told by its SPEC, which a self-play pairing cannot: the players are
now numbered when a SPEC repeats, and the winner told by the seat."""

from __future__ import annotations

import json

from warroom.cli import main
from warroom.cli.evaluate import Job, winner_of
from warroom.sim.batch import BatchSpec


def test_a_self_play_baseline_is_played_with_numbered_players(capsys):
    """Audit (stop 58): heuristic against heuristic gives a pairing of 1:heuristic and
    2:heuristic, both rated."""
    assert main(["evaluate", "kow", "--players", "heuristic,heuristic,random", "--games", "4",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(p["a"], p["b"]) for p in out["pairings"]] == [
        ("1:heuristic", "2:heuristic"), ("1:heuristic", "3:random"),
        ("2:heuristic", "3:random")]
    assert all(p["a_wins"] + p["b_wins"] + p["draws"] == 4 for p in out["pairings"])
    assert {r["player"] for r in out["ratings"]} == {"1:heuristic", "2:heuristic", "3:random"}


def test_distinct_players_keep_their_specs_as_names(capsys):
    """Audit (stop 58): without a repeated SPEC the table names the players as before."""
    assert main(["evaluate", "kow", "--players", "random,heuristic", "--games", "2",
                 "--json"]) == 0
    (pairing,) = json.loads(capsys.readouterr().out)["pairings"]
    assert (pairing["a"], pairing["b"]) == ("random", "heuristic")


def test_the_winner_of_a_self_play_game_is_told_by_its_seat():
    """Audit (stop 58): both seats' SPEC is the same, so every game went to the pairing's
    first player whoever won it."""
    spec = BatchSpec("kow", {}, ("heuristic", "heuristic"), 0, rotate=False)
    assert winner_of(Job(0, "a", 0, spec), {"winner_seats": [1]}) == "b"
    assert winner_of(Job(0, "b", 0, spec), {"winner_seats": [1]}) == "a"
    assert winner_of(Job(0, "b", 0, spec), {"winner_seats": [0]}) == "b"
