"""The results database: one SQLite file holding runs and their games, written as games finish.

- `runs`: one row per simulation run (game, version, full config, players, seed, seat rotation,
  games requested, the sweep it belongs to if any, when it was created).
- `games`: one row per finished game (run, index, seed, seating, winners, scores, reason,
  length, first player, metrics as JSON). (run, index) is the primary key, so a resumed run can
  never hold a game twice.
- `sweeps`: one row per `warroom sweep` (what was varied), whose cells are runs.

Seats: `winners`, `scores` and `first_player` are by seat; `seating[seat]` is the listed player
(an index into the run's `players`) who sat there.

warroom opens a file only if it is its own (its application id, or the tables it makes) or new:
any other SQLite file, or any other file, is left as it is. A run being played is held by an
operating-system lock on one byte of `FILE-lock` (released when the process ends, however it
ends), so that two processes never play the same run at once.
"""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine import WarroomError
from .batch import BatchSpec
from .summary import Tally

SCHEMA_VERSION = 1
APPLICATION_ID = 0x57415252  # "WARR": marks a results database as warroom's own
TABLES = frozenset({"sweeps", "runs", "games"})

SCHEMA = """
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
    cell TEXT,                   -- JSON: the varied options of this sweep cell
    created TEXT NOT NULL
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

    def spec(self) -> BatchSpec:
        return BatchSpec(self.game, self.config, tuple(self.players), self.seed, self.rotate)

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


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


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


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
        try:
            if create:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=30)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"{self.path}: cannot open ({_reason(exc)})") from None
        try:
            if new:
                self._create()
            else:
                self._check_own(mark=create)
                if create:
                    self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise StoreError(f"{self.path}: not a results database ({_reason(exc)})") from None
        except StoreError:
            self.db.close()
            raise

    def _create(self) -> None:
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.executescript(SCHEMA)
        self.db.execute(f"PRAGMA application_id={APPLICATION_ID}")
        self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        self.db.commit()

    def _check_own(self, mark: bool) -> None:
        """Refuse, before changing anything, a database that warroom did not make. Databases
        made before the application id was set are recognised by their tables (and marked)."""
        app = self.db.execute("PRAGMA application_id").fetchone()[0]
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in self.db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
        if app not in (0, APPLICATION_ID) or (app == 0 and tables != TABLES):
            held = f"tables {', '.join(sorted(tables))}" if tables else "no tables"
            raise StoreError(f"{self.path}: an SQLite database of another program ({held}), "
                             "not a warroom results database; warroom leaves it as it is")
        if version != SCHEMA_VERSION:
            raise StoreError(f"{self.path}: results database of an unknown version {version}")
        if mark and app == 0:
            self.db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            self.db.commit()

    def claim(self, run_id: int) -> None:
        """Hold `run_id` until this store is closed: playing a run that another process is
        playing is a StoreError. The lock is the operating system's, so a process that dies,
        even killed, lets go of it."""
        if run_id in self._claimed:
            return
        _LOCKS.acquire(self.path, run_id)
        self._claimed.add(run_id)

    def close(self) -> None:
        for run_id in self._claimed:
            _LOCKS.release(self.path, run_id)
        self._claimed.clear()
        self.db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _write(self, sql: str, args: Any = (), many: bool = False) -> sqlite3.Cursor:
        """Run a statement that writes, and commit; a full disk, a read-only file or a
        duplicate game is a one-line StoreError."""
        try:
            cur = self.db.executemany(sql, args) if many else self.db.execute(sql, args)
            self.db.commit()
            return cur
        except sqlite3.IntegrityError as exc:
            self.db.rollback()
            raise StoreError(f"{self.path}: a game is already stored ({exc}); is another "
                             "process playing this run?") from None
        except sqlite3.Error as exc:
            self.db.rollback()
            raise StoreError(f"{self.path}: cannot write ({_reason(exc)})") from None

    # --- runs ------------------------------------------------------------------------------
    def create_run(self, game: str, version: str, config: dict[str, Any], players: list[str],
                   seed: int, games_requested: int, rotate: bool = True,
                   sweep_id: int | None = None, cell: dict[str, Any] | None = None) -> RunInfo:
        cur = self._write(
            "INSERT INTO runs (game, version, config, players, seed, rotate, games_requested,"
            " sweep_id, cell, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game, version, _dumps(config), _dumps(players), seed, int(rotate), games_requested,
             sweep_id, None if cell is None else _dumps(cell), _now()))
        assert cur.lastrowid is not None
        return self.run(cur.lastrowid)

    def run(self, run_id: int) -> RunInfo:
        row = self.db.execute(f"SELECT {_RUN_COLUMNS} FROM runs WHERE id = ?",
                              (run_id,)).fetchone()
        if row is None:
            raise StoreError(f"{self.path}: no run {run_id}")
        return _run_info(row)

    def runs(self, game: str | None = None, sweep_id: int | None = None) -> list[RunInfo]:
        """Runs in creation order, optionally of one game or of one sweep."""
        sql = f"SELECT {_RUN_COLUMNS} FROM runs WHERE 1=1"
        args: list[Any] = []
        if game is not None:
            sql += " AND game = ?"
            args.append(game)
        if sweep_id is not None:
            sql += " AND sweep_id = ?"
            args.append(sweep_id)
        return [_run_info(r) for r in self.db.execute(sql + " ORDER BY id", args)]

    def set_requested(self, run_id: int, games: int) -> None:
        self._write("UPDATE runs SET games_requested = ? WHERE id = ?", (games, run_id))

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
        return SweepInfo(row[0], row[1], [(k, list(v)) for k, v in json.loads(row[2])],
                         json.loads(row[3]), json.loads(row[4]), row[5], row[6], row[7])

    def sweep_ids(self) -> list[int]:
        return [r[0] for r in self.db.execute("SELECT id FROM sweeps ORDER BY id")]

    # --- games -----------------------------------------------------------------------------
    def add_games(self, run_id: int, results: Iterable[dict[str, Any]]) -> int:
        rows = [(run_id, r["index"], r["seed"], _dumps(r["seating"]), _dumps(r["winner_seats"]),
                 _dumps(r["scores_by_seat"]), r["reason"], r["length"], r["first_player"],
                 _dumps(r["metrics"])) for r in results]
        self._write("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows, many=True)
        return len(rows)

    def count_games(self, run_id: int) -> int:
        return self.db.execute("SELECT COUNT(*) FROM games WHERE run_id = ?",
                               (run_id,)).fetchone()[0]

    def missing_indices(self, run_id: int, games: int) -> Iterator[int]:
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
        return itertools.chain.from_iterable(gaps)

    def iter_games(self, run_id: int) -> Iterator[dict[str, Any]]:
        """The run's games in index order, shaped like `batch.play_one` results."""
        cur = self.db.execute(
            "SELECT idx, seed, seating, winners, scores, reason, length, first_player, metrics"
            " FROM games WHERE run_id = ? ORDER BY idx", (run_id,))
        while rows := cur.fetchmany(4096):
            for idx, seed, seating, winners, scores, reason, length, first, metrics in rows:
                seating = json.loads(seating)
                seats = json.loads(winners)
                yield {
                    "index": idx, "seed": seed, "seating": seating,
                    "winners": sorted(seating[s] for s in seats), "winner_seats": seats,
                    "scores_by_seat": json.loads(scores), "reason": reason, "length": length,
                    "first_player": first, "metrics": json.loads(metrics),
                }

    def tally(self, run: RunInfo) -> Tally:
        """Wins per listed player, draws and lengths of a run, counted by SQLite itself: fast,
        and in constant memory however long the run."""
        tally = Tally(run.players)
        games, total, draws = self.db.execute(
            "SELECT COUNT(*), COALESCE(SUM(length), 0), COALESCE(SUM(winners = '[]'), 0)"
            " FROM games WHERE run_id = ?", (run.id,)).fetchone()
        tally.games, tally.total_length, tally.draws = games, total, draws
        try:
            rows = self.db.execute(
                "SELECT json_extract(seating, '$[' || seat.value || ']'), COUNT(*)"
                " FROM games, json_each(games.winners) AS seat WHERE run_id = ?"
                " GROUP BY 1", (run.id,)).fetchall()
        except sqlite3.OperationalError:  # an SQLite built without its JSON functions
            rows = list(Counter(p for g in self.iter_games(run.id) for p in g["winners"]).items())
        for player, wins in rows:
            tally.wins[player] = wins
        return tally

    def writer(self, run_id: int) -> GameWriter:
        return GameWriter(self, run_id)


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
        if self.buffer:
            self.written += self.store.add_games(self.run_id, self.buffer)
            self.buffer = []
        self._last = time.monotonic()


_RUN_COLUMNS = ("id, game, version, config, players, seed, rotate, games_requested, sweep_id,"
                " cell, created")


def _run_info(row: tuple) -> RunInfo:
    (run_id, game, version, config, players, seed, rotate, requested, sweep_id, cell,
     created) = row
    return RunInfo(run_id, game, version, json.loads(config), json.loads(players), seed,
                   bool(rotate), requested, sweep_id, None if cell is None else json.loads(cell),
                   created)


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


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
                raise StoreError(f"{db}-lock: cannot open ({_reason(exc)})") from None
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
