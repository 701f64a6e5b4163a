"""The records of a games database (`warroom serve --db`), read as the server offers them, for
`warroom export GAMES_DB --records DIR`.

A game's record is the one `GET /api/games/{id}/record` answers, byte for byte: the games are
rebuilt by the server's own code (`Server`, as a start and the route rebuild them: a game in
play when it starts, a finished one from its row when asked for, one of another rules version
as it was stored), and each record is `record_text`, what the route sends. A game the route
answers 409 for (not over; of another rules version and not known to be over) has no record
here either, and one that does not rebuild has none, with the reason.

The file is opened to read only (`ReadOnlyStore`), so that it can be read while its server runs:
SQLite's WAL lets a reader see the last committed state while the server writes, and each read
of the store is one snapshot (a game's actions as of the moment its row was read). Nothing is
written to it: where the server would store what it learnt in rebuilding a game (that it is
over, the rules it was stamped with), the write is refused and the game is rebuilt the same.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import sqlite3
import threading
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ..sim.store import StoreError, failure_reason
from .app import Server
from .live import LiveGame, OutdatedGame, record_text
from .store import (
    GAME_COLUMNS,
    GameRow,
    SqliteStore,
    WriteFailed,
    checked_version,
    open_failure,
    reading,
    sqlite_code,
)

T = TypeVar("T")

# Seconds a read waits for a lock another program holds on the whole file (a server
# recovering the WAL at its start): a reader of a WAL database otherwise never waits.
READ_WAIT = 30.0
CANNOT_OPEN = (8, 14)  # SQLite's SQLITE_READONLY, SQLITE_CANTOPEN
# The oldest schema version read as it is: version 3 only added `games.closed`
OLDEST_READ = 2


class ReadOnlyStore(SqliteStore):
    """A games database opened to read only (`_reader`), for the store's readers (`games`,
    `game`, `file`), each read one snapshot of the file. Every write is refused
    (WriteFailed), before the connection, which only reads, would refuse it too. A file of
    schema version 2 is read as it is: it has every table of version 3, and its games lack
    only `closed` (none was closed: no release of version 2 could close one) and perhaps
    `summary` (none is kept: the game is rebuilt), and its claims perhaps `received` (each
    was: its invite link is spent). One older than that is refused in one line
    (it is brought to this version by a start of `warroom serve` of this release, which this
    reader must not do)."""

    def __init__(self, path: str | Path):  # not SqliteStore's: that makes, marks, migrates
        where = Path(path)
        if not where.exists():
            raise StoreError(f"{path}: no such games database")
        if not where.is_file():
            raise StoreError(f"{path}: not a regular file, so not a games database")
        self.path = str(path)
        self._lock = threading.Lock()  # the readers' own (SqliteStore's)
        self._snapshot = threading.Lock()
        try:
            self.db = _reader(where)
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: cannot open ({failure_reason(exc, where)})") from None
        try:
            version = checked_version(self.db, path, mark=False)
            tables = {r[0] for r in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {"games", "actions"} <= tables:
                raise StoreError(f"{path}: holds no games (no tables), so not a games database")
            if version < OLDEST_READ:
                raise StoreError(f"{path}: games database of version {version}, older than "
                                 f"version {OLDEST_READ}, which this warroom reads as it is: "
                                 "start `warroom serve --db` over it once with this release, "
                                 "which brings it up to date, then read it")
            have = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
            self._columns = _stand_ins(have)
            self._summaries = "summary" in have
            claims = {row[1] for row in self.db.execute("PRAGMA table_info(claims)")}
            if "received" not in claims:  # a file of before it: its claims were received
                self._received = "1"
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise open_failure(path, exc, "read") from None
        except StoreError:
            self.db.close()
            raise

    def _still_there(self) -> None:
        """Every write asks this first: none is made here."""
        raise WriteFailed(f"{self.path} is opened read-only")

    @contextlib.contextmanager
    def _one_snapshot(self) -> Iterator[None]:
        """The statements of one read see one state of the file (a read transaction), not
        a game's row of before a write and its actions of after."""
        # (a damaged page fails the COMMIT too: said as the read's failure, in one line)
        with self._snapshot, reading(self.path):
            self.db.execute("BEGIN")
            try:
                yield
            finally:
                self.db.execute("COMMIT")

    def games(self, listed: bool = False) -> list[GameRow]:
        with self._one_snapshot():  # (with no summary kept, every game is read whole)
            return super().games(listed and self._summaries)

    def game(self, game_id: str) -> GameRow | None:
        with self._one_snapshot():
            return super().game(game_id)


def _stand_ins(have: set[str]) -> str:
    """The columns of `games` to read from a file of version OLDEST_READ or later that has
    the columns `have`, with a stand-in for each one it lacks: NULL for `summary`, 0 for
    `closed` (not closed), NULL for `closed_idle` (not closed by the server)."""
    absent = {"summary": "NULL AS summary", "closed": "0 AS closed",
              "closed_idle": "NULL AS closed_idle"}
    return ", ".join(c if c in have else absent.get(c, c) for c in GAME_COLUMNS)


def _reader(path: Path) -> sqlite3.Connection:
    """A connection that only reads, opened as a command that only reads opens a results
    database (`sim.store._connect`; this one may be used by the thread that rebuilds a game):
    one that refuses to write (`query_only`), opened as usual where it can be, so that SQLite
    removes the `-wal` and `-shm` files on close when it is the last connection (a read-only
    one cannot, and leaves them beside the file); in a read-only folder or file, read-only
    (`mode=ro`), and where SQLite cannot make the `-shm` a WAL database needs, immutable: no
    server can be writing the file then, as it could not make its `-wal` either."""
    options: dict[str, Any] = {"check_same_thread": False, "isolation_level": None,
                               "timeout": READ_WAIT}
    db = sqlite3.connect(path, **options)
    db.execute("PRAGMA query_only = 1")
    if _usable(db):
        return db
    db.close()
    uri = path.resolve().as_uri()
    db = sqlite3.connect(f"{uri}?mode=ro", uri=True, **options)
    if _usable(db) or path.with_name(path.name + "-wal").exists():
        return db  # a failure here is said by the first read
    db.close()
    return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, **options)


def _usable(db: sqlite3.Connection) -> bool:
    """Whether a first read gets past opening the file (false: a read-only file or folder)."""
    try:
        db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
    except sqlite3.DatabaseError as exc:
        return sqlite_code(exc) not in CANNOT_OPEN
    return True


@dataclass(frozen=True)
class Served:
    """One game of the database, as the record route sees it: its record (`text`), or None
    for a game not finished or one that does not rebuild (`broken` says why); whether it is
    a table the organiser closed (its record so far, marked unfinished), and whether it is
    a game of another rules version (`outdated`: its record replays with the release that
    made it)."""

    id: str
    text: str | None
    broken: str = ""
    closed: bool = False
    outdated: bool = False


class ServedGames:
    """The games of the games database at `path`, each read as the server reads it (a
    `Server` over a `ReadOnlyStore`): `ids` in the order they were made (those that do not
    rebuild last), `get` one. The server's log is held back meanwhile: what it would say of
    a write refused is no news here, and a game that does not rebuild is told by `get`."""

    def __init__(self, path: str | Path):
        self._quiet = _Quiet()
        logging.getLogger("warroom.server").addFilter(self._quiet)
        try:
            store = ReadOnlyStore(path)
            try:
                self.server = Server(store, ai_processes=0)
            except BaseException:
                store.close()
                raise
        except BaseException:
            logging.getLogger("warroom.server").removeFilter(self._quiet)
            raise

    def ids(self) -> list[str]:
        server = self.server
        made: dict[str, float] = {}
        for live in server.games.values():
            made[live.id] = live.row.created
        for listed in server.listed.values():
            made[listed.id] = listed.created
        for outdated in server.outdated.values():
            made[outdated.id] = outdated.row.created
        broken = sorted(set(server.broken) - made.keys())
        return sorted(made, key=lambda gid: (made[gid], gid)) + broken

    def get(self, game_id: str) -> Served:
        live = _run(self._stored(game_id))
        if live is None:
            why = self.server.broken.get(game_id, "its row is no longer in the database")
            return Served(game_id, None, why)
        return Served(game_id, record_text(live), closed=bool(live.row.closed),
                      outdated=isinstance(live, OutdatedGame))

    async def _stored(self, game_id: str) -> LiveGame | OutdatedGame | None:
        # as the route finds it (`create_app`'s `stored`)
        return self.server.outdated.get(game_id) or await self.server.held(game_id)

    def close(self) -> None:
        try:
            self.server.close()
        finally:
            logging.getLogger("warroom.server").removeFilter(self._quiet)

    def __enter__(self) -> ServedGames:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _run(coroutine: Coroutine[Any, Any, T]) -> T:
    """The coroutine's result, run on an event loop of its own in a thread of its own: the
    caller may be inside a running loop (a notebook's, or Playwright's in the tests), where
    `asyncio.run` refuses to start another."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class _Quiet(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return False
