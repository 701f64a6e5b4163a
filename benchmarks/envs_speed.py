"""What the research environments cost per decision, against the engine's own step.

For each game (default rules) and in one run, side by side, repeated and reported as medians:
- engine step: `to_move`, `legal_actions`, `apply` of a random legal action, as
  `warroom bench` plays;
- env step: one turn of a PettingZoo AEC loop on the same game: `last()` (the observation
  vector and the action mask of the agent to move), a random legal index from the mask,
  `step(index)`;
- the parts of the env's extra work: encoding the observation, and building the mask (the
  index of every legal action).

Run: `.venv/bin/python benchmarks/envs_speed.py [--seconds 1] [--runs 5] [--out FILE]`.
The Markdown table goes to stdout and, with --out, to that file.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import warnings

import numpy as np

from warroom.envs.pettingzoo import raw_env
from warroom.envs.table import Table
from warroom.games import REGISTRY, get_game


def engine_steps(name: str, seconds: float, seed: int) -> float:
    """Seconds per engine decision over random games."""
    game = get_game(name)
    config = game.Config()
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    while True:
        state = game.new_state(config, rng.getrandbits(32))
        while not state.is_terminal():
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
            decisions += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return elapsed / decisions


def env_steps(name: str, seconds: float, seed: int) -> float:
    """Seconds per decision of a PettingZoo loop (observe, mask, choose, step)."""
    env = raw_env(name)
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    while True:
        env.reset(seed=rng.getrandbits(32))
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return elapsed / decisions


def parts(name: str, seconds: float, seed: int) -> tuple[float, float]:
    """Seconds per decision spent encoding the observation, and building the mask."""
    table = Table(name)
    rng = random.Random(seed)
    t_encode = t_mask = 0.0
    decisions = 0
    start = time.process_time()
    while True:
        table.reset(rng.getrandbits(32))
        while (player := table.to_move()) is not None:
            t0 = time.process_time()
            table.observation(player)
            t1 = time.process_time()
            mask = table.mask(player)
            t2 = time.process_time()
            t_encode += t1 - t0
            t_mask += t2 - t1
            legal = np.flatnonzero(mask)
            table.apply(int(legal[rng.randrange(len(legal))]))
            decisions += 1
        if time.process_time() - start >= seconds:
            return t_encode / decisions, t_mask / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per game (median)")
    parser.add_argument("--out", help="also write the table to this file")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    lines = ["| game | engine step (µs) | env step (µs) | env / engine | encode (µs) | "
             "mask (µs) | observation size | actions |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name in REGISTRY:
        engine, env, ratio, enc, mask = [], [], [], [], []
        for run in range(args.runs):  # interleaved, so drift on a shared machine hits both
            e = engine_steps(name, args.seconds, run)
            v = env_steps(name, args.seconds, run)
            engine.append(e)
            env.append(v)
            ratio.append(v / e)
            a, b = parts(name, args.seconds / 2, run)
            enc.append(a)
            mask.append(b)
        encoding = Table(name).encoding
        lines.append(
            f"| {name} | {statistics.median(engine) * 1e6:.1f} | "
            f"{statistics.median(env) * 1e6:.1f} | {statistics.median(ratio):.2f} | "
            f"{statistics.median(enc) * 1e6:.1f} | {statistics.median(mask) * 1e6:.1f} | "
            f"{encoding.size} | {encoding.num_actions} |")
        print(lines[-1] if len(lines) > 3 else "\n".join(lines), flush=True)
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
