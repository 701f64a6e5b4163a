"""Leaving nothing of a test's processes running: a Ray head or a command that started Ray
leaves agents behind it that its own stop may not end."""

from __future__ import annotations

import subprocess

import psutil


def family(proc: subprocess.Popen) -> list[psutil.Process]:
    """Every process `proc` started, however deep (none once it has ended)."""
    if proc.poll() is not None:
        return []
    try:
        return psutil.Process(proc.pid).children(recursive=True)
    except psutil.Error:
        return []


def end_all(proc: subprocess.Popen, children: list[psutil.Process]) -> None:
    """`proc` killed if it still runs (waited for), then each of `children` (`family`)."""
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    kill_each(children)


def kill_each(processes: list[psutil.Process]) -> None:
    """Each of `processes` killed; one that has ended since it was listed (a short-lived
    helper of Ray's) is passed over."""
    for process in processes:
        try:
            process.kill()
        except psutil.Error:
            pass


def runs(process: psutil.Process | int) -> bool:
    """Whether that process (or the one of that pid) still runs: not gone, not a zombie, not a
    new process given its pid (psutil compares creation times); one reaped as it is looked at
    is gone."""
    try:
        if isinstance(process, int):
            process = psutil.Process(process)
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False
