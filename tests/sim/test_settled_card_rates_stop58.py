"""Audit (stop 58): `warroom simulate kow --games 10 --players heuristic,random --cards`,
which heuristic won 10 of 10, printed "0.0%" with and "0.0%" without for every card: the
rates of the only groups compared, the loser's, which say nothing of a card."""

from __future__ import annotations

from warroom.cli import main
from warroom.sim.analysis import analyse
from warroom.sim.cards import PLAYED
from warroom.sim.report import _card_tables
from warroom.sim.store import ResultStore


def _rows(out: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.split("│")[1:-1]]
            for line in out.splitlines() if line.startswith("│")]


def test_a_run_one_player_decides_shows_no_card_rates(tmp_path, capsys, monkeypatch):
    """Audit (stop 58): the card table of a 10-game heuristic-against-random kow run read as
    if every card's holders and non-holders never won; the verdict said too few games."""
    monkeypatch.setenv("COLUMNS", "200")
    db = tmp_path / "a.sqlite"
    assert main(["simulate", "kow", "--games", "10", "--players", "heuristic,random",
                 "--cards", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    cards = [row for row in _rows(out) if row[-1] == "not tested"]
    assert cards and all(row[1:4] == ["—", "—", "—"] for row in cards), out
    assert "0.0%" not in "".join(row[1] + row[2] for row in cards)
    assert "— where every group of player-games compared" in " ".join(out.split())
    assert "too few games to test any card" in out


def test_the_report_table_shows_a_settled_card_as_the_terminal_does(tmp_path):
    """Audit (stop 58): the report's card table gave the same "0.0 %" rates."""
    from warroom.sim.cards import rate_texts

    db = tmp_path / "a.sqlite"
    assert main(["simulate", "kow", "--games", "10", "--players", "heuristic,random",
                 "--db", str(db)]) == 0
    with ResultStore(db, create=False) as store:
        cards = analyse(store, store.run(1)).cards
    settled = [e for e in cards.ranked(PLAYED) if e.settled]
    assert settled and all(rate_texts(e) == ("—", "—") for e in settled)
    [table] = [s.table for s in _card_tables(cards) if s.key == "cards-played"]
    assert {tuple(row[1:4]) for row in table[1] if row[0] in {e.card for e in settled}} == \
        {("—", "—", "—")}
