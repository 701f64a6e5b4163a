"""Compiled builds of hot modules, made with mypyc from the very same source, used only while
they match it.

A game's rules are written once, in Python. `python -m warroom.native build` (`make native` in
a checkout, run by `make play` and `make test`) compiles a few hot modules with mypyc (the
list is `MODULES` in warroom.native.build) into the `compiled` folder beside this file (in a
checkout `src/warroom/native/compiled/`; in a pip install, inside site-packages), beside a
manifest of the source files they were built from.
Importing `warroom` puts a finder first on `sys.meta_path` that loads a listed module from
its compiled build only if every one of those files is unchanged and the build is for this
Python; otherwise (no build, a stale one, another Python, `WARROOM_NATIVE=0`) the interpreted module
is imported as usual. A stale build is never run: the source is the rule, the build a copy.
(One exception: a process started by one that runs the build, such as a pool's worker, runs
it too, edited sources or not, so that the two read each other's pickled states.)

    python -m warroom.native build     # compile MODULES (no-op when fresh; --force rebuilds)
    python -m warroom.native build warroom.games.battle.state  # compile only these
    python -m warroom.native status    # what is compiled, or why not
    python -m warroom.native clean     # remove the build

The source files a build depends on are every module of the packages of the modules it
compiles (their constants and classes are read when mypyc compiles). Other modules, such as
the engine, are called through Python at run time, as from interpreted code.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[2]  # the directory that holds the warroom package
BUILD = Path(__file__).resolve().parent / "compiled"
MANIFEST = BUILD / "manifest.json"
# WARROOM_NATIVE=0 turns compiled builds off (the differential tests run both ways).
ENV = "WARROOM_NATIVE"
# The command that (re)builds, for an install (pip) and for a checkout (the Makefile).
REBUILD = "python -m warroom.native build"
HINT = f"({REBUILD}, or make native in a checkout)"


class NativeError(Exception):
    """A compiled build could not be made."""


def enabled() -> bool:
    return os.environ.get(ENV, "1") != "0"


def _abi() -> dict[str, str]:
    return {"cache_tag": str(sys.implementation.cache_tag),
            "suffix": importlib.machinery.EXTENSION_SUFFIXES[0]}


def _module_file(name: str) -> Path:
    path = SRC.joinpath(*name.split(".")).with_suffix(".py")
    if not path.is_file():
        raise NativeError(f"no module {name} to compile (no file {path.relative_to(SRC)})")
    return path


def _sources(modules: list[str]) -> list[Path]:
    """The files a build of `modules` depends on: every module of their packages."""
    packages = sorted({_module_file(name).parent for name in modules})
    return sorted(p for package in packages for p in package.glob("*.py"))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read_manifest() -> dict[str, Any] | None:
    try:
        data = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def stale_reason(manifest: dict[str, Any] | None) -> str | None:
    """Why the build in `manifest` may not be used (None: it is fresh)."""
    if manifest is None:
        return f"not built {HINT}"
    if manifest.get("abi") != _abi():
        return f"built for another Python {HINT}"
    for file in manifest.get("files", {}).values():
        if not (BUILD / file).is_file():
            return f"{file} is missing from the build {HINT}"
    for rel, digest in manifest.get("sources", {}).items():
        path = SRC / rel
        if not path.is_file() or _digest(path) != digest:
            return f"{rel} changed since the build {HINT}"
    return None


def status() -> dict[str, str]:
    """Each module of the build: 'compiled' if it is used (or would be, once imported),
    else 'interpreted: why'."""
    manifest = _read_manifest()
    modules = sorted((manifest or {}).get("compiled", []))
    if not enabled():
        return {name: f"interpreted: {ENV}=0" for name in modules}
    why = stale_reason(manifest)
    return {name: "compiled" if why is None else f"interpreted: {why}" for name in modules}


def stale_warning() -> str | None:
    """One line for a long run to print when a build exists but is not used (stale, or for
    another Python): its games then run interpreted, 1.4 to 3 times slower, with nothing else
    to say so. None when the build is used, when there is none (an install without a C
    compiler runs interpreted by design) and with WARROOM_NATIVE=0 (asked for)."""
    manifest = _read_manifest()
    if not enabled() or manifest is None or _inherited(manifest) is True:
        return None
    why = stale_reason(manifest)
    if why is None:
        return None
    return (f"warroom: note: the compiled build is not used ({why.removesuffix(' ' + HINT)}):"
            f" the rules run interpreted, slower; `{REBUILD}` rebuilds it (`make native` in a"
            " checkout)")


_warned = False


def warn_if_stale() -> None:
    """Print `stale_warning()` on stderr, once a process."""
    global _warned
    line = None if _warned else stale_warning()
    if line is not None:
        _warned = True
        print(line, file=sys.stderr, flush=True)


def is_compiled(module_name: str) -> bool:
    """Whether the module imported under this name is a compiled build."""
    module = sys.modules.get(module_name)
    spec = getattr(module, "__spec__", None)
    return isinstance(getattr(spec, "loader", None), importlib.machinery.ExtensionFileLoader)


def compiled_modules(package: str) -> list[str]:
    """The imported modules of `package` (and its subpackages) that run compiled."""
    return sorted(name for name in list(sys.modules)
                  if (name == package or name.startswith(package + "."))
                  and "__mypyc" not in name and is_compiled(name))


# --- loading -------------------------------------------------------------------------------
# What a process decided of the build, for the processes it starts: "compiled:STAMP" or
# "interpreted:STAMP", STAMP naming the build (its folder and manifest). A child process of
# the same build (a pool's worker, spawned or from a fork server, which imports anew) does as
# its parent did: a source edited while a server or a batch runs would otherwise leave the
# parent compiled and its later workers interpreted, and a state one pickles the other cannot
# read (a compiled Viktory II state lost its `num_players` in an interpreted worker).
PARENT_ENV = "WARROOM_NATIVE_PARENT"


def _stamp(manifest: dict[str, Any] | None) -> str:
    text = str(BUILD) + json.dumps(manifest, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _inherited(manifest: dict[str, Any] | None) -> bool | None:
    """What the parent process decided of this very build (True: it runs it), or None."""
    told = os.environ.get(PARENT_ENV, "")
    stamp = _stamp(manifest)
    return {f"compiled:{stamp}": True, f"interpreted:{stamp}": False}.get(told)


def _decide(publish: bool) -> bool:
    """Whether to load the build: as the parent process did with the same build, else whether
    it is fresh; said to the processes this one starts when `publish`."""
    manifest = _read_manifest()
    fresh = _inherited(manifest)
    if fresh is None:
        fresh = stale_reason(manifest) is None
    if publish:
        os.environ[PARENT_ENV] = f"{'compiled' if fresh else 'interpreted'}:{_stamp(manifest)}"
    return fresh


class _CompiledFinder:
    """Finds the listed modules in the build directory, once the build is known fresh (a
    meta path finder; not derived from importlib.abc, whose import costs 30 ms). The finder
    `install` puts in place says what it decided to the processes this one starts."""

    def __init__(self, files: dict[str, str], publish: bool = False):
        self.files = files
        self.publish = publish
        self.fresh: bool | None = None  # checked at the first listed import

    def find_spec(self, name: str, path: Any = None, target: Any = None
                  ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(name)
        if file is None:
            return None
        if self.fresh is None:
            self.fresh = _decide(self.publish)
        if not self.fresh:
            return None  # the usual finders import the source
        return importlib.util.spec_from_file_location(name, BUILD / file)


def install() -> None:
    """Put the finder of the compiled build first on `sys.meta_path` (if there is a build
    and compiled builds are on)."""
    if not enabled() or any(isinstance(f, _CompiledFinder) for f in sys.meta_path):
        return
    manifest = _read_manifest()
    if manifest is None or not isinstance(manifest.get("files"), dict):
        return
    sys.meta_path.insert(0, _CompiledFinder(manifest["files"], publish=True))
