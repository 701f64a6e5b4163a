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
from rich.text import Text


class RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("     - games/s" if speed is None else f"{speed:6.1f} games/s",
                    style="progress.data.speed")


@contextmanager
def game_progress() -> Iterator[Progress]:
    console = Console(stderr=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  RateColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                  console=console, disable=not console.is_terminal, transient=True) as progress:
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
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("runs"), TimeElapsedColumn(), TextColumn("ETA"),
                  TimeRemainingColumn(), console=console, disable=not console.is_terminal,
                  transient=True) as progress:
        yield progress
