"""Audit (stop 58), a newcomer on a fresh clone: an extra's install hint said `pip install
'warroom[tune]'`, which finds nothing (warroom is installed from its checkout, on no package
index); and `make serve` left its games database and the organiser's secret token untracked
in the checkout, where a `git add -A` would commit the token."""

from __future__ import annotations

import subprocess
from pathlib import Path

from warroom import install_hint

ROOT = Path(__file__).resolve().parents[2]


def test_an_install_hint_works_in_a_checkout_too():
    assert install_hint("tune") == ("pip install 'warroom[tune]' (in a checkout: pip install "
                                    "-e '.[tune]')")


def test_make_serves_files_are_ignored_by_git(tmp_path):
    names = ["warroom-games.sqlite", "warroom-games.sqlite.organiser-token",
             "warroom-games.sqlite-lock", "warroom-games.sqlite.schema-2.bak"]
    proc = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "--no-index", *names],
                          capture_output=True, text=True)
    assert proc.stdout.split() == names
