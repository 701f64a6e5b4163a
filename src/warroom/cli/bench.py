"""`warroom bench`: random playouts per game for a fixed time; games/s and decisions/s.

The figures are CPU time on one core (a busy machine slows wall-clock figures, less so these),
medians of several runs. Playouts take the fast path that simulation and search take
(`State.apply_trusted`, the log off); `--checked` also measures the checked path of play,
records and servers (`State.apply`, the log written). `--peers` runs the same loop over
OpenSpiel's C++ games from Python, in the same run, for scale. Each game's line says which
path its rules took: `compiled` if a module of its package ran compiled (warroom.native),
else `interpreted`.
"""

from __future__ import annotations

import functools
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import click

from .. import install_hint, native
from ..engine import ConfigError
from ..games import REGISTRY, get_game
from ..sim.progress import run_progress
from . import cli
from .common import FiniteFloatRange, IntRange

PEERS = ("goofspiel", "leduc_poker", "gin_rummy")
PEERS_HINT = f"--peers needs OpenSpiel: {install_hint('bench')}"

# A timed run of ten minutes, a median of a hundred runs: past what a speed figure needs.
MAX_SECONDS = 600
MAX_RUNS = 100

Playouts = Callable[[str, float, int], tuple[int, int, float]]


def random_playouts(game_name: str, seconds: float, seed: int = 0,
                    checked: bool = False) -> tuple[int, int, float]:
    """Play random-vs-random games for about `seconds` of CPU time: (games, decisions,
    CPU seconds). Unless `checked`, as simulation does: unchecked applies, the log off."""
    game = get_game(game_name)
    config = game.Config()
    rng = random.Random(seed)
    games = decisions = 0
    start = time.process_time()
    while True:
        game_seed = rng.getrandbits(32)
        state = game.new_state(config, game_seed)
        if not checked:
            state.stop_log(start=functools.partial(game.new_state, config, game_seed))
        apply = state.apply if checked else state.apply_trusted
        while not state.is_terminal():
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            apply(player, actions[rng.randrange(len(actions))])
            decisions += 1
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games, decisions, elapsed


def peer_playouts(game_name: str, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """The same loop over an OpenSpiel game: a decision is one player's action (chance
    outcomes, drawn by their probabilities, are not decisions, as chance inside a warroom
    state is not)."""
    import pyspiel

    game = pyspiel.load_game(game_name)
    players = game.num_players()
    rng = random.Random(seed)
    games = decisions = 0
    start = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_chance(state.chance_outcomes(), rng.random()))
            elif state.is_simultaneous_node():
                joint = [state.legal_actions(p) for p in range(players)]
                state.apply_actions([a[rng.randrange(len(a))] for a in joint])
                decisions += players
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                decisions += 1
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games, decisions, elapsed


def _chance(outcomes: list[tuple[int, float]], draw: float) -> int:
    for action, probability in outcomes:
        draw -= probability
        if draw < 0:
            return action
    return outcomes[-1][0]


def check_peers() -> None:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise ConfigError(PEERS_HINT) from None


def bench_game(game_name: str, seconds: float, runs: int, checked: bool = False,
               playouts: Playouts | None = None,
               on_run: Callable[[], None] = lambda: None) -> dict[str, float]:
    def play(name: str, secs: float, seed: int) -> tuple[int, int, float]:
        sample = (playouts(name, secs, seed) if playouts is not None
                  else random_playouts(name, secs, seed, checked))
        on_run()
        return sample

    samples = [play(game_name, seconds, seed) for seed in range(runs)]
    return {
        "games_per_s": statistics.median(g / t for g, _, t in samples),
        "decisions_per_s": statistics.median(d / t for _, d, t in samples),
    }


def rules_path(game_name: str) -> list[str]:
    """The compiled modules the game's rules ran with (none: interpreted). Its encoding for
    the research environments (`encode`, compiled too) is not the rules: it is left out,
    whether or not something imported it."""
    package = get_game(game_name).package
    return [m for m in native.compiled_modules(package) if not m.endswith(".encode")]


@cli.command()
@click.argument("games", nargs=-1)
@click.option("--seconds", type=FiniteFloatRange(0.01, MAX_SECONDS), default=1.0,
              show_default=True, help="CPU time of one timed run.")
@click.option("--runs", type=IntRange(1, MAX_RUNS), default=5, show_default=True,
              help="Timed runs per game; the median is reported.")
@click.option("--checked", is_flag=True, help="Also measure the checked path (apply with "
              "validation and the log written), as play, replays and servers take it.")
@click.option("--peers", is_flag=True, help="Also measure OpenSpiel's goofspiel, leduc_poker "
              "and gin_rummy with the same loop (needs the bench extra).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object with the figures.")
def bench(games: tuple[str, ...], seconds: float, runs: int, checked: bool, peers: bool,
          as_json: bool) -> None:
    """Random-vs-random playout speed of GAMES (all games if none given), on one core."""
    names = list(games) or list(REGISTRY)
    for name in names:
        get_game(name)
    if peers:
        check_peers()
    out: dict[str, dict[str, Any]] = {}
    total = runs * (len(names) * (2 if checked else 1) + (len(PEERS) if peers else 0))
    with run_progress() as progress:  # the default is half a minute of timed runs
        task = progress.add_task("bench", total=total)

        def measure(name: str, **how: Any) -> dict[str, float]:
            progress.update(task, description=f"bench {name}")
            return bench_game(name, seconds, runs, on_run=lambda: progress.advance(task), **how)

        for name in names:
            out[name] = measure(name)
            out[name]["compiled"] = rules_path(name)
            if checked:
                out[name]["checked_decisions_per_s"] = measure(
                    name, checked=True)["decisions_per_s"]
        if peers:
            for name in PEERS:
                out[f"openspiel:{name}"] = measure(name, playouts=peer_playouts)
    if as_json:
        click.echo(json.dumps(out))
        return
    head = f"{'game':22} {'games/s':>10} {'decisions/s':>12}"
    click.echo(head + (f" {'checked':>12}" if checked else "") + "  rules")
    for name, r in out.items():
        line = f"{name:22} {r['games_per_s']:10.1f} {r['decisions_per_s']:12.0f}"
        if "checked_decisions_per_s" in r:
            line += f" {r['checked_decisions_per_s']:12.0f}"
        if "compiled" in r:
            line += "  compiled" if r["compiled"] else "  interpreted"
        click.echo(line)
