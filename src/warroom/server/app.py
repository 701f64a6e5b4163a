"""The ASGI app of `warroom serve`: the lobby API, the WebSocket table, the page.

The server is authoritative: a page only shows the frames it receives and sends intents. Every
intent is checked (pydantic for its shape, then the token, the turn, the version and the
legality) and either applied, stored first, or answered with a one-line error frame that
changes nothing. AI seats move in worker threads or processes, and uploaded files are checked
in a worker thread, never on the event loop.

The organiser of the server holds a token of their own (`organiser_token`, which `warroom
serve` keeps in a file): with it, `POST /api/games/ID/close` closes a table that is not over
(`Server.close_table`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import ipaddress
import json
import logging
import math
import os
import re
import secrets
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import (
    FastAPI,
    Query,
    Request,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.datastructures import Headers, UploadFile
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketState

from ..engine import (
    ConfigError,
    DataError,
    Game,
    Outcome,
    Record,
    State,
    WarroomError,
    config_to_json,
    derive_seed,
)
from ..engine.config import changed_options, played_with
from ..engine.data import (
    DuplicateKeyError,
    NumberTooLongError,
    counted,
    displayable,
    loads_json,
    shown,
)
from ..engine.record import replay, replay_to_end, resignation_lines, resignations_in_log
from ..games import REGISTRY
from ..sim.outputs import make_folders
from ..sim.pool_start import context as pool_context
from .ai import (
    Beat,
    LooseThreads,
    TakeTurns,
    beat_length,
    choose_action,
    random_action,
    ready,
    what_failed,
    worker_start,
)
from .live import (
    HANDOVER,
    AlreadyPlayed,
    ListedGame,
    LiveGame,
    LogHeld,
    OutdatedGame,
    Rejected,
    SeatView,
    away_text,
    closed_by,
    kept_summary,
    new_token,
    record_text,
    seat_changes,
    stamp_rules,
    token_hash,
    view_frame,
)
from .options import (
    MAX_UPLOAD,
    Uploads,
    config_from,
    data_options,
    field_of,
    option_details,
    option_schema,
    team_layouts,
    web_module,
)
from .store import (
    Conflict,
    FileRow,
    GameRow,
    GameStore,
    SeatRow,
    SqliteStore,
    StoreError,
    WriteFailed,
)

log = logging.getLogger("warroom.server")

STATIC = Path(__file__).parent / "static"
LIST_PAGE = 100  # games in a page of the lobby's list, unless it asks for another size
MAX_LIST_PAGE = 1000
MAX_OFFSET = 10**9 - 1  # games the lobby's list may skip: the most `_position` reads
MAX_FRAME = 4096  # bytes (UTF-8) of one incoming WebSocket message
MAX_BODY = 64 * 1024  # bytes of a request to create a game (its options: uploads come apart)
MAX_DEPTH = 16  # nesting of an incoming frame: an action's JSON form is 3 deep in the frame
TOO_DEEP = f"malformed message: nested too deeply (at most {MAX_DEPTH} levels)"
NO_VERSION = "an act needs the version it was chosen at"
RATE = 10.0  # intents a connection may send per second, on average
BURST = 20  # ... and at once
FLOOD = 100  # messages dropped past the rate in one flood before the page is closed
# Games one client address may create: CREATE_BURST at once, then one every CREATE_EVERY
# seconds. The cap on games in play counts neither finished games nor those nobody joined
# (or left for an hour): without this, a client could store games without bound (AI games
# finish in seconds) or fill the cap with games nobody will join.
CREATE_BURST = 30
CREATE_EVERY = 20.0
# Files one client address may upload: UPLOAD_BURST at once, then one every UPLOAD_EVERY
# seconds. Each is checked by its game's loader (seconds of CPU for a large file, refused or
# not) and, if good, stored in the database for good: every file the loader checked counts,
# refused or stored; a request refused before (its form, its size) does not.
UPLOAD_BURST = 20
UPLOAD_EVERY = 60.0
# The multipart form around an upload's file (its fields, boundaries and headers): a body
# over MAX_UPLOAD plus this is refused unread.
UPLOAD_FORM = 16 * 1024
RETRY_FULL = 60  # Retry-After (s) of a game refused at --max-games: no wait is known
# Wrong organiser tokens one client address may send: TOKEN_TRIES within TOKEN_WINDOW seconds,
# then its closes are refused (429) unchecked until the oldest of them is that old. An
# organiser's own token may be as short as 16 characters: unlimited, it could be guessed at
# the speed of the network. TOKEN_CLIENTS addresses are remembered at most.
TOKEN_TRIES = 5
TOKEN_WINDOW = 60.0
TOKEN_CLIENTS = 4096
# Seconds a request's whole body may take to arrive (a body dribbled a byte at a time would
# hold its connection, and the memory read so far, for ever): 408 after it.
BODY_SECONDS = 30.0
HELLO_TIMEOUT = 10.0
# Seconds the page an invite seat's own token was given to (in its welcome) holds the seat
# while it says nothing: a page acknowledges the token at once (any frame), so one silent that
# long may never have got it (its connection dropped without a word on the way), and the
# invite link opens the seat again, with a new token (`Server.claim_held`).
CLAIM_ANSWER = 5.0
# Connections of one client address that have not yet sent their hello: each is held up to
# HELLO_TIMEOUT, and a page sends its hello at once, so one more drops the oldest (4429: not
# the new one, or silent connections would lock out every page of the address, on loopback
# every page). A class behind one NAT address opens its pages together, and a busy server may
# accept them all before it reads the first hello: at 16, 22 of 38 first connections were
# dropped (to come back on retry, a second or more later). 64 holds a class of pages (a
# hotseat page opens one for each of its seats); a cap still bounds what one address holds.
MAX_GREETING = 64
# Finished games a start lists from their stored summaries (`ListedGame`) are rebuilt when
# asked for (a table, a record, a replay), a few at once, and the last REBUILT_KEPT asked for
# are kept (and any a page has open): a start no longer replays and holds every game. A game
# that ends while the server runs joins them once its summary is stored (`Server.finished`),
# as if just asked for: a server running for days held every game finished since it started.
REBUILDS = 2
REBUILT_KEPT = 16
# Refusals of too many connections from one address (4429): said in the log at most once in
# REFUSALS_EVERY seconds, with their count, not once each.
REFUSALS_EVERY = 60.0
# Replays of finished games: a long game's whole replay takes seconds of CPU and tens of MB
# to build, and a finished game never changes. At most REPLAY_BUILDS are built at once
# (others wait their turn), and the answers are kept, the most recently asked for first, up to
# REPLAY_CACHE_BYTES and REPLAY_CACHE_ENTRIES.
REPLAY_BUILDS = 2
REPLAY_CACHE_BYTES = 64 * 1024 * 1024
REPLAY_CACHE_ENTRIES = 32
QUEUE = 256  # frames waiting for a slow connection before it is closed
AI_KINDS = ("random", "heuristic", "mcts")
MCTS_SECONDS = (0.05, 10.0)
POOL_RETRIES = 2  # new process pools an AI move may start when worker processes die
PACED_MOVES = 12  # AI moves in a row paced at --ai-delay (`Server.pause`); the rest faster
AI_RETRY = (0.05, 2.0)  # seconds before an AI seat stores its move again: first, at most
MAX_GAMES = 500  # games in play (see IDLE) a server holds before it refuses new ones
IDLE = 3600.0  # seconds without a move or a page coming or going: a game no longer in play
# Seconds a game in play may go with no move and no page connected before it is closed as the
# organiser closes one (0: never), and seconds between two looks for such games: else the
# games people left (a page gone mid-game, an invite never opened) stay in play for ever.
CLOSE_IDLE = 30 * 86400.0
IDLE_CHECK = 3600.0
# Open pages: each costs a socket and a frame at every move. Spectators are capped per game
# and across the server; a seat's own pages (tabs, devices) by seat, so that spectators can
# never lock a player out of the game.
MAX_WATCHERS = 1000
MAX_GAME_WATCHERS = 64
MAX_SEAT_PAGES = 8
# Seconds a person seat the game waits for may have had no page connected before the other
# players may let the AI play it: a person who never came, or left for good, would otherwise
# stop the game forever (resigning would hand the win to the absent side).
HAND_AFTER = 120.0
# The organiser's token (`organiser_token`): as `warroom serve` makes it, or one of the
# organiser's own, visible ASCII, no space (it travels in an Authorization header)
ORGANISER_TOKEN = re.compile(r"[!-~]{16,256}")
CLOSED = "The organiser closed this table: nothing more is played in it"
# ... and one the server closed as idle (`--close-idle`), after DAYS days
IDLE_CLOSED = ("This table was closed after {days} with no move and no page open: nothing "
               "more is played in it")
AI_TASK = "warroom-ai:"  # the name of an AI seat's move task, then "GAME:SEAT"


# --- incoming frames ----------------------------------------------------------------------
# Strict, as the project decodes everything a client sends: a version or index of true, 1.0
# or "0" is refused by name instead of being taken for 1 or 0.
class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Hello(Strict):
    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=128)


class Act(Strict):
    """An intent: the version it was chosen at is required, whether it names its action by
    index or as the action itself (without it, a second click or a retry of the same frame
    would play the move again)."""

    type: Literal["act"]
    version: int = Field(ge=0)
    index: int | None = Field(default=None, ge=0)
    action: dict[str, Any] | None = None


class Ping(Strict):
    type: Literal["ping"]


class Resign(Strict):
    """The connection's seat gives up: no field names the seat, which is the hello's."""

    type: Literal["resign"]


class Hand(Strict):
    """Let the AI play `seat`, whose person has been away (a player's frame, not the seat's)."""

    type: Literal["hand"]
    seat: int = Field(ge=0)


class SeatIn(Strict):
    kind: Literal["here", "invite", "random", "heuristic", "mcts"]
    seconds: float | None = Field(default=None, description="mcts budget per move")


class CreateIn(Strict):
    game: str
    options: dict[str, Any] = {}
    seats: list[SeatIn] = Field(max_length=8)
    seed: int | None = Field(default=None, ge=0, lt=2**63)


FRAMES: dict[str, type[Hello | Act | Ping | Resign | Hand]] = {
    "hello": Hello, "act": Act, "ping": Ping, "resign": Resign, "hand": Hand}


def parse_intent(text: str) -> Hello | Act | Ping | Resign | Hand:
    """A frame from a page, or ValueError with a one-line reason."""
    try:
        data = loads_json(text)
    except DuplicateKeyError as exc:  # which value was meant? json would keep the last
        raise ValueError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"malformed JSON (column {exc.colno}: {exc.msg})") from None
    except RecursionError:  # a few KiB of brackets nest deeper than Python's stack
        raise ValueError(TOO_DEEP) from None
    if _depth(data) > MAX_DEPTH:  # validation (and an action's decoding) recurses as deep
        raise ValueError(TOO_DEEP)
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in FRAMES:  # a list's type is no key to look up
        raise ValueError("a frame is an object whose type is hello, act, ping, resign or "
                         "hand")
    if kind == "act" and data.get("version") is None:
        raise ValueError(NO_VERSION)
    model = FRAMES[kind]
    try:
        intent = model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "frame"
        raise ValueError(f"{kind} frame, field {where}: {err['msg']}") from None
    if isinstance(intent, Act) and intent.index is None and intent.action is None:
        raise ValueError("an act frame names its action by index or as action")
    return intent


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in a decoded JSON value, without recursing."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
        deepest = max(deepest, depth)
    return deepest


# --- rates ---------------------------------------------------------------------------------
@dataclass(eq=False)
class Bucket:
    """Token bucket: `rate` a second on average, `burst` at once."""
    rate: float
    burst: float
    tokens: float = math.inf  # full
    stamp: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self) -> bool:
        """Whether it has filled up again since last used (as if never used)."""
        return self.tokens + (time.monotonic() - self.stamp) * self.rate >= self.burst

    def wait(self) -> float:
        """Seconds until the next one is allowed."""
        return max(0.0, (1 - self.tokens) / self.rate)

    def give_back(self) -> None:
        """Undo the last `allow`: what it allowed was refused, and only what is made counts
        (a client's mistakes must not use up what it may create)."""
        self.tokens = min(self.burst, self.tokens + 1)


# --- connections --------------------------------------------------------------------------
@dataclass(eq=False)
class Connection:
    ws: WebSocket
    seat: int | None
    rate: float = RATE
    log_sent: LogHeld = (0, 0)  # log lines this connection's page has (first, how many)
    version_sent: int | None = None  # the version of the last state frame sent
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(QUEUE))
    intents: Bucket = field(init=False)
    # Set by `refuse` and `end`: the page is closed with this code and reason once its frames
    # are sent (otherwise an empty text in the queue closes it with 1008, too slow)
    refused: int | None = None
    reason: str = ""
    # Messages dropped past the rate since it was last within it (`over_rate`)
    dropped: int = 0
    # When (time.monotonic) its welcome gave it the seat's own token, until it is known to
    # have it (`Server.received`)
    given: float | None = None
    # The seat this page held before the AI took it over (its person resigned, or was away):
    # a resignation from it is told that, not that spectators cannot resign
    held: int | None = None

    def __post_init__(self) -> None:
        self.intents = Bucket(self.rate, BURST)

    def allow(self) -> bool:
        """`rate` intents a second on average, BURST at once."""
        return self.intents.allow()

    def over_rate(self) -> bool:
        """Whether a message is dropped, past `rate` a second (BURST at once). A flood is
        told once, in one error frame, and then dropped unanswered until the page has been
        quiet long enough to send BURST again: an answer to each message would multiply its
        traffic, and fill the queue of a page that reads everything (closed as too slow).
        Past FLOOD dropped, the page is closed (1008, "too many messages")."""
        if self.dropped and self.intents.full():
            self.dropped = 0
        if self.allow():
            return False
        self.dropped += 1
        if self.dropped == 1:
            self.send(error_frame(f"too many messages: at most {self.rate:g} a second "
                                  f"(bursts of {BURST}); the messages past it are dropped "
                                  "unanswered"))
        elif self.dropped > FLOOD:
            self.end(1008, f"too many messages (more than {self.rate:g} a second)")
        return True

    def send_state(self, live: LiveGame, changed_only: bool = False) -> None:
        """The seat's state frame; with `changed_only`, only if what the seat sees changed
        since the last one (a frame for every action would tell it of moves it cannot see)."""
        version = live.view_version(self.seat)
        if changed_only and version == self.version_sent:
            return
        text, self.log_sent = live.frame(self.seat, self.log_sent)
        self.version_sent = version
        self.send(text)

    def send(self, text: str) -> None:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # a connection that reads nothing is dropped, not waited on
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait("")  # the writer closes the connection

    def refuse(self, message: str, code: int, closed: dict[str, Any] | None = None) -> None:
        """The page is told `message` in one error frame, after the frames before it, and
        then closed with `code`; the connection reads nothing more (`_serve` ends). `closed`:
        who closed the table (`error_frame`)."""
        self.send(error_frame(message, closed=closed))
        self.end(code)

    def end(self, code: int, reason: str = "") -> None:
        """The page is closed with `code` and `reason` once the frames before are sent; the
        connection reads nothing more (`_serve` ends)."""
        self.refused, self.reason = code, reason
        self.send("")

    async def writer(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if not text:
                    if self.refused is not None:
                        await self.ws.close(code=self.refused, reason=self.reason or None)
                    else:
                        await self.ws.close(code=1008, reason="too slow")
                    return
                await self.ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the page went away; its reader ends the connection


@dataclass(eq=False)
class Greeting:
    """A connection waiting for its hello until `deadline`; `dropped` once a newer one of its
    address took its place (`Server.greeting_of`)."""
    deadline: asyncio.Timeout
    dropped: bool = False


class WrongTokens:
    """The wrong organiser tokens each client address sent in the last TOKEN_WINDOW seconds
    (TOKEN_TRIES at most are kept), by `clock` (time.monotonic; a test's own)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.failed: dict[str, deque[float]] = {}  # the address last failed, last

    def wait(self, client: str) -> float:
        """Seconds before `client`'s next token is checked: 0, now."""
        times = self.failed.get(client)
        if times is None or len(times) < TOKEN_TRIES:
            return 0.0
        return max(0.0, times[0] + TOKEN_WINDOW - self.clock())

    def wrong(self, client: str) -> None:
        """`client` sent a wrong token now."""
        now = self.clock()
        times = self.failed.pop(client, None) or deque(maxlen=TOKEN_TRIES)
        times.append(now)
        if len(self.failed) >= TOKEN_CLIENTS:
            # addresses many and new enough must not grow it without bound: those whose
            # failures have all passed go first, then those that failed least recently
            for address in [a for a, t in self.failed.items() if now - t[-1] >= TOKEN_WINDOW]:
                del self.failed[address]
            while len(self.failed) >= TOKEN_CLIENTS:
                del self.failed[next(iter(self.failed))]
        self.failed[client] = times

    def right(self, client: str) -> None:
        """`client` sent the right token: its mistakes before are forgiven."""
        self.failed.pop(client, None)


class TooManyGames(WarroomError):
    """A new game (or upload) refused: the server already holds its cap of games in play, or
    the client address made too many; `wait` is the seconds to try again after (the 429's
    Retry-After)."""

    def __init__(self, message: str, wait: float):
        super().__init__(message)
        self.wait = wait


def error_frame(message: str, retry: bool = False,
                closed: dict[str, Any] | None = None) -> str:
    """One line the page shows; `retry` for a refusal that passes (too many at once, 4429):
    the page tries again later, as the close code may not reach it (an abnormal close);
    `closed` for the refusal of a closed table (4410), which the page says so: who closed it
    (`live.closed_by`: the organiser, or the server when it was left idle)."""
    frame: dict[str, object] = {"type": "error",
                                "message": message.splitlines()[0] if message else ""}
    if retry:
        frame["retry"] = True
    if closed is not None:
        frame["closed"] = True
        frame.update({k: v for k, v in closed.items() if k in ("by", "idle_days")})
    return json.dumps(frame)


def closed_notice(by: dict[str, Any]) -> str:
    """Who closed a table (`live.closed_by`), in one line."""
    if by.get("by") != "idle":
        return CLOSED
    days = by["idle_days"]
    return IDLE_CLOSED.format(days=f"{days:g} day{'' if days == 1 else 's'}")


def closed_text(game_id: str, by: dict[str, Any]) -> str:
    """What a page at a closed table is told, in one line."""
    return (f"{closed_notice(by)} (game {game_id}); its record so far is at "
            f"/api/games/{game_id}/record, and its replay at /replay/{game_id}")


def queued_frame(message: str) -> str:
    """Where the table's AI search stands in line for a worker process, for its page's
    status line; "" once it has one."""
    return json.dumps({"type": "queued", "message": message})


def queued_text(ahead: int, people: int) -> str:
    """An AI search waiting for a worker process behind the searches of `ahead` other tables,
    `people` of them tables where people play (which go first)."""
    if not ahead:
        return "the AI's search is next in line for a worker"
    tables = counted(ahead, "table")
    if people == ahead:
        return f"the AI's search is queued behind {tables} where people play"
    if not people:
        return f"the AI's search is queued behind {tables}"
    return f"the AI's search is queued behind {tables}, {people} where people play"


def notice_frame(message: str) -> str:
    """One line the page shows until the next: what happened at the table outside the game's
    own log (a resignation, a seat handed to the AI, a link that opens its seat no more)."""
    return json.dumps({"type": "notice", "message": message})


# --- the server ---------------------------------------------------------------------------
class Server:
    """Live games, their connections, and the AI workers."""

    def __init__(self, store: GameStore, ai_processes: int = 2, ai_delay: float = 0.0,
                 rate: float = RATE, allow_seed: bool = False, max_games: int = MAX_GAMES,
                 idle: float = IDLE, create_every: float = CREATE_EVERY,
                 hand_after: float = HAND_AFTER, upload_every: float = UPLOAD_EVERY,
                 close_idle: float = CLOSE_IDLE):
        self.store = store
        self.idle_close = close_idle
        self._watching: asyncio.Task[None] | None = None  # (`watch_idle`)
        self.hand_after = hand_after
        self.create_every = create_every
        self.creators: dict[str, Bucket] = {}  # by client address
        self.upload_every = upload_every
        self.uploaders: dict[str, Bucket] = {}  # by client address
        self.wrong_tokens = WrongTokens()  # the organiser's, by client address
        # connections awaiting their hello, by address, the oldest first
        self.greeting: dict[str, list[Greeting]] = {}
        self.max_greeting = MAX_GREETING
        # Finished games' replay answers (`replay_body`), least recently asked for first
        # (the JSON, and the same gzip-compressed)
        self.replays: OrderedDict[tuple[Any, ...], tuple[bytes, bytes]] = OrderedDict()
        self.replay_bytes = 0
        self.replay_builds: dict[tuple[Any, ...], asyncio.Future[tuple[bytes, bytes]]] = {}
        self.replay_slots = asyncio.Semaphore(REPLAY_BUILDS)
        self.max_games = max_games
        self.idle = idle
        self.rate = rate
        self.allow_seed = allow_seed
        self.uploads = Uploads(store)
        self.games: dict[str, LiveGame] = {}
        self.broken: dict[str, str] = {}  # games that no longer rebuild, and why
        # Finished games listed from their stored summaries, not rebuilt at start; those of
        # them rebuilt since (in `games` while kept), the most recently asked for last; and
        # those being rebuilt
        self.listed: dict[str, ListedGame] = {}
        self.rebuilt: OrderedDict[str, None] = OrderedDict()
        self.rebuilding: dict[str, asyncio.Future[LiveGame | None]] = {}
        self.rebuilt_kept = REBUILT_KEPT
        self._rebuilds: Executor | None = None
        # refusals of too many from one address or for the server (4429, 429), by what was
        # refused, not yet said in the log, and when they were last said (time.monotonic)
        self.refusals: Counter[str] = Counter()
        self.refusals_said: float | None = None
        # Games made under another rules version than this release's: listed, never replayed
        self.outdated: dict[str, OutdatedGame] = {}
        # Games another server over the same store changed (a Conflict): this one's copy is
        # behind the store for good, so it changes them no more until it restarts
        self.elsewhere: set[str] = set()
        self.conns: dict[str, set[Connection]] = {}
        self.max_watchers, self.max_game_watchers = MAX_WATCHERS, MAX_GAME_WATCHERS
        self.max_seat_pages = MAX_SEAT_PAGES
        self.ai_delay = ai_delay
        self.ai_processes = ai_processes
        self._threads: Executor | None = None
        self._processes: ProcessPoolExecutor | None = None
        self._warming: asyncio.Future[None] | None = None  # the worker processes starting
        self._closed = False
        self._pages_at_stop: int | None = None  # (`stopping`)
        self._checks: ThreadPoolExecutor | None = None  # uploads' checks, one at a time
        self.body_seconds = BODY_SECONDS
        self._thinking: set[tuple[str, int]] = set()
        # the process pool's workers, by game: a table where a person waits first
        self.queued: dict[str, str] = {}  # what each game's pages were last told of its line
        self._turns = TakeTurns(max(ai_processes, 1), self._person_waits, self.tell_line)
        # AI seats' beats at tables that hide how many moves a seat makes (`Beat`), by game
        # and seat; the beats in a row since a person's move, by game (`pause`); and the
        # beats whose seen action was ready only after the beat's end (searches and waits
        # longer than it: one-iteration searches of very many unseen moves, busy workers)
        self._beats: dict[str, dict[int, Beat]] = {}
        self._beats_run: Counter[str] = Counter()
        self.beats_late = 0
        # AI pacing's clock and wait (a test puts fakes in their place)
        self.clock: Callable[[], float] = time.monotonic
        self.sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep
        self._tasks: set[asyncio.Task[Any]] = set()
        try:
            self.load()
        except BaseException:  # (a file that cannot be read: let go of, as `close` would)
            self.store.close()
            raise

    def _person_waits(self, game: str) -> bool:
        """A page of one of the game's people's seats is connected (spectators are not
        counted): its AI's searches go before those of tables of AI seats only."""
        live = self.games.get(game)
        return live is not None and bool(live.connections)

    def tell_line(self, but: Connection | None = None) -> None:
        """The pages of a game whose AI search waits for a worker process hear where it
        stands in line (`queued_text`), and hear again when that changes or it is given one:
        an AI-only table behind tables where people play seemed to have stopped. (`but`: a
        page not yet welcomed, told after its welcome.)"""
        line = self._turns.line()
        for game_id in [g for g in self.queued if g not in line and not self._hushed(g)]:
            del self.queued[game_id]
            self._tell_queued(game_id, "", but)
        for game_id, (ahead, people) in line.items():
            if self._hushed(game_id):
                continue
            text = queued_text(ahead, people)
            if self.queued.get(game_id) != text:
                self.queued[game_id] = text
                self._tell_queued(game_id, text, but)

    def _hushed(self, game_id: str) -> bool:
        """Whether the game's pages hear nothing of its AI's searches in line now: a beat
        (`Beat`) has begun its searches, and a word of its next would count them. They hear
        where the beat's first stands, and again once the beat ends."""
        return any(beat.searches for beat in self._beats.get(game_id, {}).values())

    def _tell_queued(self, game_id: str, text: str, but: Connection | None) -> None:
        frame = queued_frame(text)
        for conn in self.conns.get(game_id, ()):
            if conn is not but:
                conn.send(frame)

    # --- games ---
    def load(self) -> None:
        """Rebuild every stored game in play by replaying its record; one made under another
        rules version is listed as it is stored, not replayed, and a finished one with a
        summary stored is listed from it (`ListedGame`), rebuilt only when asked for."""
        started = time.perf_counter()
        for row in self.store.games(listed=True):
            game = REGISTRY.get(row.game)
            if row.summary is not None and row.finished and not row.damage:
                if game is not None and row.version == game.version:
                    self.listed[row.id] = ListedGame(row, game)
                    continue
                whole = self.store.game(row.id)  # read without its actions: read it whole
                if whole is None:
                    continue
                row = whole
            try:
                rebuilt = self._rebuild(row)
            except (WarroomError, KeyError) as exc:
                self.broken[row.id] = str(exc)
                log.warning("game %s does not rebuild: %s", row.id, exc)
                continue
            if isinstance(rebuilt, OutdatedGame):
                self.outdated[row.id] = rebuilt
                log.warning("game %s is not rebuilt: it was %s", row.id, rebuilt.why)
            else:
                self.games[row.id] = rebuilt
        closed = sum(listed.closed for listed in self.listed.values())  # by the organiser
        log.info("%s rebuilt in %.1f s (%d in play, %d finished); %s%s listed from the store, "
                 "%d of other rules versions, %d that %s not rebuild",
                 counted(len(self.games), "game"), time.perf_counter() - started,
                 sum(not live.over() for live in self.games.values()),
                 sum(live.over() for live in self.games.values()),
                 counted(len(self.listed) - closed, "finished game"),
                 f" and {closed} closed" if closed else "", len(self.outdated),
                 len(self.broken), "does" if len(self.broken) == 1 else "do")
        # one found over at start (no summary stored before; its summary stored now) is kept
        # as one rebuilt when asked for, and dropped as they are
        for live in list(self.games.values()):
            if live.over():
                self.finished(live)
        # A game with no time stored (an older release's) counts from this start: it may have
        # been played yesterday.
        started_at, stored = time.time(), self.store.activity()
        for live in self.games.values():
            live.active_stored = stored.get(live.id)
            live.last_active = stored.get(live.id, started_at)
        self.close_idle()

    def known(self, game_id: str) -> LiveGame | OutdatedGame | ListedGame | None:
        """A game in memory, one listed only (another rules version), or a finished one
        listed from its summary (its rebuilt copy, if one is kept), without rebuilding it."""
        return (self.games.get(game_id) or self.outdated.get(game_id)
                or self.listed.get(game_id))

    async def held(self, game_id: str) -> LiveGame | None:
        """The game `game_id` to play, watch or replay: one in memory, or a finished one
        listed from its summary, rebuilt now (in a thread: a long game takes seconds) and kept
        a while. None if there is none (or it does not rebuild: `broken` says why)."""
        live = self.games.get(game_id)
        if live is not None:
            if game_id in self.rebuilt:
                self.rebuilt.move_to_end(game_id)
            return live
        if game_id not in self.listed:
            return None
        building = self.rebuilding.get(game_id)
        if building is None:
            if self._rebuilds is None:
                self._rebuilds = LooseThreads(REBUILDS, "warroom-rebuild")
            building = asyncio.get_running_loop().run_in_executor(
                self._rebuilds, self._rebuild_listed, game_id)
            self.rebuilding[game_id] = building
            building.add_done_callback(lambda _: self.rebuilding.pop(game_id, None))
        live = await asyncio.shield(building)
        if live is None:
            return None
        if game_id not in self.games and game_id in self.listed:
            self.games[game_id] = live
            self.rebuilt[game_id] = None
            self.drop_rebuilt()
        return self.games.get(game_id, live)

    def finished(self, live: LiveGame) -> None:
        """`live`, held in memory, is over: once its summary is stored (`keep_summary`), it
        is listed from it (`ListedGame`) as a game found finished at start is, and kept as one
        just rebuilt for a page: dropped from memory as those are (`drop_rebuilt`), and
        rebuilt when asked for again. Its summary not stored (a write the store could not
        take), it stays in memory until a restart, which rebuilds it and stores it."""
        if (live.row.summary is None or self.games.get(live.id) is not live
                or live.id in self.rebuilt):
            return
        self.listed[live.id] = ListedGame(live.row, live.game)
        self.rebuilt[live.id] = None
        self.drop_rebuilt()

    def drop_rebuilt(self) -> None:
        """Drop the finished games kept in memory (`rebuilt`) but any a page has open and, of
        the others, the last `rebuilt_kept` asked for: each is listed from its summary
        (`listed`) and rebuilt when asked for. A request that holds one (a replay being
        built) keeps its copy while it needs it; a page opening on it later gets a new one."""
        idle = [gid for gid in self.rebuilt if not self.conns.get(gid)]
        for old in idle[:max(0, len(idle) - self.rebuilt_kept)]:
            del self.rebuilt[old]
            del self.games[old]
            self.conns.pop(old, None)

    def _rebuild_listed(self, game_id: str) -> LiveGame | None:
        try:
            row = self.store.game(game_id)  # (a damaged page: this game is refused, said once)
            if row is None:
                raise StoreError("its row is no longer in the database")
            rebuilt = self._rebuild(row)
            if isinstance(rebuilt, OutdatedGame):  # (its version was checked at start)
                raise StoreError(f"it was {rebuilt.why}")
        except (WarroomError, KeyError) as exc:
            self.broken[game_id] = str(exc)
            self.listed.pop(game_id, None)
            log.warning("game %s does not rebuild: %s", game_id, exc)
            return None
        return rebuilt

    def _rebuild(self, row: GameRow) -> LiveGame | OutdatedGame:
        if row.damage:
            raise StoreError(row.damage)
        game = REGISTRY.get(row.game)
        if game is None:
            raise ConfigError(f"game {row.game!r} is not registered")
        if row.version is not None and row.version != game.version:
            return OutdatedGame(row, game)
        # its data files from the copies stored with it (none: an older warroom's game, whose
        # files are read from disk, as they always were, and stored now)
        config, names = config_from(game, row.options, self.uploads, row.files)
        record = Record(game.name, game.version, config_to_json(config), row.seed,
                        list(row.actions))
        state = replay_to_end(game, record)
        # the seats are indexed by player, and a resignation names one
        if len(row.seats) != state.num_players:
            raise StoreError(f"table games: {len(row.seats)} seats stored for "
                             f"{state.num_players} players")
        if any(not 0 <= seat < state.num_players for seat in row.joined):
            raise StoreError(f"table joins: a seat of {row.joined} is not one of the "
                             f"{state.num_players} seats")
        for table, changes in (("resignations", row.resignations),
                               ("handovers", row.handovers)):
            for seat, at in changes:
                if not (0 <= seat < state.num_players and 0 <= at <= len(row.actions)):
                    raise StoreError(f"table {table}: seat {seat} after {at} actions, of "
                                     f"{state.num_players} seats and {len(row.actions)} "
                                     "actions")
                if row.seats[seat].kind != "person":  # only a person resigns, or is away
                    raise StoreError(f"table {table}: seat {seat} is an AI's "
                                     f"({row.seats[seat].spec}), not a person's")
        for seat, _ in row.claims:  # only an invite link is claimed
            if not (0 <= seat < state.num_players and row.seats[seat].kind == "person"
                    and row.seats[seat].label == "invite"):
                raise StoreError(f"table claims: seat {seat} is not an invite seat of the "
                                 f"{state.num_players}")
        unstamped = row.version is None
        stamp_rules(row, game, config, names)
        live = LiveGame(row, game, config, state, names)
        # in the order they happened (a seat handed to the AI resigns no more, and back)
        changes = seat_changes(row)
        for seat, at, why in changes:
            away = why == "away"
            # as at the table: nothing changes hands in a game a resignation ended, and a
            # seat the AI plays has no person to resign it or to be away
            late = ("the game was over already" if live.ended is not None else
                    "the AI played it already" if live.why_handed(seat) is not None else "")
            if late:
                raise StoreError(f"table {'handovers' if away else 'resignations'}: seat "
                                 f"{seat} after {at} actions, when {late}")
            if away:
                live.to_ai(seat, at, "away")
            else:
                # A finished game's last resignation, after its last action, ended it as the
                # server of its day read it: an alliance member's did before members played
                # on to the AI, and the game stays over.
                ended = live.resign_ended_game_at(seat, at) or (
                    row.finished and not row.closed and (seat, at, why) == changes[-1]
                    and at == len(row.actions) and not live.state.is_terminal())
                live.gave_up(seat, at, ended)
        if unstamped:  # so that a later release does not replay it under other rules
            try:
                self.store.add_rules(row)
            except WriteFailed as exc:
                log.warning("game %s: could not store its rules version and data files (%s); "
                            "the next start stores them", row.id, exc)
        if live.over():  # (a row older than `finished`, or whose end the store missed)
            self.note_end(live)
        return live

    def in_play(self) -> int:
        return sum(live.in_play(self.idle) for live in self.games.values())

    def may_create(self, client: str) -> Bucket | None:
        """Refuse (TooManyGames) a client address that has created games too fast (never,
        with `create_every` 0). The bucket taken from is given back (`Bucket.give_back`) when
        no game is created after all: only games created count."""
        return _take(self.creators, client, self.create_every, CREATE_BURST, "games created")

    def may_upload(self, client: str) -> Bucket | None:
        """As `may_create`, for uploaded files (`upload_every`): every file the game's loader
        checked counts, refused or stored (the work is the check), and `upload` gives back
        only a request refused before it, or one the store could not take."""
        return _take(self.uploaders, client, self.upload_every, UPLOAD_BURST,
                     "files uploaded")

    async def add_upload(self, game: Game, option: str, name: str, content: bytes
                         ) -> FileRow:
        """`Uploads.add` (the game's loader checks the file, then the store keeps it) in a
        worker thread, never on the event loop: a large file takes seconds to check, and every
        table stays live meanwhile. One file is checked at a time, whatever the clients; the
        others wait their turn."""
        if self._checks is None:
            self._checks = ThreadPoolExecutor(1, thread_name_prefix="warroom-upload")
        return await asyncio.get_running_loop().run_in_executor(
            self._checks, self.uploads.add, game, option, name, content)

    async def replay_body(self, live: LiveGame, viewer: int | None, first: int,
                          count: int | None, log_changes: bool) -> tuple[bytes, bytes]:
        """`_replay_json` of a finished game and its gzip form, built once: kept in a small
        cache (a finished game never changes; its version is in the key all the same), and a
        request that comes while the same answer is being built waits for that build. At
        most REPLAY_BUILDS are built at once, in threads; other requests wait their turn."""
        key = (live.id, live.version, viewer, first, count, log_changes)
        body = self.replays.get(key)
        if body is not None:
            self.replays.move_to_end(key)
            return body
        build = self.replay_builds.get(key)
        if build is None:
            build = asyncio.ensure_future(self._build_replay(key, live, viewer, first, count,
                                                             log_changes))
            self.replay_builds[key] = build
            build.add_done_callback(lambda _: self.replay_builds.pop(key, None))
        # shielded: a page that goes away does not cancel the build others wait for
        return await asyncio.shield(build)

    async def _build_replay(self, key: tuple[Any, ...], live: LiveGame, viewer: int | None,
                            first: int, count: int | None,
                            log_changes: bool) -> tuple[bytes, bytes]:
        async with self.replay_slots:
            # A long game's replay takes seconds: in a thread, so that every table stays live.
            # Compressed once here too: the GZip middleware would compress the whole answer
            # again for every request (a second of CPU for a long Viktory II game).
            answer = await asyncio.to_thread(_replay_answer, live, viewer, first, count,
                                             log_changes)
        size = len(answer[0]) + len(answer[1])
        if size <= REPLAY_CACHE_BYTES:
            self.replays[key] = answer
            self.replay_bytes += size
            while (self.replay_bytes > REPLAY_CACHE_BYTES
                   or len(self.replays) > REPLAY_CACHE_ENTRIES):
                _, (plain, packed) = self.replays.popitem(last=False)
                self.replay_bytes -= len(plain) + len(packed)
        return answer

    def create(self, body: CreateIn) -> tuple[LiveGame, list[dict[str, Any]]]:
        # A game in play keeps its AI seats thinking and its pages sent to: a client must not
        # be able to start them without bound. Games abandoned (nobody connected, no move for
        # an hour) and finished ones do not count, so they cannot lock a long-running server.
        if self.in_play() >= self.max_games:
            raise TooManyGames(f"this server holds its limit of games in play, "
                               f"{self.max_games} (warroom serve --max-games: unfinished games "
                               "with a move or a player's page connected in the last hour); finish "
                               "one, or try again later", RETRY_FULL)
        game = REGISTRY.get(body.game)
        if game is None:
            raise ConfigError(f"unknown game {body.game!r}; games are: {', '.join(REGISTRY)}")
        if body.seed is not None and not self.allow_seed:
            # Whoever knows the seed knows every shuffle: a player must not choose it.
            raise ConfigError("seed: this server chooses the seed of every game")
        options = _file_forms(game, body.options)
        config, names = config_from(game, options, self.uploads)
        # 63 bits: a seed of 31 could be found by trying them all against what a seat sees.
        seed = body.seed if body.seed is not None else secrets.randbits(63)
        state = game.new_state(config, seed)
        if len(body.seats) != state.num_players:
            raise ConfigError(f"{game.name} with these options has {state.num_players} seats; "
                              f"got {len(body.seats)}")
        seats, tokens = [], []
        for i, seat in enumerate(body.seats):
            spec = _spec(seat, i)  # a person's seat too: given a budget, it is refused
            if seat.kind in AI_KINDS:
                seats.append(SeatRow("ai", spec))
                continue
            token = new_token()
            seats.append(SeatRow("person", token_hash=token_hash(token),
                                 label="hotseat" if seat.kind == "here" else "invite"))
            tokens.append({"seat": i, "kind": seat.kind, "token": token})
        row = GameRow(secrets.token_hex(6), game.name, _stored_options(options), seed,
                      seats)
        stamp_rules(row, game, config, names)  # stored with it: a restart replays these
        self.store.add_game(row)
        log.info("game %s created: %s, seats %s", row.id, game.name,
                 ", ".join(map(_seat_kind, seats)))
        live = LiveGame(row, game, config, state, names)
        # In play from the start only if an AI seat moves at once (it plays after ai_delay:
        # games made meanwhile must not pass the cap); a game whose people have not come
        # counts once a page connects, or a move is made.
        if live.ai_seats_to_move():
            live.touch()
        self.games[row.id] = live
        if _has_mcts(live):
            self.warm()
        self.kick_ai(live)
        return live, tokens

    # --- intents ---
    async def act(self, live: LiveGame, conn: Connection, intent: Act) -> None:
        if self.stale(live, conn, "your action"):
            return
        try:
            action = live.resolve(conn.seat, intent.version, intent.index, intent.action)
            assert conn.seat is not None
            live.apply(self.store, conn.seat, action, (intent.version, intent.index))
            self._beats_run.pop(live.id, None)  # the AI's next run is paced afresh (`pause`)
        except AlreadyPlayed:  # answered as it was played: by the state, with the move in it
            conn.send_state(live)
            return
        except Rejected as exc:
            conn.send(error_frame(str(exc)))  # the page already holds the latest state
            return
        except WriteFailed as exc:  # nothing changed: the same intent may be sent again
            _not_stored(f"game {live.id}: seat {conn.seat}'s action", exc)
            conn.send(error_frame(f"could not store the action ({exc}); nothing was played, "
                                  "try again"))
            return
        except Conflict as exc:  # nothing changed, and the same intent never will succeed
            self.changed_elsewhere(live, exc, f"seat {conn.seat}'s action", conn,
                                   "your action")
            return
        self.after_action(live)

    async def resign(self, live: LiveGame, conn: Connection) -> None:
        seat = conn.seat
        if self.stale(live, conn, "your resignation"):
            return
        try:
            ended = live.resign(self.store, seat, conn.held)
        except Rejected as exc:
            conn.send(error_frame(str(exc)))
            return
        except WriteFailed as exc:  # nothing changed: the same intent may be sent again
            _not_stored(f"game {live.id}: seat {seat}'s resignation", exc)
            conn.send(error_frame(f"could not store the resignation ({exc}); nothing changed, "
                                  "try again"))
            return
        except Conflict as exc:
            self.changed_elsewhere(live, exc, f"seat {seat}'s resignation", conn,
                                   "your resignation")
            return
        log.info("game %s: seat %s resigned (%s)", live.id, seat,
                 "the game ends" if ended is not None else f"the {HANDOVER} AI plays on")
        if ended is None:  # the AI plays the seat on: its pages watch, every page relabels it
            self.seat_to_ai(live, seat, f"Seat {seat} resigned; the {HANDOVER} AI plays on",
                            own=f"You resigned seat {seat}; the {HANDOVER} AI plays it on")
        self.after_action(live)

    async def hand(self, live: LiveGame, conn: Connection, intent: Hand) -> None:
        """A player lets the AI play a seat whose person has been away `hand_after` s."""
        if self.stale(live, conn, "the hand-over"):
            return
        gone = live.away_for(intent.seat) if intent.seat < live.num_players else None
        try:
            live.hand(self.store, conn.seat, intent.seat, self.hand_after)
        except Rejected as exc:
            conn.send(error_frame(str(exc)))
            return
        except WriteFailed as exc:
            _not_stored(f"game {live.id}: seat {conn.seat}'s hand-over of seat {intent.seat} "
                        "to the AI", exc)
            conn.send(error_frame(f"could not store the hand-over ({exc}); nothing changed, "
                                  "try again"))
            return
        except Conflict as exc:
            self.changed_elsewhere(live, exc, f"seat {conn.seat}'s hand-over of seat "
                                   f"{intent.seat} to the AI", conn, "the hand-over")
            return
        log.info("game %s: seat %s, away %s, handed to the %s AI by seat %s", live.id,
                 intent.seat, away_text(gone or 0), HANDOVER, conn.seat)
        self.seat_to_ai(live, intent.seat, f"Seat {intent.seat} was away "
                        f"{away_text(gone or 0)}: seat {conn.seat} let the {HANDOVER} AI play "
                        "it on")
        self.after_action(live)

    def seat_to_ai(self, live: LiveGame, seat: int | None, notice: str,
                   own: str = "") -> None:
        """`seat` is the AI's now: its pages watch, and every page relabels it and is told
        `notice`; the seat's own pages (the resigner's, whose notice would otherwise still
        be an older one) are told `own` instead, when given."""
        conns = self.conns.get(live.id, ())
        mine = {other for other in conns if other.seat == seat}
        for other in mine:
            other.seat, other.log_sent = None, (0, 0)  # a spectator's log, afresh
            other.held = seat
        for other in conns:
            other.version_sent = None  # a new welcome is followed by the state, as at hello
            other.send(json.dumps(_welcome(live, other.seat, self.hand_after)))
            other.send(notice_frame(own if own and other in mine else notice))

    def changed_elsewhere(self, live: LiveGame, exc: Conflict, what: str,
                          conn: Connection | None = None, yours: str = "") -> None:
        """The store refused `what` (a Conflict: another server over the same database
        changed the game first), and nothing changed, in memory or on disk. This server's copy
        of the game is behind the store for good: that is logged in one line, the game changes
        here no more until a restart rebuilds it (`stale`; its AI seats stop), and the page
        that asked, if any, is told so and closed (4409, as for a seat claimed on another
        server)."""
        self.elsewhere.add(live.id)
        log.warning("game %s: %s was refused: %s, by another server over this database; this "
                    "server changes the game no more until it restarts", live.id, what, exc)
        if conn is not None:
            conn.refuse(_elsewhere_text(yours), 4409)

    def stale(self, live: LiveGame, conn: Connection, yours: str) -> bool:
        """Whether another server over the same database changed `live` (`changed_elsewhere`):
        then `conn`'s intent is refused as the first was, changing nothing, and its page
        closed (4409)."""
        if live.id not in self.elsewhere:
            return False
        conn.refuse(_elsewhere_text(yours), 4409)
        return True

    def no_room(self, live: LiveGame, seat: int | None) -> str:
        """Why one more page of `seat` (None: a spectator) may not open on `live`, or ""."""
        here = [c.seat for c in self.conns.get(live.id, ())]
        if seat is not None:
            if here.count(seat) >= self.max_seat_pages:
                return (f"seat {seat} already has {self.max_seat_pages} pages open, the most "
                        "it may; close one and reload")
            return ""
        if here.count(None) >= self.max_game_watchers:
            return (f"this game has {self.max_game_watchers} spectators, the most it may; "
                    "try again later")
        watching = sum(c.seat is None for conns in self.conns.values() for c in conns)
        if watching >= self.max_watchers:
            return (f"this server has {self.max_watchers} spectators, the most it may; try "
                    "again later")
        return ""

    def claim_held(self, live: LiveGame, seat: int) -> bool:
        """Whether a page given the own token of `seat` (a claimed invite seat) holds the seat
        still, its invite link then watching: its connection is open, and was given the
        token less than CLAIM_ANSWER s ago (else it may never have got it)."""
        now = time.monotonic()
        return any(c.seat == seat and c.given is not None and now - c.given < CLAIM_ANSWER
                   for c in self.conns.get(live.id, ()))

    def received(self, live: LiveGame, seat: int) -> None:
        """A page holds the own token of `seat`, a claimed invite seat: it opened the seat with
        it, or sent a frame, or closed the connection itself (1000), after the welcome that
        gave it. The invite link is spent from now on, and a restart keeps that; a write the
        store cannot take now is logged (after a restart the link would give a new token)."""
        if seat not in live.pending:
            return
        live.pending.discard(seat)
        try:
            self.store.add_received(live.id, seat)
        except WriteFailed as exc:
            log.warning("game %s: could not store that seat %s's token was received (%s)",
                        live.id, seat, exc)

    def join(self, live: LiveGame, seat: int) -> None:
        """A person seat's page connected: stored the first time (a restart must not list a
        game everyone joined as open again). A write the store cannot take now does not keep
        the person from the table: the seat's next page tries again."""
        if seat in live.joins_stored:
            return
        try:
            self.store.add_join(live.id, seat)
        except WriteFailed as exc:
            log.warning("game %s: could not store that seat %s joined (%s)", live.id, seat, exc)
            return
        live.joins_stored.add(seat)
        if live.row.summary is not None:  # a finished game's: its seat reads joined now
            self.keep_summary(live)

    def note_end(self, live: LiveGame) -> None:
        """`live` is over: stored once, so that after an upgrade, which does not replay it,
        its record (every secret) is offered; a game not known to be over keeps it back. A
        write the store cannot take now is logged; the next start, rebuilding the game
        ended, stores it."""
        if not live.row.finished:
            try:
                self.store.add_end(live.id)
            except WriteFailed as exc:
                log.warning("game %s: could not store that it is over (%s); the next start "
                            "stores it", live.id, exc)
                return
            live.row.finished = True
        if live.row.summary is None:
            self.keep_summary(live)

    def keep_summary(self, live: LiveGame) -> None:
        """Store what the lobby lists of finished `live` (`kept_summary`), so that a start
        lists it without replaying it; one the store cannot take now is logged, and the next
        start, rebuilding the game, stores it."""
        summary = kept_summary(live)
        try:
            self.store.add_summary(live.id, summary)
        except WriteFailed as exc:
            log.warning("game %s: could not store its summary (%s); the next start rebuilds "
                        "it and stores it", live.id, exc)
            return
        live.row.summary = summary
        if live.id in self.listed:
            self.listed[live.id] = ListedGame(live.row, live.game)

    def tell_presence(self, live: LiveGame, but: Connection | None = None) -> None:
        """A seat's page came or went: every other page at the table hears it at once (the
        header says whether an awaited person is connected)."""
        frame = live.presence_frame()
        for conn in self.conns.get(live.id, ()):
            if conn is not but:
                conn.send(frame)
        self.tell_line(but)  # a table where a person waits goes ahead in the AI's line

    def after_action(self, live: LiveGame) -> None:
        """An action, resignation or hand-over changed `live`: its pages hear of it, its AI
        seats move, and its end, if it came, is stored."""
        if live.over():
            if not live.row.finished:  # (said once: its end is stored now)
                log.info("game %s finished: %s", live.id, _ended(live.outcome()))
            self._forget_beats(live.id)
            self.note_end(live)
            self.finished(live)
        for conn in self.conns.get(live.id, ()):
            conn.send_state(live, changed_only=True)
        self.kick_ai(live)

    def close_table(self, live: LiveGame, said: bool = True, idle: float | None = None) -> None:
        """The organiser closes `live`, a game not over, or the server does after `idle`
        seconds with no move and no page at it (`close_idle`): stored first (a failed write raises
        before anything changed: WriteFailed, or Conflict if another server over the same
        store ended or closed it first). Then nothing more is played in it: its AI seats'
        moves under way are dropped (one waiting for its pause or its turn at the workers
        never runs; a search a worker has begun runs out its budget, 10 s at most, and is
        thrown away), every page at the table is told and closed (4410), and it is listed
        closed, counted no more in `--max-games`. Not `said`: the caller logs the closes in
        one line (`close_idle`)."""
        self.store.add_close(live.id, idle)
        live.close(idle)
        if said:
            log.info("game %s: closed by the organiser after %s", live.id,
                     counted(live.version, "action"))
        for task in self._tasks:
            if task.get_name().startswith(f"{AI_TASK}{live.id}:"):
                task.cancel()
        self._forget_beats(live.id)
        by = closed_by(live.row)
        for conn in list(self.conns.get(live.id, ())):
            conn.send(notice_frame(closed_notice(by)))
            conn.refuse(closed_text(live.id, by), 4410, closed=by)
        self.keep_summary(live)
        self.finished(live)

    def close_idle(self) -> None:
        """Close each game in play that has had no move and no page connected for `idle_close`
        seconds (none with 0), as the organiser closes one (`close_table`), in one line of the
        log; then store when each game in play was last active, so that a restart counts on
        from there. Called at start and every IDLE_CHECK s (`watch_idle`)."""
        now = time.time()
        idle = []
        for live in list(self.games.values()):
            if live.over():
                continue
            if self.conns.get(live.id):  # a page open, a spectator's too: in use now
                live.last_active = now
            elif (self.idle_close and now - live.last_active >= self.idle_close
                  and live.id not in self.elsewhere):
                idle.append(live)
        closed, failed = 0, ""
        for live in idle:
            try:
                self.close_table(live, said=False, idle=self.idle_close)
            except WriteFailed as exc:
                failed = str(exc)
            except Conflict as exc:
                self.changed_elsewhere(live, exc, "the close of an idle table")
            else:
                closed += 1
        days = f"{self.idle_close / 86400:g} day{'' if self.idle_close == 86400 else 's'}"
        if closed:
            log.info("closed %s idle for %s", counted(closed, "table"), days)
        if failed:
            log.warning("could not store the close of %s idle for %s (%s); tried again in "
                        "an hour", counted(len(idle) - closed, "table"), days, failed)
        self.keep_activity()

    def keep_activity(self) -> None:
        """Store when each game in play was last active, where the time stored is none or an
        IDLE_CHECK older (one write): to the hour is close enough for days, and a page opened
        and closed changes nothing on disk. One the store cannot take now is logged, and
        stored at the next try."""
        changed = {live.id: live.last_active for live in self.games.values()
                   if not live.over() and (live.active_stored is None or
                                           live.last_active - live.active_stored >= IDLE_CHECK)}
        if not changed:
            return
        try:
            self.store.add_activity(changed)
        except WriteFailed as exc:
            log.warning("could not store when %s last played (%s); stored at the next try",
                        counted(len(changed), "game was", "games were"), exc)
            return
        for game_id, at in changed.items():
            self.games[game_id].active_stored = at

    def watch_idle(self) -> None:
        """Look for idle games (`close_idle`) every IDLE_CHECK s until the server stops."""
        async def every() -> None:
            while True:
                await asyncio.sleep(IDLE_CHECK)
                self.close_idle()

        self._watching = asyncio.create_task(every(), name="warroom-idle")

    def closed(self, game_id: str) -> dict[str, Any] | None:
        """Who closed the game `game_id` (`live.closed_by`), if it was closed (known without
        rebuilding it)."""
        known = self.known(game_id)
        if isinstance(known, LiveGame) and known.closed:
            return closed_by(known.row)
        return known.closed_by if isinstance(known, ListedGame) else None

    # --- AI seats ---
    def kick_ai(self, live: LiveGame) -> None:
        """Start a move for each AI seat whose decision it is (once per seat)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no loop yet (being built): the lifespan kicks every game
            return
        if live.id in self.elsewhere:  # another server changed it: this one plays it no more
            return
        for seat in live.ai_seats_to_move():
            key = (live.id, seat)
            if key in self._thinking:
                continue
            self._thinking.add(key)
            task = asyncio.create_task(self._ai_move(live, seat),
                                       name=f"{AI_TASK}{live.id}:{seat}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def pause(self, live: LiveGame) -> float:
        """The wait before an AI move: `ai_delay`, so that people can follow the AI players'
        moves, for the first PACED_MOVES of a run of them; a tenth of it after that, or a
        Viktory II turn of a hundred unit steps would keep the table waiting for a minute.
        Where the count of moves out of sight is hidden, the wait is a beat's (`Beat`), and
        the run counts beats, not moves: the pause shrinking would tell the count. A table of
        AI seats alone that a spectator watches (a club's projector) is paced at `ai_delay`
        throughout: nobody there waits for the AI, and at a tenth its game was over in ten
        seconds."""
        if self._watched_without_people(live):
            return self.ai_delay
        run = self._beats_run[live.id] if live.hides_moves else \
            live.ai_moves_in_a_row(PACED_MOVES)
        if run < PACED_MOVES:
            return self.ai_delay
        return self.ai_delay / 10

    def _watched_without_people(self, live: LiveGame) -> bool:
        return (all(seat.kind == "ai" for seat in live.seats)
                and any(c.seat is None for c in self.conns.get(live.id, ())))

    def _beat(self, live: LiveGame, seat: int) -> Beat:
        """The AI seat's beat: the one under way, if nothing else changed the game since its
        last action (another seat's move, a resignation), else one beginning now."""
        beats = self._beats.setdefault(live.id, {})
        beat = beats.get(seat)
        if beat is None or beat.changes != live.changes:
            beat = beats[seat] = self._new_beat(live, seat, self.clock())
        return beat

    def _new_beat(self, live: LiveGame, seat: int, start: float) -> Beat:
        return Beat(start, self.pause(live), beat_length(live.seats[seat].spec), live.changes)

    def _beat_played(self, live: LiveGame, seat: int, beat: Beat) -> None:
        """The beat's action was played now: the beat goes on after an action no other page
        saw; one another page saw ends it, and the seat's next begins at once (its pages
        hear of its searches in line again)."""
        if not beat.seen:
            beat.changes = live.changes
            return
        self._beats_run[live.id] += 1
        self._beats[live.id][seat] = self._new_beat(live, seat, self.clock())
        self.tell_line()

    def _forget_beats(self, game_id: str) -> None:
        self._beats.pop(game_id, None)
        self._beats_run.pop(game_id, None)

    async def _until(self, moment: float) -> None:
        """Wait until `moment` by `clock` (at once if it has passed)."""
        wait = moment - self.clock()
        if wait > 0:
            await self.sleep(wait)

    async def _ai_move(self, live: LiveGame, seat: int) -> None:
        key = (live.id, seat)
        moved = False
        beat = None
        try:
            if live.hides_moves:
                beat = self._beat(live, seat)
                if not beat.paused:  # once a beat, before its first search
                    beat.paused = True
                    await self._until(beat.start + beat.pause)
            elif self.ai_delay:
                await self.sleep(self.pause(live))
            spec = live.seats[seat].spec
            seed = derive_seed(live.row.seed, "server-ai", seat, live.version)
            try:
                data, failed = await self._think(live, spec, seed, live.state.clone(), seat)
            except Exception as exc:
                # The worker could not even fall back to a random move (its copy of the
                # state broke on the way: a worker that loaded other modules than the
                # server): the server's own state gives one, or the game would stall, with
                # nothing on its page to say why.
                data = random_action(live.game.name, seed, live.state.clone(), seat)
                failed = f"in its worker: {what_failed(exc)}"
            if failed:
                log.warning("AI seat %s (%s) of game %s failed (%s); it played a random legal "
                            "move instead", seat, spec, live.id, failed)
            moved = await self._play_ai_move(live, seat, data, beat)
        except Conflict as exc:  # nothing changed; the AI plays the game here no more
            self.changed_elsewhere(live, exc, f"AI seat {seat}'s move")
            return
        except Exception:
            log.exception("AI seat %s of game %s failed", seat, live.id)
            return
        finally:
            self._thinking.discard(key)
        if moved:
            if beat is not None:
                self._beat_played(live, seat, beat)
            self.after_action(live)
        else:
            if beat is not None:  # the position moved on: the seat's next move begins one
                self._beats.get(live.id, {}).pop(seat, None)
            self.kick_ai(live)

    async def _think(self, live: LiveGame, spec: str, seed: int, state: Any, seat: int
                     ) -> tuple[dict[str, Any], str | None]:
        """An AI seat's move (`choose_action(game, spec, seed, state, seat)`) from its pool,
        the worker processes taken in turn game by game (`TakeTurns`). A worker process that
        dies (killed, out of memory) breaks its whole process pool, and every later move sent
        to it would fail at once: a new pool takes over, and the move is asked again, up to
        POOL_RETRIES times."""
        loop = asyncio.get_running_loop()
        retries = POOL_RETRIES
        while True:
            if spec.startswith("mcts") and self.ai_processes > 0 and self._processes is None:
                self.warm()  # in a thread: starting the workers takes seconds
                if self._warming is not None:
                    await asyncio.shield(self._warming)
            pool = self._pool(spec)
            turn = self._turns.turn(live.id) if pool is self._processes else \
                contextlib.nullcontext()
            try:
                async with turn:
                    cap = self._search_begins(live, seat)
                    return await loop.run_in_executor(pool, choose_action, live.game.name,
                                                      spec, seed, state, seat, cap)
            except BrokenProcessPool:
                if pool is self._processes:
                    self._processes = None
                    pool.shutdown(wait=False, cancel_futures=True)
                if not retries:
                    raise
                retries -= 1
                log.warning("an AI worker process stopped; starting new ones")

    def _search_begins(self, live: LiveGame, seat: int) -> float | None:
        """An AI seat's search begins now: the seconds it may take (None: its budget). In a
        beat, it is counted (`_hushed`), and capped at half of what the beat has left."""
        beat = self._beats.get(live.id, {}).get(seat) if live.hides_moves else None
        if beat is None:
            return None
        beat.searches += 1
        return beat.cap(self.clock())

    async def _play_ai_move(self, live: LiveGame, seat: int, data: dict[str, Any],
                            beat: Beat | None = None) -> bool:
        """Play an AI seat's move once the store takes it; False if the position moved on
        while it thought (it thinks again), or another server over the same database changed
        the game (`changed_elsewhere`: it plays no more). A failed write (another program
        holding the database's lock, a full disk) is tried again after a pause that doubles up
        to a cap, for as long as it takes: nobody else will ask for the move again, so giving
        up would leave the game waiting on this seat until a restart. In a `beat`, a move
        another page would see waits for the beat's end first (`Beat`); one nobody else sees
        is played at once."""
        pause, cap = AI_RETRY
        tries = 0  # failed: said once, and the store taking it again then (not every pause)
        while True:
            if live.id in self.elsewhere:  # changed by another server while it thought
                return False
            try:
                action = live.resolve(seat, None, None, data)
            except Rejected:
                return False
            if beat is not None and not beat.seen and live.seen_by_others(seat, action):
                beat.seen = True
                if self.clock() > beat.ends:
                    self.beats_late += 1
                await self._until(beat.ends)
                continue  # the position may have moved on meanwhile (a resignation)
            try:
                live.apply(self.store, seat, action)
            except WriteFailed as exc:
                if not tries:
                    log.warning("AI seat %s of game %s could not store its move (%s); trying "
                                "again until it is stored (every %g s at most)", seat, live.id,
                                exc, cap)
                tries += 1
            else:
                if tries:
                    log.info("AI seat %s of game %s stored its move after %d tries", seat,
                             live.id, tries + 1)
                return True
            await asyncio.sleep(pause)
            pause = min(2 * pause, cap)

    def _pool(self, spec: str) -> Executor:
        if spec.startswith("mcts") and self.ai_processes > 0:
            if self._processes is None:
                self._processes = _worker_pool(self.ai_processes)
            return self._processes
        if self._threads is None:
            self._threads = LooseThreads(4, "warroom-ai")
        return self._threads

    def warm(self) -> None:
        """Start the mcts worker processes in a thread, unless they run or are starting: at
        start when a game in play has an mcts seat, when a game with one is created, and at
        an mcts seat's move (which waits for them: the first, or after workers died).
        Workers start from a fork server (or are spawned), not forked from the server, and
        that takes a second or more (a fresh interpreter imports warroom, once, in the fork
        server): started early, off the event loop, the first move waits for it little."""
        if (self.ai_processes <= 0 or self._processes is not None or self._warming is not None
                or self._closed):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._warming = warming = loop.create_future()
        count = self.ai_processes
        # Their fork server is started here, on the event loop's thread (the main one), where
        # it is started with Ctrl-C ignored, as every worker forked from it then is from its
        # first moment (`sim.pool_start`); from the thread below it could not be, and a worker
        # still being born took a Ctrl-C as a KeyboardInterrupt. Some 15 ms, once.
        with contextlib.suppress(OSError):  # (the thread tries again, and says why it failed)
            pool_context(["warroom.server.ai"])

        def started(pool: ProcessPoolExecutor | None, error: BaseException | None) -> None:
            self._warming = None
            if pool is not None and (self._closed or self._processes is not None):
                _stop_workers(pool)
                pool.shutdown(wait=False, cancel_futures=True)
            elif pool is not None:
                self._processes = pool
            elif error is not None:
                log.warning("the AI worker processes did not start (%s)", error)
            if not warming.done():
                warming.set_result(None)

        def start() -> None:
            pool, error = None, None
            try:
                pool = _worker_pool(count)
                for future in [pool.submit(ready) for _ in range(count)]:
                    future.result(timeout=120)
            except BaseException as exc:  # noqa: BLE001 (said in the log; a move retries)
                error = exc
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(started, pool, error)

        threading.Thread(target=start, daemon=True, name="warroom-ai-start").start()

    @contextlib.asynccontextmanager
    async def greeting_of(self, address: str) -> AsyncIterator[Greeting]:
        """A connection of `address` waits for its hello in this block, for HELLO_TIMEOUT at
        most (then TimeoutError). With `max_greeting` of the address waiting already, the
        oldest is dropped now (its deadline brought forward, and marked `dropped` for its
        page to be told why): a new page always gets its turn."""
        async with asyncio.timeout(HELLO_TIMEOUT) as deadline:
            waiting = self.greeting.setdefault(address, [])
            if len(waiting) >= self.max_greeting:
                self.refused("connections waiting to say hello")
                oldest = waiting.pop(0)
                oldest.dropped = True
                if not oldest.deadline.expired():  # (else it is ending already)
                    oldest.deadline.reschedule(asyncio.get_running_loop().time())
            greeting = Greeting(deadline)
            waiting.append(greeting)
            try:
                yield greeting
            finally:
                if greeting in waiting:
                    waiting.remove(greeting)
                if not waiting and self.greeting.get(address) is waiting:
                    del self.greeting[address]

    def refused(self, what: str) -> None:
        """A request or connection was refused as one too many (`what`: "connections waiting
        to say hello", say): counted, and said in the log at most once in REFUSALS_EVERY s
        (the first at once), with how many of each since, never one line each."""
        self.refusals[what] += 1
        now = time.monotonic()
        if self.refusals_said is None or now - self.refusals_said >= REFUSALS_EVERY:
            self._say_refusals(now)

    def _say_refusals(self, now: float) -> None:
        if self.refusals:
            since = "" if self.refusals_said is None else \
                f" in the last {math.ceil(now - self.refusals_said)} s"
            log.warning("refused as too many%s: %s", since, ", ".join(
                f"{count} {what}" for what, count in sorted(self.refusals.items())))
            self.refusals.clear()
        self.refusals_said = now

    def stopping(self) -> None:
        """The web server begins to stop: the pages connected now are the ones the stop line
        counts, since it closes them all before the app's shutdown calls `close`."""
        if self._pages_at_stop is None:
            self._pages_at_stop = sum(len(conns) for conns in self.conns.values())

    def close(self) -> None:
        if not self._closed:
            self._say_refusals(time.monotonic())
            pages = self._pages_at_stop
            if pages is None:  # (a server that was not told its stop began: as it is now)
                pages = sum(len(conns) for conns in self.conns.values())
            # in play as the lobby counts them; those the --max-games cap counts beside
            playing = sum(not live.over() for live in self.games.values())
            active = f" ({self.in_play()} active in the last hour)" if playing else ""
            log.info("stopping: %s in play%s, %s connected, %s under way; every game is in "
                     "the store", counted(playing, "game"), active, counted(pages, "page"),
                     counted(len(self._thinking), "AI move"))
            self.keep_activity()  # (the pages the stop closed have just touched their games)
        self._closed = True
        for task in [*self._tasks, *filter(None, [self._watching])]:
            task.cancel()
        if self._processes is not None:
            _stop_workers(self._processes)  # before shutdown(), which forgets them
        for pool in (self._threads, self._processes, self._checks, self._rebuilds):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self.uploads.close()
        self.store.close()


def _take(buckets: dict[str, Bucket], client: str, every: float, burst: int, what: str
          ) -> Bucket | None:
    """Take one from `client`'s bucket in `buckets` (`burst` at once, then one every `every`
    seconds; None, no limit, with `every` 0), or refuse (TooManyGames, with the wait)."""
    if not every:
        return None
    if len(buckets) > 4096:  # forget the addresses whose buckets are full again
        full = [a for a, b in buckets.items() if b.full()]
        for address in full:
            del buckets[address]
    bucket = buckets.setdefault(client, Bucket(1 / every, burst))
    if not bucket.allow():
        raise TooManyGames(f"too many {what} from this address ({burst} at once, then one "
                           f"every {every:g} s); try again in {math.ceil(bucket.wait())} s",
                           bucket.wait())
    return bucket


def _seat_kind(seat: SeatRow) -> str:
    """A seat as the lobby's form made it, for the log: here, invite, or the AI's spec."""
    if seat.kind == "ai":
        return seat.spec
    return "here" if seat.label == "hotseat" else "invite"


def _ended(outcome: Outcome | None) -> str:
    """How a game ended, for the log: "seat 1 won (reason)", "a draw (reason)"."""
    if outcome is None:
        return "no outcome"
    winners = list(outcome.winners)
    who = "a draw" if not winners else \
        f"seat{'s' if len(winners) > 1 else ''} {', '.join(map(str, winners))} won"
    reason = displayable(str(outcome.reason or ""))
    return f"{who} ({reason})" if reason else who


def _in_play_first(game: LiveGame | OutdatedGame | ListedGame) -> tuple[bool, float]:
    """Games in play first, then the rest, each newest first: a game in play is the lobby's
    way back to a seat, and a hundred quick AI games finished since pushed it off the lobby's
    page."""
    playing = isinstance(game, LiveGame) and not game.over()
    return not playing, -(game.created if isinstance(game, ListedGame) else game.row.created)


def _has_mcts(live: LiveGame) -> bool:
    return any(seat.kind == "ai" and seat.spec.startswith("mcts") for seat in live.seats)


def _worker_pool(workers: int) -> ProcessPoolExecutor:
    """The mcts worker processes, started from the fork server that warroom's pools share
    (`sim.pool_start`; spawned where there is none),
    never forked from the server: a forked worker held every socket the server had open (the
    listening one, each client's, the database), so that after the server was killed its
    workers kept the port (a restart failed "Address already in use") and a connection the
    server closed never reached its client's end; and it ran uvicorn's signal handlers. The
    fork server imports the AI module once, and each worker forks from it ready to search.
    Each worker ignores Ctrl-C and exits when the server dies (`ai.worker_start`)."""
    return ProcessPoolExecutor(workers, mp_context=pool_context(["warroom.server.ai"]),
                               initializer=worker_start,
                               initargs=(os.getpid(),))


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's worker processes now: a search they run is for a game the server keeps
    in its store (its AI seat thinks again when the server starts), and the interpreter's exit
    waited for each to finish (up to a 10 s budget) before the server stopped. Python 3.14
    has `terminate_workers()`; before it, the pool's own table of its processes."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        if process.is_alive():
            process.terminate()


def _replayed(request: Request, body: bytes) -> Request:
    """`request` again, its body the `body` already read from it (to parse it as a form)."""
    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}
    return Request(request.scope, receive)


class SlowBody(Exception):
    """A request's body did not arrive whole within its deadline (the 408)."""


async def _body(request: Request, limit: int, seconds: float = BODY_SECONDS) -> bytes | None:
    """The request's body, or None once it is over `limit` bytes: a Content-Length over it is
    refused unread, and a body without one is read no further than the limit (reading it whole
    first let a client make the server hold hundreds of megabytes). SlowBody if it has not all
    come within `seconds` (a body dribbled a byte at a time held its connection for ever)."""
    length = request.headers.get("content-length", "")
    if length.isascii() and length.isdigit() and int(length) > limit:
        return None
    parts, size = [], 0
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    return None
                parts.append(chunk)
    except TimeoutError:
        raise SlowBody from None
    return b"".join(parts)


def _position(text: str) -> int | None:
    """A query's whole number in ASCII digits (int() takes "²" and other scripts' digits),
    else None. More digits than a game has positions read as 10**9, past any game's end (a
    position or a count that large is refused or cut at the end as its smaller kin are)."""
    if not (text.isascii() and text.isdigit()):
        return None
    return int(text) if len(text) <= 9 else 10**9


def _replay_answer(live: LiveGame, viewer: int | None, first: int, count: int | None,
                   log_changes: bool) -> tuple[bytes, bytes]:
    """`_replay_json`, and the same gzip-compressed (zlib's default level: the middleware's
    9 takes longer for a few per cent less on these repetitive answers)."""
    body = _replay_json(live, viewer, first, count, log_changes)
    return body, gzip.compress(body, compresslevel=6, mtime=0)


def _takes_gzip(accept_encoding: str) -> bool:
    """Whether a client takes gzip, read as the GZip middleware reads it for every other
    answer (so that one client gets one kind of answer from this server)."""
    return "gzip" in accept_encoding


def _replay_json(live: LiveGame, viewer: int | None, first: int = 0,
                 count: int | None = None, log_changes: bool = False) -> bytes:
    """The positions of a finished game as `viewer` saw it, as the replay page reads it: every
    one, or `count` from `first`. Those before `first` are replayed but not viewed, and the
    replay stops after the last asked for. With `log_changes` each step's log is given as its
    change from the step before it in the answer (`_log_change`; the first step's is whole),
    instead of whole at every step."""
    record = live.played_record()
    # A seat resigned to the AI is said in the log at its place, to every viewer, as the table
    # told every page; the resignation that ended the game the page says with its result
    # (`kit.endLines`), so it is left out here.
    record.meta, record.resigned = live.record().meta, None
    first_resigned = min((at for at, _ in resignation_lines(record)), default=None)
    positions = len(record.actions) + 1
    stop = positions if count is None else min(positions, first + count)
    steps = []
    before: list[str] = []  # the log of the step before, in this answer
    for version, (state, player, action) in enumerate(replay(live.game, record)):
        if version >= stop:
            break
        if version < first:
            continue
        # the last position is the end, whether the rules or a resignation ended it
        ended = live.ended if player is None else None
        view = SeatView(state.observation(viewer) or {}, [])  # a replay offers no move
        # A game a resignation ended shows its whole log at the end, as one the rules ended
        # does (a Viktory II observation mid-game holds the part since the viewer's turn).
        frame = view_frame(live.game, state, viewer, version, live.id, ended=ended,
                           whole_log=ended is not None, view=view)
        lines = frame["log"]
        if first_resigned is not None and first_resigned <= version:
            lines = _with_resignations(live.game, record, state, viewer, version,
                                       view.observed, frame)
        log = [line for line in lines if line]
        if log_changes:
            drop, keep = _log_change(before, log)
            frame["log_drop"], frame["log_from"], frame["log"] = drop, keep, log[keep:]
            before = log
        else:
            frame["log"] = log
        frame["legal"] = []
        frame["by"] = player
        frame["action"] = getattr(action, "label", None) if player == viewer else None
        steps.append(frame)
    return json.dumps({"id": live.id, "game": live.game.name, "seat": viewer,
                       "positions": positions, "from": first, "steps": steps},
                      separators=(",", ":"), ensure_ascii=False).encode()


def _with_resignations(game: Game, record: Record, state: State, viewer: int | None,
                       played: int, observed: dict[str, Any],
                       frame: dict[str, Any]) -> list[str]:
    """The log lines of `frame`, `viewer`'s view of the position after `played` of `record`'s
    actions, with the lines of the resignations made by then at their place
    (`resignations_in_log`). The frame has a line for each event of the viewer's log: of its
    `observed` observation, or the whole log where `view_frame` gave that instead (its
    observation's `log_start` then 0). Placing them needs the log's length before each action
    (`replay_marks`): an answer that stops short of the end replays the game once more."""
    events = observed.get("log", [])
    whole = not frame["observation"].get("log_start")
    if whole and observed.get("log_start"):
        events = state.whole_log(viewer, observed) or events
    out = list(frame["log"])
    for before, said in reversed(resignations_in_log(game, record, state, events, whole,
                                                     played)):
        out.insert(before, said)
    return out


def _log_change(before: list[str], after: list[str]) -> tuple[int, int]:
    """`after` as a change of `before`: (drop, keep) such that `after` is the `keep` lines of
    `before` that follow its first `drop`, then lines of its own (`after[keep:]`). Most logs
    only grow (drop 0, keep all); one shown since the viewer's previous turn (Viktory II) also
    loses lines at its start; a log whose earlier lines read otherwise now keeps the lines
    before the first that changed (none at worst: the whole log is sent). Exact whatever the
    game does, since it is checked line by line."""
    size = len(before)
    if after[:size] == before:
        return 0, size
    if after:
        for drop in range(1, size):
            if before[drop] == after[0] and before[drop:] == after[:size - drop]:
                return drop, size - drop
    keep = 0
    for old, new in zip(before, after):
        if old != new:
            break
        keep += 1
    return 0, keep


def _spec(seat: SeatIn, index: int) -> str:
    if seat.kind != "mcts":
        if seat.seconds is not None:  # a budget for a player that has none is a mistake
            whose = f"a {seat.kind} one" if seat.kind in AI_KINDS else "a person's"
            raise ConfigError(f"seat {index}: seconds is the budget of an mcts seat, not of "
                              f"{whose}")
        return seat.kind
    seconds = 1.0 if seat.seconds is None else seat.seconds
    low, high = MCTS_SECONDS
    if not low <= seconds <= high:
        raise ConfigError(f"seat {index}: an mcts budget is {low} to {high} seconds per move")
    return f"mcts:time={seconds:g}"


def _file_forms(game: Game, options: Any) -> Any:
    """The options, a data file option given as a shipped file's plain name ("sample", as
    `--set deck0=sample` gives it) read as `{"shipped": NAME}`. Any other value that is none
    of the forms is refused naming them: the client is told what to send."""
    if not isinstance(options, dict):
        return options  # config_from says what options are
    out = dict(options)
    for key, spec in data_options(game).items():
        value = options.get(key)
        if isinstance(value, str) and spec.shipped_value(value) is not None:
            out[key] = {"shipped": value}
        elif value not in (None, "", {}) and not _file_form(value):
            raise ConfigError(f'option {key!r}: a shipped file is "NAME" or {{"shipped": '
                              f'"NAME"}} (shipped: {", ".join(spec.shipped) or "none"}), an '
                              'uploaded one {"upload": ID}, the id POST /api/uploads answered',
                              option=key)
    return out


def _file_form(value: Any) -> bool:
    """`{"shipped": NAME}` or `{"upload": ID}`."""
    return (isinstance(value, dict) and len(value) == 1 and next(iter(value)) in
            ("shipped", "upload") and isinstance(next(iter(value.values())), str))


def _stored_options(options: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(options))


# --- who may ask ---------------------------------------------------------------------------
# A Host header: a name or an IPv4 address, or an IPv6 one in brackets, and maybe a port.
HOST = re.compile(r"(?:\[(?P<v6>[0-9a-f:.]+)\]|(?P<name>[a-z0-9.-]+))(?::(?P<port>[0-9]*))?",
                  re.IGNORECASE)
DEFAULT_PORTS = {"http": 80, "https": 443}
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")  # what a page of another site may do unasked


class Guard:
    """ASGI middleware refusing what the pages of other sites may make a browser send here.

    - A WebSocket, or a request that changes something (any method but GET, HEAD and
      OPTIONS), whose `Origin` is not this server's own (the scheme, host and port of the
      request's Host): 403 `{"error": one line}`, or for a WebSocket its error frame and the
      close code 4403. Without an Origin (curl, a script, the CLI) it is served: only a
      browser's page sends one, and it cannot leave it out or forge it.
    - When the server listens on a loopback address, a request whose Host is not a loopback
      name (localhost, 127.x.x.x, [::1], with any port): 400, or 4400 for a WebSocket. A
      page whose own name its DNS points at 127.0.0.1 (DNS rebinding) is of its own origin
      as the browser sees it, so only its Host gives it away. Bound to another address, any
      Host is served (a reverse proxy, a LAN name).
    - `public`, the origin a reverse proxy serves this server at (`public_url_origin`): its host
      is served as a loopback name is, and a page of that origin is this server's own,
      whatever the scheme of the request the proxy made.
    """

    def __init__(self, app: Any, listen: str | None = None, public: str | None = None):
        self.app = app
        self.listen = listen
        self.public = public  # (as `public_url_origin` gives it)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            refused = _refusal(scope, self.listen, self.public)
            if refused is not None:
                status, message = refused
                if scope["type"] == "http":
                    response = JSONResponse({"error": message}, status_code=status,
                                            headers={"Connection": "close"})
                    await response(scope, receive, send)
                else:
                    await _refuse_socket(receive, send, 4000 + status, message)
                return
        await self.app(scope, receive, send)


def _refusal(scope: Any, listen: str | None, public: str | None = None
             ) -> tuple[int, str] | None:
    """(status, one line) of a request `Guard` refuses, else None. `public`: the origin a
    reverse proxy serves this server at (`public_url_origin`), or None."""
    headers = Headers(scope=scope)
    host = headers.get("host")
    bound = listen if listen is not None else str((scope.get("server") or ("",))[0])
    served = urlsplit(public) if public is not None else None
    if host is not None and _loopback(bound) and not _loopback_host(host) and not (
            served is not None and _names(host, served.hostname or "")):
        public_name = f" nor its public name {served.hostname}" if served is not None else ""
        return 400, (f"this server listens on loopback only, and the Host {_shown(host)} is "
                     f"not a loopback name (localhost, 127.0.0.1 or [::1]){public_name}: "
                     "refused, as a name pointed at this machine by another site would be")
    origin = headers.get("origin")
    if origin is not None and (scope["type"] == "websocket"
                               or scope.get("method") not in SAFE_METHODS):
        own = "https" if scope.get("scheme") in ("https", "wss") else "http"
        # the proxy's request may be http, and name 127.0.0.1, for a page of https://NAME;
        # a request naming the public name has that one origin (an http:// page of it, which
        # the request's own scheme made its own, is not the public site's)
        public_named = served is not None and _names(host or "", served.hostname or "")
        if not (_same_origin(origin, host or "", own) and not public_named) and not (
                served is not None and _same_origin(origin, served.netloc, served.scheme)):
            own_pages = public or f"{own}://{_shown(host or '')}"
            return 403, (f"refused: a page of {_shown(origin)} may not use this server (only "
                         f"its own pages, at {own_pages}, may)")
    return None


def public_url_origin(url: str) -> str:
    """The origin (`scheme://host[:port]`) of `url`, the address a reverse proxy serves this
    server at (`warroom serve --public-url`): http or https, a host and maybe a port, with no
    path but "/" (every page's links start at the root), query, fragment nor user; else
    ValueError, one line."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:  # a port that is not one, a bracket left open
        raise ValueError(f"{url!r} is not a URL ({exc})") from None
    netloc = parts.netloc.rpartition("@")[2]
    if parts.scheme not in DEFAULT_PORTS or HOST.fullmatch(netloc) is None or \
            not parts.hostname:
        raise ValueError(f"{url!r} is not an http:// or https:// URL with a host")
    if parts.path not in ("", "/") or parts.query or parts.fragment or "@" in parts.netloc:
        raise ValueError(f"{url!r} must be a scheme, a host and maybe a port alone (no user, "
                         "query or path: warroom is served at the root of a name, not under "
                         "a sub-path)")
    name = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    shown = "" if port in (None, DEFAULT_PORTS[parts.scheme]) else f":{port}"
    return f"{parts.scheme}://{name}{shown}"


def _names(host: str, name: str) -> bool:
    """Whether a Host header names `name`, with any port or none (a proxy's `$host` has
    none; the name alone is what another site cannot give its own pages)."""
    match = HOST.fullmatch(host.strip())
    if match is None:
        return False
    given = (match["v6"] or match["name"] or "").lower().removesuffix(".")
    return given == name.lower().removesuffix(".")


def _loopback(address: str) -> bool:
    """Whether the address a server listens on is a loopback one."""
    if address.lower() == "localhost":
        return True
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)  # ::ffff:127.0.0.1
    return ip.is_loopback or (mapped is not None and mapped.is_loopback)


def _loopback_host(host: str) -> bool:
    """Whether a Host header names this machine's loopback: localhost, an IPv4 loopback
    address (127.0.0.1) or [::1], with any port."""
    match = HOST.fullmatch(host.strip())
    if match is None:
        return False
    if match["v6"] is not None:
        return _loopback(match["v6"]) and ":" in match["v6"]
    name = match["name"].lower().removesuffix(".")
    if name == "localhost":
        return True
    try:
        return ipaddress.IPv4Address(name).is_loopback
    except ValueError:
        return False


def _same_origin(origin: str, host: str, scheme: str) -> bool:
    """Whether `origin` (a page's `scheme://host[:port]`) is this server's own: `scheme` (the
    request's, http or https) and the host and port its Host header names."""
    match = HOST.fullmatch(host.strip())
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:  # a port that is not one
        return False
    if match is None or parts.scheme != scheme or parts.path or parts.query or \
            parts.username is not None:
        return False
    name = (match["v6"] or match["name"] or "").lower()
    own_port = int(match["port"]) if match["port"] else DEFAULT_PORTS[scheme]
    return parts.hostname == name and (port or DEFAULT_PORTS[scheme]) == own_port


async def _refuse_socket(receive: Any, send: Any, code: int, message: str) -> None:
    """A WebSocket refused before the app sees it: accepted, told `message` in one error
    frame, and closed with `code` (the close frame's reason is cut to its 123 bytes)."""
    if (await receive())["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": error_frame(message)})
    reason = message.encode()[:120].decode(errors="ignore")
    await send({"type": "websocket.close", "code": code, "reason": reason})


def _shown(text: str) -> str:
    """A client's header value in a one-line answer: control characters escaped, cut."""
    text = displayable(text)
    return text if len(text) <= 80 else text[:77] + "..."


class _OneLine(logging.Filter):
    """uvicorn logs a WebSocket text frame that is not UTF-8 (a client's doing; it closes the
    connection with 1007, as it should) with a whole traceback: the one line is enough."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Invalid UTF-8 sequence received from client"):
            record.exc_info = record.exc_text = record.stack_info = None
        return True


def _quiet_bad_utf8() -> None:
    """`_OneLine` on uvicorn's error log, once."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _OneLine) for f in logger.filters):
        logger.addFilter(_OneLine())


# --- the organiser ------------------------------------------------------------------------
class TokenFileError(WarroomError):
    """An organiser token file that cannot be read as one, or made."""


def organiser_token(path: str | Path) -> tuple[str, bool]:
    """The organiser's token kept in the file `path`, and whether it was made now: a file
    there is read (one line: `ORGANISER_TOKEN`), else a new token is written to a new file
    that only its owner may read or write (mode 0600, made exclusively: never through a
    link or over a file made meanwhile). TokenFileError, in one line, otherwise."""
    path = Path(path)
    make_folders(path, "keep the organiser token")  # (as the games database's are)
    try:
        made = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if not path.is_file():  # (/dev/null, a folder: removing it is no remedy)
            raise TokenFileError(f"{path}: not a regular file, so not an organiser token "
                                 "file") from None
        return _kept_token(path), False
    except OSError as exc:
        raise TokenFileError(f"{path}: cannot make the organiser token file "
                             f"({exc.strerror or exc})") from None
    token = secrets.token_urlsafe(32)
    with os.fdopen(made, "w", encoding="ascii") as out:
        out.write(token + "\n")
    return token, True


def _kept_token(path: Path) -> str:
    """The organiser token in the file at `path`, which exists."""
    try:
        with open(path, "rb") as kept:
            raw = kept.read(1024)
    except OSError as exc:
        raise TokenFileError(f"{path}: cannot read the organiser token "
                             f"({exc.strerror or exc})") from None
    token = raw.decode("ascii", "replace").strip()
    if not ORGANISER_TOKEN.fullmatch(token):
        raise TokenFileError(f"{path}: not an organiser token (one line of 16 to 256 visible "
                             "ASCII characters, no space); remove it, and warroom serve makes "
                             "a new one")
    return token


def _bearer(header: str | None, token: str | None) -> tuple[int, str] | None:
    """(status, one line) refusing a request whose `Authorization` header is `header`, to a
    route for the organiser whose token is `token` (None: the server has none); None: it is
    the organiser's."""
    if token is None:
        return 403, ("this server has no organiser token (warroom serve makes one, and names "
                     "its file at start): nobody may close a table")
    scheme, _, given = (header or "").strip().partition(" ")
    if scheme.lower() != "bearer" or not given.strip():
        return 401, ("the organiser's token is needed: send it as the header Authorization: "
                     "Bearer TOKEN (warroom serve names its file at start)")
    if not secrets.compare_digest(given.strip().encode("utf-8", "surrogateescape"),
                                  token.encode()):
        return 403, "wrong organiser token: this is not the token of this server's organiser"
    return None


def _not_stored(what: str, exc: WriteFailed) -> None:
    """Say in the log, in one line, a person's write the store did not take (a full disk, a
    lock another program holds) as the person is told it (an error frame, a 503): else the
    operator sees nothing of it, however long the disk stays full."""
    log.warning("%s was not stored (%s); refused, nothing changed", what, exc)


# --- the app ------------------------------------------------------------------------------
def create_app(db: str | Path = "warroom-games.sqlite", *, store: GameStore | None = None,
               ai_processes: int = 2, ai_delay: float = 0.0, rate: float = RATE,
               allow_seed: bool = False, max_games: int = MAX_GAMES,
               idle: float = IDLE, create_every: float = CREATE_EVERY,
               hand_after: float = HAND_AFTER, upload_every: float = UPLOAD_EVERY,
               listen: str | None = None, organiser_token: str | None = None,
               public_origin: str | None = None, close_idle: float = CLOSE_IDLE) -> FastAPI:
    """The app over a game store (a SQLite file by default). `ai_processes` worker processes
    run mcts seats (0: threads); `ai_delay` seconds pass before each AI move, so that people
    can follow an AI's play; `rate` limits the messages a connection may send a second.
    `allow_seed` lets a request choose a game's seed (tests; never for players: the seed
    decides every shuffle). `max_games` caps the games in play (unfinished, with a move or
    a page connected in the last `idle` seconds): a request for one more is refused (429) and
    creates nothing, as is one from a client address that has created CREATE_BURST games at
    once and then more than one every `create_every` seconds (0: no limit); uploads likewise,
    UPLOAD_BURST at once and then one every `upload_every` seconds. The other players
    may let the AI play a person seat the game has waited for with no page connected for
    `hand_after` seconds. `listen` is the address the server listens on (`warroom serve
    --host`): on a loopback one, a request whose Host is not a loopback name is refused (DNS
    rebinding; `Guard`); None judges by the address each connection came in on.
    `public_origin` is the URL a reverse proxy serves it at (`warroom serve --public-url`;
    ValueError if it is not one): its host is served, and its pages are the server's own.
    `organiser_token` is the token of the server's organiser (`organiser_token()`), who may
    close a table (`POST /api/games/ID/close`); None: nobody may. A game in play with no
    move and no page connected for `close_idle` seconds (0: never) is closed as the organiser
    closes one, at start and every IDLE_CHECK s (`Server.close_idle`)."""
    _quiet_bad_utf8()
    public = public_url_origin(public_origin) if public_origin is not None else None
    server = Server(store or SqliteStore(db), ai_processes, ai_delay, rate, allow_seed,
                    max_games, idle, create_every, hand_after, upload_every, close_idle)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        _quiet_bad_utf8()  # again: the web server may have set up its logs since
        for live in list(server.games.values()):
            server.kick_ai(live)
        if any(_has_mcts(live) and not live.over() for live in server.games.values()):
            server.warm()  # the mcts workers, in a thread: their first move need not wait
        server.watch_idle()
        yield
        server.close()

    app = FastAPI(title="warroom", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.server = server
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # A replay repeats the whole view at every position: a long Viktory II game's is some
    # 15 MB of JSON, a tenth of that compressed (WebSocket frames are not touched).
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    # Outermost: another site's page, or a name rebound to this machine, is refused first.
    app.add_middleware(Guard, listen=listen, public=public)

    def fail(message: str, status: int = 400, game: Any = None,
             retry_after: float | None = None, error: Exception | None = None) -> JSONResponse:
        body: dict[str, Any] = {"error": message.splitlines()[0]}
        if game is not None:  # a game's options: the one at fault, if `error` names one
            body["field"] = field_of(error)
        response = JSONResponse(body, status_code=status)
        if retry_after is not None:  # whole seconds, rounded up (RFC 9110), at least 1
            response.headers["Retry-After"] = str(max(1, math.ceil(retry_after)))
        return response

    def too_slow() -> JSONResponse:
        """408: the body did not all come within `body_seconds` (the rest is not awaited:
        the connection is closed)."""
        response = fail(f"the request's body did not arrive within {server.body_seconds:g} s",
                        408)
        response.headers["Connection"] = "close"
        return response

    @app.exception_handler(RequestValidationError)
    async def malformed_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A request FastAPI's own checks refuse (an upload without its file, ...): one line,
        as every other error, instead of FastAPI's list of details."""
        first = exc.errors()[0]
        place, *name = [str(part) for part in first.get("loc", ())] or ["request"]
        where = {"body": "form field", "query": "query parameter"}.get(place, place)
        message = str(first.get("msg", "is not valid"))
        if "UploadFile" in message:  # pydantic's "value error, Expected UploadFile, ..."
            message = "a file is needed, not text"
        what = f"{where} {'.'.join(name)!r}" if name else where
        return fail(f"{what}: {message[:1].lower()}{message[1:]}")

    @app.exception_handler(StarletteHTTPException)
    async def refused(request: Request, exc: StarletteHTTPException) -> Response:
        """The web framework's own refusals (a path no route has, a method a route does not
        take, a multipart body without its boundary): under `error` as every other error, the
        key the pages read, instead of FastAPI's `detail`; a browser's mistyped address gets a
        page that says so and leads to the lobby."""
        message = str(exc.detail) or "refused"
        if exc.status_code in (404, 405):  # "Not Found" alone does not say what was not
            message = f"{message}: {request.method} {request.url.path}"
        if exc.status_code == 404 and _wants_page(request):  # a mistyped address, in a browser
            return FileResponse(STATIC / "not-found.html", status_code=404)
        response = fail(message, exc.status_code)
        response.headers.update(exc.headers or {})  # a 405's Allow
        return response

    async def find(game_id: str) -> LiveGame | None:
        """A game to play, watch or replay (a finished one listed only: rebuilt now)."""
        return await server.held(game_id)

    async def stored(game_id: str) -> LiveGame | OutdatedGame | None:
        """A game to play, watch or replay, or one listed only (made under another rules
        version)."""
        return server.outdated.get(game_id) or await server.held(game_id)

    # The pages answer HEAD as GET (a link checker, `curl -I`), without the body.
    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.api_route("/game/{game_id}", methods=["GET", "HEAD"], include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.api_route("/replay/{game_id}", methods=["GET", "HEAD"], include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @app.get("/tables/{name}.js", include_in_schema=False)
    async def table_module(name: str) -> Response:
        """A game's own table view (its `web/table.js`), else the generic one."""
        game = REGISTRY.get(name)
        module = web_module(game) if game is not None else None
        if module is not None:
            table = resources.files(module).joinpath("table.js")
            if table.is_file():
                return Response(table.read_text(encoding="utf-8"),
                                media_type="text/javascript")
        return FileResponse(STATIC / "fallback-table.js", media_type="text/javascript")

    @app.get("/api/catalog")
    async def catalog() -> dict[str, Any]:
        out = []
        for name, game in REGISTRY.items():
            module = web_module(game)
            has_table = module is not None and resources.files(module).joinpath(
                "table.js").is_file()
            out.append({"name": name, "title": game.title, "summary": game.summary,
                        "min_players": game.min_players, "max_players": game.max_players,
                        "options": option_schema(game), "option_details": option_details(game),
                        "teams": team_layouts(game), "table": has_table})
        return {"games": out, "ai": list(AI_KINDS), "mcts_seconds": list(MCTS_SECONDS)}

    @app.get("/api/games")
    async def list_games(limit: str = str(LIST_PAGE), offset: str = "0") -> Response:
        """The games in play, then the others, each newest first, a page at a time: a server
        keeps every game it ever held, and the lobby asks for its list every few seconds."""
        size, skip = _position(limit), _position(offset)
        if not size or size > MAX_LIST_PAGE:
            return fail(f"limit must be a number of games, 1 to {MAX_LIST_PAGE}")
        if skip is None or skip > MAX_OFFSET:  # (more digits read as 10**9: not clamped)
            return fail(f"offset must be a number of games to skip, 0 to {MAX_OFFSET}")
        # a finished game listed from its summary, or its rebuilt copy if one is kept (a page
        # connected to it is said so)
        held: list[LiveGame | OutdatedGame | ListedGame] = [
            *server.games.values(), *server.outdated.values(),
            *(listed for gid, listed in server.listed.items() if gid not in server.games)]
        games = sorted(held, key=_in_play_first)[skip:skip + size]
        return JSONResponse({"games": [g.summary() for g in games],
                             "total": len(held), "offset": skip})

    @app.post("/api/games")
    async def create_game(request: Request) -> Response:
        # JSON alone: a form or text/plain body is what another site's page may send without
        # asking first (a CORS "simple request"), and no page of this server sends one.
        kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if kind != "application/json":
            return fail("a game is created by a JSON body: Content-Type must be "
                        f"application/json, not {_shown(kind) if kind else 'none'}", 415)
        try:
            try:
                raw = await _body(request, MAX_BODY, server.body_seconds)
            except SlowBody:
                return too_slow()
            if raw is None:
                return fail(f"request too large (at most {MAX_BODY // 1024} KiB)", 413)
            # pydantic's JSON reader keeps the last value of a repeated key without a word: the
            # body is read once more for that alone (what else is wrong, the model says below)
            try:
                loads_json(raw)
            except (DuplicateKeyError, NumberTooLongError) as exc:  # each says where
                return fail(str(exc))
            except (ValueError, RecursionError):
                pass
            body = CreateIn.model_validate_json(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "body"
            return fail(f"{where}: {err['msg']}")
        game = REGISTRY.get(body.game)
        try:
            quota = server.may_create(request.client.host if request.client else "")
        except TooManyGames as exc:
            server.refused("games created")
            return fail(str(exc), 429, retry_after=exc.wait)
        try:
            live, tokens = server.create(body)
        except (TooManyGames, ConfigError, DataError, WriteFailed) as exc:
            # nothing was created: the client's quota is given back (only games count)
            if quota is not None:
                quota.give_back()
            if isinstance(exc, TooManyGames):
                server.refused("games over --max-games")
                return fail(str(exc), 429, retry_after=exc.wait)
            if isinstance(exc, WriteFailed):
                _not_stored(f"a new {body.game} game", exc)
                return fail(f"could not store the game ({exc}); nothing was created, try "
                            "again", 503)
            return fail(str(exc), game=game, error=exc)
        return JSONResponse({"id": live.id, "game": live.game.name, "seats": tokens})

    @app.get("/api/games/{game_id}")
    async def game_summary(game_id: str) -> Response:
        live = server.known(game_id)  # (a finished game: its summary, not rebuilt)
        if live is None:
            return fail(_missing(server, game_id), 404)
        return JSONResponse(live.summary())

    @app.post("/api/uploads")
    async def upload(request: Request) -> Response:
        """A data file (multipart `game`, `option`, `file`), checked by the game's loader (in
        a worker thread: seconds for a large file, while every table stays live) and stored.
        A client address may upload UPLOAD_BURST files at once, then one every
        `upload_every` seconds. The quota bounds the work of checking files, not only what is
        stored: every file the loader checked counts, refused or stored. A request refused
        before its check (its size, its form, a game or option that takes no file) is given
        back, and so is one the store could not take (503: the server's trouble)."""
        try:
            quota = server.may_upload(request.client.host if request.client else "")
        except TooManyGames as exc:
            server.refused("files uploaded")
            return fail(str(exc), 429, retry_after=exc.wait)
        counts = False
        try:
            # (a JSON body was told of its missing form fields, as if it had left them out;
            # a form without a file is told of its file)
            kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
            if kind not in ("multipart/form-data", "application/x-www-form-urlencoded"):
                return fail("a file is uploaded as a multipart form (fields game, option and "
                            "file): Content-Type must be multipart/form-data, not "
                            f"{_shown(kind) if kind else 'none'}", 415)
            # The body is read by hand, not by FastAPI's form parameters, which read (and
            # spool) the whole of it before the route could refuse it: one over the limit is
            # refused unread by its Content-Length, or read no further than the limit without
            # one.
            try:
                raw = await _body(request, MAX_UPLOAD + UPLOAD_FORM, server.body_seconds)
            except SlowBody:
                return too_slow()
            if raw is None:
                return fail(f"upload too large (at most {MAX_UPLOAD // 1024} KiB)", 413)
            async with _replayed(request, raw).form() as form:
                fields = [form.get(name) for name in ("game", "option", "file")]
                for name, value in zip(("game", "option", "file"), fields, strict=True):
                    if len(form.getlist(name)) > 1:  # which one was meant? form.get takes one
                        return fail(f"duplicate form field {name!r}: give it once")
                    # as FastAPI's own checks said it, when it read the form
                    if value is None:
                        return fail(f"form field {name!r}: field required")
                    if name == "file" and not isinstance(value, UploadFile):
                        return fail("form field 'file': a file is needed, not text")
                    if name != "file" and not isinstance(value, str):
                        return fail(f"form field {name!r}: input should be a valid string")
                game, option, file = fields
                assert isinstance(game, str) and isinstance(option, str)
                assert isinstance(file, UploadFile)
                found = REGISTRY.get(game)
                if found is None:
                    return fail(f"unknown game {game!r}")
                content = await file.read(MAX_UPLOAD + 1)
                name = file.filename or "upload"
            if len(content) > MAX_UPLOAD:
                return fail(f"{name}: larger than {MAX_UPLOAD // 1024} KiB", 413)
            counts = option in data_options(found)  # else refused before its loader runs
            try:
                row = await server.add_upload(found, option, name, content)
            except (ConfigError, DataError) as exc:
                return fail(str(exc))
            except WriteFailed as exc:
                counts = False
                return fail(f"could not store the file ({exc}); try again", 503)
            return JSONResponse({"id": row.sha, "name": row.name})
        finally:
            if quota is not None and not counts:
                quota.give_back()

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> Response:
        live = await stored(game_id)
        if live is None:
            return fail(_missing(server, game_id), 404)
        text = record_text(live)
        if text is None:
            return fail(live.withheld() if isinstance(live, OutdatedGame) else
                        "the record holds every secret: it is offered once the game is over", 409)
        unfinished = "-unfinished" if live.row.closed else ""  # the organiser closed it
        name = f"warroom-{live.game.name}-{live.id}{unfinished}.json"
        return Response(text,
                        media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.post("/api/games/{game_id}/close")
    async def close_game(request: Request, game_id: str) -> Response:
        """The organiser (`Authorization: Bearer TOKEN`) closes a table that is not over: its
        AI seats stop, its pages are told, and it is stored and listed closed
        (`Server.close_table`). 401 without the token, 403 with another, 404 for no such
        game, 409 for one over, closed already, or not played on this server; 429, the token
        unchecked, for an address that sent TOKEN_TRIES wrong ones in TOKEN_WINDOW s."""
        client = request.client.host if request.client else ""
        wait = server.wrong_tokens.wait(client)
        if wait:
            server.refused("organiser tokens tried")
            return fail(f"too many wrong organiser tokens from this address ({TOKEN_TRIES} in "
                        f"{TOKEN_WINDOW:g} s): this one was not checked; try again in "
                        f"{math.ceil(wait)} s", 429, retry_after=wait)
        refused = _bearer(request.headers.get("authorization"), organiser_token)
        if refused is not None:
            status, message = refused
            if status == 403 and organiser_token is not None:  # a token, checked and wrong
                server.wrong_tokens.wrong(client)
            response = fail(message, status)
            if status == 401:
                response.headers["WWW-Authenticate"] = 'Bearer realm="warroom organiser"'
            return response
        server.wrong_tokens.right(client)
        if game_id in server.outdated:
            return fail(f"{server.outdated[game_id].refusal()}: this server plays nothing of "
                        "it, so there is no table to close", 409)
        if server.closed(game_id) is not None:
            return fail(f"game {game_id} was closed already", 409)
        live = server.games.get(game_id)
        if live is None and game_id in server.listed:
            return fail(f"game {game_id} is over already: only a game in play is closed", 409)
        if live is None:
            # the lobby shows the first six digits of an id; the close, for the organiser
            # alone, names the game they meant rather than close a game by a part of its id
            near = [g for g in server.games if game_id and g.startswith(game_id)]
            meant = (f"; the close takes a game's whole id: {near[0]!r}?" if len(near) == 1
                     else "; the close takes a game's whole id, as GET /api/games lists it")
            return fail(_missing(server, game_id) + meant, 404)
        if live.over():
            return fail(f"game {game_id} is over already: only a game in play is closed", 409)
        if game_id in server.elsewhere:
            return fail(_elsewhere_text("the close"), 409)
        try:
            server.close_table(live)
        except WriteFailed as exc:
            return fail(f"could not store the close ({exc}); nothing changed, try again", 503)
        except Conflict as exc:
            server.changed_elsewhere(live, exc, "the organiser's close")
            return fail(_elsewhere_text("the close"), 409)
        return JSONResponse({"id": game_id, "status": "closed", "actions": live.version})

    @app.get("/api/games/{game_id}/replay")
    async def replay_steps(request: Request, game_id: str, seat: str = "spectator",
                           first: Annotated[str, Query(alias="from")] = "0",
                           count: str = "", log: str = "") -> Response:
        """Every position of a finished game as one seat (or a spectator) saw it, or the
        `count` positions from position `from` (each view is whole, so a client that pages
        through a long game gets a page at a time). With `log=changes` each step's log is
        given as its change from the step before (the replay page asks so, a window at a
        time: a log is not sent again at each step)."""
        if game_id in server.outdated:
            return fail(server.outdated[game_id].refusal(), 409)
        live = await find(game_id)
        if live is None:
            return fail(_missing(server, game_id), 404)
        if not live.over():
            return fail("a game can be replayed once it is over", 409)
        # The seats by their exact names: isdigit() and int() take "²", "01" and other scripts'
        # digits (and int("²") fails).
        seats = {str(i): i for i in range(live.num_players)} | {"spectator": None}
        if seat not in seats:
            return fail(f"seat must be spectator or 0 to {live.num_players - 1}")
        if log not in ("", "changes"):
            return fail("log must be changes (each step's log as its change from the step "
                        "before), or left out (whole at every step)")
        last = live.version  # positions 0 (the start) to the end, one after each action
        start, size = _position(first), _position(count) if count else None
        if start is None or start > last:
            return fail(f"from must be a position, 0 to {last}")
        if count and not size:
            return fail("count must be a number of positions, 1 or more")
        # built once, in a thread and a few at a time (`Server.replay_body`)
        body, packed = await server.replay_body(live, seats[seat], start, size,
                                                log == "changes")
        if _takes_gzip(request.headers.get("accept-encoding", "")):
            # marked as encoded, so the GZip middleware passes it through as it is
            return Response(packed, media_type="application/json",
                            headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
        return Response(body, media_type="application/json")  # the middleware adds Vary

    @app.websocket("/ws/{game_id}")
    async def table(ws: WebSocket, game_id: str) -> None:
        # A connection that has not said hello yet is held up to HELLO_TIMEOUT: one client
        # address may keep only `max_greeting` so (a page says hello at once); one more
        # drops the oldest of them (`Server.greeting_of`), which is told so, to try again.
        address = ws.client.host if ws.client else ""
        await ws.accept()
        # The hello is read before anything is refused: a server that closes with the page's
        # hello still unread resets the connection, and the page may then see an abnormal
        # close (1006) instead of the error frame and the refusing code.
        greeting = None
        try:
            async with server.greeting_of(address) as greeting:
                text = frame_text(await ws.receive())
            hello = parse_intent(text)
            if not isinstance(hello, Hello):
                raise ValueError("the first frame must be hello")
        except (ValueError, TimeoutError) as exc:
            if greeting is not None and greeting.dropped:
                why = (f"too many connections from this address waiting to say hello (at "
                       f"most {server.max_greeting}): the oldest, this one, is closed")
                await ws.send_text(error_frame(why, retry=True))
                await ws.close(code=4429, reason=why)
                return
            await ws.send_text(error_frame(str(exc) or "no hello frame in time"))
            await ws.close(code=4400)
            return
        except WebSocketDisconnect:
            return
        if game_id in server.outdated:  # nothing is played, nor shown, of it here
            await ws.send_text(error_frame(server.outdated[game_id].refusal()))
            await ws.close(code=4410)
            return
        by = server.closed(game_id)  # (told without rebuilding it)
        if by is not None:
            await ws.send_text(error_frame(closed_text(game_id, by), closed=by))
            await ws.close(code=4410)
            return
        live = await find(game_id)
        if live is None:
            await ws.send_text(error_frame(_missing(server, game_id)))
            await ws.close(code=4404)
            return
        seat, claimed, notice = None, None, ""
        again = False  # an invite link claimed, its seat's token perhaps lost on the way
        if hello.token == "":
            # A link cut off at its `#t=`: no token is no seat, as a hello without one, but the
            # page is told why it watches (the page itself leaves an empty token out).
            notice = "This link carries no token (it ends at #t=): you are watching"
        if hello.token:
            seat = live.seat_of(hello.token)
            if seat is None and not live.knows(hello.token):  # a resigner watches on
                await ws.send_text(error_frame("wrong token: this link holds no seat of the "
                                               "game"))
                await ws.close(code=4401)
                return
            if seat is None:
                seat = live.reclaimable(hello.token)
                if seat is not None and server.claim_held(live, seat):
                    seat = None
                again = seat is not None
            if seat is None:
                notice = _watching(live, hello.token)
        # A page over a cap is refused before it can claim a seat it would never hear of.
        refused = server.no_room(live, seat)
        if refused:
            server.refused("pages over a game's or the server's cap")
            await ws.send_text(error_frame(refused, retry=True))
            await ws.close(code=4429)
            return
        if seat is not None and (again or live.claimable(seat)):
            # The first page to open an invite link claims the seat: it gets a token of its
            # own, and once a page holds it the link (which whoever created the game also
            # holds) opens it no more.
            # A claim the store cannot take keeps nobody from the table (as a join): the page
            # plays by the invite link, and the seat's next page claims it.
            try:
                claimed = live.claim(server.store, seat)
                if again:  # the pages given the token before hold a dead one: closed
                    for other in server.conns.get(live.id, ()):
                        if other.seat == seat:
                            other.refuse(f"seat {seat} was opened again by its invite link, "
                                         "this page never having said it had the seat: this "
                                         "page's link no longer opens it", 4401)
            except WriteFailed as exc:
                log.warning("game %s: could not store that seat %s was claimed (%s)", live.id,
                            seat, exc)
            except Conflict:
                # Another server over the same database gave the seat to a page first: this
                # one holds no token that opens it now, and changes nothing (it is refused,
                # as a link whose seat is someone else's).
                log.warning("game %s: seat %s was claimed on another server over this "
                            "database", live.id, seat)
                await ws.send_text(error_frame(
                    f"seat {seat} was just claimed by a page on another server of this game; "
                    "this link no longer opens it"))
                await ws.close(code=4409)
                return
        conn = Connection(ws, seat, server.rate)
        if seat is None and hello.token:  # a seat's link, whoever plays the seat now
            held = live.token_seat(hello.token)
            conn.held = held if held is not None else live.invite_taken(hello.token)
        if claimed:
            conn.given = time.monotonic()
        server.conns.setdefault(live.id, set()).add(conn)
        writer = asyncio.create_task(conn.writer())
        if seat is not None and not (claimed or again):  # opened by the seat's own token
            server.received(live, seat)
        if seat is not None:
            # An invite seat's join is stored with its claim alone: stored without it, a
            # restart would take the seat for one joined before claims existed, whose invite
            # link is its token for good, and never claim it.
            if not live.claimable(seat):
                server.join(live, seat)
            if live.connect(seat):  # the lobby's "connected", now
                server.tell_presence(live, but=conn)
        try:
            welcome = _welcome(live, seat, server.hand_after)
            if claimed:  # this page's alone: once it is known to have it, the link is spent
                welcome["token"] = claimed
            conn.send(json.dumps(welcome))
            conn.send_state(live)
            if notice:
                conn.send(notice_frame(notice))
            if live.id in server.queued:
                conn.send(queued_frame(server.queued[live.id]))
            await _serve(server, live, conn)
        except WebSocketDisconnect as exc:
            if exc.code == 1000 and conn.given is not None and conn.seat is not None:
                # closed by its page, done with it: not dropped on the way (1006), nor a page
                # going away (1001), which may have gone before the welcome came
                server.received(live, conn.seat)
        finally:
            pages = server.conns.get(live.id)
            if pages is not None:
                pages.discard(conn)
                if not pages:
                    del server.conns[live.id]
            # A page whose person resigned the seat to the AI holds no seat any more.
            if conn.seat is not None and live.disconnect(conn.seat):
                server.tell_presence(live)
            if live.id in server.rebuilt:  # a finished game: its last page may have gone
                server.drop_rebuilt()
            if conn.refused is not None:  # its error frame and close code are on their way
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, HELLO_TIMEOUT)
            writer.cancel()

    return app


async def _serve(server: Server, live: LiveGame, conn: Connection) -> None:
    while True:
        message = await conn.ws.receive()
        if conn.given is not None and message["type"] == "websocket.receive":
            conn.given = None  # a page sends nothing before its welcome: it has its token
            if conn.seat is not None:
                server.received(live, conn.seat)
        # first: a flood of binary or oversized messages is one too, each answered otherwise
        if message["type"] == "websocket.receive" and conn.over_rate():
            if conn.refused is not None:
                return
            continue
        try:
            text = frame_text(message)
        except ValueError as exc:
            conn.send(error_frame(str(exc)))
            continue
        try:
            intent = parse_intent(text)
        except ValueError as exc:
            conn.send(error_frame(str(exc)))
            continue
        if isinstance(intent, Ping):
            conn.send(json.dumps({"type": "pong", "version": live.view_version(conn.seat)}))
        elif isinstance(intent, Hello):
            conn.send(error_frame("already greeted: open a new connection for another seat"))
        elif isinstance(intent, Resign):
            await server.resign(live, conn)
        elif isinstance(intent, Hand):
            await server.hand(live, conn, intent)
        else:
            await server.act(live, conn, intent)
        if conn.refused is not None or conn.ws.client_state != WebSocketState.CONNECTED:
            return


def frame_text(message: dict[str, Any]) -> str:
    """The text of a received WebSocket message; ValueError for a binary or too large one,
    WebSocketDisconnect when the page went away."""
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise ValueError("binary frames are not accepted; send JSON text")
    # Bytes as sent (UTF-8), not characters: 4096 characters of 'é' are 8192 bytes. The web
    # server has already capped the message at 64 KiB, so encoding it costs little.
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FRAME:
        raise ValueError(f"message too large ({size} bytes of UTF-8; at most {MAX_FRAME})")
    return text


def short_title(title: str) -> str:
    """`title` without the note in brackets that ends it ("Viktory II (the map game, with dice
    or the Battle Cards)": "Viktory II"), for a phone's header, which cuts a long one in the
    middle of its name; a title with no such note is its own short one."""
    short = re.sub(r"\s*\([^()]*\)$", "", title)
    return short or title


def _welcome(live: LiveGame, seat: int | None, hand_after: float) -> dict[str, Any]:
    """`resign_ends_game` (whether `seat` resigning now ends the game: per seat, as an
    alliance's member plays on to the AI while its teammate is in play), `sides` (who wins or
    loses together), `scores_by_team` (whether a side's members share one score), `away`
    (seconds each person seat has had no page connected), `hand_after` and `joined` (the
    person seats whose page has come: an invite link spent) let the page say what a
    resignation costs whom, name a team's score once, offer to let the AI play a seat that has
    been away, and mark an invite link taken."""
    return {"type": "welcome", "id": live.id, "game": live.game.name, "title": live.game.title,
            "short_title": short_title(live.game.title), "seat": seat,
            "players": live.num_players,
            "seats": live.summary()["seats"], "resign_ends_game": live.resign_ends_game(seat),
            "sides": live.teams, "scores_by_team": live.game.scores_by_team(live.config),
            "away": live.away(), "hand_after": hand_after,
            "joined": sorted(live.seen), "played_with": _played_with(live, seat)}


def _played_with(live: LiveGame, seat: int | None) -> str:
    """The rules panel's line on the options that differ from the summary's defaults, as
    `seat` may see them (another seat's secret options hidden while the game is in play), as
    the terminal's `?` says it (`played_with`)."""
    options = live.game.options_seen_by(live.row.config or {}, seat, live.over())
    return played_with(changed_options(type(live.config), options))


def _elsewhere_text(yours: str) -> str:
    """What a page is told when another server over the same database changed its game."""
    return (f"{yours} was not stored: this game was changed by another server over the same "
            "database, and nothing changed here; reload the page")


def _watching(live: LiveGame, token: str) -> str:
    """What a known token that opens no seat is told as it watches: why the seat is not its
    own (the invited player claimed it, its person resigned it to the AI or was away), or ""."""
    taken = live.invite_taken(token)
    seat = taken if taken is not None else live.token_seat(token)
    why = live.why_handed(seat) if seat is not None else None
    if why == "resigned":  # the AI plays it, whichever of the seat's links this is
        return (f"Seat {seat} was resigned; the {HANDOVER} AI plays it on, and you are "
                "watching")
    if why == "away":
        return (f"Seat {seat} was handed to the {HANDOVER} AI while nobody had it open; you are "
                "watching")
    if taken is not None:
        return (f"Seat {taken} was taken by the invited player: this link opens it no more, "
                "and you are watching")
    return ""


def _wants_page(request: Request) -> bool:
    """A browser asking for a page (its Accept names HTML): not the API, a script or a file
    of the pages, whose callers read the JSON error."""
    return (request.method in ("GET", "HEAD")
            and not request.url.path.startswith(("/api/", "/static/", "/tables/"))
            and "text/html" in request.headers.get("accept", ""))


def _missing(server: Server, game_id: str) -> str:
    if game_id in server.broken:
        return f"game {game_id} is stored but does not rebuild: {server.broken[game_id]}"
    return f"no game {shown(game_id)} on this server"  # an id of any length, cut to 60
