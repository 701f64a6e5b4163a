"""Compiled encodings (warroom.native) write exactly what their source writes: the pinned
digests of every seat's observation and mask at every step of seeded games of every game and
config (tests/envs/encoding_digests.py) come out the same from the compiled build and from
the interpreted source (WARROOM_NATIVE=0), each in a process of its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from warroom import native
from warroom.native.build import MODULES

DIGESTS = Path(__file__).parents[1] / "envs" / "encoding_digests.py"
# The encodings compiled where built (the package's list of modules to compile).
ENCODINGS = [name for name in MODULES if name.endswith(".encode")]
assert ENCODINGS == [f"warroom.games.{game}.encode" for game in
                     ("battle", "champions", "kow", "viktory", "viktory_ii", "word_iron")]


def run(compiled: bool) -> subprocess.Popen:
    env = {**os.environ, native.ENV: "1" if compiled else "0"}
    return subprocess.Popen([sys.executable, str(DIGESTS)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.native  # `make test NATIVE=0` (no compiler) leaves these out: -m "not native"
def test_compiled_encodings_write_what_their_source_writes():
    for module in ENCODINGS:
        state = native.status().get(module)
        assert state == "compiled", (
            f"{module} has no usable compiled build ({state or 'not built'}): run `make "
            "native`, or test the interpreted path only with -m 'not native'")
    procs = run(True), run(False)  # side by side
    compiled, interpreted = (json.loads(p.communicate(timeout=1800)[0]) for p in procs)
    assert sorted(compiled["compiled"]) == sorted(ENCODINGS)
    assert interpreted["compiled"] == []
    pinned = json.loads(DIGESTS.with_suffix(".json").read_text())
    assert compiled["digests"] == interpreted["digests"] == pinned
