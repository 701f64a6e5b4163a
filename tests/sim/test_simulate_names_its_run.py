"""`simulate` names the run it played, for `warroom report`: after a --resume the latest run
of a database (the report's default) may be another one."""

from __future__ import annotations

import json

from warroom.cli import main


def test_the_report_hint_and_the_json_name_the_resumed_run(tmp_path, capsys):
    """The hint said `warroom report DB`, which reports the latest run: another run than the
    one just resumed when the database holds a later one."""
    db = str(tmp_path / "two runs.sqlite")
    base = ["simulate", "kow", "--games", "4", "--seed", "1", "--db", db]
    assert main([*base, "--players", "heuristic,heuristic"]) == 0
    assert main([*base, "--players", "random,random"]) == 0
    capsys.readouterr()
    assert main(["simulate", "kow", "--db", db, "--resume", "--players", "heuristic,heuristic",
                 "--games", "6"]) == 0
    out = capsys.readouterr().out
    assert f"balance report: warroom report '{db}' --run 1)" in out
    assert main(["simulate", "kow", "--db", db, "--resume", "--players", "heuristic,heuristic",
                 "--games", "8", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["run"], summary["games"]) == (1, 8)
