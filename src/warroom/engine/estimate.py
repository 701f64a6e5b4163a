"""Small helpers for games' position estimates (`Game.evaluate`): a weighted lead turned into
win chances. The weights are fitted to self-play by benchmarks/fit_evaluation.py."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any


def win_chance(weights: Sequence[float], lead: Sequence[float]) -> float:
    """Seat 0's chance to win: a logistic function of its weighted lead over seat 1."""
    x = sum(w * f for w, f in zip(weights, lead))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def share_chances(scores: Sequence[float]) -> list[float]:
    """Each player's chance from its score: a softmax (-inf for a player who is out)."""
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def seat_lead(features: Callable[[Any, int], list[float]], state: Any) -> list[float]:
    """Seat 0's lead over seat 1 in each of a player's features."""
    return [a - b for a, b in zip(features(state, 0), features(state, 1))]


def seat0_result(state: Any, final: Any) -> float | None:
    """What a win-chance estimate predicts, read from the finished game: seat 0's reward (a
    draw is 0.5), or None for a game cut short."""
    outcome = final.outcome()
    return None if outcome is None else outcome.reward(0)
