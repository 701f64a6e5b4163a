"""`warroom evaluate`: a strength table. Every pair of listed players meets in a round robin,
in both seat orders on the same deals (a player against itself: on deals of their own); each
pairing gets a win rate with a 95 % confidence interval, and each player an openskill rating."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import click
from openskill.models import PlackettLuce
from rich.markup import escape
from rich.table import Table

from ..agents import make_agent, parse_spec, parse_specs, refuse_humans
from ..engine import ConfigError, config_to_json, derive_seed, typed_options
from ..engine.data import counted
from ..sim.analysis import sample_words
from ..sim.batch import BatchSpec, ordered_map, play_one, worker_pool
from ..sim.progress import game_progress
from ..sim.stats import wilson_interval
from ..sim.tournament import unit_names
from . import cli
from .common import (
    NAME_COLUMN,
    OWN_PLAYER_HELP,
    SEED,
    SET_HELP,
    Interrupted,
    IntRange,
    echo_err,
    echo_json,
    game_and_config,
    game_count,
    json_output,
    options_words,
    print_table,
)
from .simulate import CLOCK_CAVEAT, note_clock_bound, resolve_workers


@dataclass(frozen=True)
class Job:
    """Game `index` of a pairing: `first` tells which of the two takes seat 0."""

    pairing: int
    first: str  # "a" or "b"
    index: int
    spec: BatchSpec
    # What a failure line calls the game: the user's --seed, the pairing and its game number,
    # with which the same command plays it again ("" : play_one's own line)
    name: str = ""


def lineup(a: str, b: str, seats: int) -> tuple[str, ...]:
    """`a`, `b`, `a`, ... around the table; with two seats simply (a, b)."""
    return tuple(a if s % 2 == 0 else b for s in range(seats))


def same_player(a: str, b: str) -> bool:
    """Whether two SPECs name one player (`mcts:c=1:iters=5` is `mcts:iters=5:c=1`)."""
    return parse_spec(a) == parse_spec(b)


def round_robin_jobs(game: str, config: dict[str, Any], players: list[str], seats: int,
                     games: int, seed: int) -> list[Job]:
    """Each pairing plays `games` games: game i and its twin share a deal (the same game seed)
    with the seat orders swapped, so neither player profits from a lucky seat or deal. A
    player against itself (a self-play baseline) gives its twin a deal of its own: agents
    are seeded by seat, so on one deal the twin would be the same game, credited once to
    each and wasting half the games."""
    jobs = []
    for k, (a, b) in enumerate(itertools.combinations(players, 2)):
        base = seed + 1_000_003 * k  # distinct deals per pairing, reproducible
        twin = derive_seed(base, "self-play twin") if same_player(a, b) else base
        specs = {"a": BatchSpec(game, config, lineup(a, b, seats), base, rotate=False),
                 "b": BatchSpec(game, config, lineup(b, a, seats), twin, rotate=False)}
        for i in range(games):
            first = "a" if i % 2 == 0 else "b"
            name = f"{game} evaluate (seed {seed}), pairing {a} vs {b}, game {i + 1} of {games}"
            jobs.append(Job(k, first, i // 2, specs[first], name))
    return jobs


def _play(job: Job) -> tuple[Job, dict[str, Any]]:
    # named as the user plays it again: the pairing's batch seed is no option's
    return job, play_one(job.spec, job.index, job.name)


def run_jobs(jobs: list[Job], workers: int) -> Iterator[tuple[Job, dict[str, Any]]]:
    if workers <= 1:
        yield from map(_play, jobs)
        return
    # One game per job, since games differ in length; Ctrl-C stops the workers at once.
    with worker_pool(workers) as pool:
        yield from ordered_map(pool, _play, jobs)


def winner_of(job: Job, result: dict[str, Any]) -> str | None:
    """'a', 'b', or None for a draw (no winner, or a win shared by both players' seats).
    The two alternate around the table (`lineup`): a seat's parity says whose it is, where
    their SPECs cannot (a self-play pairing, heuristic against heuristic)."""
    sides = {s % 2 for s in result["winner_seats"]}
    if len(sides) != 1:
        return None
    (side,) = sides
    return job.first if side == 0 else ("b" if job.first == "a" else "a")


def entrant_names(players: list[str]) -> list[str]:
    """The players as the table names them: their SPECs, or, when one is listed twice (a
    self-play baseline), every one numbered as tournament numbers its entrants
    ("1:heuristic"), since the ratings and pairings are keyed by name."""
    if len(set(players)) == len(players):
        return list(players)
    return unit_names(tuple(players), 1)


def tabulate(players: list[str], jobs_results: list[tuple[Job, dict[str, Any]]]
             ) -> dict[str, Any]:
    """Per-pairing counts and intervals, and openskill ratings from the games in rounds.

    openskill rates one game at a time, so the games that come last weigh most: taken
    pairing by pairing, the listing order of --players decided the ranking of a cycle (A
    beats B beats C beats A). The games are taken in rounds instead (deal k of every
    pairing, both seat orders), the pairings of a round by their players' names: the same
    results give the same ratings in any listing order."""
    pairs = list(itertools.combinations(players, 2))
    counts = [{"a": 0, "b": 0, "draws": 0, "lengths": 0} for _ in pairs]
    model = PlackettLuce()
    ratings = {p: model.rating(name=p) for p in players}

    def in_rounds(jr: tuple[Job, dict[str, Any]]) -> tuple[int, list[str], str]:
        job = jr[0]
        a, b = pairs[job.pairing]
        return job.index, sorted((a, b)), a if job.first == "a" else b

    ordered = sorted(jobs_results, key=in_rounds)
    for job, result in ordered:
        a, b = pairs[job.pairing]
        won = winner_of(job, result)
        c = counts[job.pairing]
        c["draws" if won is None else won] += 1
        c["lengths"] += result["length"]
        ranks = [1, 1] if won is None else ([1, 2] if won == "a" else [2, 1])
        [[ratings[a]], [ratings[b]]] = model.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
    pairings = []
    for (a, b), c in zip(pairs, counts):
        n = c["a"] + c["b"] + c["draws"]
        score = c["a"] + c["draws"] / 2  # a draw counts as half a win
        lo, hi = wilson_interval(score, n)
        pairings.append({
            "a": a, "b": b, "games": n, "a_wins": c["a"], "b_wins": c["b"], "draws": c["draws"],
            "a_score": score / n if n else 0.0, "ci95": [lo, hi],
            "mean_length": c["lengths"] / n if n else 0.0,
            "sample": sample_words(n, per="pairing"),
            "told_apart": told_apart(lo, hi),
        })
    table = sorted(players, key=lambda p: -ratings[p].ordinal())
    return {
        "pairings": pairings,
        "ratings": [{"player": p, "mu": ratings[p].mu, "sigma": ratings[p].sigma,
                     "ordinal": ratings[p].ordinal()} for p in table],
    }


def told_apart(lo: float, hi: float) -> bool:
    """Whether a pairing's 95 % interval of the first player's score leaves out 50 %: the
    head to head says which of the two is stronger."""
    return not lo <= 0.5 <= hi


def order_words(pairings: list[dict[str, Any]]) -> str | None:
    """The line under the ratings table naming the pairs their head to head does not tell
    apart, or None: openskill orders on all games against every player, so mcts ranked above
    heuristic at 20-20 head to head only for beating random more often."""
    untold = [p for p in pairings if not told_apart(*p["ci95"])]
    if not untold:
        return None

    def record(p: dict[str, Any]) -> str:
        lo, hi = p["ci95"]
        draws = f", {counted(p['draws'], 'draw')}" if p["draws"] else ""
        return f"{p['a_wins']}-{p['b_wins']}{draws}, {100 * lo:.1f}-{100 * hi:.1f} %"

    # one pairing is the whole of the ratings: nothing else to rest on
    head = "ranked on all games, against every player; " if len(pairings) > 1 else ""
    if len(untold) == 1:
        (p,) = untold
        return f"{head}{p['a']} and {p['b']}: not told apart head to head ({record(p)})"
    if len(untold) == len(pairings):
        return f"{head}no pair is told apart head to head (each 95 % interval holds 50 %)"
    return head + "not told apart head to head: " + "; ".join(
        f"{p['a']} and {p['b']} ({record(p)})" for p in untold)


@cli.command()
@click.argument("game")
@click.option("--players", "players_text", default="random,heuristic,mcts", show_default=True,
              help="Comma-separated SPECs to compare, at least two. A SPEC listed twice (a "
              "self-play baseline) numbers every player, as tournament does: 1:heuristic. "
              + OWN_PLAYER_HELP)
@click.option("--games", "n_games", type=game_count(2), default=100, show_default=True,
              help="Games per pairing (even: half in each seat order, twins on one deal; a "
              "SPEC against itself plays every game on a deal of its own).")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the table: the same seed gives the same table (each pairing "
              "has its own deals; a game and its twin, seats swapped, share one, but for a SPEC "
              "against itself), "
              f"{CLOCK_CAVEAT}.")
@click.option("--workers", type=IntRange(min=1), default=1, show_default=True,
              help="Worker processes (at most this machine's CPUs).")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help=SET_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@json_output
def evaluate(game: str, players_text: str, n_games: int, seed: int, workers: int,
             sets: tuple[str, ...], as_json: bool) -> None:
    """Round robin of AI players in GAME: win rates with 95 % intervals, and ratings.

    Draws count as half a win. The same seed gives the same table whatever the number of
    workers, unless a player searches by the clock (a bare mcts, as in the default players,
    or mcts:time=S: see --seed). Ctrl-C keeps nothing: an evaluation is not saved, and the
    same command starts it again.
    """
    if n_games % 2:
        # Games come in twins on one deal, one in each seat order: an odd one out would
        # give the first seat order one game more.
        raise click.BadParameter(f"{n_games} is odd: games per pairing come in pairs, one in "
                                 "each seat order, on the same deal", param_hint="--games")
    g, config, values = game_and_config(game, sets)
    players = parse_specs(players_text)
    refuse_humans(players, "evaluate")
    if len(players) < 2:
        raise ConfigError("--players needs at least two players to compare")
    for spec in players:  # a bad parameter is reported now, not from inside a worker
        make_agent(spec, g, seed)
    seats = g.num_players(config)
    jobs = round_robin_jobs(g.name, values, players, seats, n_games, seed)
    note_clock_bound(players)
    if seats > 2:  # a pairing fills more seats than two players: said, not silent
        echo_err(f"warroom: note: {seats} seats: each pairing's two players alternate round "
                 "the table (a, b, a, ...; both seat orders), and a win by either copy of a "
                 "player is its win")
    results = []
    with game_progress() as progress:
        task = progress.add_task(g.name, total=len(jobs))
        try:
            for job_result in run_jobs(jobs, resolve_workers(workers, "process", len(jobs))):
                results.append(job_result)
                progress.advance(task)
        except KeyboardInterrupt:
            raise Interrupted(_stopped_line(len(results), len(jobs))) from None
    # the options given, typed, under tournament's key: what `--set` makes the table again
    out = {"game": g.name, "seed": seed, "config": typed_options(config, values),
           "games_per_pairing": n_games, **tabulate(entrant_names(players), results)}
    if as_json:
        echo_json(out)
        return
    show(g.title, out, options_words(g.Config, config_to_json(config)))


def _stopped_line(done: int, jobs: int) -> str:
    """What Ctrl-C keeps of an evaluation: nothing (it is not saved); its seed replays it."""
    return (f"interrupted after {done} of {jobs} games: an evaluation is not saved, "
            "so nothing is kept; run the same command to start it again (the same --seed plays "
            "the same games, unless a player searches by the clock: a bare mcts, or one with "
            "time=)")


def show(title: str, out: dict[str, Any], options: str = "") -> None:
    """The tables under the game's `title`; `options` names those that differ from the
    defaults (`options_words`): with the seed, what makes the table again."""
    table = Table(title=escape(f"{title}: round robin, {out['games_per_pairing']} games per "
                               f"pairing, seed {out['seed']}{options}"))
    for col in ("player", "vs", "wins", "losses", "draws", "score", "95 % CI"):
        table.add_column(col, **NAME_COLUMN if col in ("player", "vs") else {})
    for p in out["pairings"]:
        lo, hi = p["ci95"]
        table.add_row(escape(p["a"]), escape(p["b"]), str(p["a_wins"]), str(p["b_wins"]),
                      str(p["draws"]), f"{p['a_score']:.1%}", f"{lo:.1%} - {hi:.1%}")
    print_table(table)
    ratings = Table(title="openskill ratings", caption="ordinal = mu - 3 sigma")
    for col in ("player", "mu", "sigma", "ordinal"):
        ratings.add_column(col, **NAME_COLUMN if col == "player" else {})
    for r in out["ratings"]:
        ratings.add_row(escape(r["player"]), f"{r['mu']:.2f}", f"{r['sigma']:.2f}",
                        f"{r['ordinal']:.2f}")
    print_table(ratings)
    # every pairing plays --games games: an evaluation is kept only whole
    for line in (order_words(out["pairings"]),
                 sample_words(out["games_per_pairing"], per="pairing")):
        if line:
            click.echo(line)
