"""Audit (stop 62): `warroom evaluate` gave its figures without simulate's caution on a
small sample, ranked two players its own head to head could not tell apart as if the order
were a verdict, and at 80 columns broke a long SPEC in the middle of its name."""

from __future__ import annotations

import json

from warroom.cli import main
from warroom.cli.evaluate import Job, show, tabulate
from warroom.sim.batch import BatchSpec

FEW_LINE = ("sample size: only 2 games per pairing, too few to judge: every figure here is "
            "rough (wide intervals, weak tests); play at least 30 games per pairing")


def test_two_games_a_pairing_say_they_are_too_few_in_text_and_json(capsys):
    """Audit (stop 62): `evaluate kow --players heuristic,heuristic --games 2` printed
    "2-0, 100.0 %" and ordinals 6.19 vs -3.12 with no caution, where simulate says "too few
    to judge"."""
    args = ["evaluate", "kow", "--players", "heuristic,heuristic", "--games", "2"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert FEW_LINE in lines
    assert main([*args, "--json"]) == 0
    (pairing,) = json.loads(capsys.readouterr().out)["pairings"]
    assert pairing["sample"] == FEW_LINE


def games(k: int, first: str, winner_seats: list[int], n: int) -> list:
    spec = BatchSpec("kow", {}, ("x", "y"), 0, rotate=False)
    return [(Job(k, first, i, spec), {"winner_seats": winner_seats, "length": 10})
            for i in range(n)]


def viktory_like() -> dict:
    """random, heuristic and mcts: heuristic and mcts 20-20, each beating random, mcts more
    often; 40 games a pairing, enough for no sample line."""
    results = (games(0, "a", [1], 40)  # random vs heuristic: heuristic every game
               + games(1, "a", [1], 40)  # random vs mcts: mcts every game
               + games(2, "a", [0], 20) + games(2, "a", [1], 20))  # heuristic vs mcts
    out = tabulate(["random", "heuristic", "mcts"], results)
    return {"games_per_pairing": 40, "seed": 0, **out}


def test_ratings_order_names_the_pair_its_head_to_head_does_not_tell_apart(capsys):
    """Audit (stop 62): heuristic and mcts at 20-20 (35.2-64.8 %) were ranked mcts first by
    the ratings table alone, only for beating random more often, with nothing saying the
    head to head had not told them apart."""
    out = viktory_like()
    assert [r["player"] for r in out["ratings"]][-1] == "random"
    assert [p["told_apart"] for p in out["pairings"]] == [True, True, False]
    show("Viktory", out)
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[-1] == ("ranked on all games, against every player; heuristic and mcts: "
                         "not told apart head to head (20-20, 35.2-64.8 %)")
    assert "too few to judge" not in text


def test_a_decided_round_robin_prints_no_caveat(capsys):
    """Audit (stop 62): the line is there only when a head to head leaves a pair untold."""
    results = games(0, "a", [1], 40) + games(1, "a", [1], 40) + games(2, "a", [1], 40)
    out = {"games_per_pairing": 40, "seed": 0,
           **tabulate(["random", "heuristic", "mcts"], results)}
    show("Viktory", out)
    assert "told apart" not in capsys.readouterr().out


def test_a_long_spec_is_not_broken_mid_name_at_80_columns(capsys, monkeypatch):
    """Audit (stop 62): at 80 columns (piped, COLUMNS unset) the table showed
    "mcts:iters=20" / "0:bias=0" on two lines, while the 95 % CI column could wrap instead."""
    monkeypatch.setenv("COLUMNS", "80")
    names = ["random", "heuristic", "mcts:iters=200:bias=0"]
    results = games(0, "a", [1], 2) + games(1, "a", [1], 2) + games(2, "a", [0], 2)
    show("Kings of War Battle Deck",
         {"games_per_pairing": 2, "seed": 0, **tabulate(names, results)})
    out = capsys.readouterr().out
    rows = [line.split("│")[1:3] for line in out.split("openskill")[0].splitlines()
            if line.startswith("│")]
    cells = {cell.strip() for row in rows for cell in row} - {""}
    assert cells == set(names)
    assert max(len(line) for line in out.splitlines() if line[:1] in "┏┃┡│└") <= 80
