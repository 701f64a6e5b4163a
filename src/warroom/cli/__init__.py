"""The `warroom` command. Each command lives in its own module of this package."""

from __future__ import annotations

import codecs
import importlib
import io
import os
import sys
from typing import Any

import click

from .. import native
from ..console import quiet_stdout
from ..engine import WarroomError
from ..engine.data import displayable
from .common import InputEnded, Interrupted, OutputEnded, stdout_failure


class _Stopped(Exception):
    """Ctrl-C during a command, carried past click (which would print a blank line and turn
    it into an Abort that forgets what the command said it kept)."""

    def __init__(self, line: str):
        super().__init__(line)
        self.line = line


# Where each command lives. A command's module is imported only when that command runs (or
# when help lists them all): `warroom simulate kow` need not import the server, the browser
# table's dependencies or every other command's, which is start-up time a batch pays before
# its workers begin.
COMMANDS = {
    "bench": "bench", "cards": "cards", "evaluate": "evaluate", "export": "export", "games": "info",
    "options": "info", "play": "play", "replay": "play", "report": "report", "rules": "info",
    "serve": "serve", "simulate": "simulate", "sweep": "sweep", "tournament": "tournament",
    "tune": "tune", "viktory": "viktory",
}
# The commands that play many games or serve them: on a stale compiled build they say so
# before they start (warroom.native.stale_warning), since nothing else would.
LONG_RUNNING = {"bench", "evaluate", "serve", "simulate", "sweep", "tournament", "tune",
                "viktory compare", "viktory compare-games"}


class Refused(Exception):
    """A command's failure that its --json object on standard output says already (`cards
    validate --json` of a file that does not validate): exit status 2, and no line on
    standard error saying it a second time."""


class _NoCommand(Exception):
    """A group named without a command, carrying its help for `main` to show."""

    def __init__(self, help_text: str):
        super().__init__(help_text)
        self.help_text = help_text


class _HelpGroup(click.Group):
    """A group named without a command (`warroom`, `warroom cards`) shows its help, as click
    8.2 on does: on stderr, with exit status 2, since no command ran. Click raises that help
    as a usage error, which `main` would fold into one line; 8.1 printed it on stdout with
    status 0. Done here, it is the same with either."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            raise _NoCommand(ctx.get_help())
        return super().parse_args(ctx, args)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        # A group's commands by their full name (`viktory compare`); `warroom`'s own bare.
        full = name or cmd.name or ""
        if self.name not in (None, "cli"):
            full = f"{self.name} {full}"
        if full in LONG_RUNNING:
            run = cmd.invoke

            def invoke(ctx: click.Context) -> Any:
                # Once the arguments are read (click runs the command only then): a usage
                # error, or --help, stays the one thing said.
                native.warn_if_stale()
                return run(ctx)

            cmd.invoke = invoke  # type: ignore[method-assign]
        parse = cmd.parse_args

        def parse_args(ctx: click.Context, args: list[str]) -> list[str]:
            try:
                return parse(ctx, args)
            except click.UsageError as exc:
                # Click's parser says "Option '--set' requires an argument." with no
                # context, and the hint named `warroom --help`: it is this command's.
                if exc.ctx is None:
                    exc.ctx, exc.cmd = ctx, ctx.command
                raise

        cmd.parse_args = parse_args  # type: ignore[method-assign]
        super().add_command(cmd, name)


class _Group(_HelpGroup):
    group_class = _HelpGroup  # `@cli.group()`: `warroom cards`, `warroom viktory`

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module = COMMANDS.get(name)
        if module is not None and name not in self.commands:
            importlib.import_module(f"{__name__}.{module}")  # registers itself on `cli`
        return super().get_command(ctx, name)

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        # Ctrl-C while the command line is read: click would print a blank line before the
        # one line `main` says (its Abort), so it is carried past click as one during a command
        try:
            return super().make_context(info_name, args, parent, **extra)
        except KeyboardInterrupt:
            raise _Stopped("interrupted") from None

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            said = exc.args[0] if isinstance(exc, Interrupted) and exc.args else ""
            raise _Stopped(said or "interrupted") from None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="warroom")
def cli() -> None:
    """warroom: play, playtest and analyse card battle games."""


def main(argv: list[str] | None = None) -> int:
    """Entry point: every error a user can cause is one line on stderr and a non-zero exit."""
    plain_streams()
    try:
        cli.main(args=argv, prog_name="warroom", standalone_mode=False)
    except _NoCommand as exc:  # the whole help, not folded into one line
        click.echo(exc.help_text, err=True)
        return 2
    except Refused:
        return 2
    except click.exceptions.NoSuchOption as exc:
        return _fail(f"{exc.format_message()} (see '{_command(exc)} --help')")
    except click.UsageError as exc:
        return _fail(f"{exc.format_message()} (see '{_command(exc)} --help')")
    except click.ClickException as exc:
        return _fail(exc.format_message())
    except WarroomError as exc:
        if _folder_gone():  # what it says of a path is most likely that
            return _fail(f"{exc} (the current folder no longer exists: it was removed; cd to "
                         "one that does)")
        return _fail(str(exc))
    except BrokenPipeError:  # the reader of our output went away (`warroom ... | head`)
        return quiet_stdout()
    except OutputEnded as exc:  # the same, with what the command kept (a game's save)
        quiet_stdout()
        _say(exc.line)
        return 1
    except OSError as exc:  # the file system: a full disk, a read-only place, a missing path
        if _folder_gone():  # removed under the shell: paths, even a bundled file's, fail
            return _fail("the current folder no longer exists (it was removed); cd to one "
                         "that does and run the command again")
        said = stdout_failure(exc)  # `> /dev/full`: not the file the command wrote
        if said is not None:
            quiet_stdout()
            return _fail(said)
        where = f"{exc.filename}: " if exc.filename else ""
        return _fail(f"{where}{exc.strerror or exc}")
    except _Stopped as exc:  # one line: what the command kept, if it said, else just that
        _say(exc.line)
        return 130
    except InputEnded as exc:  # a person's input ended (Ctrl-D): the game stopped, unfinished
        _say(exc.line)
        return 1
    except (KeyboardInterrupt, click.exceptions.Abort):
        _say("interrupted")
        return 130
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except Exception as exc:
        if not _from_interrupt(exc):
            raise
        # Ctrl-C that a library turned into its own error (an import's class body, a model
        # builder, a cleanup that failed on the way out): an interruption all the same
        _say("interrupted")
        return 130
    return 0


# What a terminal that cannot show the suits (ASCII, Latin-1) is sent instead of the characters
# its encoding lacks (`plain_streams`): the suits as the keyboard types them ("AS" picks A♠),
# lines, corners and arrows as ASCII look-alikes; anything else is '?'.
LOOK_ALIKES = {
    **dict.fromkeys("♠♤", "S"), **dict.fromkeys("♣♧", "C"), **dict.fromkeys("♥♡", "H"),
    **dict.fromkeys("♦♢", "D"),
    **dict.fromkeys("─━═╌╍┄┅‐‑‒–—―−", "-"), **dict.fromkeys("│┃║╎╏┆┇", "|"),
    **dict.fromkeys("┌┐└┘├┤┬┴┼╭╮╯╰╔╗╚╝╠╣╦╩╬┏┓┗┛┣┫┳┻╋", "+"),
    "→": "->", "←": "<-", "↑": "^", "↓": "v", "↔": "<->", "⇒": "=>", "⇐": "<=",
    "…": "...", "•": "*", "·": ".", "‘": "'", "’": "'", "“": '"', "”": '"', "≤": "<=",
    "≥": ">=", "≠": "!=", "×": "x", "±": "+/-", "✓": "v", "✗": "x", "█": "#", "░": ".",
    "▒": ":",
    "▓": "#", " ": " ",
}
LOOK_ALIKE_ERRORS = "warroom-look-alikes"  # the error handler's name (codecs.register_error)
SUIT_TEST = "♠♣♥♦"
# ASCII under another name: click's `echo` takes a stream whose encoding is "ascii" for a
# misconfigured one and writes UTF-8 bytes to it, past the stream's errors handler.
ASCII = "warroom-ascii"


def _find_ascii(name: str) -> codecs.CodecInfo | None:
    if name.replace("_", "-") != ASCII:
        return None
    ascii = codecs.lookup("ascii")
    return codecs.CodecInfo(ascii.encode, ascii.decode, ascii.streamreader, ascii.streamwriter,
                            ascii.incrementalencoder, ascii.incrementaldecoder, name=ASCII)


def _look_alikes(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return "".join(LOOK_ALIKES.get(c, "?") for c in exc.object[exc.start:exc.end]), exc.end


def plain_streams() -> None:
    """Standard output and error, where their encoding cannot write the suits (a terminal
    under a Latin-1 locale, PYTHONIOENCODING=ascii), set to write what it lacks as look-alikes
    (LOOK_ALIKES), not to stop the command with a UnicodeEncodeError. Every command writes
    through them, rich's tables too (rich reads the stream's encoding and draws its boxes in
    ASCII itself). An ASCII stream is set to ASCII by another name (ASCII), which click.echo
    writes to as it is, not in UTF-8. Standard input reads what its encoding cannot decode
    (`é` pasted at an ASCII console, a Latin-1 byte under UTF-8) as U+FFFD (`_tolerant_input`)."""
    _tolerant_input()
    try:
        codecs.lookup_error(LOOK_ALIKE_ERRORS)
    except LookupError:
        codecs.register_error(LOOK_ALIKE_ERRORS, _look_alikes)
    try:
        codecs.lookup(ASCII)
    except LookupError:
        codecs.register(_find_ascii)
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        reconfigure = getattr(stream, "reconfigure", None)
        if not encoding or reconfigure is None:
            continue
        try:
            SUIT_TEST.encode(encoding)
        except UnicodeEncodeError:
            try:
                if codecs.lookup(encoding).name == "ascii":
                    reconfigure(encoding=ASCII, errors=LOOK_ALIKE_ERRORS)
                else:
                    reconfigure(errors=LOOK_ALIKE_ERRORS)
            except (ValueError, OSError):  # a stream that cannot be set so: left as it is
                pass
        except LookupError:  # an encoding Python does not know: left as it is
            pass


def _tolerant_input() -> None:
    """Standard input set to read a byte its encoding cannot decode as U+FFFD, which the
    prompt refuses as it refuses any text that is no choice and the console shows as it can
    (`?` under ASCII). Strict, a typed `é` under PYTHONIOENCODING=ascii stopped the game with
    a UnicodeDecodeError blamed on the player; under C.UTF-8 (surrogateescape) the refusal
    echoed `\\udce9`. Every prompt reads this stream, the hotseat's unechoed ones too."""
    if not isinstance(sys.stdin, io.TextIOWrapper):  # not a file's (a StringIO): as it is
        return
    try:
        sys.stdin.reconfigure(errors="replace")
    except (ValueError, OSError):  # already read from, or closed: left as it is
        pass


def _from_interrupt(exc: BaseException) -> bool:
    """Whether `exc` was raised because of a KeyboardInterrupt: its cause or context, or its
    message (pydantic's schema builder, interrupted while a model is made at import, raises a
    SchemaError of its own that only names the interrupt: "... KeyboardInterrupt: ")."""
    seen: set[int] = set()
    link: BaseException | None = exc
    while link is not None and id(link) not in seen:
        if isinstance(link, KeyboardInterrupt) or "KeyboardInterrupt" in str(link):
            return True
        seen.add(id(link))
        link = link.__cause__ or link.__context__
    return False


def _folder_gone() -> bool:
    """Whether the current folder has been removed (a command that needs no path, `--help`
    or `games`, still runs there; one that does fails with a bare "No such file")."""
    try:
        os.getcwd()
    except FileNotFoundError:
        return True
    return False


def _command(exc: click.ClickException) -> str:
    ctx = getattr(exc, "ctx", None)
    return ctx.command_path if ctx is not None else "warroom"


def _fail(message: str) -> int:
    # One line, whatever the message quotes (a file name, a value from a file).
    line = " ".join(displayable(part) for part in message.splitlines() if part.strip())
    _say(f"warroom: error: {line}")
    return 2


def _say(line: str) -> None:
    """A line on standard error; none at all without one (`2>&-`): `print(file=None)` would
    put it on standard output, among what a script reads there."""
    if sys.stderr is None:
        return
    try:
        print(line, file=sys.stderr)
    except (OSError, ValueError):  # standard error closed under us (`2>&1 | head`)
        pass


def entry() -> None:
    """The console command (see warroom.console, which the installed `warroom` runs)."""
    from ..console import entry as console_entry

    console_entry()
