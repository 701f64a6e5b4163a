"""An AI seat's move, computed in a worker thread or process from a copy of the state, and
the turns games take at the worker processes.

The agent sees only a PlayerView of the copy, as at the terminal, so it cannot cheat; the
move comes back in the action JSON form and the server checks it like any other intent."""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, replace
from typing import Any

from ..agents import HeuristicAgent, RandomAgent, is_own_player, make_agent, parse_spec
from ..agents.mcts import MctsAgent, MctsParams, keep_time
from ..engine import PlayerView, State, WarroomError, to_json
from ..games import get_game


def choose_action(game_name: str, spec: str, seed: int, state: State, seat: int,
                  cap: float | None = None) -> tuple[dict[str, Any], str | None]:
    """The AI seat's move as JSON, and None; or, when its policy fails, a random legal move
    and what failed (the server says so in its log): a failing policy must not stall the
    table, nor be hidden (a game whose heuristic raised went on at random in silence).
    `cap`: the seconds an mcts search may take at most, below its spec's budget (a search in
    an AI seat's beat, `app.Server`): one iteration at least, or under LEAST_SEARCH the
    game's heuristic move, which one iteration chooses anyway."""
    game = get_game(game_name)
    if is_own_player(parse_spec(spec)[0]):  # the API seats built-in players only: a spec
        # naming code (`myagent.Player`) came from an edited games database, never imported
        return random_action(game_name, seed, state, seat), \
            f"{spec}: not a player this server seats (random, heuristic, mcts)"
    agent = make_agent(spec, game, seed)
    keep_time([agent], game)  # the table's pages time it
    if cap is not None and isinstance(agent, MctsAgent):
        if cap < LEAST_SEARCH and agent.bias:
            # An iteration or two choose the heuristic's move (the first tries it), at several
            # times its cost: a beat then fits many more moves out of sight.
            agent = HeuristicAgent(game, seed)
        else:
            budget = agent.params.time
            agent.params = replace(agent.params, time=cap if budget is None
                                   else min(budget, cap))
    try:
        return to_json(agent.act(PlayerView(state, seat, game))), None
    except Exception as exc:
        return random_action(game_name, seed, state, seat), what_failed(exc)


AI_BEAT = 0.25  # seconds: the beat of a heuristic or random seat (`Beat`)
LEAST_SEARCH = 0.02  # seconds: an mcts seat capped below it plays its heuristic's move


@dataclass
class Beat:
    """A stretch of an AI seat's actions at a table that hides how many actions a seat makes
    out of the others' sight (`LiveGame.hides_moves`: Viktory II's hidden map), so that their
    timing does not tell the count. It begins at `start` (when the seat's last action another
    page saw was played, or the seat's run began); the AI's pause (`--ai-delay`) passes once,
    before its first search; its searches share `length` seconds, each capped at half of what
    is left (`cap`); an action no other page sees is played as soon as it is chosen, and the
    one that another page sees no sooner than `ends`, which ends the beat. So a page's frames
    come a pause and a beat apart however many actions it did not see in between."""

    start: float
    pause: float
    length: float
    changes: int  # the game's changes (`LiveGame.changes`) after the beat's last action
    paused: bool = False  # its pause has passed
    searches: int = 0  # begun: the table hears of the first's turn at the workers only
    seen: bool = False  # its action about to be played is seen by another page

    @property
    def ends(self) -> float:
        return self.start + self.pause + self.length

    def cap(self, now: float) -> float:
        """The seconds a search begun at `now` may take: half of what the beat has left, so
        that the searches of however many moves share it (though each takes an iteration, or
        a heuristic move, at least: very many overrun it)."""
        return max(0.0, (self.ends - now) / 2)


def beat_length(spec: str) -> float:
    """The length of the beat of an AI seat playing `spec`: an mcts seat's budget by time,
    else AI_BEAT (a heuristic's time too varies with the count of its moves)."""
    try:
        name, params = parse_spec(spec)
        seconds = MctsParams.parse(params).time if name == "mcts" else None
    except WarroomError:  # a spec no player reads (from an edited database)
        seconds = None
    return AI_BEAT if seconds is None else seconds


def random_action(game_name: str, seed: int, state: State, seat: int) -> dict[str, Any]:
    """A random legal move of `seat`, as JSON: what an AI seat plays when its policy fails."""
    game = get_game(game_name)
    return to_json(RandomAgent(game, seed).act(PlayerView(state, seat, game)))


def what_failed(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}".rstrip(": ")


PARENT_POLL = 0.5  # seconds between a worker process's looks at whether its parent is alive


def worker_start(server: int) -> None:
    """The initializer of each AI worker process (started from a fork server or spawned, so
    that it holds none of the server's sockets, nor its database, nor its signal handlers).
    Ctrl-C, which the terminal sends to the whole process group, is the server's to handle:
    the worker ignores it (the server stops it). A worker whose server (process `server`)
    dies, killed, exits within PARENT_POLL s: nothing else would end it (its parent is the
    fork server, which lives as long as a worker holds its pipe), and it would live on, idle,
    for ever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    born = _started(server)
    threading.Thread(target=_exit_with, args=(server, born), daemon=True,
                     name="warroom-server-watch").start()


def _started(pid: int) -> str | None:
    """When process `pid` started (Linux: its start time in /proc), to tell it from a later
    process given the same number; "" if it has ended (a zombie included), None if unknown."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return ""
    except OSError:
        return None
    return "" if fields[0] in ("Z", "X") else fields[19]


def _exit_with(server: int, born: str | None) -> None:
    while True:
        time.sleep(PARENT_POLL)
        if born is not None:
            if _started(server) != born:
                os._exit(0)
            continue
        try:  # no /proc: whether a process of that number is there
            os.kill(server, 0)
        except ProcessLookupError:
            os._exit(0)
        except OSError:
            pass


def ready() -> int:
    """A task that does nothing: sent once to each worker as the pool starts, so that the
    workers are running (and have imported everything) before the first move needs one."""
    return os.getpid()


class LooseThreads(Executor):
    """Worker threads (at most `workers`, started as needed) for AI moves that the
    interpreter's exit does not wait for (daemon threads): a server asked to stop waited for
    every heuristic or random move under way (7 s with 43 AI games), whose results it
    discards anyway (the game is in the store, and its AI seat thinks again at the next
    start). `ThreadPoolExecutor`'s threads are joined at exit whatever `shutdown` says."""

    def __init__(self, workers: int, name: str):
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()  # (future, fn, args, kwargs)
        self._workers, self._name = workers, name
        self._threads: list[threading.Thread] = []
        self._idle = 0
        self._lock = threading.Lock()
        self._closed = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot schedule new work after shutdown")
            self._queue.put((future, fn, args, kwargs))
            if not self._idle and len(self._threads) < self._workers:
                thread = threading.Thread(target=self._work, daemon=True,
                                          name=f"{self._name}-{len(self._threads)}")
                self._threads.append(thread)
                thread.start()
            else:
                self._idle = max(self._idle - 1, 0)
        return future

    def _work(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            future, fn, args, kwargs = item
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(fn(*args, **kwargs))
                except BaseException as exc:  # noqa: BLE001 (the future carries it)
                    future.set_exception(exc)
            with self._lock:
                self._idle += 1

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._closed = True
            if cancel_futures:
                while True:
                    try:
                        item = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if item is not None:
                        item[0].cancel()
            for _ in self._threads:
                self._queue.put(None)
        if wait:
            for thread in self._threads:
                thread.join()


class TakeTurns:
    """At most `slots` searches at once (the worker processes), given out game by game. A
    slot that frees goes to a game waiting for one: a game where a person waits for the AI
    (`person_waits(game)`: a page of one of its people's seats is connected) before any other,
    and among those the game whose last search was given a slot longest ago, a game's first
    search before any game's next. So a search waits for the searches running and for at
    most one search of each other game ahead of it, never for a second: a game that has had
    its turn goes behind every game waiting; a table where a person waits goes ahead of the
    tables of AI seats only, which go on whenever no such table has a search waiting.
    A process pool alone ran its queue first come, first served: a game's quick move waited
    behind every long search other games had queued (14 s for a 0.05 s search, behind three
    games of 5 s searches). Games taken in line order, a game joining the line waited for a
    queued search of each game ahead of it (2.8 s for the first search of a seventh game of
    1 s searches on two workers), and a person's table as long as the AI's."""

    KEPT = 10_000  # games whose last turn is remembered; one forgotten goes as if it had none

    def __init__(self, slots: int, person_waits: Callable[[str], bool] | None = None,
                 moved: Callable[[], None] | None = None):
        self.free = slots
        self.person_waits = person_waits
        self.moved = moved  # told whenever the line changes: a search joins it or leaves it
        self.waiting: dict[str, deque[asyncio.Future[None]]] = {}  # by game, in line order
        self.given: OrderedDict[str, int] = OrderedDict()  # each game's last turn, oldest first
        self._turns = 0  # turns given

    @contextlib.asynccontextmanager
    async def turn(self, game: str) -> AsyncIterator[None]:
        if self.free and not self.waiting:
            self.free -= 1
            self._give(game)
        else:
            await self._wait(game)
        try:
            yield
        finally:
            self._release()

    async def _wait(self, game: str) -> None:
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(game, deque()).append(ticket)
        self._moved()
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():  # given a slot, then cancelled
                self._release()
            else:
                line = self.waiting.get(game)
                if line is not None and ticket in line:
                    line.remove(ticket)
                    if not line:
                        del self.waiting[game]
                    self._moved()
            raise

    def _release(self) -> None:
        while self.waiting:
            game = min(self.waiting, key=self._place)  # the first in line of those placed so
            line = self.waiting[game]
            ticket = line.popleft()
            if not line:
                del self.waiting[game]
            if not ticket.done():
                ticket.set_result(None)
                self._give(game)
                self._moved()
                return
        self.free += 1
        self._moved()  # (a line of searches given up on the way is gone too)

    def line(self) -> dict[str, tuple[int, int]]:
        """Each game with a search waiting for a slot: how many games are ahead of it in
        line, and how many of those are tables where a person waits."""
        places = {game: self._place(game) for game in self.waiting}
        out: dict[str, tuple[int, int]] = {}
        people = 0
        for ahead, game in enumerate(sorted(places, key=places.__getitem__)):
            out[game] = (ahead, people)
            people += not places[game][0]
        return out

    def _moved(self) -> None:
        if self.moved is not None:
            self.moved()

    def _place(self, game: str) -> tuple[bool, int]:
        """Where `game` goes among the games waiting (lowest first): whether no person waits
        at its table, then its last turn (0: none, or forgotten)."""
        person = self.person_waits is not None and self.person_waits(game)
        return not person, self.given.get(game, 0)

    def _give(self, game: str) -> None:
        self._turns += 1
        self.given[game] = self._turns
        self.given.move_to_end(game)
        if len(self.given) > self.KEPT:
            self.given.popitem(last=False)
