"""`warroom viktory compare SCENARIO`: one Viktory II battle fought with dice, with the Battle
Cards and with dice and the cards' text (hybrid), many times, side by side;
`warroom viktory compare-games`: whole games of the map game (viktory-ii) in each mode."""

from __future__ import annotations

from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..engine import ConfigError
from ..games import get_game
from ..sim.progress import game_progress
from ..sim.stats import p_text, signed
from . import cli
from .common import SEED, IntRange, echo_json, game_count, json_output, parse_sets
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
@click.option("--games", "n_games", type=game_count(2), default=1000,
              show_default=True, help="Battles in each mode.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the run: game i has the same seed in every mode.")
@click.option("--workers", type=IntRange(min=1), default=1, show_default=True,
              help="Worker processes (the result is the same whatever the number, unless a "
              "player searches by the clock: a bare mcts, or mcts:time=S).")
@click.option("--players", "players_text", default="heuristic,heuristic", show_default=True,
              help="Attacker and defender SPECs.")
@click.option("--modes", "modes_text", default="dice,cards,hybrid", show_default=True,
              help="The modes to fight, in the order of the columns; each is compared with "
              "the first.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
              help="A rule option of viktory, key=value (repeatable). See "
                   "`warroom options viktory`.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@json_output
def compare(scenario: str, n_games: int, seed: int, workers: int, players_text: str,
            modes_text: str, sets: tuple[str, ...], as_json: bool) -> None:
    """Fight SCENARIO (a scenario file, or the name of a bundled one) N times in each mode
    of --modes (by default dice, cards and hybrid): the attacker's win probability, each
    side's expected losses and the battle length, with 95 % confidence intervals (Wilson for
    the probability, Student t for the means, clipped at 0 since counts cannot be
    negative). Then whether the modes differ: each mode after the first against the first
    (cards - dice, hybrid - dice), battle by battle, since battle i has the same seed in
    every mode: the difference with its 95 % interval, told apart or not at 95 % (the win
    probability by McNemar's exact test, with Tango's interval; the means, not the cards
    played (dice play none), by the paired t test and interval; each figure tested on its
    own)."""
    from ..agents import parse_specs, refuse_humans
    from ..games.viktory_battles.cards import options_for_mode
    from ..sim.compare_viktory import compare_modes

    game = get_game("viktory")
    values: dict[str, Any] = parse_sets(sets)
    if "mode" in values:
        raise ConfigError("compare fights every mode given by --modes; do not --set mode")
    if "scenario" in values:  # SCENARIO would silently win over it
        raise ConfigError("compare fights the scenario given as its SCENARIO argument; "
                          "do not --set scenario")
    values["scenario"] = scenario
    modes = _parse_modes(modes_text)
    players = parse_specs(players_text, 2)
    refuse_humans(players, "viktory compare")
    configs = [game.config(options_for_mode(values, mode)) for mode in modes]  # one-line errors now
    with game_progress() as progress:
        task = progress.add_task(escape(f"viktory {scenario}"), total=len(modes) * n_games)
        workers = resolve_workers(workers, "process", n_games * len(modes))
        result = compare_modes(values, n_games, seed, workers, (players[0], players[1]),
                               on_battle=lambda: progress.advance(task), modes=modes)
    result["scenario"] = configs[0].battle.name or scenario
    clip_counts(result, ROWS)
    if as_json:
        echo_json(result)
        return
    players = " vs ".join(result["players"])
    console = Console()
    console.print(_table(result, ROWS, f"{result['scenario']}: {result['games']} battles per "
                                       f"mode, {players}, seed {result['seed']}"))
    _print_differences(console, result, ROWS, "battle")


GAME_ROWS = (
    ("first_player_win", "first player wins", True),
    ("rounds", "game length (rounds)", False),
    ("decisions", "decisions a game", False),
    ("battles", "battles a game", False),
    ("captures", "captures a game", False),
    ("underdog_win", "underdog wins a battle", True),
)


@viktory.command("compare-games")
@click.option("--games", "n_games", type=game_count(2), default=200,
              show_default=True, help="Games in each mode.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the run: game i has the same seed in every mode.")
@click.option("--workers", type=IntRange(min=1), default=1, show_default=True,
              help="Worker processes (the result is the same whatever the number, unless a "
              "player searches by the clock: a bare mcts, or mcts:time=S).")
@click.option("--players", "players_text", default="heuristic,heuristic", show_default=True,
              help="SPECs by seat (seat 0 moves first); their number sets the players.")
@click.option("--modes", "modes_text", default="dice,cards", show_default=True,
              help="The modes to play, in the order of the columns; each is compared with "
              "the first.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
              help="A rule option of viktory-ii, key=value (repeatable). See "
                   "`warroom options viktory-ii`.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@json_output
def compare_games(n_games: int, seed: int, workers: int, players_text: str, modes_text: str,
                  sets: tuple[str, ...], as_json: bool) -> None:
    """Play whole games of viktory-ii N times in each mode of --modes (by default dice and
    cards): the first player's win rate, the game's length, battles and captures, and how
    often the side with fewer units wins a battle, with 95 % confidence intervals (Wilson for
    rates, Student t for means, clipped at 0 since counts cannot be negative; the underdog's
    rate pools the battles of all games, its interval with the game as the cluster). With
    different SPECs the seats rotate from game to game, so that the first player's win rate
    is the first mover's advantage, and each player's win rate is shown too; game i has the
    same seed and seating in every mode. Then whether the modes differ: each mode after the
    first against the first (cards - dice), game by game: the difference with its 95 %
    interval, told apart or not at 95 % (win rates by McNemar's exact test, with Tango's
    interval; the means by the paired t test and interval; each figure tested on its own;
    not the underdog's rate, whose battles differ from mode to mode)."""
    from ..agents import parse_spec, refuse_humans
    from ..games.viktory_battles.cards import options_for_mode
    from ..sim.compare_viktory import compare_game_modes

    game = get_game("viktory-ii")
    values: dict[str, Any] = parse_sets(sets)
    if "mode" in values or "players" in values:
        raise ConfigError("compare-games plays every mode of --modes with the seats of "
                          "--players; do not --set mode or players")
    modes = _parse_modes(modes_text)
    players = tuple(p.strip() for p in players_text.split(",") if p.strip())
    for spec in players:
        parse_spec(spec)  # a bad SPEC is one line now
    refuse_humans(players, "viktory compare-games")
    values["players"] = len(players)
    for mode in modes:
        game.config(options_for_mode(values, mode))  # one-line errors now
    with game_progress() as progress:
        task = progress.add_task("viktory-ii games", total=len(modes) * n_games)
        workers = resolve_workers(workers, "process", n_games * len(modes))
        result = compare_game_modes(values, n_games, seed, workers, players,
                                    on_game=lambda: progress.advance(task), modes=modes)
    clip_counts(result, GAME_ROWS)
    if as_json:
        echo_json(result)
        return
    title = (f"viktory-ii: {n_games} games per mode, {' vs '.join(players)}, seed {seed}"
             + "".join(f", {k}={v}" for k, v in values.items() if k != "players"))
    rows = GAME_ROWS
    if result["seats_rotate"]:  # each player's strength, beside the first mover's share
        rows = (GAME_ROWS[0], *((f"player{i}_win", f"{spec} (player {i}) wins", True)
                                for i, spec in enumerate(players)), *GAME_ROWS[1:])
        for figures in result["modes"].values():
            for i, rate in enumerate(figures["player_wins"]):
                figures[f"player{i}_win"] = rate
    console = Console()
    console.print(_table(result, rows, title, _games_notes(result, len(players))))
    _print_differences(console, result, rows, "game")


def _games_notes(result: dict[str, Any], players: int) -> str:
    """What compare-games' figures mean: who moved first, and the underdog's interval."""
    if result["seats_rotate"]:
        seats = ("seats alternate between games (each player moves first in half of them)"
                 if players == 2 else "seats rotate between games (each player moves first "
                 "in as many of them)")
        first = (f"{seats}, so 'first player wins' is the first mover's advantage and "
                 "'... wins' each player's strength")
    else:
        first = "seat 0 moves first in every game"
    return (f"{first}; game i has the same seed and seating in every mode. 'underdog wins "
            "a battle': over the battles of all games, its interval with the game as the "
            "cluster (the battles of one game are not independent)")


def _print_differences(console: Console, result: dict[str, Any],
                       rows: tuple[tuple[str, str, bool], ...], unit: str) -> None:
    """The table of `result["differences"]`, labelled as `rows` label the figures; nothing
    with one mode."""
    if not result["differences"]:
        return
    labels = {key: (label, is_rate) for key, label, is_rate in rows}
    table = Table(title=f"Do the modes differ? Paired {unit} by {unit} ({unit} i has the same "
                        "seed in every mode)")
    for header in ("", "difference", "95 % CI", "at 95 %"):
        table.add_column(header, justify="left" if header in ("", "at 95 %") else "right")
    for pair, figures in result["differences"].items():
        for key, diff in figures.items():
            label, is_rate = labels[key]
            scale, digits, unit_text = (100, 1, " pts") if is_rate else (1, 2, "")
            low, high = (_minus(x * scale, digits) for x in diff["ci95"])
            verdict = "told apart" if diff["told_apart"] else "not told apart"
            table.add_row(escape(f"{pair}: {label}"),
                          _minus(diff["value"] * scale, digits) + unit_text,
                          f"{low} to {high}", f"{verdict} ({p_text(diff['p'])})")
    table.caption = (f"Each mode against {next(iter(result['modes']))}, one figure at a time. "
                     "Win rates in percentage points (pts): McNemar's exact test (on the "
                     f"{unit}s whose outcome differs between the two modes) and Tango's score "
                     "interval, which reaches 0 wherever the test cannot tell the modes "
                     "apart; means: paired t test and interval. Where the modes do not "
                     "differ, 1 figure in 20 is told apart by chance.")
    console.print(table)


def _minus(x: float, digits: int) -> str:
    """`signed`, with the typographic minus: the per-mode table writes its intervals
    'low - high', where an ASCII minus sign would read as that dash."""
    return signed(x, digits).replace("-", "\u2212")


def _parse_modes(text: str) -> tuple[str, ...]:
    from ..games.viktory_battles.resolver import MODES

    modes = tuple(m.strip() for m in text.split(",") if m.strip())
    if not modes or len(set(modes)) != len(modes) or any(m not in MODES for m in modes):
        raise ConfigError(f"--modes must list distinct modes among {', '.join(MODES)}, "
                          f"got {text!r}")
    return modes


def clip_counts(result: dict[str, Any], rows: tuple[tuple[str, str, bool], ...]) -> None:
    """Clip at 0 the lower end of each count's interval (losses, rounds, battles...). A t
    interval of a mean over few, spread-out games reaches below 0, which no count can; a
    clipped end is marked in `result["clipped"]` so that the table can say so."""
    clipped = result.setdefault("clipped", [])
    for mode, figures in result["modes"].items():
        for key, _, is_rate in rows:
            ci = figures[key]["ci95"]
            if not is_rate and ci[0] < 0:  # rates have Wilson intervals, inside [0, 1]
                ci[0] = 0.0
                clipped.append(f"{mode}.{key}")


def _table(result: dict[str, Any], rows: tuple[tuple[str, str, bool], ...],
           title: str, notes: str = "") -> Table:
    table = Table(title=escape(title))
    table.add_column("")
    for mode in result["modes"]:
        table.add_column(mode, justify="right")
        table.add_column("95 % CI", justify="right")
    for key, label, is_rate in rows:
        cells = []
        for mode in result["modes"].values():
            est = mode[key]
            fmt = "{:.1%}" if is_rate else "{:.2f}"
            cells += [fmt.format(est["value"]),
                      f"{fmt.format(est['ci95'][0])} - {fmt.format(est['ci95'][1])}"]
        table.add_row(label, *cells)
    reasons = {m: ", ".join(f"{r} {n}" for r, n in s["reasons"].items())
               for m, s in result["modes"].items()}
    caption = "; ".join(f"{m}: {r}" for m, r in reasons.items())
    if result.get("clipped"):
        caption += " (intervals below 0 clipped at 0: counts cannot be negative)"
    if notes:
        caption += f". {notes}"
    table.caption = escape(caption)
    return table
