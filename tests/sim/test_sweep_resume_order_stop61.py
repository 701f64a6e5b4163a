"""`warroom sweep --resume` finds the sweep by its cells, whatever order the grid is typed in
(stop 61)."""

from __future__ import annotations

import pytest

from warroom.cli import main
from warroom.games import REGISTRY
from warroom.sim.store import ResultStore, StoreError
from warroom.sim.sweep import parse_vary, plan, run_sweep

KOW = REGISTRY["kow"]
PLAYERS = ["random", "random"]


def test_a_resume_matches_the_grid_in_another_order(tmp_path):
    """Audit (stop 61): swapping the two --vary, or the values of one, or giving an option
    its default with --set, said "no sweep of champions with this grid, options, players and
    seed to resume". The same cells are the same sweep; the cells it starts take the sweep's
    own order and labels."""
    vary = parse_vary(["max_dice=2,3", "victories_to_win=1,2"])
    with ResultStore(tmp_path / "s.sqlite") as store:
        first = run_sweep(store, KOW, (), vary, plan(KOW, (), vary, "random,random")[:1],
                          PLAYERS, 1, 2)
        swapped = parse_vary(["victories_to_win=2,1", "max_dice=3,2"])
        sets = ("min_dice=1",)  # the default
        again = run_sweep(store, KOW, sets, swapped, plan(KOW, sets, swapped, "random,random"),
                          PLAYERS, 1, 2, resume=True)
        assert again.id == first.id and store.sweep_ids() == [first.id]
        runs = store.runs(sweep_id=first.id)
        assert [r.cell for r in runs] == [
            {"max_dice": 2, "victories_to_win": 1}, {"max_dice": 2, "victories_to_win": 2},
            {"max_dice": 3, "victories_to_win": 1}, {"max_dice": 3, "victories_to_win": 2}]
        assert all(list(r.cell or {}) == ["max_dice", "victories_to_win"] for r in runs)
        assert [store.count_games(r.id) for r in runs] == [2, 2, 2, 2]
        other = parse_vary(["max_dice=2,4", "victories_to_win=1,2"])  # other cells: no match
        with pytest.raises(StoreError, match="no sweep of kow with this grid"):
            run_sweep(store, KOW, (), other, plan(KOW, (), other, "random,random"), PLAYERS,
                      1, 2, resume=True)


def test_the_cli_resumes_a_sweep_typed_in_another_order(tmp_path, capsys):
    """Audit (stop 61): `warroom sweep ... --resume` with the --vary swapped was a one-line
    error; it extends the sweep, and its report lists the cells as the sweep first did."""
    db, out = tmp_path / "s.sqlite", tmp_path / "s.md"
    common = ["--players", "random,random", "--db", str(db), "--out", str(out),
              "--workers", "1"]
    assert main(["sweep", "kow", "--vary", "max_dice=2,3", "--vary", "victories_to_win=1,2",
                 "--games", "2", *common]) == 0
    capsys.readouterr()
    assert main(["sweep", "kow", "--vary", "victories_to_win=2,1", "--vary", "max_dice=3,2",
                 "--games", "3", "--resume", *common]) == 0
    assert "results: sweep 1 in" in capsys.readouterr().out
    text = out.read_text()
    assert "3 per cell" in text
    assert text.index("| max_dice=2, victories_to_win=1 |") < text.index(
        "| max_dice=3, victories_to_win=2 |")
