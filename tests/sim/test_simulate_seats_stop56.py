"""`simulate` shows the win rate by seat as well as by listed player: seats rotate, so a
strong deck in seat 0 showed as 50 %/50 % between the listed players."""

from __future__ import annotations

import json

from sqlite_doubles import without_json_functions
from warroom.cli import main
from warroom.sim.analysis import analyse
from warroom.sim.store import ResultStore
from word_iron_decks import broken_deck


def test_simulate_gives_the_win_rate_by_seat_as_the_report_does(tmp_path, capsys):
    """Audit (stop 56): `simulate word-iron --players heuristic,heuristic --set deck0=strong
    --set deck1=sample` printed wins by listed player only, 50 %/50 %, while seat 0 (the
    strong deck) won most games; only `report` said so. The JSON's `seat_win_rate` and the
    text's table by seat give each seat's wins, rate and Wilson interval, the report's own."""
    deck = broken_deck(tmp_path)
    db = tmp_path / "w.sqlite"
    args = ["simulate", "word-iron", "--players", "heuristic,heuristic", "--set",
            f"deck0={deck}", "--set", "deck1=sample", "--games", "20", "--db", str(db)]
    assert main([*args, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    with ResultStore(db, create=False) as store:
        report = analyse(store, store.run(shown["run"])).to_json()
    assert shown["seat_win_rate"] == report["seat_win_rate"]
    seat0, seat1 = (r["successes"] for r in shown["seat_win_rate"])
    assert seat0 > 3 * seat1  # the broken deck's seat, whoever sits there
    assert abs(shown["wins"][0] - shown["wins"][1]) < seat0 - seat1
    assert main([*args, "--resume"]) == 0
    out = capsys.readouterr().out
    assert "by seat" in out
    rate = shown["seat_win_rate"][0]
    low, high = rate["ci95"]
    row = next(line for line in out.splitlines() if line.startswith("│ 0    │ " + str(seat0)))
    assert f"{rate['rate']:.1%}" in row and f"{low:.1%} - {high:.1%}" in row


def test_a_team_games_seats_count_as_the_report_counts_them(tmp_path, capsys):
    """Audit (stop 56): in a team game each seat of the winning team has a win, as in the
    report's seat balance; without SQLite's JSON functions the tally counts the same."""
    db = tmp_path / "b.sqlite"
    assert main(["simulate", "battle", "--players", "heuristic,random,random,random", "--set",
                 "teams=alliance", "--games", "4", "--db", str(db), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    with ResultStore(db, create=False) as store:
        run = store.run(shown["run"])
        assert shown["seat_win_rate"] == analyse(store, run).to_json()["seat_win_rate"]
        wins = [r["successes"] for r in shown["seat_win_rate"]]
        assert wins[0] == wins[2] and wins[1] == wins[3]  # partners
        assert sum(wins) == sum(shown["wins"])

        with without_json_functions(store):
            assert store.tally(run).to_json()["seat_win_rate"] == shown["seat_win_rate"]
