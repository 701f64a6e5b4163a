"""Audit (stop 56): `report --json` gave the same verdicts twice in two orders: its
`verdicts` (the report's sections: strategy, players, draws, then seats) and its
`data.verdicts` (the analysis: seats before players). A reader comparing them found them
different; both now follow the report's sections."""

from __future__ import annotations

import json

from warroom.cli import main


def test_report_json_verdicts_and_data_verdicts_are_one_list(tmp_path, capsys):
    db = tmp_path / "r.sqlite"
    assert main(["simulate", "kow", "--games", "12", "--players", "heuristic,random",
                 "--db", str(db), "--json"]) == 0
    capsys.readouterr()
    assert main(["report", str(db), "--json", "--out", str(tmp_path / "r.md")]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["verdicts"] == document["data"]["verdicts"]
    heads = [v.split(":")[0] for v in document["verdicts"]]
    asked = ["dominant strategy", "player strength", "draws", "seat balance"]
    assert [h for h in heads if h in asked] == asked
