"""Audit (stop 51): `tournament --help` showed `--format` and `--seed` with no words, and
`viktory compare(-games) --help` `--seed` and `--workers`: every option of every command
says what it is for."""

from __future__ import annotations

import click

from warroom.cli import cli


def _commands(group: click.Group, path: str = "warroom"):
    """Every command under `group`, as `warroom --help` lists them (loaded on demand)."""
    ctx = click.Context(group, info_name=path)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        yield f"{path} {name}", command
        if isinstance(command, click.Group):
            yield from _commands(command, f"{path} {name}")


def test_every_option_of_every_command_has_help_text():
    paths = [path for path, _ in _commands(cli)]
    assert {"warroom play", "warroom tournament", "warroom viktory compare-games"} <= set(paths)
    bare = [f"{path} {param.opts[0]}" for path, command in _commands(cli)
            for param in command.params
            if isinstance(param, click.Option) and not param.hidden and not param.help]
    assert bare == []
