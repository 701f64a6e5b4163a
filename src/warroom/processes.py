"""The processes this one started, however deep (workers, the fork server and its children):
the last resort of a command that must stop now. psutil reads the process table on every
system (Linux's /proc, macOS, BSD), so the last resort works wherever warroom runs."""

from __future__ import annotations

import psutil


def descendants(pid: int | None = None) -> list[int]:
    """Every live process below `pid` (default: this one); [] if `pid` is gone."""
    try:
        return [child.pid for child in psutil.Process(pid).children(recursive=True)]
    except psutil.Error:  # gone meanwhile
        return []


def alive(pid: int) -> bool:
    """Whether `pid` still runs: a process killed but not yet collected (a zombie) is gone."""
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False
    except psutil.AccessDenied:  # exists, owned by someone else
        return True


def kill_descendants() -> None:
    for pid in descendants():
        try:
            psutil.Process(pid).kill()
        except psutil.Error:  # already gone
            pass
