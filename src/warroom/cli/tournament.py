"""`warroom tournament`: a single-elimination event between AI players (or people)."""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console
from rich.progress import Progress

from ..agents import parse_spec, parse_specs
from ..agents.human import Hotseat
from ..games import get_game
from ..sim.progress import game_progress
from ..sim.tournament import (
    FORMATS,
    MAX_BEST_OF,
    MAX_MATCH_SIZE,
    Match,
    Round,
    TournamentSpec,
    check,
    check_workers,
    describe_match,
    run_tournament,
    unit_names,
)
from . import cli
from .common import (
    OWN_PLAYER_HELP,
    SEED,
    SET_HELP,
    InputEnded,
    Interrupted,
    IntRange,
    echo_err,
    echo_json,
    json_output,
    options_words,
    parse_sets,
)
from .play import check_shared_terminal
from .simulate import CLOCK_CAVEAT, note_clock_bound, resolve_workers


@cli.command()
@click.argument("game")
@click.option("--players", "players_text",
              help="Comma-separated entrant SPECs (e.g. heuristic,random,heuristic,random); "
              "required. " + OWN_PLAYER_HELP)
@click.option("--format", "fmt", type=click.Choice(FORMATS), default=FORMATS[0],
              show_default=True, help="The bracket (one so far: each round's losers are out).")
@click.option("--best-of", type=IntRange(1, MAX_BEST_OF), default=1, show_default=True,
              help="Games per match (odd): the first to win a majority goes through.")
@click.option("--match-size", type=IntRange(2, MAX_MATCH_SIZE), help="Players in each "
              "game (2, 3 or 4-player matches; default two sides: 2, or two teams).")
@click.option("--teams", "team_size", type=IntRange(1, MAX_MATCH_SIZE // 2), default=1,
              show_default=True, help="Players per team: consecutive entrants form a team, "
              "which wins or loses together (set the game's team option with --set).")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the tournament: the draw of each round and every game's seed; "
              f"the same seed gives the same tournament, {CLOCK_CAVEAT}.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help=SET_HELP)
@click.option("--workers", type=IntRange(min=1), default=1, show_default=True,
              help="Worker processes that play a round's matches side by side (the result "
              "is the same whatever the number, unless a player searches by the clock: see "
              "--seed).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@json_output
def tournament(game: str, players_text: str | None, fmt: str, best_of: int, match_size: int | None,
               team_size: int, seed: int, sets: tuple[str, ...], workers: int,
               as_json: bool) -> None:
    """Run a tournament of GAME between the --players entrants.

    Opponents are drawn at random each round; losers are eliminated until one player (or
    team) remains. The same seed gives the same tournament whatever the number of workers,
    unless a player searches by the clock (a bare mcts, or mcts:time=S: see --seed). A game
    set up for teams
    (e.g. --set teams=alliance) is entered by teams: add --teams K; a bracket that cannot
    finish (a round left with a match the game cannot hold) is refused before any game.
    """
    g = get_game(game)
    if players_text is None:  # after GAME, as simulate says it: an unknown game is named first
        raise click.UsageError("Missing option '--players'.")
    specs = tuple(parse_specs(players_text))
    match_size = match_size or 2 * team_size  # two sides by default
    spec = TournamentSpec(g.name, parse_sets(sets), specs, best_of, match_size,
                          team_size, seed, fmt)
    names = unit_names(specs, team_size) if len(specs) % team_size == 0 else []
    bar: list[Progress] = []  # the games bar, while it is shown

    def say(line: str) -> None:
        _say(bar[0] if bar else None, line)

    def show_match(number: int, match: Match) -> None:
        say(f"  round {number}: {describe_match(names, match)}")

    def show_byes(r: Round) -> None:
        for u in r.byes:
            say(f"  round {r.number}: {names[u]} advances with a bye")

    check(spec)
    check_workers(spec, workers)
    # As every command with --workers: not more processes than CPUs (nor than entrants).
    workers = resolve_workers(workers, "process", len(specs))
    played = [0]  # matches finished, for the line Ctrl-C prints
    # With --json, standard output holds the result alone (a script reads it): a person
    # entrant's table and prompts go to standard error, as `play --json` puts them. People
    # who share the terminal take the seat in turn, as at `warroom play` (their hands and
    # secret choices were on screen for one another).
    humans = sum(parse_spec(p)[0] == "human" for p in specs)
    people: dict[str, Any] = {}  # where the person entrants play
    if humans:
        people["console"] = Console(stderr=as_json, highlight=False)
    if humans > 1:
        check_shared_terminal(people["console"], as_json)
        people["hotseat"] = Hotseat(sys.stdin, people["console"])

    def on_match(number: int, match: Match) -> None:
        played[0] += 1
        if not as_json:
            show_match(number, match)

    try:
        if not as_json:  # (in the try: a Ctrl-C as soon as it shows gets the same line)
            # On standard output with the rounds it heads (`> tour.txt` kept them without
            # it), naming the --set options as given, as --json's `config` has them: what
            # plays the tournament again.
            teams = f", teams of {team_size}" if team_size > 1 else ""
            say(f"{g.title}: {fmt}, {len(specs)} entrants, best of {best_of}, "
                f"{match_size}-player matches{teams}, seed {seed}"
                f"{options_words(None, spec.config)}")
        note_clock_bound(specs)  # with --json too: on standard error
        # Games played, at a terminal only (as evaluate's): a match of long games showed
        # nothing until it ended. How many games are left is not known (a match ends at a
        # majority), so the bar counts them without a total. Not while people play: it was
        # drawn again and again over their prompts.
        with game_progress(shown=not humans) as progress:
            bar.append(progress)
            task = progress.add_task(f"{g.name} round 1", total=None)

            def on_game(number: int) -> None:
                progress.update(task, advance=1, description=f"{g.name} round {number}")

            result = run_tournament(spec, on_match=on_match,
                                    on_round=None if as_json else show_byes, workers=workers,
                                    on_game=on_game, **people)
            bar.clear()
    except KeyboardInterrupt as exc:
        from ..agents.human import END_OF_INPUT

        if exc.args == (END_OF_INPUT,):  # a person's input ended: not an interruption
            line = _stopped_line(played[0], "stopped at the end of input")
            raise InputEnded(line) from None
        raise Interrupted(_stopped_line(played[0])) from None
    if as_json:
        echo_json(result.to_json())
        return
    final = result.rounds[-1].matches[-1] if result.rounds and result.rounds[-1].matches else None
    # A final no game decided says so: "Champion: X" alone read as a player that won it.
    how = "" if final is None or final.winner != result.champion \
        or final.decided_by in ("wins", "most wins") else \
        f" (the final decided by {final.decided_by})"
    click.echo(f"Champion: {result.units[result.champion]}{how}")
    # One bracket of a few games a match crowns a champion that luck may have made.
    echo_err(f"(a tournament decides each match in at most {best_of} "
             f"game{'s' if best_of > 1 else ''}: for strength with 95 % intervals, see warroom "
             f"evaluate {g.name} --players ...)")


def _say(progress: Progress | None, line: str) -> None:
    """A line of the tournament on standard output. While the bar is shown at a terminal that
    standard output shares, through the bar's console, as a line above the bar (click.echo to
    standard output wrote it onto the bar's line, and the bar was drawn again below the glued
    line); otherwise (a pipe, a file, no bar) on standard output as it is."""
    if (progress is not None and progress.live.is_started and progress.console.is_terminal
            and click.get_text_stream("stdout").isatty()):
        progress.console.print(line, markup=False, highlight=False, emoji=False,
                               soft_wrap=True)
    else:
        click.echo(line)


def _stopped_line(matches: int, stopped: str = "interrupted") -> str:
    """What Ctrl-C (or the end of a person's input) keeps of a tournament: nothing, since it
    is not saved; its seed replays it, so the same command is the way to go on."""
    done = f"{matches} match{'es' if matches != 1 else ''} finished"
    return (f"{stopped} after {done}: a tournament is not saved, so nothing is kept; run "
            "the same command to start it again (the same --seed plays the same games, unless "
            "a player searches by the clock: a bare mcts, or one with time=)")
