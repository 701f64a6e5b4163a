"""`warroom serve`'s server in a thread, as the command configures it: what its tests run
behind a real socket (uvicorn's own proxy-header handling, its address of the client)."""

from __future__ import annotations

import importlib
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn


def served_as_configured(monkeypatch: Any, argv: list[str]) -> dict[str, Any]:
    """`warroom ARGV` (a `serve` command line) run with `run_server` stubbed: the app it made
    and the options it gave uvicorn."""
    from warroom.cli import main

    ran: dict[str, Any] = {}
    monkeypatch.setattr(importlib.import_module("warroom.cli.serve"), "run_server",
                        lambda app, **kw: ran.update(app=app, kw=kw))
    assert main(argv) == 0
    return ran


@contextmanager
def running(ran: dict[str, Any]) -> Iterator[int]:
    """uvicorn as `serve` configured it (`served_as_configured`), in a thread: its port."""
    server = uvicorn.Server(uvicorn.Config(ran["app"], **ran["kw"]))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        yield ran["kw"]["port"]
    finally:
        server.should_exit = True
        thread.join(timeout=20)
