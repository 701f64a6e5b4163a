"""`warroom tune`: search rule options and card-data numbers for the values that bring a
simulated figure to a target, with noise handled, and write the patched file."""

from __future__ import annotations

import dataclasses
import shlex
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .. import install_hint
from ..engine import ConfigError, config_to_json
from ..engine.data import displayable
from ..engine.files import left_as_was, write_atomic
from ..sim.batch import backend_session, check_backend
from ..sim.outputs import OutputError, check_folders, make_folders
from ..sim.progress import game_progress, games_counted
from ..sim.store import ResultStore, default_db_path
from ..sim.summary import seat_names
from . import cli
from .common import (
    FILE,
    OWN_PLAYER_HELP,
    SEED,
    SET_HELP,
    Interrupted,
    echo_err,
    echo_json,
    game_count,
    json_output,
    parse_sets,
    refuse_missing_db,
    shell_word,
    warn_data_files,
)
from .simulate import backend_options, backend_words, resolve_workers

DEFAULT_BUDGET = 4000
OUT_SUFFIXES = (".yaml", ".yml")  # --out is YAML: a card file or an options file

PARAM_HELP = ("What to search (repeatable): a rule option NAME=LOW..HIGH (a number option) or "
              "NAME=V1|V2|... (any option), or a number in a card file "
              "OPTION:CARD.FIELD=LOW..HIGH, e.g. \"deck0:Knights' Lance.losses.ranks=40..150\" "
              "(OPTION+OPTION: the same change in both files).")
TARGET_HELP = ("The figure to reach, FIGURE=VALUE: first_player_win, seatN_win, playerN_win "
               "(shares of the games; _score instead of _win counts a draw as half a win), "
               "draws, length (mean decisions per game), metric:NAME (mean of a game metric), "
               "card:NAME (the card's improvement when drawn, a win-rate difference from -1 to "
               "1: card:NAME=0 neither helps nor hinders its holder).")


@cli.command()
@click.argument("game")
@click.option("--param", "params", multiple=True, required=True, metavar="NAME=LOW..HIGH",
              help=PARAM_HELP)
# multiple=True only to see a second --target (click keeps the last one silently).
@click.option("--target", "targets", multiple=True, required=True, metavar="FIGURE=VALUE",
              help=TARGET_HELP + " One target per tune.")
@click.option("--players", "players_text", required=True,
              help="Comma-separated SPECs. " + OWN_PLAYER_HELP)
@click.option("--budget", type=game_count(), default=None,
              help=f"Games to play in all, search and confirmation (default {DEFAULT_BUDGET}; "
              "with --resume, the tune's own).")
@click.option("--batch", type=game_count(), default=200, show_default=True,
              help="Games per trial, and per extension of a promising trial.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Batch seed, the same in every trial (and the sampler's seed).")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help=SET_HELP)
@backend_options
@click.option("--db", type=FILE, help="Results database (default "
              "warroom-results/GAME.sqlite); the search's state is kept in it too.")
@click.option("--resume", is_flag=True, help="Continue the latest identical tune (a larger "
              "--budget extends it: two thirds of the added games search new values).")
@click.option("--out", type=FILE, help="Write the values the tune gives, the current "
              "ones when they already reach the target (a .yaml or .yml file): the patched "
              "card file, its own text with only the tuned numbers changed (a second one "
              "beside it, named after its option), or an options file when only rule options "
              "are tuned (a record: play them with the --set line the tune prints); missing "
              "folders are made. A file there already is refused before any game, "
              "even one a tune wrote (it may have been edited since), unless --force.")
@click.option("--force", is_flag=True, help="Let --out overwrite the files that exist (a "
              "second patched file beside it too).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@json_output
def tune(game: str, params: tuple[str, ...], targets: tuple[str, ...], players_text: str,
         budget: int | None, batch: int, seed: int, sets: tuple[str, ...], workers: int | None,
         backend: str, address: str | None, db: str | None, resume: bool, out: str | None,
         force: bool, as_json: bool) -> None:
    """Search PARAMs of GAME for the values that bring a figure to its --target.

    Optuna proposes values; each trial plays --batch games (the same seeds in every trial) and
    its figure is measured with a 95 % interval. The last third of the budget extends the
    trials whose intervals come closest to the target, so one lucky batch cannot win. Needs
    the `tune` extra: pip install '.[tune]' in warroom's checkout.
    """
    from ..games import get_game
    from ..sim.tune import find_tune, make_plan, played, refuse_smaller_budget, run_tune

    if len(targets) > 1:
        raise ConfigError(f"--target is given {len(targets)} times ({', '.join(targets)}): "
                          "one target per tune")
    target = targets[0]
    parse_sets(sets)  # an option given twice is refused here (make_plan reads them again)
    if out and Path(out).suffix.lower() not in OUT_SUFFIXES:
        raise ConfigError(f"--out {out}: tune writes YAML, so the file must end in .yaml or "
                          f".yml, not {Path(out).suffix or 'nothing'}")
    _import_optuna()
    g = get_game(game)
    path = Path(db) if db else default_db_path(g.name)
    if resume:
        refuse_missing_db(path)
    plan = make_plan(g, sets, params, target, players_text, seed, batch,
                     budget or DEFAULT_BUDGET, path)
    warn_data_files(g, parse_sets(sets).items())  # the files the tune starts from, checked
    spent = 0
    if resume:
        # read only: a tune that cannot be resumed, or not to --budget, changes nothing (no
        # backend started, no row added)
        with ResultStore(path, create=False) as store:
            store.check()
            info = find_tune(store, plan)
            if budget is None:
                plan = dataclasses.replace(plan, budget=info.budget)
            refuse_smaller_budget(store, info, plan.budget)
            spent = played(store, info)
    check_backend(backend, address)
    if out:  # before the tune: a refusal loses nothing
        _check_out(plan, Path(out), force)
    workers_n = resolve_workers(workers, backend, batch, address)
    # A param's range reaching where its number changes nothing (the game's warnings of the
    # file patched to an end of it): said once the tune is sure to start, before its games.
    for line in plan.warnings:
        echo_err(displayable(f"warroom: warning: {line}"))
    progress = None  # the bar, once begun: it counts what an interrupt says is kept
    try:
        # Ray is started (or its --address fails) before the database is opened: a failure
        # adds nothing to it.
        with backend_session(backend, workers_n, address), ResultStore(path) as store, \
                game_progress() as progress:
            # a resumed tune's bar starts at the games it has played
            task = progress.add_task(f"{g.name} tune", total=plan.budget, completed=spent)
            result = run_tune(store, plan, workers_n, backend, address, resume,
                              on_game=lambda _: progress.advance(task))
            progress.stop()
    except KeyboardInterrupt:
        done = games_counted(progress)
        done = spent if done is None else done
        again = _resume_command(g.name, params, target, players_text, plan.budget, batch, seed,
                                sets, path, out, force, backend, address, workers)
        raise Interrupted(f"interrupted: {done} of {plan.budget} games of the tune "
                          f"{'is' if done == 1 else 'are'} kept in {path}, with the trials "
                          f"they finished; continue with: {again}") from None
    written = _write_out(plan, result.best.values, Path(out), path) if out else None
    if as_json:
        echo_json(_json(result, written))
        return
    _print(result, path, written, plan)


def _resume_command(game: str, params: tuple[str, ...], target: str, players: str,
                    budget: int, batch: int, seed: int, sets: tuple[str, ...], path: Path,
                    out: str | None, force: bool, backend: str, address: str | None,
                    workers: int | None) -> str:
    """The command that resumes the tune, as `simulate` and `sweep` give theirs: what a
    resume matches (params, target, players, batch, seed, options), its budget, the database,
    where the patched file goes, and where the games run. A tune said only "continue with
    the same command and --resume" (an audit, stop 72)."""
    words = ["warroom", "tune", shell_word(game)]
    words += [w for p in params for w in ("--param", shell_word(p))]
    words += ["--target", shell_word(target), "--players", shell_word(players)]
    words += ["--budget", str(budget), "--batch", str(batch), "--seed", str(seed)]
    words += [w for item in sets for w in ("--set", shell_word(item))]
    words += ["--db", shell_word(str(path)), "--resume"]
    if out:
        words += ["--out", shell_word(out)] + (["--force"] if force else [])
    return " ".join(words + backend_words(backend, address, workers))


def _import_optuna() -> None:
    try:
        import optuna  # noqa: F401
    except ImportError:
        raise click.ClickException(f"warroom tune needs Optuna: {install_hint('tune')}") \
            from None


def _rows(result: Any) -> list[Any]:
    t = result.target.value
    return sorted(result.trials, key=lambda r: (r.figure.pessimistic(t), -r.figure.games))


def _print(result: Any, path: Path, written: list[Path] | None, plan: Any) -> None:
    t = result.target
    # A parameter's name holds a card's name and a value may be an option's text: markup in
    # them is shown as written.
    table = Table(title=escape(f"{t.figure}, target {t.show(t.value)}: the closest values"))
    for col in ("run", *[p.name for p in plan.params], t.figure, "95 % CI", "games"):
        table.add_column(escape(col))
    for r in _rows(result)[:10]:
        f = r.figure
        table.add_row(str(r.run.id), *[escape(str(r.values.get(p.name))) for p in plan.params],
                      *t.texts(f), str(f.games))
    Console().print(table)
    seat = _target_seat(plan)
    if seat:
        click.echo(f"{t.figure} is {seat}, whichever player sits there")
    click.echo(result.verdict())
    if written:
        note = {"current": " (the current values: no change is needed)",
                "several": f" (one of the {result.consistent} values that hold the target)"}
        click.echo("written: " + ", ".join(map(str, written)) + note.get(result.choice, ""))
    if all(p.address is None for p in plan.params):  # rule options only: no file to name
        # no command reads the options file --out writes: this line is how to use them
        click.echo("play with them: " + shlex.join(plan.play_command(result.best.values)))
    click.echo(f"results: tune {result.info.id} in {shell_word(str(path))}  (report: "
               f"warroom report {shell_word(str(path))} --tune {result.info.id})")


def _target_seat(plan: Any) -> str:
    """A seatN figure's seat as the reports name it (`seat_names`), when that says more than
    its number ("seat 0 (deck0=raiders)"), else "". The listed players rotate through the
    seats and a seat's own options do not, so seat0_win alone does not say whose deck it
    measures."""
    seat = plan.target.seat
    if seat is None:
        return ""
    config = plan.game.config(plan.base)
    name = seat_names(plan.game.name, config_to_json(config), plan.game.num_players(config))[seat]
    return "" if name == f"seat {seat}" else name


def _json(result: Any, written: list[Path] | None) -> dict[str, Any]:
    t = result.target

    def trial(r: Any) -> dict[str, Any]:
        return {"run": r.run.id, "values": r.values, **r.figure.to_json()}

    return {"tune": result.info.id, "target": {"figure": t.figure, "value": t.value},
            "games": result.games, "best": trial(result.best),
            "inside": result.best.figure.holds(t.value), "choice": result.choice,
            "consistent": result.consistent,
            "trials": [trial(r) for r in _rows(result)],
            "written": [str(p) for p in written or []]}


def _check_out(plan: Any, out: Path, force: bool) -> None:
    """--out can be written: no file stands where its folder must be, and, unless `force`,
    no file that --out will write is there already: the second patched file, beside --out,
    is the user's as much as --out itself. Unlike a report, a card file may have been edited
    since a tune wrote it: even one a tune wrote needs --force."""
    check_folders(out, "write the tuned values")
    paths = [path for path, _, _ in plan.out_files(plan.start_values(), out)]
    for path in paths:
        if path.exists() and not path.is_file():
            raise ConfigError(f"{path} exists and is not a regular file; choose another --out")
    existing = [str(path) if path == out else f"{path} (the second patched file, beside --out)"
                for path in paths if path.exists()]
    if existing and not force:
        which = f"{existing[0]} exists" if len(existing) == 1 else \
            f"{' and '.join(existing)} exist"
        raise ConfigError(f"{which}; choose another --out, or add --force to overwrite "
                          f"{'it' if len(existing) == 1 else 'them'}")


def _write_out(plan: Any, values: dict[str, Any], out: Path, db: Path) -> list[Path]:
    """The best values as files (see Plan.out_files); returns the files written. Each is
    written whole or not at all: a full disk leaves the user's file as it was (written in
    place, it was cut off), and is one line naming the file."""
    make_folders(out, "write the tuned values")
    files = plan.out_files(values, out)
    for path, text, kept in files:
        existed = path.exists()
        try:
            write_atomic(path, text)
        except OSError as exc:
            raise OutputError(
                f"{path}: cannot write ({exc.strerror or exc}); "
                + left_as_was(existed)
                + f"; the tune's results are kept in {db}") from None
        if not kept:  # the designer's comments and layout are lost: say so
            echo_err(f"warroom: note: {path}: the tuned numbers could not be changed in the "
                     "card file's own text (an alias or a merge key?), so it is written whole, "
                     "without its comments and layout")
    return [path for path, _, _ in files]
