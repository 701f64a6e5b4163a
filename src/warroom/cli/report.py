"""`warroom report`: the balance report of a run (or a sweep) in a results database."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import click

from ..engine.data import counted
from ..sim.store import ResultStore, StoreError
from . import cli
from .common import FILE, ROW_ID, echo_err, report_json


@cli.command()
@click.argument("db", type=FILE)
@click.option("--run", "run_id", type=ROW_ID, help="The run to report (default: the latest "
              "that has finished games).")
@click.option("--sweep", "sweep_id", type=ROW_ID, help="Report a sweep: how each figure moves "
              "across its cells (default when the latest run belongs to a sweep).")
@click.option("--tune", "tune_id", type=ROW_ID, help="Report a tune: its trials and the best "
              "values (default when the latest run belongs to a tune).")
@click.option("--out", type=FILE, help="Report file, .html or .md (default: beside the "
              "database, named after the run, sweep or tune); missing folders are made. A "
              "file there is replaced only if it is a warroom report (its numbers are in the "
              "database); any other file needs --force.")
@click.option("--format", "fmt", type=click.Choice(["html", "md"]), help="html (one "
              "self-contained file) or md (figures as SVG files beside it); default: from the "
              "--out suffix, else html.")
@click.option("--force", is_flag=True, help="Let the report overwrite a file that is not a "
              "warroom report (and, for md, SVG files in its figures folder that are not "
              "figures of one).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (the report "
              "is written all the same): the run, sweep or tune, the files written, the "
              "verdicts and the figures behind them.")
def report(db: str, run_id: int | None, sweep_id: int | None, tune_id: int | None,
           out: str | None, fmt: str | None, force: bool, as_json: bool) -> None:
    """Write the balance report of a run in the results database DB and print its verdicts.
    It opens with the questions a designer asks first: is there a first-player advantage,
    which cards are outliers (games with cards), does any strategy dominate; then win rate
    per seat and per player with 95 % intervals, draws, game length, outcome reasons, the
    game's own metrics and the cards ranked by how much they win."""
    _matplotlib_folder()  # before matplotlib is imported (sim.report's figures)
    from ..sim.analysis import analyse
    from ..sim.report import (
        check_report_files,
        game_title,
        report_format,
        run_document,
        write_document,
    )
    from ..sim.sweep import sweep_document
    from ..sim.tune import tune_document

    if sum(x is not None for x in (run_id, sweep_id, tune_id)) > 1:
        raise click.UsageError("give one of --run, --sweep and --tune, not several")
    fmt = report_format(out, fmt)
    with ResultStore(db, create=False) as store:
        if sweep_id is None and run_id is None and tune_id is None:
            latest, last = store.latest_run_with_games(), store.runs()[-1]
            if latest.id != last.id:
                echo_err(f"warroom: note: the latest run, {last.id}, has no "
                         f"finished games; reporting run {latest.id}, the latest that has "
                         "(--run ID reports another)")
            run_id, sweep_id, tune_id = latest.id, latest.sweep_id, latest.tune_id
            if sweep_id is not None or tune_id is not None:
                run_id = None
        name = f"tune{tune_id}" if tune_id is not None else \
            f"sweep{sweep_id}" if sweep_id is not None else f"run{run_id}"
        path = Path(out) if out else Path(db).with_name(f"{Path(db).stem}-{name}.{fmt}")
        check_report_files(path, fmt, force)  # before the report is made: a refusal costs little
        if tune_id is not None:
            tune = store.tune(tune_id)
            store.check_read_options(store.runs(tune_id=tune.id))
            doc = tune_document(store, tune)
        elif sweep_id is not None:
            sweep = store.sweep(sweep_id)
            store.check_read_options(store.runs(sweep_id=sweep.id))
            doc = sweep_document(store, sweep)
        else:
            assert run_id is not None
            run = store.run(run_id)
            if not store.count_games(run.id):
                raise StoreError(f"{db}: run {run.id} has no finished games yet")
            store.check_read_options([run])
            doc = run_document(analyse(store, run, game_title(run.game)))
    written = write_document(doc, path, fmt)
    if as_json:
        click.echo(json.dumps(report_json(doc, written, db, run_id, sweep_id, tune_id)))
        return
    for line in doc.verdicts:
        click.echo(line)
    click.echo(f"report: {written[0]}" + (f" (+ {counted(len(written) - 1, 'figure')})"
                                          if len(written) > 1 else ""))


def _matplotlib_folder() -> None:
    """Points MPLCONFIGDIR at a temporary folder (removed at exit) when matplotlib could not
    write its settings and font cache where it keeps them: under a read-only home it said so
    in two lines of warnings around the report's verdicts, and made one of its own anyway.
    A MPLCONFIGDIR of the user's is left alone."""
    if os.environ.get("MPLCONFIGDIR"):
        return
    try:
        home = Path.home()
    except RuntimeError:  # no home at all: matplotlib takes a temporary folder too
        folders = []
    else:  # where matplotlib looks (`matplotlib.get_configdir`, `get_cachedir`)
        folders = [Path(os.environ.get(var) or home / name) / "matplotlib"
                   for var, name in (("XDG_CONFIG_HOME", ".config"), ("XDG_CACHE_HOME", ".cache"))
                   ] if sys.platform.startswith(("linux", "freebsd")) else [home / ".matplotlib"]
    if folders and all(_writable(folder) for folder in folders):
        return
    try:
        folder = tempfile.mkdtemp(prefix="warroom-matplotlib-")
    except OSError:  # no temporary folder either: matplotlib says why
        return
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    os.environ["MPLCONFIGDIR"] = folder


def _writable(folder: Path) -> bool:
    """Whether `folder` is (or can be made) a folder this process can write in."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return folder.is_dir() and os.access(folder, os.W_OK)
