"""Plays many games, in parallel worker processes, reproducibly.

Game i is fully determined by (game, config, players, seed, i): its own seed is derived from
the batch seed and i, and so are its agents' seeds, so the result is the same whatever the
number of workers or the order in which they finish.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..agents import make_agents
from ..engine import derive_seed, play_game
from ..games import get_game


@dataclass(frozen=True)
class BatchSpec:
    game: str
    config: dict[str, Any]
    players: tuple[str, ...]  # SPECs, listed as the user gave them
    seed: int
    rotate: bool = True  # rotate seats so each listed player sits in each seat in turn

    def seating(self, index: int) -> list[int]:
        """Which listed player sits in each seat in game `index`."""
        n = len(self.players)
        shift = index % n if self.rotate else 0
        return [(seat + shift) % n for seat in range(n)]


def play_one(spec: BatchSpec, index: int) -> dict[str, Any]:
    """One game of the batch, as a JSON-able summary indexed by listed player."""
    game = get_game(spec.game)
    config = game.config(spec.config)
    seed = derive_seed(spec.seed, "game", index)
    seating = spec.seating(index)
    agents = make_agents([spec.players[i] for i in seating], game, seed)
    result = play_game(game, config, seed, agents, keep_record=False)
    outcome = result.outcome
    return {
        "index": index,
        "seed": seed,
        "seating": seating,
        "winners": sorted(seating[s] for s in outcome.winners),
        "winner_seats": list(outcome.winners),
        "scores_by_seat": list(outcome.scores),
        "reason": outcome.reason,
        "length": result.decisions,
        "metrics": game.metrics(result.state),
    }


def _play_indexed(args: tuple[BatchSpec, int]) -> dict[str, Any]:
    return play_one(*args)


def run_batch(
    spec: BatchSpec,
    indices: range | list[int],
    workers: int = 1,
) -> Iterator[dict[str, Any]]:
    """Yield game summaries in index order; with workers > 1, in worker processes."""
    jobs = [(spec, i) for i in indices]
    if workers <= 1:
        for job in jobs:
            yield _play_indexed(job)
        return
    chunk = max(1, min(64, len(jobs) // (workers * 8) or 1))
    # fork: workers inherit the imported games instead of importing them again.
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap(_play_indexed, jobs, chunksize=chunk)
