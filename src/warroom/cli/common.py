"""Pieces the commands share: loading a game's config from `--set`, seeds, output."""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import math
import os
import random
import stat
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO, TypeVar

import click

from ..engine import (
    ConfigError,
    Game,
    Outcome,
    Record,
    RecordError,
    State,
    WarroomError,
    parse_assignments,
    replay_to_end,
)
from ..engine.config import changed_options, option_names
from ..engine.data import displayable
from ..engine.data import shell_word as shell_word  # its home; the commands import it here
from ..engine.record import (
    SEED_MAX,
    SEED_MIN,
    check_game_field,
    record_config,
    record_outcome,
)
from ..games import REGISTRY, get_game

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from ..sim.report import Document
    from ..sim.store import ResultStore, RunInfo

SET_HELP = "A rule option, key=value (repeatable). See `warroom options GAME`."
# What every --players help ends with: a player written in Python is named by its class.
OWN_PLAYER_HELP = ("A player of your own is MODULE.CLASS, e.g. myagent.FirstChoice for class "
                   "FirstChoice of myagent.py in the current folder (README: A player of your "
                   "own).")


class IntRange(click.IntRange):
    """click's IntRange, whose refusal of a word said "'abc' is not a valid integer range":
    the value is a whole number, which the range then bounds."""

    name = "integer"

# A seed is a signed 64-bit integer (what records and results databases hold).
SEED = IntRange(SEED_MIN, SEED_MAX)
# A run, sweep or tune of a results database: its row id, a positive 64-bit integer.
ROW_ID = IntRange(1, SEED_MAX)
# Games a command plays (simulate, a sweep's cell, a tune's budget and batch, a pairing of
# evaluate, viktory compare): at most a million. A 95 % interval on a share of the games is
# then within a tenth of a point either way, past what a playtest can ask; a results
# database holds the count (SQLite INTEGER), and evaluate keeps every result in memory.
MAX_GAMES = 10**6


class FilePath(click.Path):
    """A file's name: click's Path without folders, and never empty (an empty --save, from a
    script's unset variable, was taken as no --save at all: the game went unsaved). With
    `folders`, a folder passes too, for the reader to refuse in its own words (RECORD).

    Without `folders`, a name ending in "/" (or in "/." or "/..") is refused too: it names a
    folder, and one not there yet passed click's check (`report --out figs/` wrote an HTML
    file named figs)."""

    def __init__(self, folders: bool = False) -> None:
        super().__init__(dir_okay=folders)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail("the file name is empty", param, ctx)
        if isinstance(value, str) and not self.dir_okay and _names_a_folder(value):
            self.fail(f"{value!r} names a folder: give a file name", param, ctx)
        return super().convert(value, param, ctx)


def _names_a_folder(name: str) -> bool:
    """A name that can only be a folder's: "figs/", "figs/.", "..", "figs/.." (a name that
    ends in "." or ".." is its folder's, or its folder's folder's)."""
    seps = tuple(filter(None, (os.sep, os.altsep)))
    last = name
    for sep in seps:
        last = last.rsplit(sep, 1)[-1]
    return name.endswith(seps) or last in (".", "..")


FILE = FilePath()
# A record to read (`replay FILE`, `play --resume FILE`): a folder is refused by
# `Record.load`, as every other file that is no record is ("x: cannot read (Is a
# directory)"), in the same words from both commands; click's refusal named each its own way
# ("Invalid value for 'FILE'" / "for '--resume'", and each command's --help).
RECORD = FilePath(folders=True)


def game_count(minimum: int = 1) -> IntRange:
    """The type of a number of games: from `minimum` to MAX_GAMES (--help shows the range)."""
    return IntRange(minimum, MAX_GAMES)


class FiniteFloatRange(click.FloatRange):
    """A FloatRange that refuses nan too: nan compares false with both ends, so
    click.FloatRange lets it through (`bench --seconds nan` timed a run for ever)."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"{value!r} is not a number.", param, ctx)
        return number


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, with the one line that says what was kept and how to go on: `warroom` prints
    it instead of 'interrupted'."""


class InputEnded(Exception):
    """The end of a person's input (Ctrl-D, or a script's input that ran out) at a prompt:
    not an interruption (exit status 130 is Ctrl-C's), but the person ending the game
    unfinished. `warroom` prints the one line (what was kept, how to go on) and exits 1."""

    def __init__(self, line: str):
        super().__init__(line)
        self.line = line


class OutputEnded(Exception):
    """Standard output closed while a command wrote to it (`warroom play ... | head`), or
    that could not be written (`> /dev/full`): the command stopped, kept what it could, and
    has this one line to say on standard error. `warroom` says it where it still can and
    exits 1, as for any closed output."""

    def __init__(self, line: str):
        super().__init__(line)
        self.line = line


@dataclass
class LoadedRecord:
    """A record read and checked whole (`load_record`)."""

    game: Game
    record: Record
    config: object
    state: State  # after the record's actions
    outcome: Outcome | None  # how it ended (None: it has not)


def load_record(path: str, game: str | None = None) -> LoadedRecord:
    """Read the record at `path` and check it whole, the same way for `replay FILE` and `play
    GAME --resume FILE`, so that one bad record is one error, word for word, from both: the
    file and its JSON (`Record.load`), the game it names (an unknown name, or a game field
    changed by hand: `check_game_field`), then its rules version, config and every action (a
    replay to its end), then its resignation. `game` is the GAME `play` was given: a record
    of another game is refused once the record itself is known to be sound in that respect.

    The game-field check, which decodes a record's first actions as each game's, runs only
    when the record does not fit the game it names: its name is unknown, it is not the GAME
    asked for, or it fails a check of that game. A sound record, the usual case, is not
    decoded twice. Nothing is written."""
    record = Record.load(path)
    try:
        named: Game | None = get_game(record.game)
    except ConfigError as exc:
        named, unknown = None, str(exc)
    if named is None:
        check_game_field(None, record, REGISTRY.values())  # whose record is it, then?
        raise RecordError(f"{path}: {unknown}")
    if game is not None and game != named.name:
        check_game_field(named, record, REGISTRY.values())  # a field changed to GAME's name
        wanted = get_game(game)  # a GAME no game has: said as such
        raise RecordError(f"{path}: the saved game is {record.game!r}, not {wanted.name!r}")
    try:
        state = replay_to_end(named, record)  # the rules version, the config, every action
    except WarroomError:
        # Not a record of the game it names: perhaps of another one, its game field changed
        # (said as that, not as another version or a config option); else the error as is.
        check_game_field(named, record, REGISTRY.values())
        raise
    return LoadedRecord(named, record, record_config(named, record), state,
                        record_outcome(named, record, state))


def parse_sets(sets: tuple[str, ...] | list[str]) -> dict[str, str]:
    """The --set options by name. An option given twice is an error (as sweep's --vary is),
    not silently the last value: which one the user meant cannot be known."""
    seen: set[str] = set()
    for item in sets:
        key = item.partition("=")[0].strip()
        if key and key in seen:
            raise ConfigError(f"--set {key}: the option is given twice")
        seen.add(key)
    return parse_assignments(list(sets))


def game_and_config(name: str, sets: tuple[str, ...], players_text: str | None = None,
                    warn: bool = True) -> tuple[Game, Any, dict[str, str]]:
    """The game and its config. With `players_text`, a game whose number of players is an
    option (`players`) takes it from the number of SPECs unless `--set players=` says so.
    With `warn`, the warnings of the data files `sets` name are said on standard error
    (`warn_data_files`; a sweep says them itself, with its varied files)."""
    game = get_game(name)
    values = parse_sets(sets)
    count = None
    if players_text and "players" not in values and "players" in option_names(game.Config):
        count = len([s for s in players_text.split(",") if s.strip()])
        values["players"] = str(count)
    try:
        config = game.config(values)
    except ConfigError as exc:
        # Said of what the user typed, not of the option it sets: "option 'players' must be
        # from 2 to 8, got 9" named an option nobody gave. A game's own reason stays.
        if (count is not None and str(exc).startswith("option 'players'")
                and not game.min_players <= count <= game.max_players):
            takes = (f"{game.min_players}" if game.min_players == game.max_players
                     else f"{game.min_players} to {game.max_players}")
            raise ConfigError(f"--players names {count} player{'s' * (count != 1)}; "
                              f"{game.name} takes {takes}") from None
        raise
    if warn:
        warn_data_files(game, values.items())
    return game, config, values


def warn_data_files(game: Game, options: Iterable[tuple[str, Any]]) -> None:
    """Say on standard error, one line each, what the data files named by `options` (rule
    option, value: those `--set` or a sweep's `--vary` give) hold that is legal but goes
    against the rule text (the game's `card_warnings`, as `warroom cards validate` says
    them): "warroom: warning: FILE: ...". Each file once, however many options name it
    (deck0 and deck1 of one file); nothing when there is nothing to say. Never on standard
    output, which `--json` keeps to one JSON object. Call after the values were checked (a
    config made of them): a file that does not load here is left to that check."""
    if type(game).card_warnings is Game.card_warnings:
        return  # the game has nothing to warn of
    seen: set[Path] = set()
    for option, value in options:
        if option not in game.data_options:
            continue
        try:
            path = game.data_file(option, value)
            if path is None or path.resolve() in seen:
                continue
            seen.add(path.resolve())
            warnings = game.card_warnings(game.load_cards(str(path)))
        except (WarroomError, NotImplementedError):
            continue  # refused where the value is checked, in that check's own words
        for warning in warnings:
            echo_err(displayable(f"warroom: warning: {value}: {warning}"))


def refuse_missing_db(path: Path) -> None:
    """--resume reads a results database: one that is not there (or an empty file, which
    opening would fill with empty tables) is an error, before an empty one is made."""
    if not path.is_file():
        raise ConfigError(f"{path}: no results database to resume from")
    if path.stat().st_size == 0:
        raise ConfigError(f"{path}: an empty file, no results database to resume from")


def refuse_fewer_games(store: ResultStore, runs: list[RunInfo], games: int, played: int,
                       what: str) -> None:
    """Refuse a --resume asking for `games` games where one of `runs` (a run, or a sweep's
    cells) holds more, in one line, from a store opened read-only: before any backend starts,
    any run is held or anything is written. Two ways to hold more: `played` games counted
    (the most of any of `runs`; `what` says so: "run 3 has 8 games", "sweep 2 has 8 games in a
    cell"), or a game of an index at `games` or past it (an interrupted run with several
    workers plays ahead: games 0 to 5 and 8). The second is the store's own guard, which
    `set_requested` applies as it writes: left to it, a resume had taken the run's lock and
    started its backend and progress bar first."""
    if games < played:
        raise ConfigError(f"--games {games}: {what} already, and --resume only adds games "
                          "(give more, or leave --games out)")
    # the store's own check (it reads, never writes): it names the game past `games` and the
    # least number that takes it
    store.refuse_fewer([run.id for run in runs], games)


def options_words(config_cls: type | None, options: dict[str, Any]) -> str:
    """What a command's title adds of its rule options, that the figures be made again:
    ", options key=value, ..." of the `options` (a config's JSON form) that differ from
    `config_cls`'s defaults (every one without a class), as `--set` takes them
    (`changed_options`); "" when none differ."""
    changed = changed_options(config_cls, options)
    return f", options {changed}" if changed else ""


def fresh_seed() -> int:
    """A seed nobody can guess: whoever knows it knows every deal and every AI's secret
    choice to come, and one drawn from 2**31 could be found by trying them all against what a
    seat sees."""
    return random.SystemRandom().getrandbits(63)


_JSON_OUT: list[TextIO] = []  # where each running --json command's object goes
_Command = TypeVar("_Command", bound=Callable[..., Any])


def json_output(command: _Command) -> _Command:
    """For a command with `--json` (its `as_json` parameter): standard output carries the one
    object `echo_json` writes and nothing else. Whatever else would be written there while
    the command runs, above all what a player of one's own prints as it plays (in worker
    processes too), goes to standard error instead: a program reading the object would fail
    on it."""
    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        if not kwargs.get("as_json"):
            return command(*args, **kwargs)
        # (the workers' prints come back to this process and are written to its standard
        # output as it stands: `sim.batch.WorkerPool`)
        _JSON_OUT.append(sys.stdout)
        try:
            with contextlib.redirect_stdout(sys.stderr):
                return command(*args, **kwargs)
        finally:
            _JSON_OUT.pop()
    return run  # type: ignore[return-value]


def echo_json(value: Any) -> None:
    """`value` as one line of JSON on the standard output a `json_output` command was given."""
    click.echo(json.dumps(value), file=_JSON_OUT[-1] if _JSON_OUT else None)


# A table's column of names (players, cards): a name too wide for it folds onto the next line
# (`myagent.FirstChoi` / `ce`) rather than being cut short (`myagent.FirstCho…`), which could
# leave two players of one's own looking alike.
NAME_COLUMN: dict[str, Any] = {"overflow": "fold"}
# The narrowest a NAME_COLUMN is folded to (`print_table`); with less room the table is shown
# a row at a time.
NAME_FOLD_MIN = 8


def print_table(table: Table, console: Console | None = None) -> None:
    """`table` on `console` (default: standard output) with every number and word whole at
    any width: rich narrows the widest columns first, past their longest word, and cuts what
    then does not fit ("100.…", "heur…"). Here each column keeps its longest word (its
    header's too) and wraps between words; a NAME_COLUMN then folds, down to NAME_FOLD_MIN. A
    table that still does not fit is shown a row at a time, each value beside its header (as
    psql's expanded display), which fits a narrow terminal."""
    if console is None:
        from rich.console import Console

        console = Console()
    if not _fit_columns(console, table):
        table = _row_by_row(table)
        _fit_columns(console, table)
    console.print(table)


def _fit_columns(console: Console, table: Table) -> bool:
    """Fixes the widths of `table`'s columns to fit `console` as `print_table` says, or
    returns False (the table unchanged) when it cannot. The measures are rich's own (of a
    column, its padding and the borders: no public call gives them), so that the widths
    fixed here are the ones it draws."""
    columns = table.columns
    measures = [table._measure_column(console, console.options, c) for c in columns]
    pads = [table._get_padding_width(c._index) for c in columns]
    room = console.width - table._extra_width
    widths = [m.maximum for m in measures]
    whole = [m.minimum for m in measures]
    folded = [min(m.minimum, NAME_FOLD_MIN + pad) if c.overflow == "fold" else m.minimum
              for m, pad, c in zip(measures, pads, columns)]
    for floors in (whole, folded):  # between words first; a name folds only where it must
        while sum(widths) > room:
            narrower = [i for i, w in enumerate(widths) if w > floors[i]]
            if not narrower:
                break
            widths[max(narrower, key=widths.__getitem__)] -= 1
    if sum(widths) > room:
        return False
    for column, width, pad in zip(columns, widths, pads):
        column.width = width - pad
    return True


def _row_by_row(table: Table) -> Table:
    """`table` as one row after another, each cell on a line of its own after its header,
    a blank line between rows; its title and caption kept, as wide as the console (the
    values' column takes what the headers leave), since a title only as wide as the two
    columns broke "seed" / "0"."""
    from rich.table import Table

    rows = Table(box=None, show_header=False, pad_edge=False, title=table.title,
                 caption=table.caption, expand=True)
    rows.add_column(style=table.header_style, overflow="fold")
    rows.add_column(overflow="fold", ratio=1)
    for i, cells in enumerate(zip(*(column.cells for column in table.columns))):
        if i:
            rows.add_row()
        for column, cell in zip(table.columns, cells):
            rows.add_row(column.header, cell)
    return rows


def echo_err(message: str) -> None:
    click.echo(message, err=True)


def stdout_failure(exc: OSError) -> str | None:
    """What to say when `exc` is standard output failing to be written (`> /dev/full`, a
    full disk under `> file`, a terminal gone): "standard output: no space left on device",
    naming it, so that a command that also writes a file (a save) is not taken to have
    failed to write that (whose errors name their file). None when it is not standard
    output's: the error names a file, or standard output takes a write and has room."""
    stdout = sys.stdout
    if exc.filename is not None or stdout is None:
        return None
    try:
        fd = stdout.fileno()
        # a write there fails again (/dev/full, a hung-up terminal); a full disk under a
        # file takes an empty one, but has no room left
        os.write(fd, b"")
        full = (exc.errno == errno.ENOSPC and hasattr(os, "fstatvfs")
                and stat.S_ISREG(os.fstat(fd).st_mode) and os.fstatvfs(fd).f_bavail == 0)
    except ValueError:  # closed, or no file under it (a test's capture): not known
        return None
    except OSError:
        full = True
    if not full:
        return None
    reason = exc.strerror or str(exc)
    return f"standard output: {reason[:1].lower()}{reason[1:]}"


def report_json(doc: Document, written: list[Path], db: Path | str, run: int | None = None,
                sweep: int | None = None, tune: int | None = None) -> dict[str, Any]:
    """What `report --json` and `sweep --json` print of a report they wrote: which run,
    sweep or tune it is of (the others null), the files written (the report, then a Markdown
    report's figures), the verdicts its text prints, and `data`, the numbers the report
    embeds (its `warroom-data`), as the analysis gives them."""
    return {"db": str(db), "run": run, "sweep": sweep, "tune": tune,
            "report": str(written[0]), "figures": [str(p) for p in written[1:]],
            "verdicts": doc.verdicts, "data": doc.data}


try:
    import fcntl
except ImportError:  # not a POSIX system: saves are not locked
    fcntl = None  # type: ignore[assignment]


class LockWords(NamedTuple):
    """How a refusal of `SaveLock` names the command that holds the file: "FILE is being
    played in another warroom play; close that one first", "... cannot save here (... or
    choose another --save)"."""

    held: str = "played in another warroom play"
    mine: str = "played by this process already"
    stop: str = "close"
    use: str = "save"
    option: str = "--save"


PLAY_LOCK = LockWords()  # `play --save`
# `serve --db`: one server a database
SERVE_LOCK = LockWords("served by another warroom serve", "served by this process already",
                       "stop", "serve it", "--db")


class SaveLock:
    """While `play` saves a game to FILE it holds an operating-system lock on `FILE-lock`, as
    `simulate` holds a run (sim/store.py): a second `play` saving to FILE is refused at once,
    instead of each overwriting the other's moves. The lock is the operating system's, so a
    process that dies, even killed, lets go of it (its side file stays, and is reused).

    On a clean exit the side file is removed while still locked; whoever had it open then
    holds a lock on a file no longer there, so a lock counts only once the side file is seen
    to still be the file locked (else it is tried again)."""

    def __init__(self, words: LockWords = PLAY_LOCK) -> None:
        self.fd = -1
        self.path: Path | None = None
        self.words = words  # `serve --db` holds its database so, in its own words

    def __enter__(self) -> SaveLock:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()

    def hold(self, save: str, another: str = "") -> None:
        """Lock `save` (a second call for the same file does nothing). A file another process
        holds is a RecordError; `another` is what the refusal adds ("or choose another")."""
        side = Path(f"{Path(save).resolve()}-lock")
        if fcntl is None or self.path == side:
            return
        assert self.path is None, "one save per play"
        w = self.words
        if side in _HELD:  # POSIX locks do not keep a process from itself
            raise RecordError(f"{save} is being {w.mine}")
        for _ in range(10):  # the side file removed under us each time: give up at last
            fd = self._open(save, side)
            if not _lock_file(fd):  # a user's file by that name: never emptied nor removed
                os.close(fd)
                raise RecordError(f"{save}: cannot {w.use} here ({side.name} is in the way: a "
                                  "file that is not warroom's lock; move it, or choose another "
                                  f"{w.option})")
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 0)
            except OSError:
                holder = _read_pid(fd)
                os.close(fd)
                raise RecordError(f"{save} is being {w.held}"
                                  f"{f' (process {holder})' if holder else ''}; {w.stop} that "
                                  f"one first{another}") from None
            if _same_file(fd, side):
                self.fd, self.path = fd, side
                _HELD.add(side)
                try:
                    os.ftruncate(fd, 0)
                    os.write(fd, f"{os.getpid()}\n".encode())  # who holds it, for the refusal
                except OSError as exc:  # a full disk: no save could be written either
                    self.release()
                    raise RecordError(f"{save}: cannot {w.use} here (cannot write its lock "
                                      f"file {side.name}: {exc.strerror or exc})") from None
                return
            os.close(fd)  # its holder removed it as it finished: lock the new one
        raise RecordError(f"{side}: cannot lock (it keeps being removed)")

    @staticmethod
    def _open(save: str, side: Path) -> int:
        try:
            return os.open(side, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise RecordError(f"{save}: cannot save here (cannot make its lock file "
                              f"{side.name}: {exc.strerror or exc})") from None

    def release(self) -> None:
        if self.path is None:
            return
        self.path.unlink(missing_ok=True)  # locked still: nobody else can be using it
        os.close(self.fd)  # lets go of the lock
        _HELD.discard(self.path)
        self.fd, self.path = -1, None


_HELD: set[Path] = set()  # the side files this process holds


def _lock_file(fd: int) -> bool:
    """Whether the open file is one a lock of ours made (empty, or a process id), not a user's
    file (another save) that happens to have its name."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size > 32:
        return False
    text = os.pread(fd, 32, 0)
    return not text.strip(b"0123456789\n")


def _same_file(fd: int, side: Path) -> bool:
    try:
        now = side.stat()
    except OSError:
        return False
    held = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)


def _read_pid(fd: int) -> str:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return text if text.isdigit() else ""
