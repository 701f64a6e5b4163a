"""Audit (stop 54): what an install without the Makefile gets: dependency bounds that import,
`make play` installing only what playing needs and `make test` the development extras (each
once, in the same environment), the docs the package cites shipped in the wheel, and a README
that says how to install without make."""

from __future__ import annotations

import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _requirement(requirements: list[str], name: str) -> Requirement:
    (found,) = [r for r in map(Requirement, requirements) if r.name == name]
    return found


@pytest.mark.parametrize(("group", "name", "bad", "good"), [
    (None, "pydantic", ["2.5.0", "2.5.3"], "2.6.0"),
    ("rl", "pettingzoo", ["1.24.0", "1.24.2"], "1.24.3"),
])
def test_lower_bounds_leave_out_the_versions_that_fail(group, name, bad, good):
    """Audit (stop 54): pydantic 2.5.x cannot build word-iron's deck model (`Field(strict=
    False)` in a strict model) and pettingzoo before 1.24.3 has no setter for
    `agent_selection` on a wrapper; the bounds admitted both."""
    project = PYPROJECT["project"]
    requirements = (project["dependencies"] if group is None
                    else project["optional-dependencies"][group])
    spec = _requirement(requirements, name).specifier
    assert not any(spec.contains(Version(v)) for v in bad)
    assert spec.contains(Version(good))


def test_the_wheel_ships_the_docs_the_package_cites():
    """Audit (stop 54): option help cites docs/RULINGS.md and docstrings docs/DESIGN.md, but
    docs/ was only in the sdist."""
    wheel = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]
    shipped = wheel["force-include"]
    for doc in ("DESIGN.md", "RULINGS.md", "VIKTORY-II.md", "rules"):
        assert shipped.get(f"docs/{doc}") == f"warroom/docs/{doc}", doc


FAKE_PYTHON = """#!/bin/sh
# A stand-in interpreter: `-m venv DIR` makes DIR/bin/python (this script) and a warroom
# command; every other call is logged and succeeds.
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
    mkdir -p "$3/bin"
    cp "$0" "$3/bin/python"
    printf '#!/bin/sh\\nexit 0\\n' > "$3/bin/warroom"
    chmod +x "$3/bin/warroom"
    exit 0
fi
case "$*" in -c*) exit 0;; esac
echo "$*" >> "$AUDIT54_LOG"
"""


@pytest.fixture
def checkout(tmp_path):
    """A copy of the Makefile and pyproject.toml with a fake interpreter (nothing installed)."""
    work = tmp_path / "checkout"
    work.mkdir()
    shutil.copy2(ROOT / "Makefile", work / "Makefile")
    shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")
    python = tmp_path / "python3"
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)
    log = tmp_path / "log"
    log.touch()

    def make(*args: str, what: str = "install --quiet -e") -> list[str]:
        before = log.read_text().splitlines()
        proc = subprocess.run(["make", "-s", "-C", str(work), *args, f"PYTHON={python}",
                               "CHROMIUM=/bin/sh"], capture_output=True, text=True, timeout=60,
                              env={**os.environ, "MAKEFLAGS": "", "AUDIT54_LOG": str(log)})
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return [ln for ln in log.read_text().splitlines()[len(before):]
                if what in ln]

    return make


def test_make_play_installs_what_playing_needs_and_make_test_the_dev_extras(checkout):
    """Audit (stop 54): `make play` installed `.[dev]` (ray, playwright, open_spiel, optuna,
    mypy, pytest...) just to play."""
    assert checkout("play", "NATIVE=0") == ["-m pip install --quiet -e ."]
    assert checkout("play", "NATIVE=0") == []
    assert checkout("test", "NATIVE=0") == ["-m pip install --quiet -e .[dev]"]
    assert checkout("test", "NATIVE=0") == []
    assert checkout("play", "NATIVE=0") == []


def test_make_test_first_leaves_make_play_nothing_to_install(checkout):
    """Audit (stop 54): the development install covers playing, compiled build included."""
    assert checkout("test") == ["-m pip install --quiet -e .[dev]"]
    assert checkout("play") == []
    assert checkout("play", "NATIVE=0") == []


def test_make_test_runs_two_test_processes_unless_told_how_many(checkout):
    """Audit (stop 54): `make test` hard-coded `pytest -n 2`; a machine with more cores could
    not use them without calling pytest by hand."""
    assert [ln.split(" -m ")[0] for ln in checkout("test", "NATIVE=0", what="-m pytest")] == [
        "-m pytest -n 2"]
    assert [ln.split(" -m ")[0] for ln in checkout("test", "NATIVE=0", "JOBS=auto",
                                                   what="-m pytest")] == ["-m pytest -n auto"]


def test_make_play_with_the_compiled_build_installs_the_native_extra(checkout):
    """Audit (stop 54): playing with the compiled rules needs mypyc (the `native` extra),
    nothing more."""
    assert checkout("play") == ["-m pip install --quiet -e .[native]"]
    assert checkout("play") == []
    assert checkout("test") == ["-m pip install --quiet -e .[dev]"]


def test_the_readme_says_how_to_install_without_make():
    """Audit (stop 54): the README said only `make play` and `make test`."""
    readme = (ROOT / "README.md").read_text()
    assert readme.split("\n## ", 1)[0].split("```")[1] == (
        "\nmake play    # set everything up, then play Kings of War Battle Deck against the AI"
        "\nmake test    # set everything up, then run the whole test suite\n")
    section = readme.split("\n## Installing without make\n", 1)[1].split("\n## ", 1)[0]
    for text in ("pip install .", "pip install '.[server,rl]'", "pip install '.[native]'",
                 "python -m warroom.native build", "warroom/docs"):
        assert text in section, text
    for extra in PYPROJECT["project"]["optional-dependencies"]:  # what each extra brings
        assert f"\n| `{extra}` | " in section, extra
