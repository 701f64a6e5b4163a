"""Audit (stop 58), a newcomer on a fresh clone: an extra's install hint said `pip install
'warroom[tune]'`, which finds nothing (warroom is installed from its checkout, on no package
index); and `make serve` left its games database and the organiser's secret token untracked
in the checkout, where a `git add -A` would commit the token."""

from __future__ import annotations

import subprocess
from pathlib import Path

from warroom import install_hint

ROOT = Path(__file__).resolve().parents[2]


def test_an_install_hint_names_where_warroom_was_installed_from(monkeypatch):
    """Audit (stop 60): the hint `pip install 'warroom[tune]' (in a checkout: pip install -e
    '.[tune]')` began with a command that fails (warroom is on no package index) and turned a
    plain install into an editable one. It names where pip installed this warroom from: the
    checkout as `make` installs it (editable), a wheel file, a checkout installed plainly."""
    assert install_hint("tune") == f"pip install -e '{ROOT}[tune]'"  # `make test`'s install
    import importlib.metadata

    class Installed:
        def __init__(self, origin: str | None):
            self.origin = origin

        def read_text(self, name: str) -> str | None:
            return self.origin if name == "direct_url.json" else None

    for origin, hint in [
            ('{"url": "file:///w/warroom-0.1.0-py3-none-any.whl", "archive_info": {}}',
             "pip install '/w/warroom-0.1.0-py3-none-any.whl[tune]'"),
            ('{"url": "file:///my%20src/warroom", "dir_info": {}}',
             "pip install '/my src/warroom[tune]'"),
            (None, "pip install '.[tune]' in warroom's checkout")]:
        monkeypatch.setattr(importlib.metadata, "distribution",
                            lambda name, origin=origin: Installed(origin))
        assert install_hint("tune") == hint


def test_make_serves_files_are_ignored_by_git(tmp_path):
    names = ["warroom-games.sqlite", "warroom-games.sqlite.organiser-token",
             "warroom-games.sqlite-lock", "warroom-games.sqlite.schema-2.bak"]
    proc = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "--no-index", *names],
                          capture_output=True, text=True)
    assert proc.stdout.split() == names
