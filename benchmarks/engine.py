"""Engine speed: random playouts per game, and a 10,000-game simulation of kow.

Run with `make bench` or `.venv/bin/python benchmarks/engine.py [--quick]`. Prints a Markdown
table; figures are medians of several runs (the machine is shared and noisy).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from warroom.cli.bench import bench_game
from warroom.games import REGISTRY

WARROOM = str(Path(sys.executable).parent / "warroom")


def time_command(args: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="shorter runs, fewer repeats")
    args = parser.parse_args()
    seconds, runs = (0.5, 3) if args.quick else (2.0, 5)
    print("| game | games/s | decisions/s |")
    print("|---|---:|---:|")
    for name in REGISTRY:
        r = bench_game(name, seconds, runs)
        print(f"| {name} | {r['games_per_s']:.1f} | {r['decisions_per_s']:.0f} |")
    games = "2000" if args.quick else "10000"
    cmd = [WARROOM, "simulate", "kow", "--games", games, "--players", "heuristic,random",
           "--workers", "2", "--json"]
    times = time_command(cmd, 1 if args.quick else 3)
    print(f"\n`warroom simulate kow --games {games} --players heuristic,random --workers 2`: "
          f"median {statistics.median(times):.1f} s over {len(times)} runs "
          f"(min {min(times):.1f}, max {max(times):.1f})")


if __name__ == "__main__":
    main()
