"""The processes this one started, however deep (workers, the fork server and its children):
the last resort of a command that must stop now. Kept free of imports beyond the standard
library, so that the console command can use it at any moment."""

from __future__ import annotations

import os
import signal
from pathlib import Path


def descendants(pid: int | None = None) -> list[int]:
    """Every live process below `pid` (default: this one), read from /proc; [] where there is
    no /proc."""
    root = os.getpid() if pid is None else pid
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # gone meanwhile
            continue
        fields = text[text.rindex(")") + 2:].split()  # after the command name, which may hold ')'
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kill_descendants() -> None:
    for pid in descendants():
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:  # already gone
            pass
