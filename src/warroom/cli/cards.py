"""`warroom cards validate|show FILE [--game GAME]`: check or list a card-data file of any game;
`warroom cards copy NAME FILE [--game GAME]`: a shipped card file, copied to be edited.

A card file names its game in a top-level `game:` field, or `--game` does (for a YAML file
without the field, which every card format allows, or a Battle deck list as text, which cannot
have one; a file whose field names another game is refused); the game's `load_cards(path)` hook
validates it (a `DataError` naming the file, the card and the field), `card_warnings(cards)`
names what is valid but goes against the rule text (printed as warnings; the exit code stays 0)
and `show_cards(cards)` lists it. Games without card files do not implement the hooks. Cards
validated against rules more lenient than the default options (Battle's deck list: Jokers
allowed, the default `jokers=false`) say what those options refuse in a
`default_rule_warnings` attribute: `validate` warns of it too (`play` and `simulate` do not:
given other options the file may be fine, and the default ones refuse it there anyway).

The shipped card files are those a game's data options (`Game.data_options`) name and its
`load_cards` reads: a scenario or a map is shipped too, but is no card file.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path
from typing import Any

import click

from ..engine import DataError, Game
from ..engine.data import displayable, extension_hint, read_yaml, shown, yaml_held
from ..engine.files import left_as_was, write_atomic
from ..games import REGISTRY
from ..sim.outputs import OutputError, make_folders
from . import Refused, cli
from .common import FILE, shell_word


@cli.group()
def cards() -> None:
    """Check or list a card-data file (YAML naming its game in a top-level 'game:' field,
    or any card file with --game GAME), or copy a shipped one to make your own."""


GAME_OPTION = click.option(
    "--game", "game_name", metavar="GAME",
    help="The game FILE is for, when it does not say so in a top-level 'game:' field (a YAML "
         "card file without one, or a Battle deck list as text, one card per line).")


@cards.command()
@click.argument("file", type=FILE)
@GAME_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: ok, the game, "
              "the warnings, and the errors with where each is (a file that does not "
              "validate still exits non-zero, with nothing on standard error).")
def validate(file: str, game_name: str | None, as_json: bool) -> None:
    """Check FILE against its game's card format; one line either way, and a line on
    standard error for each warning (legal, but against the rule text; the exit code stays 0)."""
    if as_json:
        _validate_json(file, game_name)
        return
    game, data = load_card_file(file, game_name)
    click.echo(displayable(f"{file}: valid {game.name} card file" + _named(data)))
    for warning in _warnings(game, data):
        click.echo(displayable(f"warroom: warning: {file}: {warning}"), err=True)


def _validate_json(file: str, game_name: str | None) -> None:
    """The validation as one object. A file that does not validate is a result here (ok
    false, its error and where), with the exit status of the error it is without --json; its
    line is not said again on standard error, where a program reading both got it twice."""
    game: Game | None = None
    try:
        game = card_game(file, game_name)
        data = game.load_cards(file)
    except DataError as exc:
        error = {"where": exc.where or "", "problem": exc.problem, "message": str(exc)}
        click.echo(json.dumps({"file": file, "game": game and game.name, "ok": False,
                               "name": None, "warnings": [], "errors": [error]}))
        raise Refused(str(exc)) from None
    name = getattr(data, "name", None)
    click.echo(json.dumps({"file": file, "game": game.name, "ok": True,
                           "name": name if isinstance(name, str) and name else None,
                           "warnings": _warnings(game, data), "errors": []}))


def _warnings(game: Game, cards: Any) -> list[str]:
    """What `validate` warns of: the game's `card_warnings` (against the rule text), then what
    the default rule options refuse in cards validated against more lenient ones (the cards'
    `default_rule_warnings`, where they have it)."""
    return game.card_warnings(cards) + list(getattr(cards, "default_rule_warnings", ()))


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


@cards.command("copy")
@click.argument("name")
@click.argument("file", type=FILE)
@click.option("--game", "game_name", metavar="GAME",
              help="The game whose shipped card file NAME is. Needed only when several games "
                   "ship a card file of that name: every card game ships a 'sample' (a name "
                   "only one game ships, as word-iron's 'raiders', finds its game).")
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists (a folder or a "
              "device never is).")
def copy_card_file(name: str, file: str, game_name: str | None, force: bool) -> None:
    """Write a copy of the shipped card file NAME (the name a deck option takes: sample,
    raiders, ...) to FILE, byte for byte, to edit into a deck of your own; one line says
    what was written and how to check it. FILE's extension is the shipped file's (.yaml, or
    .txt for Battle's deck list; Battle ships its sample as YAML too). Missing folders are
    made; a FILE that exists is left alone unless --force."""
    game = _copy_game(name, game_name)
    target = Path(file)
    if target.exists() and not target.is_file():
        raise OutputError(f"{file}: not a regular file; choose another FILE")
    source = _copy_source(game, name, file)
    if target.exists() and target.resolve() == source.resolve():
        raise OutputError(f"{file} is the shipped file itself; choose another FILE")
    if target.exists() and not force:
        raise OutputError(f"{file} exists; choose another FILE, or add --force to "
                          "overwrite it")
    make_folders(target, "write the copy")
    existed = target.exists()
    try:
        write_atomic(target, source.read_bytes().decode("utf-8"))
    except OSError as exc:
        raise OutputError(f"{file}: cannot write ({exc.strerror or exc}); "
                          f"{left_as_was(existed)}") from None
    check = f"warroom cards validate {shell_word(file)}"
    try:
        named = card_game(file).name  # the copy's `game:` field, if it has one
    except DataError:
        named = None
    if named != game.name:  # a deck list as text, or Viktory's deck copied for Viktory II
        check += f" --game {game.name}"
    click.echo(displayable(f"{file}: written, a copy of {game.name}'s shipped card file "
                           f"{name!r}; edit it, then check it with: {check}"))


@functools.cache
def shipped_card_files(game_name: str) -> dict[str, Path]:
    """The card files a game ships, by the name its data options give them: the files
    those options name that `load_cards` reads (a scenario or a map is no card file)."""
    game = REGISTRY[game_name]
    found: dict[str, Path] = {}
    if not _has_cards(game):
        return found
    for option in game.data_options.values():
        for name, value in option.shipped.items():
            if name in found:
                continue
            try:
                # a value that is the cards themselves (Battle's deck lists) is the path of
                # its shipped file
                path = option.path(value) or Path(value)
                if path.is_file():
                    game.load_cards(str(path))
                    found[name] = path
            except DataError:
                continue
    return dict(sorted(found.items()))


def _copy_game(name: str, game_name: str | None) -> Game:
    """The game whose shipped card file NAME is: --game, or the one game that ships it."""
    shipping = [n for n in REGISTRY if shipped_card_files(n)]
    games = f"games with card files: {', '.join(shipping) or 'none'}"
    if game_name is not None:
        game = REGISTRY.get(game_name)
        if game is None:
            raise DataError(f"game {shown(game_name)} is not a registered game ({games})",
                            where="--game")
        if not shipped_card_files(game.name):
            raise DataError(f"{game.name} ships no card files ({games})", where="--game")
        return game
    having = [n for n in shipping if name in shipped_card_files(n)]
    if len(having) > 1:
        names = f"{', '.join(having[:-1])} and {having[-1]}"
        raise DataError(f"{names} each ship a card file of that name: say which with --game",
                        where=f"card file {name!r}")
    if not having:
        each = "; ".join(f"{n}: {', '.join(shipped_card_files(n))}" for n in shipping)
        raise DataError(f"no game ships a card file of that name ({each}){_not_cards(name)}",
                        where=f"card file {shown(name)}")
    return REGISTRY[having[0]]


def _copy_source(game: Game, name: str, file: str) -> Path:
    """The shipped card file NAME of `game` to copy to FILE: the one the game's options
    name, or the file beside it written the way FILE's extension says (Battle's sample is
    text, `.txt`, and YAML too)."""
    shipped = shipped_card_files(game.name)
    if name not in shipped:
        names = ", ".join(shipped) + extension_hint(name, shipped)
        raise DataError(f"{game.name} ships no card file of that name (its card files: "
                        f"{names}){_not_cards(name, game)}", where=f"card file {shown(name)}")
    source = shipped[name]
    wanted = _kind(Path(file).suffix)
    if _kind(source.suffix) == wanted:
        return source
    for suffix in (".yaml", ".yml") if wanted == ".yaml" else (Path(file).suffix,):
        beside = source.with_suffix(suffix) if suffix else None
        if beside is not None and beside.is_file():
            try:
                game.load_cards(str(beside))
            except DataError:
                continue
            return beside
    try:
        example = f": {Path(file).with_suffix(source.suffix)}"
    except ValueError:  # no name to give an extension to (`dir/..`)
        example = ""
    raise DataError(f"{game.name}'s shipped card file {name!r} is a {source.suffix} file; "
                    f"name the copy with {source.suffix}{example}", where=file)


def _not_cards(name: str, game: Game | None = None) -> str:
    """'; it is viktory's shipped scenario, not a card file' when a data option of `game`
    (or of any game) ships a file named NAME that is no card file (a scenario, a map)."""
    for each in [game] if game is not None else REGISTRY.values():
        option = next((o for o, spec in each.data_options.items() if name in spec.shipped), None)
        if option is not None:
            return f"; {name!r} is {each.name}'s shipped {option}, not a card file"
    return ""


def _kind(suffix: str) -> str:
    """The format a file's extension says: .yml is .yaml."""
    suffix = suffix.lower()
    return ".yaml" if suffix == ".yml" else suffix


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
        # a single value may be a Battle deck list as text, which --game reads
        if data is None or isinstance(data, list):
            raise DataError(f"{yaml_held(data)}; a card file is a YAML mapping naming its game "
                            "in a top-level 'game:' field", where=file)
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
