"""ISMCTS benchmark: search speed and playing strength on every registered game.

    python benchmarks/mcts.py speed [GAME ...] [--iters N] [--points N]
    python benchmarks/mcts.py strength GAME [--spec SPEC] [--against random,heuristic]
                                            [--games N] [--workers K] [--seed S]
    python benchmarks/mcts.py agree GAME [--games N] [--iters N] [--set KEY=VALUE ...]
    python benchmarks/mcts.py seer GAME [--games N] [--iters N] [--set KEY=VALUE ...]

`speed` searches a few decision points of a heuristic game (from the opening to the end game)
with a fixed iteration budget and reports the median iterations per second and the time of a
move at the default budget (iterations per second with random and with heuristic rollouts).
`strength` plays --spec (default `mcts:iters=1000`) against each of --against, both seat
orders on the same deals, and prints the evaluate table as JSON. `agree`
plays heuristic games and counts, by the kind of the heuristic's action, how often mcts (at
--iters) would have chosen the same: where they agree, search cannot gain. `seer` plays against
random an mcts that searches the true state, hidden cards and the dice to come included: no fair
player at that budget can do better, so where the seer falls short of a target, the deal and
the dice, not the search, keep mcts from it.
Figures go to benchmarks/mcts-results.md.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from warroom.agents import MctsAgent, RandomAgent
from warroom.cli.evaluate import round_robin_jobs, run_jobs, tabulate
from warroom.engine import Game, PlayerView, State, play_game
from warroom.games import REGISTRY, get_game
from warroom.native import warn_if_stale


def decision_points(game: Game, seed: int, count: int) -> list[tuple]:
    """`count` states spread over one heuristic game, each with a real choice to make."""
    config = game.Config()
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    points = []
    while not state.is_terminal():
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        if len(actions) > 1:
            points.append((state.clone(), player))
        state.apply(player, game.heuristic(state.determinize(player, rng), player, rng))
    step = max(1, len(points) // count)
    return points[::step][:count]


def speed(names: list[str], iters: int, points: int) -> dict[str, dict[str, float]]:
    out = {}
    for name in names:
        game = get_game(name)
        states = decision_points(game, seed=1, count=points)
        row = {}
        for rollout in ("random", "heuristic"):
            rates = []
            for k, (state, player) in enumerate(states):
                agent = MctsAgent(game, k, iters=str(iters), rollout=rollout)
                result = agent.search(PlayerView(state, player, game))
                rates.append(result.iterations / result.seconds)
            row[f"{rollout}_iters_per_s"] = statistics.median(rates)
            row[f"{rollout}_min_iters_per_s"] = min(rates)
        default = MctsAgent(game, 0)
        times = []
        for state, player in states:
            start = time.perf_counter()
            default.act(PlayerView(state, player, game))
            times.append(time.perf_counter() - start)
        row["default_move_s_median"] = statistics.median(times)
        row["default_move_s_max"] = max(times)
        out[name] = row
        print(name, json.dumps({k: round(v, 2) for k, v in row.items()}), flush=True)
    return out


def strength(name: str, spec: str, games: int, workers: int, seed: int,
             against: list[str]) -> dict:
    game = get_game(name)
    config = game.Config()
    players = [*against, spec]
    jobs = [j for j in round_robin_jobs(name, {}, players, game.num_players(config), games, seed)
            if spec in j.spec.players]  # only mcts's pairings: random-heuristic is known
    start = time.perf_counter()
    results = list(run_jobs(jobs, workers))
    table = tabulate(players, results)
    table["pairings"] = [p for p in table["pairings"] if spec in (p["a"], p["b"])]
    table["seconds"] = time.perf_counter() - start
    return {"game": name, "seed": seed, "games_per_pairing": games, **table}


class _TrueView(PlayerView):
    """A view whose determinisations are the true state itself: the seer's window."""

    __slots__ = ()

    def determinize(self, rng: random.Random, belief: Any = None) -> State:
        return self._state.clone()


class SeerAgent(MctsAgent):
    """mcts searching the true state (its copy carries the state's random generator, so
    the search knows the dice to come): an upper bound on any fair player at its budget."""

    def act(self, view: PlayerView) -> Any:
        return super().act(_TrueView(view._state, view.player, view.game))


def seer(name: str, games: int, iters: int, options: dict[str, str]) -> dict[str, Any]:
    """The seer's score against random, in each seat in turn on the same deals."""
    game = get_game(name)
    config = game.config(options)
    won = [0.0, 0.0]
    for seed in range(games):
        for seat in (0, 1):
            agents = [RandomAgent(game, seed), RandomAgent(game, seed)]
            agents[seat] = SeerAgent(game, seed, iters=str(iters))
            won[seat] += play_game(game, config, seed, agents, keep_record=False
                                   ).outcome.reward(seat)
    return {"game": name, "options": options, "iters": iters, "games": 2 * games,
            "seer_score": sum(won) / (2 * games), "by_seat": [w / games for w in won]}


def agree(name: str, games: int, iters: int, options: dict[str, str]) -> dict[str, list[int]]:
    """{kind of the heuristic's action: [decisions, mcts chose the same]} over heuristic games."""
    game = get_game(name)
    config = game.config(options)
    out: dict[str, list[int]] = {}
    for seed in range(games):
        state = game.new_state(config, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.to_move()[0]
            choice = game.heuristic(state.determinize(player, rng), player, rng)
            if len(state.legal_actions(player)) > 1:
                agent = MctsAgent(game, seed, iters=str(iters))
                same = agent.act(PlayerView(state, player, game)) == choice
                row = out.setdefault(type(choice).__name__, [0, 0])
                row[0] += 1
                row[1] += same
            state.apply(player, choice)
    return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("speed")
    s.add_argument("games", nargs="*")
    s.add_argument("--iters", type=int, default=200)
    s.add_argument("--points", type=int, default=5)
    t = sub.add_parser("strength")
    t.add_argument("game")
    t.add_argument("--spec", default="mcts:iters=1000")
    t.add_argument("--games", type=int, default=20)
    t.add_argument("--workers", type=int, default=2)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--against", default="random,heuristic")
    for what, games in (("agree", 10), ("seer", 50)):  # searches of one game's options
        a = sub.add_parser(what)
        a.add_argument("game")
        a.add_argument("--games", type=int, default=games)
        a.add_argument("--iters", type=int, default=1000)
        a.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in getattr(args, "set", []))
    if args.what == "seer":
        print(json.dumps(seer(args.game, args.games, args.iters, options)))
    elif args.what == "agree":
        table = agree(args.game, args.games, args.iters, options)
        total = [sum(r[0] for r in table.values()), sum(r[1] for r in table.values())]
        print(json.dumps({"game": args.game, "options": options, "iters": args.iters,
                          "agree": table, "total": total}))
    elif args.what == "speed":
        speed(args.games or list(REGISTRY), args.iters, args.points)
    else:
        print(json.dumps(strength(args.game, args.spec, args.games, args.workers, args.seed,
                                  args.against.split(","))))


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main(sys.argv[1:])
