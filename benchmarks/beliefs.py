"""Beliefs benchmark: mcts whose determinisations believe the opponent plays like the game's
heuristic (`beliefs=heuristic`, an option) against the same mcts believing every secret
choice equally likely (`beliefs=uniform`, mcts's default), at the same iteration budget.

    python benchmarks/beliefs.py [GAME ...] [--games N] [--iters N] [--workers K]
                                 [--seed S] [--set KEY=VALUE ...] [--out FILE.jsonl] [--resume]

`--new truth` plays instead a search that is not allowed in play: mcts that searches copies
of the true state (the opponent's secret choices, hands and deck order as they are; only the
dice to come re-seeded). No belief can know more, so its score against the uniform agent is
the ceiling of what any belief could gain at that budget.

Games 2k and 2k+1 are played on deal `seed + k` with the new agent in seat 0, then seat 1:
seats rotate, and each deal is played from both sides.
Each finished game is appended to `--out` as one JSON line, so an interrupted run keeps its
games; `--resume` skips those already there. The summary gives the new agent's score (wins
plus half the draws) with a 95 % Wilson interval per game. Figures: benchmarks/beliefs-results.md.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

from warroom.agents import make_agent
from warroom.agents.mcts import MctsAgent, Node, SearchResult
from warroom.engine import PlayerView, derive_seed, play_game, split_rng
from warroom.games import get_game
from warroom.native import warn_if_stale
from warroom.sim.stats import wilson_interval

GAMES = ("kow", "champions", "battle", "word-iron", "viktory")
NEW = ("heuristic", "truth")


class TruthSearch(MctsAgent):
    """mcts over copies of the true state (only the future dice re-seeded): a player that
    sees everything. Benchmark only: it reads the state behind its view, as no agent may."""

    def search(self, view: PlayerView) -> SearchResult:
        root, start, done = Node(), time.perf_counter(), 0
        while done < self.params.iters:
            state = view._state.clone()  # noqa: SLF001 (the point of this agent)
            state.rng = split_rng(self.rng)
            state.stop_log(rebuild=False)
            self.iterate(root, state)
            done += 1
        return SearchResult(root, done, time.perf_counter() - start)


def specs(iters: int) -> tuple[str, str]:
    return f"mcts:iters={iters}:beliefs=heuristic", f"mcts:iters={iters}:beliefs=uniform"


def play(job: tuple[str, int, int, int, tuple[tuple[str, str], ...], str]) -> dict[str, Any]:
    name, index, iters, seed, options, kind = job
    game = get_game(name)
    config = game.config(dict(options))
    new, old = specs(iters)
    seat = index % 2  # the new agent's seat: the twin game swaps seats on the same deal
    deal = seed + index // 2
    agents = [make_agent(new if p == seat and kind == "heuristic" else old, game,
                         derive_seed(deal, "beliefs", index, p)) for p in range(2)]
    if kind == "truth":
        agents[seat] = TruthSearch(game, derive_seed(deal, "beliefs", index, seat),
                                   iters=iters)
    start = time.perf_counter()
    result = play_game(game, config, deal, agents, keep_record=False)
    return {"game": name, "options": dict(options), "index": index, "iters": iters,
            "seed": seed, "new": kind, "new_seat": seat,
            "score": result.outcome.reward(seat), "draw": result.outcome.is_draw,
            "decisions": result.decisions, "seconds": time.perf_counter() - start}


def summarise(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name in dict.fromkeys(r["game"] for r in rows):
        mine = [r for r in rows if r["game"] == name]
        score = sum(r["score"] for r in mine)
        low, high = wilson_interval(score, len(mine))
        wins = sum(r["score"] == 1 for r in mine)
        draws = sum(r["draw"] for r in mine)
        secs = sorted(r["seconds"] for r in mine)
        by_seat = {f"seat{k}_score": sum(r["score"] for r in seated) / len(seated)
                   for k in (0, 1) if (seated := [r for r in mine if r["new_seat"] == k])}
        out[name] = {"games": len(mine), "won": wins, "lost": len(mine) - wins - draws,
                     "drawn": draws, "score": score / len(mine), "low": low, "high": high,
                     **by_seat, "median_game_s": secs[len(secs) // 2]}
    return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--games", dest="count", type=int, default=500)
    parser.add_argument("--iters", type=int, default=16)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option for every game played (e.g. deck_mode=draft)")
    parser.add_argument("--out", type=Path, default=Path("warroom-results/beliefs-games.jsonl"))
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--new", choices=NEW, default="heuristic",
                        help="the agent set against mcts with uniform beliefs: mcts with "
                        "heuristic beliefs, or the search that sees the truth (a ceiling)")
    args = parser.parse_args(argv)
    done: list[dict[str, Any]] = []
    if args.resume and args.out.exists():
        done = [json.loads(line) for line in args.out.read_text().splitlines() if line]
    options = tuple(sorted(tuple(item.split("=", 1)) for item in args.set))
    rows = [r for r in done if r["iters"] == args.iters and r["seed"] == args.seed
            and r.get("options", {}) == dict(options) and r.get("new", "heuristic") == args.new]
    have = {(r["game"], r["index"]) for r in rows}
    jobs = [(name, i, args.iters, args.seed, options, args.new) for i in range(args.count)
            for name in args.games if (name, i) not in have]  # interleaved: a cut-short run
    # covers every game
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("a") as out:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(args.workers) as pool:
            for k, row in enumerate(pool.imap_unordered(play, jobs), 1):
                out.write(json.dumps(row) + "\n")
                out.flush()
                rows.append(row)
                if k % 20 == 0 or k == len(jobs):
                    print(f"{k}/{len(jobs)} games", file=sys.stderr, flush=True)
    for name, s in summarise(rows).items():
        print(json.dumps({"game": name, "new": args.new, "options": dict(options),
                          "iters": args.iters, **{
            k: round(v, 4) if isinstance(v, float) else v for k, v in s.items()}}))


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main(sys.argv[1:])
