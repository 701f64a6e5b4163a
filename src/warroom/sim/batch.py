"""Plays many games, in parallel worker processes or on a Ray cluster, reproducibly.

Game i is fully determined by (game, config, players, seed, i): its own seed is derived from
the batch seed and i, and so are its agents' seeds, so the result is the same whatever the
backend, the number of workers, or the order in which they finish.

Work is handed out in chunks of games whose size adapts to how long a game takes (about half a
second of work per chunk), and only a few chunks are in flight at once, so memory stays flat
however many games a run has, and an interrupted run loses at most the chunks in flight.
"""

from __future__ import annotations

import codecs
import importlib.util
import io
import itertools
import logging
import multiprocessing
import os
import queue
import select
import signal
import socket
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .. import install_hint
from ..agents import (
    is_own_player,
    make_agents,
    parse_spec,
    player_factory,
    player_failed,
    refuse_humans,
)
from ..engine import ConfigError, Game, WarroomError, derive_seed, play_game
from ..engine.runner import agent_failure
from ..games import get_game
from ..processes import alive, descendants, kill_descendants, kill_started
from . import pool_start

BACKENDS = ("process", "ray")


class SimulationError(WarroomError):
    """A game of a batch failed (a bug in a game or an agent): says which game and seed."""


@dataclass(frozen=True)
class BatchSpec:
    game: str
    config: dict[str, Any]
    players: tuple[str, ...]  # SPECs, listed as the user gave them
    seed: int
    rotate: bool = True  # rotate seats so each listed player sits in each seat in turn

    def seating(self, index: int) -> list[int]:
        """Which listed player sits in each seat in game `index`."""
        n = len(self.players)
        shift = index % n if self.rotate else 0
        return [(seat + shift) % n for seat in range(n)]


def first_player(game: Game, config: Any, seed: int, metrics: dict[str, Any],
                 to_move: tuple[int, ...] | None = None) -> int | None:
    """The seat that moves first: a game may say so with a `first_player` metric (when its
    rules decide it later, e.g. by a die roll); otherwise the sole player to move in the initial
    state (`to_move` if known, else asked of a new state). A game that opens with a
    simultaneous decision has no first player (None)."""
    if "first_player" in metrics:
        value = metrics["first_player"]
        return None if value is None else int(value)
    if to_move is None:
        to_move = game.new_state(config, seed).to_move()
    return to_move[0] if len(to_move) == 1 else None


def play_one(spec: BatchSpec, index: int, name: str = "") -> dict[str, Any]:
    """One game of the batch, as a JSON-able summary. `winners` are listed players (indices
    into `spec.players`); `winner_seats`, `scores_by_seat` and `first_player` are seats, and
    `seating[seat]` is the listed player in that seat. `cards`: per seat, what happened to
    each card (the game's `card_events`), or None for a game without cards. A game that
    fails is a one-line SimulationError naming it (`failing_game`) by `name`, else by its
    batch seed."""
    with _one_line(spec, index, name):
        return _play_one(spec, index)


def _one_line(spec: BatchSpec, index: int, name: str = "") -> Any:
    return failing_game(name or f"{spec.game} game {index} (batch seed {spec.seed})",
                        [spec.players[i] for i in spec.seating(index)])


@contextmanager
def failing_game(what: str, seats: Sequence[str]) -> Iterator[None]:
    """A game (`what`: "kow game 4 (batch seed 0)", `seats` the SPEC in each seat) that fails
    is a one-line SimulationError naming it (`_game_failed`). A warroom error of the game's
    own (one line already: a ConfigError naming a SPEC) goes on as it is; a player's (an
    illegal action) is said with the player and the game."""
    try:
        yield
    except Exception as exc:
        if isinstance(exc, WarroomError) and agent_failure(exc) is None:
            raise
        raise _game_failed(what, seats, exc) from None


def _game_failed(what: str, seats: Sequence[str], exc: Exception) -> SimulationError:
    """An agent's failure (`agent_failure`) names its SPEC and seat and where in its own code
    (`player_failed`), anything else (a bug in the game) the line that raised it: tracebacks
    do not cross processes well, and of thousands of games one needs the game that failed."""
    failure = agent_failure(exc)
    if failure is not None:
        seat, illegal = failure
        return SimulationError(f"{what} failed: {player_failed(seats[seat], seat, exc, illegal)}")
    where = traceback.extract_tb(exc.__traceback__)[-1]
    return SimulationError(f"{what} failed: {type(exc).__name__}: {exc} at "
                           f"{where.filename}:{where.lineno}")


def _play_one(spec: BatchSpec, index: int) -> dict[str, Any]:
    game = get_game(spec.game)
    config = _config(spec, game)
    seed = derive_seed(spec.seed, "game", index)
    seating = spec.seating(index)
    agents = make_agents([spec.players[i] for i in seating], game, seed)
    result = play_game(game, config, seed, agents, keep_record=False)
    outcome = result.outcome
    metrics = dict(game.metrics(result.state))
    first = first_player(game, config, seed, metrics, result.first_to_move)
    metrics.pop("first_player", None)
    facts = game.card_events(result.state)
    if facts is not None and not any(facts.to_json()) and not result.state.log:
        # Card facts are mostly read from the log: a game played without one would look
        # cardless. (Only then is the log read: on the fast path that replays the game.)
        raise SimulationError(f"{spec.game} game {index}: card analytics need the game's "
                              "event log, and this game was played without one")
    return {
        "index": index,
        "seed": seed,
        "seating": seating,
        "winners": sorted(seating[s] for s in outcome.winners),
        "winner_seats": list(outcome.winners),
        "scores_by_seat": list(outcome.scores),
        "reason": outcome.reason,
        "length": result.decisions,
        "first_player": first,
        "metrics": metrics,
        "cards": None if facts is None else facts.to_json(),
    }


# The config of the batch played last in this process, with its spec: every game of a batch
# has the same one, and building it (checking the options, reading a scenario) can cost a
# seventh of a short game. Configs are frozen, so games can share one.
_LAST_CONFIG: list[Any] = [None, None]


def _config(spec: BatchSpec, game: Game) -> Any:
    last_spec, config = _LAST_CONFIG
    if last_spec is not spec and last_spec != spec:
        # Once a spec, as its config: a `human` would stop play_one at a prompt.
        refuse_humans(spec.players, "a batch", "BatchSpec.players")
        config = game.config(spec.config)
        _LAST_CONFIG[:] = [spec, config]
    return config


@dataclass
class Chunk:
    results: list[dict[str, Any]]
    elapsed: float  # seconds of work in the worker
    cpu: float = 0.0  # CPU seconds the worker used for it (less than `elapsed` on a busy host)


def play_chunk(spec: BatchSpec, indices: list[int]) -> Chunk:
    """Several games of a batch, in one worker. A failing game becomes a one-line
    SimulationError naming the game and the seed (`failing_game`)."""
    start, cpu = time.perf_counter(), time.process_time()
    results = []
    for index in indices:
        with _one_line(spec, index):  # (play_one's own; said again for one replaced)
            results.append(play_one(spec, index))
    return Chunk(results, time.perf_counter() - start, time.process_time() - cpu)


class Chunker:
    """Cuts the indices to play into chunks of about `target` seconds of work each.

    When it knows how many indices there are (a sized iterable), chunks also shrink towards
    the end of the run, to at most a `2 * workers`-th of what is left: otherwise one worker
    could still be playing a whole last chunk while the others wait with nothing to do."""

    def __init__(self, indices: Iterable[int], target: float = 0.5, largest: int = 256,
                 workers: int = 1):
        self._left: int | None = len(indices) if isinstance(indices, Sized) else None
        self._indices = iter(indices)
        self._target = target
        self._largest = largest
        self._share = 2 * max(1, workers)
        self._per_game: float | None = None

    def next(self) -> list[int]:
        if self._per_game is None:
            size = 1
        else:
            size = max(1, min(self._largest, int(self._target / max(self._per_game, 1e-6))))
            if self._left is not None:
                size = min(size, max(1, -(-self._left // self._share)))
        chunk = list(itertools.islice(self._indices, size))
        if self._left is not None:
            self._left -= len(chunk)
        return chunk

    def observe(self, chunk: Chunk) -> None:
        if not chunk.results:
            return
        per_game = chunk.elapsed / len(chunk.results)
        old = self._per_game
        self._per_game = per_game if old is None else 0.7 * old + 0.3 * per_game


def run_batch(
    spec: BatchSpec,
    indices: Iterable[int],
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    ordered: bool = True,
) -> Iterator[dict[str, Any]]:
    """Yield the game summaries of `indices`: in that order if `ordered`, else as they finish
    (cheaper: nothing waits for a slow game). `backend` "process" uses `workers` local worker
    processes (1: this process; more are forked from a server process, which imports the
    calling script as a module: a script needs an `if __name__ == "__main__":` guard); "ray"
    runs on the Ray cluster at `address` (None: a local instance with `workers` CPUs, or the
    one this process already joined)."""
    if ordered and not isinstance(indices, range | list | tuple):
        indices = list(indices)
    chunks = iter_chunks(spec, indices, workers, backend, address)
    results = (r for chunk in chunks for r in chunk.results)
    return _in_order(results, indices) if ordered else results


def iter_chunks(spec: BatchSpec, indices: Iterable[int], workers: int = 1,
                backend: str = "process", address: str | None = None) -> Iterator[Chunk]:
    """The games of `indices` in chunks, as they finish, each with the time it took."""
    check_backend(backend, None)
    # Before any worker starts: a batch plays unattended (as the CLI's commands refuse it).
    refuse_humans(spec.players, "a batch", "BatchSpec.players")
    chunker = Chunker(indices, workers=workers)
    if backend == "ray":
        return _ray_chunks(spec, chunker, workers, address)
    if workers <= 1:
        return _inline_chunks(spec, chunker)
    return _process_chunks(spec, chunker, workers)


def _in_order(results: Iterator[dict[str, Any]], indices: Iterable[int]) -> Iterator[dict]:
    waiting: dict[int, dict[str, Any]] = {}
    expected = iter(indices)
    want = next(expected, None)
    for r in results:
        waiting[r["index"]] = r
        while want is not None and want in waiting:
            yield waiting.pop(want)
            want = next(expected, None)


def _inline_chunks(spec: BatchSpec, chunker: Chunker) -> Iterator[Chunk]:
    # One game at a time (the chunker never learns a rate here, so chunks hold one game):
    # progress is exact and Ctrl-C loses only the game being played.
    while chunk := chunker.next():
        yield play_chunk(spec, chunk)


def _init_worker(parent: int, prints: Any) -> None:
    # Ctrl-C reaches every process of the terminal's group; only the parent should act on it
    # (it keeps the finished games and stops the workers).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A worker whose parent is gone (killed) fails to send its result; nobody is left to read
    # about it, so that failure must not spill tracebacks onto the terminal, and the worker
    # ends (it would wait for work for ever otherwise).
    sys.stderr = _QuietWhenOrphaned(sys.stderr, parent)
    # Written straight to the terminal, a player's prints landed on the parent's progress bar,
    # and under --json on standard output: the parent writes them where its own prints go.
    sys.stdout = _Relayed(prints)
    threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()


def _exit_with(parent: int) -> None:
    while alive(parent):
        time.sleep(0.5)
    os._exit(0)


class _QuietWhenOrphaned(io.TextIOBase):
    """A worker's stderr that says nothing once the process that started the batch is gone."""

    def __init__(self, stream: Any, parent: int):
        self.stream = stream
        self.parent = parent

    def write(self, text: str) -> int:
        if alive(self.parent):
            return self.stream.write(text)
        return len(text)

    def flush(self) -> None:
        if alive(self.parent):
            self.stream.flush()


class _Relayed(io.TextIOBase):
    """A worker's standard output: what is printed goes, line by line, down a pipe to the
    process that started the pool (`WorkerPool.relay`)."""

    encoding = "utf-8"

    def __init__(self, pipe: Any):
        self.pipe = pipe  # (a Connection: it closes its descriptor when collected)
        self.pending = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        lines, newline, self.pending = (self.pending + text).rpartition("\n")
        if newline:
            self._send(lines + newline)
        return len(text)

    def flush(self) -> None:
        text, self.pending = self.pending, ""
        if text:
            self._send(text)

    def _send(self, text: str) -> None:
        data = text.encode("utf-8", "replace")
        try:
            # A pipe takes up to PIPE_BUF bytes (4 kB here) in one piece: the lines of two
            # workers do not mix, unless one is longer than that.
            while data:
                data = data[os.write(self.pipe.fileno(), data[:select.PIPE_BUF]):]
        except OSError:  # the parent is gone: nobody is left to read it
            pass


class WorkerPool(ProcessPoolExecutor):
    """A ProcessPoolExecutor whose workers' standard output comes back to this process: what a
    player of one's own prints there is written to this process's standard output by `relay`,
    from the thread that waits for the results, so that a progress bar (rich's, which prints
    what reaches it above the bar) keeps its line, and a --json object its standard output."""

    def __init__(self, workers: int, context: Any, parent: int):
        self._prints, writer = multiprocessing.Pipe(duplex=False)
        os.set_blocking(self._prints.fileno(), False)  # `relay` takes what is there, no more
        self._text = codecs.getincrementaldecoder("utf-8")("replace")
        super().__init__(workers, mp_context=context, initializer=_init_worker,
                         initargs=(parent, writer))
        self._writer = writer  # kept open for the workers started on demand

    def relay(self) -> None:
        """Write what the workers printed and this process has not written yet."""
        text = []
        while True:
            try:
                data = os.read(self._prints.fileno(), 1 << 16)
            except OSError:  # nothing more for now (BlockingIOError)
                break
            if not data:
                break
            text.append(self._text.decode(data))
        if text:
            sys.stdout.write("".join(text))
            sys.stdout.flush()

    def close_relay(self) -> None:
        self._prints.close()
        self._writer.close()


def _relay(pool: Any) -> None:
    if isinstance(pool, WorkerPool):
        pool.relay()


@contextmanager
def worker_pool(workers: int, game: str | None = None) -> Iterator[WorkerPool]:
    """`workers` worker processes that leave Ctrl-C to this process and end with it. Leaving
    the block by an exception (Ctrl-C above all) stops them at once, giving up the work they
    hold; leaving it normally lets them finish. Every pool of warroom is made here. `game`:
    the name of the game they will play, imported once for all of them. What the workers
    print comes out here (`WorkerPool`)."""
    preload = [type(get_game(game)).__module__] if game is not None else []
    pool = WorkerPool(workers, pool_start.context(preload), os.getpid())
    try:
        try:
            yield pool
        except BaseException as exc:
            if isinstance(exc, Exception):  # what a player printed before its game failed
                pool.relay()
            _stop(pool)
            raise
        try:
            pool.relay()  # a worker waiting for room in the pipe would hold up the shutdown
            pool.shutdown(wait=True, cancel_futures=True)
            pool.relay()
        except BaseException:  # Ctrl-C while the last games finish
            _stop(pool)
            raise
    finally:
        pool.close_relay()


STOP_WAIT = 5.0  # seconds a stopped pool may take to wind down before its processes are killed


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop the pool at once and wait for it, but not for ever: whatever still runs after
    STOP_WAIT (a worker caught half-started, a queue's thread stuck on a pipe whose reader
    was stopped) is killed, so that Ctrl-C always ends the command."""
    # Taken before shutdown, which forgets it. Left running, the pool's thread would close its
    # wake-up pipe while the interpreter's exit writes to it: a traceback after the Ctrl-C.
    manager = getattr(pool, "_executor_manager_thread", None)
    _terminate(pool)
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is None:
        return
    manager.join(STOP_WAIT)
    if manager.is_alive():
        kill_descendants()
        manager.join(STOP_WAIT)


def ordered_map(pool: ProcessPoolExecutor, function: Callable[[Any], Any],
                jobs: Iterable[Any]) -> Iterator[Any]:
    """`function(job)` for each job, played in `pool`, yielded in the order of `jobs`."""
    futures = [pool.submit(function, job) for job in jobs]
    for future in futures:
        while True:  # a short timeout keeps Ctrl-C prompt while waiting
            _relay(pool)
            try:
                yield future.result(timeout=0.2)
                break
            except FutureTimeout:
                continue
            except BrokenProcessPool:
                raise _broken(pool) from None


_BROKEN = ("a worker process stopped unexpectedly (killed, or out of memory?); the games "
           "finished so far are kept, and a resume plays the rest")


def _broken(pool: Any) -> SimulationError:
    """Why `pool` broke, in one line. A worker imports the program's main module as it starts;
    a script that starts games as it is imported (no `if __name__ == "__main__":`) made each
    worker start a pool of its own, which `pool_start.context` refuses with a status of its
    own, told here from a killed worker (Python's own error says "bootstrapping phase")."""
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:  # it collects the exit statuses of the workers it stopped
        manager.join(STOP_WAIT)
    processes = list((getattr(pool, "_processes", None) or {}).values())
    if any(process.exitcode == pool_start.UNGUARDED_MAIN for process in processes):
        main = getattr(sys.modules.get("__main__"), "__file__", None) or "the main module"
        return SimulationError(f"{main} starts games as it is imported, and each worker "
                               "process imports it again: put the code that plays under "
                               "'if __name__ == \"__main__\":'")
    return SimulationError(_BROKEN)


def _process_chunks(spec: BatchSpec, chunker: Chunker, workers: int) -> Iterator[Chunk]:
    with worker_pool(workers, spec.game) as pool:
        yield from _pooled_chunks(pool, spec, chunker, workers)


def _pooled_chunks(pool: ProcessPoolExecutor, spec: BatchSpec, chunker: Chunker,
                   workers: int) -> Iterator[Chunk]:
    done: queue.SimpleQueue[Future] = queue.SimpleQueue()
    in_flight = 0

    def submit() -> None:
        nonlocal in_flight
        chunk = chunker.next()
        if chunk:
            pool.submit(play_chunk, spec, chunk).add_done_callback(done.put)
            in_flight += 1

    # A pool is found broken by the result of a chunk it lost, or, when that chunk had been
    # handed back already, by the next submit: either is the same one-line error.
    try:
        for _ in range(2 * workers):
            submit()
        while in_flight:
            future = _next_done(done, pool)
            in_flight -= 1
            item = future.result()
            chunker.observe(item)
            submit()
            yield item
    except BrokenProcessPool:
        raise _broken(pool) from None


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers now. A worker still being started when Ctrl-C came is not yet
    among the pool's processes: every live child this process started with multiprocessing is
    stopped too (only pools start them), so that none is left for the exit to wait on."""
    stop = getattr(pool, "terminate_workers", None)  # Python 3.14
    if stop is not None:
        stop()
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes + multiprocessing.active_children():
        try:
            process.terminate()
        except (OSError, ValueError):  # already gone, or already closed
            pass


def _next_done(done: queue.SimpleQueue, pool: Any) -> Any:
    while True:  # a short timeout keeps Ctrl-C prompt while waiting
        _relay(pool)
        try:
            return done.get(timeout=0.2)
        except queue.Empty:
            continue


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError(f"--backend ray needs Ray: {install_hint('ray')}") from None
    return ray


def check_backend(backend: str, address: str | None) -> None:
    """Refuse, before anything is played or written, a backend that cannot run here."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if backend == "ray":
        import_ray()
        if address:
            _check_reachable(address)
    elif address:
        raise ConfigError("--address is for --backend ray")


PROBE_WAIT = 5.0  # seconds a cluster address may take to answer, as Ray's GCS answers at once
# The first bytes of an HTTP/2 connection (gRPC's, which a Ray GCS and a Ray client server
# speak): the client's preface and an empty SETTINGS frame. A gRPC server answers with its own
# SETTINGS frame (9 bytes: a 3-byte length, then the type, 4); a web server with text.
_H2_HELLO = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
_H2_SETTINGS = 4


def _check_reachable(address: str, timeout: float = PROBE_WAIT) -> None:
    """Fail fast on a cluster address nobody answers at, or something other than Ray answers
    at (Ray itself retries for minutes: for ever against a web server), with one line; and on
    a Ray Client address (`ray://`) when Ray's client is not installed (the `ray` extra leaves
    it out). `auto` is probed as the address Ray would join (on a dead one Ray waits for
    ever, its warnings the only output), said with where it was found."""
    if address == "auto":
        found = _auto_address()
        if found is not None:
            try:
                _check_reachable(found[0], timeout)
            except ConfigError as exc:
                raise ConfigError(f"--address auto ({found[1]}): {exc}") from None
        return
    if address.startswith("ray://") and importlib.util.find_spec("grpc") is None:
        raise ConfigError(f"--address {address} needs Ray Client, which is not installed: "
                          f"pip install 'ray[client]=={import_ray().__version__}', or give "
                          "the head's HOST:PORT, or auto on a node of the cluster")
    said = _unanswered(address, timeout)
    if said is not None:
        raise ConfigError(f"no Ray cluster answers at {address}: {said}")


def _unanswered(address: str, timeout: float) -> str | None:
    """Why no Ray cluster answers at `address` (HOST:PORT, or ray://HOST:PORT), or None when
    one does, or the address is not one to probe."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return None
    try:
        with socket.create_connection((host, int(port)), timeout=timeout) as sock:
            sock.settimeout(timeout)
            sock.sendall(_H2_HELLO)
            reply = b""
            while len(reply) < 9 and (got := sock.recv(9 - len(reply))):
                reply += got
    except TimeoutError:
        return f"no answer within {timeout:g} s"
    except OSError as exc:
        return str(exc.strerror or exc)
    if len(reply) < 9 or reply[3] != _H2_SETTINGS:
        return "something answers there, but not Ray (a Ray cluster speaks gRPC)"
    return None


def _auto_address() -> tuple[str, str] | None:
    """The address `--address auto` joins, as `ray.init` finds it, and what named it:
    RAY_ADDRESS, else the file `ray start --head` leaves in Ray's temp folder. None where
    neither names one: Ray then joins a head it sees running here, or says at once that none
    does."""
    named = os.environ.get("RAY_ADDRESS", "")
    if named and named != "auto":  # as Ray reads it: "auto" there is no address either
        return named, f"RAY_ADDRESS={named}"
    # Ray's own place for the file (its temp folder: RAY_TMPDIR, TMPDIR, /tmp), where it has one
    utils = getattr(getattr(import_ray(), "_private", None), "utils", None)
    address_file = getattr(utils, "get_ray_address_file", None)
    if address_file is None:
        return None
    path = address_file(None)
    try:
        with open(path, encoding="utf-8") as file:
            named = file.read().strip()
    except OSError:  # none: no `ray start --head` here, or it was stopped
        return None
    return (named, f"{path} names {named}") if named else None


HEAD_CHECK = 5.0  # seconds between probes of the head while a run waits on its chunks
# Probes that fail in a row before the head is taken for dead: two, some 10 s, well within
# Ray's own wait for a lost head (gcs_rpc_server_reconnect_timeout_s, 60 s), which then ends
# the process from inside Ray's core with its own log line and status 1.
HEAD_MISSES = 2


def _head_watch(ray: Any, address: str | None) -> Callable[[], None]:
    """A check to call while waiting on chunks, which stops the run with a SimulationError
    (the finished games kept, as for a failing game) once the head of the cluster this
    process runs on (at `address`, as given) no longer answers."""
    client = getattr(getattr(ray.util, "client", None), "ray", None)
    if client is not None and client.is_connected():
        return lambda: None  # Ray Client: its server is the head's proxy, not its GCS
    # The address as given where there is one: the head's own may be one of its other names
    head = address if address and address != "auto" else None
    head = head or getattr(ray.get_runtime_context(), "gcs_address", None)
    if not head:
        return lambda: None
    due, missed = time.monotonic() + HEAD_CHECK, 0

    def check() -> None:
        nonlocal due, missed
        if time.monotonic() < due:
            return
        said = _unanswered(head, PROBE_WAIT)
        missed = missed + 1 if said else 0
        due = time.monotonic() + HEAD_CHECK
        if said and missed >= HEAD_MISSES:
            raise SimulationError(f"the head of the Ray cluster at {head} stopped answering "
                                  f"({said})")

    return check


def _start_ray(ray: Any, workers: int, address: str | None) -> set[int]:
    """Start a local Ray instance, or join the cluster at `address`; the processes that were
    this process's children before (a local instance's are those started since). A start
    that fails or is interrupted (Ctrl-C, `kill`) leaves no process of a local instance
    behind: Ray does not stop them then (its agents, orphaned, would run for ever, deaf to
    SIGTERM)."""
    if address:
        _check_reachable(address)
    before = set(descendants())
    # A cluster with Ray's token authentication (which recent Ray turns on by itself)
    # refuses a process that joins it by address without its token, after some 20 s and
    # with an error that does not say so; token mode with no token found was a traceback.
    refused = getattr(ray.exceptions, "AuthenticationError", RuntimeError)
    # A chunk left in flight when a run stops (`_ray_chunks`) that fails, as the others of a
    # failing run often do, had Ray print its traceback after warroom's line, an "unhandled
    # error": warroom reads every result it wants from the Ray it starts.
    os.environ.setdefault("RAY_IGNORE_UNHANDLED_ERRORS", "1")
    try:
        # "local": a new instance of its own even where a cluster runs (`ray start`, or
        # RAY_ADDRESS): Ray would join that one, and refuse the CPUs asked of it.
        with _own_stop_signals(ray):
            ray.init(address=address or "local", num_cpus=None if address else workers,
                     include_dashboard=False, log_to_driver=False,
                     logging_level=logging.ERROR)
    except (ConnectionError, RuntimeError, ValueError, refused) as exc:
        if not address:
            _stop_local_ray(ray, before)
        said = str(exc).splitlines()[0]
        if address and (isinstance(exc, refused) or "InvalidAuthToken" in str(exc.__cause__)):
            said = ("its token authentication refused this computer: set RAY_AUTH_MODE=token "
                    "and give the cluster's token (in ~/.ray/auth_token, or RAY_AUTH_TOKEN)")
        raise ConfigError(f"cannot start or join Ray at {address or 'local'}: {said}") from None
    except BaseException:  # Ctrl-C while Ray starts
        if not address:
            _stop_local_ray(ray, before, interrupted=True)
        raise
    return before


# What stops a command (console.py): Ctrl-C, `kill`, the terminal closing.
_STOP_SIGNALS = tuple(s for s in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None))
                      if s is not None)


@contextmanager
def _own_stop_signals(ray: Any) -> Iterator[None]:
    """Keep warroom's own handlers of the signals that stop a command while Ray starts, and
    after. `ray.init` puts in its own SIGTERM handler (`sys.exit(15)`, or for a local
    instance's node `sys.exit(1)`), and warroom hands SIGHUP to SIGTERM's: a `kill` of a run
    on Ray ended it with status 15 saying nothing, where it should keep the finished games
    and say so (status 143) as on local processes. Ray is kept from setting it (so that a
    `kill` while Ray starts stops it as Ctrl-C does), and what it set anyway is undone; so
    is the crash reporter its core sets on SIGTERM beneath Python's own handler."""
    saved = {signum: signal.getsignal(signum) for signum in _STOP_SIGNALS}
    utils = getattr(getattr(ray, "_private", None), "utils", None)
    setter = getattr(utils, "set_sigterm_handler", None)
    if setter is not None:
        utils.set_sigterm_handler = lambda handler: None
    try:
        yield
    finally:
        if setter is not None:
            utils.set_sigterm_handler = setter
        # Only the main thread may set a handler (and only there does Ray set its own).
        if threading.current_thread() is threading.main_thread():
            for signum, handler in saved.items():
                if handler is not None:  # set even when unchanged: the reporter is beneath it
                    signal.signal(signum, handler)


def _stop_local_ray(ray: Any, before: set[int], interrupted: bool = False) -> None:
    """Stop the local Ray instance this process started (its processes: those it started since
    `before`, however deep), by Ray's own shutdown and, for whatever that leaves (or when it is
    interrupted in turn), by killing them. After an interrupted start Ray's state is half made:
    its shutdown is not asked for, its processes are killed."""
    try:
        if not interrupted:
            ray.shutdown()
    finally:  # also when the shutdown is interrupted in turn
        kill_started(before)


@contextmanager
def backend_session(backend: str, workers: int, address: str | None) -> Iterator[None]:
    """Keep one Ray instance for many batches (the cells of a sweep, the trials of a tune)
    instead of starting one per batch; the process backend needs nothing."""
    if backend != "ray":
        yield
        return
    ray = import_ray()
    if ray.is_initialized():
        yield
        return
    before = _start_ray(ray, workers, address)
    try:
        yield
    finally:
        if address:
            ray.shutdown()
        else:
            _stop_local_ray(ray, before)


def _ray_chunks(spec: BatchSpec, chunker: Chunker, workers: int,
                address: str | None) -> Iterator[Chunk]:
    ray = import_ray()
    started: set[int] | None = None  # the processes before a Ray instance this call started
    if not ray.is_initialized():
        started = _start_ray(ray, workers, address)
    remote = ray.remote(num_cpus=1)(_play_chunk_on_ray)
    window = 2 * max(1, int(ray.cluster_resources().get("CPU", workers)))
    pending: list[Any] = []

    def submit() -> None:
        chunk = chunker.next()
        if chunk:
            pending.append(remote.remote(spec, chunk))

    try:
        for _ in range(window):
            submit()
        head_alive = _head_watch(ray, address)
        while pending:
            head_alive()
            ready, rest = ray.wait(pending, num_returns=1, timeout=0.2)
            if not ready:
                continue
            pending[:] = rest
            try:
                item = ray.get(ready[0])
            except ray.exceptions.RayTaskError as exc:
                raise exc.cause if isinstance(exc.cause, Exception) else exc from None
            chunker.observe(item)
            submit()
            yield item
    finally:
        # The chunks still in flight are not cancelled: a cancel that meets a chunk as it
        # finishes crashes Ray's core ("Check failed ... task that was not pending", still
        # in 2.60: the race of ray-project/ray#54798), a `kill` or Ctrl-C then ending with
        # status 1 and Ray's agents orphaned. Ray stops them as this process leaves its
        # instance (here or in `backend_session`); else they are a few short chunks.
        if started is not None and address:
            ray.shutdown()
        elif started is not None:
            _stop_local_ray(ray, started)


def _play_chunk_on_ray(spec: BatchSpec, indices: list[int]) -> Chunk:
    """`play_chunk` on a Ray worker, perhaps on another computer. A player of one's own that
    this computer imports (`iter_chunks` checks) but the worker cannot is said as that, not
    as the advice for this computer ("run warroom in the folder of ..."), and as a failing
    run, whose games so far are kept and which `--resume` continues once it is fixed."""
    for player in spec.players:
        name = parse_spec(player)[0]
        if not is_own_player(name):
            continue
        try:
            player_factory(name, player)
        except ConfigError as exc:
            import ray

            node = f"a Ray worker (node {ray.util.get_node_ip_address()})"
            top = name.split(".")[0]
            if top in sys.modules or importlib.util.find_spec(top) is not None:
                raise SimulationError(f"on {node}: {exc}") from None
            raise SimulationError(f"player spec {player!r}: its module {top} is missing on "
                                  f"{node}: player modules must be importable on every node "
                                  "of the cluster (installed there, or in a folder on its "
                                  "Python path)") from None
    return play_chunk(spec, indices)
