"""Kings of War Battle Deck: hidden information, the heuristic, rendering."""

from __future__ import annotations

import random

from warroom.games.kow import GAME
from warroom.games.kow.actions import ChooseDice
from warroom.games.kow.heuristic import _best_subset, _sword_distribution
from warroom.sim.batch import BatchSpec, run_batch
from warroom.sim.summary import summarise


def test_determinize_resamples_an_unrevealed_choice_and_the_deck():
    s = GAME.new_state(GAME.config(), 3)
    s.apply(0, ChooseDice(1, 0, 0))
    picks, decks = set(), set()
    for k in range(30):
        d = s.determinize(1, random.Random(k))
        assert d.observation(1) == s.observation(1)
        picks.add(d.chosen[0])
        decks.add(tuple(d.deck))
        c = d.chosen[0]
        assert sum(d.pools[0]) + c.red + c.white + c.blue == 9  # same dice, other fist
    assert len(picks) > 1 and len(decks) > 1
    # player 0 knows its own choice: its determinisation keeps it
    assert s.determinize(0, random.Random(1)).chosen[0] == ChooseDice(1, 0, 0)


def test_heuristic_sword_distribution_and_knapsack():
    dist = _sword_distribution(GAME.Config().faces, (0, 0, 1))
    assert [round(p * 6) for p in dist] == [0, 2, 3, 1]
    assert abs(sum(_sword_distribution(GAME.Config().faces, (2, 1, 1))) - 1) < 1e-9
    assert _best_subset((1, 4, 6), 5) == 5 and _best_subset((3, 4), 2) == 0


def test_heuristic_beats_random_clearly():
    spec = BatchSpec("kow", {}, ("heuristic", "random"), seed=11)
    summary = summarise(["heuristic", "random"], run_batch(spec, range(120)))
    assert summary["win_rate"][0] > 0.8


def test_render_shows_cards_pools_choices_rolls_and_scores():
    s = GAME.new_state(GAME.config({"red_faces": "2"}), 0)
    s.table = ["2H", "3S", "6C"]
    s.apply(0, ChooseDice(1, 0, 0))
    text = GAME.render(s.observation(1), 1)
    assert "2♥" in text and "3♠" in text and "chosen (hidden)" in text and "pool R4 W3 B2" in text
    s.apply(1, ChooseDice(2, 0, 0))
    text = GAME.render(s.observation(1), 1)
    assert "Player 0 rolled: #1 red:2" in text  # one die against two: player 0 goes first
    lines = [GAME.describe_event(e) for e in s.observation(1)["log"]]
    assert any(line.startswith("Reveal") for line in lines)


def test_the_table_says_how_many_victories_win():
    """The view gave no `victories_to_win`, so the browser table drew 3 pips whatever the
    option said; the text now says the target too."""
    s = GAME.new_state(GAME.config({"victories_to_win": 5}), 0)
    assert s.observation(0)["victories_to_win"] == 5
    assert "Victories: 0 - 0 (5 to win)" in GAME.render(s.observation(None), None)


    line = GAME.describe_event({"event": "dice_back", "player": 0, "dice": [1, 0, 0]})
    assert line == "Player 0: 1 unused die back to the pool (1 red)"
    line = GAME.describe_event({"event": "dice_back", "player": 1, "dice": [1, 1, 0]})
    assert line == "Player 1: 2 unused dice back to the pool (1 red, 1 white)"
    assert GAME.describe_event({"event": "dice_back", "player": 1, "dice": [0, 0, 0]}) == ""

def test_card_facts_are_the_defeat_events_of_the_log():
    # A simulated game reads its card facts from the state's defeats, without its log; they
    # must be what the log's `defeat` events say, in the same order, seat by seat.
    from warroom.agents import HeuristicAgent, RandomAgent
    from warroom.engine import PLAYED, CardFacts, play_game
    from warroom.games.kow.render import card_text  # named as play writes them: 5♥, not 5H

    config = GAME.config({})
    for seed in range(300):
        kind = HeuristicAgent if seed % 3 == 0 else RandomAgent
        agents = [kind(GAME, seed * 2 + p) for p in (0, 1)]
        state = play_game(GAME, config, seed, agents, keep_record=False).state
        facts = GAME.card_events(state)
        from_log = CardFacts(2)
        for _, e in state.log:
            if e["event"] == "defeat":
                from_log.add(e["player"], PLAYED, card_text(e["card"]))
        assert facts.to_json() == from_log.to_json(), seed
        assert [list(s.get(PLAYED, {})) for s in facts.to_json()] == \
            [list(s.get(PLAYED, {})) for s in from_log.to_json()], seed
