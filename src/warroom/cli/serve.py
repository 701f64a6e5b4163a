"""`warroom serve`: the browser table, for people to play each other, the AI, or watch."""

from __future__ import annotations

import functools
import ipaddress
import logging
import os
import shlex
import signal
import socket
import stat
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import click

from .. import install_hint
from ..console import serve_stopped
from ..engine import RecordError
from ..sim.outputs import make_folders
from ..sim.store import StoreError
from . import cli
from .common import FILE, SERVE_LOCK, FiniteFloatRange, IntRange, SaveLock, echo_err

SPARE_CONNECTIONS = 500  # above the pages of games in play: requests, hellos, the lobby's
KEEP_ALIVE = 5  # seconds an idle keep-alive HTTP connection is kept


HAND_OVER_POLL = 0.05  # seconds between looks at whether uvicorn has taken SIGTERM over


class _Starting:
    """SIGTERM to `serve` from its start until uvicorn takes it over (SIGHUP too: the console
    hands it to SIGTERM's handler), and again once uvicorn has given it back. While the
    server's modules are imported (up to 26 s on a loaded machine) nothing is open: serve
    says it stops, as a server does, and ends at once with status 0 (it got 143 and
    "interrupted"). Once it opens its files (the store, the organiser token), the stop is
    handed to uvicorn as soon as uvicorn takes SIGTERM over: the server just started stops,
    closes everything and says so itself. An exception raised in the middle of the start
    could be lost (in an import's clean-up, say), and the server would serve on."""

    def __init__(self) -> None:
        self.importing = True
        self.asked: int | None = None
        self._handler = self._stop  # one bound method, to tell it from uvicorn's
        self._before: Any = None
        self._done = threading.Event()

    def __enter__(self) -> _Starting:
        if threading.current_thread() is threading.main_thread():
            before = signal.getsignal(signal.SIGTERM)
            if before is not signal.SIG_IGN and before is not None:
                self._before = signal.signal(signal.SIGTERM, self._handler)
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        if self._before is not None:
            signal.signal(signal.SIGTERM, self._before)

    def _stop(self, signum: int, frame: FrameType | None) -> None:
        if self.importing:
            serve_stopped(signum, frame)
        if self.asked is None:  # one more is the same stop
            self.asked = signum
            threading.Thread(target=self._hand_over, daemon=True,
                             name="warroom-serve-stop").start()

    def _hand_over(self) -> None:
        while not self._done.wait(HAND_OVER_POLL):
            if signal.getsignal(signal.SIGTERM) != self._handler:  # uvicorn's now
                os.kill(os.getpid(), signal.SIGTERM)
                return


def _stops_while_starting(command: Callable[..., None]) -> Callable[..., None]:
    """`serve` asked to stop (SIGTERM, SIGHUP) while it starts stops as a server asked once
    it serves: status 0, and the server's words (`_Starting`)."""
    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> None:
        with _Starting() as starting:
            try:  # the server's modules, while a stop ends the command at once
                import uvicorn  # noqa: F401

                from ..server import app  # noqa: F401
            except ImportError:
                pass  # the command says what is missing
            starting.importing = False
            command(*args, **kwargs)

    return run


def _trusted(ctx: click.Context, param: click.Parameter, given: tuple[str, ...]
             ) -> list[str]:
    """--trust-proxy's addresses and networks, as uvicorn's `forwarded_allow_ips` takes them
    (it would take a mistyped one as a name no connection has, and trust nothing)."""
    trusted = []
    for value in (part.strip() for values in given for part in values.split(",")):
        try:
            trusted.append(str(ipaddress.ip_network(value, strict=False)) if "/" in value
                           else str(ipaddress.ip_address(value)))
        except ValueError:
            raise click.BadParameter(f"{value!r} is not an IP address or network (a reverse "
                                     "proxy's, such as 127.0.0.1)",
                                     param_hint="--trust-proxy") from None
    return trusted


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (loopback by default: only this machine).")
@click.option("--port", default=8000, show_default=True, type=IntRange(0, 65535),
              help="Port to listen on (0: a free one, which the line 'warroom: serving "
                   "http://...' names).")
@click.option("--db", default="warroom-games.sqlite", show_default=True,
              type=FILE,
              help="SQLite file that keeps every game (created if missing, with its folders; "
                   "one server at a time: a second is refused). A file of an older release "
                   "is upgraded at start, a copy of it as it was kept as FILE.schema-N.bak.")
@click.option("--ai-workers", default=2, show_default=True, type=IntRange(0, 64),
              help="Worker processes for mcts seats (0: threads).")
@click.option("--ai-delay", default=0.5, show_default=True, type=FiniteFloatRange(0, 10),
              help="Seconds before each AI move, so that people can follow it (a tenth of "
                   "it after 12 AI moves in a row).")
@click.option("--max-games", default=500, show_default=True, type=IntRange(1, 100_000),
              help="Games in play the server holds (unfinished, with a move or a player's "
                   "page connected in the last hour); a request for another is refused (HTTP 429) "
                   "until one finishes or is left.")
@click.option("--create-every", default=20.0, show_default=True,
              type=FiniteFloatRange(0, 3600),
              help="Seconds between new games from one client address, once it has made 30 "
                   "at once (0: no limit); one more is refused (HTTP 429).")
@click.option("--upload-every", default=60.0, show_default=True,
              type=FiniteFloatRange(0, 3600),
              help="Seconds between data files uploaded from one client address, once it has "
                   "uploaded 20 at once (0: no limit); one more is refused (HTTP 429).")
@click.option("--close-idle", metavar="DAYS", default=30.0, show_default=True,
              type=FiniteFloatRange(0, 3650),
              help="Close a game in play that has had no move and no page connected for DAYS "
                   "days, as the organiser's close does (it is listed closed, its record "
                   "kept), saying why (closed after DAYS days with no move); looked for at "
                   "start and every hour, and said in one line of the log. 0: never.")
@click.option("--hand-after", metavar="SECONDS", default=120.0, show_default=True,
              type=FiniteFloatRange(1, 86400),
              help="How long the person seat a game waits for may have no page connected "
                   "(its link never opened, or its page closed) before the other players are "
                   "offered to let the heuristic AI play it.")
@click.option("--organiser-token-file", type=FILE, default=None,
              help="File holding the organiser's token, which closes a table (POST "
                   "/api/games/ID/close); made, readable by you alone, if missing. Default: "
                   "the --db file's name with .organiser-token added.")
@click.option("--public-url", metavar="URL", default=None,
              help="The address a reverse proxy serves this server at (https://club.example, "
                   "or with a port): requests naming its host are served on a loopback "
                   "--host too, and its pages are this server's own (they may create and "
                   "play). At the root of a name only: the pages cannot be served under a "
                   "sub-path.")
@click.option("--trust-proxy", metavar="ADDRESS", multiple=True, callback=_trusted,
              help="Address (or network) of a reverse proxy whose X-Forwarded-For and "
                   "X-Forwarded-Proto are believed: the per-address limits then count each "
                   "client behind it, not the proxy (repeat it, or separate with commas). "
                   "Trust only an address nothing but the proxy can connect from: on a "
                   "loopback --host any program on this machine connects from 127.0.0.1 and "
                   "could name itself anew at each request. Default: none, every client is "
                   "the address it connects from.")
@_stops_while_starting
def serve(host: str, port: int, db: str, ai_workers: int, ai_delay: float,
          max_games: int, create_every: float, upload_every: float, close_idle: float,
          hand_after: float,
          organiser_token_file: str | None, public_url: str | None,
          trust_proxy: list[str]) -> None:
    """Serve the lobby and the tables at http://HOST:PORT/ (Ctrl-C or SIGTERM stops it; games
    are kept). A server asked to stop has stopped as asked: its exit status is 0, on SIGTERM
    too (other commands exit 130 on Ctrl-C, 143 on SIGTERM)."""
    try:
        import uvicorn  # noqa: F401  (run_server's; missing, it is said here, before anything)

        from ..server import create_app
        from ..server.app import MAX_WATCHERS, organiser_token, public_url_origin
    except ImportError as exc:
        raise click.ClickException(
            f"warroom serve needs the server extra ({exc.name} is missing): "
            f"{install_hint('server')}") from None
    try:
        public = public_url_origin(public_url) if public_url is not None else None
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--public-url") from None
    port = _check_listen(host, port)
    _server_log()
    with SaveLock(SERVE_LOCK) as lock:
        _hold(lock, db)  # before the store opens the file, and may upgrade it
        # The organiser's token: its file is named below, the token itself never (nor logged).
        token_file = organiser_token_file or f"{db}.organiser-token"
        token, made = organiser_token(token_file)
        if not made:
            _say_if_shared(token_file)
        try:
            app = create_app(db, ai_processes=ai_workers, ai_delay=ai_delay,
                             max_games=max_games, create_every=create_every,
                             upload_every=upload_every, listen=host, organiser_token=token,
                             public_origin=public, close_idle=close_idle * 86400,
                             hand_after=hand_after)
        except BaseException:  # a file refused (a results database, junk): no token left
            if made:  # beside it for a server that never ran
                Path(token_file).unlink(missing_ok=True)
            raise
        shown = f"[{host}]" if ":" in host else host  # an IPv6 address, as a URL writes it
        public_at = f" for {public}/" if public else ""
        click.echo(f"warroom: serving http://{shown}:{port}/{public_at} (games in {db})")
        click.echo(f"warroom: the organiser's token is in {token_file}"
                   f"{' (made now)' if made else ''}: it closes a table (curl -X POST -H "
                   "'Authorization: Bearer TOKEN' "
                   f"http://{shown}:{port}/api/games/ID/close)")
        # Frames are small JSON; compressing each one for every viewer costs more CPU than it
        # saves. Connections at once: the spectators the app takes, two players' pages for each
        # game in play, and room for requests; past it a new request is answered 503 (uvicorn
        # has no deadline for a request's headers: this bounds the connections that never send
        # them). An idle keep-alive connection is closed after KEEP_ALIVE s; a body has
        # BODY_SECONDS (app). Proxy headers only from the addresses the operator trusts:
        # uvicorn trusts 127.0.0.1's by default, and on loopback every client is 127.0.0.1,
        # so each could name its own address (X-Forwarded-For) and get around every
        # per-address limit. Otherwise a client is the address its connection comes from.
        proxy: dict[str, Any] = {"proxy_headers": False}
        if trust_proxy:
            proxy = {"proxy_headers": True, "forwarded_allow_ips": trust_proxy}
        run_server(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024,
                   ws_per_message_deflate=False,
                   limit_concurrency=MAX_WATCHERS + 2 * max_games + SPARE_CONNECTIONS,
                   timeout_keep_alive=KEEP_ALIVE, **proxy)


SAME_STOP = 1.0  # seconds within which a second stop signal is the first one again


def run_server(app: Any, **options: Any) -> None:
    """Serve `app` as `uvicorn.run(app, **options)` does, a stop signal that comes again
    within SAME_STOP seconds taken as the same stop. uvicorn takes a second SIGINT as "stop
    now": it skips the app's shutdown (its stop line) and ends in a KeyboardInterrupt
    traceback; yet a wrapper sends one too (`timeout` forwards the SIGINT that `kill` or a
    supervisor sent the whole group)."""
    import uvicorn

    class Server(uvicorn.Server):
        first_stop: float | None = None

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            now = time.monotonic()
            if self.first_stop is not None and now - self.first_stop < SAME_STOP:
                return
            self.first_stop = self.first_stop or now
            super().handle_exit(sig, frame)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            # uvicorn closes every page's WebSocket before the app's shutdown says what the
            # stop leaves: the app counts its pages now, while they are open
            served = getattr(getattr(app, "state", None), "server", None)
            if served is not None:
                served.stopping()
            await super().shutdown(sockets)

    config = uvicorn.Config(app, **options)
    config.load_app()
    server = Server(config)
    try:
        server.run()
    except KeyboardInterrupt:  # as uvicorn.run: the stop the server has said
        pass
    if not server.started:  # as uvicorn.run: it could not start, and has said why
        sys.exit(3)


# SaveLock's refusals are worded for `play --save`, its first user: said as serve's
def _hold(lock: SaveLock, db: str) -> None:
    """Hold an operating-system lock on `DB-lock` while serving DB, as `play --save` holds
    its file (`SaveLock`): a second `warroom serve` over the same database is refused in one
    line before it opens the file, let alone upgrades it under the first. The lock is the
    operating system's, so a server that dies, even killed, lets go of it."""
    make_folders(Path(db), "keep the games database")  # where the lock file goes too
    try:
        lock.hold(db)
    except RecordError as exc:
        raise StoreError(str(exc)) from None


def _say_if_shared(token_file: str) -> None:
    """Warn, in one line, of an organiser token file that users other than its owner may read
    or change (one written by hand with the umask's 0644): whoever reads it closes any table.
    The start goes on: a club's server restarted must not stop at a file it served before."""
    try:
        mode = stat.S_IMODE(os.stat(token_file).st_mode)
    except OSError:  # (read a moment ago: gone since, which the next start will say)
        return
    if mode & 0o066:
        echo_err(f"warroom: warning: {token_file}: users other than its owner may read or "
                 f"change it (mode {mode:04o}), and its token closes any table; make it yours "
                 f"alone: chmod 600 {shlex.quote(token_file)}")


def _server_log() -> None:
    """The server's log on standard error, its notes for the operator included (how many
    games a start rebuilt and how long it took, the stop, refusals counted): each message on
    its own line, as its warnings were written before (Python's last-resort handler shows
    warnings only)."""
    logger = logging.getLogger("warroom.server")
    if not any(isinstance(h, _Stderr) for h in logger.handlers):
        handler = _Stderr()
        handler.setFormatter(logging.Formatter("%(message)s"))
        logger.addHandler(handler)
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Standard error as it is when each message is written, not when the handler was made:
    a second `serve` in one process (a test's, an embedding program's) may have another, and
    the first one's may be closed by then ("--- Logging error ---")."""

    @property  # type: ignore[override]
    def stream(self) -> object:
        return sys.stderr

    @stream.setter
    def stream(self, value: object) -> None:
        pass  # always sys.stderr, whatever StreamHandler sets


def _check_listen(host: str, port: int) -> int:
    """A clear error before anything starts if the server could not listen there (a name
    that does not resolve, a port in use), rather than the web server's own report of it.
    Returns the port: for port 0, the free one the system chose, which the server then
    listens on (the URL printed names it, not port 0)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise click.BadParameter(f"{host!r} is not an address to listen on ({exc})",
                                 param_hint="--host") from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
        try:
            probe.bind(address)
        except OSError as exc:
            raise click.ClickException(
                f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
        return int(probe.getsockname()[1])
