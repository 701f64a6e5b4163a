"""Viktory II: the current map heuristic against another version of it, read from a file.

    env WARROOM_NATIVE=0 PYTHONPATH=src .venv/bin/python benchmarks/viktory_ii_heuristic_vs.py \
        OLD.py [--seeds 0:500] [--workers 2] [--set players=3] [--set dark=true]

OLD.py is the other heuristic module (e.g. `git show HEAD:src/warroom/games/viktory_ii/
heuristic.py > /tmp/old.py`); it is imported as a sibling of the current one, so its relative
imports resolve in the package as it is now. Every seed is one deal (map and battle dice seeded
by it). With 2 players each deal is played twice, the current heuristic in seat 0 and then in
seat 1; with more players each deal is played once per seat, the current heuristic in that
seat among old ones. A win scores 1, a shared win 1/its winners, a draw at the turn limit the
seat's fair share (1/players). Printed: the current heuristic's score against the fair share,
with a 95 % Wilson interval over games, games at the turn limit, and each side's median
seconds per decision (process time of `heuristic_action`).

With --seats, each deal is played once with OLD.py in every seat (self-play; give the current
module's own file to measure it): printed, each seat's wins with a 95 % Wilson interval and
the mean towns and cities per seat at round 12, to see whether seats (and so directions of
the board) fare alike.
"""
from __future__ import annotations

import argparse
import importlib.util
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool

from warroom.games import get_game

GAME = get_game("viktory-ii")
_MODULES: dict[str, object] = {}


def _load(path: str) -> object:
    if path not in _MODULES:
        if path == "":
            from warroom.games.viktory_ii import heuristic as module
        else:
            name = f"warroom.games.viktory_ii._heuristic_vs_{len(_MODULES)}"
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        _MODULES[path] = module
    return _MODULES[path]


def play(job: tuple) -> tuple:
    """One game: seat `new_seat` plays the new heuristic, the others the old one."""
    seed, new_seat, new_path, old_path, options = job
    modules = {True: _load(new_path), False: _load(old_path)}
    state = GAME.new_state(GAME.config(options), seed)
    rng = random.Random(seed)
    times: dict[bool, list[float]] = {True: [], False: []}
    at12 = None
    while not state.is_terminal():
        if at12 is None and state.round >= 12:
            at12 = [sum(state.count_settlements(p)) for p in range(state.num_players)]
        p = state.to_move()[0]
        side = p == new_seat
        start = time.process_time()
        action = modules[side].heuristic_action(state, p, rng)
        times[side].append(time.process_time() - start)
        state.apply(p, action)
    outcome = state.outcome()
    winners = list(outcome.winners)
    if winners:
        score = (new_seat in winners) / len(winners)
    else:
        score = 1 / state.num_players
    return seed, new_seat, score, outcome.reason, state.round, times, winners, at12


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _option(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    return key, int(value) if value.isdigit() else value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="the other heuristic module's file")
    parser.add_argument("--new", default="", help="play this file, not the current heuristic")
    parser.add_argument("--seeds", default="0:500", help="first:end (end excluded)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--set", action="append", default=[], help="a game option, key=value")
    parser.add_argument("--games", action="store_true", help="print every game")
    parser.add_argument("--seats", action="store_true", help="self-play of OLD.py, by seat")
    args = parser.parse_args()
    options = dict(_option(s) for s in args.set)
    players = int(options.get("players", 2))
    first, end = (int(x) for x in args.seeds.split(":"))
    if args.seats:
        seats(args.old, options, players, first, end, args.workers)
        return
    jobs = [(s, seat, args.new, args.old, options)
            for s in range(first, end) for seat in range(players)]
    with Pool(args.workers) as pool:
        results = pool.map(play, jobs, chunksize=2)
    n = len(results)
    score = sum(r[2] for r in results)
    low, high = wilson(score, n)
    print(f"{options or 'default options'}, seeds {first}-{end - 1}, {n} games")
    print(f"new scores {score:g} / {n} = {score / n:.3f} (95 % {low:.3f}-{high:.3f}); "
          f"fair share {1 / players:.3f}")
    for seat in range(players):
        mine = [r[2] for r in results if r[1] == seat]
        print(f"  new in seat {seat}: {sum(mine):g} / {len(mine)}")
    limit = [r for r in results if "limit" in r[3]]
    print(f"turn limit: {len(limit)} of {n}; seeds {sorted({r[0] for r in limit})}")
    print("mean rounds:", round(statistics.mean(r[4] for r in results), 1))
    for side, name in ((True, "new"), (False, "old")):
        moves = [t for r in results for t in r[5][side]]
        decided = sorted(t for t in moves if t > 0)
        print(f"{name}: {len(moves)} decisions, median {statistics.median(moves) * 1e3:.3f} ms, "
              f"mean {statistics.mean(moves) * 1e3:.3f} ms, "
              f"p90 {decided[int(0.9 * len(decided))] * 1e3:.3f} ms")
    if args.games:
        for r in results:
            print(r[:5])


def seats(path: str, options: dict, players: int, first: int, end: int, workers: int) -> None:
    """Self-play of one module: each seat's wins, and its towns and cities at round 12."""
    jobs = [(s, -1, "", path, options) for s in range(first, end)]
    with Pool(workers) as pool:
        results = pool.map(play, jobs, chunksize=1)
    n = len(results)
    print(f"{path} in every seat, {options or 'default options'}, seeds {first}-{end - 1}, "
          f"{n} games, {sum(not r[6] for r in results)} draws")
    for seat in range(players):
        won = sum(seat in r[6] and 1 / len(r[6]) for r in results)
        low, high = wilson(won, n)
        print(f"  seat {seat}: {won:g} / {n} = {won / n:.1%} (95 % {low:.1%}-{high:.1%})")
    at12 = [r[7] for r in results if r[7]]
    print(f"  towns and cities at round 12 ({len(at12)} games):",
          [round(statistics.mean(c[seat] for c in at12), 2) for seat in range(players)])
    limit = sum("limit" in r[3] for r in results)
    print(f"  turn limit: {limit} of {n}; mean rounds "
          f"{statistics.mean(r[4] for r in results):.1f}")


if __name__ == "__main__":
    main()
