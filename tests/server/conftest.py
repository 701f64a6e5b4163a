"""Fixtures for the server tests: an app over a fresh SQLite file, a real server on loopback,
and headless Chromium (Debian's package) driven by Playwright."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from warroom.server import create_app

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


class LiveServer:
    """uvicorn serving the app on 127.0.0.1 in a thread, for the browser and the load test."""

    def __init__(self, db: Path, **app_options):
        self.app = create_app(db, **app_options)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_max_size=64 * 1024)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start within 20 s")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


@pytest.fixture
def live_server(db: Path) -> Iterator[LiveServer]:
    with LiveServer(db, ai_processes=0) as server:
        yield server


@pytest.fixture
def seeded_server(db: Path) -> Iterator[LiveServer]:
    """A server that takes a game's seed from its maker: a test that needs one deal (a hand
    with a choice in it, a game long enough) is not left to the seed the server draws."""
    with LiveServer(db, ai_processes=0, allow_seed=True) as server:
        yield server


@pytest.fixture(scope="module")
def shared_seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A seeded_server that a module's tests share: what takes long to make (a long game and
    its whole replay) is made on it once, for tests that only read it."""
    db = tmp_path_factory.mktemp("shared") / "games.sqlite"
    with LiveServer(db, ai_processes=0, allow_seed=True) as server:
        yield server


@pytest.fixture
def slow_ai_server(db: Path) -> Iterator[LiveServer]:
    """A server whose AI seats wait a minute before each move: a page waits for them."""
    with LiveServer(db, ai_processes=0, ai_delay=60) as server:
        yield server


@pytest.fixture(scope="session")
def browser(chromium: str):
    """Headless Chromium driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=chromium, headless=True,
                                      args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()
