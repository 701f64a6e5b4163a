"""`warroom cards validate|show FILE`: check or list a card-data file of any game.

A card file names its game in a top-level `game:` field; the game's `load_cards(path)` hook
validates it (a `DataError` naming the file, the card and the field) and `show_cards(cards)`
lists it. Games without card files do not implement the hooks.
"""

from __future__ import annotations

from typing import Any

import click

from ..engine import DataError, Game
from ..engine.data import displayable, read_yaml
from ..games import REGISTRY
from . import cli


@cli.group()
def cards() -> None:
    """Check or list a card-data file (YAML with a top-level 'game:' field)."""


@cards.command()
@click.argument("file", type=click.Path(dir_okay=False))
def validate(file: str) -> None:
    """Check FILE against its game's card format; one line either way."""
    game, data = load_card_file(file)
    click.echo(displayable(f"{file}: valid {game.name} card file" + _named(data)))


@cards.command()
@click.argument("file", type=click.Path(dir_okay=False))
def show(file: str) -> None:
    """List the cards of FILE, as its game describes them."""
    game, data = load_card_file(file)
    # A card file's names are checked for control characters; the file's own name is not.
    click.echo("\n".join(displayable(line) for line in game.show_cards(data).splitlines()))


def load_card_file(file: str) -> tuple[Game, Any]:
    """The game a card file names, and the file as that game validated it."""
    data = read_yaml(file)
    with_cards = sorted(n for n, g in REGISTRY.items() if _has_cards(g))
    name = data.get("game") if isinstance(data, dict) else None
    if not name:
        raise DataError(f"{file}: no top-level 'game:' field naming the game "
                        f"(games with card files: {', '.join(with_cards) or 'none'})")
    game = REGISTRY.get(str(name))
    if game is None or not _has_cards(game):
        problem = "is not a registered game" if game is None else "has no card files"
        raise DataError(f"{file}: game {name!r} {problem} "
                        f"(games with card files: {', '.join(with_cards) or 'none'})")
    return game, game.load_cards(file)


def _has_cards(game: Game) -> bool:
    return type(game).load_cards is not Game.load_cards


def _named(cards: Any) -> str:
    name = getattr(cards, "name", None)
    return f" ({name})" if isinstance(name, str) and name else ""
