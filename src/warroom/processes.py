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


def kill_started(before: set[int]) -> None:
    """Kill the processes below this one that were not among `before` (those started since,
    however deep), and those they start meanwhile: each is stopped (SIGSTOP: it can start no
    more) before any is killed, so that none is orphaned by its parent's death and missed."""
    seen: set[int] = set()
    stopped: list[psutil.Process] = []
    while found := [pid for pid in descendants() if pid not in before and pid not in seen]:
        for pid in found:
            seen.add(pid)  # (one that cannot be stopped is not looked for again)
            try:
                process = psutil.Process(pid)
                process.suspend()
                stopped.append(process)
            except psutil.Error:  # gone, or not ours to stop
                pass
    for process in stopped:
        try:
            process.kill()
        except psutil.Error:  # already gone
            pass
    psutil.wait_procs(stopped, timeout=5)
