"""Audit (stop 50): card analytics as a designer reads them. A card's fate shares are of
the player-games of its deck's seats, even once a ransom hands it to the other seat; Kings of
War names its cards as play does (`5♥`); the report's ranked tables put the untested cards
apart, after the tested ones; the never-drawn line counts the cards in play. Synthetic
card facts and a few kow games: seconds."""

from __future__ import annotations

import json
import random

from test_card_verdicts import _game, one_card_tested  # the games those tests build

from warroom.engine import DRAWN, PLAYED, CardFacts, play_game
from warroom.games.word_iron.analytics import RANSOMED, TAKEN
from warroom.sim.cards import FEW, CardAnalysis, collect
from warroom.sim.report import _card_tables

HARBOUR = "Fishing Harbour (deck1)"  # of seat 1's deck only
FARM = "Farm (deck0)"  # of seat 0's deck only


def ransomed_once(n: int = 200, seed: int = 1) -> tuple[list[dict], int]:
    """Each seat draws its own deck's card in about 55 % of its player-games; in one game seat
    1's Fishing Harbour is ransomed to seat 0, which then uses it. Returns the games and the
    player-games in which seat 1 drew the Harbour."""
    rng = random.Random(seed)
    games, drew = [], 0
    ransomed = False
    for i in range(n):
        facts = CardFacts(2)
        if rng.random() < 0.55:
            facts.add(0, DRAWN, FARM)
        if rng.random() < 0.55:
            facts.add(1, DRAWN, HARBOUR)
            facts.add(1, PLAYED, HARBOUR)
            drew += 1
            if not ransomed:  # as Word & Iron's `_move`: the giver's, then the receiver's
                facts.add(1, RANSOMED, HARBOUR)
                facts.add(0, TAKEN, HARBOUR)
                facts.add(0, PLAYED, HARBOUR)
                ransomed = True
        games.append(_game(i, facts, rng.randrange(2)))
    return games, drew


def test_a_card_taken_by_the_other_seat_keeps_its_decks_player_games():
    """Audit (stop 50): `Fishing Harbour (deck1) 111 (27.8 %)` in `warroom report`, though
    only seat 1 ever drew that deck1 card (true share ~55 %): one ransom put it into seat 0's
    facts as `taken`, and every share of it, drawn included, was then out of all 400
    player-games instead of seat 1's 200. Each of its fates is now a share of seat 1's
    player-games, `taken` too, and the JSON says the same."""
    games, drew = ransomed_once()
    analysis = collect(games)
    assert analysis.share(HARBOUR, DRAWN) == (drew, 200)
    assert analysis.share(HARBOUR, TAKEN) == (1, 200)
    assert analysis.share(HARBOUR, RANSOMED) == (1, 200)
    assert analysis.share(FARM, DRAWN)[1] == 200
    usage = next(s for s in _card_tables(analysis) if s.key == "cards-usage")
    assert usage.table is not None
    headers, rows = usage.table
    row = dict(zip(headers, next(r for r in rows if r[0] == HARBOUR), strict=True))
    assert row[DRAWN] == f"{drew} ({100 * drew / 200:.1f} %)", row
    assert row[TAKEN] == "1 (0.5 %)", row
    assert "taken" in usage.note and "deck" in usage.note, usage.note
    usage_json = json.loads(json.dumps(analysis.to_json()))["usage"][HARBOUR]
    assert {fate: u["of_player_games"] for fate, u in usage_json.items()} == dict.fromkeys(
        (DRAWN, PLAYED, RANSOMED, TAKEN), 200)


def test_kings_of_war_names_its_cards_as_play_does():
    """Audit (stop 50): kow's card analytics named cards by the log's code (`5H`, `AS`)
    while play and the README write `5♥`, `A♠`: the facts use the game's own naming."""
    from warroom.agents import RandomAgent
    from warroom.games.kow import GAME
    from warroom.games.kow.render import card_text

    config = GAME.config({})
    state = play_game(GAME, config, 3, [RandomAgent(GAME, p) for p in (0, 1)],
                      keep_record=False).state
    names = {card for seat in GAME.card_events(state).to_json()
             for card in seat.get(PLAYED, {})}
    assert names, "a game of kow defeats cards"
    assert names == {card_text(card) for _, card in state.defeats}
    assert all(name[-1] in "♥♦♣♠" for name in names), names


def test_the_reports_ranked_tables_put_untested_cards_after_the_tested_ones():
    """Audit (stop 50): the md/html tables ranked untested cards among the tested ones (The
    King (deck0), at 13 of 52 player-games, ranked 2nd), while the terminal table and the
    plot rank them apart, after the tested cards."""
    analysis = collect(one_card_tested())
    ranked = analysis.ranked(DRAWN)
    # the case: an untested card's estimate ranks above the tested card
    assert not ranked[0].tested and any(e.tested for e in ranked)
    table = next(s for s in _card_tables(analysis) if s.key == "cards-drawn")
    assert table.table is not None
    untested = ["not tested" in row[-1] for row in table.table[1]]
    assert untested == sorted(untested), untested  # every tested row first
    assert "ranked apart" in table.note, table.note


def test_the_never_drawn_line_counts_the_cards_in_play_of_one_deck_or_two():
    """Audit (stop 50): 'N of the deck's 84 cards' when the cards were of two decks: the line
    counts the cards in play, however many decks they are of."""
    deck = [f"c{k} (deck{d})" for d in (0, 1) for k in range(42)]
    two = CardAnalysis(games=FEW, usage={"c0 (deck0)": {DRAWN: [1, 1]}}, deck=deck)
    line = two.unused_verdict()
    assert line is not None and "of 84 cards in play" in line and "deck's" not in line, line
    one = CardAnalysis(games=FEW, usage={"c0": {DRAWN: [1, 1]}}, deck=["c0", "c1"])
    line = one.unused_verdict()
    assert line is not None and "of 2 cards in play" in line, line
