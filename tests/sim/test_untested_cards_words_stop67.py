"""The card analysis when no card could be tested (stop 67)."""

from __future__ import annotations

from warroom.cli import main


def test_a_run_with_no_card_tested_says_so_once(tmp_path, capsys, monkeypatch):
    """Audit (stop 67): with too few games for any card test, `simulate --cards` titled its
    table "(none tested; 10 of 12 not tested (the highest and lowest))", the one thing said
    twice in brackets within brackets, and the report's note read "Holm's correction over all
    0 tests at 5 %". Both say once that no card was tested."""
    monkeypatch.setenv("COLUMNS", "200")
    db = tmp_path / "c.sqlite"
    assert main(["simulate", "kow", "--games", "12", "--players", "heuristic,random",
                 "--seed", "1", "--cards", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "cards by improvement when defeated (no card tested: " in out, out
    assert "none tested" not in out and "not tested (the highest" not in out, out
    assert main(["report", str(db), "--format", "md", "--out", str(tmp_path / "r.md")]) == 0
    note = (tmp_path / "r.md").read_text()
    assert "No card was tested, so none is flagged" in note
    assert "over all 0 tests" not in note
