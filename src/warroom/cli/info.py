"""`warroom games` and `warroom options`: what is registered and how it can be configured."""

from __future__ import annotations

import dataclasses

import click

from ..engine import config_to_json
from ..games import REGISTRY, get_game
from . import cli


@cli.command()
def games() -> None:
    """List the registered games: name and title, one per line."""
    for name, game in REGISTRY.items():
        click.echo(f"{name}\t{game.title}")


@cli.command()
@click.argument("game")
def options(game: str) -> None:
    """List a game's rule options with their defaults (set them with --set key=value)."""
    g = get_game(game)
    defaults = config_to_json(g.Config())
    for field in dataclasses.fields(g.Config):
        value = defaults[field.name]
        if isinstance(value, list):
            value = ",".join(map(str, value))
        click.echo(f"{field.name}={value}")
