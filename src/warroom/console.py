"""The `warroom` console command. It lives outside the `cli` package so that it runs before
the commands are imported (a second or more on a busy machine): Ctrl-C or `kill` at any
moment, even then, ends with one line, never a traceback, and exit status 130 (Ctrl-C), 143
(SIGTERM, 128 + 15: the status a shell gives a command a signal ended) or 129 (SIGHUP: the
terminal closed, which stops a command as SIGTERM does, where the platform has it); `serve`,
a server asked to stop, ends with 0 on Ctrl-C, SIGTERM and SIGHUP, while it starts too."""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType


def _stop_while_importing(signum: int, frame: object) -> None:
    # Raising KeyboardInterrupt here is not enough: an import may turn it into another error
    # (a class body's __set_name__, a library's model builder). Nothing has been written yet,
    # so there is nothing to keep: say so and go.
    if sys.stderr is not None:
        try:
            sys.stderr.write("interrupted\n")
            sys.stderr.flush()
        except (OSError, ValueError):  # a hung-up terminal's
            pass
    os._exit(INTERRUPTED if signum == signal.SIGINT else 128 + signum)


# What `warroom serve` says as its server stops (the server's log line, `Server.close`), as it
# is before the server has served: nothing in play, no page, no AI move. A server asked to
# stop has stopped as asked: status 0, on SIGTERM and SIGHUP too, even while it starts.
SERVE_STOPPED = ("stopping: 0 games in play, 0 pages connected, 0 AI moves under way; every "
                 "game is in the store")


def serve_stopped(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP to `warroom serve` before the command takes them over (`cli.serve`):
    it has opened nothing yet, so it says it stops, as a server does, and ends with 0 (a
    service manager stopping it while it starts, 26 s on a loaded machine, got 143)."""
    if sys.stderr is not None:
        try:
            sys.stderr.write(SERVE_STOPPED + "\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
    os._exit(0)


INTERRUPTED = 130  # 128 + SIGINT: Ctrl-C (and `q` at a prompt)
TERMINATED = 143  # 128 + SIGTERM: `kill`, a service manager, a job's time limit
# SIGHUP (128 + 1): the terminal closed, or `kill -HUP`; not on every platform.
HANGUP = getattr(signal, "SIGHUP", None)
_terminated: int | None = None  # the signal (SIGTERM, SIGHUP) that has stopped the command


def _terminate(signum: int, frame: object) -> None:
    global _terminated
    if _terminated is None:  # the first signal's status
        _terminated = signum
    raise KeyboardInterrupt("terminated")


def _as_sigterm(signum: int, frame: FrameType | None) -> None:
    """SIGHUP (and Ctrl-C to `serve` until the server takes it over), handled as SIGTERM is
    at that moment: by `_terminate`, or by what has taken SIGTERM over for a while (the
    server's own stop, a database write that holds it back), and then ends with the signal's
    own status if it ends as stopped."""
    global _terminated
    handler = signal.getsignal(signal.SIGTERM)
    if handler is _terminate or not callable(handler):
        _terminate(signum, frame)
        return
    if _terminated is None:
        _terminated = signum
    handler(signal.SIGTERM, frame)


def _stops() -> list[int]:
    """The signals that stop a command as SIGTERM does: SIGTERM, and SIGHUP where the
    platform has it and it is not ignored (`nohup` starts the command with it ignored, so
    that closing the terminal lets it run on: it keeps ignoring it)."""
    stops: list[int] = [signal.SIGTERM]
    if HANGUP is not None and signal.getsignal(HANGUP) is not signal.SIG_IGN:
        stops.append(HANGUP)
    return stops


def fill_closed_streams() -> None:
    """A standard stream the command was started without (`<&-`, `2>&-`: Python makes it
    None) reads or writes /dev/null instead: a closed input is an input that has ended, as
    `</dev/null`; a closed output is written to nowhere, as `>/dev/null` (a game is played
    and saved as it would be); with no standard error nothing is said (never on standard
    output, where `print(file=None)` would put it). The descriptor a closed stream left free
    is taken by /dev/null too, so that no file the command opens later (a database, a save)
    is written to by what writes to "standard output" or "standard error" underneath
    Python."""
    for name, fd, mode in (("stdin", 0, "r"), ("stdout", 1, "w"), ("stderr", 2, "w")):
        if getattr(sys, name) is not None:
            continue
        try:
            os.fstat(fd)
            stream = open(os.devnull, mode)  # the descriptor is in use: /dev/null anywhere
        except OSError:
            opened = os.open(os.devnull, os.O_RDONLY if mode == "r" else os.O_WRONLY)
            if opened != fd:
                os.dup2(opened, fd)
                os.close(opened)
            stream = open(fd, mode, closefd=False)
        setattr(sys, name, stream)


def entry() -> None:
    fill_closed_streams()
    # A command started with Ctrl-C ignored (in the background, under nohup) keeps ignoring it.
    interruptible = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    serving = sys.argv[1:2] == ["serve"]  # a server: stopped as asked, even while it starts
    starting = serve_stopped if serving else _stop_while_importing
    if interruptible:
        signal.signal(signal.SIGINT, starting)
    stops = _stops()
    for signum in stops:
        signal.signal(signum, starting)
    # A command that will fork workers starts their server first: it imports what they need
    # while this process imports the command (sim/pool_start.py).
    from .sim.pool_start import start_early

    try:
        start_early(sys.argv[1:])
    except Exception:  # noqa: BLE001 (the pool starts it again and reports any failure then)
        pass
    from .cli import main

    # `serve` is stopped by Ctrl-C as by SIGTERM until uvicorn takes Ctrl-C over: at 0, the
    # server's words (a KeyboardInterrupt while it imports or opens its store ended it 130).
    if interruptible:
        signal.signal(signal.SIGINT, _as_sigterm if serving else signal.default_int_handler)
    # `kill` stops a command the way Ctrl-C does: a game is saved, finished games are kept.
    # `serve` takes SIGTERM over as it starts (SIGHUP goes to SIGTERM's handler): until then
    # it has opened nothing, and `serve_stopped` ends it at once.
    for signum in stops:
        if signum != signal.SIGTERM:
            signal.signal(signum, _as_sigterm)
        elif not serving:
            signal.signal(signum, _terminate)
    try:
        code = main()
        _done()
    except KeyboardInterrupt:
        _done()
        if sys.stderr is not None:
            print("interrupted", file=sys.stderr)
        code = INTERRUPTED
    if code == INTERRUPTED:  # interrupted: the command has said so and kept what it could
        if _terminated is not None:  # the same stop and line, with the signal's status
            code = 128 + _terminated
        _exit_within(EXIT_WAIT, code)
    sys.exit(code)


EXIT_WAIT = 15.0  # seconds an interrupted command may take to wind down


def _exit_within(seconds: float, code: int) -> None:
    """After Ctrl-C, the interpreter's own exit waits for worker pools' threads and processes:
    should one of them hang, end anyway after `seconds`, its processes killed, with `code`."""
    import threading

    def force() -> None:
        from .processes import kill_descendants

        kill_descendants()
        sys.stderr.flush()
        os._exit(code)

    timer = threading.Timer(seconds, force)
    timer.daemon = True
    timer.start()


def _done() -> None:
    # The command has stopped and said so: an interrupt while the interpreter winds down
    # (closing files, ending workers) would only turn the exit status into a signal's.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in _stops():
        signal.signal(signum, signal.SIG_IGN)


def quiet_stdout() -> int:
    """Point standard output at nothing, once its reader has gone (`warroom ... | head`), so
    that the final flush says nothing; returns the exit status such a command ends with."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 1
