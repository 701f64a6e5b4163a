"""Card analytics: the statistics (Newcombe intervals, Holm), and what the analysis flags on
simulated card facts where the truth is known: nothing beyond the claimed 5 % when no card
matters, even when a seat, a player or the game's length would mislead a naive comparison;
the card that matters when one does."""

from __future__ import annotations

import random

import pytest

from warroom.engine import CardFacts
from warroom.sim.cards import collect
from warroom.sim.stats import Z95, holm, score_interval, score_p

CARDS = [f"card {k}" for k in range(15)]


def test_the_score_interval_is_the_values_its_test_does_not_reject():
    # estimate 0.1 whose variance, were the truth x, is 0.004 - 2 * 0.001 x + 0.01 x²
    a, b, c = 0.004, 0.001, 0.01
    low, high = score_interval(0.1, a, b, c)
    for x in (low, high):  # at each end the test's statistic is exactly 1.96
        assert (0.1 - x) ** 2 / (a - 2 * b * x + c * x * x) == pytest.approx(Z95 ** 2)
    assert low < 0.1 < high
    # with one variance whatever x (b = c = 0), it is the usual estimate ± 1.96 sd
    assert score_interval(0.1, a, 0, 0) == pytest.approx((0.1 - Z95 * a ** 0.5,
                                                           0.1 + Z95 * a ** 0.5))


def test_a_score_interval_that_cannot_be_bounded_is_every_difference():
    assert score_interval(0.3, 0.01, 0.0, 0.5) == (-1.0, 1.0)
    assert score_p(0.3, 0.01, 0.5) > 0.05  # and its test does not reject 0 either


@pytest.mark.parametrize("d, a, b, c", [(0.05, 0.0009, 0.0001, 0.004), (0.12, 0.003, -0.001, 0.02),
                                        (-0.2, 0.02, 0.003, 0.05), (0.0, 0.01, 0.0, 0.01)])
def test_the_p_value_agrees_with_the_interval(d, a, b, c):
    low, high = score_interval(d, a, b, c)
    p = score_p(d, a, c)
    assert (p < 0.05) == (low > 0 or high < 0)
    if p < 1:
        low, high = score_interval(d, a, b, c, confidence=1 - p)
        assert min(abs(low), abs(high)) == pytest.approx(0, abs=1e-6)  # it just reaches 0


def test_holm_adjusts_step_down_and_keeps_order():
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == [1.0, 1.0]  # never below a smaller p's adjusted value
    assert holm([]) == []


def fake_games(n: int, rng: random.Random, strong: str | None = None, seat_bias: float = 0.0,
               length_bias: float = 0.0) -> list[dict]:
    """Two-player games in which each seat draws a random number of cards from a shuffled deck
    of 15 and plays most of them. Who wins depends on the seat (seat 0 wins more), on the
    listed player (player 0 is stronger), on the number of cards drawn if `length_bias`, and
    on nothing else unless `strong` names a card that wins. `seat_bias` makes seat 0 draw
    card 0 far more often than seat 1 does."""
    games = []
    for i in range(n):
        seating = [i % 2, 1 - i % 2]
        facts = CardFacts(2)
        drawn = []
        for seat in (0, 1):
            k = rng.randrange(3, 10)
            hand = rng.sample(CARDS, k)
            if seat == 0 and rng.random() < seat_bias and CARDS[0] not in hand:
                hand.append(CARDS[0])
            drawn.append(hand)
            for card in hand:
                facts.add(seat, "drawn", card)
                if rng.random() < 0.6:
                    facts.add(seat, "played", card)
        p_seat0 = 0.5 + 0.15 + (0.1 if seating[0] == 0 else -0.1)
        p_seat0 += length_bias * (len(drawn[0]) - len(drawn[1]))
        if strong:
            p_seat0 += 0.3 * ((strong in drawn[0]) - (strong in drawn[1]))
        winner = 0 if rng.random() < min(0.95, max(0.05, p_seat0)) else 1
        games.append({"index": i, "seating": seating, "winner_seats": [winner],
                      "cards": facts.to_json()})
    return games


def test_fair_cards_are_flagged_at_most_at_the_claimed_rate():
    """The claim: when no card makes a difference, a report flags any card in at most 5 %
    of runs (Holm's correction over every test). 120 simulated runs of 300 games, 30 tests
    each; seats and players differ in strength. Seeded, so the count is fixed; the bound
    (12 of 120, where 6 are expected) fails a method whose real rate is much above 5 %."""
    rng = random.Random(2024)
    flagged_runs = 0
    pvalues, covered, intervals = [], 0, 0
    for _ in range(120):
        analysis = collect(fake_games(300, rng))
        flagged_runs += bool(analysis.flagged())
        for e in analysis.effects:
            if e.tested:
                pvalues.append(e.p)
                intervals += 1
                covered += e.ci[0] <= 0 <= e.ci[1]
    assert flagged_runs <= 12
    # each test on its own: about 5 % significant, and the 95 % intervals hold 0 about 95 %
    # of the time (not far more: a method that never flags would pass the line above)
    share = sum(p < 0.05 for p in pvalues) / len(pvalues)
    assert 0.035 <= share <= 0.065, share
    assert 0.935 <= covered / intervals <= 0.965


def short_games(n: int, rng: random.Random) -> list[dict]:
    """Two-player games like kow's: each seat plays 3 to 12 of the 15 cards, nothing else;
    seat 0 and player 0 win more, no card makes a difference. Over so many numbers of cards
    played, the strata of a 60-game run hold two or three player-games each."""
    games = []
    for i in range(n):
        seating = [i % 2, 1 - i % 2]
        facts = CardFacts(2)
        for seat in (0, 1):
            facts.add_all(seat, "played", rng.sample(CARDS, rng.randrange(3, 13)))
        p_seat0 = 0.65 + (0.1 if seating[0] == 0 else -0.1)
        games.append({"index": i, "seating": seating,
                      "winner_seats": [0 if rng.random() < p_seat0 else 1],
                      "cards": facts.to_json()})
    return games


def test_fair_cards_are_flagged_at_most_at_the_claimed_rate_in_runs_of_60_games():
    """Defect 3: in runs of 60 to 100 games the flags fired in 7-9 % of fair runs (the tests'
    far tail too heavy: the variance taken at the estimate shrinks when a card's estimate is
    far from 0 by chance). 600 simulated runs of 60 games, 15 tests each: at most 5 % of runs
    flag a card (the old test: 6.5 %), and each test alone is significant at 1 % no more
    than 1 % of the time (the old test: 1.4 %)."""
    rng = random.Random(7)
    flagged_runs, pvalues = 0, []
    for _ in range(600):
        analysis = collect(short_games(60, rng))
        flagged_runs += bool(analysis.flagged())
        pvalues += [e.p for e in analysis.effects if e.tested]
    assert flagged_runs <= 30
    assert sum(p < 0.01 for p in pvalues) / len(pvalues) <= 0.01
    assert 0.035 <= sum(p < 0.05 for p in pvalues) / len(pvalues) <= 0.065


def test_a_card_one_seat_draws_more_is_not_strong_because_that_seat_wins():
    rng = random.Random(7)
    games = fake_games(1500, rng, seat_bias=0.8)
    analysis = collect(games)
    wins = {True: [], False: []}
    for g in games:
        for s in (0, 1):
            wins[CARDS[0] in g["cards"][s]["drawn"]].append(s in g["winner_seats"])
    naive = sum(wins[True]) / len(wins[True]) - sum(wins[False]) / len(wins[False])
    effect = next(e for e in analysis.effects if e.card == CARDS[0] and e.measure == "drawn")
    assert naive > 0.08  # the seat that draws it more wins more: a naive rate would mislead
    assert not analysis.flagged() and effect.ci[0] < 0 < effect.ci[1]


def test_a_card_is_not_strong_because_players_who_draw_more_cards_win():
    analysis = collect(fake_games(1500, random.Random(8), length_bias=0.06))
    assert not analysis.flagged(), analysis.verdict()


def test_the_card_that_wins_is_flagged_and_ranked_first_in_plain_words():
    analysis = collect(fake_games(600, random.Random(9), strong=CARDS[3]))
    flagged = analysis.flagged()
    assert {e.card for e in flagged} == {CARDS[3]}
    top = analysis.ranked("drawn")[0]
    assert top.card == CARDS[3] and top.difference > 0.15 and top.ci[0] > 0
    assert f"{CARDS[3]} stands out as strong: a player who draws it wins" in analysis.verdict()
    assert top.with_n + top.without_n <= 1200


def test_played_that_always_follows_drawn_is_tested_once():
    facts_games = []
    rng = random.Random(3)
    for i in range(200):
        facts = CardFacts(2)
        for seat in (0, 1):
            for card in rng.sample(CARDS, 5):
                facts.add(seat, "drawn", card)
                facts.add(seat, "played", card)
        facts_games.append({"index": i, "seating": [0, 1], "winner_seats": [i % 2],
                            "cards": facts.to_json()})
    analysis = collect(facts_games)
    played = analysis.ranked("played")
    assert played and all(e.same_as_drawn and not e.tested for e in played)
    assert analysis.tests == len(analysis.ranked("drawn"))


def test_games_without_card_facts_give_no_analysis():
    analysis = collect([{"index": 0, "seating": [0, 1], "winner_seats": [0], "cards": None}])
    assert analysis.games == 0 and not analysis.effects
    assert analysis.verdict() == ("card outliers: no card facts in this run (no game drew or "
                                  "played a card, or the run is older than card facts)")


def test_one_game_says_truly_why_there_is_nothing_to_compare():
    """Defect 6: one kow game, seat 0 played card 1 and seat 1 did not, said 'nothing to
    compare in 1 games (no card was drawn or played by some players and not by others)'; the
    reason is that each group compared holds a single player-game."""
    one = {"index": 0, "seating": [0, 1], "winner_seats": [0],
           "cards": [{"played": {"1": 1, "2": 1}}, {"played": {"2": 1, "3": 1}}]}
    assert collect([one]).verdict() == (
        "card outliers: nothing to compare in 1 game (a card is compared among players of "
        "the same seat, listed player and number of cards, and each such group holds a single "
        "player-game)")
    alike = {**one, "cards": [{"played": {"2": 1}}, {"played": {"2": 1}}]}
    assert collect([alike, {**alike, "index": 1}]).verdict() == (
        "card outliers: nothing to compare in 2 games (no card was drawn or played by some "
        "players and not by others)")
    # two games, the card in one seat's hand in both: a comparison only across seats
    split = [{**one, "index": i, "cards": [{"played": {"1": 1}}, {"played": {"2": 1}}]}
             for i in range(2)]
    assert collect(split).verdict().endswith(
        "(no card was drawn or played by some players and not by others of the same seat, "
        "listed player and number of cards)")


def test_cards_never_drawn_are_listed_when_the_deck_is_known():
    """Defect 4: a card of the deck that no game drew (word-iron's Queen in 100 games) was
    missing from the report altogether."""
    games = fake_games(30, random.Random(5))
    deck = [*CARDS, "Queen", "King"]
    analysis = collect(games, deck=deck)
    assert analysis.unused() == ("drawn", ["King", "Queen"])
    assert analysis.unused_verdict().startswith("card outliers: never drawn in 30 games: King, "
                                                "Queen (2 of 17 cards in play; ")
    assert analysis.to_json()["never"] == {"fate": "drawn", "cards": ["King", "Queen"]}
    assert collect(games).unused_verdict() is None  # a deck the game does not name
    played_only = [{**g, "cards": [{"played": f["played"]} for f in g["cards"]]}
                   for g in games]  # kow: its cards are played, never drawn
    assert collect(played_only, deck=deck).unused()[0] == "played"


def test_too_few_games_to_test_any_card_says_so():
    """10 games said 'none of 10 cards stands out ... correction for 0 tests': nothing had
    been tested."""
    analysis = collect(fake_games(10, random.Random(4)))
    assert analysis.effects and analysis.tests == 0
    assert analysis.verdict().startswith("card outliers: too few games to test any card "
                                         "(10 games;")
