"""Audit (stop 58): `warroom evaluate kow --players myagent.FirstChoice,heuristic` at 80
columns showed the player as `myagent.FirstCho…` in its table (cut short), where simulate
shows it in full: a name too wide for its column now folds onto the next line."""

from __future__ import annotations

from warroom.cli.evaluate import show

OUT = {
    "games_per_pairing": 2, "seed": 0,
    "pairings": [{"a": "myagent.FirstChoice", "b": "course.players.Greedy:depth=2",
                  "a_wins": 0, "b_wins": 2, "draws": 0, "a_score": 0.0,
                  "ci95": [0.0, 0.658]}],
    "ratings": [{"player": "myagent.FirstChoice", "mu": 20.0, "sigma": 7.0, "ordinal": -1.0},
                {"player": "course.players.Greedy:depth=2", "mu": 29.0, "sigma": 7.0,
                 "ordinal": 8.0}],
}


def test_long_player_names_are_shown_whole_at_80_columns(capsys, monkeypatch):
    """Audit (stop 58): every letter of both names is in the table, none replaced by '…'."""
    monkeypatch.setenv("COLUMNS", "80")
    show("Kings of War Battle Deck", OUT)
    out = capsys.readouterr().out
    assert "…" not in out
    table = out.split("openskill")[0]
    rows = [line.split("│")[1:3] for line in table.splitlines() if line.startswith("│")]
    assert ["".join(cells[i].strip() for cells in rows) for i in (0, 1)] == [
        "myagent.FirstChoice", "course.players.Greedy:depth=2"]
