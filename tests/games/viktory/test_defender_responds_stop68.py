"""Rule 34 of the Battle Cards text: "Defender always gets to respond, ie play same # of cards
as attacker." A defender whose last unit fell to its own Counter keeps a town's or city's dice:
it answers the attacker's next card with them. In the open nobody is left to answer."""

from __future__ import annotations

import random

from viktory_helpers import GAME, act, battle, events, play

from warroom.games.viktory_battles.actions import Pass, PlayCard

TOWN = dict(settlement="town", defenders="1i", attackers=("1i",))


def emptied(**values):
    """The audit's battle: the attacker's RA2 makes 1 hit live; the defender's FL2P (no
    misses) costs it its last infantry, its 2 hits live; the attacker answers with FL22."""
    hands = values.pop("hands", (["RA2", "FL22"], ["FL2P", "FL21"]))
    state = battle(*hands, **{**TOWN, **values})
    play(state, "RA2")
    play(state, "FL2P")
    assert state.session.units(1) == 0 and state.to_move() == (0,)
    play(state, "FL22")
    return state


def test_rule_34_in_a_town_the_defender_answers_after_its_last_unit_fell():
    """Audit (stop 68): in a town, after the defender's Counter cost it its last infantry and
    the attacker answered with FL22, the battle ended at once ("attacker took the town"): the
    defender's FL21 was never offered. It is, and its hit (the town's die) takes the
    attacker's last infantry: the defender keeps the empty town."""
    state = emptied()
    assert state.result is None and state.to_move() == (1,)
    assert any(type(a) is PlayCard and a.card == "FL21" and a.use == "counter"
               for a in state.legal_actions(1))
    play(state, "FL21")  # its miss blocks FL22's live hit; the town's one die qualifies one
    assert state.session.pending == 1 and state.to_move() == (0,)
    assert state.legal_actions(0) == [Pass()]  # the attacker holds no card left
    act(state, Pass())
    assert state.result == ((1,), "defender kept the empty town")
    assert state.session.lost == [1, 1]


def test_rule_34_a_city_answers_with_its_two_dice():
    """Audit (stop 68): an emptied city answers too, its Counter's hits qualified by the
    city's two dice (as an empty city fires)."""
    state = emptied(settlement="city")
    play(state, "FL21")
    assert state.session.pending == 2
    act(state, Pass())
    assert state.result == ((1,), "defender kept the empty city")


def test_rule_34_the_round_goes_on_until_a_pass_and_a_surviving_attacker_takes_the_town():
    """Audit (stop 68): the answer does not end the round: the attacker may answer it again
    (a unit surviving), the emptied town again; a pass ends it, and an attacker left standing
    takes the town."""
    state = emptied(hands=(["RA2", "FL22", "FL21B"], ["FL2P", "FL21"]))
    play(state, "FL21")
    play(state, "FL21B")  # its miss blocks the town's hit; the infantry's die makes one live
    assert state.result is None and state.to_move() == (1,)
    act(state, Pass())  # nobody to take the hit
    assert state.result == ((0,), "attacker took the town")
    assert state.session.lost == [0, 1]
    assert [e["player"] for e in events(state, "play")] == [0, 1, 0, 1, 0]


def test_rule_34_the_heuristic_answers_when_its_answer_can_keep_the_town():
    """Audit (stop 68): the defender's answer from an emptied town was weighed as if the
    hits it faced would wipe it out (-3) and blocking them saved units: it passed, though
    FL21 takes the attacker's last infantry. Only the hits it lands count."""
    state = emptied()
    choice = GAME.heuristic(state, 1, random.Random(0))
    assert choice == PlayCard("FL21", "counter", state.cards["FL21"].short())


def test_rule_34_in_the_open_the_battle_still_ends_when_the_last_defender_falls():
    """In the open the attacker's answer finds nobody left: the attacker takes the hex, and
    the defender's FL21 stays in its hand."""
    state = emptied(settlement="none")
    assert state.result == ((0,), "attacker took the hex")
    assert "FL21" in state.hands[1]


def test_rule_34_example_the_defenders_cap_is_its_dice_before_the_cards_losses():
    """Audit (stop 68): the README said the defender's live hits count its units; they count
    its dice, before its Counter's casualties fall. The text's example (losing 1 of 2
    infantry, both hits of a 2-hit Counter live) holds where the place adds a die: 2 infantry
    alone roll 1 die. A defender losing its cavalry keeps the die it had before."""
    for settlement, live in (("town", 2), ("none", 1)):
        state = battle(["RA2"], ["FL2P"], settlement=settlement, defenders="2i",
                       attackers=("1i",))
        play(state, "RA2")
        play(state, "FL2P")  # one infantry falls
        assert state.session.defender == [1, 0, 0, 0] and state.session.pending == live
    state = battle(["RA2"], ["FL2P"], defenders="1i1c", attackers=("1i",))
    play(state, "RA2")
    play(state, "FL2P")
    assert state.decision == ("casualty", 1)
    act(state, state.legal_actions(1)[1])  # it gives up its cavalry: 1 die left
    assert state.session.defender == [1, 0, 0, 0] and state.session.pending == 2
