"""Viktory II (the map game) at an 80x24 terminal: how tall and how wide the whole screen of
a decision is (the panel with its table, the choices and the prompt, as `HumanAgent` prints
them; `tests/decision_screen.py`, the tests' measure), with 2, 3 and 4 players.

Run with `env -u PYTHONPATH .venv/bin/python benchmarks/viktory_ii_screen.py [--seeds N]
[--every K] [--players 2,3,4] [--mode dice]`. Plays N heuristic games a player count (the
default map, fixed seeds) and measures every K-th decision, as the seat to move sees it.
Prints a Markdown table: decisions measured, the median, 90th percentile and largest height
in lines, how many are over 24, and the widest line; then the same for the decisions of more
than 15 choices.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from decision_screen import decision_screen, heuristic_decisions  # noqa: E402
from warroom.games import get_game  # noqa: E402

GAME = get_game("viktory-ii")


def measure(players: int, mode: str, seeds: int, every: int) -> list[tuple[int, int, int]]:
    """(lines, widest line, choices) of every `every`-th decision of `seeds` games."""
    config = GAME.config({"players": players, "mode": mode})
    decisions = heuristic_decisions(GAME, lambda seed: GAME.new_state(config, seed),
                                    range(seeds))
    found = []
    for n, (view, action) in enumerate(decisions):
        if n % every == 0:
            lines = decision_screen(GAME, view, action)
            found.append((len(lines), max(map(len, lines)), len(view.legal_actions)))
    return found


def row(label: str, found: list[tuple[int, int, int]]) -> str:
    heights = sorted(h for h, _, _ in found)
    if not heights:
        return f"| {label} | 0 | | | | | |"
    p90 = heights[min(len(heights) - 1, int(0.9 * len(heights)))]
    over = sum(h > 24 for h in heights)
    return (f"| {label} | {len(heights)} | {statistics.median(heights):g} | {p90} | "
            f"{heights[-1]} | {over} | {max(w for _, w, _ in found)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--mode", default="dice")
    args = parser.parse_args()
    print("| players | decisions | median lines | 90th pct | most | over 24 | widest |")
    print("|---|---|---|---|---|---|---|")
    for players in map(int, args.players.split(",")):
        found = measure(players, args.mode, args.seeds, args.every)
        print(row(f"{players}", found), flush=True)
        print(row(f"{players}, >15 choices", [f for f in found if f[2] > 15]), flush=True)


if __name__ == "__main__":
    main()
