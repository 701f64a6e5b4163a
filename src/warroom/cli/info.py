"""`warroom games`, `warroom options` and `warroom rules`: what is registered, how it can be
configured and what its rules are."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import shutil
import sys
import textwrap
import typing
from pathlib import Path

import click

from ..engine import Game, config_to_json
from ..engine.config import option_bounds, option_help, option_schemas, option_text
from ..games import REGISTRY, get_game
from ..generated_docs import CHECKOUT
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


# Where the rule texts are: the docs shipped inside the installed package (pyproject.toml's
# force-include), else a checkout's docs/rules.
RULE_TEXTS = (Path(__file__).resolve().parents[1] / "docs" / "rules", CHECKOUT / "docs" / "rules")


@cli.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the game's "
              "name, title, rules summary, the file of its full rule text (null if none "
              "ships with warroom) and all its rule texts (Viktory II's map game too).")
def rules(game: str, as_json: bool) -> None:
    """Show GAME's rules summary, as `?` shows it during a game (a screenful at a time at a
    terminal), then where its full rule text is."""
    g = get_game(game)
    indexed = _indexed(g)  # the index read once: (file, what it is), the published text first
    texts = [text for text, _ in indexed]
    if as_json:
        click.echo(json.dumps({"game": g.name, "title": g.title, "summary": g.summary or None,
                               "rule_text": str(texts[0]) if texts else None,
                               "rule_texts": [str(text) for text in texts]}))
        return
    from rich.console import Console

    from ..agents.human import END_OF_INPUT, HumanAgent, is_tty

    # Paged only when both ends are the terminal: `warroom rules GAME | less` must not wait
    # for Enter at pauses nobody sees.
    stdin = sys.stdin if sys.stdin is not None and is_tty(sys.stdout) else io.StringIO()
    person = HumanAgent(g, 0, stdin=stdin, console=Console(highlight=False))
    try:
        person.show_summary(after=1, then="Enter for the rule text", in_game=False)
    except KeyboardInterrupt as exc:  # Ctrl-D at a pause: read no further
        if exc.args != (END_OF_INPUT,):
            raise
        return
    if not texts:
        click.echo(f"No rule text of {g.name} ships with warroom.")
    for k, (text, what) in enumerate(indexed):
        # the published text first; then what the index says another file is (Viktory II's
        # map game, of which the published text is only the Battle Cards variant)
        click.echo(f"The full rule text: {text}" if k == 0 else
                   f"{what[:1].upper()}{what[1:]}: {text}")


def rule_texts(game: Game) -> list[Path]:
    """The rule texts shipped for `game` (docs/rules/), in the order the index there lists
    them: the published text, then any summary of what it leaves to another game (Viktory
    II's map game, `../VIKTORY-II.md`)."""
    return [text for text, _ in _indexed(game)]


def _indexed(game: Game) -> list[tuple[Path, str]]:
    """Each file docs/rules/README.md's table lists for `game` (a file, then the names of the
    games that implement it, a colon and what it is) that ships, with what it is."""
    for folder in RULE_TEXTS:
        index = folder / "README.md"
        if not index.is_file():
            continue
        found = []
        for line in index.read_text(encoding="utf-8").splitlines():
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) < 2 or not re.fullmatch(r"`[^`]+`", cells[0]):
                continue
            games, _, what = cells[1].partition(":")
            path = (folder / cells[0].strip("`")).resolve()
            if game.name in re.findall(r"`([^`]+)`", games) and path.is_file():
                found.append((path, what.strip()))
        return found
    return []


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
