"""What the research environments cost per decision, against the engine's own step.

For each game (default rules) and in one run, side by side, repeated and reported as medians
of CPU time (`time.process_time`: what other work on a shared machine takes is not counted):
- engine step: `to_move`, `legal_actions`, `apply` of a random legal action, as
  `warroom bench` plays;
- env turn: one turn of a PettingZoo AEC loop on the same game: `last()` (the observation
  vector and the action mask of the agent to move), a random legal index from the mask,
  `step(index)`; and the `step(index)` calls alone (the engine's apply, the index lookup and
  PettingZoo's bookkeeping);
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


def env_steps(name: str, seconds: float, seed: int) -> tuple[float, float]:
    """Seconds per decision of a PettingZoo loop (observe, mask, choose, step), and of its
    `step()` calls alone."""
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
            legal = np.flatnonzero(obs["action_mask"])
            index = int(legal[rng.randrange(len(legal))])
            t = clock()
            env.step(index)
            in_step += clock() - t
            decisions += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return elapsed / decisions, in_step / decisions


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
    lines = ["| game | engine step (µs) | env turn: last() + step() (µs) | turn / engine | "
             "step() alone (µs) | step / engine | encode (µs) | mask (µs) | observation "
             "floats | actions |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name in REGISTRY:
        engine, turn, turn_ratio, step, step_ratio, enc, mask = ([] for _ in range(7))
        for run in range(args.runs):  # interleaved, so drift on a shared machine hits both
            e = engine_steps(name, args.seconds, run)
            v, s = env_steps(name, args.seconds, run)
            engine.append(e)
            turn.append(v)
            turn_ratio.append(v / e)
            step.append(s)
            step_ratio.append(s / e)
            a, b = parts(name, args.seconds / 2, run)
            enc.append(a)
            mask.append(b)
        encoding = Table(name).encoding
        med = statistics.median
        lines.append(
            f"| {name} | {med(engine) * 1e6:.1f} | {med(turn) * 1e6:.1f} | "
            f"{med(turn_ratio):.2f} | {med(step) * 1e6:.1f} | {med(step_ratio):.2f} | "
            f"{med(enc) * 1e6:.1f} | {med(mask) * 1e6:.1f} | {encoding.size} | "
            f"{encoding.num_actions} |")
        print(lines[-1] if len(lines) > 3 else "\n".join(lines), flush=True)
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
