"""The results database: one SQLite file holding runs and their games, written as games finish.

- `runs`: one row per simulation run (game, version, full config, players, seed, seat rotation,
  games requested, the sweep it belongs to if any, when it was created).
- `games`: one row per finished game (run, index, seed, seating, winners, scores, reason,
  length, first player, metrics as JSON). (run, index) is the primary key, so a resumed run can
  never hold a game twice.
- `sweeps`: one row per `warroom sweep` (what was varied), whose cells are runs.
- `cards`: per game and seat, what happened to each card (the game's `card_events`: drawn,
  played, ...) as JSON `{fate: {card id: count}}`, the names kept once in `card_names` (a
  word-iron game's facts take about 0.4 KB so, twice that with the names in every row);
  only for games that have cards.
- `tunes`: one row per `warroom tune` (what is searched, the target), whose trials are runs;
  the Optuna study that proposes the trials lives in the same file (Optuna's own tables).
- `data_files`: the text of every data file (deck, scenario) a run's config names, by its
  SHA-256, once however many runs name it; `runs.files` says which, by option. A run is
  resumed with these copies, never with the files on disk, which may have changed or moved.

Versions: 1 had no `cards` or `tunes` (and no `runs.tune_id`); 2 had no `data_files` (and no
`runs.files`). An older file is migrated in place when it is opened: its games simply have no
card facts, its runs no copies of their data files (resuming one reads the files on disk, as
it always did).

Seats: `winners`, `scores` and `first_player` are by seat; `seating[seat]` is the listed player
(an index into the run's `players`) who sat there.

warroom opens a file only if it is its own (its application id, or the tables it makes) or new:
any other SQLite file, or any other file, is left as it is. A run being played is held by an
operating-system lock on one byte of `FILE-lock` (released when the process ends, however it
ends), so that two processes never play the same run at once. A command that only reads opens
the file so that it cannot write (a report works in a read-only folder too). SQLite's own
errors are told apart: a file that is not a database is "not a results database", a damaged
one (truncated, overwritten) "cannot read (database disk image is malformed)"; a full disk, an
I/O error, a read-only file, folder or file system or a lock is "cannot write (...)" naming the
cause (SQLite's "unable to open database file" with the file system's reason), and a
database this command was making is removed when making it fails. A write that waits for a
lock held by another program says so after a second or two, and gives up after 30 s.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import math
import os
import signal
import sqlite3
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine import ConfigError, DataError, WarroomError, make_config
from ..engine.data import counted, displayable, one_line, shell_word, stored_json
from ..engine.embed import EmbeddedFile, digest, embed_files, name_copies, with_embedded
from ..games import REGISTRY, get_game
from .batch import BatchSpec
from .outputs import make_folders
from .summary import Tally

SCHEMA_VERSION = 3
APPLICATION_ID = 0x57415252  # "WARR": marks a results database as warroom's own
GAMES_APPLICATION_ID = 0x57415247  # "WARG": the games database of `warroom serve`
# What each of warroom's own kinds of SQLite file is called, to say which one was given.
KINDS = {APPLICATION_ID: "results database (warroom simulate --db)",
         GAMES_APPLICATION_ID: "games database (warroom serve --db)"}
# The tables of files made before the application id was set, by version.
OWN_TABLES_1 = frozenset({"sweeps", "runs", "games"})
OWN_TABLES_2 = OWN_TABLES_1 | {"cards", "card_names", "tunes"}

TABLES = """
CREATE TABLE IF NOT EXISTS sweeps (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    vary TEXT NOT NULL,          -- JSON: [[key, [value, ...]], ...] in command-line order
    base_config TEXT NOT NULL,   -- JSON: the options set outside the grid
    players TEXT NOT NULL,
    seed INTEGER NOT NULL,
    games INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    version TEXT NOT NULL,
    config TEXT NOT NULL,        -- JSON: every rule option, defaults included
    players TEXT NOT NULL,       -- JSON: the SPECs as listed
    seed INTEGER NOT NULL,
    rotate INTEGER NOT NULL,
    games_requested INTEGER NOT NULL,
    sweep_id INTEGER REFERENCES sweeps(id),
    cell TEXT,                   -- JSON: the varied options of this sweep cell (tune trial)
    created TEXT NOT NULL,
    tune_id INTEGER REFERENCES tunes(id)
);
CREATE TABLE IF NOT EXISTS games (
    run_id INTEGER NOT NULL REFERENCES runs(id),
    idx INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seating TEXT NOT NULL,       -- JSON: listed player per seat
    winners TEXT NOT NULL,       -- JSON: winning seats; [] is a draw
    scores TEXT NOT NULL,        -- JSON: score per seat
    reason TEXT NOT NULL,
    length INTEGER NOT NULL,     -- decisions taken
    first_player INTEGER,        -- seat; NULL when the game opens with a simultaneous decision
    metrics TEXT NOT NULL,       -- JSON: the game's own per-game numbers
    PRIMARY KEY (run_id, idx)
) WITHOUT ROWID;
"""

# New in version 2.
TABLES_2 = """
CREATE TABLE IF NOT EXISTS cards (
    run_id INTEGER NOT NULL REFERENCES runs(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    facts TEXT NOT NULL,         -- JSON: {fate: {card id: count}}, e.g. {"drawn": {"7": 2}}
    PRIMARY KEY (run_id, idx, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS card_names (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS tunes (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    params TEXT NOT NULL,        -- JSON: the --param texts, in command-line order
    target TEXT NOT NULL,        -- JSON: [figure, value]
    base_config TEXT NOT NULL,   -- JSON: the options set with --set
    players TEXT NOT NULL,
    seed INTEGER NOT NULL,
    batch INTEGER NOT NULL,      -- games per trial step
    budget INTEGER NOT NULL,     -- games in all
    study TEXT NOT NULL,         -- the Optuna study's name
    created TEXT NOT NULL
);
"""

# New in version 3 (the column too: new files get it the same way).
TABLES_3 = """
CREATE TABLE IF NOT EXISTS data_files (
    sha256 TEXT PRIMARY KEY,
    text TEXT NOT NULL
) WITHOUT ROWID;
ALTER TABLE runs ADD COLUMN files TEXT;  -- JSON: {option: sha256}; NULL: made before version 3
"""

SCHEMA = TABLES + TABLES_2 + TABLES_3
# From version 1: the new tables, and the column that links a run to its tune.
MIGRATE_1_TO_2 = TABLES_2 + "ALTER TABLE runs ADD COLUMN tune_id INTEGER REFERENCES tunes(id);"
MIGRATE = {0: SCHEMA, 1: MIGRATE_1_TO_2 + TABLES_3, 2: TABLES_3}


class StoreError(WarroomError):
    """A results database that cannot be opened or does not hold what was asked for."""


@dataclass(frozen=True)
class RunInfo:
    id: int
    game: str
    version: str
    config: dict[str, Any]
    players: list[str]
    seed: int
    rotate: bool
    games_requested: int
    sweep_id: int | None
    cell: dict[str, Any] | None
    created: str
    tune_id: int | None = None
    # The data files the config names, by option; None for a run made before version 3.
    files: dict[str, EmbeddedFile] | None = None

    def spec(self) -> BatchSpec:
        """What the workers play: the options with the run's own copies of its data files."""
        config, game = self.config, get_game(self.game)
        if self.files:
            try:
                config = with_embedded(game, config, self.files)
            except DataError as exc:
                raise StoreError(f"run {self.id}: {exc}") from None
        # a run is saved games too: options since refused are read as its games played them
        config = game.record_options(config)
        return BatchSpec(self.game, config, tuple(self.players), self.seed, self.rotate)

    def to_json(self) -> dict[str, Any]:
        out = {k: getattr(self, k) for k in self.__dataclass_fields__}
        out["files"] = None if self.files is None else {
            option: {"sha256": f.sha256} for option, f in self.files.items()}
        return out


@dataclass(frozen=True)
class SweepInfo:
    id: int
    game: str
    vary: list[tuple[str, list[Any]]]
    base_config: dict[str, Any]
    players: list[str]
    seed: int
    games: int
    created: str

    @property
    def cells(self) -> int:
        """The cells of its grid (every combination of the varied values), started or not."""
        return math.prod(len(values) for _, values in self.vary)

    def cells_text(self, held: int) -> str:
        """`held` of its cells, as a line says them: "6 cells", or "1 of 3 cells" while the
        others are not started (or hold no game)."""
        grid = counted(self.cells, "cell")
        return f"{held} of {grid}" if held < self.cells else grid


@dataclass(frozen=True)
class TuneInfo:
    id: int
    game: str
    params: list[str]
    target: tuple[str, float]
    base_config: dict[str, Any]
    players: list[str]
    seed: int
    batch: int
    budget: int
    study: str
    created: str


_TUNE_COLUMNS = ("id, game, params, target, base_config, players, seed, batch, budget, study,"
                 " created")


def _tune_info(path: Path, row: tuple) -> TuneInfo:
    (tune_id, game, params, target, base, players, seed, batch, budget, study, created) = row
    try:
        target = _json(target, list, "target")
        _need(len(target) == 2 and isinstance(target[0], str) and _number(target[1]),
              "target is not [figure, value]")
        return TuneInfo(tune_id, _game_name(game), _texts(params, "params"),
                        (target[0], target[1]), _json(base, dict, "base_config"),
                        _players(players), _whole(seed, "seed"), _whole(batch, "batch"),
                        _whole(budget, "budget"), _text(study, "study"),
                        _text(created, "created"))
    except _Damaged as exc:
        raise StoreError(f"{path}: tune {_shown(tune_id)}: {exc}") from None


def _statements(script: str) -> Iterator[str]:
    """The SQL statements of a script (SQLite itself tells where one ends: a ';' in a comment
    does not)."""
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            yield buffer
            buffer = ""
    if buffer.strip():
        yield buffer


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def check_own(db: sqlite3.Connection, path: str | Path, application_id: int, what: str,
              known: Callable[[set[str]], bool], mark: bool) -> None:
    """Refuse (a StoreError), before changing anything, an SQLite database that is not one of
    warroom's `what`: marked with another application id, or unmarked with tables that
    `known` does not recognise as an older file of warroom's own (those are marked, if
    `mark`). One with no tables at all holds nothing to protect (a command stopped before it
    made them, say): it is taken."""
    app = db.execute("PRAGMA application_id").fetchone()[0]
    tables = {r[0] for r in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
    if app in KINDS and app != application_id:
        raise StoreError(f"{path}: a warroom {KINDS[app]}, not a warroom {what}; warroom "
                         f"leaves it as it is{_other_use(app, path)}")
    if app not in (0, application_id) or (app == 0 and tables and not known(tables)):
        held = f"tables {', '.join(sorted(tables))}" if tables else "no tables"
        raise StoreError(f"{path}: an SQLite database of another program ({held}), not a "
                         f"warroom {what}; warroom leaves it as it is")
    if mark and app == 0:
        db.execute(f"PRAGMA application_id={application_id}")
        db.commit()


def _other_use(app: int, path: str | Path) -> str:
    """What a command does read from warroom's file of another kind, as a refusal ends."""
    if app == GAMES_APPLICATION_ID:
        return (f" (`warroom export {shell_word(str(path))} --records DIR` writes its finished "
                "games' records)")
    return ""


class ResultStore:
    """A results database. `create=False` refuses a file that does not exist yet, and only
    reads (reports)."""

    def __init__(self, path: str | Path, create: bool = True):
        self.path = Path(path)
        self._claimed: set[int] = set()
        if self.path.exists() and not self.path.is_file():
            raise StoreError(f"{self.path}: not a regular file, so not a results database")
        new = not self.path.exists() or self.path.stat().st_size == 0
        if not create and not self.path.is_file():
            raise StoreError(f"{self.path}: no such results database")
        if not create and new:
            raise StoreError(f"{self.path}: an empty file, not a results database")
        if create:  # its missing folders are made, as for every file a command writes
            make_folders(self.path, "make a results database")
        # A file this command makes is removed, with SQLite's files beside it, if making it
        # fails (left, a 4096-byte stub was "not a results database" to every command after).
        # A file that was there is never removed, nor the `-wal` of one: another program may
        # be writing it.
        making = not self.path.exists()
        self.db = _connect(self.path, create)
        try:
            self._open(new, create)
        except (sqlite3.DatabaseError, StoreError) as exc:
            self.db.close()
            if making:
                for made in _sqlite_files(self.path):
                    made.unlink(missing_ok=True)
            if isinstance(exc, StoreError):
                raise
            raise _open_failure(self.path, exc, create) from None
        self._card_ids = {name: i for i, name in self._card_names.items()}

    def _open(self, new: bool, create: bool) -> None:
        """Make a new file, or check an existing one is warroom's own, and bring its tables
        to this version."""
        if new:
            self._create()
        else:
            self._check_own(mark=create)
            if create:
                self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            if not create and version < SCHEMA_VERSION:  # an older file is migrated in place
                self.db.close()
                self.db = _connect(self.path, create=True)
            self._set_up(version)
        self._card_names: dict[int, str] = dict(
            self.db.execute("SELECT id, name FROM card_names"))

    def _begin(self) -> None:
        """Take the write lock for the statements that follow (BEGIN IMMEDIATE). Another
        program holding it is said on stderr once LOCK_NOTE seconds have passed, then waited
        for up to LOCK_WAIT seconds in all: SQLite alone waits in silence, which looks like a
        hang. The lock taken first, what follows waits for nothing (the file is in WAL mode)."""
        if self.db.in_transaction:
            return
        self._busy_timeout(LOCK_NOTE)
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if _code(exc) != _BUSY:
                raise
            _say_waiting(self.path)
            self._busy_timeout(LOCK_WAIT - LOCK_NOTE)
            self.db.execute("BEGIN IMMEDIATE")
        finally:
            self._busy_timeout(LOCK_WAIT)

    def _busy_timeout(self, seconds: float) -> None:
        self.db.execute(f"PRAGMA busy_timeout={int(seconds * 1000)}")

    def _create(self) -> None:
        """Mark a new file as warroom's own; `_set_up` then makes the tables."""
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA application_id={APPLICATION_ID}")
        self.db.commit()

    def _check_own(self, mark: bool) -> None:
        """Refuse, before changing anything, a database that warroom did not make. Databases
        made before the application id was set are recognised by their tables (and marked);
        a version 2 file may also hold Optuna's tables."""
        check_own(self.db, self.path, APPLICATION_ID, "results database",
                  lambda tables: tables == OWN_TABLES_1 or OWN_TABLES_2 <= tables, mark)

    def check(self) -> None:
        """Refuse a damaged database (a one-line StoreError naming the row and the field)
        before a command adds to it: SQLite's own check of every page (`PRAGMA quick_check`,
        about half a second per 100 MB) and every run, sweep and tune row decoded. Without it
        a sweep or a tune added its row first and met the damage after, so that a command
        that did nothing had changed the file."""
        try:
            problems = [row[0] for row in self.db.execute("PRAGMA quick_check")]
        except sqlite3.DatabaseError as exc:
            why = failure_reason(exc, self.path)
            raise StoreError(f"{self.path}: cannot read ({why})") from None
        if problems != ["ok"]:  # SQLite's list of broken pages says nothing more to a user
            raise StoreError(f"{self.path}: cannot read (database disk image is malformed)")
        self._check_tables()
        self.runs()
        for sweep_id in self.sweep_ids():
            self.sweep(sweep_id)
        self.tunes()

    def _check_tables(self) -> None:
        """Every table and column of the schema is there: a table dropped by hand passes
        SQLite's page check, and without this `simulate` added its run and took its lock
        before it met the missing `games`, changing the file it refused."""
        for table, columns in _schema_columns().items():
            found = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
            if not found:
                raise StoreError(f"{self.path}: cannot read (no such table: {table})")
            missing = sorted(columns - found)
            if missing:
                raise StoreError(f"{self.path}: cannot read (table {table} has no column "
                                 f"{missing[0]})")

    def check_games(self, run_id: int) -> None:
        """Refuse a run to resume whose stored options its game does not take or whose
        stored games do not decode, before anything is written to it (its games would
        otherwise fail only once its size was stored, and the options' error read as the
        command line's). The games rows alone: their card facts, five times as long to
        decode, are read by reports, not by a resume."""
        self.check_options(run_id)
        for _ in self.iter_games(run_id, cards=False):
            pass

    def check_read_options(self, runs: Iterable[RunInfo]) -> None:
        """Refuse to report or export `runs` when one's stored options are refused as
        `simulate --resume` refuses them (`check_options`): options no game of this version
        plays (kow's pool_red=99 written in by hand) would be reported as played. A run of
        another version, or of a game not installed here, is read as it is: its options
        were its game's then."""
        for run in runs:
            game = REGISTRY.get(run.game)
            if game is not None and run.version == game.version:
                self.check_options(run.id)

    def check_options(self, run_id: int) -> None:
        """Refuse a run whose stored options its game does not take: one line naming the run
        and the option."""
        run = self.run(run_id)
        values: dict[str, Any] = {}
        try:
            values = run.spec().config
            get_game(run.game).config(values)
        except (ConfigError, DataError, StoreError) as exc:
            # a stored deck is read from a temporary copy: the message names the copy instead
            message = name_copies(str(exc).removeprefix(f"run {run_id}: "), values,
                                  run.files or {}, "the stored copy of {option} ({name})")
            raise StoreError(f"{self.path}: run {run_id}: its stored options: {message}"
                             ) from None

    def claim(self, run_id: int) -> None:
        """Hold `run_id` until this store is closed: playing a run that another process is
        playing is a StoreError. The lock is the operating system's, so a process that dies,
        even killed, lets go of it."""
        if run_id in self._claimed:
            return
        _LOCKS.acquire(self.path, run_id)
        self._claimed.add(run_id)

    def _set_up(self, version: int) -> None:
        """Create the tables of a new file, or migrate an older one in place (under a write
        lock, so two commands opening the same old file do not both migrate it)."""
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: results database of an unknown version {version} "
                             f"(this warroom reads up to version {SCHEMA_VERSION})")
        self.db.isolation_level = None  # explicit transactions for the DDL
        try:
            self._begin()
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            script = MIGRATE.get(version, "")
            for statement in _statements(script):
                self.db.execute(statement)
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            self.db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            if version == 0:
                raise
            raise StoreError(f"{self.path}: cannot bring the results database from version "
                             f"{version} to {SCHEMA_VERSION} ({exc})") from None
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        finally:
            self.db.isolation_level = ""

    def close(self) -> None:
        for run_id in self._claimed:
            _LOCKS.release(self.path, run_id)
        self._claimed.clear()
        self.db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, exc_type: object, exc: BaseException | None, tb: object) -> None:
        self.close()
        # A file damaged after it was opened (a page overwritten, a disk error) fails at the
        # first read of that page, anywhere a command reads: one line naming the file.
        failure = _sqlite_failure(exc)
        if failure is not None:
            why = failure_reason(failure, self.path)
            raise StoreError(f"{self.path}: cannot read ({why})") from None

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """Statements that write, committed together; a full disk, a read-only file or a
        duplicate game is a one-line StoreError and nothing is kept."""
        try:
            self._begin()
            yield
            self.db.commit()
        except sqlite3.IntegrityError as exc:
            self.db.rollback()
            raise StoreError(f"{self.path}: a game is already stored ({exc}); is another "
                             "process playing this run?") from None
        except sqlite3.Error as exc:
            self.db.rollback()
            why = failure_reason(exc, self.path)
            raise StoreError(f"{self.path}: cannot write ({why})") from None

    def _write(self, sql: str, args: Any = (), many: bool = False) -> sqlite3.Cursor:
        with self._writing():
            return self.db.executemany(sql, args) if many else self.db.execute(sql, args)

    # --- runs ------------------------------------------------------------------------------
    def create_run(self, game: str, version: str, config: dict[str, Any], players: list[str],
                   seed: int, games_requested: int, rotate: bool = True,
                   sweep_id: int | None = None, cell: dict[str, Any] | None = None,
                   tune_id: int | None = None) -> RunInfo:
        files = _embed(game, config)
        with self._writing():
            self.db.executemany("INSERT OR IGNORE INTO data_files VALUES (?, ?)",
                                [(f.sha256, f.text) for f in files.values()])
            cur = self.db.execute(
                "INSERT INTO runs (game, version, config, players, seed, rotate,"
                " games_requested, sweep_id, cell, created, tune_id, files)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game, version, _dumps(config), _dumps(players), seed, int(rotate),
                 games_requested, sweep_id, None if cell is None else _dumps(cell), _now(),
                 tune_id, _dumps({option: f.sha256 for option, f in files.items()})))
        assert cur.lastrowid is not None
        return self.run(cur.lastrowid)

    def run(self, run_id: int) -> RunInfo:
        row = self.db.execute(f"SELECT {_RUN_COLUMNS} FROM runs WHERE id = ?",
                              (run_id,)).fetchone()
        if row is None:
            raise StoreError(f"{self.path}: no run {run_id}")
        return self._run_info(row)

    def _run_info(self, row: tuple) -> RunInfo:
        info = _run_info(self.path, row[:-1])
        if row[-1] is None:
            return info
        files = {}
        try:
            shas = _json(row[-1], dict, "files")
            _need(all(isinstance(sha, str) for sha in shas.values()),
                  "files is not {option: sha256}")
        except _Damaged as exc:
            raise StoreError(f"{self.path}: run {info.id}: {exc}") from None
        for option, sha in shas.items():
            found = self.db.execute("SELECT text FROM data_files WHERE sha256 = ?",
                                    (sha,)).fetchone()
            if found is None or digest(found[0]) != sha:
                raise StoreError(f"{self.path}: run {info.id}: the copy of its {option} file "
                                 f"(sha256 {sha[:12]}) is missing or altered")
            files[option] = EmbeddedFile(sha, found[0])
        return dataclasses.replace(info, files=files)

    def runs(self, game: str | None = None, sweep_id: int | None = None,
             tune_id: int | None = None) -> list[RunInfo]:
        """Runs in creation order, optionally of one game, of one sweep or of one tune."""
        sql = f"SELECT {_RUN_COLUMNS} FROM runs WHERE 1=1"
        args: list[Any] = []
        if tune_id is not None:
            sql += " AND tune_id = ?"
            args.append(tune_id)
        if game is not None:
            sql += " AND game = ?"
            args.append(game)
        if sweep_id is not None:
            sql += " AND sweep_id = ?"
            args.append(sweep_id)
        return [self._run_info(r) for r in self.db.execute(sql + " ORDER BY id", args).fetchall()]

    def set_requested(self, run_id: int, games: int) -> None:
        """Make the run `games` games. Never fewer than it holds a game with the index of (an
        interrupted run with several workers may hold a game of a later index than its count):
        its report would count a game the run did not ask for."""
        self.refuse_fewer([run_id], games)
        self._write("UPDATE runs SET games_requested = ? WHERE id = ?", (games, run_id))

    def refuse_fewer(self, run_ids: list[int], games: int) -> None:
        """Refuse to make any of `run_ids` a run of `games` games when it holds a game of an
        index at `games` or past it (reads only; the CLI asks it before a resume starts)."""
        for run_id in run_ids:
            (last,) = self.db.execute("SELECT MAX(idx) FROM games WHERE run_id = ?",
                                      (run_id,)).fetchone()
            if type(last) is int and last >= games:
                raise StoreError(f"{self.path}: run {run_id} holds game {last} already "
                                 f"(played ahead of others before it was interrupted), so it "
                                 f"cannot be made {counted(games, 'game')}; give "
                                 f"{last + 1} or more")

    # --- sweeps ----------------------------------------------------------------------------
    def create_sweep(self, game: str, vary: list[tuple[str, list[Any]]],
                     base_config: dict[str, Any], players: list[str], seed: int,
                     games: int) -> SweepInfo:
        cur = self._write(
            "INSERT INTO sweeps (game, vary, base_config, players, seed, games, created)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game, json.dumps(vary), _dumps(base_config), _dumps(players), seed, games, _now()))
        assert cur.lastrowid is not None
        return self.sweep(cur.lastrowid)

    def sweep(self, sweep_id: int) -> SweepInfo:
        row = self.db.execute("SELECT id, game, vary, base_config, players, seed, games, created"
                              " FROM sweeps WHERE id = ?", (sweep_id,)).fetchone()
        if row is None:
            raise StoreError(f"{self.path}: no sweep {sweep_id}")
        try:
            vary = _json(row[2], list, "vary")
            _need(all(isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                      and isinstance(item[1], list) for item in vary),
                  "vary is not [[option, [value, ...]], ...]")
            return SweepInfo(row[0], _game_name(row[1]), [(k, v) for k, v in vary],
                             _json(row[3], dict, "base_config"), _players(row[4]),
                             _whole(row[5], "seed"), _whole(row[6], "games"),
                             _text(row[7], "created"))
        except _Damaged as exc:
            raise StoreError(f"{self.path}: sweep {sweep_id}: {exc}") from None

    def set_sweep_games(self, sweep_id: int, games: int) -> None:
        """Make the sweep `games` games a cell; refused, before anything is written, where a
        cell holds a game past that many (as `set_requested` refuses it)."""
        self.refuse_fewer([r[0] for r in self.db.execute(
            "SELECT id FROM runs WHERE sweep_id = ? ORDER BY id", (sweep_id,))], games)
        self._write("UPDATE sweeps SET games = ? WHERE id = ?", (games, sweep_id))

    def sweep_ids(self) -> list[int]:
        return [r[0] for r in self.db.execute("SELECT id FROM sweeps ORDER BY id")]

    # --- tunes -----------------------------------------------------------------------------
    def create_tune(self, game: str, params: list[str], target: tuple[str, float],
                    base_config: dict[str, Any], players: list[str], seed: int, batch: int,
                    budget: int) -> TuneInfo:
        with self._writing():
            cur = self.db.execute(
                "INSERT INTO tunes (game, params, target, base_config, players, seed, batch,"
                " budget, study, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?)",
                (game, json.dumps(params), json.dumps(list(target)), _dumps(base_config),
                 _dumps(players), seed, batch, budget, _now()))
            assert cur.lastrowid is not None
            self.db.execute("UPDATE tunes SET study = ? WHERE id = ?",
                            (f"warroom-tune-{cur.lastrowid}", cur.lastrowid))
        return self.tune(cur.lastrowid)

    def tune(self, tune_id: int) -> TuneInfo:
        row = self.db.execute(f"SELECT {_TUNE_COLUMNS} FROM tunes WHERE id = ?",
                              (tune_id,)).fetchone()
        if row is None:
            raise StoreError(f"{self.path}: no tune {tune_id}")
        return _tune_info(self.path, row)

    def tunes(self) -> list[TuneInfo]:
        return [_tune_info(self.path, r) for r in self.db.execute(
            f"SELECT {_TUNE_COLUMNS} FROM tunes ORDER BY id")]

    def set_budget(self, tune_id: int, budget: int) -> None:
        self._write("UPDATE tunes SET budget = ? WHERE id = ?", (budget, tune_id))

    # --- games -----------------------------------------------------------------------------
    def add_games(self, run_id: int, results: Iterable[dict[str, Any]]) -> int:
        """Write finished games (and their card facts, if any) in one transaction."""
        results = list(results)
        rows = [(run_id, r["index"], r["seed"], _dumps(r["seating"]), _dumps(r["winner_seats"]),
                 _dumps(r["scores_by_seat"]), r["reason"], r["length"], r["first_player"],
                 _dumps(r["metrics"])) for r in results]
        cards = [(run_id, r["index"], seat, self._encode(facts))
                 for r in results if r.get("cards") is not None
                 for seat, facts in enumerate(r["cards"])]
        with self._writing():
            self.db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            if cards:
                self.db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?)", cards)
        return len(rows)

    def _card_id(self, name: str) -> int:
        found = self._card_ids.get(name)
        if found is None:
            self.db.execute("INSERT OR IGNORE INTO card_names (name) VALUES (?)", (name,))
            found = self.db.execute("SELECT id FROM card_names WHERE name = ?",
                                    (name,)).fetchone()[0]
            self._card_ids[name] = found
            self._card_names[found] = name
        return found

    def _encode(self, facts: dict[str, dict[str, int]]) -> str:
        return json.dumps({fate: {str(self._card_id(card)): n for card, n in cards.items()}
                           for fate, cards in facts.items()}, separators=(",", ":"))

    def _decode(self, text: str) -> dict[str, dict[str, int]]:
        """Card facts as stored ({fate: {card id: count}}) by card name."""
        facts = _json(text, dict, "card facts")
        names = self._card_names
        try:
            if any(int(i) not in names for cards in facts.values() for i in cards):
                names.update(self.db.execute("SELECT id, name FROM card_names"))  # another's
            decoded = {fate: {names[int(i)]: n for i, n in cards.items()}
                       for fate, cards in facts.items()}
        except (AttributeError, ValueError, KeyError):  # not an object, an id that is none
            raise _Damaged("card facts are not {fate: {card id: count}} of known cards") \
                from None
        _need(all(type(n) is int for cards in decoded.values() for n in cards.values()),
              "card facts count cards with something else than whole numbers")
        return decoded

    def has_cards(self, run_id: int) -> bool:
        return self.db.execute("SELECT 1 FROM cards WHERE run_id = ? LIMIT 1",
                               (run_id,)).fetchone() is not None

    def metric_names(self, run_ids: list[int]) -> list[str]:
        """Every metric name the games of these runs hold, sorted: SQLite's JSON functions
        read them without decoding each game (else the games are read)."""
        try:
            rows = self.db.execute(
                "SELECT DISTINCT m.key FROM games, json_each(games.metrics) AS m WHERE run_id "
                f"IN ({', '.join('?' * len(run_ids))})", run_ids).fetchall()
            return sorted(str(name) for (name,) in rows)
        except sqlite3.OperationalError:  # an SQLite built without its JSON functions
            return sorted({name for run_id in run_ids
                           for game in self.iter_games(run_id, cards=False)
                           for name in game["metrics"]})

    def count_games(self, run_id: int) -> int:
        return self.db.execute("SELECT COUNT(*) FROM games WHERE run_id = ?",
                               (run_id,)).fetchone()[0]

    def latest_run_with_games(self) -> RunInfo:
        """The latest run that holds a finished game: what `report` and `export` read by
        default. A run a failed `simulate` left without games (a full disk, a folder gone)
        is passed over, never taken for the one to read."""
        runs = self.runs()
        if not runs:
            raise StoreError(f"{self.path}: the database holds no runs yet")
        for run in reversed(runs):
            if self.count_games(run.id):
                return run
        raise StoreError(f"{self.path}: no run holds a finished game yet (the latest is run "
                         f"{runs[-1].id})")

    def missing_indices(self, run_id: int, games: int) -> IndexGaps:
        """The indices below `games` that the run has not played, in order. Computed from the
        gaps between stored indices, so it costs memory per gap, not per game."""
        gaps = []
        expected = 0
        cur = self.db.execute("SELECT idx FROM games WHERE run_id = ? AND idx < ? ORDER BY idx",
                              (run_id, games))
        while rows := cur.fetchmany(4096):
            for (idx,) in rows:
                if idx > expected:
                    gaps.append(range(expected, idx))
                expected = idx + 1
        if expected < games:
            gaps.append(range(expected, games))
        return IndexGaps(gaps)

    def iter_games(self, run_id: int, cards: bool = True) -> Iterator[dict[str, Any]]:
        """The run's games in index order, shaped like `batch.play_one` results (`cards` is
        None for a game without card facts; with `cards=False` it is not read at all)."""
        join = (", c.seat, c.facts FROM games AS g LEFT JOIN cards AS c"
                " ON c.run_id = g.run_id AND c.idx = g.idx" if cards
                else ", NULL, NULL FROM games AS g")
        cur = self.db.execute(
            "SELECT g.idx, g.seed, g.seating, g.winners, g.scores, g.reason, g.length,"
            f" g.first_player, g.metrics{join} WHERE g.run_id = ? ORDER BY g.idx"
            + (", c.seat" if cards else ""), (run_id,))
        players = self._players_of(run_id)
        game: dict[str, Any] | None = None
        while rows := cur.fetchmany(4096):
            for row in rows:
                idx, seat, facts = row[0], row[-2], row[-1]
                try:
                    if game is None or game["index"] != idx:
                        if game is not None:
                            yield game
                        game = _game(row[:-2], players)
                        game["cards"] = None if facts is None else [{} for _ in game["seating"]]
                    if facts is not None:
                        _seats([seat], "seat", len(game["seating"]))
                        game["cards"][seat] = self._decode(facts)
                except _Damaged as exc:
                    raise StoreError(f"{self.path}: game {_shown(idx)} of run {run_id}: "
                                     f"{exc}") from None
        if game is not None:
            yield game

    def _players_of(self, run_id: int) -> int:
        """How many players a run lists (what its games' seating may name)."""
        row = self.db.execute("SELECT players FROM runs WHERE id = ?", (run_id,)).fetchone()
        if row is None:
            raise StoreError(f"{self.path}: no run {run_id}")
        try:
            return len(_players(row[0]))
        except _Damaged as exc:
            raise StoreError(f"{self.path}: run {run_id}: {exc}") from None

    def tally(self, run: RunInfo) -> Tally:
        """Wins per listed player and per seat, draws and lengths of a run, counted by SQLite
        itself: fast, and in constant memory however long the run."""
        tally = Tally(run.players)
        games, total, draws = self.db.execute(
            "SELECT COUNT(*), COALESCE(SUM(length), 0), COALESCE(SUM(winners = '[]'), 0)"
            " FROM games WHERE run_id = ?", (run.id,)).fetchone()
        tally.games, tally.total_length, tally.draws = games, total, draws
        tally.reasons.update(dict(self.db.execute(
            "SELECT reason, COUNT(*) FROM games WHERE run_id = ? GROUP BY reason",
            (run.id,)).fetchall()))
        try:  # wins per (seat, listed player in it)
            rows = self.db.execute(
                "SELECT seat.value, json_extract(seating, '$[' || seat.value || ']'), COUNT(*)"
                " FROM games, json_each(games.winners) AS seat WHERE run_id = ?"
                " GROUP BY 1, 2", (run.id,)).fetchall()
        except sqlite3.OperationalError:  # an SQLite built without its JSON functions
            rows = [(*pair, count) for pair, count in Counter(
                (s, g["seating"][s]) for g in self.iter_games(run.id, cards=False)
                for s in g["winner_seats"]).items()]
        n = len(run.players)
        if type(total) is not int or any(type(x) is not int or not 0 <= x < n
                                         for s, p, _ in rows for x in (s, p)):
            # a damaged row (a winner no seat holds, a length that is text): SQLite counted
            # it as it could; reading the games says which and what
            for _ in self.iter_games(run.id, cards=False):
                pass
            raise StoreError(f"{self.path}: run {run.id}: a game's winners, seating or length "
                             "do not decode")
        for seat, player, wins in rows:
            tally.wins[player] += wins
            tally.seat_wins[seat] += wins
        return tally

    def writer(self, run_id: int) -> GameWriter:
        return GameWriter(self, run_id)


class IndexGaps:
    """Indices as the ranges they come in: iterable, and sized (so a batch knows how much
    is left to hand out)."""

    def __init__(self, gaps: list[range]):
        self.gaps = gaps

    def __iter__(self) -> Iterator[int]:
        return itertools.chain.from_iterable(self.gaps)

    def __len__(self) -> int:
        return sum(len(gap) for gap in self.gaps)


class GameWriter:
    """Buffers finished games and writes them in batches (every second or 1000 games), so
    writing costs little and memory stays flat. `flush()` on the way out keeps every game."""

    def __init__(self, store: ResultStore, run_id: int, every: float = 1.0, most: int = 1000):
        self.store = store
        self.run_id = run_id
        self.every = every
        self.most = most
        self.buffer: list[dict[str, Any]] = []
        self.written = 0
        self._last = time.monotonic()

    def add(self, result: dict[str, Any]) -> None:
        self.buffer.append(result)
        if len(self.buffer) >= self.most or time.monotonic() - self._last >= self.every:
            self.flush()

    def flush(self) -> None:
        # Ctrl-C waits for the write to end: between the commit and the emptied buffer, it
        # would have the `finally` that keeps every game write them twice.
        with interrupts_after():
            if self.buffer:
                self.written += self.store.add_games(self.run_id, self.buffer)
                self.buffer = []
        self._last = time.monotonic()


_RUN_COLUMNS = ("id, game, version, config, players, seed, rotate, games_requested, sweep_id,"
                " cell, created, tune_id, files")


def _embed(game: str, config: dict[str, Any]) -> dict[str, EmbeddedFile]:
    """The data files that `config` (as stored) names, read now."""
    g = get_game(game)
    try:
        return embed_files(g, make_config(g.Config, config, g.name, strict=True))
    except (ConfigError, DataError) as exc:
        raise StoreError(f"cannot store this run's data files: {exc}") from None


def _run_info(path: Path, row: tuple) -> RunInfo:
    (run_id, game, version, config, players, seed, rotate, requested, sweep_id, cell,
     created, tune_id) = row
    try:
        return RunInfo(run_id, _game_name(game), _text(version, "version"),
                       _json(config, dict, "config"), _players(players), _whole(seed, "seed"),
                       bool(_whole(rotate, "rotate")), _whole(requested, "games_requested"),
                       _optional(sweep_id, "sweep_id"),
                       None if cell is None else _json(cell, dict, "cell"),
                       _text(created, "created"), _optional(tune_id, "tune_id"))
    except _Damaged as exc:
        raise StoreError(f"{path}: run {_shown(run_id)}: {exc}") from None


# --- reading what was stored --------------------------------------------------------------
# A results database edited by hand, or damaged on disk, holds whatever it holds: each field
# is checked as it is decoded (the JSON kind, the types, seats and players in range), so that
# a report or a resume stops with one line naming the row and the field, never a traceback
# from deep in an analysis. The checks are simple type tests: a report over 20 000 games
# spends a few per cent of its time on them.

class _Damaged(ValueError):
    """A stored field that is not what the store writes; the message names the field."""


def _need(ok: bool, problem: str) -> None:
    if not ok:
        raise _Damaged(problem)


def _json(text: Any, kind: type, name: str) -> Any:
    return stored_json(text, kind, name, _Damaged)


def _whole(value: Any, name: str) -> int:
    if type(value) is not int:
        raise _Damaged(f"{name} is {_shown(value)}, not a whole number")
    return value


def _optional(value: Any, name: str) -> int | None:
    return None if value is None else _whole(value, name)


def _number(value: Any) -> bool:
    """A whole or finite number: NaN or Infinity (JSON's readers take them, its writers must
    not) went on into `export --format jsonl` lines no strict JSON reader reads."""
    return type(value) is int or (type(value) is float and math.isfinite(value))


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise _Damaged(f"{name} is {_shown(value)}, not text")
    return value


def _game_name(value: Any) -> str:
    """A row's `game`: the name of a registered game (the store writes no other; a run of
    an unknown game was reported as if its games were any game's)."""
    name = _text(value, "game")
    _need(name in REGISTRY, f"game {_shown(name)} is no game warroom has (games are: "
          f"{', '.join(REGISTRY)})")
    return name


def _texts(text: Any, name: str) -> list[str]:
    values = _json(text, list, name)
    _need(all(isinstance(v, str) for v in values), f"{name} is not a list of texts")
    return values


def _players(text: Any) -> list[str]:
    players = _texts(text, "players")
    _need(bool(players), "players is an empty list")
    return players


def _shown(value: Any) -> str:
    """A stored value in a one-line message (escaped: it may hold anything)."""
    text = displayable(repr(value))
    return text if len(text) <= 40 else text[:37] + "..."


def _reason_text(value: Any) -> str:
    """A game's end `reason`: one line of printable text, as every game's rules write it. A
    control character in one reached the report's figure (matplotlib warned of a missing
    glyph, over two lines) and the terminal (an escape sequence clears the screen)."""
    reason = _text(value, "reason")
    try:
        one_line(reason)
    except ValueError as exc:
        raise _Damaged(f"reason {_shown(reason)}: {exc}") from None
    return reason


def _seats(values: list[Any], name: str, of: int, what: str = "seat") -> None:
    """`values` are whole numbers below `of` (seats of the game, players of the run)."""
    for value in values:
        if type(value) is not int or not 0 <= value < of:
            raise _Damaged(f"{name} names {what} {_shown(value)} of {of}")


def _game(row: tuple, players: int) -> dict[str, Any]:
    """A games row (its card facts aside) as `batch.play_one` shaped it; `players` is how
    many the run lists."""
    idx, seed, seating, winners, scores, reason, length, first, metrics = row
    _whole(idx, "idx")
    # A game past the run's size is still one of its games: warroom before stop 44 made one
    # (a resume with fewer games than an interrupted run had played ahead to; set_requested
    # now refuses that), so it is read as such, not refused as damage.
    _need(idx >= 0, f"idx {idx} is no game's index")
    seating = _json(seating, list, "seating")
    _seats(seating, "seating", players, "player")
    seats = _json(winners, list, "winners")
    _seats(seats, "winners", len(seating))
    scores = _json(scores, list, "scores")
    if len(scores) != len(seating):
        raise _Damaged(f"{counted(len(scores), 'score')} for the {counted(len(seating), 'seat')} "
                       "of its seating")
    if not all(_number(v) for v in scores):
        raise _Damaged("scores is not a list of numbers")
    if type(length) is not int or length < 0:
        raise _Damaged(f"length is {_shown(length)}, not a number of decisions")
    if first is not None:
        _seats([first], "first_player", len(seating))
    return {
        "index": idx, "seed": _whole(seed, "seed"), "seating": seating,
        "winners": sorted(seating[s] for s in seats), "winner_seats": seats,
        "scores_by_seat": scores, "reason": _reason_text(reason), "length": length,
        "first_player": first, "metrics": _json(metrics, dict, "metrics"),
    }


@contextmanager
def interrupts_after() -> Iterator[None]:
    """Run the block whole: Ctrl-C (or SIGTERM) arriving meanwhile is acted on once it ends."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread receives signals
        return
    caught: list[tuple[int, Any]] = []
    signals = (signal.SIGINT, signal.SIGTERM)
    previous = {s: signal.signal(s, lambda signum, frame: caught.append((signum, frame)))
                for s in signals}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        for signum, frame in caught[:1]:
            handler = previous[signum]
            if callable(handler):
                handler(signum, frame)  # raises KeyboardInterrupt, as it would have


def _sqlite_failure(exc: BaseException | None) -> sqlite3.DatabaseError | None:
    """The SQLite error of a damaged or unusable file behind `exc`, if that is what it is: raised
    by SQLite itself, or wrapped by SQLAlchemy (its `orig`: the tune's Optuna study is kept in
    the same file). Not a ProgrammingError, which is warroom's own mistake."""
    failure = exc if isinstance(exc, sqlite3.Error) else getattr(exc, "orig", None)
    if isinstance(failure, sqlite3.DatabaseError) and \
            not isinstance(failure, sqlite3.ProgrammingError):
        return failure
    return None


def failure_reason(exc: BaseException, path: Path | None = None) -> str:
    """What went wrong; with the database's `path`, SQLite's "unable to open database file"
    (and "attempt to write a readonly database") names its cause too (a read-only file
    system, a folder or file without permission), as "database or disk is full" does."""
    said = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    if path is None:
        return said
    if _cannot_open(exc):
        cause = _open_cause(path)
    elif isinstance(exc, sqlite3.Error) and _code(exc) == _IOERR:
        # SQLite says "disk I/O error" of a full disk where it cannot make its -wal and -shm
        # files: read as failing hardware, unless the cause is named
        cause = "no space left on device" if _no_room(path) else None
    else:
        return said
    return f"{said}: {cause}" if cause else said


def _no_room(path: Path) -> bool:
    """Whether the file system of `path`'s folder has no free block left."""
    try:
        return os.statvfs(path.absolute().parent).f_bavail == 0
    except (OSError, AttributeError):  # no such folder, or no statvfs (Windows)
        return False


def _cannot_open(exc: BaseException) -> bool:
    if isinstance(exc, sqlite3.Error):
        return _code(exc) in (_CANTOPEN, _READONLY) or "unable to open database file" in str(exc)
    return False


def _open_cause(path: Path) -> str | None:
    """Why SQLite could not open `path` or the files it keeps beside it (`-wal`, `-shm`,
    `-journal`, made in its folder), as far as the file system tells: None if it does not."""
    folder = path.absolute().parent
    try:
        if os.statvfs(folder).f_flag & getattr(os, "ST_RDONLY", 1):
            return "read-only file system"
    except (OSError, AttributeError):  # no such folder, or no statvfs (Windows)
        pass
    if not folder.is_dir():
        return f"no such folder {folder}"
    effective = os.access in os.supports_effective_ids  # root without its capabilities too

    def allowed(where: Path, mode: int) -> bool:
        return os.access(where, mode, effective_ids=effective)

    if not allowed(folder, os.X_OK):
        return f"permission denied: the folder {folder} cannot be entered"
    if path.exists():
        if not allowed(path, os.R_OK):
            return "permission denied: the file cannot be read"
        if not allowed(path, os.W_OK):
            return "permission denied: the file is read-only"
    if not allowed(folder, os.W_OK):
        return f"permission denied: the folder {folder} is read-only"
    return None


# --- opening the file ---------------------------------------------------------------------
LOCK_WAIT = 30.0  # seconds SQLite waits for a lock another program holds, then gives up
LOCK_NOTE = 1.5  # seconds of waiting after which the wait is said

# SQLite's primary result codes that say the file is not a database warroom can read (not
# SQLite's format, or without the tables it needs); a damaged one (SQLITE_CORRUPT: truncated,
# pages overwritten) is said to be damaged, "cannot read (database disk image is malformed)";
# any other code (a full disk, an I/O error, a read-only file or folder, a lock) says what
# kept a sound file from being used.
_NOT_A_DATABASE = {1, 26}  # SQLITE_ERROR, SQLITE_NOTADB
_CORRUPT = 11  # a database file, damaged (truncated, pages overwritten)
_BUSY = 5
_READONLY = 8
_IOERR = 10
_CANTOPEN = 14


def _sqlite_files(path: Path) -> list[Path]:
    """A database and the files SQLite keeps beside it."""
    return [path, *(path.with_name(path.name + end) for end in ("-wal", "-shm", "-journal"))]


def _connect(path: Path, create: bool) -> sqlite3.Connection:
    """A connection to write, or, for a command that only reads, one that refuses to write
    (`query_only`). That one is opened as usual where it can be, so that SQLite removes the
    `-wal` and `-shm` files on close (a read-only connection cannot, and leaves them beside
    the file); in a read-only folder or file it is opened read-only, and where SQLite cannot
    make the `-shm` it needs beside a WAL database, as immutable: nothing can be writing the
    file then, as no writer could make its `-wal` either."""
    try:
        db = sqlite3.connect(path, timeout=LOCK_WAIT)
        if create:
            return db
        db.execute("PRAGMA query_only=1")
        if _usable(db):
            return db
        db.close()
        uri = path.resolve().as_uri()
        db = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=LOCK_WAIT)
        if _usable(db) or path.with_name(path.name + "-wal").exists():
            return db  # a failure here is said by the first read, as for any other file
        db.close()
        return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, timeout=LOCK_WAIT)
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(f"{path}: cannot open ({failure_reason(exc, path)})") from None


def _usable(db: sqlite3.Connection) -> bool:
    """Whether a first read gets past opening the file: false where it cannot be opened as
    asked (a read-only file or folder), true if it works or fails otherwise."""
    try:
        db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
    except sqlite3.DatabaseError as exc:
        return _code(exc) not in (_CANTOPEN, _READONLY)
    return True


def _code(exc: sqlite3.Error) -> int | None:
    """SQLite's primary result code of an error (its extended code's low byte)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def _open_failure(path: Path, exc: sqlite3.DatabaseError, create: bool) -> StoreError:
    """A one-line StoreError for an SQLite failure while opening: "not a results database"
    only when the file is not one, else what went wrong (a full disk is not a damaged file)."""
    if _code(exc) == _CORRUPT:  # said as a file damaged after it was opened is
        return StoreError(f"{path}: cannot read ({failure_reason(exc)})")
    if _code(exc) in _NOT_A_DATABASE:
        return StoreError(f"{path}: not a results database ({failure_reason(exc)})")
    why = failure_reason(exc, path)
    return StoreError(f"{path}: cannot {'write' if create else 'read'} ({why})")


def _say_waiting(path: Path) -> None:
    print(f"warroom: note: {path} is locked by another program; waiting for it (up to "
          f"{LOCK_WAIT:.0f} s)", file=sys.stderr, flush=True)


@functools.cache
def _schema_columns() -> dict[str, set[str]]:
    """The tables of a version-3 file and their columns, read from SCHEMA made in memory."""
    db = sqlite3.connect(":memory:")
    try:
        for statement in _statements(SCHEMA):
            db.execute(statement)
        tables = [row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")]
        return {table: {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                for table in tables}
    finally:
        db.close()


class _RunLocks:
    """Locks on runs, one byte per run id in the file `DB-lock` beside a database. POSIX
    record locks belong to a process and all of them on a file go when any descriptor of it is
    closed, so a process keeps one descriptor per lock file and counts what it holds."""

    def __init__(self) -> None:
        self.files: dict[Path, tuple[int, set[int]]] = {}

    def acquire(self, db: Path, run_id: int) -> None:
        if fcntl is None:  # no POSIX locks here: concurrent runs are refused by the database
            return
        key = db.resolve()
        fd, held = self.files.get(key, (-1, set()))
        if run_id in held:
            raise StoreError(f"{db}: run {run_id} is already being played by this process")
        if fd < 0:
            try:
                fd = os.open(f"{key}-lock", os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise StoreError(f"{db}-lock: cannot open ({failure_reason(exc)})") from None
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, run_id)
        except OSError:
            if not held:
                os.close(fd)
            raise StoreError(f"{db}: run {run_id} is being played by another warroom process; "
                             "let it finish (or stop it), then resume") from None
        held.add(run_id)
        self.files[key] = (fd, held)

    def release(self, db: Path, run_id: int) -> None:
        key = db.resolve()
        if key not in self.files:
            return
        fd, held = self.files[key]
        held.discard(run_id)
        if held:
            fcntl.lockf(fd, fcntl.LOCK_UN, 1, run_id)
        else:
            os.close(fd)  # lets go of every lock this process holds on the file
            del self.files[key]


try:
    import fcntl
except ImportError:  # not a POSIX system
    fcntl = None  # type: ignore[assignment]

_LOCKS = _RunLocks()


def default_db_path(game: str) -> Path:
    """Where results go when no --db is given: under the current directory."""
    return Path("warroom-results") / f"{game}.sqlite"
