"""A results database for the export tests: a kow run, then a sweep of two cells."""

from __future__ import annotations

import shutil
from pathlib import Path

from warroom.cli import main


def kow_run_and_sweep(folder: Path, games: int, cell_games: int) -> Path:
    """A kow run of `games` games (run 1), then a sweep of max_dice=2,3 with `cell_games` a
    cell (runs 2 and 3), in folder/k.sqlite."""
    db = folder / "k.sqlite"
    assert main(["simulate", "kow", "--games", str(games), "--players", "heuristic,random",
                 "--db", str(db), "--json"]) == 0
    assert main(["sweep", "kow", "--vary", "max_dice=2,3", "--games", str(cell_games),
                 "--players", "heuristic,random", "--db", str(db), "--json"]) == 0
    return db


def copy_of(db: Path, folder: Path) -> Path:
    """A copy of `db` in `folder`, for a test that changes it."""
    copy = folder / "k.sqlite"
    shutil.copy(db, copy)
    return copy
