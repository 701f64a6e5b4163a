"""Progress bars for long runs: games done, rate and time left, on stderr, on a terminal only
(so redirected output and JSON stay clean)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Column
from rich.text import Text

MIN_BAR = 10  # cells the bar keeps before the label gives way (the bar shrinks first)


class RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("     - games/s" if speed is None else f"{speed:6.1f} games/s",
                    style="progress.data.speed")


class LabelColumn(ProgressColumn):
    """The task's description (markup), cut short with "…" to what the terminal leaves beside
    the `figures` (counts, rate, times: whole, never cut) and a bar of MIN_BAR cells. At 80
    columns a sweep's label (`word-iron sweep (cell 4/4: deck0=my-deck.yaml, realm_size=5)`)
    had rich shrink every column alike ("━╸ 1…  … 0… ETA 0:…") and the line wrap: now the
    bar gives way first, down to MIN_BAR cells, then the label."""

    def __init__(self, console: Console, figures: list[ProgressColumn]):
        super().__init__(table_column=Column(no_wrap=True))
        self.console = console
        self.figures = figures

    def render(self, task: Task) -> Text:
        text = Text.from_markup(task.description, overflow="ellipsis")
        text.no_wrap = True
        beside = sum(self.console.measure(column(task)).maximum for column in self.figures)
        gaps = len(self.figures) + 1  # one cell between columns: the label, the bar, the figures
        room = max(1, self.console.width - beside - gaps - MIN_BAR)
        if text.cell_len > room:
            text.truncate(room, overflow="ellipsis")
        return text


def _whole() -> Column:
    """The table column of a figure (a count, a rate, a time): never shrunk, cut or wrapped."""
    return Column(no_wrap=True)


def _fitted(console: Console, *figures: ProgressColumn) -> Progress:
    """A transient bar on `console` (nothing when it is not a terminal): the label, the bar,
    then the `figures` (made with `_whole` columns), on one line: the figures stay whole, the
    bar alone shrinks (rich shrinks the columns that may wrap), and the label is cut to the
    room left beside them (`LabelColumn`)."""
    return Progress(LabelColumn(console, list(figures)), BarColumn(), *figures, console=console,
                    disable=not console.is_terminal, transient=True)


@contextmanager
def game_progress() -> Iterator[Progress]:
    console = Console(stderr=True)
    with _fitted(console, MofNCompleteColumn(table_column=_whole()),
                 RateColumn(table_column=_whole()), TimeElapsedColumn(table_column=_whole()),
                 TextColumn("ETA"), TimeRemainingColumn(table_column=_whole())) as progress:
        yield progress


def games_counted(progress: Progress | None) -> int | None:
    """The games a `game_progress` bar has counted (None if it was not begun): what an
    interrupted command says it keeps. The bar counts a resumed run's earlier games too."""
    if progress is None:
        return None
    return int(sum(task.completed for task in progress.tasks))


@contextmanager
def run_progress() -> Iterator[Progress]:
    """A bar of timed runs (benchmarks): how many are done, time elapsed and left."""
    console = Console(stderr=True)
    with _fitted(console, MofNCompleteColumn(table_column=_whole()), TextColumn("runs"),
                 TimeElapsedColumn(table_column=_whole()), TextColumn("ETA"),
                 TimeRemainingColumn(table_column=_whole())) as progress:
        yield progress
