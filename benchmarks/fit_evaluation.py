"""Fit a game's position estimate (the weights of `Game.evaluate`) to heuristic self-play.

    python benchmarks/fit_evaluation.py GAME [--games N] [--seed S]

A game that offers an estimate has, in its `heuristic` module, `evaluation_features(state)`
(seat 0's lead over seat 1, one number per feature), `evaluation_label(state, final)` (what the
estimate predicts for seat 0 in [0, 1], read from the finished game, or None to skip the state)
and `EVAL_WEIGHTS`. This plays N heuristic-against-heuristic games, takes the features of every
decision, fits a logistic regression without intercept (the features are differences, so the
estimate stays symmetric between the seats) and prints the weights with the fit's log loss and
accuracy on a held-out quarter of the games, beside those of the weights in the code.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys

import numpy as np

from warroom.games import get_game
from warroom.native import warn_if_stale


def samples(name: str, games: int, seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """(features, labels) of every decision of each self-play game."""
    game = get_game(name)
    module = importlib.import_module(type(game).__module__ + ".heuristic")
    out = []
    for g in range(games):
        state = game.new_state(game.Config(), seed + g)
        rng = random.Random(seed + g)
        seen = []
        while not state.is_terminal():
            seen.append(state.clone())
            for player in state.to_move():
                view = state.determinize(player, rng)
                state.apply(player, game.heuristic(view, player, rng))
        rows = [(module.evaluation_features(s), module.evaluation_label(s, state)) for s in seen]
        rows = [(f, y) for f, y in rows if y is not None]
        if rows:
            out.append((np.array([f for f, _ in rows], float), np.array([y for _, y in rows])))
    return out


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's method (soft labels allowed)."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) / len(y) + ridge * w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def score(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    p = np.clip(1 / (1 + np.exp(-np.clip(x @ w, -30, 30))), 1e-9, 1 - 1e-9)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    accuracy = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5)))
    return loss, accuracy


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    data = samples(args.game, args.games, args.seed)
    cut = max(1, len(data) * 3 // 4)
    x_fit = np.concatenate([f for f, _ in data[:cut]])
    y_fit = np.concatenate([y for _, y in data[:cut]])
    x_test = np.concatenate([f for f, _ in data[cut:]])
    y_test = np.concatenate([y for _, y in data[cut:]])
    w = fit(x_fit, y_fit)
    game = get_game(args.game)
    current = np.array(importlib.import_module(type(game).__module__ + ".heuristic").EVAL_WEIGHTS)
    print(f"{args.game}: {len(data)} games, {len(y_fit)} + {len(y_test)} positions")
    print("fitted  EVAL_WEIGHTS = (" + ", ".join(f"{v:.4g}" for v in w) + ")")
    for label, weights in (("fitted", w), ("in the code", current)):
        loss, accuracy = score(x_test, y_test, weights)
        print(f"held out: log loss {loss:.4f}, accuracy {accuracy:.3f} ({label})")


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main(sys.argv[1:])
