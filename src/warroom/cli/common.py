"""Pieces the commands share: loading a game's config from `--set`, seeds, output."""

from __future__ import annotations

import random
from typing import Any

import click

from ..engine import Game, parse_assignments
from ..games import get_game

SET_HELP = "A rule option, key=value (repeatable). See `warroom options GAME`."


def game_and_config(name: str, sets: tuple[str, ...]) -> tuple[Game, Any, dict[str, str]]:
    game = get_game(name)
    values = parse_assignments(list(sets))
    return game, game.config(values), values


def fresh_seed() -> int:
    return random.SystemRandom().randrange(2**31)


def echo_err(message: str) -> None:
    click.echo(message, err=True)
