"""Audit (stop 56): a `simulate` that failed (a full disk, a working folder deleted) left a
run without games, and `report DB` with no option then said "run 5 has no finished games yet"
instead of reporting the last run that has: it reports the latest run with finished games,
and says on stderr which run it passed over."""

from __future__ import annotations

import json

from warroom.cli import main
from warroom.sim.store import ResultStore


def test_report_passes_over_a_latest_run_without_games(tmp_path, capsys):
    db = tmp_path / "r.sqlite"
    assert main(["simulate", "kow", "--games", "6", "--players", "heuristic,random",
                 "--db", str(db), "--json"]) == 0
    with ResultStore(db) as store:  # what a failed simulate leaves: a run, no games
        store.create_run("kow", "1", store.run(1).config, ["random", "random"], 0, 5)
    capsys.readouterr()
    assert main(["report", str(db), "--json", "--out", str(tmp_path / "r.md")]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["data"]["run"]["id"] == 1
    assert ("warroom: note: the latest run, 2, has no finished games; reporting run 1, the "
            "latest that has (--run ID reports another)") in captured.err
    assert main(["report", str(db), "--run", "2", "--out", str(tmp_path / "r2.md")]) == 2
    assert "run 2 has no finished games yet" in capsys.readouterr().err
