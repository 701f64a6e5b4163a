"""The position estimates games offer to search (Game.evaluate): each moves the right way
when one side's material changes, and the shared helpers behave."""

from __future__ import annotations

import math
import random

import pytest

from warroom.engine.estimate import share_chances, win_chance
from warroom.games import get_game
from warroom.games.word_iron.actions import UseResource
from warroom.games.word_iron.heuristic import exposure


def test_win_chance_is_even_without_a_lead_symmetric_and_never_overflows():
    assert win_chance((1.0, 2.0), (0.0, 0.0)) == 0.5
    assert win_chance((1.0,), (0.7,)) + win_chance((1.0,), (-0.7,)) == pytest.approx(1.0)
    assert win_chance((1.0,), (0.7,)) > 0.5 > win_chance((1.0,), (-0.7,))
    assert 0.0 < win_chance((1.0,), (-1e6,)) < 1e-12 and win_chance((1.0,), (1e6,)) < 1.0


def test_share_chances_is_a_softmax_and_a_player_out_gets_nothing():
    assert share_chances([0.0, -math.inf, 0.0]) == [0.5, 0.0, 0.5]
    chances = share_chances([2.0, 1.0, 0.0])
    assert sum(chances) == pytest.approx(1.0) and chances[0] > chances[1] > chances[2]


def advanced(name, decisions, seed=2, **options):
    """A heuristic game `decisions` decisions in (past the set-up)."""
    game = get_game(name)
    state = game.new_state(game.config(options), seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        player = state.to_move()[0]
        state.apply(player, game.heuristic(state.determinize(player, rng), player, rng))
    return game, state


def test_kow_estimate_counts_victories_with_later_rounds_even():
    game = get_game("kow")
    state = game.new_state(game.Config(), 1)
    assert game.evaluate(state) == [0.5, 0.5]  # nothing won, the same dice: even
    state.victories = [2, 0]  # one more round wins; seat 1 needs all three
    assert game.evaluate(state)[0] == pytest.approx(1 - 0.5 ** 3)


def test_kow_estimate_rises_with_the_cards_won_this_round():
    game = get_game("kow")
    state = game.new_state(game.Config(), 1)
    state.won[0].append("6H")
    assert game.evaluate(state)[0] > 0.5


def test_champions_estimate_falls_when_a_side_loses_a_battalion():
    game, state = advanced("champions", 60)
    before = game.evaluate(state)[0]
    strongest = max(state.tables[1].values(), key=lambda cards: sum(int(c[:-1]) for c in cards))
    assert strongest
    strongest.clear()
    assert game.evaluate(state)[0] > before
    assert sum(game.evaluate(state)) == pytest.approx(1.0)


def test_battle_estimate_falls_with_hits_on_the_castle_and_is_zero_for_a_player_out():
    game, state = advanced("battle", 30, players=3)
    before = game.evaluate(state)
    state.hits[1] += 3
    after = game.evaluate(state)
    assert after[1] < before[1] and after[0] > before[0] and after[2] > before[2]
    state.out[2] = True
    assert game.evaluate(state)[2] == 0.0 and sum(game.evaluate(state)) == pytest.approx(1.0)


def test_battle_estimate_gives_team_mates_their_teams_chance():
    game, state = advanced("battle", 30, players=4, teams="alliance")
    chances = game.evaluate(state)
    for unit in state.units:
        assert len({round(chances[p], 12) for p in unit}) == 1


def settled_word_iron(decisions):
    """A heuristic word-iron game at the first settled point after `decisions` decisions."""
    game, state = advanced("word-iron", decisions)
    rng = random.Random(0)
    while game.evaluate(state) is None:
        player = state.to_move()[0]
        state.apply(player, game.heuristic(state.determinize(player, rng), player, rng))
    return game, state


def test_word_iron_estimate_falls_when_a_side_loses_soldiers():
    game, state = settled_word_iron(40)
    before = game.evaluate(state)[0]
    state.field[1] = [max(0, n - 2) for n in state.field[1]]
    assert game.evaluate(state)[0] > before


def test_word_iron_estimate_scores_only_a_rounds_settled_point():
    """Cards resolved, nobody recruited yet: the first attacker's resource phase begins."""
    game, state = settled_word_iron(10)
    first = state.order[0]
    assert state.pending[:2] == ("resource", first) and not state.phase_used
    use = next(a for a in state.legal_actions(first) if isinstance(a, UseResource))
    state.apply(first, use)
    assert game.evaluate(state) is None  # mid-phase: a search rolls on to the next round


def test_word_iron_exposure_counts_the_soldiers_an_average_enemy_strategy_takes():
    game = get_game("word-iron")
    state = game.new_state(game.Config(), 0)
    deck, ranks, full = state.decks[1], state.ranks[0], tuple(state.allotted)
    # The sample strategies against a full field take 3, 3, 2, 3, 1, 2, 4 and 1 soldiers.
    assert exposure(full, ranks, deck) == pytest.approx(19 / 8)
    # Without the high units a loss in ranks of power takes more, cheaper soldiers.
    no_cavalry = full[:5] + (0, 0, 0)
    assert exposure(no_cavalry, ranks, deck) > exposure(full, ranks, deck)
