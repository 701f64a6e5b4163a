"""What the two generators of documentation from code share (`python -m warroom.envs.docs`,
`python -m warroom.games.actions_doc`): a command line whose mistakes are one line, and the
file written, checked (`--check`: exit 1 with one line saying where it is stale) or printed
(`--output -`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    """A generator's arguments: `--check` or `--output FILE`, a bad one said in one line."""

    def __init__(self, prog: str, description: str, what: str):
        super().__init__(prog=prog, description=description)
        either = self.add_mutually_exclusive_group()
        either.add_argument("--check", action="store_true",
                            help=f"Write nothing: exit 0 if {what} is up to date, else 1 with "
                                 "one line saying so.")
        either.add_argument("--output", metavar="FILE",
                            help=f"Write the regenerated {what} to FILE ('-': standard "
                                 "output) and leave the file in the package as it is.")

    def error(self, message: str) -> NoReturn:
        """A bad argument: one line, naming it (argparse prints its usage first)."""
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


CHECKOUT = Path(__file__).resolve().parents[2]  # src/warroom/ is two down from a checkout


def in_checkout() -> bool:
    """Whether warroom runs from its checkout (a generator writes its files there), not from
    an installed package, whose files pip owns."""
    return (CHECKOUT / "pyproject.toml").is_file() and (CHECKOUT / "src" / "warroom").is_dir()


def write_or_check(args: argparse.Namespace, doc: Path, text: str, command: str,
                   stale: Callable[[str, str], str] | None = None) -> None:
    """Do what `args` ask of the generated `text` of the file `doc`: check it (a stale file
    exits with one line; `stale(old, new)` says where, if given), print it, or write it."""
    if args.check:
        try:
            old = doc.read_text(encoding="utf-8")
        except FileNotFoundError:
            sys.exit(f"{doc} is missing: run {command}")
        if old != text:
            where = f" at {stale(old, text)}" if stale else ""
            sys.exit(f"{doc} is out of date{where}: run {command}")
        print(f"{doc} is up to date")
        return
    if args.output == "-":
        sys.stdout.write(text)
        return
    target = Path(args.output) if args.output else doc
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        named = f"--output {target}" if args.output else str(target)
        sys.exit(f"{command}: error: {named}: {exc.strerror or exc}")
    print(f"wrote {target}")
