"""Dice against the Battle Cards over whole games of the map game, with confidence intervals:
the designer's question "does the variant change the game?".

Seats are fixed (seat 0 moves first), so the first player's win rate is seat 0's. Games are
played by the batch simulator: game i of a run is determined by (options, players, seed, i),
whatever the number of workers. The underdog of a battle is the side with fewer units when it
begins (the attacker's committed units against the defender's units in the hex; battles with
equal numbers have none); its win rate pools the battles of all games (a Wilson interval,
which treats battles as independent: those of one game are not quite).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...sim.batch import BatchSpec, run_batch
from ..viktory.compare import mean_interval, proportion
from ..viktory_battles.cards import options_for_mode


def run_games(values: dict[str, Any], players: tuple[str, ...], games: int, seed: int,
              workers: int = 1, on_game: Callable[[], None] | None = None,
              ) -> list[dict[str, Any]]:
    """Per-game summaries of `games` games with `players[i]` in seat i."""
    spec = BatchSpec("viktory-ii", dict(values), tuple(players), seed, rotate=False)
    out = []
    for result in run_batch(spec, range(games), workers):
        out.append(result)
        if on_game is not None:
            on_game()
    return out


def summarise_games(results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(results)
    first = sum(1 for r in results if r["winner_seats"] == [0])
    metrics = [r["metrics"] for r in results]
    underdog_battles = int(sum(m["underdog_battles"] for m in metrics))
    underdog_wins = int(sum(m["underdog_wins"] for m in metrics))
    reasons: dict[str, int] = {}
    for r in results:
        reason = r["reason"].split(":")[0]  # "conquest", "turn limit (60 rounds)", ...
        reasons[reason] = reasons.get(reason, 0) + 1
    return {
        "games": n,
        "first_player_win": proportion(first, n).to_json(),
        "draws": sum(1 for r in results if not r["winner_seats"]),
        "rounds": mean_interval([m["rounds"] for m in metrics]).to_json(),
        "decisions": mean_interval([float(r["length"]) for r in results]).to_json(),
        "battles": mean_interval([m["battles"] for m in metrics]).to_json(),
        "captures": mean_interval([m["captures"] for m in metrics]).to_json(),
        "underdog_win": proportion(underdog_wins, underdog_battles).to_json(),
        "underdog_battles": underdog_battles,
        "reasons": dict(sorted(reasons.items(), key=lambda kv: -kv[1])),
    }


def compare_game_modes(values: dict[str, Any], games: int, seed: int, workers: int = 1,
                       players: tuple[str, ...] = ("heuristic", "heuristic"),
                       on_game: Callable[[], None] | None = None,
                       modes: tuple[str, ...] = ("dice", "cards")) -> dict[str, Any]:
    """The same options played `games` times in each mode."""
    out: dict[str, Any] = {"players": list(players), "games": games, "seed": seed,
                           "options": dict(values), "modes": {}}
    for mode in modes:
        results = run_games(options_for_mode(values, mode), players, games, seed, workers,
                            on_game)
        out["modes"][mode] = summarise_games(results)
    return out
