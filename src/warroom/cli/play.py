"""`warroom play` and `warroom replay`."""

from __future__ import annotations

import json

import click

from ..agents import make_agents, parse_specs
from ..engine import ConfigError, Game, Record, RecordError, State, play_game, replay_to_end
from ..games import get_game
from . import cli
from .common import SET_HELP, echo_err, fresh_seed, game_and_config


class LogPrinter:
    """Prints the public log as a game advances (for games with no person at the table)."""

    def __init__(self, game: Game):
        self.game = game
        self.seen = 0

    def __call__(self, state: State, *_: object) -> None:
        for to, event in state.log[self.seen:]:
            if to is None:
                line = self.game.describe_event(event)
                if line:
                    click.echo(line)
        self.seen = len(state.log)


@cli.command()
@click.argument("game")
@click.option("--players", "players_text", help="Comma-separated SPECs by seat: human, random, "
              "heuristic, or name:key=value. Default: human,heuristic.")
@click.option("--seed", type=int, help="Seed of the game (random if omitted; it is printed).")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help=SET_HELP)
@click.option("--save", type=click.Path(dir_okay=False), help="Write the record here after "
              "every action.")
@click.option("--resume", type=click.Path(dir_okay=False), help="Continue a saved game.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object with the result.")
def play(game: str, players_text: str | None, seed: int | None, sets: tuple[str, ...],
         save: str | None, resume: str | None, as_json: bool) -> None:
    """Play GAME with people and/or AI players."""
    if resume:
        record = Record.load(resume)
        g = get_game(game)
        if record.game != g.name:
            raise RecordError(f"{resume}: the saved game is {record.game!r}, not {g.name!r}")
        if sets:
            raise ConfigError("--set cannot change the options of a saved game")
        if seed is not None and seed != record.seed:
            raise ConfigError("--seed cannot change the seed of a saved game")
        config = g.config(record.config)
        seed = record.seed
        players_text = players_text or ",".join(record.meta.get("players", []))
        save = save or resume
    else:
        g, config, _ = game_and_config(game, sets, players_text)
        seed = fresh_seed() if seed is None else seed
        record = None
    num = g.num_players(config)
    specs = parse_specs(players_text or ",".join(["human"] + ["heuristic"] * (num - 1)), num)
    if record is None:
        record = Record.start(g, config, seed, players=specs)
    else:
        record.meta["players"] = specs
    agents = make_agents(specs, g, seed)
    humans = "human" in [s.split(":")[0] for s in specs]
    printer = LogPrinter(g) if not humans and not as_json else None
    if not as_json:
        echo_err(f"{g.title}: {' vs '.join(specs)}, seed {seed}"
                 + (f", saving to {save}" if save else ""))

    def after(state: State, player: int, action: object, rec: Record | None) -> None:
        if save:
            assert rec is not None
            rec.save(save)
        if printer:
            printer(state)

    try:
        result = play_game(g, config, seed, agents, record=record, on_action=after)
    except KeyboardInterrupt:
        where = f"saved to {save}; continue with: warroom play {g.name} --resume {save}" \
            if save else "not saved (use --save FILE to keep a game)"
        echo_err(f"\ngame stopped: {where}")
        raise
    outcome = result.outcome
    if as_json:
        click.echo(json.dumps({**outcome.to_json(), "seed": seed, "game": g.name,
                               "decisions": result.decisions}))
        return
    if printer:
        printer(result.state)
    if humans:
        for seat, agent in enumerate(agents):
            if hasattr(agent, "show_new_events"):  # what happened after its last decision
                agent.show_new_events(result.state.observation(seat))
        click.echo(g.render(result.state.observation(None), None))
    winners = ", ".join(f"player {p} ({specs[p]})" for p in outcome.winners) or "nobody (draw)"
    click.echo(f"Result: {winners} - {outcome.reason}; scores {list(outcome.scores)}")


@cli.command(name="replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--as", "as_player", type=int, help="Show what this player saw (default: a "
              "spectator's view, public information only).")
def replay_cmd(file: str, as_player: int | None) -> None:
    """Replay a saved record FILE, showing what one player saw."""
    record = Record.load(file)
    g = get_game(record.game)
    state = replay_to_end(g, record)
    if as_player is not None and not 0 <= as_player < state.num_players:
        raise ConfigError(f"--as must be a player from 0 to {state.num_players - 1}")
    obs = state.observation(as_player)
    for event in obs.get("log", []):
        line = g.describe_event(event)
        if line:
            click.echo(line)
    click.echo(g.render(obs, as_player))
    outcome = state.outcome()
    if outcome is None:
        click.echo(f"(unfinished: {len(record.actions)} actions so far)")
    else:
        winners = ", ".join(map(str, outcome.winners)) or "nobody (draw)"
        click.echo(f"Result: winners {winners} - {outcome.reason}; scores {list(outcome.scores)}")
