"""Statistics for balance questions: intervals for rates and means, and the tests behind the
verdicts. Interval code uses the standard library only, so `warroom` starts fast; scipy (slow to
import) is loaded only by the tests that need it."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

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


def whole_number(value: Any) -> Any:
    """A float that is whole as an int (94.0 -> 94: a count, as JSON and CSV readers expect
    it); anything else as it is."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


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

    def to_json(self) -> dict[str, Any]:
        """The counts, the rate and its interval; of no trials, the rate and interval are
        null (not a measured 0 % between 0 and 100 %: a player who never moved first).
        `successes` is an int when whole (wins counted in floats, 94.0, are 94, as every
        count of wins in the JSON is); a float only when a count is fractional."""
        successes = whole_number(self.successes)
        if not self.trials:
            return {"successes": successes, "trials": self.trials, "rate": None,
                    "ci95": None}
        low, high = self.ci95
        return {"successes": successes, "trials": self.trials, "rate": self.value,
                "ci95": [low, high]}


class Moments:
    """Running count, mean and variance (Welford), so a long run needs no list of values. The
    mean is the total over the count, one division, as a run's summary gives it (Welford's
    running mean drifts by a rounding error: 119.85 showed as 119.9 in a report and 119.8 in
    `warroom simulate` for one run); the running one serves the variance."""

    __slots__ = ("n", "total", "_running", "_m2", "low", "high")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0
        self._running = 0.0
        self._m2 = 0.0
        self.low = math.inf
        self.high = -math.inf

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        delta = x - self._running
        self._running += delta / self.n
        self._m2 += delta * (x - self._running)
        self.low = min(self.low, x)
        self.high = max(self.high, x)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

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
        """'(95 % CI ± h)', or what stands for it when one value gives no interval. Named as
        the mean's interval: a bare '± h' after a mean reads as the spread of the values (the
        sd, often ten times wider)."""
        return (f"(95 % CI ± {self.half_width:{digits}})" if self.n > 1
                else "(one game: no interval)")

    def to_json(self) -> dict[str, Any]:
        """The figures for a machine to read: null where there are none (no mean, min or max
        of no value; no sd or interval of one), as `plus_minus` says in words."""
        n = self.n
        h = self.half_width
        return {"n": n, "mean": self.mean if n else None, "sd": self.sd if n > 1 else None,
                "ci95": [self.mean - h, self.mean + h] if n > 1 else None,
                "min": self.low if n else None, "max": self.high if n else None}


def equal_shares_p(counts: Sequence[float]) -> float:
    """Are `counts` (wins per seat, say) consistent with equal shares? Chi-square goodness of
    fit, or, where an expected count is below 5 (a few games) and the counts are whole, the
    exact test: binomial for two, multinomial for more (the chi-square approximation calls
    5 wins out of 5 significant; exactly, p = 0.0625). Each count is of independent games:
    a game won by k together must count 1/k for each (`RunAnalysis.credits`), not a win for
    each, which would make one game k; such fractional counts take chi-square at any size."""
    if len(counts) < 2 or sum(counts) <= 0:
        return 1.0
    if _exact_shares(counts):
        return _exact_equal_shares_p([int(c) for c in counts])
    from scipy.stats import chisquare

    return float(chisquare(list(counts)).pvalue)


def _exact_shares(counts: Sequence[float]) -> bool:
    """Whether `equal_shares_p` takes the exact test for `counts` (whole, under 5 a count)."""
    return (len(counts) > 0 and all(float(c).is_integer() for c in counts)
            and sum(counts) / len(counts) < 5)


def equal_shares_test(counts: Sequence[float]) -> str:
    """The name of the test `equal_shares_p` makes of `counts`, as a verdict gives it."""
    return ("exact test of equal shares" if _exact_shares(counts)
            else "chi-square test of equal shares")


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


def paired_rate_p(table: Sequence[Sequence[bool]]) -> float:
    """Test that a binary outcome (seat 0 won, the game was a draw) is as likely in every cell
    of a sweep whose cells play the same games (table[j][i]: in cell j, game i; game i of
    every cell from one seed). Only the games whose outcome differs between cells tell
    anything: with two cells, the exact binomial (sign) test on them (McNemar's, exactly);
    with more, Cochran's Q, against chi-square when enough games differ and by shuffling
    each such game's outcomes among the cells when few do (the approximation is poor)."""
    import numpy as np

    x = np.asarray(table, dtype=bool).T  # games x cells
    if x.ndim != 2 or x.shape[1] < 2:
        return 1.0
    x = x[x.any(axis=1) & ~x.all(axis=1)].astype(np.int64)  # the games whose outcome differs
    if not len(x):
        return 1.0
    k = x.shape[1]
    if k == 2:
        from scipy.stats import binomtest

        return float(binomtest(int(x[:, 0].sum()), len(x), 0.5).pvalue)
    q = _cochran_q(x.sum(axis=0), x.sum(axis=1))
    if len(x) * k >= COCHRAN_MIN:
        from scipy.stats import chi2

        return float(chi2.sf(q, k - 1))
    return _shuffled_q_p(x, q)


# Cochran's Q against chi-square wants at least this many games-by-cells among the games whose
# outcome differs (Tate and Brown, 1970); below, its p-value comes from shuffles.
COCHRAN_MIN = 24
SHUFFLES = 20_000


def _cochran_q(columns: Any, rows: Any) -> Any:
    """Cochran's Q from the cells' totals (`columns`, the last axis) and the games' (`rows`)."""
    k = columns.shape[-1]
    n = rows.sum()
    return (k - 1) * (k * (columns ** 2).sum(axis=-1) - n * n) / (k * n - (rows ** 2).sum())


def _shuffled_q_p(x: Any, q: float) -> float:
    """Q's p-value by shuffling each game's outcomes among the cells (what "the rules change
    nothing" means when every cell plays the game from one seed), with a fixed seed so that
    a report is the same each time it is made."""
    import numpy as np

    rng = np.random.default_rng(0)
    order = rng.random((SHUFFLES, *x.shape)).argsort(axis=2)
    columns = np.take_along_axis(np.broadcast_to(x, order.shape), order, axis=2).sum(axis=1)
    shuffled = _cochran_q(columns, x.sum(axis=1))
    return shuffled_p(shuffled, q * (1 - 1e-9))  # a float Q equal to q counts as as large


def shuffled_p(shuffled: Any, observed: float) -> float:
    """The p-value of a statistic (larger: more extreme) from its values over shuffles: the
    share of them at least `observed`, the observed data counted as one of them (so never
    0: a p below SIGNIFICANCE means fewer than 1 in 20 shuffles as extreme)."""
    return float((1 + (shuffled >= observed).sum()) / (len(shuffled) + 1))


def shuffled_critical(shuffled: Any) -> float | None:
    """The largest value of the statistic that `shuffled_p` does not call significant: a
    value is significant exactly when above it (so an interval of half-width this value
    leaves out 0 exactly when the test is significant). None when too few shuffles for any
    value to be significant."""
    import numpy as np

    values = np.sort(np.asarray(shuffled))[::-1]
    counts = np.arange(len(values))  # shuffles at least as extreme; as shuffled_p divides
    allowed = counts[(1 + counts) / (len(values) + 1) < SIGNIFICANCE]
    return float(values[allowed[-1]]) if len(allowed) else None


def paired_location_p(samples: Sequence[Sequence[float]]) -> float:
    """Test that a figure (game length, a metric) has one distribution in every cell of a
    sweep whose cells play the same games (samples[j][i]: cell j, game i): Wilcoxon's
    signed-rank test on the differences for two cells, Friedman's for more. Games with the
    same value in every cell tell nothing; when every game has, 1."""
    import numpy as np

    x = np.asarray(samples, dtype=float)
    if x.ndim != 2 or x.shape[0] < 2 or not x.shape[1]:
        return 1.0
    if (x == x[0]).all():
        return 1.0
    if x.shape[0] == 2:
        from scipy.stats import wilcoxon

        return float(wilcoxon(x[0], x[1]).pvalue)
    from scipy.stats import friedmanchisquare

    return float(friedmanchisquare(*x).pvalue)


@dataclass(frozen=True)
class PairedDifference:
    """`second - first` of a figure measured on the same games in two settings (game i from
    one seed in both), with its 95 % interval and the p-value of "no difference": told apart
    when p < SIGNIFICANCE, and then the interval leaves out 0 (and holds it otherwise)."""

    value: float
    ci95: tuple[float, float]
    p: float
    test: str

    @property
    def told_apart(self) -> bool:
        return self.p < SIGNIFICANCE

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "ci95": list(self.ci95), "p": self.p,
                "told_apart": self.told_apart, "test": self.test}


def tango_interval(b: int, c: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Tango's (1998) score interval for a paired difference of rates, (b - c) / n, of n
    games of which b had the outcome in the first setting only and c in the second only: the
    differences x whose score test (the variance at x, from the most likely share of
    differing games given x) does not reject. At x = 0 that test is McNemar's normal one."""
    z = _z(confidence)

    def score(x: float) -> float:  # decreasing in x
        half_b = -b - c + (2 * n - b + c) * x
        root = math.sqrt(max(0.0, half_b * half_b + 8 * n * c * x * (1 - x)))
        variance = n * ((root - half_b) / (2 * n) + x * (1 - x))
        excess = b - c - n * x
        if variance <= 0:
            return math.copysign(math.inf, excess) if excess else 0.0
        return excess / math.sqrt(variance)

    def crossing(low: float, high: float, target: float) -> float:
        for _ in range(100):
            mid = (low + high) / 2
            low, high = (mid, high) if score(mid) > target else (low, mid)
        return (low + high) / 2

    d = (b - c) / n if n else 0.0
    return (crossing(-1.0, d, z) if score(-1.0) > z else -1.0,
            crossing(d, 1.0, -z) if score(1.0) < -z else 1.0)


def paired_rate_difference(first: Sequence[bool], second: Sequence[bool]) -> PairedDifference:
    """The paired difference of a binary outcome's rate (game i of `first` and of `second`
    from one seed): McNemar's exact test (`paired_rate_p`: only the games whose outcome
    differs tell anything) and Tango's interval (`tango_interval`). With few differing games
    the exact test is more cautious than the interval's normal one (5 of 5 differing games
    one way: z = 2.24, but p = 0.063); there the interval is stretched to 0, so that it never
    reads "told apart" where the test does not (the other way round does not happen near
    5 %: checked up to 1,500 differing games)."""
    n = len(first)
    b = sum(1 for x, y in zip(first, second, strict=True) if y and not x)
    c = sum(1 for x, y in zip(first, second, strict=True) if x and not y)
    p = paired_rate_p([list(first), list(second)])
    value = (b - c) / n if n else 0.0
    low, high = tango_interval(b, c, n) if n else (-1.0, 1.0)
    if p >= SIGNIFICANCE:
        low, high = min(low, 0.0), max(high, 0.0)
    return PairedDifference(value, (low, high), p, "McNemar exact")


def paired_mean_difference(first: Sequence[float], second: Sequence[float]
                           ) -> PairedDifference:
    """The paired difference of a mean (game i of `first` and of `second` from one seed):
    the paired t test and interval, i.e. Student's t on the games' differences."""
    moments = Moments()
    for x, y in zip(first, second, strict=True):
        moments.add(y - x)
    mean, sd, n = moments.mean, moments.sd, moments.n
    if n < 2:
        return PairedDifference(mean, (-math.inf, math.inf), 1.0, "paired t")
    if sd == 0:  # every game differs by the same amount: a sure difference, or none
        return PairedDifference(mean, (mean, mean), 1.0 if mean == 0 else 0.0, "paired t")
    from scipy.stats import t

    p = float(2 * t.sf(abs(mean) / (sd / math.sqrt(n)), n - 1))
    half = moments.half_width
    return PairedDifference(mean, (mean - half, mean + half), p, "paired t")


def smallest_adjusted_p(pvalues: Sequence[float]) -> float:
    """One p-value for "some of these differ": the smallest after Holm's correction (which is
    the smallest times their number), so that where none differs, at most 5 % of reports
    call it significant."""
    return min(holm(pvalues), default=1.0)


# Digits a figure may take past its usual 3 significant (means) or 1 decimal (shares %): as
# many as a float holds, so that a value is never shown as another it differs from.
MAX_EXTRA_DIGITS = 12


def extra_digits(reads_wrong: Callable[[int], bool]) -> int:
    """The fewest digits past a figure's usual ones (at most MAX_EXTRA_DIGITS) with which it
    no longer reads wrong (`reads_wrong(extra)`): as a tune's target it is not, as another
    cell's mean it differs from (118.99 and 119.41 are not "119" and "119")."""
    extra = 0
    while extra < MAX_EXTRA_DIGITS and reads_wrong(extra):
        extra += 1
    return extra


def games_text(n: int) -> str:
    """`1 game`, `2 games`: how verdicts count games."""
    return f"{n} game" if n == 1 else f"{n} games"


def signed(x: float, digits: int = 1) -> str:
    """`+1.5`, `-2.0`, `+0.0`: a signed figure as a report prints it. A value that rounds to
    zero prints as +0.0, never -0.0 (an interval "to -0.0" reads as excluding 0)."""
    return f"{round(x, digits) + 0.0:+.{digits}f}"


def p_text(p: float, name: str = "p") -> str:
    """A p-value as every report prints it: `p = 0.022`, and `p < 0.001` below 0.001 (never
    `p = 0.000`)."""
    return f"{name} < 0.001" if p < 0.001 else f"{name} = {p:.3f}"


def significance(p: float, name: str = "p") -> str:
    """The words a verdict line ends with; `name` is what the p-value is called in them."""
    shown = p_text(p, name)
    return f"significant ({shown})" if p < SIGNIFICANCE else f"not significant ({shown})"


def normal_two_sided_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def score_interval(estimate: float, a: float, b: float, c: float, confidence: float = 0.95,
                   z: float | None = None, bounds: tuple[float, float] = (-1.0, 1.0)
                   ) -> tuple[float, float]:
    """The values x that the test of "the true value is x" does not reject, when the variance
    of `estimate` computed as if it were x is a - 2bx + cx² (a score interval, as Wilson's is
    for one rate: the variance is taken at the value tested, not at the estimate, which a
    chance estimate far from the truth would make too small). Clipped to `bounds`; all of
    them when the test cannot bound the value (c too large: a handful of games)."""
    if z is None:
        z = _z(confidence)
    k = z * z
    lead = 1 - k * c  # (estimate - x)² <= k (a - 2bx + cx²), as lead x² - 2 mid x + rest <= 0
    if lead <= 0:
        return bounds
    mid = estimate - k * b
    rest = estimate * estimate - k * a
    half = math.sqrt(max(0.0, mid * mid - lead * rest))  # >= 0: x = estimate is inside
    return (max(bounds[0], (mid - half) / lead), min(bounds[1], (mid + half) / lead))


def score_p(estimate: float, a: float, c: float) -> float:
    """Two-sided p-value of "the true value is 0" that agrees with `score_interval`: the level
    1 - p at which the interval just reaches 0, or at which it stops being bounded (a test
    that cannot bound the value cannot reject 0 either)."""
    if estimate == 0 or a <= 0:
        return 1.0
    z = abs(estimate) / math.sqrt(a)
    if c > 0:
        z = min(z, 1 / math.sqrt(c))
    return normal_two_sided_p(z)


@dataclass(frozen=True)
class PermutationMoments:
    """Mean and variance of a statistic over the permutations of a set of games."""

    mean: float
    variance: float  # 0 exactly when every permutation gives the same value


def first_mover_moments(games: int, first: Sequence[int], together: Sequence[Sequence[int]]
                        ) -> PermutationMoments:
    """D = the games whose first mover is among the winners, when the games' sets of winners
    are shuffled among the games (every permutation equally likely: what moving first
    changes nothing means). `first[i]`: games player i moved first; `together[i][j]`: games
    players i and j were both among the winners (`together[i][i]`: games i won). With S1 =
    sum r_i c_i, S2 = sum r_i c_i², S3 = sum r_i r_j c_ij (r: first, c: together), the
    mean is S1/n and E[D²] = S1/n + (S1² - S2 - S3 + S1) / (n(n-1)): the pairs of distinct
    games' terms, each pair of distinct winner sets equally likely. Exact integers, so that
    a variance of 0 is told apart from rounding."""
    n = games
    s1 = sum(r * together[i][i] for i, r in enumerate(first))
    if n < 2:
        return PermutationMoments(s1 / n if n else 0.0, 0.0)
    s2 = sum(r * together[i][i] ** 2 for i, r in enumerate(first))
    s3 = sum(ri * rj * together[i][j] for i, ri in enumerate(first)
             for j, rj in enumerate(first))
    # Var = E[D²] - (S1/n)², brought over the common denominator n²(n-1)
    numerator = s1 * n * n + s1 * s1 - n * (s2 + s3)
    return PermutationMoments(s1 / n, max(0, numerator) / (n * n * (n - 1)))


# Below this many informative games (`informative_games`), the first-player test's p-value and
# interval come from SHUFFLES shuffles of the winners: the normal approximation understates p
# where D takes few values (20 games of three random players: 0.101, against about 0.13; 300
# games with 5 upsets of a dominant team: 0.028, against 0.061).
FIRST_SHUFFLE_BELOW = 100


def informative_games(values: Sequence[int]) -> int:
    """The games whose winners (or first mover) differ from the most common: only these can
    change D when shuffled (a dominant team's 5 upsets in 300 games: 5; a player who moved
    first in 5 games of 1,000: 5). Shuffling the winners among the games is shuffling the
    first movers among them, so the fewer of the two, not the games, says how coarse D's
    distribution is."""
    return len(values) - max(Counter(values).values(), default=0)


@dataclass(frozen=True)
class FirstMoverTest:
    """The first mover's wins over those expected if moving first changed nothing, as a
    share of the games, with the test's p-value and 95 % interval (which leaves out 0 exactly
    when p < SIGNIFICANCE)."""

    excess: float
    ci95: tuple[float, float]
    p: float


def first_mover_test(movers: Sequence[int], winners: Sequence[int],
                     moments: PermutationMoments) -> FirstMoverTest:
    """The permutation test of `first_mover_moments` (whose variance must be above 0), game
    by game: `movers[g]` the listed player who moved first in game g, `winners[g]` the bit
    mask of the listed players among its winners. The interval is that of a shift of the
    first mover's wins: the observed excess plus or minus the excess the test would just not
    reject, from the same distribution as p (normal, or the shuffles' below
    FIRST_SHUFFLE_BELOW informative games), so that the interval, p and the verdict always
    agree."""
    n = len(movers)
    wins = sum(w >> m & 1 for m, w in zip(movers, winners, strict=True))
    # n D - S1: n times D's distance from its mean, a whole number (S1 = n E[D])
    s1 = round(moments.mean * n)
    distance = n * wins - s1
    if min(informative_games(winners), informative_games(movers)) >= FIRST_SHUFFLE_BELOW:
        sd = n * math.sqrt(moments.variance)
        p, half = normal_two_sided_p(distance / sd), Z95 * sd
    else:  # whole numbers: an interval that just reaches 0 ends at 0, not a rounding off it
        p, half = _shuffled_first_mover(movers, winners, s1, distance)
    expected = moments.mean / n  # the interval is of a share: the first mover's is in 0..1
    low, high = (distance - half) / (n * n), (distance + half) / (n * n)
    return FirstMoverTest(distance / (n * n), (max(-expected, low), min(1 - expected, high)),
                          p)


def _shuffled_first_mover(movers: Sequence[int], winners: Sequence[int], s1: int,
                          distance: int) -> tuple[float, float]:
    """p and the interval's half-width (in the units of `distance`, n D - S1) of the
    first-player test from shuffles of the games' winners among the games, with a fixed seed
    (a report is the same each time it is made). The statistic, |n D - S1|, is a whole
    number, so that a shuffle as extreme as the games is never lost to rounding.

    Shuffling the winners among the games is shuffling the first movers among them: a
    shuffle moves the side with fewer informative games (`informative_games`) onto other
    games, the rest keeping that side's most common value. The games they land on are a
    sample without replacement, whose other side is drawn as such (multivariate
    hypergeometric counts, in a random order), so each shuffle costs their number, not the
    run's."""
    import numpy as np

    n = len(movers)

    by_movers = informative_games(movers) < informative_games(winners)
    moving, kept = (movers, winners) if by_movers else (winners, movers)

    def scored(x: int, v: int) -> int:
        """1 if a game with `x` of the moving side and `v` of the kept one counts in D."""
        mover, mask = (x, v) if by_movers else (v, x)
        return mask >> mover & 1

    common = Counter(moving).most_common(1)[0][0]
    others = [x for x in moving if x != common]
    held = np.bincount(np.asarray(kept, dtype=np.int64))  # the games of each value kept
    values = range(len(held))
    # how much D gains when a game of kept value v gets x, not the common value
    gain = np.array([[scored(x, v) - scored(common, v) for v in values] for x in others],
                    dtype=np.int64).reshape(len(others), len(held))
    base = sum(int(c) for v, c in zip(values, held) if scored(common, v))
    rng = np.random.default_rng(0)
    drawn = rng.multivariate_hypergeometric(held, len(others), size=SHUFFLES)
    landed = rng.permuted(np.repeat(np.tile(np.arange(len(held)), SHUFFLES), drawn.ravel())
                          .reshape(SHUFFLES, len(others)), axis=1)
    counts = base + gain[np.arange(len(others)), landed].sum(axis=1)
    distances = np.abs(n * counts - s1)
    critical = shuffled_critical(distances)
    return shuffled_p(distances, abs(distance)), math.inf if critical is None else critical


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
