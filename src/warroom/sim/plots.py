"""The report's figures, drawn with matplotlib (Agg, no display needed) as SVG text.

Text stays text in the SVG (`svg.fonttype: none`), so a figure's labels can be searched and
checked, and the output is byte-for-byte reproducible (fixed hash salt, no date).
"""

from __future__ import annotations

import io
import warnings
from collections import Counter
from collections.abc import Sequence

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402  (after choosing the backend)

from .stats import Rate  # noqa: E402

STYLE = {
    "svg.fonttype": "none",
    "svg.hashsalt": "warroom",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.axisbelow": True,
    "grid.alpha": 0.3,
}
COLOURS = ["#3b6ea8", "#d1803f", "#5a9e5a", "#b84a4a", "#8a6bb0", "#7f7f7f"]
SIZE = (6.4, 3.0)


# An interval's arms from its estimate. An estimate at the end of its interval may lie past it
# by a rounding (100.00000000000003 in an interval ending at 100), and matplotlib refuses a
# negative arm: the report then failed.
def _below(value: float, low: float) -> float:
    return max(value - low, 0.0)


def _above(value: float, high: float) -> float:
    return max(high - value, 0.0)


def _svg(fig: Figure) -> str:
    buffer = io.StringIO()
    # A name the font lacks a glyph for (a card "Rowboat 🚣") printed matplotlib's warning on
    # the user's terminal; the text stays text in the SVG, shown in the reader's fonts.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from font",
                                category=UserWarning)
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg"):]  # inline: no XML prolog or doctype


def _errors(rates: Sequence[Rate]) -> list[list[float]]:
    """Each rate's arms; none for a rate of no games (its interval is the whole range)."""
    return [[r.value - r.ci95[0] if r.trials else 0.0 for r in rates],
            [r.ci95[1] - r.value if r.trials else 0.0 for r in rates]]


NO_GAMES = "no games"  # a rate of no games: said on the plot, not drawn as a measured 0 %


def rate_bars(labels: Sequence[str], rates: Sequence[Rate], title: str,
              fair: float | None = None, ylabel: str = "win rate") -> str:
    """Bars of rates with their 95 % intervals; a dashed line at the fair share."""
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=SIZE)
        ax = fig.subplots()
        x = range(len(rates))
        ax.bar(x, [r.value for r in rates], yerr=_errors(rates), capsize=4,
               color=[COLOURS[i % len(COLOURS)] for i in x])
        for i, r in enumerate(rates):
            ax.annotate(f"{100 * r.value:.1f} %" if r.trials else NO_GAMES,
                        (i, r.ci95[1] if r.trials else 0.0), ha="center", va="bottom",
                        xytext=(0, 2), textcoords="offset points")
        if fair is not None:
            ax.axhline(fair, color="black", linestyle="--", linewidth=1,
                       label=f"fair share {100 * fair:.1f} %")
            ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
        ax.set_xticks(list(x), list(labels))
        ax.set_ylim(0, 1.1)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        return _svg(fig)


def grouped_rate_bars(groups: Sequence[str], series: dict[str, Sequence[Rate]], title: str,
                      fair: float | None = None, line: str = "fair share") -> str:
    """Side-by-side bars per group (e.g. per player: when moving first, when moving later);
    a dashed line at `fair`, named `line` in the legend."""
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=SIZE)
        ax = fig.subplots()
        width = 0.8 / max(1, len(series))
        for k, (name, rates) in enumerate(series.items()):
            xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(groups))]
            ax.bar(xs, [r.value for r in rates], width, yerr=_errors(rates), capsize=3,
                   label=name, color=COLOURS[k % len(COLOURS)])
            for x, r in zip(xs, rates):
                if not r.trials:
                    ax.annotate(NO_GAMES, (x, 0.0), ha="center", va="bottom", rotation=90,
                                fontsize=7, xytext=(0, 2), textcoords="offset points")
        if fair is not None:
            ax.axhline(fair, color="black", linestyle="--", linewidth=1,
                       label=f"{line} {100 * fair:.1f} %")
        ax.set_xticks(list(range(len(groups))), list(groups))
        ax.set_ylim(0, 1.1)
        ax.set_ylabel("win rate")
        ax.set_title(title)
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
        return _svg(fig)


def count_histogram(counts: Counter[int], title: str, xlabel: str) -> str:
    """Distribution of an integer quantity (e.g. game length), from value -> count."""
    total = sum(counts.values()) or 1
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=SIZE)
        ax = fig.subplots()
        values = sorted(counts)
        if values and values[-1] - values[0] > 60:  # wide range: bin it
            ax.hist(values, bins=40, weights=[counts[v] / total for v in values],
                    color=COLOURS[0])
        else:
            ax.bar(values, [counts[v] / total for v in values], width=0.9, color=COLOURS[0])
        ax.set_xlabel(xlabel)
        ax.set_ylabel("share of games")
        ax.set_title(title)
        return _svg(fig)


def value_histogram(values: Sequence[float], title: str, xlabel: str) -> str:
    """Distribution of a per-game number (a game's metric)."""
    distinct = sorted(set(values))
    if len(distinct) <= 40 and all(float(v).is_integer() for v in distinct):
        return count_histogram(Counter(int(v) for v in values), title, xlabel)
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=SIZE)
        ax = fig.subplots()
        n = len(values) or 1
        ax.hist(list(values), bins=40, weights=[1 / n] * len(values), color=COLOURS[0])
        ax.set_xlabel(xlabel)
        ax.set_ylabel("share of games")
        ax.set_title(title)
        return _svg(fig)


def share_bars(counts: Counter[str], title: str) -> str:
    """Horizontal bars: the share of games per category (e.g. outcome reason)."""
    total = sum(counts.values()) or 1
    items = counts.most_common()[::-1]
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=(SIZE[0], max(1.6, 0.45 * len(items) + 0.9)))
        ax = fig.subplots()
        ax.barh(range(len(items)), [n / total for _, n in items], color=COLOURS[1])
        ax.set_yticks(list(range(len(items))), [name for name, _ in items])
        for i, (_, n) in enumerate(items):
            ax.annotate(f"{100 * n / total:.1f} %", (n / total, i), va="center",
                        xytext=(3, 0), textcoords="offset points")
        ax.set_xlim(0, 1.15)
        ax.set_xlabel("share of games")
        ax.set_title(title)
        return _svg(fig)


def sweep_lines(cells: Sequence[str], series: dict[str, Sequence[tuple[float, float, float]]],
                title: str, ylabel: str, xlabel: str) -> str:
    """How a metric moves across the cells of a sweep: one line per series, each point a
    (value, low, high) with its 95 % interval."""
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=SIZE)
        ax = fig.subplots()
        x = list(range(len(cells)))
        for k, (name, points) in enumerate(series.items()):
            values = [v for v, _, _ in points]
            err = [[_below(v, lo) for v, lo, _ in points], [_above(v, hi) for v, _, hi in points]]
            ax.errorbar(x, values, yerr=err, marker="o", capsize=3, label=name,
                        color=COLOURS[k % len(COLOURS)])
        ax.set_xticks(x, list(cells), rotation=30 if len(cells) > 5 else 0,
                      ha="right" if len(cells) > 5 else "center")
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        if len(series) > 1:
            ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
        return _svg(fig)


def difference_forest(labels: Sequence[str], points: Sequence[tuple[float, float, float]],
                      highlight: Sequence[bool], title: str, xlabel: str,
                      marks: Sequence[tuple[int, str]] = (),
                      muted: Sequence[bool] | None = None) -> str:
    """One row per item (a card): its difference with the 95 % interval, a line at 0; the
    highlighted rows (flagged cards) in another colour, the muted ones (cards not tested) in
    grey. Rows in the given order, top down. `marks` (before which row, its text; in order):
    a marked row there, so that the plot itself shows where the middle of a ranking is
    missing, or where the untested cards begin, not only its caption."""
    muted = list(muted) if muted is not None else [False] * len(labels)
    rows = len(labels) + len(marks)
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=(SIZE[0], max(1.8, 0.22 * rows + 1.0)))
        ax = fig.subplots()
        # top down: row i at height rows - 1 - i, one row lower past each mark before it
        y = [rows - 1 - i - sum(at <= i for at, _ in marks) for i in range(len(labels))]
        for yi, (value, low, high), hot, grey in zip(y, points, highlight, muted, strict=True):
            colour = COLOURS[3] if hot else COLOURS[5] if grey else COLOURS[0]
            ax.errorbar([value], [yi], xerr=[[_below(value, low)], [_above(value, high)]], fmt="o",
                        color=colour, capsize=2, markersize=3)
        ax.axvline(0, color="black", linewidth=1)
        ticks, names = list(y), list(labels)
        for k, (at, text) in enumerate(marks):
            height = rows - 1 - at - k
            ax.axhline(height, color=COLOURS[5], linestyle=":", linewidth=1)
            ticks.append(height)
            names.append(text)
        ax.set_yticks(ticks, names)
        ax.set_xlabel(xlabel)
        ax.set_title(title)
        ax.grid(axis="y", alpha=0.0)
        if any(highlight):
            ax.plot([], [], "o", color=COLOURS[3], label="flagged")
        if any(muted):
            ax.plot([], [], "o", color=COLOURS[5], label="not tested")
        if any(highlight) or any(muted):
            ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
        return _svg(fig)


def trial_points(xs: Sequence[float | str], points: Sequence[tuple[float, float, float]],
                 sizes: Sequence[int], target: float, best: int, title: str, xlabel: str,
                 ylabel: str) -> str:
    """A tune's trials: the figure (with its 95 % interval) against one param's value, the
    target as a dashed line, the best trial marked; larger markers for more games. An
    integer param has whole-number ticks."""
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=SIZE)
        ax = fig.subplots()
        categorical = any(isinstance(x, str) for x in xs)
        labels = sorted({str(x) for x in xs}) if categorical else []
        pos = [labels.index(str(x)) if categorical else x for x in xs]
        most = max(sizes) or 1
        for i, (x, (value, low, high), n) in enumerate(zip(pos, points, sizes, strict=True)):
            colour = COLOURS[3] if i == best else COLOURS[0]
            ax.errorbar([x], [value], yerr=[[_below(value, low)], [_above(value, high)]], fmt="o",
                        color=colour, capsize=3, markersize=3 + 5 * n / most)
        ax.axhline(target, color="black", linestyle="--", linewidth=1, label="target")
        ax.plot([], [], "o", color=COLOURS[3], label="best")
        if categorical:
            ax.set_xticks(list(range(len(labels))), labels)
        elif all(isinstance(x, int) and not isinstance(x, bool) for x in xs):
            # an integer param (victories_to_win=1..5): no ticks at 1.5, 2.5...
            from matplotlib.ticker import MaxNLocator

            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
        return _svg(fig)
