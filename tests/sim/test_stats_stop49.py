"""The statistician's audit of the balance reports (stop 49): the first player's interval
agrees with its test, small runs take the test's p from shuffles, and a game won by several
seats together is one game to the balance tests."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from warroom.sim.analysis import analyse_games, wins_per_team
from warroom.sim.report import render_markdown, run_document
from warroom.sim.stats import SIGNIFICANCE, equal_shares_p, first_mover_moments
from warroom.sim.store import RunInfo
from warroom.sim.summary import Tally

TWO = RunInfo(1, "battle", "1", {}, ["a", "b"], 0, True, 100, None, None, "now")
THREE = RunInfo(1, "viktory-ii", "1", {}, ["random", "random", "random"], 0, True, 20, None,
                None, "now")


def game(i: int, seating: list[int], winner_seats: list[int], first: int | None = 0) -> dict:
    return {"index": i, "seed": i, "seating": seating, "winner_seats": winner_seats,
            "scores": [0] * len(seating), "reason": "r", "length": 10, "first_player": first,
            "metrics": {}}


def audit_games() -> list[dict]:
    """The audit's run: a wins all 50 of its games as first mover and 42 of 50 moving later
    (seats rotate, seat 0 always moves first)."""
    games = []
    for i in range(100):
        seating, j = [i % 2, (i + 1) % 2], i // 2
        winner = 0 if (j < 50 if seating[0] == 0 else j < 42) else 1
        games.append(game(i, seating, [seating.index(winner)]))
    return games


def three_player_games(seed: int, n: int = 20) -> list[dict]:
    """n games of three rotating players, seat 0 moving first, random winners (ties too)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        r = rng.random()
        winners = [0] if r < 0.45 else [1] if r < 0.75 else [2] if r < 0.95 else [0, 2]
        out.append(game(i, [i % 3, (i + 1) % 3, (i + 2) % 3], winners))
    return out


def test_the_first_player_interval_agrees_with_its_test():
    """Audit (stop 49): the first-player verdict said "significant (p = 0.003)" beside a
    Wilson interval on the first mover's share (48.2-67.2 %) that held the expected 50 %:
    the interval ignored who moved first. Now it is the excess over the expected share with
    the test's own interval, which leaves out 0."""
    a = analyse_games(TWO, audit_games())
    verdict = a.first_verdict()
    assert verdict.startswith(
        "first player advantage: 58.0 % wins for the first player in 100 games, +8.0 points "
        "(+2.0 to +14.0) over the expected 50.0 % from who moved first and who won, "
        "significant (p = 0.005); ")  # 8 upsets: from shuffles (exactly, p = 0.0057)
    assert "48.2" not in verdict
    f = a.first
    assert f is not None and f.ci95 is not None and f.ci95[0] > 0
    assert f.excess == pytest.approx(0.08)
    data = a.to_json()["first_player"]
    assert data["excess"] == f.excess and data["excess_ci95"] == list(f.ci95)


@pytest.mark.parametrize("n", [12, 20, 60, 150])
def test_the_first_player_interval_leaves_out_0_exactly_when_significant(n):
    """Audit (stop 49): the verdict, the interval and p agree, by the normal approximation
    and by shuffles alike, in runs of every size."""
    rng = random.Random(n)
    checked = 0
    for _ in range(25):
        edge = rng.random() * 0.4
        games = []
        for i in range(n):
            seating = [i % 2, (i + 1) % 2] if rng.random() < 0.5 else [(i + 1) % 2, i % 2]
            first = rng.randrange(2)
            won = rng.random() < 0.5 + (edge if first == 0 else -edge) / 2
            games.append(game(i, seating, [first if won else 1 - first], first))
        f = analyse_games(TWO, games).first
        if f is None or f.p is None or f.ci95 is None:
            continue
        checked += 1
        low, high = f.ci95
        assert low <= f.excess <= high
        assert (f.p < SIGNIFICANCE) == (low > 0 or high < 0)
    assert checked >= 20


def test_the_report_figure_is_the_tests_figure():
    """Audit (stop 49): the report's figure drew the first mover's share with its Wilson
    interval against a dashed "expected" line, crossing it beside a significant verdict.
    Now it draws the excess over the expected share with the test's interval, and the note
    says what each figure measures."""
    doc = run_document(analyse_games(TWO, audit_games()))
    section = next(s for s in doc.sections if s.key == "first")
    plots = {p.key: p.svg for p in section.plots}
    assert "expected moving first" not in "".join(plots.values())
    assert "First player's wins over the expected 50.0 % (95 % CI)" in plots["first-player"]
    assert "leaves out 0 exactly when the test is significant" in section.note
    assert "mix moving first with the player's strength" in section.note


def brute_force_p(games: list[dict], shuffles: int = 20_000) -> float:
    """The first-player test's p-value by shuffling the winners in plain Python."""
    movers = [g["seating"][g["first_player"]] for g in games]
    winners = [{g["seating"][s] for s in g["winner_seats"]} for g in games]
    n, players = len(games), 3
    moments = first_mover_moments(
        n, [movers.count(i) for i in range(players)],
        [[sum(i in w and j in w for w in winners) for j in range(players)]
         for i in range(players)])
    seen = abs(sum(m in w for m, w in zip(movers, winners, strict=True)) - moments.mean)
    rng = random.Random(7)
    extreme = 0
    for _ in range(shuffles):
        rng.shuffle(winners)
        d = sum(m in w for m, w in zip(movers, winners, strict=True))
        extreme += abs(d - moments.mean) >= seen - 1e-9
    return extreme / shuffles


def test_a_small_runs_first_player_p_comes_from_shuffles():
    """Audit (stop 49): in 20 games of three players the normal approximation gave
    p = 0.048, significant, where shuffling the winners gives about 0.062. Below
    FIRST_SHUFFLE_BELOW games p now comes from seeded shuffles: the same each time."""
    games = three_player_games(42)
    f = analyse_games(THREE, games).first
    assert f is not None and f.p is not None
    assert f.p == pytest.approx(brute_force_p(games), abs=0.01)
    assert f.p > SIGNIFICANCE
    assert analyse_games(THREE, games).first.p == f.p  # seeded: reports are reproducible


def tied_games() -> list[dict]:
    """30 games of three rotating players: 12 won by seat 0, 6 by seat 1, 6 by seat 2 and 6
    shared by seats 0 and 2 (a tie at the top)."""
    winners = [[0]] * 12 + [[1]] * 6 + [[2]] * 6 + [[0, 2]] * 6
    return [game(i, [i % 3, (i + 1) % 3, (i + 2) % 3], w, None) for i, w in enumerate(winners)]


def test_a_shared_win_is_one_game_to_the_balance_tests():
    """Audit (stop 49): a game won by several seats counted as a full win for each, and the
    seat and player tests took the wins (36 in 30 games) for independent games. Now a
    k-way shared win counts 1/k for each in the tests, so their counts sum to the games."""
    a = analyse_games(THREE, tied_games())
    assert a.credits("seat") == pytest.approx([15, 6, 9])
    assert a.seat_p() == pytest.approx(equal_shares_p([15, 6, 9]))
    assert sum(a.credits("player")) == pytest.approx(30)
    assert a.player_p() == pytest.approx(equal_shares_p(a.credits("player")))
    assert sum(wins_per_team(a, "seat", set())) == pytest.approx(30)  # a sweep's tests too
    # the rates count a win for each, and say so
    assert [r.successes for r in a.seat_rates()] == [18, 6, 12]
    assert a.seat_verdict().endswith(
        "; 6 of 30 games won by several seats together (a tie): a win for each in the rates, "
        "which add up to 120.0 %, and 1/k of a game for each of the k in the test")
    assert "6 of 30 games won by several players together" in a.player_verdict()


def test_a_run_without_shared_wins_says_nothing_of_them():
    """Audit (stop 49): the words for shared wins appear only where a game was shared, and
    partners' wins (a team's) are not called shared."""
    a = analyse_games(THREE, tied_games()[:24])
    assert "together (a tie)" not in a.seat_verdict()
    assert a.credits("seat") == [12.0, 6.0, 6.0]


def test_simulate_summary_says_its_wins_add_up_to_more_than_the_games():
    """Audit (stop 49): `simulate` printed wins 12, 4, 7 in 20 games and "draws: 0" without a
    word: `shared_words` gives the line that says why the wins add up to more."""
    from warroom.sim.summary import shared_words  # here: what it tells is the defect

    tally = Tally(["random", "random", "random"])
    for w in [[0]] * 9 + [[1]] * 4 + [[2]] * 4 + [[0, 2]] * 3:
        tally.add({"winners": w, "length": 10, "reason": "won"})
    summary = tally.to_json()
    assert summary["wins"] == [12, 4, 7]
    assert shared_words(summary) == (
        "shared wins: 23 wins in 20 games won: a game won by several players together (a "
        "team's partners, or a tie) is a win for each of them, so the win rates add up to "
        "115.0 %")
    alone = Tally(["a", "b"])
    alone.add({"winners": [], "length": 3, "reason": "draw"})
    alone.add({"winners": [1], "length": 3, "reason": "won"})
    assert shared_words(alone.to_json()) is None


def test_the_markdown_report_renders_with_the_new_figures(tmp_path: Path):
    """Audit (stop 49): both first-player figures are written."""
    doc = run_document(analyse_games(TWO, audit_games()))
    render_markdown(doc, tmp_path, "figs")
    assert {"first-player.svg", "first-player-by-player.svg"} <= {p.name for p in
                                                                  tmp_path.iterdir()}


def test_a_first_player_always_in_one_seat_is_that_seat_as_a_whole():
    """Audit (stop 49): Viktory II's report called a 4-player map's seat 0 "the first player
    ... has the edge" where its place on the map was the cause (the same AI, the board turned
    180 degrees, gave seat 0 no win). Where the first mover sat in the same seat in every
    game, the verdict says the figure is of that seat as a whole; where the first seat
    varies (a toss), it says nothing of the kind."""
    a = analyse_games(TWO, audit_games())
    assert a.first is not None and a.first.seat == 0
    assert a.first_verdict().endswith(
        "(the first player always sat in seat 0: this is of that seat as a whole, its place "
        "or side as well as moving first)")
    assert a.to_json()["first_player"]["seat"] == 0
    tossed = [{**g, "first_player": g["index"] // 2 % 2} for g in audit_games()]
    b = analyse_games(TWO, tossed)
    assert b.first is not None and b.first.seat is None
    assert "always sat in seat" not in b.first_verdict()


def test_a_tunes_score_is_the_seats_share_of_each_game():
    """Audit (stop 49): a tune's `_score` figures counted a game won by several together as
    a whole win for each, and a draw as half whatever the number of players: now a seat's
    share is its reward (1/k of a win k shared, 1/n of a draw among n)."""
    from warroom.sim.tune import measure, parse_target

    games = [game(0, [0, 1, 2], [0, 2]), game(1, [0, 1, 2], []), game(2, [0, 1, 2], [0]),
             game(3, [0, 1, 2], [1])]
    score = measure(games, parse_target("seat0_score=0.5", 3))
    assert score.value == pytest.approx((1 / 2 + 1 / 3 + 1 + 0) / 4)
    win = measure(games, parse_target("seat0_win=0.5", 3))
    assert win.value == pytest.approx(2 / 4)
    two = [game(0, [0, 1], []), game(1, [0, 1], [0])]
    assert measure(two, parse_target("seat0_score=0.5", 2)).value == pytest.approx(0.75)


def test_simulate_prints_the_shared_wins_line(capsys):
    """Audit (stop 49): `simulate`'s table printed wins adding up to more than the games
    without a word; the line `shared_words` gives is printed under it."""
    from warroom.cli.simulate import _print_summary

    tally = Tally(["random", "random", "random"])
    for w in [[0]] * 9 + [[1]] * 4 + [[2]] * 4 + [[0, 2]] * 3:
        tally.add({"winners": w, "length": 10, "reason": "won"})
    _print_summary("Viktory II", 1, 1, tally.to_json(), Path("v.sqlite"))
    assert "shared wins: 23 wins in 20 games won" in capsys.readouterr().out
