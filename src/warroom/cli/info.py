"""`warroom games` and `warroom options`: what is registered and how it can be configured."""

from __future__ import annotations

import dataclasses
import json
import shutil
import sys
import textwrap
import typing

import click

from ..engine import config_to_json
from ..engine.config import option_bounds, option_help, option_schemas, option_text
from ..games import REGISTRY, get_game
from . import cli


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: each game's "
              "name, title, the least and most players it takes and its rules version.")
def games(as_json: bool) -> None:
    """List the registered games, one per line: name, title and rules version (the `version`
    its records hold), separated by tabs."""
    if as_json:
        click.echo(json.dumps({"games": [
            {"name": name, "title": game.title, "min_players": game.min_players,
             "max_players": game.max_players, "rules_version": game.version}
            for name, game in REGISTRY.items()]}))
        return
    # The version last, a column of its own: a script that cuts out the name or the title
    # reads them as before.
    for name, game in REGISTRY.items():
        click.echo(f"{name}\t{game.title}\trules version {game.version}")


@cli.command()
@click.argument("game")
@click.option("--brief", is_flag=True, help="One line per option, without its description.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: per option its "
              "name, type (a JSON Schema), default, allowed values in words and, unless "
              "--brief, its description.")
def options(game: str, brief: bool, as_json: bool) -> None:
    """List a game's rule options: key=default and the values it allows (set them with --set
    key=value), each followed by what it means."""
    g = get_game(game)
    defaults = config_to_json(g.Config())
    bounds = option_bounds(g.Config)
    notes = {} if brief else option_help(g.Config)
    names = [f.name for f in dataclasses.fields(g.Config)]
    if as_json:
        click.echo(json.dumps({"game": g.name, "options": [
            {"name": name, "type": schema, "default": defaults[name], "allowed": bounds[name],
             **({} if brief else {"help": notes.get(name)})}
            for name, schema in _schemas(g.Config).items()]}))
        return
    from ..agents.human import is_tty

    settings = {name: f"{name}={option_text(defaults[name])}" for name in names}
    line_width = max(40, min(shutil.get_terminal_size().columns, 100))
    text_width = line_width - 4
    # fitted at a terminal; else one line an option, for whatever reads them (--brief)
    fit_to = line_width if is_tty(sys.stdout) else sys.maxsize
    # the bounds line up after the longest setting, short of leaving them too little room
    width = min(max(map(len, settings.values())), fit_to - 4 - BOUNDS_ROOM)
    for i, name in enumerate(names):
        click.echo(_setting_line(settings[name], bounds[name], width, fit_to))
        note = notes.get(name)
        # Options that share a description (deck0 ... deck7) get it once, after the last.
        if note and (i + 1 == len(names) or notes.get(names[i + 1]) != note):
            click.echo(textwrap.indent(textwrap.fill(note, text_width), "    "))


# The least room a setting's bounds ("# from 0 to 1000") are given beside it.
BOUNDS_ROOM = 16


def _setting_line(setting: str, bounds: str, width: int, line_width: int) -> str:
    """`setting  # bounds`, the bounds at column `width` + 4, broken between words to
    `line_width` and going on under their start (the terminal broke an 88-column line
    mid-word); a setting longer than `width` has a line of its own, its bounds below."""
    if len(setting) > width:
        return f"{setting}\n{_setting_line('', bounds, width, line_width)}"
    head = f"{setting:<{width}}  # "
    return "\n".join(textwrap.wrap(bounds, line_width, initial_indent=head,
                                   subsequent_indent=" " * len(head), break_long_words=False,
                                   break_on_hyphens=False))


def _schemas(config_cls: type) -> dict[str, dict[str, typing.Any]]:
    """Each option's type as a JSON Schema, from the bounds its Config declares (what --set
    and the server check it against): the engine's reading, the lobby's form's too."""
    return option_schemas(config_cls)
