"""What card analytics cost, and how often they flag a card that makes no difference.

- Cost: the time to read a finished game's card facts from its log, the time a simulation
  spends with and without them (the facts are recorded for every game of a game with cards),
  and the bytes they add to the results database. Everything runs in this one process (one
  worker), and the runs with and without facts alternate, so that a busy machine slows both
  alike; figures are medians over the repeats.
- False flags (`--null RUNS`): RUNS simulated runs of fair two-player card games (cards drawn
  at random, independent of who wins; seats and players of unequal strength; the number of
  cards drawn varying with the game), each analysed as a report does: the share of runs with
  any flag (the family-wise error rate Holm's correction keeps at 5 %), the share of single
  tests significant at 5 %, and how often a 95 % interval holds the true difference 0.

Run with `.venv/bin/python benchmarks/cards.py [GAME...] [--games N] [--repeats R]` or
`.venv/bin/python benchmarks/cards.py --null 1000`. Prints Markdown tables (see
benchmarks/cards-results.md).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from warroom.agents import make_agents
from warroom.engine import CardFacts, Game, config_to_json, derive_seed, play_game
from warroom.games import REGISTRY
from warroom.native import warn_if_stale
from warroom.sim.batch import iter_chunks
from warroom.sim.cards import collect
from warroom.sim.stats import wilson_interval
from warroom.sim.store import ResultStore

CASES = [("word-iron", {}), ("battle", {}), ("champions", {"roshambo": "random"}),
         ("kow", {}), ("viktory", {"mode": "cards"})]


def extraction(game: Game, options: dict, players: str, games: int) -> tuple[float, float]:
    """(ms per game played, µs per game to read its card facts), medians over `games`."""
    config = game.config(options)
    plays, reads = [], []
    for i in range(games):
        seed = derive_seed(7, "bench", i)
        agents = make_agents([players] * game.num_players(config), game, seed)
        start = time.perf_counter()
        result = play_game(game, config, seed, agents, keep_record=False)
        middle = time.perf_counter()
        game.card_events(result.state)
        reads.append(time.perf_counter() - middle)
        plays.append(middle - start)
    return 1e3 * statistics.median(plays), 1e6 * statistics.median(reads)


def simulate(name: str, options: dict, players: str, games: int, where: Path,
             facts: bool) -> tuple[float, int]:
    """Seconds to play and store `games` games as `warroom simulate --workers 1` does, and
    the database's size in bytes."""
    game = REGISTRY[name]
    kind = type(game)
    original = kind.card_events
    if not facts:
        kind.card_events = lambda self, state: None  # as a game without card analytics
    try:
        path = where / f"{name}-{facts}-{time.monotonic_ns()}.sqlite"
        with ResultStore(path) as store:
            config = game.config(options)
            run = store.create_run(name, game.version, config_to_json(config),
                                   [players] * game.num_players(config), 0, games)
            writer = store.writer(run.id)
            start = time.perf_counter()
            for chunk in iter_chunks(run.spec(), range(games), 1):
                for result in chunk.results:
                    writer.add(result)
            writer.flush()
            elapsed = time.perf_counter() - start
            store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return elapsed, path.stat().st_size
    finally:
        kind.card_events = original


def fair_run(rng: random.Random, games: int, cards: int) -> list[dict]:
    """A run of a fair card game: each seat draws 3 to 12 cards of a shuffled deck (longer
    games draw more), plays some; seat 0 and listed player 0 win more; cards never matter."""
    deck = [f"card {k}" for k in range(cards)]
    run = []
    for i in range(games):
        seating = [i % 2, 1 - i % 2]
        facts = CardFacts(2)
        length = rng.randrange(3, 12)
        for seat in (0, 1):
            for card in rng.sample(deck, length + rng.randrange(0, 2)):
                facts.add(seat, "drawn", card)
                if rng.random() < 0.6:
                    facts.add(seat, "played", card)
        p_seat0 = 0.6 + (0.1 if seating[0] == 0 else -0.1) + 0.02 * (length - 7)
        run.append({"index": i, "seating": seating, "cards": facts.to_json(),
                    "winner_seats": [0 if rng.random() < p_seat0 else 1]})
    return run


def null_rates(runs: int, games: int, cards: int) -> None:
    rng = random.Random(1)
    flagged = tests = significant = covered = 0
    start = time.perf_counter()
    for _ in range(runs):
        analysis = collect(fair_run(rng, games, cards))
        flagged += bool(analysis.flagged())
        for e in analysis.effects:
            if e.tested:
                tests += 1
                significant += e.p < 0.05
                covered += e.ci[0] <= 0 <= e.ci[1]
    seconds = (time.perf_counter() - start) / runs

    def share(k: int, n: int) -> str:
        low, high = wilson_interval(k, n)
        return f"{100 * k / n:.1f} % ({100 * low:.1f} - {100 * high:.1f})"

    print(f"| runs | games per run | tests per run | runs with a flag | single tests "
          f"significant | 95 % intervals holding 0 | s per analysis |\n|---:|---:|---:|---|---|"
          f"---|---:|\n| {runs} | {games} | {tests / runs:.1f} | {share(flagged, runs)} | "
          f"{share(significant, tests)} | {share(covered, tests)} | {seconds:.3f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="games to measure (default: all with cards)")
    parser.add_argument("--games", dest="n", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--null", type=int, metavar="RUNS", help="measure false flags instead")
    args = parser.parse_args()
    if args.null:
        null_rates(args.null, args.n, 20)
        return
    cases = [(n, o) for n, o in CASES if not args.games or n in args.games]
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs\n")
    print("| game | players | play ms/game | read facts µs/game | read / play | simulate "
          "s, facts | s, no facts | ratio | bytes/game, facts | bytes/game, none |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, options in cases:
            game = REGISTRY[name]
            for players in ("random", "heuristic"):
                n = args.n if players == "random" else max(30, args.n // 5)
                play_ms, read_us = extraction(game, options, players, n)
                on, off, size_on, size_off = [], [], 0, 0
                for _ in range(args.repeats):  # alternate, so load slows both alike
                    t, size_on = simulate(name, options, players, n, Path(tmp), True)
                    on.append(t)
                    t, size_off = simulate(name, options, players, n, Path(tmp), False)
                    off.append(t)
                t_on, t_off = statistics.median(on), statistics.median(off)
                print(f"| {name} | {players} | {play_ms:.2f} | {read_us:.0f} | "
                      f"{read_us / 1e3 / play_ms:.1%} | {t_on:.2f} | {t_off:.2f} | "
                      f"{t_on / t_off:.3f} | {size_on / n:.0f} | {size_off / n:.0f} |",
                      flush=True)


if __name__ == "__main__":
    warn_if_stale()  # a stale build would time the interpreted rules
    main()
