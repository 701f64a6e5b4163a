"""Designer's audit (stop 78): a sweep interrupted before its second cell started was listed
by `report --list` as "sweep 1: battle, 1 cell (hand_size=5,7)" and headed in its report
"grid: hand_size = 5 | 7 (1 cells)", two lines above "1 cell not started": both counted the
cells started, not the grid's. `export` said "1 of 2 cells, unfinished". All three count the
grid's cells now, and say how many of them hold games."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from test_audit_unfinished_sweeps import GAMES, battle_sweep  # noqa: F401 (a fixture)

from warroom.cli import main


def _second_cell_not_started(source: Path, where: Path) -> Path:
    """A copy of the two-cell sweep as an interrupt before its second cell began leaves it."""
    db = where / "half.sqlite"
    shutil.copy(source, db)
    with sqlite3.connect(db) as con:
        last = con.execute("SELECT max(id) FROM runs").fetchone()[0]
        for table in ("games", "cards"):
            con.execute(f"DELETE FROM {table} WHERE run_id = ?", (last,))
        con.execute("DELETE FROM runs WHERE id = ?", (last,))
    return db


def test_an_unfinished_sweep_is_counted_by_its_grid_everywhere(battle_sweep, tmp_path,  # noqa: F811
                                                                capsys):
    db = _second_cell_not_started(battle_sweep, tmp_path)
    capsys.readouterr()
    assert main(["report", str(db), "--list"]) == 0
    listed = capsys.readouterr().out
    assert f"sweep 1: battle, 1 of 2 cells (hand_size=5,7), {GAMES} games a cell" in listed, \
        listed
    assert main(["report", str(db), "--format", "md", "--out", str(tmp_path / "r.md")]) == 0
    text = (tmp_path / "r.md").read_text()
    assert "hand_size = 5 | 7 (2 cells)" in text and "1 cell not started" in text, text
    assert main(["export", str(db), "--out", str(tmp_path / "rows.csv")]) == 0
    said = capsys.readouterr().err
    assert "sweep 1 (battle, 1 of 2 cells, " in said and "unfinished" in said, said


def test_a_finished_sweep_is_its_cells(battle_sweep, capsys):  # noqa: F811
    capsys.readouterr()
    assert main(["report", str(battle_sweep), "--list"]) == 0
    assert "sweep 1: battle, 2 cells (hand_size=5,7)" in capsys.readouterr().out


def test_a_sweep_of_one_cell_says_cell(tmp_path):
    db = tmp_path / "one.sqlite"
    assert main(["sweep", "battle", "--vary", "hand_size=5", "--games", "2", "--players",
                 "random,random", "--db", str(db), "--seed", "2", "--out",
                 str(tmp_path / "one.md")]) == 0
    assert "hand_size = 5 (1 cell)" in (tmp_path / "one.md").read_text()
