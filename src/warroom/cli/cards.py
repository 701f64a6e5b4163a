"""`warroom cards validate|show FILE [--game GAME]`: check or list a card-data file of any game.

A card file names its game in a top-level `game:` field, or `--game` does (for a YAML file
without the field, which every card format allows, or a Battle deck list as text, which cannot
have one; a file whose field names another game is refused); the game's `load_cards(path)` hook
validates it (a `DataError` naming the file, the card and the field), `card_warnings(cards)`
names what is valid but goes against the rule text (printed as warnings; the exit code stays 0)
and `show_cards(cards)` lists it. Games without card files do not implement the hooks.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import click

from ..engine import DataError, Game
from ..engine.data import displayable, read_yaml, shown
from ..games import REGISTRY
from . import cli
from .common import FILE


@cli.group()
def cards() -> None:
    """Check or list a card-data file (YAML naming its game in a top-level 'game:' field,
    or any card file with --game GAME)."""


GAME_OPTION = click.option(
    "--game", "game_name", metavar="GAME",
    help="The game FILE is for, when it does not say so in a top-level 'game:' field (a YAML "
         "card file without one, or a Battle deck list as text, one card per line).")


@cards.command()
@click.argument("file", type=FILE)
@GAME_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: ok, the game, "
              "the warnings, and the errors with where each is (a file that does not "
              "validate still exits non-zero, its line on standard error).")
def validate(file: str, game_name: str | None, as_json: bool) -> None:
    """Check FILE against its game's card format; one line either way, and a line on
    standard error for each warning (legal, but against the rule text; the exit code stays 0)."""
    if as_json:
        _validate_json(file, game_name)
        return
    game, data = load_card_file(file, game_name)
    click.echo(displayable(f"{file}: valid {game.name} card file" + _named(data)))
    for warning in game.card_warnings(data):
        click.echo(displayable(f"warroom: warning: {file}: {warning}"), err=True)


def _validate_json(file: str, game_name: str | None) -> None:
    """The validation as one object. A file that does not validate is a result here (ok
    false, its error and where), then the error it is without --json: its line on standard
    error and a non-zero exit."""
    game: Game | None = None
    try:
        game = card_game(file, game_name)
        data = game.load_cards(file)
    except DataError as exc:
        error = {"where": exc.where or "", "problem": exc.problem, "message": str(exc)}
        click.echo(json.dumps({"file": file, "game": game and game.name, "ok": False,
                               "name": None, "warnings": [], "errors": [error]}))
        raise
    name = getattr(data, "name", None)
    click.echo(json.dumps({"file": file, "game": game.name, "ok": True,
                           "name": name if isinstance(name, str) and name else None,
                           "warnings": game.card_warnings(data), "errors": []}))


@cards.command()
@click.argument("file", type=FILE)
@GAME_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the game, the "
              "deck's name and its cards as data (each field the card file gives).")
def show(file: str, game_name: str | None, as_json: bool) -> None:
    """List the cards of FILE, as its game describes them."""
    game, data = load_card_file(file, game_name)
    if as_json:
        name = getattr(data, "name", None)
        click.echo(json.dumps({"file": file, "game": game.name,
                               "name": name if isinstance(name, str) and name else None,
                               "cards": card_data(data)}))
        return
    # A card file's names are checked for control characters; the file's own name is not.
    click.echo("\n".join(displayable(line) for line in game.show_cards(data).splitlines()))


def card_data(cards: Any) -> Any:
    """A validated card file as JSON data: each game's cards are a pydantic model or a
    dataclass (of cards that are one too), field by field."""
    from pydantic import BaseModel

    if isinstance(cards, BaseModel):
        return cards.model_dump(mode="json")
    if dataclasses.is_dataclass(cards) and not isinstance(cards, type):
        return {f.name: card_data(getattr(cards, f.name)) for f in dataclasses.fields(cards)}
    if isinstance(cards, list | tuple):
        return [card_data(c) for c in cards]
    if isinstance(cards, dict):
        return {str(k): card_data(v) for k, v in cards.items()}
    return cards if cards is None or isinstance(cards, str | int | float | bool) else str(cards)


def load_card_file(file: str, name: str | None = None) -> tuple[Game, Any]:
    """The game a card file names (or `name`, given for a file that cannot say: a text deck
    list), and the file as that game validated it."""
    game = card_game(file, name)
    return game, game.load_cards(file)


def card_game(file: str, name: str | None = None) -> Game:
    """The game of a card file: `name` (--game), or the game that ships a file of that
    name, or the one its top-level `game:` field names; a DataError if none does."""
    with_cards = sorted(n for n, g in REGISTRY.items() if _has_cards(g))
    games = f"games with card files: {', '.join(with_cards) or 'none'}"
    where = "--game"
    if name is None and not Path(file).exists():
        # A shipped file's name (`sample`): its game says where to find it, as --game would.
        shipping = [n for n in with_cards if any(file in option.shipped
                                                 for option in REGISTRY[n].data_options.values())]
        if len(shipping) > 1:
            names = f"{', '.join(shipping[:-1])} and {shipping[-1]}"
            raise DataError(f"no such file; {names} each ship a file of that name: say which "
                            "with --game", where=file)
        name = shipping[0] if shipping else None
    if name is None:
        data = read_yaml(file)
        name = data.get("game") if isinstance(data, dict) else None
        if not name:
            raise DataError(f"no top-level 'game:' field naming the game, and no --game "
                            f"({games})", where=file)
        where = file
    game = REGISTRY.get(str(name))
    if game is None or not _has_cards(game):
        problem = "is not a registered game" if game is None else "has no card files"
        raise DataError(f"game {shown(name)} {problem} ({games})", where=where)
    return game


def _has_cards(game: Game) -> bool:
    return type(game).load_cards is not Game.load_cards


def _named(cards: Any) -> str:
    name = getattr(cards, "name", None)
    return f" ({name})" if isinstance(name, str) and name else ""
