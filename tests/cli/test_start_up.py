"""What a command imports before it starts: only its own module and the one game it plays."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import warroom.cli
from warroom.cli import COMMANDS, cli


def test_every_command_module_is_named_in_the_table_of_commands():
    """A command added in a module of its own must be named in `COMMANDS`, or `warroom`
    would never import it: import every module and compare what registered itself."""
    for module in pkgutil.iter_modules(warroom.cli.__path__):
        importlib.import_module(f"warroom.cli.{module.name}")
    assert set(cli.commands) == set(COMMANDS)
    for name, module in COMMANDS.items():
        assert cli.commands[name].callback.__module__ == f"warroom.cli.{module}", name


def _modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\n"
                          "print('\\n'.join(m for m in sys.modules if m.startswith(('warroom', "
                          "'numpy', 'uvicorn', 'starlette', 'openskill'))))"],
                         capture_output=True, text=True, timeout=120, check=True)
    return set(out.stdout.split())


def test_a_command_imports_only_its_module_and_the_game_it_plays():
    seen = _modules_after(
        "from warroom.cli import cli\n"
        "cli.main(['options', 'kow'], standalone_mode=False)")
    assert "warroom.cli.info" in seen
    assert not {"warroom.cli.simulate", "warroom.cli.serve", "warroom.cli.evaluate"} & seen
    games = {m.split(".")[2] for m in seen if m.startswith("warroom.games.")}
    assert games == {"kow"}
    assert "numpy" not in seen  # simulate's card statistics load it only when asked


def test_the_registry_finds_a_game_by_name_without_importing_the_others():
    seen = _modules_after(
        "from warroom.games import get_game\nassert get_game('word-iron').name == 'word-iron'")
    assert {m.split(".")[2] for m in seen if m.startswith("warroom.games.")} == {"word_iron"}


def test_listing_the_registry_imports_every_game_in_the_order_of_their_packages():
    seen = _modules_after(
        "from warroom.games import REGISTRY\n"
        "assert list(REGISTRY) == ['battle', 'champions', 'kow', 'viktory', 'viktory-ii', "
        "'word-iron'], list(REGISTRY)\n"
        "assert 'nope' not in REGISTRY and REGISTRY.get('nope') is None")
    assert {"warroom.games.battle", "warroom.games.viktory_ii"} <= seen


def test_help_lists_every_command():
    out = subprocess.run([sys.executable, "-c", "from warroom.cli import main; main(['--help'])"],
                         capture_output=True, text=True, timeout=120)
    for name in COMMANDS:
        assert f"  {name} " in out.stdout, name
