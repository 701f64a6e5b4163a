"""Loaded into the fork server only (its preload list), never imported elsewhere.

A worker forked while the parent is stopping (Ctrl-C, a killed run) may find the parent's
semaphores and pipes already gone, and its start-up fails before any warroom code runs. The
fork server reports such a failure through `sys.excepthook` onto the terminal the parent
shares; the parent already says in one line why it stopped (or, if it is not stopping, that
a worker stopped unexpectedly), so these failures are kept off the terminal. Any other
failure is reported as Python does.
"""

from __future__ import annotations

import sys
from types import TracebackType

_PARENT_GONE = (FileNotFoundError, ConnectionError, EOFError)
_default_hook = sys.excepthook


def _quiet_when_parent_is_gone(kind: type[BaseException], value: BaseException,
                               tb: TracebackType | None) -> None:
    if isinstance(value, _PARENT_GONE):
        return
    _default_hook(kind, value, tb)


sys.excepthook = _quiet_when_parent_is_gone
