"""Review (stop 58): `make lint` (ruff) is no part of `make test`, and two import blocks went
unsorted for a stop unnoticed. The suite runs ruff over what `make lint` checks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    ruff = Path(sys.executable).parent / "ruff"  # the dev extra's, as `make lint` runs it
    proc = subprocess.run([str(ruff), "check", "--no-cache", "src", "tests", "benchmarks"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
