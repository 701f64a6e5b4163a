"""Compiling modules with mypyc into the build directory (see the package's docstring)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from .. import install_hint
from . import (
    BUILD,
    MANIFEST,
    SRC,
    NativeError,
    _abi,
    _digest,
    _module_file,
    _read_manifest,
    _sources,
    stale_reason,
)

# The modules compiled by default (`python -m warroom.native build`, `make native`): the
# hot rules of Battle, Word & Iron (and its heuristic), Viktory's battles and Viktory II's
# map, and every game's encoding for the research environments. A build is one for all.
MODULES: tuple[str, ...] = (
    "warroom.games.battle.state", "warroom.games.word_iron.state",
    "warroom.games.word_iron.army", "warroom.games.word_iron.heuristic",
    "warroom.games.viktory_battles.resolver", "warroom.games.viktory_battles.dice",
    "warroom.games.viktory_battles.hand",
    "warroom.games.viktory.state",
    "warroom.games.battle.encode", "warroom.games.champions.encode", "warroom.games.kow.encode",
    "warroom.games.viktory.encode", "warroom.games.viktory_ii.encode",
    "warroom.games.word_iron.encode",
    "warroom.games.viktory_ii.state", "warroom.games.viktory_ii.movement",
    "warroom.games.viktory_ii.placement", "warroom.games.viktory_ii.units",
)


def _not_sources(directory: str, names: list[str]) -> set[str]:
    """What a copy of the sources leaves out: caches, extensions, this build directory."""
    return {n for n in names if n == "__pycache__" or n.endswith(".so")
            or Path(directory, n) == BUILD}


def build(modules: Sequence[str] = (), force: bool = False,
          starting: Callable[[int], None] | None = None) -> str:
    """Compile `modules` (dotted names under warroom; none: MODULES) with mypyc into the build
    directory; nothing to do if the build of the same modules is fresh. `starting(count)` is
    called as a compilation starts (it takes minutes). Returns what was done."""
    modules = list(modules or MODULES)
    for name in modules:
        if not name.startswith("warroom."):
            raise NativeError(f"{name} is not a module of warroom")
    if importlib.util.find_spec("mypyc") is None:
        raise NativeError(f"mypyc is not installed: {install_hint('native')}")
    sources = _sources(modules)
    manifest = _read_manifest()
    if (not force and manifest is not None and sorted(manifest.get("compiled", [])) ==
            sorted(modules) and stale_reason(manifest) is None):
        return f"the compiled rules are up to date ({len(modules)} modules)"
    if starting is not None:
        starting(len(modules))
    with tempfile.TemporaryDirectory(prefix="warroom-native-") as tmp:
        work = Path(tmp)
        # Compile a copy, so that the manifest names exactly the sources compiled.
        shutil.copytree(SRC / "warroom", work / "warroom", ignore=_not_sources)
        digests = {str(p.relative_to(SRC)): _digest(work / p.relative_to(SRC))
                   for p in sources}
        files = [str(_module_file(name).relative_to(SRC)) for name in modules]
        done = subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=work,
                              capture_output=True, text=True)
        if done.returncode != 0:
            lines = (done.stderr + done.stdout).strip().splitlines()
            errors = [ln for ln in lines if ": error:" in ln or "Error" in ln] or lines[-5:]
            raise NativeError("mypyc could not compile " + ", ".join(modules) + ":\n"
                              + "\n".join(errors[:20]))
        built = {}
        suffix = _abi()["suffix"]
        # The modules, and the library of their shared code (several modules: a top-level one).
        for so in [*work.glob("*" + suffix), *(work / "warroom").rglob("*" + suffix)]:
            rel = so.relative_to(work)
            name = str(rel)[:-len(suffix)].replace(os.sep, ".")
            built[name] = str(rel)
        missing = [name for name in modules if name not in built]
        if missing:
            raise NativeError("mypyc made no extension for " + ", ".join(missing))
        if BUILD.exists():
            shutil.rmtree(BUILD)
        for rel in built.values():
            (BUILD / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(work / rel, BUILD / rel)
    MANIFEST.write_text(json.dumps({"compiled": sorted(modules), "files": built,
                                    "sources": digests, "abi": _abi()}, indent=1) + "\n")
    return "compiled " + ", ".join(sorted(modules)) + f" into {BUILD.relative_to(SRC)}"


def clean() -> str:
    """Remove the build; what was done, in words (a silent success read as nothing done)."""
    if not BUILD.exists():
        return f"no build to remove ({BUILD})"
    shutil.rmtree(BUILD, ignore_errors=True)
    return f"removed the build ({BUILD}): the rules run interpreted"


