"""Statistics for balance questions: intervals for rates and means, and the tests behind the
verdicts. Interval code uses the standard library only, so `warroom` starts fast; scipy (slow to
import) is loaded only by the tests that need it."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from statistics import NormalDist

SIGNIFICANCE = 0.05  # a verdict says "significant" when p < SIGNIFICANCE


Z95 = 1.959963984540054  # the normal quantile of 0.975, correctly rounded


def _z(confidence: float) -> float:
    # NormalDist's approximation is one ulp off at 0.975; the exact constant keeps intervals
    # identical to those of scipy.stats.norm.
    return Z95 if confidence == 0.95 else NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes: float, trials: float, confidence: float = 0.95,
                    z: float | None = None) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (good near 0 and 1, unlike the normal
    one). Draws may count as half a success; `trials` may be an effective sample size. `z`
    (the normal quantile) overrides `confidence`."""
    if trials <= 0:
        return (0.0, 1.0)
    if z is None:
        z = _z(confidence)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # Clamped to contain p itself: rounding must not put p outside its own interval.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


@dataclass(frozen=True)
class Rate:
    """A proportion with its 95 % Wilson interval."""

    successes: float
    trials: int

    @property
    def value(self) -> float:
        return self.successes / self.trials if self.trials else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.successes, self.trials)

    @property
    def half_width(self) -> float:
        low, high = self.ci95
        return (high - low) / 2

    def to_json(self) -> dict[str, float]:
        low, high = self.ci95
        return {"successes": self.successes, "trials": self.trials, "rate": self.value,
                "ci95": [low, high]}


class Moments:
    """Running count, mean and variance (Welford), so a long run needs no list of values."""

    __slots__ = ("n", "mean", "_m2", "low", "high")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self._m2 = 0.0
        self.low = math.inf
        self.high = -math.inf

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self._m2 += delta * (x - self.mean)
        self.low = min(self.low, x)
        self.high = max(self.high, x)

    @property
    def sd(self) -> float:
        return math.sqrt(self._m2 / (self.n - 1)) if self.n > 1 else 0.0

    @property
    def half_width(self) -> float:
        """Half-width of the 95 % t interval of the mean (Student's t with n - 1 degrees of
        freedom: z would be too narrow for a few games). Below two values there is no
        interval: 0, and a text that shows one says so (`plus_minus`)."""
        if self.n < 2:
            return 0.0
        from scipy.stats import t

        return float(t.ppf(0.975, self.n - 1)) * self.sd / math.sqrt(self.n)

    def plus_minus(self, digits: str = ".1f") -> str:
        """'± h', or what stands for it when one value gives no interval."""
        return f"± {self.half_width:{digits}}" if self.n > 1 else "(one game: no interval)"

    def to_json(self) -> dict[str, float]:
        h = self.half_width
        return {"n": self.n, "mean": self.mean, "sd": self.sd, "ci95": [self.mean - h,
                self.mean + h], "min": self.low if self.n else 0.0,
                "max": self.high if self.n else 0.0}


def binomial_p(successes: int, trials: int, p0: float) -> float:
    """Two-sided exact binomial test of `successes` out of `trials` against rate `p0`."""
    if trials <= 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(int(successes), trials, p0).pvalue)


def equal_shares_p(counts: Sequence[float]) -> float:
    """Are `counts` (wins per seat, say) consistent with equal shares? Chi-square goodness of
    fit, or, where an expected count is below 5 (a few games) and the counts are whole, the
    exact test: binomial for two, multinomial for more (the chi-square approximation calls
    5 wins out of 5 significant; exactly, p = 0.0625)."""
    if len(counts) < 2 or sum(counts) <= 0:
        return 1.0
    total = sum(counts)
    whole = all(float(c).is_integer() for c in counts)
    if whole and total / len(counts) < 5:
        return _exact_equal_shares_p([int(c) for c in counts])
    from scipy.stats import chisquare

    return float(chisquare(list(counts)).pvalue)


def _exact_equal_shares_p(counts: list[int]) -> float:
    """Exact test of equal shares: the probability, under equal shares, of every outcome no
    more likely than the one seen (few games: under 5 a category, so few outcomes)."""
    from scipy.stats import binomtest, multinomial

    n, k = sum(counts), len(counts)
    if k == 2:
        return float(binomtest(counts[0], n, 0.5).pvalue)
    law = multinomial(n, [1 / k] * k)
    seen = law.pmf(counts) * (1 + 1e-9)  # ties in probability count as no more likely
    chances = (law.pmf(c) for c in _compositions(n, k))
    return float(min(1.0, sum(q for q in chances if q <= seen)))


def _compositions(n: int, k: int) -> Iterator[list[int]]:
    """Every way to split n into k ordered counts."""
    if k == 1:
        yield [n]
        return
    for first in range(n + 1):
        for rest in _compositions(n - first, k - 1):
            yield [first, *rest]


def homogeneity_p(table: Sequence[Sequence[float]]) -> float:
    """Chi-square test that the rows of a contingency table share one distribution (e.g. the
    win/loss counts of each cell of a sweep). Columns or rows that are all zero are dropped."""
    rows = [list(r) for r in table if sum(r) > 0]
    if len(rows) < 2:
        return 1.0
    keep = [j for j in range(len(rows[0])) if any(r[j] for r in rows)]
    if len(keep) < 2:
        return 1.0
    from scipy.stats import chi2_contingency

    return float(chi2_contingency([[r[j] for j in keep] for r in rows]).pvalue)


def same_location_p(samples: Sequence[Sequence[float]]) -> float:
    """Kruskal-Wallis test that the samples come from one distribution (e.g. game lengths of
    each cell of a sweep). Identical constant samples give 1."""
    groups = [list(s) for s in samples if len(s)]
    if len(groups) < 2:
        return 1.0
    if len({x for g in groups for x in g}) < 2:
        return 1.0
    from scipy.stats import kruskal

    return float(kruskal(*groups).pvalue)


def significance(p: float) -> str:
    """The words a verdict line ends with."""
    shown = "p < 0.001" if p < 0.001 else f"p = {p:.3f}"
    return f"significant ({shown})" if p < SIGNIFICANCE else f"not significant ({shown})"


def normal_two_sided_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def difference_interval(p1: float, n1: float, p0: float, n0: float, correlation: float = 0.0,
                        confidence: float = 0.95, z: float | None = None
                        ) -> tuple[float, float]:
    """Interval for p1 - p0 by Newcombe's hybrid score method (his method 10: the difference
    recovered from the two Wilson intervals), in the MOVER form of Zou and Donner (2008) that
    also takes the correlation of the two estimates (Newcombe's interval for paired data).
    `n1` and `n0` may be effective sample sizes (clustered data): each Wilson interval is that
    of a proportion p measured on n independent trials. `z` overrides `confidence`."""
    if z is None:
        z = _z(confidence)
    l1, u1 = wilson_interval(p1 * n1, n1, z=z) if n1 > 0 else (0.0, 1.0)
    l0, u0 = wilson_interval(p0 * n0, n0, z=z) if n0 > 0 else (0.0, 1.0)
    d = p1 - p0
    r = max(-1.0, min(1.0, correlation))
    low = (p1 - l1) ** 2 + (u0 - p0) ** 2 - 2 * r * (p1 - l1) * (u0 - p0)
    high = (u1 - p1) ** 2 + (p0 - l0) ** 2 - 2 * r * (u1 - p1) * (p0 - l0)
    return (max(-1.0, d - math.sqrt(max(0.0, low))), min(1.0, d + math.sqrt(max(0.0, high))))


def difference_p(p1: float, n1: float, p0: float, n0: float, correlation: float = 0.0) -> float:
    """Two-sided p-value of "p1 = p0" that agrees with `difference_interval`: the level
    1 - p at which the interval just reaches 0 (found by bisection on its normal quantile),
    so a difference is significant at 5 % exactly when its 95 % interval excludes 0."""
    d = p1 - p0
    if d == 0:
        return 1.0

    def excludes_zero(z: float) -> bool:
        low, high = difference_interval(p1, n1, p0, n0, correlation, z=z)
        return low > 0 if d > 0 else high < 0

    lo, hi = 0.0, 40.0
    if excludes_zero(hi):
        return normal_two_sided_p(hi)
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if excludes_zero(mid) else (lo, mid)
    return normal_two_sided_p(lo)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values: rejecting every hypothesis whose adjusted p is below
    alpha keeps the chance of any false rejection at most alpha, whatever the dependence
    between the tests."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted
