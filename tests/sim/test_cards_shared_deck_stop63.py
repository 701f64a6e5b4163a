"""Audit (stop 63): card analytics of a Viktory II run whose four players draw from one
shared deck, and what `simulate` says of a run beside them."""

from __future__ import annotations

import json
import random

from warroom.cli import main
from warroom.sim.cards import COMPARED, DRAWN, MIN_GROUP, collect


def _four_seat_games(n: int) -> list[dict]:
    """Four-seat games drawing from one deck: card "A12" happens to reach seats 0 to 2 only,
    "A13" every seat."""
    games = []
    for i in range(n):
        cards = [{DRAWN: {"A13": 1, **({"A12": 1} if seat < 3 and i % 2 else {})}}
                 for seat in range(4)]
        games.append({"cards": cards, "seating": [(i + s) % 4 for s in range(4)],
                      "winner_seats": [i % 4]})
    return games


def test_a_card_of_one_deck_for_all_is_a_share_of_every_player_game():
    """Audit (stop 63): the usage table gave `A12 Surprise Attack | 11 (18.3 %)`, 11 of 60
    player-games, beside `A13 13 (16.2 %)` of 80: seats 0 to 2 happened to draw A12, and it
    was counted as a card of their decks, though all four seats draw from one deck."""
    games = _four_seat_games(20)
    shared = collect(games, every_seat=True)
    assert shared.share("A12", DRAWN) == (30, 80)
    assert shared.share("A13", DRAWN) == (80, 80)
    assert shared.to_json()["usage"]["A12"][DRAWN]["of_player_games"] == 80
    # decks of the seats' own (Word & Iron's deck0): the seats that drew a card are its deck's
    assert collect(games).share("A12", DRAWN) == (30, 60)


def _decided_games(n: int) -> list[dict]:
    """Two-seat games that listed player 0 always wins; each player-game draws a number of
    filler cards so varied that few groups of (seat, player, number of cards) hold two, and
    card "X" in every other player-game."""
    rng = random.Random(3)
    games = []
    for i in range(n):
        seating = [i % 2, 1 - i % 2]
        cards = []
        for _ in range(2):
            drawn = {f"f{k}": 1 for k in rng.sample(range(80), rng.randint(1, 40))}
            if rng.random() < 0.5:
                drawn["X"] = 1
            cards.append({DRAWN: drawn})
        games.append({"cards": cards, "seating": seating,
                      "winner_seats": [seating.index(0)]})
    return games


def test_a_card_one_player_settles_is_not_said_to_need_more_games():
    """Audit (stop 63): the verdict said "too few games to test any card (20 games; a card
    is tested once at least 20 player-games have it and 20 do not): play more games" while
    A03 was drawn in 21 of 80 player-games; the truth was one player winning (nearly) every
    game, so every group compared was all wins or all losses."""
    analysis = collect(_decided_games(60))
    [x] = [e for e in analysis.effects if e.card == "X" and e.measure == DRAWN]
    holders, could = analysis.share("X", DRAWN)
    assert x.settled and min(x.with_n, x.without_n) < MIN_GROUP  # the groups compared: small
    assert min(holders, could - holders) >= MIN_GROUP  # the card: widely split
    assert analysis.tests == 0
    verdict = analysis.verdict()
    assert "too few games" not in verdict, verdict
    assert verdict.startswith("card outliers: no card can be told apart in 60 games: one "
                              "player decides every game of this matchup"), verdict


def _rows(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(("┃", "│"))]


def test_simulate_names_the_player_games_its_card_table_compares(tmp_path, capsys,
                                                                  monkeypatch):
    """Audit (stop 63): the card table's "with / without" showed 2 / 2 where the usage table
    said 11 of 80, and nothing said the 2 / 2 were the player-games compared."""
    monkeypatch.setenv("COLUMNS", "250")
    assert main(["simulate", "kow", "--games", "10", "--players", "heuristic,random",
                 "--cards", "--db", str(tmp_path / "k.sqlite")]) == 0
    out = capsys.readouterr().out
    assert COMPARED in " ".join(_rows(out)) and "player-games compared" in COMPARED
    assert "player-games compared: those of the groups" in " ".join(out.split())


def test_simulate_says_how_its_games_ended_at_a_turn_limit(tmp_path, capsys):
    """Audit (stop 63): every game of a random-against-random Viktory II run ended at the
    turn limit, and `simulate` showed only the draws and the mean length: only `report` said
    how the games ended. A run whose every game ended one ordinary way (kow's "first to 3
    Victories") is not told so: the line is for news."""
    db = str(tmp_path / "v.sqlite")
    run = ["simulate", "viktory-ii", "--games", "3", "--players", "random,random",
           "--set", "radius=2", "--set", "turn_limit=2", "--db", db]
    assert main(run) == 0
    lines = capsys.readouterr().out.splitlines()
    after = lines[[i for i, line in enumerate(lines) if line.startswith("draws: ")][0] + 1]
    assert after.startswith("outcome reasons: turn limit (2 rounds)"), after
    assert main([*run, "--resume", "--games", "4", "--json"]) == 0
    reasons = json.loads(capsys.readouterr().out)["reasons"]
    assert sum(reasons.values()) == 4 and all(r.startswith("turn limit") for r in reasons)
    # news only: a run whose every game ended one ordinary way does not repeat it
    assert main(["simulate", "kow", "--games", "4", "--players", "heuristic,random",
                 "--db", str(tmp_path / "k.sqlite")]) == 0
    assert "first to 3 Victories" not in capsys.readouterr().out


def test_the_games_say_whether_their_seats_draw_from_one_deck():
    """Audit (stop 63): the usage table's denominator was guessed from who drew a card, since
    nothing said that Viktory II's four players draw from one deck: each game says so now,
    and the report's analysis counts a card of one deck for all in every player-game."""
    from warroom.games import get_game
    from warroom.sim.analysis import analyse_games, one_deck_for_all
    from warroom.sim.store import RunInfo

    one = [get_game(name).one_deck_for_all(get_game(name).config(options))
           for name, options in [("viktory-ii", {"mode": "cards"}), ("viktory", {}),
                                 ("kow", {}), ("champions", {}), ("battle", {}),
                                 ("battle", {"deck_mode": "sealed"}), ("word-iron", {})]]
    assert one == [True, True, True, True, True, False, False]
    run = RunInfo(1, "viktory-ii", "13", {"players": 4, "mode": "cards"}, ["a", "b", "c", "d"],
                  0, True, 20, None, None, "2026-01-01")
    assert one_deck_for_all(run)
    games = [{**g, "index": i, "seed": i, "scores_by_seat": [0] * 4, "reason": "won",
              "length": 1, "first_player": 0, "metrics": {}}
             for i, g in enumerate(_four_seat_games(20))]
    analysis = analyse_games(run, games, every_seat=one_deck_for_all(run))
    assert analysis.cards.share("A12", DRAWN) == (30, 80)
