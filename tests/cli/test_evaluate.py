"""`warroom evaluate`: the round robin, its seatings, the table and the ratings."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from warroom.cli import main
from warroom.cli.evaluate import Job, lineup, round_robin_jobs, tabulate, winner_of
from warroom.sim.batch import BatchSpec

WARROOM = [str(Path(sys.executable).parent / "warroom")]


def evaluate_json(capsys, *args: str) -> dict:
    assert main(["evaluate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_evaluate_random_against_heuristic(capsys):
    out = evaluate_json(capsys, "kow", "--players", "random,heuristic", "--games", "30")
    (pairing,) = out["pairings"]
    assert (pairing["a"], pairing["b"], pairing["games"]) == ("random", "heuristic", 30)
    assert pairing["a_wins"] + pairing["b_wins"] + pairing["draws"] == 30
    assert pairing["a_score"] < 0.25  # heuristic beats random in about 95 % of games
    lo, hi = pairing["ci95"]
    assert lo <= pairing["a_score"] <= hi and hi - lo < 0.35
    ranked = [r["player"] for r in out["ratings"]]
    assert ranked == ["heuristic", "random"]
    assert out["ratings"][0]["ordinal"] > out["ratings"][1]["ordinal"]


def test_every_pair_meets_in_both_seat_orders_on_the_same_deals():
    jobs = round_robin_jobs("kow", {}, ["random", "heuristic", "mcts"], 2, games=6, seed=3)
    assert len(jobs) == 3 * 6
    for k in range(3):
        mine = [j for j in jobs if j.pairing == k]
        firsts = [j.first for j in mine]
        assert firsts.count("a") == firsts.count("b") == 3
        seatings = {j.spec.players for j in mine}
        assert len(seatings) == 2 and {s[::-1] for s in seatings} == seatings
        twins = {}
        for j in mine:  # the same index in both seat orders: the same game seed
            twins.setdefault(j.index, set()).add(j.first)
            assert j.spec.seed == mine[0].spec.seed
        assert all(v == {"a", "b"} for v in twins.values())


def test_lineup_alternates_around_a_larger_table():
    assert lineup("x", "y", 2) == ("x", "y")
    assert lineup("x", "y", 3) == ("x", "y", "x")
    assert lineup("y", "x", 4) == ("y", "x", "y", "x")


def job(first: str, players: tuple[str, ...]) -> Job:
    return Job(0, first, 0, BatchSpec("kow", {}, players, 0, rotate=False))


def test_winner_of_maps_seats_back_to_the_pairing():
    assert winner_of(job("a", ("p", "q")), {"winner_seats": [0]}) == "a"
    assert winner_of(job("b", ("q", "p")), {"winner_seats": [0]}) == "b"
    assert winner_of(job("b", ("q", "p")), {"winner_seats": [1]}) == "a"
    assert winner_of(job("a", ("p", "q")), {"winner_seats": []}) is None
    assert winner_of(job("a", ("p", "q", "p")), {"winner_seats": [0, 1]}) is None  # shared win


def test_draws_count_half_and_ratings_follow_results():
    games = [(job("a", ("p", "q")), {"winner_seats": [0], "length": 10}) for _ in range(6)]
    games += [(job("a", ("p", "q")), {"winner_seats": [], "length": 10}) for _ in range(2)]
    out = tabulate(["p", "q"], games)
    (pairing,) = out["pairings"]
    assert (pairing["a_wins"], pairing["b_wins"], pairing["draws"]) == (6, 0, 2)
    assert pairing["a_score"] == pytest.approx(7 / 8)
    assert [r["player"] for r in out["ratings"]] == ["p", "q"]


def test_same_seed_same_table_whatever_the_workers(capsys):
    args = ("kow", "--players", "random,heuristic,mcts:iters=3:rollout=random", "--games", "4",
            "--seed", "8")
    one = evaluate_json(capsys, *args, "--workers", "1")
    two = evaluate_json(capsys, *args, "--workers", "2")
    assert one == two
    assert len(one["pairings"]) == 3


def test_evaluate_a_game_for_three_players(capsys):
    out = evaluate_json(capsys, "battle", "--set", "players=3", "--players", "random,heuristic",
                        "--games", "2")
    assert out["pairings"][0]["games"] == 2


def test_evaluate_prints_a_table():
    proc = subprocess.run(WARROOM + ["evaluate", "kow", "--players", "random,heuristic",
                                     "--games", "2"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "95 % CI" in proc.stdout and "openskill" in proc.stdout


@pytest.mark.parametrize("players, words", [
    ("random", "at least two players"),
    ("random,genius", "unknown player 'genius'"),
    ("random,mcts:iters=lots", "iters must be an integer"),
])
def test_bad_players_are_one_line_errors(players, words, capsys):
    assert main(["evaluate", "kow", "--players", players, "--games", "2"]) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1 and words in lines[0], lines


def test_an_odd_number_of_games_per_pairing_is_refused(capsys):
    """--games 3 played seat orders a, b, a: the last game had no twin on its deal."""
    from warroom.cli import main

    assert main(["evaluate", "kow", "--players", "random,heuristic", "--games", "3"]) == 2
    assert "3 is odd: games per pairing come in pairs" in capsys.readouterr().err


def test_games_past_the_bound_are_one_line(capsys):
    """Such a number was accepted and played on for ever (every game's result in memory)."""
    assert main(["evaluate", "kow", "--players", "random,heuristic", "--games",
                 "99999999999999999998"]) == 2
    assert capsys.readouterr().err == (
        "warroom: error: Invalid value for '--games': 99999999999999999998 is not in the range "
        "2<=x<=1000000. (see 'warroom evaluate --help')\n")


def test_ratings_do_not_depend_on_the_order_players_are_listed_in():
    """A cycle (A beats B, B beats C, C beats A, 14 of 20 each): rated pairing by pairing,
    the listing order decided who came first."""
    beats = {("A", "B"), ("B", "C"), ("C", "A")}

    def results(players):
        games = []
        for n, (a, b) in enumerate(itertools.combinations(players, 2)):
            x, y = sorted((a, b))
            strong, weak = (x, y) if (x, y) in beats else (y, x)
            for k in range(20):  # the same games whatever the listing: by the names
                seat0 = x if k % 2 == 0 else y
                seats = (seat0, y if seat0 == x else x)
                winner = strong if k < 14 else weak
                spec = BatchSpec("kow", {}, seats, 0, rotate=False)
                games.append((Job(n, "a" if seat0 == a else "b", k // 2, spec),
                              {"winner_seats": [seats.index(winner)], "length": 10}))
        return tabulate(players, games)["ratings"]

    tables = [results(order) for order in (["A", "B", "C"], ["C", "B", "A"], ["B", "A", "C"])]
    by_player = [{r["player"]: r["mu"] for r in table} for table in tables]
    assert by_player[1] == pytest.approx(by_player[0])
    assert by_player[2] == pytest.approx(by_player[0])


def test_ctrl_c_says_an_evaluation_keeps_nothing_and_how_to_run_it_again(capsys, monkeypatch):
    """Audit (stop 42): Ctrl-C in `evaluate` printed a bare "interrupted", where tournament,
    simulate and play say what was kept and how to go on."""
    def two_games_then_ctrl_c(jobs, workers):
        yield from ((job, {}) for job in jobs[:2])
        raise KeyboardInterrupt

    monkeypatch.setattr("warroom.cli.evaluate.run_jobs", two_games_then_ctrl_c)
    monkeypatch.setattr("warroom.cli.evaluate.tabulate", lambda players, results: {})
    assert main(["evaluate", "kow", "--players", "random,heuristic", "--games", "4"]) == 130
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == (
        "interrupted after 2 of 4 games: an evaluation is not saved, so nothing is kept; run "
        "the same command to start it again (the same --seed plays the same games, unless a "
        "player searches by the clock: a bare mcts, or one with time=)\n")
