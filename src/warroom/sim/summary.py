"""Turns per-game summaries into the figures `warroom simulate` reports."""

from __future__ import annotations

from collections.abc import Iterable
from statistics import fmean
from typing import Any

from .stats import wilson_interval


def summarise(players: list[str], results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    results = list(results)
    n = len(results)
    wins = [0] * len(players)
    draws = 0
    for r in results:
        if not r["winners"]:
            draws += 1
        for p in r["winners"]:
            wins[p] += 1
    return {
        "games": n,
        "players": list(players),
        "wins": wins,
        "draws": draws,
        "win_rate": [w / n if n else 0.0 for w in wins],
        "ci95": [list(wilson_interval(w, n)) for w in wins],
        "mean_length": fmean(r["length"] for r in results) if results else 0.0,
    }
