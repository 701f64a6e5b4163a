"""Playtesting speed and memory: games per second of every registered game between heuristic
players, on 1 and 2 worker processes (results written to a results database, as
`warroom simulate` does), the scaling ratio, and the memory of a long run sampled as it goes.

Run with `.venv/bin/python benchmarks/sim.py [GAME...] [--seconds 10] [--memory-games 100000]`.
Prints Markdown tables (see benchmarks/sim-results.md).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from warroom.engine import config_to_json
from warroom.games import REGISTRY
from warroom.native import warn_if_stale
from warroom.sim.batch import iter_chunks
from warroom.sim.store import ResultStore

WARROOM = str(Path(sys.executable).parent / "warroom")
PLAYERS = ["heuristic", "heuristic"]


def measure(game: str, workers: int, games: int, where: Path) -> tuple[float, float]:
    """Play `games` games into a results database as `warroom simulate` does: (games per
    second of wall-clock time, CPU seconds per game spent in the workers)."""
    g = REGISTRY[game]
    with ResultStore(where / f"{game}-{workers}.sqlite") as store:
        config = g.Config()
        players = PLAYERS + ["heuristic"] * (g.num_players(config) - len(PLAYERS))
        run = store.create_run(game, g.version, config_to_json(config), players, 0, games)
        writer = store.writer(run.id)
        cpu = 0.0
        start = time.perf_counter()
        for chunk in iter_chunks(run.spec(), range(games), workers):
            cpu += chunk.cpu
            for result in chunk.results:
                writer.add(result)
        writer.flush()
        return games / (time.perf_counter() - start), cpu / games


def throughput(seconds: float, names: list[str]) -> None:
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs\n")
    print("| game | games | 1 worker (games/s) | 2 workers (games/s) | scaling | CPU ms/game, "
          "1 worker | CPU ms/game, 2 workers | cores obtained, 2 workers |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            rate, _ = measure(name, 1, 20, Path(tmp))  # calibrate: about `seconds` per run
            games = max(20, int(rate * seconds))
            one, cpu_one = measure(name, 1, games, Path(tmp))
            two, cpu_two = measure(name, 2, games, Path(tmp))
            # the CPU the two workers got per second of the run: 2.0 on an idle machine
            cores = two * cpu_two
            print(f"| {name} | {games} | {one:.1f} | {two:.1f} | {two / one:.2f} | "
                  f"{1000 * cpu_one:.1f} | {1000 * cpu_two:.1f} | {cores:.2f} |", flush=True)
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


def rss_kib(pid: int, field: str = "VmRSS") -> int:
    """Resident memory of a process (VmHWM: its peak so far), in KiB; 0 once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        pass
    return 0


def descendants(pid: int) -> list[int]:
    children = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (FileNotFoundError, ProcessLookupError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def memory(games: int, game: str, trace: bool) -> tuple[float, float, int]:
    """Run `warroom simulate` for `games` games on 2 workers, sampling the RSS of the command
    and of its child processes (with `trace`, a table row every 10 % of the games).
    Returns (seconds, the command's peak RSS in MiB, games written)."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "memory.sqlite"
        proc = subprocess.Popen([WARROOM, "simulate", game, "--games", str(games), "--players",
                                 ",".join(PLAYERS), "--workers", "2", "--db", str(db), "--json"],
                                stdout=subprocess.PIPE, text=True)
        start = time.perf_counter()
        peak = 0
        next_report = 0
        while proc.poll() is None:
            time.sleep(0.5)
            main = rss_kib(proc.pid)
            # the peak since exec (a sample taken between fork and exec would show this
            # script's own memory), read until the command exits
            peak = rss_kib(proc.pid, "VmHWM") or peak
            done = _count(db)
            if trace and main and done >= next_report:
                workers = [rss_kib(p) for p in descendants(proc.pid)]
                print(f"| {done} | {time.perf_counter() - start:.0f} | {main / 1024:.1f} | "
                      f"{max(workers, default=0) / 1024:.1f} | {sum(workers) / 1024:.1f} |",
                      flush=True)
                next_report = done + games // 10
        proc.communicate()
        return time.perf_counter() - start, peak / 1024, _count(db)


def _count(db: Path) -> int:
    try:
        with sqlite3.connect(db, timeout=30) as con:
            return con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="games to measure (default: every game)")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="about how long each game's 1-worker measurement runs")
    parser.add_argument("--memory-games", type=int, default=100_000)
    parser.add_argument("--memory-game", default="kow")
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument("--skip-memory", action="store_true")
    args = parser.parse_args()
    if not args.skip_throughput:
        throughput(args.seconds, args.games or list(REGISTRY))
    if not args.skip_memory:
        sizes = [n for n in (1_000, 10_000) if n < args.memory_games] + [args.memory_games]
        rows = []
        for n in sizes:
            trace = n == sizes[-1]
            if trace:
                print(f"\n{args.memory_game}, {n}-game run on 2 workers, sampled as it goes:\n")
                print("| games written | seconds | command RSS (MiB) | largest child RSS "
                      "(MiB) | all child processes RSS (MiB) |")
                print("|---:|---:|---:|---:|---:|")
            rows.append(memory(n, args.memory_game, trace))
        print(f"\n{args.memory_game} runs on 2 workers, by number of games:\n")
        print("| games | seconds | games/s | peak RSS of the command (MiB) |")
        print("|---:|---:|---:|---:|")
        for elapsed, peak, written in rows:
            print(f"| {written} | {elapsed:.0f} | {written / elapsed:.1f} | {peak:.1f} |")

if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main()
