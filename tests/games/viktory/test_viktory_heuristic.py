"""The heuristic's choices at the decisions added for reserves, Overwatch and hybrid mode, on
precise states."""

from __future__ import annotations

import random

from viktory_helpers import BASE, FILL, GAME, act, card_battle, dice_battle, hybrid_battle, play

from warroom.games.viktory.actions import (
    Bring,
    FireOverwatch,
    HoldOverwatch,
    Launch,
    Pass,
    PassWindow,
    PlayCard,
    StandGround,
)


def choice(state):
    player = state.to_move()[0]
    action = GAME.heuristic(state, player, random.Random(0))
    assert action in state.legal_actions(player)
    return action


def second_wave(attacker_units, reserves="0", **values):
    """A cards battle at the decision of its second wave: the attacker has `attacker_units`
    on one hex side against a city."""
    state = card_battle(["RA1", "RA2", "RA3"], [], FILL, **{
        **BASE, "settlement": "city", "defenders": "4i", "attackers": (attacker_units,),
        "attacker_reserves": (reserves,), **values})
    play(state, "RA1")
    act(state, Pass())
    assert state.decision == ("wave", 0) and state.session.wave == 2
    return state


def test_heuristic_stands_its_ground_when_renewing_the_attack_is_hopeless():
    assert choice(second_wave("1i")) == StandGround()  # 1 die against 4 in a city


def test_heuristic_brings_its_reserve_and_renews_when_the_attack_is_worth_it():
    state = second_wave("1i", reserves="3i2c1a")
    assert choice(state) == Bring(1, 0)
    while state.session.bring_options():
        act(state, choice(state))
    assert state.session.attacker[1] == [4, 2, 1, 0]
    action = choice(state)
    assert isinstance(action, PlayCard) and action.use == "attack"


def test_heuristic_brings_the_reserve_at_a_dice_launch(monkeypatch):
    state = dice_battle(monkeypatch, [6] * 40, **{**BASE, "attacker_reserves": ("1i1a",)})
    assert choice(state) == Bring(1, 0)
    act(state, Bring(1, 0))
    assert choice(state) == Bring(1, 2)


def test_heuristic_fires_overwatch_unless_a_later_wave_brings_more_targets():
    plain = card_battle(["RA1"], [], FILL, **{**BASE, "defenders": "2i1a", "overwatch": True})
    play(plain, "RA1")
    assert choice(plain) == FireOverwatch()
    # 2 artillery with Artillery Characteristics flip 4 cards (about 2 hits) against a lone
    # infantry, with three more waiting in reserve: hold it back.
    held = card_battle(["RA1"], [], FILL, **{**BASE, "defenders": "2i2a", "overwatch": True,
                       "artillery_characteristics": True, "attackers": ("1i",),
                       "attacker_reserves": ("3i",)})
    play(held, "RA1")
    assert choice(held) == HoldOverwatch()


def test_heuristic_plays_reinforcements_when_it_has_a_reserve():
    state = card_battle(["RA2"], ["REIN", "FL11"], FILL, **{**BASE, "defender_reserve": "1a"})
    play(state, "RA2")
    assert choice(state) == PlayCard("REIN", "event", state.cards["REIN"].short())


def test_heuristic_hybrid_plays_an_event_only_when_it_cuts_the_opponents_dice_more():
    helps = hybrid_battle(["MUD"], [], [6] * 40, **{**BASE, "attackers": ("2i",)})
    assert choice(helps) == PlayCard("MUD", "event", helps.cards["MUD"].short())
    hurts = hybrid_battle(["MUD"], [], [6] * 40, **{**BASE, "defenders": "2i"})
    assert choice(hurts) == PassWindow()


def test_heuristic_hybrid_cancels_the_opponents_event_when_it_costs_dice():
    state = hybrid_battle(["MUD"], ["ROF"], [6] * 40, **{**BASE, "attackers": ("2i",)})
    play(state, "MUD", "event")
    assert choice(state) == PlayCard("ROF", "text", state.cards["ROF"].short())


def test_heuristic_hybrid_plays_secrecy_against_artillery_able_to_fire_overwatch():
    state = hybrid_battle(["SEC", "RA1"], [], [6] * 40, **{**BASE, "defenders": "2i1a",
                          "overwatch": True})
    assert choice(state) == PlayCard("SEC", "text", state.cards["SEC"].short())
    quiet = hybrid_battle(["SEC", "RA1"], [], [6] * 40, **BASE)
    assert quiet.decision == ("window", 0)  # no Overwatch to stop: Secrecy is not offered


def test_heuristic_passes_when_it_holds_nothing_to_play():
    """Asked whatever its hand (the other side cannot tell), it passes when it has nothing:
    stands its ground without an Attack card, launches without Attack text, passes the card
    window without a Special Event."""
    no_attack = card_battle(["FL11", "SC11"], [], FILL, **BASE)
    assert choice(no_attack) == StandGround()
    no_text = hybrid_battle(["RA1", "FL11"], ["FR11"], [6] * 40,
                            **{**BASE, "defenders": "2i1a", "overwatch": True})
    assert choice(no_text) == Launch()
    no_text = hybrid_battle(["RA1", "FL11"], ["FR11"], [6] * 40, **BASE)
    assert no_text.decision == ("window", 0) and choice(no_text) == PassWindow()
    act(no_text, PassWindow())
    assert no_text.decision == ("window", 1) and choice(no_text) == PassWindow()


def test_heuristic_launches_the_first_wave_even_when_the_odds_are_poor():
    """Calling the attack off is offered from the first wave on; the heuristic only stands
    its ground when renewing an attack is hopeless."""
    state = card_battle(["RA1", "RA2"], [], FILL, **{**BASE, "settlement": "city",
                        "defenders": "4i", "attackers": ("1i",)})
    assert StandGround() in state.legal_actions(0)
    action = choice(state)
    assert isinstance(action, PlayCard) and action.use == "attack"
