"""`warroom games` and `warroom options`: what is registered and how it can be configured."""

from __future__ import annotations

import dataclasses

import click

from ..engine import config_to_json
from ..engine.config import option_bounds
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
    """List a game's rule options: key=default, then the values it allows (set them with
    --set key=value)."""
    g = get_game(game)
    defaults = config_to_json(g.Config())
    bounds = option_bounds(g.Config)
    width = max(len(f"{f.name}={_text(defaults[f.name])}") for f in dataclasses.fields(g.Config))
    for field in dataclasses.fields(g.Config):
        setting = f"{field.name}={_text(defaults[field.name])}"
        click.echo(f"{setting:<{width}}  # {bounds[field.name]}")


def _text(value: object) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    if isinstance(value, bool):
        return str(value).lower()
    return "none" if value is None else str(value)
