"""`warroom simulate`: many games between AI players, with win rates and intervals."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..agents import parse_specs
from ..sim.batch import BatchSpec, run_batch
from ..sim.summary import summarise
from . import cli
from .common import SET_HELP, game_and_config


@cli.command()
@click.argument("game")
@click.option("--games", "n_games", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--players", "players_text", required=True, help="Comma-separated SPECs.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help=SET_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate(game: str, n_games: int, players_text: str, seed: int, workers: int,
             sets: tuple[str, ...], as_json: bool) -> None:
    """Play many games of GAME and report win rates with 95 % confidence intervals.

    Seats rotate so that each listed player sits in each seat equally often; the same seed
    gives the same result whatever the number of workers.
    """
    g, config, values = game_and_config(game, sets)
    specs = parse_specs(players_text, g.num_players(config))
    spec = BatchSpec(g.name, values, tuple(specs), seed)
    results = []
    console = Console(stderr=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.speed} games/s" if False else ""), TimeRemainingColumn(),
                  console=console, disable=not console.is_terminal, transient=True) as progress:
        task = progress.add_task(f"{g.name}", total=n_games)
        for r in run_batch(spec, range(n_games), workers):
            results.append(r)
            progress.advance(task)
    summary = summarise(specs, results)
    if as_json:
        click.echo(json.dumps(summary))
        return
    table = Table(title=f"{g.title}: {n_games} games, seed {seed}")
    for col in ("seat", "player", "wins", "win rate", "95 % CI"):
        table.add_column(col)
    for i, p in enumerate(specs):
        lo, hi = summary["ci95"][i]
        table.add_row(str(i), p, str(summary["wins"][i]), f"{summary['win_rate'][i]:.1%}",
                      f"{lo:.1%} - {hi:.1%}")
    Console().print(table)
    click.echo(f"draws: {summary['draws']}   mean length: {summary['mean_length']:.1f} decisions")
