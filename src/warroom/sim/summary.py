"""Turns per-game summaries into the figures `warroom simulate` reports.

The tally is streaming: a run of any length is summarised without keeping its games in memory.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .stats import wilson_interval


class Tally:
    """Wins per listed player, draws and total length, updated one game at a time."""

    def __init__(self, players: list[str]):
        self.players = list(players)
        self.games = 0
        self.wins = [0] * len(players)
        self.draws = 0
        self.total_length = 0

    def add(self, result: dict[str, Any]) -> None:
        self.games += 1
        if not result["winners"]:
            self.draws += 1
        for p in result["winners"]:
            self.wins[p] += 1
        self.total_length += result["length"]

    def to_json(self) -> dict[str, Any]:
        n = self.games
        return {
            "games": n,
            "players": list(self.players),
            "wins": list(self.wins),
            "draws": self.draws,
            "win_rate": [w / n if n else 0.0 for w in self.wins],
            "ci95": [list(wilson_interval(w, n)) for w in self.wins],
            "mean_length": self.total_length / n if n else 0.0,
        }


def summarise(players: list[str], results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """`games`, `players`, `wins` and `win_rate` and `ci95` per listed player, `draws`,
    `mean_length`. `winners` of a result are listed players, not seats."""
    tally = Tally(players)
    for r in results:
        tally.add(r)
    return tally.to_json()
