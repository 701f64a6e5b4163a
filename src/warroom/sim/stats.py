"""Statistics for win rates: Wilson score intervals (good near 0 and 1, unlike the normal one)."""

from __future__ import annotations

import math

from scipy.stats import norm


def wilson_interval(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion. Draws may count as half a success."""
    if trials <= 0:
        return (0.0, 1.0)
    z = float(norm.ppf(0.5 + confidence / 2))
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
