"""Viktory II (the map game): random-playout speed for 2 and 4 players, the time of a
2-player heuristic game, and the cost of a determinisation on a dark map.

Run with `.venv/bin/python benchmarks/viktory_ii.py [--games N] [--runs K]`. Prints a
Markdown table. Each run plays N random games (default options: the publisher's map for the
player count, dice, the 60-round limit) from fixed seeds; the figures are the medians of the
runs, in CPU seconds of this one process (the machine is shared: wall-clock time would
measure the other work too), with wall-clock medians beside them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from warroom.agents import make_agent
from warroom.engine import play_game
from warroom.games import get_game
from warroom.native import warn_if_stale

GAME = get_game("viktory-ii")


def random_run(players: int, games: int, seed: int) -> tuple[int, float, float]:
    """(decisions, CPU seconds, wall seconds) of `games` random games."""
    config = GAME.config({"players": players})
    rng = random.Random(seed)
    decisions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(games):
        state = GAME.new_state(config, rng.getrandbits(32))
        while not state.is_terminal():
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions, time.process_time() - cpu, time.perf_counter() - wall


def heuristic_games(games: int) -> list[tuple[float, int, str]]:
    """(CPU seconds, decisions, reason) of 2-player heuristic-against-heuristic games."""
    config = GAME.config({})
    out = []
    for seed in range(games):
        agents = [make_agent("heuristic", GAME, seed * 2 + i) for i in range(2)]
        cpu = time.process_time()
        result = play_game(GAME, config, seed, agents, keep_record=False)
        out.append((time.process_time() - cpu, result.decisions, result.outcome.reason))
    return out


def determinize_cost(games: int, copies: int = 20) -> tuple[float, int]:
    """(median CPU microseconds of one `determinize`, positions) over positions every 100
    decisions of random 2-player games on a dark map, for the player to move."""
    config = GAME.config({"dark": True})
    times = []
    for seed in range(games):
        state = GAME.new_state(config, seed)
        rng = random.Random(seed)
        for step in range(1, 1501):
            if state.is_terminal():
                break
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
            if step % 100 == 0:
                mover = state.to_move()[0] if not state.is_terminal() else 0
                cpu = time.process_time()
                for k in range(copies):
                    state.determinize(mover, random.Random(k))
                times.append((time.process_time() - cpu) / copies)
    return statistics.median(times) * 1e6, len(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="random games per run")
    parser.add_argument("--runs", type=int, default=5, help="runs per player count")
    parser.add_argument("--heuristic-games", type=int, default=10)
    parser.add_argument("--determinize-games", type=int, default=6,
                        help="random dark-map games whose positions are determinised")
    args = parser.parse_args()
    print("| players | games/s (CPU) | decisions/s (CPU) | decisions/game | "
          "games/s (wall) |")
    print("|---:|---:|---:|---:|---:|")
    for players in (2, 4):
        runs = [random_run(players, args.games, seed) for seed in range(args.runs)]
        games_cpu = statistics.median(args.games / cpu for _, cpu, _ in runs)
        decisions_cpu = statistics.median(d / cpu for d, cpu, _ in runs)
        per_game = statistics.median(d / args.games for d, _, _ in runs)
        games_wall = statistics.median(args.games / wall for _, _, wall in runs)
        print(f"| {players} | {games_cpu:.2f} | {decisions_cpu:.0f} | {per_game:.0f} | "
              f"{games_wall:.2f} |")
    results = heuristic_games(args.heuristic_games)
    seconds = [s for s, _, _ in results]
    decided = sum(1 for _, _, reason in results if not reason.startswith("turn limit"))
    print(f"\n2-player heuristic games: median {statistics.median(seconds):.2f} CPU s "
          f"(max {max(seconds):.2f}), median {statistics.median(d for _, d, _ in results):.0f} "
          f"decisions; {decided} of {len(results)} decided before the turn limit")
    micros, positions = determinize_cost(args.determinize_games)
    print(f"\nDark map, 2 players: one determinisation takes a median of {micros:.0f} CPU "
          f"microseconds ({positions} positions of {args.determinize_games} random games)")


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main()
