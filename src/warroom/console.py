"""The `warroom` console command. It lives outside the `cli` package so that it runs before
the commands are imported (half a second): Ctrl-C or `kill` at any moment, even then, ends
with one line and exit status 130, never a traceback."""

from __future__ import annotations

import signal
import sys


def _terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt("terminated")


def entry() -> None:
    # `kill` stops a command the way Ctrl-C does: a game is saved, finished games are kept.
    signal.signal(signal.SIGTERM, _terminate)
    try:
        from .cli import main

        code = main()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        code = 130
    sys.exit(code)
