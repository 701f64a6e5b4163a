"""Audit (stop 47) of `warroom viktory compare-games`: what "first player wins" means when the
players differ, and the underdog's interval over battles of few games."""

from __future__ import annotations

import json

from click.testing import CliRunner

from warroom.cli import cli
from warroom.sim.compare_viktory import run_games, summarise_games
from warroom.sim.stats import wilson_interval

SMALL = {"players": 2, "radius": 3, "turn_limit": 8, "mode": "dice"}


def test_different_players_alternate_seats_so_first_player_is_the_first_movers_share():
    """Audit (stop 47): `compare-games --players heuristic,random` kept heuristic in seat 0
    in every game and called its win rate "first player wins": the heuristic's strength,
    not the first mover's advantage. Different players now alternate seats (game i has the
    same seating in every mode, so the modes stay paired), and each player's wins are
    shown beside the first mover's."""
    results = run_games(SMALL, ("heuristic", "random"), 4, seed=1)
    assert [r["seating"] for r in results] == [[0, 1], [1, 0], [0, 1], [1, 0]]
    same = run_games(SMALL, ("heuristic", "heuristic"), 2, seed=1)
    assert [r["seating"] for r in same] == [[0, 1], [0, 1]]
    summary = summarise_games(results, 2)
    assert len(summary["player_wins"]) == 2
    run = CliRunner().invoke(cli, ["viktory", "compare-games", "--games", "4", "--players",
                                   "heuristic,random", "--seed", "1", "--set", "radius=3",
                                   "--set", "turn_limit=8"])
    assert run.exit_code == 0, run.output
    out = " ".join(run.stdout.split())
    assert "seats alternate between games (each player moves first in half of them), so "\
           "'first player wins' is the first mover's advantage" in out
    assert "heuristic (player 0)" in out and "random (player 1) wins" in out
    data = json.loads(CliRunner().invoke(cli, [
        "viktory", "compare-games", "--games", "2", "--players", "heuristic,random",
        "--set", "radius=3", "--set", "turn_limit=8", "--json"]).stdout)
    assert data["seats_rotate"] is True


def _game(battles: int, underdog_wins: int) -> dict:
    return {"winner_seats": [0], "winners": [0], "length": 100, "reason": "conquest",
            "metrics": {"rounds": 5.0, "battles": float(battles), "captures": 1.0,
                        "underdog_battles": float(battles),
                        "underdog_wins": float(underdog_wins)}}


def test_underdog_interval_takes_the_game_as_the_cluster():
    """Audit (stop 47): "underdog wins a battle" had a Wilson interval over the battles of
    all games, as if independent: "80.0% (70.9% - 86.8%)" for 10 games (~100 battles). When
    whole games go one way (8 games the underdog wins every battle, 2 none), that is far
    too narrow: the interval now takes the game as the cluster (the card analytics'
    effective sample size)."""
    results = [_game(10, 10)] * 8 + [_game(10, 0)] * 2
    summary = summarise_games(results)
    low, high = summary["underdog_win"]["ci95"]
    naive = wilson_interval(80, 100)
    assert summary["underdog_win"]["value"] == 0.8
    assert low < naive[0] - 0.1 and high > naive[1]  # about 10 games' worth, not 100
    from warroom.sim.cards import clustered_rate

    assert (low, high) == clustered_rate([10] * 8 + [0] * 2, [10] * 10)[1]
    assert summary["underdog_effective_battles"] < 20
    # battles spread evenly over the games: about the plain count
    even = summarise_games([_game(10, 8)] * 10)
    assert even["underdog_win"]["ci95"] == list(wilson_interval(80, 100))
