"""The `warroom` command. Each command lives in its own module of this package."""

from __future__ import annotations

import os
import signal
import sys

import click

from ..engine import WarroomError
from ..engine.data import displayable


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="warroom")
def cli() -> None:
    """warroom: play, playtest and analyse card battle games."""


# Each command module registers itself on `cli` when imported; one line per module.
from . import (  # noqa: E402
    bench,
    cards,
    evaluate,
    info,
    play,
    report,
    serve,
    simulate,
    sweep,
    tournament,
    tune,
    viktory,
)

_ = (bench, cards, evaluate, info, play, report, serve, simulate, sweep, tournament, tune,
     viktory)


def main(argv: list[str] | None = None) -> int:
    """Entry point: every error a user can cause is one line on stderr and a non-zero exit."""
    try:
        cli.main(args=argv, prog_name="warroom", standalone_mode=False)
    except click.exceptions.NoSuchOption as exc:
        return _fail(f"{exc.format_message()} (see '{_command(exc)} --help')")
    except click.UsageError as exc:
        return _fail(f"{exc.format_message()} (see '{_command(exc)} --help')")
    except click.ClickException as exc:
        return _fail(exc.format_message())
    except WarroomError as exc:
        return _fail(str(exc))
    except BrokenPipeError:  # the reader of our output went away (`warroom ... | head`)
        return _quiet_stdout()
    except OSError as exc:  # the file system: a full disk, a read-only place, a missing path
        where = f"{exc.filename}: " if exc.filename else ""
        return _fail(f"{where}{exc.strerror or exc}")
    except (KeyboardInterrupt, click.exceptions.Abort):
        print("interrupted", file=sys.stderr)
        return 130
    except click.exceptions.Exit as exc:
        return exc.exit_code
    return 0


def _command(exc: click.ClickException) -> str:
    ctx = getattr(exc, "ctx", None)
    return ctx.command_path if ctx is not None else "warroom"


def _fail(message: str) -> int:
    # One line, whatever the message quotes (a file name, a value from a file).
    line = " ".join(displayable(part) for part in message.splitlines() if part.strip())
    print(f"warroom: error: {line}", file=sys.stderr)
    return 2


def _quiet_stdout() -> int:
    # Nothing more can be written; point stdout at nothing so that the final flush is quiet.
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 1


def _terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt("terminated")


def entry() -> None:
    # `kill` stops a command the way Ctrl-C does: a game is saved, finished games are kept.
    signal.signal(signal.SIGTERM, _terminate)
    sys.exit(main())
