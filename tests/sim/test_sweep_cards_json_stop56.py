"""Audit (stop 56): a sweep's card analysis, its flags corrected over every cell at once
(Holm), was only in its text and HTML; `sweep --json` and `report --sweep --json` had no card
data per cell, and `report --run CELL` corrects within that one cell, another test. Each
cell now carries its `cards`, corrected over the sweep's cells."""

from __future__ import annotations

import json

from warroom.cli import main


def test_each_cell_of_a_sweep_carries_its_cards_corrected_over_the_sweep(tmp_path, capsys):
    db = tmp_path / "s.sqlite"
    assert main(["sweep", "word-iron", "--vary", "realm_size=4,5", "--games", "24",
                 "--players", "heuristic,random", "--workers", "1", "--db", str(db),
                 "--json", "--out", str(tmp_path / "s.md")]) == 0
    cells = json.loads(capsys.readouterr().out)["data"]["cells"]
    assert len(cells) == 2
    tests = sum(c["cards"]["tests"] for c in cells)
    for c in cells:
        cards = c["cards"]
        assert cards["games"] == 24 and cards["usage"]
        assert cards["correction_over"] == "the 2 cells of the sweep"
        assert cards["correction_tests"] == tests
    run = cells[0]["run"]["id"]
    assert main(["report", str(db), "--run", str(run), "--json", "--out",
                 str(tmp_path / "r.md")]) == 0
    alone = json.loads(capsys.readouterr().out)["data"]["cards"]
    assert alone["correction_over"] == "this run"
    assert alone["usage"] == cells[0]["cards"]["usage"]
