"""The README's command-line synopsis against the commands themselves: every option it shows
exists, every option a command takes is named in the docs, and what `play --json` prints is
what the README says it prints."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest

from warroom.cli import cli, main

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "src" / "warroom").glob("**/README.md"))]


def _commands() -> dict[str, click.Command]:
    """Every command by its full name ('play', 'cards validate', 'viktory compare', ...)."""
    ctx = click.Context(cli)
    found: dict[str, click.Command] = {}
    for name in cli.list_commands(ctx):
        cmd = cli.get_command(ctx, name)
        assert cmd is not None, name
        if isinstance(cmd, click.Group):
            for sub in cmd.list_commands(ctx):
                found[f"{name} {sub}"] = cmd.get_command(ctx, sub)
        else:
            found[name] = cmd
    return found


def _long_options(cmd: click.Command) -> set[str]:
    return {o for p in cmd.params if isinstance(p, click.Option) for o in p.opts
            if o.startswith("--") and o != "--help"}


def _synopsis() -> dict[str, set[str]]:
    """The options each command shows in the README's block under 'The command line'."""
    text = README.read_text(encoding="utf-8")
    block = text.split("## The command line", 1)[1].split("```", 2)[1]
    names = sorted(_commands(), key=len, reverse=True)
    shown: dict[str, set[str]] = {}
    current = None
    for line in block.splitlines():
        if line.startswith("warroom "):
            rest = line[len("warroom "):].replace("validate|show", "validate")
            current = next((n for n in names if rest.startswith(n + " ") or rest == n), None)
            assert current is not None, f"README shows an unknown command: {line}"
            shown.setdefault(current, set())
        if current is not None:
            shown[current] |= set(re.findall(r"--[a-z][a-z-]*", line.split("#", 1)[0]))
    return shown


def test_readme_synopsis_shows_only_options_the_commands_take():
    commands = _commands()
    for name, options in _synopsis().items():
        unknown = options - _long_options(commands[name])
        assert not unknown, f"README shows {sorted(unknown)} for `warroom {name}`"


def test_readme_synopsis_shows_every_command():
    shown = _synopsis()
    missing = [n for n in _commands() if n not in shown and n != "cards show"]
    assert not missing, f"README's synopsis lacks {missing}"


def test_every_option_is_named_in_the_docs():
    docs = "\n".join(p.read_text(encoding="utf-8") for p in DOCS)
    for name, cmd in _commands().items():
        for option in sorted(_long_options(cmd)):
            assert re.search(re.escape(option) + r"(?![a-z-])", docs), \
                f"`warroom {name} {option}` is named in no README"


@pytest.mark.parametrize("game, extra", [("kow", set()), ("word-iron", {"details"})])
def test_play_json_prints_the_keys_the_readme_names(capsys, game, extra):
    text = README.read_text(encoding="utf-8")
    said = text.split("`--json` prints", 1)[1].split(". ", 1)[0]
    named = set(re.findall(r"`([a-z_]+)`", said))
    assert main(["play", game, "--players", "random,random", "--seed", "1", "--json"]) == 0
    keys = set(json.loads(capsys.readouterr().out))
    assert keys == (named - {"details"}) | extra


def test_every_docs_path_the_readmes_name_exists():
    """The rule texts and rulings the READMEs cite ship with the project."""
    named = {m for p in DOCS for m in re.findall(r"docs/[\w./-]*\w", p.read_text("utf-8"))}
    assert {"docs/RULINGS.md", "docs/VIKTORY-II.md"} <= named
    missing = sorted(n for n in named if not (ROOT / n).exists())
    assert not missing, f"READMEs name files that do not exist: {missing}"
    rules = {p.name for p in (ROOT / "docs" / "rules").glob("*.txt")}
    assert len(rules) == 5  # one text per rule set
    index = (ROOT / "docs" / "rules" / "README.md").read_text("utf-8")
    assert all(f"`{name}`" in index for name in rules)


def test_readme_synopsis_shows_every_option_of_the_batch_commands():
    """Defect 13: the synopsis left out options that `--help` shows (sweep --seed --set
    --workers --db --format --force --backend; tune --seed --set --workers --db --json --force;
    tournament --set; viktory compare --players --modes --seed --workers --set --json); and
    its lines stay within 100 columns."""
    commands, shown = _commands(), _synopsis()
    for name in ("simulate", "sweep", "tune", "tournament", "evaluate", "viktory compare",
                 "viktory compare-games"):
        missing = _long_options(commands[name]) - shown[name]
        assert not missing, f"README's synopsis lacks {sorted(missing)} for `warroom {name}`"
    block = README.read_text(encoding="utf-8").split("## The command line", 1)[1]
    long = [line for line in block.split("```", 2)[1].splitlines() if len(line) > 100]
    assert not long, f"synopsis lines past 100 columns: {long}"
