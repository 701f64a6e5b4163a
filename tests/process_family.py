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
    for child in children:
        try:
            child.kill()
        except psutil.Error:
            pass
