"""A sweep's JSON gives a deck as the person gave it, as its verdicts do."""

from __future__ import annotations

import json

from warroom.cli import main

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J"]


def test_a_battle_sweeps_json_names_its_decks(tmp_path, monkeypatch, capsys):
    """Audit (stop 56): `sweep battle --set deck_mode=constructed --vary deck0=sample,weak.txt
    ... --json` put the 40 cards of each deck list in `sweep.vary` and `cells[].cell.deck0`
    (Battle's config holds the cards), while the verdicts said `deck0=weak.txt` and Word &
    Iron's JSON kept `"strong.yaml"`. Now the grid, the cells and their runs' `cell` give
    `weak.txt`; a number option stays typed."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "weak.txt").write_text("\n".join(r + s for s in "SHDC" for r in RANKS) + "\n")
    assert main(["sweep", "battle", "--set", "deck_mode=constructed", "--set", "deck1=sample",
                 "--vary", "deck0=sample,weak.txt", "--vary", "hand_size=5,7", "--games", "2",
                 "--players", "heuristic,heuristic", "--workers", "1", "--db", "bs.sqlite",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["data"]
    assert data["sweep"]["vary"] == [["deck0", ["sample", "weak.txt"]], ["hand_size", [5, 7]]]
    cells = [c["cell"] for c in data["cells"]]
    assert sorted(cells, key=lambda c: (c["deck0"], c["hand_size"])) == [
        {"deck0": d, "hand_size": h} for d in ("sample", "weak.txt") for h in (5, 7)]
    assert all(c["run"]["cell"] == c["cell"] for c in data["cells"])
