"""Engine speed, per game: random playouts, heuristic batch games, ISMCTS iterations, and the
scaling of `warroom simulate --workers 2`.

    .venv/bin/python benchmarks/engine.py [--quick] [--baseline OLD/src] [--games kow,...]
                                          [--kinds random,heuristic,mcts,simulate] [--sim-games N]

Every figure is a median of several runs, each in a fresh process pinned to one core and
timed in CPU seconds (the machine is shared: wall-clock time counts other people's work).
With `--baseline` (the `src` directory of another checkout, e.g. `git worktree add /tmp/old
main`) each run of the old code alternates with one of this code, and the table gives the
ratio of the two, measured side by side in the same run (a game the baseline does not have is
listed as skipped). `make bench` runs it without one.
With `--interpreted` the baseline is this code with its compiled modules off (WARROOM_NATIVE=0,
see warroom.native): the compiled path against the interpreted one, side by side.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
KINDS = ("random", "heuristic", "mcts")


# --- measurements, run in a child process against one source tree -------------------------
def random_decisions(name: str, seconds: float) -> float:
    """Random-vs-random playouts: decisions per CPU second, by the fast path where the code
    has one (as simulation and search take it)."""
    from warroom.games import get_game

    game = get_game(name)
    config = game.Config()
    rng = random.Random(0)
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        seed = rng.getrandbits(32)
        state = game.new_state(config, seed)
        apply = getattr(state, "apply_trusted", None)
        if apply is None:
            apply = state.apply
        else:
            state.stop_log(start=functools.partial(game.new_state, config, seed))
        while not state.is_terminal():
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            apply(player, actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions / (time.process_time() - start)


def heuristic_games(name: str, seconds: float) -> float:
    """Heuristic-vs-heuristic games per CPU second, each played as a batch plays it."""
    from warroom.sim.batch import BatchSpec, play_one

    spec = BatchSpec(name, {}, ("heuristic", "heuristic"), 0)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        play_one(spec, games)
        games += 1
    return games / (time.process_time() - start)


def mcts_iterations(name: str, seconds: float) -> float:
    """ISMCTS iterations per CPU second with the default rollout, searching the positions of
    heuristic games (every decision with a choice, 200 iterations each)."""
    from warroom.agents import HeuristicAgent, MctsAgent
    from warroom.engine import PlayerView
    from warroom.games import get_game

    game = get_game(name)
    config = game.Config()
    iterations = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        state = game.new_state(config, seed)
        agents = [HeuristicAgent(game, seed * 10 + p) for p in range(state.num_players)]
        search = MctsAgent(game, seed, iters=200)
        while not state.is_terminal() and spent < seconds:
            player = state.to_move()[0]
            view = PlayerView(state, player, game)
            if len(view.legal_actions) > 1:
                start = time.process_time()
                iterations += search.search(view).iterations
                spent += time.process_time() - start
            state.apply(player, agents[player].act(view))
        seed += 1
    return iterations / spent


MEASURES = {"random": random_decisions, "heuristic": heuristic_games, "mcts": mcts_iterations}


def child(kind: str, name: str, seconds: float) -> None:
    from warroom.games import REGISTRY

    if name not in REGISTRY:  # a baseline older than the game: the parent skips it
        print(json.dumps(None))
        return
    if hasattr(os, "sched_setaffinity"):  # one core, the same one each run
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    print(json.dumps(MEASURES[kind](name, seconds)))


# --- the parent: runs children, alternating the trees ---------------------------------------
def measure(src: Path, kind: str, name: str, seconds: float,
            native: bool = True) -> float | None:
    """The child's figure, or None if the code in `src` has no game `name`."""
    env = {**os.environ, "PYTHONPATH": str(src), "WARROOM_NATIVE": "1" if native else "0"}
    out = subprocess.run([sys.executable, __file__, "--child", kind, name, str(seconds)],
                         env=env, capture_output=True, text=True)
    if out.returncode:  # say so in one line, not a traceback
        last = (out.stderr.strip().splitlines() or ["no message"])[-1]
        sys.exit(f"engine.py: {kind} {name} failed with the code in {src}: {last}")
    value = json.loads(out.stdout)
    return None if value is None else float(value)


def simulate_seconds(src: Path, workers: int, games: int, native: bool = True) -> float:
    """Wall time of `warroom simulate kow` (heuristic against random) with `workers`."""
    env = {**os.environ, "PYTHONPATH": str(src), "WARROOM_NATIVE": "1" if native else "0"}
    with tempfile.TemporaryDirectory() as tmp:
        # `python -m warroom` runs what the installed `warroom` runs (warroom.console first)
        cmd = [sys.executable, "-m", "warroom", "simulate", "kow",
               "--games", str(games), "--players", "heuristic,random", "--workers",
               str(workers), "--db", str(Path(tmp) / "run.sqlite"), "--json"]
        start = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, capture_output=True, cwd=tmp)
        return time.perf_counter() - start


def compare(trees: dict, runs: int, call) -> dict:
    """Median of `runs` calls `call(label, src)` per tree, the trees alternating run by run;
    {label: None} at once if a call gives None (a game that tree lacks)."""
    samples: dict = {label: [] for label in trees}
    for _ in range(runs):
        for label, src in trees.items():
            value = call(label, src)
            if value is None:
                return {label: None}
            samples[label].append(value)
    return {label: statistics.median(v) for label, v in samples.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="shorter runs, fewer repeats")
    parser.add_argument("--baseline", type=Path, help="src directory of the code to compare")
    parser.add_argument("--interpreted", action="store_true",
                        help="compare with this code's interpreted modules (compiled ones off)")
    parser.add_argument("--games", help="comma-separated games (default: all)")
    parser.add_argument("--kinds", default=",".join(KINDS) + ",simulate",
                        help="what to measure: random, heuristic, mcts, simulate")
    parser.add_argument("--sim-games", type=int, help="games of the simulate runs "
                        "(default 4000; 1000 with --quick)")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, name, seconds = args.child
        child(kind, name, float(seconds))
        return
    kinds = args.kinds.split(",")
    known = (*KINDS, "simulate")
    unknown = [k for k in kinds if k not in known]
    if unknown:  # else a typo measured nothing and exited 0
        sys.exit(f"engine.py: --kinds: unknown {', '.join(map(repr, unknown))} "
                 f"(known: {', '.join(known)})")
    sys.path.insert(0, str(SRC))
    from warroom import native
    from warroom.games import REGISTRY

    names = args.games.split(",") if args.games else list(REGISTRY)
    unknown = [n for n in names if n not in REGISTRY]
    if unknown:  # else this code's own game would be reported as skipped
        sys.exit(f"engine.py: --games: unknown {', '.join(map(repr, unknown))} "
                 f"(known: {', '.join(REGISTRY)})")
    native.warn_if_stale()  # the children run this tree's build: a stale one times the source
    seconds, runs = (0.5, 3) if args.quick else (2.0, 5)
    trees = {"new": SRC}
    if args.baseline and args.interpreted:
        parser.error("--baseline and --interpreted: choose one")
    if args.baseline:
        trees = {"old": args.baseline.resolve(), "new": SRC}
    if args.interpreted:
        trees = {"old": SRC, "new": SRC}
    status = native.status()
    print("compiled modules:", ", ".join(f"{k} ({v})" for k, v in status.items()) or "none")
    if args.interpreted:
        print("old: the same code with WARROOM_NATIVE=0 (every module interpreted)")
    units = {"random": "decisions/s", "heuristic": "games/s", "mcts": "iterations/s"}
    for kind in (k for k in KINDS if k in kinds):
        print(f"\n{kind} ({units[kind]}, median of {runs} runs of {seconds:g} CPU s)\n")
        print("| game | " + " | ".join(trees) + (" | ratio |" if len(trees) > 1 else " |"))
        print("|---|" + "---:|" * (len(trees) + (len(trees) > 1)))
        for name in names:
            m = compare(trees, runs, lambda label, src, k=kind, n=name: measure(
                src, k, n, seconds, native=not (args.interpreted and label == "old")))
            lacking = [label for label, value in m.items() if value is None]
            if lacking:
                print(f"| {name} | skipped: the code in {trees[lacking[0]]} has no such "
                      "game |", flush=True)
                continue
            cells = " | ".join(f"{m[label]:,.0f}" if m[label] >= 100 else f"{m[label]:.1f}"
                               for label in trees)
            ratio = f" | {m['new'] / m['old']:.2f}x |" if "old" in m else " |"
            print(f"| {name} | {cells}{ratio}", flush=True)
    if "simulate" in kinds:
        games = args.sim_games or (1000 if args.quick else 4000)
        print(f"\n`warroom simulate kow --games {games} --players heuristic,random`: wall "
              f"seconds, median of {runs} runs\n")
        print("| code | 1 worker | 2 workers | speed-up |")
        print("|---|---:|---:|---:|")
        for label, src in trees.items():  # 1 and 2 workers alternate, as the trees do
            on = not (args.interpreted and label == "old")
            timed = compare({1: src, 2: src}, runs,
                            lambda workers, s, on=on: simulate_seconds(s, workers, games, on))
            one, two = timed[1], timed[2]
            print(f"| {label} | {one:.2f} | {two:.2f} | {one / two:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
