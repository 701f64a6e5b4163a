"""`warroom cards validate|show FILE`: check or list a card-data file of any game.

A card file names its game in a top-level `game:` field; the game's `load_cards(path)` hook
validates it (a `DataError` naming the file, the card and the field) and `show_cards(cards)`
lists it. Games without card files do not implement the hooks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import yaml

from ..engine import DataError, Game
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
    click.echo(f"{file}: valid {game.name} card file" + _named(data))


@cards.command()
@click.argument("file", type=click.Path(dir_okay=False))
def show(file: str) -> None:
    """List the cards of FILE, as its game describes them."""
    game, data = load_card_file(file)
    click.echo(game.show_cards(data))


def load_card_file(file: str) -> tuple[Game, Any]:
    """The game a card file names, and the file as that game validated it."""
    path = Path(file)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"{file}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise DataError(f"{file}: not a text file") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise DataError(f"{file}: not valid YAML{where}") from None
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
    return game, game.load_cards(str(path))


def _has_cards(game: Game) -> bool:
    return type(game).load_cards is not Game.load_cards


def _named(cards: Any) -> str:
    name = getattr(cards, "name", None)
    return f" ({name})" if isinstance(name, str) and name else ""
