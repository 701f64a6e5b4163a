"""`warroom sweep`: the grid of rule options, each cell a run, and how each figure moves."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.markup import escape

from ..agents import parse_specs
from ..sim.batch import backend_session, check_backend
from ..sim.progress import game_progress
from ..sim.store import ResultStore, default_db_path
from . import cli
from .common import (
    FILE,
    SEED,
    SET_HELP,
    Interrupted,
    game_and_config,
    game_count,
    refuse_missing_db,
)
from .simulate import backend_options, resolve_workers

if TYPE_CHECKING:
    from ..sim.report import Document
    from ..sim.store import SweepInfo

DEFAULT_GAMES = 1000  # per cell


@cli.command()
@click.argument("game")
@click.option("--vary", "varies", multiple=True, required=True, metavar="KEY=V1,V2,...",
              help="A rule option and the values to try (repeatable: the grid of all "
              "combinations). List values are separated by ';': red_faces=0,1,1,2;1,1,2,2.")
@click.option("--games", "n_games", type=game_count(), help=f"Games per cell (default "
              f"{DEFAULT_GAMES}; with --resume, the sweep's own number).")
@click.option("--players", "players_text", required=True, help="Comma-separated SPECs.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Batch seed, the same in every cell.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help=SET_HELP)
@backend_options
@click.option("--db", type=FILE, help="Results database (default "
              "warroom-results/GAME.sqlite under the current directory).")
@click.option("--resume", is_flag=True, help="Continue the latest identical sweep (a "
              "larger --games extends it).")
@click.option("--out", type=FILE, help="Report file, .html or .md "
              "(default: beside the database).")
@click.option("--format", "fmt", type=click.Choice(["html", "md"]),
              help="Report format (default: from the --out suffix, else html).")
def sweep(game: str, varies: tuple[str, ...], n_games: int | None, players_text: str,
          seed: int, sets: tuple[str, ...], workers: int | None, backend: str, address: str | None,
          db: str | None, resume: bool, out: str | None, fmt: str | None) -> None:
    """Play GAME over a grid of rule options and report how each figure moves.

    Every cell is a run in the results database and plays the same seeds, so differences
    between cells come from the rules. All cells are checked before any game is played.
    """
    from ..sim.report import report_format
    from ..sim.sweep import find_sweep, parse_vary, plan, resumed_games, run_sweep

    fmt = report_format(out, fmt)  # before any game: the report is written after them all
    g, _, _ = game_and_config(game, sets, players_text)
    vary = parse_vary(varies)
    cells = plan(g, sets, vary, players_text)
    specs = parse_specs(players_text)
    check_backend(backend, address)
    path = Path(db) if db else default_db_path(g.name)
    if resume:
        refuse_missing_db(path)
    with ResultStore(path) as store, game_progress() as progress:
        if n_games is None:
            n_games = resumed_games(store, find_sweep(store, g, sets, vary, specs, seed)) \
                if resume else DEFAULT_GAMES
        task = progress.add_task(g.name, total=n_games * len(cells))

        def on_cell(cell, done: int) -> None:
            progress.update(task, description=escape(f"{g.name} {cell.label}"),
                            advance=min(done, n_games))

        workers_n = resolve_workers(workers, backend, n_games * len(cells), address)
        try:
            with backend_session(backend, workers_n, address):  # one Ray start for all cells
                info = run_sweep(store, g, sets, vary, cells, specs, seed, n_games, workers_n,
                                 backend, address, on_cell=on_cell,
                                 on_game=lambda _: progress.advance(task), resume=resume)
        except KeyboardInterrupt:
            raise Interrupted(f"interrupted: finished games are kept in {path}; continue with "
                              "the same command and --resume") from None
        progress.stop()
        report_path = Path(out) if out else path.with_name(f"{path.stem}-sweep{info.id}.{fmt}")
        doc, written = _report(store, info, report_path, fmt, again=f" --out {out}" if out
                               else f" --format {fmt}" if fmt != "html" else "")
    for line in doc.verdicts:
        click.echo(line)
    click.echo(f"results: sweep {info.id} in {path}")
    click.echo(f"report: {written[0]}")


def _report(store: ResultStore, info: SweepInfo, out: Path, fmt: str,
            again: str) -> tuple[Document, list[Path]]:
    """Write the sweep's report. Every game is played by then: Ctrl-C here loses no game,
    only the report, which `warroom report` (with the options in `again`) makes again."""
    from ..sim.report import write_document
    from ..sim.sweep import sweep_document

    try:
        doc = sweep_document(store, info)
        return doc, write_document(doc, out, fmt)
    except KeyboardInterrupt:
        raise Interrupted(f"interrupted while writing the report: all the games of sweep "
                          f"{info.id} are kept in {store.path}; write the report with: warroom "
                          f"report {store.path} --sweep {info.id}{again}") from None
