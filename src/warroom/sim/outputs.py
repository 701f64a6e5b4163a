"""The folders of the files commands write (saves, results databases, reports, tuned card
files): every command makes the missing ones, and a file in the way of one is a one-line
error naming it, found before any work where a command checks its outputs first."""

from __future__ import annotations

from pathlib import Path

from ..engine import WarroomError


class OutputError(WarroomError):
    """A file that cannot be written where it is asked for."""


def file_in_the_way(path: Path) -> Path | None:
    """The nearest existing folder-to-be of `path` if it is not a folder (a file where a
    folder would have to be), else None."""
    for parent in path.parents:
        if parent.exists():
            return None if parent.is_dir() else parent
    return None


def check_folders(path: Path, doing: str) -> None:
    """`path`'s folders are there or can be made: no file stands where one must be. `doing`
    says what the command would do there ("save", "write the report")."""
    blocker = file_in_the_way(path)
    if blocker is not None:
        raise OutputError(f"{path}: cannot {doing} here ({blocker} is a file, not a folder)")


def make_folders(path: Path, doing: str) -> None:
    """Make the missing folders of `path`, saying nothing (as every command does)."""
    check_folders(path, doing)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{path}: cannot {doing} here (cannot make the folder "
                          f"{path.parent}: {exc.strerror or exc})") from None
