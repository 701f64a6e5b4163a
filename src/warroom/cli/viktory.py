"""`warroom viktory compare SCENARIO`: one Viktory II battle fought with dice, with the Battle
Cards and with dice and the cards' text (hybrid), many times, side by side."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..engine import ConfigError, parse_assignments
from ..games import get_game
from ..sim.progress import game_progress
from . import cli
from .common import SEED, SET_HELP
from .simulate import resolve_workers

ROWS = (
    ("attacker_win", "attacker wins", True),
    ("attacker_losses", "attacker losses (units)", False),
    ("defender_losses", "defender losses (units)", False),
    ("rounds", "battle length (rounds)", False),
    ("cards_played", "cards played", False),
)


@cli.group()
def viktory() -> None:
    """Viktory II battles: dice, the Battle Cards, and dice with the cards' text."""


@viktory.command()
@click.argument("scenario")
@click.option("--games", "n_games", type=click.IntRange(min=2), default=1000,
              show_default=True, help="Battles in each mode.")
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--players", "players_text", default="heuristic,heuristic", show_default=True,
              help="Attacker and defender SPECs.")
@click.option("--modes", "modes_text", default="dice,cards,hybrid", show_default=True,
              help="The modes to fight, in the order of the columns.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help=SET_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def compare(scenario: str, n_games: int, seed: int, workers: int, players_text: str,
            modes_text: str, sets: tuple[str, ...], as_json: bool) -> None:
    """Fight SCENARIO (a scenario file, or the name of a bundled one) N times in each mode
    (dice, cards, hybrid): the attacker's win probability, each side's expected losses and
    the battle length, with 95 % confidence intervals (Wilson for the probability, Student t
    for the means)."""
    from ..agents import parse_specs
    from ..games.viktory.compare import MODES, compare_modes

    game = get_game("viktory")
    values: dict[str, Any] = {**parse_assignments(list(sets)), "scenario": scenario}
    if "mode" in values:
        raise ConfigError("compare fights every mode given by --modes; do not --set mode")
    modes = tuple(m.strip() for m in modes_text.split(",") if m.strip())
    unknown = [m for m in modes if m not in MODES]
    if unknown or not modes or len(set(modes)) != len(modes):
        raise ConfigError(f"--modes must list distinct modes among {', '.join(MODES)}, "
                          f"got {modes_text!r}")
    players = parse_specs(players_text, 2)
    configs = [game.config({**values, "mode": mode}) for mode in modes]  # one-line errors now
    with game_progress() as progress:
        task = progress.add_task(escape(f"viktory {scenario}"), total=len(modes) * n_games)
        workers = resolve_workers(workers, "process", n_games * len(modes))
        result = compare_modes(values, n_games, seed, workers, (players[0], players[1]),
                               on_battle=lambda: progress.advance(task), modes=modes)
    result["scenario"] = configs[0].battle.name or scenario
    if as_json:
        click.echo(json.dumps(result))
        return
    Console().print(_table(result, scenario))


def _table(result: dict[str, Any], scenario: str) -> Table:
    players = " vs ".join(result["players"])
    table = Table(title=escape(f"{result['scenario']}: {result['games']} battles per mode, "
                               f"{players}, seed {result['seed']}"))
    table.add_column("")
    for mode in result["modes"]:
        table.add_column(mode, justify="right")
        table.add_column("95 % CI", justify="right")
    for key, label, is_rate in ROWS:
        cells = []
        for mode in result["modes"].values():
            est = mode[key]
            fmt = "{:.1%}" if is_rate else "{:.2f}"
            cells += [fmt.format(est["value"]),
                      f"{fmt.format(est['ci95'][0])} - {fmt.format(est['ci95'][1])}"]
        table.add_row(label, *cells)
    reasons = {m: ", ".join(f"{r} {n}" for r, n in s["reasons"].items())
               for m, s in result["modes"].items()}
    table.caption = escape("; ".join(f"{m}: {r}" for m, r in reasons.items()))
    return table
