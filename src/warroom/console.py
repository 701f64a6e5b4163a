"""The `warroom` console command. It lives outside the `cli` package so that it runs before
the commands are imported (a second or more on a busy machine): Ctrl-C or `kill` at any
moment, even then, ends with one line and exit status 130, never a traceback."""

from __future__ import annotations

import os
import signal
import sys


def _stop_while_importing(signum: int, frame: object) -> None:
    # Raising KeyboardInterrupt here is not enough: an import may turn it into another error
    # (a class body's __set_name__, a library's model builder). Nothing has been written yet,
    # so there is nothing to keep: say so and go.
    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    os._exit(130)


def _terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt("terminated")


def entry() -> None:
    # A command started with Ctrl-C ignored (in the background, under nohup) keeps ignoring it.
    interruptible = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if interruptible:
        signal.signal(signal.SIGINT, _stop_while_importing)
    signal.signal(signal.SIGTERM, _stop_while_importing)
    # A command that will fork workers starts their server first: it imports what they need
    # while this process imports the command (sim/pool_start.py).
    from .sim.pool_start import start_early

    try:
        start_early(sys.argv[1:])
    except Exception:  # noqa: BLE001 (the pool starts it again and reports any failure then)
        pass
    from .cli import main

    if interruptible:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    # `kill` stops a command the way Ctrl-C does: a game is saved, finished games are kept.
    signal.signal(signal.SIGTERM, _terminate)
    try:
        code = main()
        _done()
    except KeyboardInterrupt:
        _done()
        print("interrupted", file=sys.stderr)
        code = 130
    if code == 130:  # interrupted: the command has said so and kept what it could
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
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
