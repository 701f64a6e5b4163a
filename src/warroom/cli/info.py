"""`warroom games` and `warroom options`: what is registered and how it can be configured."""

from __future__ import annotations

import dataclasses
import shutil
import textwrap

import click

from ..engine import config_to_json
from ..engine.config import option_bounds, option_help, option_text
from ..games import REGISTRY, get_game
from . import cli


@cli.command()
def games() -> None:
    """List the registered games: name and title, one per line."""
    for name, game in REGISTRY.items():
        click.echo(f"{name}\t{game.title}")


@cli.command()
@click.argument("game")
@click.option("--brief", is_flag=True, help="One line per option, without its description.")
def options(game: str, brief: bool) -> None:
    """List a game's rule options: key=default and the values it allows (set them with --set
    key=value), each followed by what it means."""
    g = get_game(game)
    defaults = config_to_json(g.Config())
    bounds = option_bounds(g.Config)
    notes = {} if brief else option_help(g.Config)
    names = [f.name for f in dataclasses.fields(g.Config)]
    settings = {name: f"{name}={option_text(defaults[name])}" for name in names}
    width = max(map(len, settings.values()))
    text_width = max(40, min(shutil.get_terminal_size().columns, 100)) - 4
    for i, name in enumerate(names):
        click.echo(f"{settings[name]:<{width}}  # {bounds[name]}")
        note = notes.get(name)
        # Options that share a description (deck0 ... deck7) get it once, after the last.
        if note and (i + 1 == len(names) or notes.get(names[i + 1]) != note):
            click.echo(textwrap.indent(textwrap.fill(note, text_width), "    "))
