"""`warroom bench`: random playouts per game for a fixed time; games/s and decisions/s."""

from __future__ import annotations

import json
import random
import statistics
import time

import click

from ..games import REGISTRY, get_game
from . import cli


def random_playouts(game_name: str, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """Play random-vs-random games for about `seconds`: (games, decisions, elapsed)."""
    game = get_game(game_name)
    config = game.Config()
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    while True:
        state = game.new_state(config, rng.getrandbits(32))
        while not state.is_terminal():
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, decisions, elapsed


def bench_game(game_name: str, seconds: float, runs: int) -> dict[str, float]:
    samples = [random_playouts(game_name, seconds, seed) for seed in range(runs)]
    return {
        "games_per_s": statistics.median(g / t for g, _, t in samples),
        "decisions_per_s": statistics.median(d / t for _, d, t in samples),
    }


@cli.command()
@click.argument("games", nargs=-1)
@click.option("--seconds", type=click.FloatRange(min=0.01), default=1.0, show_default=True,
              help="Length of one timed run.")
@click.option("--runs", type=click.IntRange(min=1), default=5, show_default=True,
              help="Timed runs per game; the median is reported.")
@click.option("--json", "as_json", is_flag=True)
def bench(games: tuple[str, ...], seconds: float, runs: int, as_json: bool) -> None:
    """Random-vs-random playout speed of GAMES (all games if none given), on one core."""
    names = list(games) or list(REGISTRY)
    for name in names:
        get_game(name)
    out = {name: bench_game(name, seconds, runs) for name in names}
    if as_json:
        click.echo(json.dumps(out))
        return
    for name, r in out.items():
        click.echo(f"{name:12} {r['games_per_s']:10.1f} games/s {r['decisions_per_s']:12.0f} "
                   "decisions/s")
