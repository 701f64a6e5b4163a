"""Where games live between requests and across restarts: a small interface, and SQLite.

The server keeps live games in memory and writes through to a store: a game's row when it is
created, then every action and every resignation before it is acknowledged, and each person
seat the first time its page connects (the lobby's "open" game is one with a seat nobody has
joined yet), an invite seat's claim (the hash of the token its first page was given, and
once a page is known to hold that token, that it does), a seat handed to the AI while its
person was away, that the game is over, and then what the lobby lists of it (`summary`).
On start it rebuilds each unfinished game by replaying its
actions, then its resignations and hand-overs; a finished one with a summary is listed from
it (read without its actions: `games(listed=True)`), and read whole (`game`) and rebuilt
only when asked for.

A game is stored with the rules version it was made under, its whole config as played and a
copy of every data file its config names (`data_files`, by SHA-256, once however many games
name it), as a record carries them: a restart under another release never replays it under
rules, defaults or shipped files that have changed since. The file keeps its schema version
(`PRAGMA user_version`): version 0 had no `data_files` and no `games.version`, `config` or
`files` (its games get them when a server first rebuilds them); an older file is migrated in
place when opened, and a newer one is refused, as is one that lacks a table (`WHOLE_FROM`).
Version 2 keeps whether a game is over
(`games.finished`, set when a server sees it end, or rebuilds it ended): after an upgrade a
game no release of this server replays offers its record, which holds every secret, only if
it is known to be over. Version 3 keeps whether the organiser closed a game (`games.closed`,
set with `finished`: a closed game is over, with no outcome): a warroom of version 2 would
rebuild it as a game in play, its AI seats thinking again, so it refuses the file. Before
an older file is brought up to date, a copy of it as it was is kept beside it
(`FILE.schema-N.bak`, by SQLite's backup, the -wal file's writes included), which the
release that made it serves: its games in play under older rules are finished there.
Another store (PostgreSQL, say) only has to implement `GameStore`; see the server README.
"""

from __future__ import annotations

import contextlib
import glob
import json
import logging
import math
import os
import re
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..engine.data import displayable, stored_json
from ..engine.embed import EmbeddedFile
from ..engine.embed import digest as sha256_of
from ..sim.outputs import make_folders
from ..sim.store import GAMES_APPLICATION_ID, StoreError, check_own, failure_reason

# How long a write waits for a lock another program holds on the database (a backup, the
# sqlite3 shell) before it fails. The server writes from its event loop, so every game and
# connection waits with it: a short wait, then a WriteFailed that the caller reports (a
# person's action) or tries again later (an AI seat), keeps them all moving. This is simpler
# than writing off the loop, which would need each game's actions kept in order across
# threads, for writes that otherwise take tens of microseconds.
BUSY_TIMEOUT_MS = 100

# SQLite's primary result codes that say what kept a file from being opened: only NOTADB says
# it is not a database (a read-only folder, a full disk, an I/O error is no reason to throw
# the file away), CORRUPT that it is one, damaged.
NOT_A_DATABASE = 26  # SQLITE_NOTADB
CORRUPT = 11  # SQLITE_CORRUPT

RESTORE = "restore it from a backup (see Backups in the server README)"

log = logging.getLogger("warroom.server")


class WriteFailed(Exception):
    """A write the store did not make (the database is locked by another program, the disk is
    full): nothing was stored, and the same write may succeed later."""


class Conflict(Exception):
    """A write the store did not make because another writer made its own first (a second
    server over the same database claimed the seat, stored the game's next action, or a
    resignation or hand-over of the seat): nothing was stored, and the same write will never
    succeed."""


@dataclass
class SeatRow:
    """One seat: `kind` is `person` (a token holder) or `ai` (then `spec` names the agent).
    Only a hash of a person's token is stored."""

    kind: str
    spec: str = ""
    token_hash: str = ""
    label: str = ""


@dataclass
class GameRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatRow]
    created: float = field(default_factory=time.time)
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    # (seat, actions played before it) of each seat that resigned, in the order they did
    resignations: list[tuple[int, int]] = field(default_factory=list)
    # Why the stored game cannot be read (a field that does not decode), or "": the server
    # reports such a game as not rebuilding, as one it cannot replay, and serves the others.
    damage: str = ""
    # The person seats whose page has connected at least once (joined), in seat order
    joined: list[int] = field(default_factory=list)
    # (seat, hash of its own token) of each invite seat its invited player's page claimed:
    # the invite link no longer opens it, once a page is known to hold that token ...
    claims: list[tuple[int, str]] = field(default_factory=list)
    # ... which no page is known to for these claimed seats (`add_received`)
    unreceived: list[int] = field(default_factory=list)
    # (seat, actions played before it) of each seat handed to the AI while its person was away
    handovers: list[tuple[int, int]] = field(default_factory=list)
    # The rules version the game was made under, its whole config as its record writes it
    # (defaults included, an uploaded file by its name) and a copy of each data file that
    # config names, by option: None, None and {} for a game an older warroom stored, until
    # a server rebuilds it (`add_rules`).
    version: str | None = None
    config: dict[str, Any] | None = None
    files: dict[str, EmbeddedFile] = field(default_factory=dict)
    # Whether the game is known to be over (`add_end`): False for one in play, and for one a
    # warroom before schema version 2 stored, until a server rebuilds it ended
    finished: bool = False
    # What the lobby lists of a finished game (`add_summary`), so that a server lists it
    # without replaying it; None until a server of this release has seen it over. A row read
    # for the list only (`games(listed=True)`) has it and no actions, resignations nor
    # hand-overs: its game is read whole (`game`) when it is asked for.
    summary: dict[str, Any] | None = None
    # Whether the organiser closed the game (`add_close`; then `finished` too): over, with no
    # outcome, and never rebuilt as a game in play
    closed: bool = False
    # The idle time, in seconds, after which the server closed it as the organiser would
    # (`serve --close-idle`); None for a close by the organiser, and for no close
    closed_idle: float | None = None


@dataclass
class FileRow:
    """An uploaded data file, by the SHA-256 of its content."""

    sha: str
    game: str
    option: str
    name: str
    content: bytes


class GameStore(Protocol):
    def add_game(self, row: GameRow) -> None:
        """Store a new game, with its rules version, config and data files; WriteFailed if it
        could not be stored now."""
        ...

    def add_rules(self, row: GameRow) -> None:
        """Store the rules version, config and data files of a game an older warroom stored
        without them (`row`'s, as it was rebuilt); one that has them keeps its own.
        WriteFailed if they could not be stored now."""
        ...

    def add_end(self, game_id: str) -> None:
        """Durably note that the game is over (again is no error), and WriteFailed if it
        could not be stored now."""
        ...

    def add_summary(self, game_id: str, summary: dict[str, Any]) -> None:
        """Store what the lobby lists of a finished game (`GameRow.summary`), replacing the
        one stored; WriteFailed if it could not be stored now."""
        ...

    def add_close(self, game_id: str, idle: float | None = None) -> None:
        """Durably note that the organiser closed the game, not over until then (it is over
        now: `finished` too), or the server did after `idle` seconds with no move and no page
        at it; Conflict if it was over or closed already (by another server over the same
        store), and WriteFailed if it could not be stored now."""
        ...

    def add_action(self, game_id: str, index: int, player: int, action: dict[str, Any]) -> None:
        """Durably append action number `index`; Conflict if that index is already taken
        (by another server over the same store), and WriteFailed if the action could not be
        stored now."""
        ...

    def add_resignation(self, game_id: str, seat: int, at: int) -> None:
        """Durably note that `seat` resigned after `at` actions; Conflict if it had already
        (on another server over the same store), and WriteFailed if it could not be stored
        now."""
        ...

    def add_join(self, game_id: str, seat: int) -> None:
        """Durably note that a page of `seat` has connected (again is no error), and
        WriteFailed if it could not be stored now."""
        ...

    def add_claim(self, game_id: str, seat: int, token_hash: str) -> None:
        """Durably note that the invite seat `seat` was claimed, its token now the one hashed
        `token_hash` (and that it joined), not yet known to have reached a page; Conflict if it
        had been (by another server over the same store), and WriteFailed if it could not be
        stored now."""
        ...

    def renew_claim(self, game_id: str, seat: int, old_hash: str, token_hash: str) -> None:
        """Durably replace the token of a claimed seat that no page is known to hold, hashed
        `old_hash`, by the one hashed `token_hash`; Conflict if its claim is not that one any
        more (another server over the same store changed it), and WriteFailed if it could not
        be stored now."""
        ...

    def add_received(self, game_id: str, seat: int) -> None:
        """Durably note that a page holds the token of the claimed seat `seat` (its invite
        link is spent), and WriteFailed if it could not be stored now."""
        ...

    def add_handover(self, game_id: str, seat: int, at: int) -> None:
        """Durably note that `seat` was handed to the AI after `at` actions, its person away;
        Conflict if it had been (on another server over the same store), and WriteFailed if it
        could not be stored now."""
        ...

    def add_activity(self, times: dict[str, float]) -> None:
        """Durably note when each game of `times` (by id) was last played or had a page open,
        in seconds since the epoch, all at once; WriteFailed if they could not be stored now."""
        ...

    def activity(self) -> dict[str, float]:
        """When each game was last played or had a page open (`add_activity`), by id: none for
        a game whose time was never stored."""
        ...

    def games(self, listed: bool = False) -> list[GameRow]:
        """Every stored game; one whose stored fields do not decode is listed with its
        `damage` said, so that it does not hide the others. With `listed`, a finished game
        with a summary comes without its actions, resignations and hand-overs (the server
        lists it from its summary, and reads it whole only when asked for it)."""
        ...

    def game(self, game_id: str) -> GameRow | None:
        """One stored game, whole (as `games` reads it), or None if it is not stored."""
        ...

    def add_file(self, row: FileRow) -> None:
        """Store an uploaded file; WriteFailed if it could not be stored now."""
        ...

    def file(self, sha: str) -> FileRow | None: ...

    def close(self) -> None: ...


OWN_TABLES = frozenset({"games", "actions", "files", "resignations", "joins", "claims",
                        "handovers", "data_files"})
# Every table holds games' data (none is a cache that could be made again empty), and a file
# of version 1 or later has them all: one it lacks was lost (a partial `.recover`, a drop by
# hand). A version 0 file may lack the later ones, which its upgrade makes.
WHOLE_FROM = 1

# The version of the tables below (`PRAGMA user_version`); 0: a file made before it was kept.
SCHEMA_VERSION = 3
# The columns later versions added to `games`, in a row an older warroom stored: version 1's
# rules (NULL), version 2's end (0: not known to be over), version 3's close (0: not closed)
ADDED_COLUMNS = ("version TEXT", "config TEXT", "files TEXT",
                 "finished INTEGER NOT NULL DEFAULT 0", "summary TEXT",
                 "closed INTEGER NOT NULL DEFAULT 0")
# What a read takes of each game's row, in `_game`'s order
GAME_COLUMNS = ("id", "game", "options", "seed", "seats", "created", "version", "config",
                "files", "finished", "summary", "closed", "closed_idle")
# A column added within version 2, which a version 2 warroom of before reads and writes as it
# did (it names the columns it reads and writes): a finished game's summary, kept so that a
# start lists it without replaying it; NULL (an older release's game) is rebuilt once.
SUMMARY_COLUMN = "summary TEXT"
# One added within version 3, which a version 3 warroom of before reads as it did: whether a
# page is known to hold a claimed seat's token (0 until then, and the invite link opens the
# seat again). A claim an older release stored reads 1, as it did (its link is spent).
RECEIVED_COLUMN = "received INTEGER NOT NULL DEFAULT 1"
# And one more: when a game was last played or had a page open, in seconds since the epoch
# (`add_activity`), so that a restart does not take a game left for weeks for a fresh one;
# NULL until a server of this release stores it. Read apart from the game (`activity`):
# what reads a file as it is (`warroom export`) need not know it.
ACTIVE_COLUMN = "active REAL"
# And one more: why a closed game was closed, the idle seconds after which the server closed
# it (`serve --close-idle`); NULL for the organiser's close. A version 3 warroom of before
# reads every close as the organiser's, as it did.
CLOSED_IDLE_COLUMN = "closed_idle REAL"
# Each column added within a version: its table, and its definition
WITHIN_VERSION = (("games", SUMMARY_COLUMN), ("claims", RECEIVED_COLUMN),
                  ("games", ACTIVE_COLUMN), ("games", CLOSED_IDLE_COLUMN))

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
  seats TEXT NOT NULL, created REAL NOT NULL, version TEXT, config TEXT, files TEXT,
  finished INTEGER NOT NULL DEFAULT 0, summary TEXT, closed INTEGER NOT NULL DEFAULT 0,
  active REAL, closed_idle REAL);
CREATE TABLE IF NOT EXISTS actions (
  game_id TEXT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, player INTEGER NOT NULL,
  action TEXT NOT NULL, PRIMARY KEY (game_id, idx));
CREATE TABLE IF NOT EXISTS resignations (
  game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, idx INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat));
CREATE TABLE IF NOT EXISTS joins (
  game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat));
CREATE TABLE IF NOT EXISTS claims (
  game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, token_hash TEXT NOT NULL,
  received INTEGER NOT NULL DEFAULT 1, PRIMARY KEY (game_id, seat));
CREATE TABLE IF NOT EXISTS handovers (
  game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, idx INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat));
CREATE TABLE IF NOT EXISTS files (
  sha TEXT PRIMARY KEY, game TEXT NOT NULL, option TEXT NOT NULL, name TEXT NOT NULL,
  content BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS data_files (sha256 TEXT PRIMARY KEY, text TEXT NOT NULL);
"""


def checked_version(db: sqlite3.Connection, path: str | Path, mark: bool) -> int:
    """The schema version of the games database `db` (at `path`), once it is known to be one
    of warroom's (`check_own`; an unmarked older one is marked if `mark`), not of a later
    warroom, whose rows may mean what this code cannot tell, and not lacking a table (a
    StoreError otherwise)."""
    check_own(db, path, GAMES_APPLICATION_ID, "games database",
              lambda tables: {"games", "actions"} <= tables <= OWN_TABLES, mark=mark)
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise StoreError(f"{path}: games database of an unknown version {version} "
                         f"(this warroom reads up to version {SCHEMA_VERSION})")
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = sorted(OWN_TABLES - tables) if version >= WHOLE_FROM else []
    if missing:  # (made again empty, its games would restart or reopen, their moves gone)
        named = ", ".join(f"'{table}'" for table in missing)
        raise StoreError(f"{path}: {'table' if len(missing) == 1 else 'tables'} {named} "
                         f"{'is' if len(missing) == 1 else 'are'} missing: the file is "
                         f"damaged; {RESTORE}")
    return version


def sqlite_code(exc: sqlite3.Error) -> int:
    """SQLite's primary result code of an error (its extended code's low byte)."""
    return (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def open_failure(path: str | Path, exc: sqlite3.DatabaseError, doing: str) -> StoreError:
    """One line for an SQLite failure while opening or reading the games database at `path`
    (`doing`: "open", "read"): "not a warroom games database" only when the file is not one;
    else what kept it from being used, named (a read-only folder, a full disk:
    `failure_reason`)."""
    if sqlite_code(exc) == NOT_A_DATABASE:
        return StoreError(f"{path}: not a warroom games database ({exc})")
    if sqlite_code(exc) == CORRUPT:  # as a results database says, and what mends it
        return StoreError(f"{path}: cannot read ({exc}): the file is damaged; {RESTORE}")
    return StoreError(f"{path}: cannot {doing} ({failure_reason(exc, Path(path))})")


class SqliteStore:
    """The embedded default: one SQLite file (WAL), written from the event loop's thread (and
    an uploaded file from the uploads' worker thread: a lock keeps one write at a time).

    Each write is one short transaction (tens of microseconds), so it does not need a thread of
    its own; `synchronous=NORMAL` in WAL mode keeps every committed action across a crash of the
    process (an operating-system crash may lose the last few).

    Every write first checks that the file at `path` is still the one opened (its device and
    inode): SQLite writes on through its open descriptor to a file deleted or replaced under it,
    and everything written from then on is lost at the next start, unannounced. Such a write
    is refused (WriteFailed, as for a locked database) and logged once."""

    # the columns of `games` a read takes (a reader of an older file names stand-ins), and
    # whether a claim's token was received
    _columns = ", ".join(GAME_COLUMNS)
    _received = "received"

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._lock = threading.Lock()
        if Path(path).exists() and not Path(path).is_file():
            raise StoreError(f"{path}: not a regular file, so not a games database")
        # its missing folders are made, as a results database's are (for the app built on a
        # path as for `warroom serve`)
        make_folders(Path(path), "keep the games database")
        # (a file with something in it: one without tables is not a new database)
        filled = Path(path).exists() and Path(path).stat().st_size > 0
        # A new file is made owner-only, as the upgrade's copy is: it holds every game's
        # secrets (SQLite gives its -wal and -shm files its mode). A file there keeps its own;
        # one that cannot be made is said by the open below.
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: cannot open ({failure_reason(exc, Path(path))})") from None
        try:
            # Another program's database, or a results database of `warroom simulate`, is
            # refused before anything is written to it.
            if filled:
                self._check_filled()
            version = checked_version(self.db, path, mark=True)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self._set_up(version)
            # Set up with sqlite3's default patience (before serving); serve with a short one.
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise open_failure(path, exc, "open") from None
        except StoreError:
            self.db.close()
            raise
        self._identity = _identity(self.path)
        self._lost = False  # said in the log that the file is gone

    def _check_filled(self) -> None:
        """Refuse a file with something in it but no tables: a copy taken with `cp` while its
        server ran has them in the -wal file left behind, and serving it would start with no
        games, as if they were lost (its next writes would then make it a database of its
        own). A new database is a new path or an empty file."""
        if not self.db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise StoreError(f"{self.path}: holds no tables, though the file is not empty: not "
                             "a games database as its server leaves it (a copy taken with cp "
                             "while its server ran, say, lacks the games in its -wal file); "
                             "serve a backup taken as the server README's \"Backups\" says, "
                             "or remove the file to start a new games database")

    def _set_up(self, version: int) -> None:
        """Make the tables of a new file, or bring one of an older `version` to
        SCHEMA_VERSION in place, in one transaction (a failure leaves the file as it was)."""
        if version == SCHEMA_VERSION:  # (every table is there: `checked_version`)
            for table, column in WITHIN_VERSION:  # a file of a version 3 of before
                try:
                    self._add_missing(table, column)
                except sqlite3.OperationalError as exc:
                    raise StoreError(f"{self.path}: cannot add the column "
                                     f"{table}.{column.split()[0]} ({exc})") from None
            return

        def migrate() -> None:
            for statement in filter(str.strip, SCHEMA.split(";")):
                self.db.execute(statement)
            for column in ADDED_COLUMNS:  # an older file's games
                self._add_missing("games", column)
            for table, column in WITHIN_VERSION:
                self._add_missing(table, column)
            self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

        made = self.db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        kept: list[Path] = []  # the copy of the file as it was, once made

        def keep() -> None:  # (under the write lock: nothing changes it meanwhile)
            kept.append(self._keep_copy(version))

        try:
            self._transaction(*([keep] if made else []), migrate, begin="BEGIN IMMEDIATE")
        except BaseException as exc:
            for copy in kept:  # the file is as it was: the copy would only mislead
                copy.unlink(missing_ok=True)
            if not isinstance(exc, sqlite3.OperationalError) or not made:
                raise  # (a new file: said as any other that cannot be set up)
            # a read-only file, one locked a long time, a full disk
            raise StoreError(f"{self.path}: cannot bring the games database from version "
                             f"{version} to {SCHEMA_VERSION} ({exc})") from None
        for copy in kept:
            log.info("the games database %s was upgraded from version %d to %d; the file as "
                     "it was is kept in %s, which the release that made it serves", self.path,
                     version, SCHEMA_VERSION, copy)

    def _add_missing(self, table: str, column: str) -> None:
        """Add `column` (its definition) to `table` of a file made before it had it."""
        have = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
        if column.split()[0] not in have:
            self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column}")

    def _keep_copy(self, version: int) -> Path:
        """A copy of the file as it is, by SQLite's backup (what its -wal file holds included),
        made beside it under a name of its own: FILE.schema-N.bak, or FILE.schema-N.K.bak
        where that is taken (an earlier upgrade's copy is never overwritten). A release that
        refuses schema versions past N serves the copy: games in play under its rules are
        finished there. Called with this connection's write lock taken, so the copy is what
        the upgrade starts from: a second connection reads it (a connection cannot back up
        the database it is writing). The copy is made under FILE.schema-N.bak.part and given
        its name once whole: a server killed while it copied left a half copy under the name
        the README says to serve, which SQLite then rolled back to an empty database."""
        folder, name = Path(self.path).parent, Path(self.path).name
        for half in folder.glob(f"{glob.escape(name)}.schema-*.bak.part*"):
            half.unlink(missing_ok=True)  # a killed upgrade's (one server a file: not another's)
        part = Path(f"{self.path}.schema-{version}.bak.part")
        try:  # (made owner-only: the file holds every game's secrets)
            os.close(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
            source, target = sqlite3.connect(self.path), sqlite3.connect(part)
            try:
                source.backup(target)
            finally:
                target.close()
                source.close()
            return self._name_copy(version, part)
        except sqlite3.Error as exc:
            raise self._no_copy(version, self._copy_name(version),
                                failure_reason(exc, part)) from None
        except OSError as exc:
            raise self._no_copy(version, self._copy_name(version),
                                exc.strerror or str(exc)) from None
        finally:
            part.unlink(missing_ok=True)

    def _copy_name(self, version: int, count: int = 1) -> Path:
        """The copy's name: FILE.schema-N.bak, the first taken by nothing from `count` on."""
        while True:
            copy = Path(f"{self.path}.schema-{version}{'' if count == 1 else f'.{count}'}.bak")
            if not copy.exists():
                return copy
            count += 1

    def _name_copy(self, version: int, part: Path) -> Path:
        """Give the whole copy `part` its name, never one taken (a link fails where a file is)."""
        count = 1
        while True:
            copy = self._copy_name(version, count)
            try:
                os.link(part, copy)
            except FileExistsError:  # taken between the look and the link: the next free one
                count += 1
                continue
            except OSError:  # a file system without hard links: the name was free just now
                os.replace(part, copy)
            return copy

    def _no_copy(self, version: int, copy: Path, why: str) -> StoreError:
        return StoreError(f"{self.path}: cannot keep a copy of it as it was ({copy}: {why}) "
                          f"before bringing it from version {version} to {SCHEMA_VERSION}; "
                          "nothing changed")

    def _still_there(self) -> None:
        """WriteFailed unless `path` is still the file this store opened (one stat a write)."""
        if _identity(self.path) == self._identity:
            if self._lost:
                log.warning("the database file %s is back: games are stored again", self.path)
                self._lost = False
            return
        why = f"the database file {self.path} was removed or replaced while the server ran"
        if not self._lost:
            log.error("%s: nothing more is stored (every action, game and upload is refused) "
                      "until it is put back or the server restarts", why)
            self._lost = True
        raise WriteFailed(why)

    def add_game(self, row: GameRow) -> None:
        seats = json.dumps([vars(s) for s in row.seats])
        with self._lock, _writing():
            self._still_there()
            self._transaction(
                ("INSERT INTO games (id, game, options, seed, seats, created, version, config,"
                 " files, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 (row.id, row.game, json.dumps(row.options), row.seed, seats, row.created,
                  *_rules(row), int(row.finished))),
                *_copies(row))

    def add_rules(self, row: GameRow) -> None:
        with self._lock, _writing():
            self._still_there()
            self._transaction(
                ("UPDATE games SET version = ?, config = ?, files = ? WHERE id = ? AND "
                 "version IS NULL", (*_rules(row), row.id)),
                *_copies(row))

    def add_end(self, game_id: str) -> None:
        with self._lock, _writing():
            self._still_there()
            self.db.execute("UPDATE games SET finished = 1 WHERE id = ?", (game_id,))

    def add_close(self, game_id: str, idle: float | None = None) -> None:
        with self._lock, _writing():
            self._still_there()
            done = self.db.execute("UPDATE games SET finished = 1, closed = 1, closed_idle = ? "
                                   "WHERE id = ? AND finished = 0", (idle, game_id)).rowcount
        if not done:
            raise Conflict(f"game {game_id} was over or closed already")

    def add_summary(self, game_id: str, summary: dict[str, Any]) -> None:
        with self._lock, _writing():
            self._still_there()
            self.db.execute("UPDATE games SET summary = ? WHERE id = ?",
                            (json.dumps(summary, separators=(",", ":")), game_id))

    def _transaction(self, *statements: tuple[str, tuple[Any, ...]] | Callable[[], None],
                     begin: str = "BEGIN") -> None:
        """Run `statements` (SQL and its arguments, or a function that runs some) together:
        all are stored, or none."""
        self.db.execute(begin)
        try:
            for statement in statements:
                if callable(statement):
                    statement()
                else:
                    self.db.execute(*statement)
            self.db.execute("COMMIT")  # a COMMIT that fails (a full disk) rolls back too
        except BaseException:
            if self.db.in_transaction:  # else every later write would join it, uncommitted
                self.db.execute("ROLLBACK")
            raise

    def add_action(self, game_id: str, index: int, player: int, action: dict[str, Any]) -> None:
        with self._lock, _writing(f"action {index} was stored already"):
            self._still_there()
            self.db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?)",
                (game_id, index, player, json.dumps(action, separators=(",", ":"))),
            )

    def add_resignation(self, game_id: str, seat: int, at: int) -> None:
        with self._lock, _writing(f"seat {seat}'s resignation was stored already"):
            self._still_there()
            self.db.execute("INSERT INTO resignations VALUES (?, ?, ?)", (game_id, seat, at))

    def add_join(self, game_id: str, seat: int) -> None:
        with self._lock, _writing():
            self._still_there()
            self.db.execute("INSERT OR IGNORE INTO joins VALUES (?, ?)", (game_id, seat))

    def add_claim(self, game_id: str, seat: int, token_hash: str) -> None:
        with self._lock, _writing():  # one transaction: a claimed seat is a joined one
            self._still_there()
            try:
                self._transaction(
                    ("INSERT INTO claims (game_id, seat, token_hash, received) VALUES "
                     "(?, ?, ?, 0)", (game_id, seat, token_hash)),
                    ("INSERT OR IGNORE INTO joins VALUES (?, ?)", (game_id, seat)))
            except sqlite3.IntegrityError as exc:  # the seat's claim row is there
                raise Conflict(f"seat {seat} of game {game_id} was claimed already") from exc

    def renew_claim(self, game_id: str, seat: int, old_hash: str, token_hash: str) -> None:
        with self._lock, _writing():
            self._still_there()
            done = self.db.execute(
                "UPDATE claims SET token_hash = ? WHERE game_id = ? AND seat = ? AND "
                "token_hash = ? AND received = 0", (token_hash, game_id, seat, old_hash)
            ).rowcount
        if not done:
            raise Conflict(f"seat {seat} of game {game_id} was claimed anew already")

    def add_received(self, game_id: str, seat: int) -> None:
        with self._lock, _writing():
            self._still_there()
            self.db.execute("UPDATE claims SET received = 1 WHERE game_id = ? AND seat = ?",
                            (game_id, seat))

    def add_handover(self, game_id: str, seat: int, at: int) -> None:
        with self._lock, _writing(f"seat {seat}'s hand-over to the AI was stored already"):
            self._still_there()
            self.db.execute("INSERT INTO handovers VALUES (?, ?, ?)", (game_id, seat, at))

    def add_activity(self, times: dict[str, float]) -> None:
        with self._lock, _writing():
            self._still_there()
            self._transaction(*(("UPDATE games SET active = ? WHERE id = ?", (at, game_id))
                                for game_id, at in times.items()))

    def activity(self) -> dict[str, float]:
        with self._lock, reading(self.path):
            rows = self.db.execute("SELECT id, active FROM games WHERE active IS NOT NULL "
                                   "AND finished = 0").fetchall()
        # (a time damaged by hand is none: the game counts from this start, as if not stored)
        return {game_id: float(at) for game_id, at in rows
                if isinstance(at, int | float) and math.isfinite(at)}

    def games(self, listed: bool = False) -> list[GameRow]:
        # the games read whole: with `listed`, not the finished ones with a summary
        return self._read("", (), (" WHERE game_id NOT IN (SELECT id FROM games WHERE "
                                   "finished IS 1 AND summary IS NOT NULL)") if listed else "",
                          ())

    def game(self, game_id: str) -> GameRow | None:
        found = self._read("WHERE id = ?", (game_id,), " WHERE game_id = ?", (game_id,))
        return found[0] if found else None

    def _read(self, which: str, which_args: tuple[Any, ...], whole: str,
              whole_args: tuple[Any, ...]) -> list[GameRow]:
        """The games `which` (a WHERE clause on games; "": all), with the actions,
        resignations, joins, claims and hand-overs `whole` (a WHERE clause on game_id; "":
        all)."""
        of = (whole, whole_args)
        with self._lock, reading(self.path):
            rows = self.db.execute(
                f"SELECT {self._columns} FROM games {which} ORDER BY created",
                which_args).fetchall()
            copies = dict(self.db.execute("SELECT sha256, text FROM data_files").fetchall())
            acts = self.db.execute(
                f"SELECT game_id, idx, player, action FROM actions{of[0]} ORDER BY game_id, "
                "idx", of[1]).fetchall()
            gave_up = self.db.execute(
                f"SELECT game_id, seat, idx FROM resignations{of[0]} ORDER BY game_id, idx, "
                "rowid", of[1]).fetchall()
            came = self.db.execute(
                f"SELECT game_id, seat FROM joins{of[0]} ORDER BY game_id, seat",
                of[1]).fetchall()
            took = self.db.execute(
                f"SELECT game_id, seat, token_hash, {self._received} FROM claims{of[0]} "
                "ORDER BY game_id, seat", of[1]).fetchall()
            handed = self.db.execute(
                f"SELECT game_id, seat, idx FROM handovers{of[0]} ORDER BY game_id, idx, rowid",
                of[1]).fetchall()
        # One damaged row (edited by hand, a disk error) makes its game unreadable, not the
        # database: the first problem of each game is kept for its row.
        damage: dict[str, str] = {}
        by_game: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for game_id, idx, player, action in acts:
            try:
                done = by_game.setdefault(game_id, [])
                if not _whole(idx) or idx != len(done):  # a gap: the next action's row exists
                    raise _Damaged(f"table actions, idx {_shown(idx)}: not {len(done)}, the "
                                   "next (a game's actions are numbered from 0, with no gap)")
                done.append(_action(idx, player, action))
            except _Damaged as exc:
                damage.setdefault(game_id, str(exc))
        resigned = _seat_steps(gave_up, "resignations", damage)
        joined: dict[str, list[int]] = {}
        for game_id, seat in came:
            if _whole(seat):
                joined.setdefault(game_id, []).append(seat)
            else:
                damage.setdefault(game_id, f"table joins: seat {_shown(seat)} is not a seat "
                                           "number")
        claims: dict[str, list[tuple[int, str]]] = {}
        unreceived: dict[str, list[int]] = {}
        for game_id, seat, digest, received in took:
            # a token hash as `token_hash` makes it: any other text would open the seat to no
            # link (and one beyond ASCII breaks secrets.compare_digest at every hello)
            if not (_whole(seat) and isinstance(digest, str) and TOKEN_HASH.fullmatch(digest)):
                damage.setdefault(game_id, f"table claims: seat {_shown(seat)} is not a seat "
                                           "number with a token hash (64 hex digits)")
            elif not (_whole(received) and received in (0, 1)):
                damage.setdefault(game_id, f"table claims: seat {seat}'s received is "
                                           f"{_shown(received)}, not 0 or 1")
            else:
                claims.setdefault(game_id, []).append((seat, digest))
                if not received:
                    unreceived.setdefault(game_id, []).append(seat)
        handovers = _seat_steps(handed, "handovers", damage)
        if not which:  # (one game read: every other game's rows are not strays)
            _skip_strays({row[0] for row in rows}, (("actions", acts), ("resignations", gave_up),
                          ("joins", came), ("claims", took), ("handovers", handed)))
        games = [_game(row, by_game.get(row[0], []), resigned.get(row[0], []),
                       joined.get(row[0], []), damage.get(row[0], ""), copies) for row in rows]
        for game in games:
            if not game.damage:
                game.claims = claims.get(game.id, [])
                game.unreceived = unreceived.get(game.id, [])
                game.handovers = handovers.get(game.id, [])
        return games

    def add_file(self, row: FileRow) -> None:
        with self._lock, _writing():
            self._still_there()
            self.db.execute(
                "INSERT OR IGNORE INTO files VALUES (?, ?, ?, ?, ?)",
                (row.sha, row.game, row.option, row.name, row.content),
            )

    def file(self, sha: str) -> FileRow | None:
        with self._lock:
            found = self.db.execute(
                "SELECT sha, game, option, name, content FROM files WHERE sha = ?", (sha,)
            ).fetchone()
        return FileRow(*found) if found else None

    def close(self) -> None:
        with self._lock:
            self.db.close()


def _identity(path: str) -> tuple[int, int] | None:
    """The file at `path` (its device and inode), or None if there is none."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


# --- reading stored rows ------------------------------------------------------------------
SEAT_KINDS = ("person", "ai")
TOKEN_HASH = re.compile("[0-9a-f]{64}")  # a SHA-256, as hexdigest() writes it


class _Damaged(ValueError):
    """A stored field that does not decode; the message names the table and the field."""


def _game(row: tuple[Any, ...], actions: list[tuple[int, dict[str, Any]]],
          resignations: list[tuple[int, int]], joined: list[int], damage: str,
          copies: dict[str, str]) -> GameRow:
    """A games row, decoded; a field that does not decode leaves the others as stored (or
    empty) and says so in `damage`. `copies`: the data files stored, by SHA-256."""
    gid, game, options, seed, seats, created, version, config, files, finished, listed, \
        closed, idle = row
    try:
        decoded = _decoded(options, "options", dict)
        seat_rows = [_seat(i, s) for i, s in enumerate(_decoded(seats, "seats", list))]
        if not _whole(seed):
            raise _Damaged(f"table games: seed is {_shown(seed)}, not a whole number")
        if not isinstance(created, int | float):
            raise _Damaged(f"table games: created is {_shown(created)}, not a time")
        if not (version is None or isinstance(version, str) and version):
            raise _Damaged(f"table games: version is {_shown(version)}, not a rules version")
        played = None if config is None else _decoded(config, "config", dict)
        kept = {} if files is None else _files(_decoded(files, "files", dict), copies)
        if (version is None) != (played is None) or (version is None and kept):
            raise _Damaged("table games: version and config are stored together or not at "
                           "all (an older warroom's game)")
        if not (_whole(finished) and finished in (0, 1)):
            raise _Damaged(f"table games: finished is {_shown(finished)}, not 0 or 1")
        if not (_whole(closed) and closed in (0, 1)) or closed > finished:
            raise _Damaged(f"table games: closed is {_shown(closed)}, not 0 or 1 (and 1 only "
                           "in a game finished)")
        if idle is not None and not (isinstance(idle, int | float) and idle > 0 and closed):
            raise _Damaged(f"table games: closed_idle is {_shown(idle)}, not NULL or seconds "
                           "(and seconds only in a game closed)")
    except _Damaged as exc:
        return GameRow(str(gid), str(game), {}, 0, [], 0.0, damage=str(exc))
    return GameRow(gid, game, decoded, seed, seat_rows, created, actions, resignations, damage,
                   joined, version=version, config=played, files=kept,
                   finished=finished == 1, summary=_summary(listed), closed=closed == 1,
                   closed_idle=None if idle is None else float(idle))


def _summary(text: Any) -> dict[str, Any] | None:
    """A stored summary, or None (none stored, or one that does not decode: it is made
    again from the game, rebuilt)."""
    try:
        found = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return found if isinstance(found, dict) else None


def _rules(row: GameRow) -> tuple[str | None, str | None, str]:
    """The version, config and files columns of `row` (its files by SHA-256)."""
    return (row.version, None if row.config is None else json.dumps(row.config),
            json.dumps({option: f.sha256 for option, f in row.files.items()}))


def _copies(row: GameRow) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements that store `row`'s data files (each once, whatever names it)."""
    return [("INSERT OR IGNORE INTO data_files (sha256, text) VALUES (?, ?)",
             (f.sha256, f.text)) for f in row.files.values()]


def _files(shas: dict[str, Any], copies: dict[str, str]) -> dict[str, EmbeddedFile]:
    """A game's data files, by option, from the copies stored by SHA-256."""
    out = {}
    for option, sha in shas.items():
        text = copies.get(sha) if isinstance(sha, str) else None
        if not isinstance(text, str) or sha256_of(text) != sha:
            named = sha[:12] if isinstance(sha, str) and TOKEN_HASH.fullmatch(sha) \
                else _shown(sha)
            raise _Damaged(f"table games: the copy of its {_shown(option)} file (sha256 "
                           f"{named}) is missing from data_files or altered")
        out[option] = EmbeddedFile(sha, text)
    return out


def _action(idx: Any, player: Any, text: Any) -> tuple[int, dict[str, Any]]:
    where = f"table actions, idx {_shown(idx)}"
    if not _whole(player):
        raise _Damaged(f"{where}: player is {_shown(player)}, not a seat number")
    try:
        action = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise _Damaged(f"{where}: action is not valid JSON") from None
    if not isinstance(action, dict):
        raise _Damaged(f"{where}: action is not a JSON object")
    return player, action


def _decoded(text: Any, name: str, kind: type) -> Any:
    return stored_json(text, kind, f"table games: {name}", _Damaged)


def _seat(index: int, value: Any) -> SeatRow:
    fields = {f: "" for f in ("kind", "spec", "token_hash", "label")}
    if (not isinstance(value, dict) or not value.keys() <= fields.keys()
            or not all(isinstance(v, str) for v in value.values())
            or value.get("kind") not in SEAT_KINDS
            or not (value.get("token_hash", "") == ""
                    or TOKEN_HASH.fullmatch(value["token_hash"]))):
        raise _Damaged(f"table games: seats[{index}] is not a seat (kind person or ai, with "
                       "text spec, token_hash of 64 hex digits or none, label)")
    return SeatRow(**value)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_steps(rows: Iterable[tuple[Any, Any, Any]], table: str,
                damage: dict[str, str]) -> dict[str, list[tuple[int, int]]]:
    """Rows of (game, seat, after how many actions) by game (resignations, hand-overs); a row
    that is not two whole numbers is its game's damage."""
    out: dict[str, list[tuple[int, int]]] = {}
    for game_id, seat, idx in rows:
        if _whole(seat) and _whole(idx):
            out.setdefault(game_id, []).append((seat, idx))
        else:
            damage.setdefault(game_id, f"table {table}: seat {_shown(seat)} after "
                                       f"{_shown(idx)} actions is not two whole numbers")
    return out


def _skip_strays(stored: set[Any], tables: Iterable[tuple[str, list[tuple[Any, ...]]]]
                 ) -> None:
    """Say in one line each where a table's rows name a game that is not stored (its games
    row deleted by hand): they belong to no game, and are skipped."""
    for table, rows in tables:
        for game_id, count in Counter(r[0] for r in rows if r[0] not in stored).items():
            log.warning("table %s: %d row%s of game %s, which is not stored: skipped", table,
                        count, "" if count == 1 else "s", _shown(game_id))


def _shown(value: Any) -> str:
    """A stored value for a one-line message (a log line, an API answer)."""
    text = displayable(repr(value))
    return text if len(text) <= 40 else text[:37] + "..."


@contextlib.contextmanager
def reading(path: str) -> Iterator[None]:
    """A read the file at `path` fails (a damaged page, a disk error) as a StoreError in one
    line, as its open would have said it: at start the server stops with it, and a game read
    later is refused with it, its server serving the others."""
    try:
        yield
    except sqlite3.DatabaseError as exc:
        raise open_failure(path, exc, "read") from None


@contextlib.contextmanager
def _writing(taken: str = "") -> Iterator[None]:
    """A locked database, a full disk, a read-only file or a damaged page the write met (a
    DatabaseError, which the others are kinds of) as WriteFailed, in one line. With `taken`
    (what the row's primary key being there already means), an IntegrityError, another
    writer over the same database having made the same write first, is a Conflict saying so:
    no passing failure. (Each of these writes is one statement, so nothing is left open.)"""
    try:
        yield
    except sqlite3.IntegrityError as exc:
        if not taken:
            raise
        raise Conflict(taken) from exc
    except sqlite3.DatabaseError as exc:
        raise WriteFailed(str(exc).splitlines()[0]) from exc
