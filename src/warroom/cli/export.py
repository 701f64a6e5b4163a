"""`warroom export`: a results database's games (or card facts) as CSV or JSON lines, one
stored game as a saved-game record that `warroom replay` reads, and every finished game of a
games database (`warroom serve --db`) as the record its server offers."""

from __future__ import annotations

import io
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, cast

import click

from .. import install_hint
from ..engine.data import counted, first_few
from ..engine.files import atomic_file, left_as_was, write_atomic
from ..sim.outputs import OutputError, check_folders, make_folders
from ..sim.store import APPLICATION_ID, KINDS, ResultStore, StoreError
from . import cli
from .common import FILE, ROW_ID, FilePath, IntRange, echo_err, shell_word

if TYPE_CHECKING:
    from ..server.records import Served, ServedGames
    from ..sim.export import Selection

FOLDER = FilePath(folders=True)  # --records DIR: a file there is refused in our own words
# A game id that is a file name as it is (the server's are 12 hex digits)
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
NAMED = 5  # the unfinished games --records names; more are counted ("and 3 more")

EXPORT_HELP = """Export the games in the results database DB as rows for any analysis tool
(CSV with a header, or JSON lines), or one stored game as a saved-game record; or
every finished game of a games database (warroom serve --db) as its record.

\b
  warroom export DB [--run ID | --sweep ID] [--games | --cards]
                    [--format csv|jsonl] [--out FILE [--force]]
  warroom export DB --run ID --index I --record FILE [--force]
  warroom export GAMES_DB --records DIR [--force]

\b
Rows go to standard output, or to --out FILE (written whole or not at all),
always as UTF-8, whatever the locale: card names are written as they are
stored (a suit as its own character), never as the look-alikes a terminal
that cannot show suits is sent. By default the rows are what
`warroom report DB` reports: the games of the latest run that has finished
games or, if that run is a cell of a sweep, of the whole sweep (a tune's
trial: that run alone); standard error names them. --run ID exports one run,
--sweep ID every cell of a sweep.

\b
Game rows (--games, the default), one per game, in index order:
  run             the run's id (as `warroom report DB --run ID` takes it)
  sweep, tune     for a sweep's cell or a tune's trial: the sweep's or the
                  tune's id (with --run too)
  cell.KEY        for a sweep's cell or a tune's trial: its value of each
                  varied or tuned option KEY (unset: none, as `warroom
                  options` shows it; `warroom report DB --run ID --json`
                  gives a run's every option)
  index           the game's index in the run (--index I)
  seed            the game's seed
  players.S       the SPEC of the listed player in seat S
  seating.S       the listed player in seat S (0: the first of --players)
  winner_seats    the winning seats, a JSON list: [0]; [] is a draw
  winner_players  the winning listed players (as seating numbers them)
  scores.S        seat S's score
  reason          how the game ended
  length          decisions taken
  first_seat      the seat that moved first; empty when the game opens
                  with a simultaneous decision (kow)
  metric.NAME     each of the game's own metrics
A team's win is a win for each of its seats. Per-seat columns run to the
most seats of the runs exported (a run with fewer leaves the rest empty).

\b
Card rows (--cards), one per game, seat, card and fate:
  run, [sweep or tune, cell.KEY, ...,] index, seat, card, fate, count
the card by its name (with its deck, "Ambush (deck1)", when the seats'
decks differ), the fate as `warroom report` counts it (drawn, played, and
the game's own: discarded, destroyed, ...; a kow report says "defeated"
for played). A run whose options dealt no
cards (viktory's mode=dice) has none: a note on standard error says so.

\b
JSON lines: each row as an object with the same keys, except that a
per-seat list is one key holding the list (players, seating, scores);
lists stay lists, and an empty field is null.

\b
--record FILE (with --run ID --index I) plays game I of the run again with
the same players, seed and seating and the run's own copies of its data
files (a deck edited or deleted since changes nothing), and writes it as
`warroom play --save` writes a record: `warroom replay FILE` shows it. It
must end as the stored game did (winners, scores, reason, length), or
nothing is written. A run whose players search by time (mcts:time=S, or
mcts with neither iters= nor time=) is refused: their moves depend on the
machine's speed; only players with a fixed budget (iters=) can be replayed.

--records DIR, for a games database of `warroom serve --db` (GAMES_DB),
writes each finished game as a file named by its game, then its id, such as
DIR/kow-375cdcd51412.json: its record, the very bytes the server's
/api/games/375cdcd51412/record download gives (the game rebuilt by the
server's own code), for `warroom replay DIR/kow-375cdcd51412.json`. A table
the organiser (or the server, left idle) closed is written too (its record
so far, marked unfinished);
a game not finished is left: a note names it and how to take its record now
(the organiser closes its table, then exports again), and one in play made
under another rules version is left to be finished with the warroom release
that made it; the last line says how many were written and left, and why.
DIR and its missing folders are made, and
each file is written whole or not at all (owner-only: a record holds every
hand). A file there that holds the same record is left as it is, so that the
same export can be run again as the evening goes on (a finished game's
record never changes), and so is one an older release named by the id alone
(DIR/375cdcd51412.json); one that differs is refused before anything is
written, unless --force. The database may be read while its server runs: it
is opened to read only and never written (one older than schema version 2 is
refused: start this release's `warroom serve` over it once).

A results database is only read (a file of an older warroom is brought to
this version first, as `warroom report` does). Every refusal is one line, exit
status 2, and writes nothing."""


@cli.command(help=EXPORT_HELP)
@click.argument("db", type=FILE)
@click.option("--run", "run_id", type=ROW_ID, metavar="ID", help="The run to export "
              "(default: the latest that has finished games, or the whole sweep it is a cell "
              "of, as `report` reports).")
@click.option("--sweep", "sweep_id", type=ROW_ID, metavar="ID", help="Export every cell of "
              "this sweep, with a column per varied option (cell.KEY).")
@click.option("--games", "games", is_flag=True, help="One row per game (the default).")
@click.option("--cards", "cards", is_flag=True, help="One row per game, seat, card and fate, "
              "with its count: the card facts `warroom report` analyses, cards by name.")
@click.option("--format", "fmt", type=click.Choice(["csv", "jsonl"]), help="csv (a header "
              "row, then the rows) or jsonl (one JSON object a line); default: from the --out "
              "suffix (.csv, .jsonl, .ndjson; another is refused without --format), else csv.")
@click.option("--out", type=FILE, help="Write the rows to this file (whole or not at all) "
              "instead of standard output; missing folders are made.")
@click.option("--force", is_flag=True, help="Let --out or --record overwrite a file that "
              "exists, and --records a file that differs from the record it writes there (a "
              "folder or a device never is).")
@click.option("--index", "index", type=IntRange(min=0), metavar="I", help="With --record: "
              "the index of the game in the run (the rows' `index`).")
@click.option("--record", "record", type=FILE, metavar="FILE", help="Write game I (--index) "
              "of run ID (--run) as a saved-game record, as `warroom play --save` writes one, "
              "for `warroom replay`.")
@click.option("--records", "records", type=FOLDER, metavar="DIR", help="DB being a games "
              "database (warroom serve --db): write each finished game's record to a file "
              "named by its game and id, DIR/kow-375cdcd51412.json, as the server's "
              "/api/games/375cdcd51412/record gives it; missing folders are made.")
def export(db: str, run_id: int | None, sweep_id: int | None, games: bool, cards: bool,
           fmt: str | None, out: str | None, force: bool, index: int | None,
           record: str | None, records: str | None) -> None:
    from ..sim.export import export_format

    _check_options(run_id, sweep_id, games, cards, fmt, out, index, record, records)
    if records is not None:
        _export_records(db, Path(records), force)
        return
    if record is not None:
        assert run_id is not None and index is not None
        _export_record(db, run_id, index, record, force)
        return
    if out is not None:  # first: `--out DB` is named as the database, not as a suffix
        _check_target(out, force, "--out", db)
    fmt = export_format(out, fmt)
    _export_rows(db, run_id, sweep_id, cards, fmt, out)


def _check_options(run_id: int | None, sweep_id: int | None, games: bool, cards: bool,
                   fmt: str | None, out: str | None, index: int | None,
                   record: str | None, records: str | None) -> None:
    """Refuse options that do not go together, before the database is opened."""
    if records is not None:
        given = [name for name, value in (
            ("--run", run_id), ("--sweep", sweep_id), ("--games", games or None),
            ("--cards", cards or None), ("--format", fmt), ("--out", out), ("--index", index),
            ("--record", record)) if value is not None]
        if given:
            raise click.UsageError(f"--records writes a games database's records; leave out "
                                   f"{given[0]}")
        return
    if games and cards:
        raise click.UsageError("give --games or --cards, not both")
    if run_id is not None and sweep_id is not None:
        raise click.UsageError("give --run or --sweep, not both")
    if record is None:
        if index is not None:
            raise click.UsageError("--index I picks the game for --record FILE; give both "
                                   "(with --run ID)")
        return
    if run_id is None or index is None:
        raise click.UsageError("--record FILE needs the run and the game: --run ID --index I")
    given = [name for name, value in (("--sweep", sweep_id), ("--games", games or None),
                                      ("--cards", cards or None), ("--format", fmt),
                                      ("--out", out)) if value is not None]
    if given:
        raise click.UsageError(f"--record writes one game's record; leave out {given[0]}")


def _check_target(path: str, force: bool, option: str, db: str) -> None:
    """A file there is overwritten only with --force; a folder or a device never is, nor the
    database itself; a file where one of its folders should be is refused."""
    target = Path(path)
    if target.exists() and Path(db).exists() and target.samefile(db):
        raise OutputError(f"{path} is the database DB itself; choose another {option}")
    if target.exists() and not target.is_file():
        raise OutputError(f"{path}: not a regular file; choose another {option}")
    if target.exists() and not force:
        raise OutputError(f"{path} exists; choose another {option}, or add --force to "
                          "overwrite it")
    check_folders(target, "write the export")


def _export_rows(db: str, run_id: int | None, sweep_id: int | None, cards: bool, fmt: str,
                 out: str | None) -> None:
    from ..sim import export as ex

    with ResultStore(db, create=False) as store:
        note = None
        if sweep_id is not None:
            selection = ex.sweep_selection(store, sweep_id)
        elif run_id is not None:
            selection = ex.run_selection(store, run_id)
        else:  # as `report DB` reports: the latest run with games, or its whole sweep
            selection, note = ex.default_selection(store)
        store.check_read_options(selection.runs)
        bare = ex.without_cards(store, selection) if cards else None
        if out is None:
            # standard output as it is now (a progress bar redirects sys.stdout to its
            # console), its bytes written as UTF-8 whatever its encoding
            with _utf8(sys.stdout) as stream:
                count = _write_rows(store, selection, cards, fmt, stream, False)
        else:
            count = _write(Path(out), lambda stream: _write_rows(store, selection, cards, fmt,
                                                                stream, True))
    # Said once the rows are out: a damaged game met on the way is the one line said, not a
    # note of what was being exported and then the error.
    for said in (note, bare):
        if said is not None:
            echo_err(f"warroom: note: {said}")
    if out is not None:
        what = "card fact" if cards else "game"
        click.echo(f"{out}: written, {counted(count, what)} of {selection.describe()}, as "
                   f"{'JSON lines' if fmt == 'jsonl' else 'CSV'}")


class _Utf8Writer(io.TextIOBase):
    """Text written to a byte stream as UTF-8, each write at once (lines ending as a text
    file's do here, as --out writes them). Closing it (its finalizer does) leaves the byte
    stream open: it is standard output's."""

    def __init__(self, raw: IO[bytes]):
        super().__init__()
        self._raw: IO[bytes] | None = raw

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self._raw is None:
            raise ValueError("write to a closed export stream")
        self._raw.write((text if os.linesep == "\n" else text.replace("\n", os.linesep))
                        .encode("utf-8"))
        return len(text)

    def close(self) -> None:
        self._raw = None  # never the stream under it, nor a flush that could fail again


@contextmanager
def _utf8(stdout: IO[str]) -> Iterator[IO[str]]:
    """Standard output for the rows: its byte stream written as UTF-8, whatever the
    locale's encoding (`plain_streams` sets an ASCII or Latin-1 one to write look-alikes,
    `10H` for `10♥`, which is for people, not data), flushed after; left open. A stream
    without bytes under it (an embedding's StringIO) is written as it is."""
    raw = getattr(stdout, "buffer", None)
    if raw is None:
        yield stdout
        return
    stdout.flush()  # what was written to it before comes first
    writer = _Utf8Writer(raw)
    try:
        yield cast(IO[str], writer)
        raw.flush()
    finally:
        writer.close()


def _write_rows(store: ResultStore, selection: Selection, cards: bool, fmt: str,
                stream: IO[str], to_file: bool) -> int:
    """The selection's rows written to `stream`, with a progress bar of the games read."""
    from ..sim import export as ex

    metrics = [] if cards else ex.metric_names(store, selection)
    columns = ex.card_columns(selection) if cards else ex.game_columns(selection, metrics)
    with _progress(to_file, ex.count_games(store, selection), selection.describe()) as advance:
        rows = (ex.card_rows(store, selection, advance) if cards
                else ex.game_rows(store, selection, metrics, advance))
        return ex.write_rows(rows, columns, ex.seats(selection), fmt, stream)


@contextmanager
def _progress(to_file: bool, total: int, label: str) -> Iterator[Callable[[], None] | None]:
    """A progress bar of the games read, on standard error at a terminal only (the
    project's `game_progress`), and not while the rows themselves go to the terminal (they
    would tear it). Yields the function that counts a game, or None."""
    if not to_file and sys.stdout.isatty():
        yield None
        return
    from ..sim.progress import game_progress

    with game_progress(verb="Read") as progress:
        task = progress.add_task(f"export {label}", total=total)
        yield lambda: progress.advance(task)


def _write(path: Path, write: Callable[[IO[str]], int]) -> int:
    """Write the export whole or not at all (streamed into a temporary file, renamed over
    `path` once complete); `write` writes the rows to the stream and says how many."""
    make_folders(path, "write the export")
    existed = path.exists()
    try:
        with atomic_file(path) as stream:
            return write(stream)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write ({exc.strerror or exc}); "
                          f"{left_as_was(existed)}") from None


def _export_record(db: str, run_id: int, index: int, path: str, force: bool) -> None:
    from ..sim.export import record_of, run_selection, save_record

    _check_target(path, force, "--record FILE", db)
    with ResultStore(db, create=False) as store:
        run = run_selection(store, run_id).runs[0]  # a run without games is refused
        record = record_of(store, run, index)
    make_folders(Path(path), "save")
    save_record(record, Path(path))
    assert record.outcome is not None
    winners = record.outcome["winners"]
    players = record.meta["players"]
    who = (", ".join(f"player {s} ({players[s]})" for s in winners) + " won") if winners \
        else "a draw"
    click.echo(f"{path}: written, game {index} of run {run.id} ({run.game}, seed "
               f"{record.seed}): {who} - {record.outcome['reason']}; see it with: "
               f"warroom replay {shell_word(path)}")


def _kind(db: str) -> int | None:
    """The application id in the header of the SQLite file `db` (which of warroom's own
    files it is, `KINDS`), read without opening it as a database; None for no SQLite file."""
    try:
        with open(db, "rb") as file:
            head = file.read(100)
    except OSError:
        return None
    if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
        return None
    return int.from_bytes(head[68:72], "big")


def _export_records(db: str, folder: Path, force: bool) -> None:
    """Every finished game of the games database `db` as DIR/kow-375cdcd51412.json (its
    game, then its id), the record its server offers (`server.records`), then one line of
    what was written and left."""
    try:
        from ..server.records import ServedGames
    except ImportError as exc:
        raise click.ClickException(
            f"--records reads a games database with the server's own code, which needs the "
            f"server extra ({exc.name} is missing): {install_hint('server')}") from None
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder}: not a folder; --records DIR names the folder the records "
                          "are written to")
    check_folders(folder, "write the records")
    try:
        served = ServedGames(db)
    except StoreError:
        if _kind(db) != APPLICATION_ID:
            raise
        raise StoreError(f"{db}: a warroom {KINDS[APPLICATION_ID]}, not a warroom games "
                         "database, which --records reads (a results database's stored game "
                         "is written with --run ID --index I --record FILE)") from None
    with served:
        ids = served.ids()
        # a bar of the games read, at a terminal (a long game takes a second to rebuild)
        with _progress(True, len(ids), f"records of {db}") as advance:
            tally = _write_records(served, ids, Path(db), folder, force, advance)
    for line in tally.notes + tally.unfinished_note(db):
        echo_err(f"warroom: note: {line}")
    click.echo(tally.line(folder))


class _Tally:
    """What `--records` wrote and left, for its last line."""

    def __init__(self) -> None:
        self.written = self.same = self.closed = self.outdated = self.broken = 0
        self.notes: list[str] = []
        self.waiting: list[str] = []  # the games not finished whose tables can be closed
        # the games in play under other rules ("viktory-ii rules version 14"), counted by
        # those rules: no close for them here, and the line says why they were left
        self.other_rules: Counter[str] = Counter()

    def unfinished_note(self, db: str) -> list[str]:
        """Which games not finished were left and how to take their records now: the
        record route withholds them until they are over, and the way out was only in the
        server's README."""
        if not self.waiting:
            return []
        n = len(self.waiting)
        named = first_few(self.waiting, NAMED)
        return [f"{counted(n, 'game')} not finished {'was' if n == 1 else 'were'} left: "
                f"{named}; a record is offered once its game is over: to take one now, close "
                "its table (POST /api/games/ID/close with `Authorization: Bearer` and the "
                f"organiser's token, in {db}.organiser-token unless serve was given "
                "--organiser-token-file; see \"Running a club evening\" in the server's "
                "README), then export again"]

    def line(self, folder: Path) -> str:
        from ..server.live import FINISHED_ELSEWHERE

        kinds = [f"{n} of {what}" for n, what in (
            (self.closed, "tables closed unfinished, by the organiser or as idle"),
            (self.outdated, "another rules version, replayed by the release that made them"))
            if n]
        said = f"wrote {counted(self.written, 'record')} to {folder}"
        if kinds:
            said += f" ({'; '.join(kinds)})"
        if self.same:
            said += (f"; {self.same} {'was' if self.same == 1 else 'were'} there already, the "
                     "same, and left as they were")
        left = [(len(self.waiting), "not finished", "")]
        left += [(n, f"in play made under {rules}",
                  f": finish {'it' if n == 1 else 'each'} {FINISHED_ELSEWHERE['warroom']}")
                 for rules, n in self.other_rules.items()]
        left.append((self.broken, "that do not rebuild" if self.broken > 1
                     else "that does not rebuild", ""))
        for n, what, then in left:
            if n:
                said += f"; {counted(n, 'game')} {what} {'was' if n == 1 else 'were'} left{then}"
        return said


def _write_records(served: ServedGames, ids: list[str], db: Path, folder: Path, force: bool,
                   advance: Callable[[], None] | None) -> _Tally:
    """The records of the games `ids` of `served` written to `folder`: first those whose
    file is there already (left if it is the same record; one that differs refuses the
    export, before anything is written, unless `force`), then the others. A file an older
    release wrote, named by the id alone, that holds the same record is one there (none is
    written beside it); one that differs is left, and the record written under its name. A
    game is rebuilt once; `advance` counts each."""
    tally = _Tally()
    names = {gid: _name(served, gid) for gid in ids}
    there = {gid: target for gid in ids if (target := _there(folder, names[gid], gid))}
    rewrite: list[Served] = []
    differ: list[tuple[Path, str]] = []
    for gid, target in there.items():
        if db.exists() and target.samefile(db):
            raise OutputError(f"{target} is the database GAMES_DB itself; choose another "
                              "--records DIR")
        if not target.is_file():
            raise OutputError(f"{target}: not a regular file; choose another --records DIR")
        got = served.get(gid)
        if advance is not None:
            advance()
        if got.text is None:
            _left(served, tally, got)
        elif _read(target) == got.text.encode("utf-8"):
            tally.same += 1
        else:
            if target.name == _file(names[gid], gid):  # not an older release's, left as it is
                differ.append((target, gid))
            rewrite.append(got)
    if differ and not force:
        more = f" (and {counted(len(differ) - 1, 'other file')})" if len(differ) > 1 else ""
        raise OutputError(f"{differ[0][0]} exists and is not the record of game "
                          f"{differ[0][1]} the server gives{more}; choose another --records "
                          f"DIR, or add --force to overwrite {'them' if more else 'it'}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{folder}: cannot make the folder ({exc.strerror or exc}); no "
                          "record is written") from None
    for got in rewrite:
        _put(tally, folder, names[got.id], got)
    for gid in ids:
        if gid in there:
            continue
        if not GAME_ID.fullmatch(gid):
            tally.broken += 1
            tally.notes.append(f"game {gid!r}: its id is not a file name; its record is not "
                               "written")
            continue
        got = served.get(gid)
        if advance is not None:
            advance()
        if got.text is None:
            _left(served, tally, got)
        else:
            _put(tally, folder, names[gid], got)
    return tally


def _name(served: ServedGames, game_id: str) -> str:
    """The game's registry name (`kow`), or "" for one that does not rebuild, which has no
    record to write."""
    known = served.server.known(game_id)
    return "" if known is None else known.game.name


def _file(name: str, game_id: str) -> str:
    """A record's file name: the game, then its id, so that an evening's files say which
    game each is (`kow-375cdcd51412.json`)."""
    return f"{name}-{game_id}.json"


def _there(folder: Path, name: str, game_id: str) -> Path | None:
    """The file there already of the game `game_id`: its own name, else the name an older
    release gave it (the id alone), if it is a file; None if neither is there."""
    if not name or not GAME_ID.fullmatch(game_id):
        return None
    own, older = folder / _file(name, game_id), folder / f"{game_id}.json"
    return own if own.exists() else older if older.is_file() else None


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise OutputError(f"{path}: cannot read ({exc.strerror or exc}), to compare it with "
                          "the record it would be; nothing is written") from None


def _left(served: ServedGames, tally: _Tally, got: Served) -> None:
    """A game whose record is not offered: not finished, or one that does not rebuild."""
    if not got.broken:
        outdated = served.server.outdated.get(got.id)
        if outdated is None:
            tally.waiting.append(got.id)
        else:  # no close for it here: only the release that made it plays it on
            tally.other_rules[outdated.rules] += 1
            tally.notes.append(outdated.refusal("warroom"))
        return
    tally.broken += 1
    tally.notes.append(f"game {got.id} does not rebuild ({got.broken}); its record is not "
                       "written")


def _put(tally: _Tally, folder: Path, name: str, got: Served) -> None:
    """Write one record, whole or not at all, the owner's alone (as `play --save` does)."""
    assert got.text is not None
    target = folder / _file(name, got.id)
    existed = target.exists()
    try:
        write_atomic(target, got.text, private=True)
    except OSError as exc:
        n = tally.written
        before = f"; the {counted(n, 'record')} before it {'is' if n == 1 else 'are'} " \
            "written" if n else ""
        raise OutputError(f"{target}: cannot write ({exc.strerror or exc}); "
                          f"{left_as_was(existed)}{before}") from None
    tally.written += 1
    tally.closed += got.closed
    tally.outdated += got.outdated
