"""Dice, cards and hybrid for one scenario: many simulated battles, with confidence intervals.

Seats are fixed (seat 0 attacks), so a figure belongs to a role. Battles are played by the
batch simulator: battle i of a run is determined by (config, players, seed, i), whatever the
number of workers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats

from ...sim.batch import BatchSpec, run_batch
from ...sim.stats import wilson_interval
from ..viktory_battles.cards import options_for_mode
from ..viktory_battles.resolver import MODES

MEASURES = ("attacker_losses", "defender_losses", "rounds", "cards_played")


@dataclass(frozen=True)
class Estimate:
    value: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        return {"value": self.value, "ci95": [self.low, self.high]}


def mean_interval(values: list[float], confidence: float = 0.95) -> Estimate:
    """The mean with a Student t interval (a single value, or no spread: a point)."""
    data = np.asarray(values, dtype=float)
    mean = float(data.mean()) if data.size else 0.0
    if data.size < 2 or float(data.std()) == 0.0:
        return Estimate(mean, mean, mean)
    half = float(stats.t.ppf(0.5 + confidence / 2, data.size - 1)
                 * data.std(ddof=1) / math.sqrt(data.size))
    return Estimate(mean, mean - half, mean + half)


def proportion(successes: int, trials: int) -> Estimate:
    low, high = wilson_interval(successes, trials)
    return Estimate(successes / trials if trials else 0.0, low, high)


def run_battles(values: dict[str, Any], attacker: str, defender: str, games: int, seed: int,
                workers: int = 1, on_battle: Callable[[], None] | None = None,
                ) -> list[dict[str, Any]]:
    """Per-battle summaries of `games` battles with `attacker` in seat 0 and `defender` in
    seat 1 (player SPECs, e.g. heuristic, random)."""
    spec = BatchSpec("viktory", dict(values), (attacker, defender), seed, rotate=False)
    out = []
    for result in run_batch(spec, range(games), workers):
        out.append(result)
        if on_battle is not None:
            on_battle()
    return out


def summarise_battles(results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(results)
    won = sum(1 for r in results if r["winner_seats"] == [0])
    held = sum(1 for r in results if r["winner_seats"] == [1])
    out: dict[str, Any] = {
        "battles": n,
        "attacker_win": proportion(won, n).to_json(),
        "defender_win": proportion(held, n).to_json(),
        "draws": n - won - held,
    }
    for name in MEASURES:
        out[name] = mean_interval([r["metrics"][name] for r in results]).to_json()
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    out["reasons"] = dict(sorted(reasons.items(), key=lambda kv: -kv[1]))
    return out


def compare_modes(values: dict[str, Any], games: int, seed: int, workers: int = 1,
                  players: tuple[str, str] = ("heuristic", "heuristic"),
                  on_battle: Callable[[], None] | None = None,
                  modes: tuple[str, ...] = MODES) -> dict[str, Any]:
    """The same scenario fought `games` times in each mode (dice, cards, hybrid)."""
    out: dict[str, Any] = {"players": list(players), "games": games, "seed": seed,
                           "modes": {}}
    for mode in modes:
        results = run_battles(options_for_mode(values, mode), *players, games, seed, workers,
                              on_battle)
        out["modes"][mode] = summarise_battles(results)
    return out
