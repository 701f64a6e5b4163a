"""Dice against the Battle Cards over whole games of the map game, with confidence intervals:
the designer's question "does the variant change the game?".

Seat 0 moves first. With one SPEC in every seat the seats are fixed; with different SPECs
(heuristic against random) they rotate from game to game (`rotate_seats`), so each player
moves first in as many games as the others (one more for some, with a number of games the
players do not divide): "first player wins" is then the first mover's share of the wins,
not the strength of whoever sat in seat 0, which `player_wins` gives per listed player.
Game i has the same seed and the same seating in every mode, so the modes stay paired game
by game. Games are played by the batch simulator: game i of a run is determined by
(options, players, seed, i), whatever the number of workers. The underdog of a battle is the
side with fewer units when it begins (the attacker's committed units against the defender's
units in the hex; battles with equal numbers have none); its win rate pools the battles of
all games, and its interval takes the game as the cluster (the battles of one game are not
independent: `clustered_rate`, a Wilson interval on the effective number of battles).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...sim.batch import BatchSpec, run_batch
from ...sim.cards import clustered_rate
from ..viktory.compare import mean_interval, proportion
from ..viktory_battles.cards import options_for_mode


def run_games(values: dict[str, Any], players: tuple[str, ...], games: int, seed: int,
              workers: int = 1, on_game: Callable[[], None] | None = None,
              ) -> list[dict[str, Any]]:
    """Per-game summaries of `games` games: `players[i]` in seat i, or, when the players
    differ, seats rotating from game to game (`rotate_seats`; a game's `seating`)."""
    spec = BatchSpec("viktory-ii", dict(values), tuple(players), seed,
                     rotate=rotate_seats(players))
    out = []
    for result in run_batch(spec, range(games), workers):
        out.append(result)
        if on_game is not None:
            on_game()
    return out


def rotate_seats(players: tuple[str, ...] | list[str]) -> bool:
    """Whether the seats rotate: when the players differ, so that the first player's win
    rate is the first mover's advantage and not one player's strength."""
    return len(set(players)) > 1


def summarise_games(results: list[dict[str, Any]], players: int | None = None
                    ) -> dict[str, Any]:
    """The figures of one mode. With `players` (how many are listed), also each listed
    player's sole wins (`player_wins`: the strength of its SPEC when the seats rotate)."""
    n = len(results)
    first = sum(1 for r in results if r["winner_seats"] == [0])
    metrics = [r["metrics"] for r in results]
    underdog_battles = int(sum(m["underdog_battles"] for m in metrics))
    underdog_wins = int(sum(m["underdog_wins"] for m in metrics))
    # the game is the cluster: the battles of one game are not independent
    rate, (low, high), effective = clustered_rate([m["underdog_wins"] for m in metrics],
                                                  [m["underdog_battles"] for m in metrics])
    reasons: dict[str, int] = {}
    for r in results:
        reason = r["reason"].split(":")[0]  # "conquest", "turn limit (60 rounds)", ...
        reasons[reason] = reasons.get(reason, 0) + 1
    out = {
        "games": n,
        "first_player_win": proportion(first, n).to_json(),
        "draws": sum(1 for r in results if not r["winner_seats"]),
        "rounds": mean_interval([m["rounds"] for m in metrics]).to_json(),
        "decisions": mean_interval([float(r["length"]) for r in results]).to_json(),
        "battles": mean_interval([m["battles"] for m in metrics]).to_json(),
        "captures": mean_interval([m["captures"] for m in metrics]).to_json(),
        "underdog_win": {"value": rate, "ci95": [low, high]},
        "underdog_battles": underdog_battles,
        "underdog_wins": underdog_wins,
        "underdog_effective_battles": effective,
        "reasons": dict(sorted(reasons.items(), key=lambda kv: -kv[1])),
    }
    if players is not None:
        out["player_wins"] = [proportion(sum(1 for r in results if r["winners"] == [i]),
                                         n).to_json() for i in range(players)]
    return out


def compare_game_modes(values: dict[str, Any], games: int, seed: int, workers: int = 1,
                       players: tuple[str, ...] = ("heuristic", "heuristic"),
                       on_game: Callable[[], None] | None = None,
                       modes: tuple[str, ...] = ("dice", "cards")) -> dict[str, Any]:
    """The same options played `games` times in each mode."""
    out: dict[str, Any] = {"players": list(players), "games": games, "seed": seed,
                           "options": dict(values), "seats_rotate": rotate_seats(players),
                           "modes": {}}
    for mode in modes:
        results = run_games(options_for_mode(values, mode), players, games, seed, workers,
                            on_game)
        out["modes"][mode] = summarise_games(results, len(players))
    return out
