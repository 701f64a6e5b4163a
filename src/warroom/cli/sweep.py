"""`warroom sweep`: the grid of rule options, each cell a run, and how each figure moves."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.markup import escape

from ..agents import parse_specs
from ..sim.batch import backend_session, check_backend
from ..sim.progress import game_progress, games_counted
from ..sim.runs import changed_files
from ..sim.store import ResultStore, default_db_path
from . import cli
from .common import (
    FILE,
    OWN_PLAYER_HELP,
    SEED,
    SET_HELP,
    Interrupted,
    echo_err,
    echo_json,
    game_and_config,
    game_count,
    json_output,
    refuse_fewer_games,
    refuse_missing_db,
    report_json,
    shell_word,
    warn_data_files,
)
from .simulate import backend_options, backend_words, resolve_workers

if TYPE_CHECKING:
    from ..sim.report import Document
    from ..sim.store import SweepInfo

DEFAULT_GAMES = 1000  # per cell


@cli.command()
@click.argument("game")
@click.option("--vary", "varies", multiple=True, required=True, metavar="KEY=V1,V2,...",
              help="A rule option and the values to try (repeatable: the grid of all "
              "combinations). List values are separated by ';': red_faces=0,1,1,2;1,1,2,2. "
              "Options joined by '+' take each value together: deck0+deck1=sample,mine.yaml.")
@click.option("--games", "n_games", type=game_count(), help=f"Games per cell (default "
              f"{DEFAULT_GAMES}; with --resume, the sweep's own number).")
@click.option("--players", "players_text", required=True, help="Comma-separated SPECs, one "
              "per seat. When --vary gives players, the last SPEC fills the seats a cell has "
              "past the list (heuristic,random at 4 players: heuristic,random,random,random). "
              + OWN_PLAYER_HELP)
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Batch seed, the same in every cell.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help=SET_HELP)
@backend_options
@click.option("--db", type=FILE, help="Results database (default "
              "warroom-results/GAME.sqlite under the current directory).")
@click.option("--resume", is_flag=True, help="Continue the latest identical sweep: the same "
              "cells (the --vary and their values in any order), players and seed (a larger "
              "--games extends it).")
@click.option("--out", type=FILE, help="Report file, .html or .md (default: beside the "
              "database); missing folders are made. A file there is replaced only if it is "
              "a warroom report; any other file needs --force (checked before any game).")
@click.option("--format", "fmt", type=click.Choice(["html", "md"]),
              help="Report format (default: from the --out suffix, else html).")
@click.option("--force", is_flag=True, help="Let the report overwrite a file that is not a "
              "warroom report (as `warroom report --force`).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object, as `warroom "
              "report DB --sweep ID --json` does: the sweep, the database, the report and, "
              "per cell, its values and figures.")
@json_output
def sweep(game: str, varies: tuple[str, ...], n_games: int | None, players_text: str,
          seed: int, sets: tuple[str, ...], workers: int | None, backend: str, address: str | None,
          db: str | None, resume: bool, out: str | None, fmt: str | None, force: bool,
          as_json: bool) -> None:
    """Play GAME over a grid of rule options and report how each figure moves.

    Every cell is a run in the results database and plays the same seeds, so differences
    between cells come from the rules. All cells are checked before any game is played.
    """
    from ..sim.report import check_report_files, report_format
    from ..sim.sweep import (
        find_sweep,
        in_sweep_order,
        parse_vary,
        parts,
        plan,
        resumed_games,
        run_sweep,
    )

    fmt = report_format(out, fmt)  # before any game: the report is written after them all
    vary = parse_vary(varies)
    # With players varied, each cell's number of players is its own (plan fills the seats).
    g, _, values = game_and_config(game, sets,
                                   None if "players" in dict(vary) else players_text,
                                   warn=False)
    cells = plan(g, sets, vary, players_text)
    # once every value is checked: each data file's warnings once, a varied one's too
    warn_data_files(g, [*values.items(),
                        *((option, v) for k, vs in vary for v in vs for option in parts(k))])
    specs = parse_specs(players_text)
    check_backend(backend, address)
    if out:
        check_report_files(Path(out), fmt, force)
    path = Path(db) if db else default_db_path(g.name)
    if resume:
        refuse_missing_db(path)
        # read only: a sweep that cannot be resumed, or not to --games, changes nothing (no
        # backend started, no cell's run held)
        with ResultStore(path, create=False) as store:
            store.check()  # a damaged database is said as such, not met by a read below
            found = find_sweep(store, g, sets, vary, specs, seed)
            cells = in_sweep_order(cells, found)  # the progress bar numbers them so
            if n_games is None:
                n_games = resumed_games(store, found)
            else:
                runs = store.runs(sweep_id=found.id)
                played = max((store.count_games(r.id) for r in runs), default=0)
                refuse_fewer_games(store, runs, n_games, played,
                                   f"sweep {found.id} has {played} games in a cell")
            # an edited data file is not measured by the cells that keep their copy: said
            for line in changed_files(store.runs(sweep_id=found.id), "sweep"):
                echo_err(line)
    if n_games is None:
        n_games = DEFAULT_GAMES
    workers_n = resolve_workers(workers, backend, n_games * len(cells), address)
    progress = None  # the bar, once begun: it counts what an interrupt says is kept
    try:
        # Ray is started (or its --address fails) before the database is opened, once for
        # all cells; a failure adds nothing to the database.
        with backend_session(backend, workers_n, address), ResultStore(path) as store, \
                game_progress() as progress:
            # The bar counts the whole sweep, and its label says so before naming the cell
            # being played ("cell 2/2: max_dice=3 ... 41/60" read as 41 of that cell's 30).
            task = progress.add_task(f"{g.name} sweep", total=n_games * len(cells))
            numbers = {cell.label: i for i, cell in enumerate(cells, 1)}

            def on_cell(cell, done: int) -> None:
                where = f"{g.name} sweep (cell {numbers[cell.label]}/{len(cells)}: {cell.label})"
                progress.update(task, description=escape(where))
                progress.count_earlier(task, min(done, n_games))

            info = run_sweep(store, g, sets, vary, cells, specs, seed, n_games, workers_n,
                             backend, address, on_cell=on_cell,
                             on_game=lambda _: progress.advance(task), resume=resume)
            progress.stop()
            doc, written = _report(store, info, out, fmt, force)
    except Interrupted:  # while the report was written: its own line
        raise
    except KeyboardInterrupt:
        done = games_counted(progress)
        kept = "finished games are" if done is None else (
            f"{done} of {n_games * len(cells)} games of the sweep ({len(cells)} cells) "
            f"{'is' if done == 1 else 'are'}")
        again = _resume_command(g.name, varies, players_text, seed, sets, path, n_games,
                                backend, address, workers)
        raise Interrupted(f"interrupted: {kept} kept in {path}; continue with: {again}") \
            from None
    if as_json:
        echo_json(report_json(doc, written, path, sweep=info.id))
        return
    for line in doc.verdicts:
        click.echo(line)
    click.echo(f"results: sweep {info.id} in {path}")
    click.echo(f"report: {written[0]}")


def _resume_command(game: str, varies: tuple[str, ...], players: str, seed: int,
                    sets: tuple[str, ...], path: Path, games: int, backend: str,
                    address: str | None, workers: int | None) -> str:
    """The command that resumes the sweep, as `simulate` gives its own: what a resume matches
    (the grid, players, seed and options), the database, the games, and where they run. A
    sweep said only "continue with the same command and --resume" (an audit, stop 71)."""
    words = ["warroom", "sweep", shell_word(game)]
    words += [w for v in varies for w in ("--vary", shell_word(v))]
    words += ["--players", shell_word(players), "--seed", str(seed)]
    words += [w for item in sets for w in ("--set", shell_word(item))]
    words += ["--games", str(games), "--db", shell_word(str(path)), "--resume"]
    return " ".join(words + backend_words(backend, address, workers))


def _report(store: ResultStore, info: SweepInfo, out: str | None, fmt: str,
            force: bool) -> tuple[Document, list[Path]]:
    """Write the sweep's report. Every game is played by then: Ctrl-C here, or a file in
    the way of the default report (--out was checked before the games), loses no game, only
    the report, which `warroom report` makes again (the line says how)."""
    from ..sim.report import ReportError, check_report_files, write_document
    from ..sim.sweep import sweep_document

    path = store.path
    report_path = Path(out) if out else path.with_name(f"{path.stem}-sweep{info.id}.{fmt}")
    again = (f"warroom report {shell_word(str(path))} --sweep {info.id}"
             + (f" --out {shell_word(out)}" if out else f" --format {fmt}" if fmt != "html"
                else ""))
    try:
        check_report_files(report_path, fmt, force)
        doc = sweep_document(store, info)
        return doc, write_document(doc, report_path, fmt)
    except ReportError as exc:
        raise ReportError(f"{exc}; all the games of sweep {info.id} are kept in {path}: "
                          f"write the report with: {again}") from None
    except KeyboardInterrupt:
        raise Interrupted(f"interrupted while writing the report: all the games of sweep "
                          f"{info.id} are kept in {path}; write the report with: "
                          f"{again}") from None
