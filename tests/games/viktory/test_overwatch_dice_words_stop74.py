"""Audit (stop 74, a rules lawyer at the terminal): in a battle fought with dice (or dice with
the card window, hybrid) the defender's "hold Overwatch back" means not firing at all: one
battle has one launch, and no later wave. The question said "hold it back for a later wave"
and, once held back, the panel went on saying the artillery was able to fire. With the
Battle Cards a later wave may still come, so there both stay as they were."""

from __future__ import annotations

import random

import pytest

from warroom.games import get_game
from warroom.games.viktory.render import prompt
from warroom.games.viktory_battles.actions import HoldOverwatch

GAME = get_game("viktory")


def at_overwatch(mode: str):
    """A forest-town battle of `mode` at the defender's Overwatch decision."""
    config = GAME.config({"scenario": "forest-town", "mode": mode})
    for seed in range(60):
        state, rng = GAME.new_state(config, seed), random.Random(seed)
        while state.outcome() is None:
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            if any(isinstance(a, HoldOverwatch) for a in actions):
                return state, player
            state.apply(player, rng.choice(actions))
    raise AssertionError(f"no Overwatch decision in 60 {mode} battles")


@pytest.mark.parametrize("mode", ["dice", "hybrid"])
def test_with_dice_holding_overwatch_back_is_said_to_mean_not_firing(mode):
    state, defender = at_overwatch(mode)
    question = prompt(state.observation(defender), defender)
    assert "no later wave" in question and "does not fire" in question, question
    assert "artillery able to fire Overwatch: 1" in GAME.render(state.observation(defender),
                                                                 defender)
    state.apply(defender, HoldOverwatch())
    for seat in (0, 1):
        shown = GAME.render(state.observation(seat), seat)
        assert "Overwatch held back: with dice there is no later wave" in shown, shown
        assert "able to fire Overwatch" not in shown, shown


def test_with_the_battle_cards_a_held_overwatch_waits_for_a_later_wave():
    state, defender = at_overwatch("cards")
    assert "for a later wave" in prompt(state.observation(defender), defender)
    state.apply(defender, HoldOverwatch())
    shown = GAME.render(state.observation(defender), defender)
    assert "artillery able to fire Overwatch: 1" in shown, shown
    assert "held back" not in shown


def test_a_naval_battle_names_no_rule_option_that_acts_on_land():
    """Audit (stop 74): a naval battle's header read "water (artillery characteristics,
    overwatch)": options of artillery, which no naval battle has. A land battle names them."""
    naval = GAME.new_state(GAME.config({"scenario": "naval"}), 1)
    header = GAME.render(naval.observation(0), 0).split("You are")[0]
    assert "water" in header and "(" not in header, header
    land = GAME.new_state(GAME.config({"scenario": "forest-town"}), 1)
    header = GAME.render(land.observation(0), 0).split("You are")[0]
    assert "artillery characteristics, overwatch)" in header, header
