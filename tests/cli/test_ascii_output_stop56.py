"""Audit (stop 56): output under PYTHONIOENCODING=ascii."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from warroom.cli import main, plain_streams

WARROOM = str(Path(sys.executable).parent / "warroom")


def run(encoding: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "WARROOM_NATIVE": "0"}
    return subprocess.run([WARROOM, *args], cwd=cwd, capture_output=True, timeout=300, env=env)


def test_an_ascii_output_gets_the_look_alikes_latin_1_gets(tmp_path):
    """Audit (stop 56): `env PYTHONIOENCODING=ascii warroom replay s1.json | head` printed
    the suits as UTF-8 bytes (click's echo takes an ASCII stream for a misconfigured one and
    writes UTF-8 to it, past the look-alikes plain_streams sets); Latin-1 got `7D`. ASCII
    gets the same look-alikes, on standard output and standard error."""
    assert main(["play", "kow", "--players", "heuristic,heuristic", "--seed", "1", "--save",
                 str(tmp_path / "s1.json")]) == 0
    utf8 = run("utf-8", "replay", "s1.json", cwd=tmp_path)
    assert set("♠♣♥♦") & set(utf8.stdout.decode())
    ascii_ = run("ascii", "replay", "s1.json", cwd=tmp_path)
    latin = run("latin-1", "replay", "s1.json", cwd=tmp_path)
    assert ascii_.returncode == latin.returncode == 0
    assert ascii_.stdout.isascii(), ascii_.stdout[:400]
    assert ascii_.stdout == latin.stdout
    error = run("ascii", "replay", "gone♦.json", cwd=tmp_path)
    assert error.stderr.isascii() and b"gone" in error.stderr, error.stderr


def test_plus_minus_has_a_look_alike():
    """Audit (stop 56): a report's "mean 75.7 decisions (95 % CI ± 11.6)" came out as
    "CI ? 11.6" under PYTHONIOENCODING=ascii: "±" had no look-alike."""
    plain_streams()  # registers the look-alikes' error handler
    assert "95 % CI ± 11.6".encode("ascii", errors="warroom-look-alikes") == \
        b"95 % CI +/- 11.6"
