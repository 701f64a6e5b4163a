"""A policy that learns Kings of War Battle Deck against a random player, through the
Gymnasium environment (`warroom.envs.gymnasium`).

The learner is REINFORCE (Williams, 1992) with a batch-mean baseline, on a linear softmax
policy over the game's observation vector, restricted to the legal actions by the action
mask, trained with Adam; a few dozen lines of numpy. (The maintained libraries that train
with action masks, sb3-contrib's MaskablePPO for one, need PyTorch, a larger install than
this example is worth; the environment works with them unchanged: it offers
`action_masks()`.) The learner plays a random seat of each game, so it learns both; every
`--eval-every` batches its policy (sampling, as it trains: before training it is uniform over
the legal actions, a random player) plays `--eval-games` games against random, half in each
seat, with seeds it never trains on.

Run: `.venv/bin/python benchmarks/learn.py` (a few minutes; `--help` for the options). It
prints the win rate as it goes and writes `learn-results.md` and `learn-kow.png` into
`benchmarks/`, or into the folder `--out` names (made if missing), so that a trial run does
not replace the figures shipped with the project.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import time
from pathlib import Path
from typing import Any

import numpy as np

from warroom.engine import ConfigError
from warroom.envs.gymnasium import WarroomEnv
from warroom.native import warn_if_stale

HERE = Path(__file__).parent


class LinearPolicy:
    """Softmax over `obs @ w + b`, with illegal actions masked out."""

    def __init__(self, obs_size: int, actions: int):
        self.w = np.zeros((obs_size, actions))
        self.b = np.zeros(actions)

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = obs @ self.w + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, obs: dict[str, np.ndarray], rng: np.random.Generator, greedy: bool) -> int:
        p = self.probabilities(obs["observation"], obs["action_mask"])
        return int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))


class Adam:
    def __init__(self, shapes: list[tuple[int, ...]], lr: float):
        self.lr, self.t = lr, 0
        self.m = [np.zeros(s) for s in shapes]
        self.v = [np.zeros(s) for s in shapes]

    def step(self, params: list[np.ndarray], grads: list[np.ndarray]) -> None:
        """Gradient ascent on each parameter."""
        self.t += 1
        for p, g, m, v in zip(params, grads, self.m, self.v):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p += self.lr * (m / (1 - 0.9 ** self.t)) / (np.sqrt(v / (1 - 0.999 ** self.t)) + 1e-8)


def episode(env: WarroomEnv, policy: LinearPolicy, seed: int, rng: np.random.Generator,
            greedy: bool = False) -> tuple[list[tuple[np.ndarray, np.ndarray, int]], float]:
    """One game: the learner's (observation, mask, action) at each of its decisions, and its
    reward (1 win, -1 loss, 0 draw)."""
    obs, _ = env.reset(seed=seed)
    steps = []
    while True:
        action = policy.act(obs, rng, greedy)
        steps.append((obs["observation"], obs["action_mask"], action))
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return steps, float(reward)


def evaluate(policy: LinearPolicy, games: int, seed: int, options: dict) -> float:
    """The policy's win rate against random, each seat in half the games (a draw counts
    half)."""
    score = 0.0
    rng = np.random.default_rng(seed)
    for seat in (0, 1):
        env = WarroomEnv("kow", opponent="random", seat=seat, **options)
        for g in range(games // 2):
            _, reward = episode(env, policy, seed + 2 * g + seat, rng)
            score += (reward + 1) / 2
    return score / (2 * (games // 2))


def heuristic_score(games: int, seed: int, options: dict) -> float:
    """kow's own heuristic player's score against random in `games` games, seats rotating
    (a draw counts half): the curve's scale, measured by each run rather than quoted, since a
    quoted figure goes stale whenever the heuristic changes."""
    from warroom.sim.batch import BatchSpec, play_one

    spec = BatchSpec("kow", options, ("heuristic", "random"), seed)
    score = 0.0
    for index in range(games):
        winners = play_one(spec, index)["winners"]
        score += (0 in winners) / len(winners) if winners else 0.5
    return score / games


def train(batches: int, batch: int, lr: float, eval_every: int, eval_games: int, seed: int,
          options: dict | None = None, progress: bool = True) -> list[tuple[int, float]]:
    """Train for `batches` batches of `batch` games; returns (games played, win rate)."""
    options = options or {}
    env = WarroomEnv("kow", opponent="random", seat="random", **options)
    enc = env.table.encoding
    policy = LinearPolicy(enc.size, enc.num_actions)
    adam = Adam([policy.w.shape, policy.b.shape], lr)
    rng = np.random.default_rng(seed)
    eval_seed = 10**9 + seed  # evaluation deals the training never sees
    curve = [(0, evaluate(policy, eval_games, eval_seed, options))]
    start = time.perf_counter()
    if progress:
        print(f"games      0  win rate {curve[-1][1]:.3f}", flush=True)
    for k in range(1, batches + 1):
        games = [episode(env, policy, int(rng.integers(2**62)), rng) for _ in range(batch)]
        baseline = np.mean([r for _, r in games])
        obs, grad_logits = [], []
        for steps, reward in games:
            advantage = reward - baseline
            for o, mask, action in steps:
                g = -policy.probabilities(o, mask)
                g[action] += 1.0  # d log pi(action) / d logits
                obs.append(o)
                grad_logits.append(advantage * g)
        x, gl = np.array(obs), np.array(grad_logits)
        adam.step([policy.w, policy.b], [x.T @ gl / batch, gl.sum(axis=0) / batch])
        if k % eval_every == 0 or k == batches:
            curve.append((k * batch, evaluate(policy, eval_games, eval_seed, options)))
            if progress:
                print(f"games {k * batch:6d}  win rate {curve[-1][1]:.3f}  "
                      f"({time.perf_counter() - start:.0f} s)", flush=True)
    return curve


def write_results(curve: list[tuple[int, float]], args: argparse.Namespace, seconds: float,
                  heuristic: float, out: Path = HERE) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games, rates = zip(*curve)
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(games, rates, marker="o")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1, label="random vs random")
    ax.set_xlabel("training games")
    ax.set_ylabel(f"win rate vs random ({args.eval_games} games)")
    ax.set_ylim(0, 1)
    ax.set_title("kow: REINFORCE, linear policy, against random")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out / "learn-kow.png", dpi=100)
    command = (f"python benchmarks/learn.py --batches {args.batches} --batch {args.batch} "
               f"--lr {args.lr} --eval-every {args.eval_every} --eval-games {args.eval_games} "
               f"--seed {args.seed}" + (f" --victories-to-win {args.victories_to_win}"
                                        if args.victories_to_win is not None else ""))
    lines = [
        "# Learning kow against random",
        "",
        "REINFORCE with a batch-mean baseline on a linear softmax policy over kow's",
        "observation vector, masked to the legal actions, through the Gymnasium environment",
        "(`benchmarks/learn.py`). The policy's win rate against the random player (sampling its",
        "actions, as in training: untrained, it is a random player), on deals training never",
        "sees, half the games in each seat (a draw counts half). Each point is",
        f"{args.eval_games} games: its 95 % interval is {interval_words(args.eval_games)}.",
        f"For scale, kow's own heuristic player scores {100 * heuristic:.1f} % against random",
        f"in {args.eval_games} games (seats rotating) of the same options.",
        "",
        f"Command: `{command}` ({seconds / 60:.1f} minutes on this machine), run "
        f"{time.strftime('%Y-%m-%d')} on commit {commit()}.",
        "",
        "| training games | win rate vs random |",
        "|---:|---:|",
        *(f"| {g} | {r:.3f} |" for g, r in curve),
        "",
        "![win rate against random over training](learn-kow.png)",
        "",
    ]
    (out / "learn-results.md").write_text("\n".join(lines))


def commit() -> str:
    """The checkout's commit (marked if it has changes), or "unknown" outside a git checkout."""
    try:
        return subprocess.run(["git", "describe", "--always", "--dirty"], cwd=HERE,
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def counting(least: int, even: bool = False) -> Any:
    """An argparse type: a whole number from `least` (and even, if asked)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        if even and value % 2:
            raise argparse.ArgumentTypeError(f"must be even (half the games in each seat), "
                                             f"not {value}")
        return value
    return parse


def positive(text: str) -> float:
    """An argparse type: a number above 0 (a step size; -1 would train the policy to lose)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text}")
    return value


def interval_words(games: int) -> str:
    """How wide a point's 95 % interval is at `games` games, near 90 % and near 50 %."""
    def half(rate: float) -> float:
        return 100 * 1.96 * (rate * (1 - rate) / games) ** 0.5
    return f"about ±{half(0.9):.0f} points near 90 % and ±{half(0.5):.0f} near 50 %"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batches", type=counting(1), default=150)
    parser.add_argument("--batch", type=counting(1), default=32, help="games per gradient step")
    parser.add_argument("--lr", type=positive, default=0.01)
    parser.add_argument("--eval-every", type=counting(1), default=15,
                        help="batches between tests")
    parser.add_argument("--eval-games", type=counting(2, even=True), default=200,
                        help="games per test, half in each seat (even)")
    parser.add_argument("--seed", type=counting(0), default=0)  # numpy's seeds are >= 0
    parser.add_argument("--out", type=Path, default=HERE,
                        help="folder for learn-results.md and learn-kow.png (default: "
                             "benchmarks/, the shipped figures)")
    parser.add_argument("--victories-to-win", type=int, default=None,
                        help="kow's option of that name (default: the game's); a short game "
                             "for a trial run")
    args = parser.parse_args(argv)
    if args.out.exists() and not args.out.is_dir():
        parser.error(f"--out {args.out}: a file, not a folder")
    options = {} if args.victories_to_win is None else {"victories_to_win": args.victories_to_win}
    try:
        WarroomEnv("kow", opponent="random", **options)
    except ConfigError as e:
        parser.error(f"--victories-to-win: {e}")
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    curve = train(args.batches, args.batch, args.lr, args.eval_every, args.eval_games,
                  args.seed, options=options)
    seconds = time.perf_counter() - start
    write_results(curve, args, seconds, heuristic_score(args.eval_games, args.seed, options),
                  args.out)
    print(f"wrote {args.out / 'learn-results.md'} and {args.out / 'learn-kow.png'}")


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main()
