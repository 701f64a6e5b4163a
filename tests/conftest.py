"""Shared fixtures: every registered game, with the configs its package asks to be tested."""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import pytest

from game_cases import config_id, game_configs
from warroom.games import REGISTRY

# The Ctrl-C tests start commands as a person at a terminal would, and press Ctrl-C. A suite
# started in the background by a shell without job control (`(make test &)`, a script's `&`)
# has Ctrl-C ignored, and so would every command it starts: a command started that way keeps
# ignoring it, by design (warroom/console.py). The tests' commands get a terminal's Ctrl-C.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def _work_in_a_temporary_directory(tmp_path, monkeypatch):
    """Commands that write files by default (results databases) write them here, not into the
    checkout."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture(params=game_configs(), ids=config_id)  # (game, config) are immutable
def game_config(request):
    name, values = request.param
    game = REGISTRY[name]
    return game, game.config(values)


@pytest.fixture(scope="session")
def chromium() -> str:
    """Headless Chromium's path. Its absence fails the tests (the Makefile installs it): a
    browser test that silently skipped would hide a broken page."""
    path = os.environ.get("WARROOM_CHROMIUM", "/usr/bin/chromium")
    if not (Path(path).exists() or shutil.which(path)):
        pytest.fail(f"no Chromium at {path}: install Debian's 'chromium' package "
                    "(make test does it when run as root) or set WARROOM_CHROMIUM")
    return path
