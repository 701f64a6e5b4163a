"""What the research environments cost per decision, against the engine's own step.

For each game (default rules) and in one run, side by side, repeated and reported as medians
of CPU time (`time.process_time`: what other work on a shared machine takes is not counted):
- engine step: `to_move`, `legal_actions`, `apply` of a random legal action, exactly as
  `warroom bench` plays (the engine's fast path: unchecked applies, the log off), and the
  same with checked applies and the log written (as `warroom play`, and as this benchmark
  measured the engine before the environments took the fast path);
- env turn: one turn of a PettingZoo AEC loop on the same game: `last()` (the observation
  vector and the action mask of the agent to move), a random legal index from the mask
  (`mask.nonzero()[0]`), `step(index)`; and, in a separate loop, the `step(index)` calls
  alone (the engine's apply, the index lookup and PettingZoo's bookkeeping);
- policy: the random policy of that loop alone (`mask.nonzero()[0]`, a random pick, `int`),
  timed over masks the same games gave; **env step = env turn - policy**, everything the
  environment does for one decision (`agent_iter`, `last()`, `step()`), the figure issue 17
  sets at most twice the engine step. The policy is the researcher's code: a 5944-slot mask
  (battle) costs it about 13 µs to read, whatever the environment does;
- env turn from scratch: the same loop with each observation written whole
  (`Encoding.encode`) and each legal action named by its key (`Encoding.key`) at every look,
  as the environments did before observers kept each seat's vector up to date;
- env turn with a free observation: the same loop with an observation that costs only the
  copy of a zero vector: what no encoding, however fast, can save;
- the parts of the env's extra work: bringing the observation up to date (and writing it from
  scratch, for comparison), and building the mask (the index of every legal action).

Run: `.venv/bin/python benchmarks/envs_speed.py [--seconds 1] [--runs 5] [--games kow ...]
[--out FILE]`. `--wrappers` compares the env step of `raw_env()` (the figures above), of
`env()` (what a researcher calls) and of `env()` as PettingZoo's own wrappers made it.
The Markdown table goes to stdout and, with --out, to that file.

With `--baseline OLD/src` (the `src` directory of another checkout, e.g. a `git worktree` of
the code before a change) it compares the two instead: each run measures the engine step, the
env turn, the env step and the free-observation turn of the old code, then of this code, each
in a fresh process (the trees alternate run by run, so both see the same load), and the table
gives the medians of each and of the per-run ratios. The measures are the functions above, the same
for both trees.
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
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np
from pettingzoo.utils import wrappers

from warroom.envs.pettingzoo import env, raw_env
from warroom.envs.table import Table
from warroom.games import REGISTRY, get_game
from warroom.native import warn_if_stale


class FromScratch(Table):
    """A table that writes every observation whole and names every legal action by its key,
    at every look: the cost the observers and the remembered indices save."""

    def observe(self, player: int) -> dict[str, np.ndarray]:
        state, encoding = self.live, self.encoding
        mask = bytearray(encoding.num_actions)
        if player == self._mover:
            self.legal_indices()  # the legal actions, asked once per decision as before
            index, key = encoding.index, encoding.key
            for action in self._actions:
                mask[index[key(action, player, state)]] = 1
        return {"observation": encoding.encode(state, player),
                "action_mask": np.frombuffer(mask, np.int8)}


class FreeObservation(Table):
    """A table whose observation costs nothing but the copy of a vector: what is left of an
    env turn (PettingZoo's loop, the mask, the policy reading it) if encoding were free."""

    def observe(self, player: int) -> dict[str, np.ndarray]:
        mask = bytearray(self.encoding.num_actions)
        if player == self._mover:
            for index in self.legal_indices():
                mask[index] = 1
        return {"observation": self._zeros.copy(), "action_mask": np.frombuffer(mask, np.int8)}


TABLES = {"incremental": Table, "scratch": FromScratch, "free": FreeObservation}


def engine_step(name: str, seconds: float, seed: int, checked: bool = False) -> float:
    """Seconds per engine decision over random games, the loop `warroom bench` times: the
    engine's fast path (unchecked applies, the log off), as the environments play it; or,
    `checked`, the path of `warroom play` (each action checked, the log written)."""
    game = get_game(name)
    config = game.Config()
    rng = random.Random(seed)
    clock = time.process_time
    decisions = 0
    start = clock()
    while True:
        game_seed = rng.getrandbits(32)
        state = game.new_state(config, game_seed)
        if not checked:
            state.stop_log(start=functools.partial(game.new_state, config, game_seed))
        apply = state.apply if checked else state.apply_trusted
        while not state.is_terminal():
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            apply(player, actions[rng.randrange(len(actions))])
            decisions += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return elapsed / decisions


def pettingzoo_wrapped(name: str) -> Any:
    """The environment in PettingZoo's own wrappers, as `env()` gave it before it passed the
    calls of every turn straight through."""
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env(name)))


WRAPPERS = {"raw": raw_env, "env": env, "pettingzoo": pettingzoo_wrapped}


def env_turn(name: str, seconds: float, seed: int, table: str = "incremental",
             wrapper: str = "raw") -> float:
    """Seconds per decision of a PettingZoo loop: `last()` (observation and mask), a random
    legal index read from the mask (`mask.nonzero()[0]`: the same C call as `np.flatnonzero`
    without its 2 µs of Python wrappers), `step()`. No clock inside the loop: a
    CPU clock read costs about a microsecond here. `wrapper`: the bare environment
    (`raw_env`), `env()`, or `env()` as PettingZoo's own wrappers made it."""
    env = WRAPPERS[wrapper](name)
    env.unwrapped.table = TABLES[table](name)
    env.unwrapped.table._zeros = np.zeros(env.unwrapped.table.encoding.size, np.float32)
    rng = random.Random(seed)
    clock = time.process_time
    decisions = 0
    start = clock()
    while True:
        env.reset(seed=rng.getrandbits(32))
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return elapsed / decisions


def step_alone(name: str, seconds: float, seed: int) -> float:
    """Seconds per `step(index)` call of the same loop (each timed: about a microsecond of
    it is the clock)."""
    env = raw_env(name)
    rng = random.Random(seed)
    clock = time.process_time
    decisions = 0
    in_step = 0.0
    start = clock()
    while True:
        env.reset(seed=rng.getrandbits(32))
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            index = int(legal[rng.randrange(len(legal))])
            t = clock()
            env.step(index)
            in_step += clock() - t
            decisions += 1
        if clock() - start >= seconds:
            return in_step / decisions


def policy(name: str, seconds: float, seed: int) -> float:
    """Seconds per decision of the benchmark's random policy alone, over the masks of a few
    games of the same loop (kept first, then timed)."""
    table = Table(name)
    rng = random.Random(seed)
    masks = []  # the masks the environment gives (its observe builds them the same way)
    while len(masks) < 2000:
        table.reset(rng.getrandbits(32))
        while (player := table.to_move()) is not None:
            masks.append(mask := table.mask(player))
            legal = mask.nonzero()[0]
            table.apply(int(legal[rng.randrange(len(legal))]))
    clock = time.process_time
    decisions = 0
    start = clock()
    while True:
        for mask in masks:
            legal = mask.nonzero()[0]
            int(legal[rng.randrange(len(legal))])
        decisions += len(masks)
        elapsed = clock() - start
        if elapsed >= seconds:
            return elapsed / decisions


def parts(name: str, seconds: float, seed: int) -> tuple[float, float, float]:
    """Seconds per decision spent bringing the observation up to date, writing it from
    scratch, and building the mask."""
    table = Table(name)
    encoding = table.encoding
    rng = random.Random(seed)
    clock = time.process_time
    t_look = t_scratch = t_mask = 0.0
    decisions = 0
    start = clock()
    while True:
        table.reset(rng.getrandbits(32))
        while (player := table.to_move()) is not None:
            t0 = clock()
            table.observation(player)
            t1 = clock()
            encoding.encode(table.state, player)
            t2 = clock()
            mask = table.mask(player)
            t3 = clock()
            t_look += t1 - t0
            t_scratch += t2 - t1
            t_mask += t3 - t2
            legal = np.flatnonzero(mask)
            table.apply(int(legal[rng.randrange(len(legal))]))
            decisions += 1
        if clock() - start >= seconds:
            return t_look / decisions, t_scratch / decisions, t_mask / decisions


HEADER = ["| game | engine step (µs) | env step (µs) | env step / engine | policy (µs) | "
          "engine step, checked (µs) | env turn (µs) | turn / "
          "engine | turn / checked engine | env turn, observation "
          "from scratch (µs) | from scratch / engine | env turn, free observation (µs) | free "
          "/ engine | step() alone (µs) | step / engine | observation update (µs) | "
          "observation from scratch (µs) | mask (µs) | observation floats | actions |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
          "---:|---:|---:|"]


def measure(name: str, seconds: float, runs: int) -> str:
    """One row of the table: medians over `runs` interleaved runs (drift on a shared machine
    hits every column alike)."""
    columns: dict[str, list[float]] = {}

    def note(column: str, value: float) -> None:
        columns.setdefault(column, []).append(value)

    for run in range(runs):
        engine = engine_step(name, seconds, run)
        checked = engine_step(name, seconds, run, checked=True)
        turn = env_turn(name, seconds, run)
        scratch = env_turn(name, seconds, run, "scratch")
        free = env_turn(name, seconds, run, "free")
        step = step_alone(name, seconds / 2, run)
        look, encode, mask = parts(name, seconds / 2, run)
        chooser = policy(name, seconds / 2, run)
        note("engine", engine)
        note("policy", chooser)
        note("env", turn - chooser)
        note("env_ratio", (turn - chooser) / engine)
        note("turn", turn)
        note("turn_ratio", turn / engine)
        note("checked", checked)
        note("checked_ratio", turn / checked)
        note("scratch", scratch)
        note("scratch_ratio", scratch / engine)
        note("free", free)
        note("free_ratio", free / engine)
        note("step", step)
        note("step_ratio", step / engine)
        note("look", look)
        note("encode", encode)
        note("mask", mask)
    med = {column: statistics.median(values) for column, values in columns.items()}
    encoding = Table(name).encoding
    return (f"| {name} | {med['engine'] * 1e6:.1f} | {med['env'] * 1e6:.1f} | "
            f"{med['env_ratio']:.2f} | {med['policy'] * 1e6:.1f} | {med['checked'] * 1e6:.1f} | "
            f"{med['turn'] * 1e6:.1f} | {med['turn_ratio']:.2f} | {med['checked_ratio']:.2f} | "
            f"{med['scratch'] * 1e6:.1f} | "
            f"{med['scratch_ratio']:.2f} | {med['free'] * 1e6:.1f} | {med['free_ratio']:.2f} | "
            f"{med['step'] * 1e6:.1f} | {med['step_ratio']:.2f} | "
            f"{med['look'] * 1e6:.1f} | {med['encode'] * 1e6:.1f} | {med['mask'] * 1e6:.1f} | "
            f"{encoding.size} | {encoding.num_actions} |")


PAIRED = ["| game | old: engine (µs) | old: env step (µs) | old: env step / engine | "
          "new: engine (µs) | new: env step (µs) | new: env step / engine | "
          "new env step / old env step | old: turn / engine | new: turn / engine | "
          "old: free / engine | new: free / engine |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]


WRAPPED = ["| game | engine step (µs) | raw_env step (µs) | raw_env / engine | env() step (µs) | "
           "env() / engine | PettingZoo's wrappers: step (µs) | PettingZoo's wrappers / engine "
           "| env() / PettingZoo's wrappers |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]


def measure_wrappers(name: str, seconds: float, runs: int) -> str:
    """One row comparing the env step of the bare environment, of `env()`, and of the
    environment in PettingZoo's own wrappers (env step = env turn - policy, as above), in
    interleaved runs of one process."""
    columns: dict[str, list[float]] = {}
    for run in range(runs):
        engine = engine_step(name, seconds, run)
        chooser = policy(name, seconds / 2, run)
        steps = {w: env_turn(name, seconds, run, wrapper=w) - chooser for w in WRAPPERS}
        for column, value in [("engine", engine), *steps.items(),
                              *((f"{w}_ratio", v / engine) for w, v in steps.items()),
                              ("env_vs_pz", steps["env"] / steps["pettingzoo"])]:
            columns.setdefault(column, []).append(value)
    med = {column: statistics.median(values) for column, values in columns.items()}
    return (f"| {name} | {med['engine'] * 1e6:.1f} | {med['raw'] * 1e6:.1f} | "
            f"{med['raw_ratio']:.2f} | {med['env'] * 1e6:.1f} | {med['env_ratio']:.2f} | "
            f"{med['pettingzoo'] * 1e6:.1f} | {med['pettingzoo_ratio']:.2f} | "
            f"{med['env_vs_pz']:.2f} |")


def child(name: str, seconds: float, seed: int) -> None:
    """One paired run's figures for the code on this process's path, as JSON."""
    engine = engine_step(name, seconds, seed)
    turn = env_turn(name, seconds, seed)
    free = env_turn(name, seconds, seed, "free")
    chooser = policy(name, seconds / 2, seed)
    print(json.dumps({"engine": engine, "turn": turn, "free": free, "env": turn - chooser}))


def paired(name: str, baseline: Path, seconds: float, runs: int) -> str:
    """One row comparing the code in `baseline` (old) with this checkout's (new)."""
    trees = {"old": baseline.resolve(), "new": Path(__file__).resolve().parents[1] / "src"}
    samples: dict[str, list[dict[str, float]]] = {label: [] for label in trees}
    for run in range(runs):
        for label, src in trees.items():
            env = {**os.environ, "PYTHONPATH": str(src)}
            out = subprocess.run([sys.executable, __file__, "--child", name, str(seconds),
                                  str(run)], env=env, check=True, capture_output=True,
                                 text=True)
            samples[label].append(json.loads(out.stdout))
    old, new = samples["old"], samples["new"]

    def med(values: list[float]) -> float:
        return statistics.median(values)

    return (f"| {name} | {med([s['engine'] for s in old]) * 1e6:.1f} | "
            f"{med([s['env'] for s in old]) * 1e6:.1f} | "
            f"{med([s['env'] / s['engine'] for s in old]):.2f} | "
            f"{med([s['engine'] for s in new]) * 1e6:.1f} | "
            f"{med([s['env'] for s in new]) * 1e6:.1f} | "
            f"{med([s['env'] / s['engine'] for s in new]):.2f} | "
            f"{med([n['env'] / o['env'] for o, n in zip(old, new)]):.2f} | "
            f"{med([s['turn'] / s['engine'] for s in old]):.2f} | "
            f"{med([s['turn'] / s['engine'] for s in new]):.2f} | "
            f"{med([s['free'] / s['engine'] for s in old]):.2f} | "
            f"{med([s['free'] / s['engine'] for s in new]):.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per game (median)")
    parser.add_argument("--games", nargs="+", choices=sorted(REGISTRY), metavar="GAME",
                        help="games to measure (default: every game)")
    parser.add_argument("--out", help="also write the table to this file")
    parser.add_argument("--baseline", type=Path,
                        help="src directory of the code to compare with this checkout's")
    parser.add_argument("--wrappers", action="store_true",
                        help="compare the env step of raw_env(), env() and env() in "
                             "PettingZoo's own wrappers instead")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    if args.child:
        child(args.child[0], float(args.child[1]), int(args.child[2]))
        return
    header = PAIRED if args.baseline else WRAPPED if args.wrappers else HEADER
    print("\n".join(header), flush=True)
    lines = list(header)
    for name in args.games or REGISTRY:
        if args.baseline:
            lines.append(paired(name, args.baseline, args.seconds, args.runs))
        elif args.wrappers:
            lines.append(measure_wrappers(name, args.seconds, args.runs))
        else:
            lines.append(measure(name, args.seconds, args.runs))
        print(lines[-1], flush=True)
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main()
