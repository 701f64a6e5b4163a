"""`warroom report`: the balance report of a run (or a sweep) in a results database."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import click

from ..engine.data import counted
from ..sim.store import ResultStore, RunInfo, StoreError
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
@click.option("--list", "listing", is_flag=True, help="List the database's runs, sweeps and "
              "tunes (one line each: what --run, --sweep and --tune take) and write no "
              "report.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (the report "
              "is written all the same): the run, sweep or tune, the files written, the "
              "verdicts and the figures behind them; with --list, the list.")
def report(db: str, run_id: int | None, sweep_id: int | None, tune_id: int | None,
           out: str | None, fmt: str | None, force: bool, listing: bool,
           as_json: bool) -> None:
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
    if listing:
        if run_id is not None or sweep_id is not None or tune_id is not None or out or fmt:
            raise click.UsageError("--list writes no report: give it without --run, --sweep, "
                                   "--tune, --out and --format")
        with ResultStore(db, create=False) as store:
            rows = _listing(store)
        if as_json:
            click.echo(json.dumps({"db": db, "list": rows}))
        else:
            for row in rows:
                click.echo(row["line"])
        return
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


def _listing(store: ResultStore) -> list[dict[str, Any]]:
    """The database's runs of their own, sweeps and tunes in the order they were made, each
    with the id its option takes and a line that tells it from the others: its game, games,
    players, seed and options (a data file by the start of its SHA-256, as the report's
    header gives it). A designer had no way to find a run's id but the terminal output of
    the command that made it (an audit, stop 71)."""
    from ..sim.report import run_options  # (after `_matplotlib_folder`: it loads matplotlib)

    rows: list[dict[str, Any]] = []
    sweeps: dict[int, list[RunInfo]] = {}
    tunes: dict[int, list[RunInfo]] = {}
    for run in store.runs():
        if run.sweep_id is not None:
            sweeps.setdefault(run.sweep_id, []).append(run)
        elif run.tune_id is not None:
            tunes.setdefault(run.tune_id, []).append(run)
        else:
            played = store.count_games(run.id)
            files = ", ".join(f"{o} {f.sha256[:12]}" for o, f in sorted((run.files or {}).items()))
            files = f", files {files}" if files else ""
            rows.append({"kind": "run", "id": run.id, "game": run.game, "created": run.created,
                         "line": f"run {run.id}: {run.game}, {played} of "
                                 f"{counted(run.games_requested, 'game')}, players "
                                 f"{','.join(run.players)}, seed {run.seed}, options "
                                 f"{run_options(run)}{files}, made {run.created}"})
    for sweep_id, runs in sweeps.items():
        sweep = store.sweep(sweep_id)
        vary = "; ".join(f"{k}={','.join(map(str, v))}" for k, v in sweep.vary)
        rows.append({"kind": "sweep", "id": sweep_id, "game": sweep.game,
                     "created": sweep.created,
                     "line": f"sweep {sweep_id}: {sweep.game}, "
                             f"{sweep.cells_text(len(runs))} ({vary}), "
                             f"{counted(sweep.games, 'game')} a cell, players "
                             f"{','.join(sweep.players)}, seed {sweep.seed}, made "
                             f"{sweep.created}"})
    for tune_id, runs in tunes.items():
        tune = store.tune(tune_id)
        rows.append({"kind": "tune", "id": tune_id, "game": tune.game, "created": tune.created,
                     "line": f"tune {tune_id}: {tune.game}, {counted(len(runs), 'trial')} of "
                             f"{' '.join(tune.params)} for {tune.target[0]}={tune.target[1]:g}"
                             f", players {','.join(tune.players)}, seed {tune.seed}, made "
                             f"{tune.created}"})
    rows.sort(key=lambda r: r["created"])
    return rows


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
