"""Progress bars for long runs: games done, rate and time left, on stderr, on a terminal only
(so redirected output and JSON stay clean)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from rich.console import Console, RenderableType
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Column, Table
from rich.text import Text

MIN_BAR = 10  # cells the bar keeps before the label gives way (the bar shrinks first)
MIN_LABEL = 12  # cells the label keeps (all of a shorter one) before the figures give way


class RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("     - games/s" if speed is None else f"{speed:6.1f} games/s",
                    style="progress.data.speed")


class Part(NamedTuple):
    """Columns of a bar's line shown or left out together ("ETA" and the time left), and
    their turn to give way on a narrow terminal: 1 first, then 2...; 0 never (the count)."""

    gives_way: int
    columns: tuple[ProgressColumn, ...]


class FittedProgress(Progress):
    """A transient bar on one line of `console` (nothing when it is not a terminal): the
    task's label, then the `parts` (the bar, the count, the rate, the times) that fit. The
    bar shrinks first, down to MIN_BAR cells (rich shrinks the one column that may wrap),
    then the label is cut with "…", down to MIN_LABEL cells, then the parts give way in
    their turn (`Part.gives_way`), the label then cut further; the figures shown are whole.
    At 80 columns a sweep's label had rich shrink every column alike ("━╸ 1…  … 0… ETA
    0:…") and the line wrap; at 40, `simulate`'s count itself ("15/1…  210.1 games/s
    0:00:… ETA 0:00:…")."""

    def __init__(self, console: Console, *parts: Part, shown: bool = True):
        # set before rich's start, which draws the (empty) table before it has a console
        self.parts, self.screen = parts, console
        self.started_at: dict[TaskID, int] = {}
        super().__init__(*(column for part in parts for column in part.columns),
                         console=console, disable=not (shown and console.is_terminal),
                         transient=True)

    def add_task(self, description: str, start: bool = True, total: float | None = 100.0,
                 completed: int = 0, visible: bool = True, **fields: object) -> TaskID:
        task = super().add_task(description, start, total, completed, visible, **fields)
        self.started_at[task] = completed  # a resumed run's earlier games: not this run's
        return task

    def count_earlier(self, task: TaskID, games: int) -> None:
        """Count `games` a resumed run played before this command (not in its line)."""
        self.started_at[task] = self.started_at.get(task, 0) + games
        self.advance(task, games)

    def make_tasks_table(self, tasks: Iterable[Task]) -> Table:
        shown = [task for task in tasks if task.visible]
        labels = [Text.from_markup(task.description, overflow="ellipsis") for task in shown]
        cells = {id(column): [column(task) for task in shown] for column in self.columns
                 if isinstance(column, ProgressColumn)}
        parts, room = self._fit(labels, cells)
        columns = [column for part in parts for column in part.columns]
        table = Table.grid(Column(no_wrap=True), *(
            column.get_table_column().copy() if isinstance(column, BarColumn)
            else Column(no_wrap=True) for column in columns), padding=(0, 1), expand=self.expand)
        for row, label in enumerate(labels):
            label.no_wrap = True
            if label.cell_len > room:
                label.truncate(room, overflow="ellipsis")
            table.add_row(label, *(cells[id(column)][row] for column in columns))
        return table

    def _fit(self, labels: list[Text], cells: dict[int, list[RenderableType]]
             ) -> tuple[list[Part], int]:
        """The parts shown, and the cells the label may take beside them."""
        def width(part: Part) -> int:  # with the one cell before each column
            return sum(1 + (MIN_BAR if isinstance(column, BarColumn) else max(
                (self.screen.measure(cell).maximum for cell in cells[id(column)]), default=0))
                for column in part.columns)

        wanted = min(MIN_LABEL, max((label.cell_len for label in labels), default=0))
        sized = [(part, width(part)) for part in self.parts]
        turns = sorted({part.gives_way for part in self.parts if part.gives_way})
        while True:
            room = self.screen.width - sum(used for _, used in sized)
            if room >= wanted or not turns:
                return [part for part, _ in sized], max(1, room)
            turn = turns.pop(0)
            sized = [(part, used) for part, used in sized if part.gives_way != turn]


@contextmanager
def game_progress(shown: bool = True, verb: str = "Played") -> Iterator[FittedProgress]:
    """A bar of games: how many are done, the rate, time elapsed and left. On a narrow
    terminal the rate goes first, then the time elapsed, the bar, the time left. `shown`
    False: counted, never drawn (people play at the terminal). The bar goes once the work
    is done; a drawn one leaves a line of what it counted ("Played 100 games in 2.4 s
    (41.7 games/s)", `verb` first), as the bar's own figures would otherwise go with it."""
    progress = FittedProgress(Console(stderr=True), Part(3, (BarColumn(),)),
                              Part(0, (MofNCompleteColumn(),)), Part(1, (RateColumn(),)),
                              Part(2, (TimeElapsedColumn(),)),
                              Part(4, (TextColumn("ETA"), TimeRemainingColumn())),
                              shown=shown)
    with progress:
        yield progress
        started = [(task, progress.started_at.get(task.id, 0)) for task in progress.tasks]
    if not progress.disable:
        for task, before in started:
            # the time to its last game (a finished task's), not to the report written after it
            seconds = task.finished_time or task.elapsed or 0.0
            progress.screen.print(games_line(verb, int(task.completed) - before, seconds),
                                  highlight=False)


def games_line(verb: str, games: int, seconds: float) -> str:
    """What a finished bar leaves: the games this command played or read (a resumed run's
    earlier ones not counted), how long they took and the rate."""
    rate = f" ({games / seconds:.1f} games/s)" if games and seconds > 0 else ""
    return f"{verb} {games:,} game{'' if games == 1 else 's'} in {duration(seconds)}{rate}"


def duration(seconds: float) -> str:
    """A time taken, as a person reads it: 0.8 s, 42.0 s, 3 min 05 s, 1 h 02 min."""
    if round(seconds, 1) < 60:  # (59.96 s is "1 min 00 s", not "60.0 s")
        return f"{seconds:.1f} s"
    minutes, whole = divmod(round(seconds), 60)
    if minutes < 60:
        return f"{minutes} min {whole:02d} s"
    return f"{minutes // 60} h {minutes % 60:02d} min"


def games_counted(progress: Progress | None) -> int | None:
    """The games a `game_progress` bar has counted (None if it was not begun): what an
    interrupted command says it keeps. The bar counts a resumed run's earlier games too."""
    if progress is None:
        return None
    return int(sum(task.completed for task in progress.tasks))


@contextmanager
def run_progress() -> Iterator[Progress]:
    """A bar of timed runs (benchmarks): how many are done, time elapsed and left."""
    with FittedProgress(Console(stderr=True), Part(2, (BarColumn(),)),
                        Part(0, (MofNCompleteColumn(), TextColumn("runs"))),
                        Part(1, (TimeElapsedColumn(),)),
                        Part(3, (TextColumn("ETA"), TimeRemainingColumn()))) as progress:
        yield progress
