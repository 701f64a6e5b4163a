"""A seat's options (Word & Iron's deck0 is seat 0's deck, `Game.seat_options`) name the seat
wherever a report gives its win rate: seats rotate the listed players, not the decks, so the
seat balance is the only place a strong deck shows."""

from __future__ import annotations

from warroom.cli import main
from warroom.games import REGISTRY
from warroom.sim.analysis import analyse_games
from warroom.sim.report import run_document
from warroom.sim.store import RunInfo
from warroom.sim.summary import seat_names


def test_the_seat_balance_names_each_seats_deck(tmp_path, capsys):
    """Audit (stop 60): a designer's deck (deck0=my.yaml) won 70 % of 600 games, but the report
    said only 'seat 0 ... significant': nothing said seat 0 plays deck0 = my.yaml, and the
    header left deck1=sample (the default) out."""
    deck = tmp_path / "my.yaml"
    db, out = tmp_path / "sim.sqlite", tmp_path / "r.md"
    assert main(["cards", "copy", "sample", str(deck), "--game", "word-iron"]) == 0
    assert main(["simulate", "word-iron", "--games", "4", "--players", "random,random",
                 "--set", f"deck0={deck}", "--set", "deck1=sample", "--db", str(db)]) == 0
    assert main(["report", str(db), "--format", "md", "--out", str(out)]) == 0
    capsys.readouterr()
    text = out.read_text()
    seat0, seat1 = f"seat 0 (deck0={deck})", "seat 1 (deck1=sample)"
    verdict = next(line for line in text.splitlines() if line.startswith("- seat balance:"))
    assert verdict.startswith(f"- seat balance: {seat0} ") and f", {seat1} " in verdict, verdict
    assert f"\n| {seat0} | " in text and f"\n| {seat1} | " in text


def test_seats_of_a_game_without_seat_options_keep_their_plain_names():
    """Audit (stop 60): the labels come from the game's declaration, not from option names:
    a game whose options belong to no seat (kow) keeps "seat 0"."""
    assert REGISTRY["word-iron"].seat_options == {"deck0": 0, "deck1": 1}
    assert {name for name, g in REGISTRY.items() if g.seat_options} == {"word-iron"}
    run = RunInfo(1, "kow", "1", {"deck0": "x"}, ["a", "b"], 0, True, 2, None, None, "now")
    games = [{"index": i, "seed": i, "seating": [0, 1], "winner_seats": [i % 2],
              "scores_by_seat": [0, 0], "reason": "won", "length": 3, "first_player": None,
              "metrics": {}} for i in range(2)]
    a = analyse_games(run, games)
    assert a.seat_verdict().startswith("seat balance: seat 0 50.0 % ")
    seats = next(s for s in run_document(a).sections if s.key == "seats")
    assert [row[0] for row in seats.table[1]] == ["seat 0", "seat 1"]
    assert seat_names("word-iron", {"deck0": "a.yaml", "deck1": "sample"}, 2) == [
        "seat 0 (deck0=a.yaml)", "seat 1 (deck1=sample)"]
