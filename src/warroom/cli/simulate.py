"""`warroom simulate`: many games between AI players, stored per game, with win rates and
intervals."""

from __future__ import annotations

import os
import re
import shlex
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click
from rich.markup import escape
from rich.table import Table

from ..agents import BARE_MCTS_BUDGET, parse_specs, refuse_humans
from ..engine import DRAWN, PLAYED, ConfigError, config_to_json
from ..sim.analysis import (
    card_play_verb,
    deck_cards,
    explained,
    one_deck_for_all,
    reasons_words,
    sample_words,
)
from ..sim.batch import BACKENDS, SimulationError, backend_session, check_backend
from ..sim.cards import (
    COMPARED,
    COMPARED_WORDS,
    DIFFERENCE_CI,
    OFTEN,
    SETTLED,
    CardAnalysis,
    CardEffect,
    adjusted_for,
    collect,
    difference_text,
    measure_word,
    no_card_facts,
    rate_texts,
    reports_card_facts,
    shown_effects,
)
from ..sim.progress import game_progress
from ..sim.runs import changed_files, execute, find_resumable
from ..sim.stats import games_text
from ..sim.store import ResultStore, RunInfo, default_db_path, interrupts_after
from ..sim.summary import clock_words, shared_words
from . import cli
from .common import (
    FILE,
    NAME_COLUMN,
    OWN_PLAYER_HELP,
    SEED,
    SET_HELP,
    Interrupted,
    IntRange,
    echo_err,
    echo_json,
    game_and_config,
    game_count,
    json_output,
    options_words,
    print_table,
    refuse_fewer_games,
    refuse_missing_db,
    shell_word,
)

DEFAULT_GAMES = 1000

# What the --seed of simulate, evaluate and tournament says of a player whose moves the clock
# decides (`agents.clock_bound`): a bare mcts is one, which nothing else told.
CLOCK_CAVEAT = (f"unless a player searches by the clock: a bare mcts (up to {BARE_MCTS_BUDGET}, "
                "whichever comes first) or "
                "mcts:time=S, whose moves depend on the machine's speed; mcts:iters=N alone "
                "repeats its games")


def note_clock_bound(specs: Iterable[str]) -> None:
    """One line on standard error, before the games, when a player searches by the clock
    (`agents.clock_bound`): the same seed may then give other games. Nothing otherwise; never
    on standard output, which --json keeps to one JSON object."""
    words = clock_words(specs)
    if words:
        echo_err(f"warroom: note: {words}")


def backend_options(command: click.Command) -> click.Command:
    """--workers, --backend and --address, shared with `warroom sweep`."""
    for option in reversed([
        click.option("--workers", type=IntRange(min=1), help="Worker processes "
                     "(default 1), or the CPUs of a local Ray instance (default: all; a "
                     "cluster at --address uses its own CPUs)."),
        click.option("--backend", type=click.Choice(BACKENDS), default="process",
                     show_default=True, help="Where games run: local worker processes, or Ray."),
        click.option("--address", help="Ray cluster to join (with --backend ray): 'auto' "
                     "(the one this computer runs, or RAY_ADDRESS) or its head's HOST:PORT; "
                     "default: a local Ray instance of its own."),
    ]):
        command = option(command)
    return command


def resolve_workers(workers: int | None, backend: str, games: int,
                    address: str | None = None) -> int:
    """The workers to use: as asked (default 1; with Ray, every CPU), never more than the games
    to play, and on this machine (local processes, or a local Ray instance) not more than the
    CPUs (with a note: more would only compete for them). A Ray cluster has CPUs of its own."""
    cpus = os.cpu_count() or 1
    if workers is not None and backend == "ray" and address:
        # (the cluster's own CPUs: a cap here would slow every run on a larger cluster)
        echo_err(f"warroom: note: --workers is for a local Ray instance: the cluster at "
                 f"{address} runs as many games at once as it has CPUs")
    if workers is None:
        workers = cpus if backend == "ray" else 1
    elif workers > cpus and (backend == "process" or address is None):
        echo_err(f"warroom: note: --workers {workers} is more than the {cpus} CPUs here; "
                 f"using {cpus}")
        workers = cpus
    return max(1, min(workers, games))


@cli.command()
@click.argument("game")
@click.option("--games", "n_games", type=game_count(), help="Games to play (default "
              f"{DEFAULT_GAMES}; with --resume, the run's own number).")
@click.option("--players", "players_text",
              help="Comma-separated SPECs, one per seat. Required, except with --resume "
                   "(the resumed run's own by default). " + OWN_PLAYER_HELP)
@click.option("--seed", type=SEED, help="Batch seed (default 0): the same seed gives the same "
              f"result, {CLOCK_CAVEAT}.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help=SET_HELP)
@backend_options
@click.option("--db", type=FILE, help="Results database (default "
              "warroom-results/GAME.sqlite under the current directory).")
@click.option("--resume", is_flag=True, help="Continue the latest run of GAME in the database "
              "(matching --players, --seed and --set where given) without repeating a game.")
@click.option("--cards", "show_cards", is_flag=True, help="Also print the card analytics: "
              "the cards ranked by how much more their holder wins, outliers flagged (games "
              "with cards; the facts are stored either way, for `warroom report`).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@json_output
def simulate(game: str, n_games: int | None, players_text: str | None, seed: int | None,
             sets: tuple[str, ...], workers: int | None, backend: str, address: str | None,
             db: str | None, resume: bool, show_cards: bool, as_json: bool) -> None:
    """Play many games of GAME and report win rates with 95 % confidence intervals.

    Seats rotate so that each listed player sits in each seat equally often; the same seed
    gives the same result whatever the number of workers or the backend, unless a player
    searches by the clock (a bare mcts, or mcts:time=S: see --seed). Every game is written
    to the results database as it finishes: Ctrl-C keeps them all, and --resume continues.
    See `warroom report DB` for the balance report.
    """
    g, config, _ = game_and_config(game, sets, None if resume else players_text)
    if show_cards and not reports_card_facts(g):  # before any game: there will be none to show
        raise ConfigError(f"--cards: {no_card_facts(g)}; leave --cards out")
    num = g.num_players(config)
    specs = parse_specs(players_text, num) if players_text else None
    refuse_humans(specs or [], "simulate")
    check_backend(backend, address)
    path = Path(db) if db else default_db_path(g.name)
    if resume:
        refuse_missing_db(path)
        run, total, played_before = _resumed(path, g.name, specs, seed,
                                             config_to_json(config) if sets else None, n_games)
    elif specs is None:
        raise click.UsageError("Missing option '--players'.")
    else:
        run, total, played_before = None, n_games or DEFAULT_GAMES, 0
    workers_given = workers
    workers = resolve_workers(workers, backend, max(0, total - played_before), address)
    # Ray starts (or its --address fails) before the database is opened: a failure adds nothing.
    # Ctrl-C once the run exists (from its creation on, the resumed one from the start) says
    # what it keeps and how to go on, as the options it ran with (--backend, --address and
    # --workers where given) go on with it.
    again = _resume_command(g.name, path, backend, address, workers_given)
    kept = played_before  # the run's games as last counted: what a Ctrl-C says is kept
    try:
        with backend_session(backend, workers, address), ResultStore(path) as store:
            try:
                if run is None:
                    store.check()  # a damaged database is refused before the run is added to it
                    with interrupts_after():  # the run and its id together, or neither
                        run = store.create_run(g.name, g.version, config_to_json(config),
                                               list(specs or ()), 0 if seed is None else seed,
                                               total)
                    _note_repeat(store, run, total)
                    _note_uneven_seats(run, total, num)
                else:
                    run = store.run(run.id)
                note_clock_bound(run.players)  # once the database took the run: one line if not
                with game_progress() as progress:
                    task = progress.add_task(f"{g.name} run {run.id}", total=total,
                                             completed=min(played_before, total))
                    try:
                        execute(store, run, total, workers, backend, address,
                                on_game=lambda _: progress.advance(task))
                    # A game failed, or a player of one's own could not be made for one (a
                    # ConfigError naming its SPEC): the others are kept, and the run goes on
                    # from them once it is fixed.
                    except (SimulationError, ConfigError) as exc:
                        kept = store.count_games(run.id)
                        raise type(exc)(f"{exc}; {_kept(kept, total, run.id, path)}, and once "
                                        f"it is fixed, continue with: {again}") from None
                summary = store.tally(run).to_json()
                kept = summary["games"]
                deck = deck_cards(run)
                cards = None
                if show_cards:
                    cards = explained(collect(store.iter_games(run.id), deck,
                                              card_play_verb(run), one_deck_for_all(run)), run)
            except KeyboardInterrupt:
                if run is not None:
                    kept = store.count_games(run.id)
                raise
    except KeyboardInterrupt:
        if run is None:  # before the run was added: nothing is kept, nothing to resume
            raise
        raise Interrupted(f"interrupted: {_kept(kept, total, run.id, path)}; continue with: "
                          f"{again}") from None
    if as_json:
        # what makes the run again, first: the game, its seed and options (every one, as the
        # database keeps them: a resume names none), under tournament's and evaluate's keys
        summary = {"game": run.game, "seed": run.seed, "config": run.config, **summary}
        summary["run"] = run.id  # what `warroom report --run` takes
        if cards is not None:
            summary["cards"] = cards.to_json()
        echo_json(summary)
        return
    _print_summary(g.title, run.id, run.seed, summary, path,
                   options_words(g.Config, run.config), bool(deck))
    if cards is not None:
        _print_cards(cards)


def _note_repeat(store: ResultStore, run: RunInfo, total: int) -> None:
    """One line when an earlier run of the database already played these games (the same
    game version, options, data files, players, seats and seed, as many games or more):
    running the command again made a second run of the same games, silently (an audit,
    stop 71). Not for players that search by the clock, whose games differ run to run."""
    if clock_words(run.players):
        return
    files = {o: f.sha256 for o, f in (run.files or {}).items()}
    for other in store.runs(run.game):
        if other.id != run.id and other.sweep_id is None and other.tune_id is None \
                and (other.version, other.config, other.players, other.seed, other.rotate) \
                == (run.version, run.config, run.players, run.seed, run.rotate) \
                and {o: f.sha256 for o, f in (other.files or {}).items()} == files \
                and store.count_games(other.id) >= total:
            echo_err(f"warroom: note: run {other.id} of this database played these games "
                     f"already (the same options, files, players and seed): run {run.id} "
                     f"repeats them (`warroom report {shell_word(str(store.path))} --run "
                     f"{other.id}` reports the first; "
                     "--resume continues a run instead of making one)")
            return


def _note_uneven_seats(run: RunInfo, total: int, seats: int) -> None:
    """One line when the seats cannot rotate evenly: each listed player sits in each seat
    equally often only when the games are a multiple of the seats (sim/README.md)."""
    if run.rotate and len(set(run.players)) > 1 and total > seats and total % seats:
        fewer, more = total - total % seats, total - total % seats + seats
        echo_err(f"warroom: note: {total} games do not rotate evenly over {seats} seats: "
                 f"some players sit in some seats once more (give a multiple of {seats}, "
                 f"such as {fewer} or {more}, for an even rotation)")


def _kept(kept: int, total: int, run: int, path: Path) -> str:
    """What a stopped run keeps (Ctrl-C, a failing game), in words."""
    return f"{kept} of {total} games of run {run} {'is' if kept == 1 else 'are'} kept in {path}"


def _resume_command(game: str, path: Path, backend: str, address: str | None,
                    workers: int | None) -> str:
    """The command that resumes the run: the database, and the options it ran with that a
    resume does not read from the run (where its games run, and on how many workers)."""
    words = ["warroom", "simulate", shlex.quote(game), "--db", shell_word(str(path)), "--resume"]
    return " ".join(words + backend_words(backend, address, workers))


def backend_words(backend: str, address: str | None, workers: int | None) -> list[str]:
    """Where a resumed command's games run, as the command was given it (`--backend`,
    `--address`, `--workers`): a resume does not read them from the database."""
    words = []
    if backend != "process":
        words += ["--backend", shlex.quote(backend)]
    if address:
        words += ["--address", shlex.quote(address)]
    if workers is not None:
        words += ["--workers", str(workers)]
    return words


def _resumed(path: Path, game: str, specs: list[str] | None, seed: int | None,
             config: dict[str, Any] | None, n_games: int | None) -> tuple[RunInfo, int, int]:
    """The run to resume, its games in all and the games it has, read before anything is
    written: a damaged database, or a stored game of the run that does not decode, is a
    one-line error naming the row and the field, and the file is left as it was."""
    with ResultStore(path, create=False) as store:
        store.check()
        run = find_resumable(store, game, specs, seed, config)
        refuse_humans(run.players, "simulate")  # a run stored before humans were refused
        store.check_games(run.id)
        played = store.count_games(run.id)
        if n_games is not None:  # fewer than the run holds: said here, before any write
            refuse_fewer_games(store, [run], n_games, played,
                               f"run {run.id} has {games_text(played)}")
    for line in changed_files([run]):  # an edited deck is not measured: said, not silent
        echo_err(line)
    return run, n_games or run.games_requested, played


def _print_cards(cards: CardAnalysis) -> None:
    """The ranking when drawn (else when played), and when played too where that measure
    flags a card: the verdict names every flag, and each must be in a table above it (a run
    of Viktory II flagged 24 cards when played under a table of the drawn measure alone)."""
    drawn, played = cards.ranked(DRAWN), cards.ranked(PLAYED)
    tables = [drawn or played]
    if drawn and any(e.flagged for e in played):
        tables.append(played)
    if any(e.flagged for e in cards.ranked(OFTEN)):  # cards drawn in every game, by how often
        tables.append(cards.ranked(OFTEN))
    for ranked in filter(None, tables):
        _print_card_table(ranked, cards.play_verb)
    click.echo(cards.verdict())
    never = cards.unused_verdict()
    if never:
        click.echo(never)


def _print_card_table(ranked: list[CardEffect], play_verb: str = "play") -> None:
    """One measure's table, `played` said in the game's `play_verb` (kow's "defeated")."""
    shown, which = _card_rows(ranked)
    measure = ranked[0].measure
    table = Table(title=escape(f"cards by improvement when {measure_word(measure, play_verb)} "
                               f"({which})"),
                  caption=f"win rates {adjusted_for(measure, play_verb)}; {COMPARED_WORDS}"
                  + (f"; — where {SETTLED}" if any(e.settled for e in shown) else ""))
    for col in ("card", "win rate with (adjusted)", "without (adjusted)",
                DIFFERENCE_CI, COMPARED, "flag"):
        table.add_column(col, **NAME_COLUMN if col == "card" else {})
    for e in shown:
        table.add_row(escape(e.label), *rate_texts(e, "%"), difference_text(e),
                      f"{e.with_n} / {e.without_n}",
                      "flagged" if e.flagged else "" if e.tested else
                      "as drawn" if e.same_as_drawn else "not tested")
    print_table(table)


def _card_rows(ranked: list[CardEffect], rows: int = 10) -> tuple[list[CardEffect], str]:
    """The table's rows, and which they are in words: the highest and lowest of the tested
    cards, then, where there is room, of the untested ones (marked), as the report's plot
    shows them (`shown_effects`)."""
    tested = [e for e in ranked if e.tested]
    rest = [e for e in ranked if not e.tested]
    first, then = shown_effects(ranked, rows)
    if not tested:  # "none tested; 10 of 24 not tested (...)" said the one thing twice
        return then, "no card tested: " + (f"all {len(rest)}" if len(then) == len(rest) else
                                           f"{len(then)} of {len(rest)}, the highest and lowest")
    if not rest:
        return first, "all" if len(first) == len(tested) else \
            f"the highest and lowest {rows // 2} of {len(tested)}"
    return first + then, "; ".join(_part(len(shown), len(all_), what) for shown, all_, what in
                                   ((first, tested, "tested"), (then, rest, "not tested")))


def _part(shown: int, total: int, what: str) -> str:
    """Which of `total` cards `what` the table shows, in words."""
    if shown == total:
        return f"all {total} {what}" if total else f"none {what}"
    return f"{shown} of {total} {what} (the highest and lowest)" if shown else \
        f"{total} {what}, not shown"


def _print_summary(title: str, run_id: int, seed: int, summary: dict, path: Path,
                   options: str = "", deck: bool = True) -> None:
    """The tables under the game's `title`, the seed and `options`, those that differ from
    the defaults (`options_words`): with the seed, what makes the table again. The report's
    outcome reasons line too, where it says more than that every game ended one ordinary
    way (`_tells`). `deck`: the game names its deck, whose cards never drawn a small run
    leaves unlisted."""
    table = Table(title=escape(f"{title}: {games_text(summary['games'])}, seed {seed}"
                               f"{options}"))
    for col in ("player", "spec", "wins", "win rate", "95 % CI"):
        table.add_column(col, **NAME_COLUMN if col == "spec" else {})
    for i, p in enumerate(summary["players"]):
        table.add_row(str(i), escape(p), *_rate_cells(summary["wins"][i],
                                                      summary["win_rate"][i], summary["ci95"][i]))
    print_table(table)
    # Seats rotate, so the listed players' shares hide a seat's: a strong deck in seat 0
    # (deck0) won 78 % of the games while each listed player won 50 %.
    seats = Table(title="by seat (players rotate through them)")
    for col in ("seat", "wins", "win rate", "95 % CI"):
        seats.add_column(col)
    for i, rate in enumerate(summary["seat_win_rate"]):
        seats.add_row(str(i), *_rate_cells(rate["successes"], rate["rate"], rate["ci95"]))
    print_table(seats)
    click.echo(f"draws: {summary['draws']}   mean length: {summary['mean_length']:.1f} decisions")
    reasons = Counter(summary["reasons"])
    if _tells(reasons):
        click.echo(reasons_words(reasons, summary["games"]))
    shared = shared_words(summary)
    if shared:
        click.echo(shared)
    sample = sample_words(summary["games"], cards=deck)
    if sample:
        click.echo(sample)
    # The run by its id: the report's default, the latest run, is another after a --resume.
    click.echo(f"results: run {run_id} in {path}  (balance report: warroom report "
               f"{shell_word(str(path))} --run {run_id})")


# A game that stops at a guard says so in its reason ("turn limit (60 rounds): a tie", "round
# limit reached", "safety round limit: draw"): the games did not end by their goal, and only
# `report` said so when every game of a run stopped there.
_LIMIT = re.compile(r"\blimit\b", re.IGNORECASE)


def _tells(reasons: dict[str, int]) -> bool:
    """Whether the outcome reasons are news beside the win rates: more than one way the games
    ended, or a guard that stopped them (`_LIMIT`)."""
    return len(reasons) > 1 or any(_LIMIT.search(reason) for reason in reasons)


def _rate_cells(wins: int, rate: float | None, ci95: list[float] | None) -> tuple[str, str, str]:
    """A table row's wins, win rate and 95 % interval; "—" of no games."""
    if rate is None or ci95 is None:
        return str(wins), "—", "—"
    lo, hi = ci95
    return str(wins), f"{rate:.1%}", f"{lo:.1%} - {hi:.1%}"
