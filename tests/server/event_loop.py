"""`asyncio.run` for tests that run a coroutine themselves, in a thread of its own: a test
worker that has opened the session's browser (Playwright's sync API) keeps an event loop
running in its main thread, where `asyncio.run` refuses to start ("cannot be called from a
running event loop"), so such a test failed or passed by the order xdist gave it."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
