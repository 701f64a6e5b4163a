"""A win rate of no games is no measurement: the report's tables show "—" and its JSON gives
the rate and interval as null, never a measured 0 % (0.0-100.0 %)."""

from __future__ import annotations

import json

from warroom.cli import main


def test_a_player_who_never_moved_first_has_no_rate(tmp_path, monkeypatch, capsys):
    """Audit (stop 52): a 1-game Word & Iron run's first-player table printed "0.0 %
    (0.0-100.0 %)" for the player who never moved first (or later), and the JSON gave
    `rate: 0.0` with `trials: 0`."""
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "word-iron", "--games", "1", "--players", "random,random",
                 "--db", "r.sqlite", "--json"]) == 0
    capsys.readouterr()
    assert main(["report", "r.sqlite", "--out", "r.md", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)["data"]["first_player"]
    rates = [*first["when_first"], *first["when_later"]]
    empty = [r for r in rates if r["trials"] == 0]
    assert len(empty) == 2  # one game: each player either moved first or later
    assert all(r["rate"] is None and r["ci95"] is None for r in empty)
    assert all(r["rate"] is not None for r in rates if r["trials"])
    text = (tmp_path / "r.md").read_text()
    table = text[text.index("| player | win rate moving first"):].split("\n\n")[0]
    rows = [line.split(" | ") for line in table.splitlines()[2:4]]  # the players' rows
    assert sorted(cell.strip(" |") for row in rows for cell in row[1:]).count("—") == 2
    assert "(0.0-100.0 %)" not in text
