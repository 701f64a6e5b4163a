"""Dice with the cards' text (`mode=hybrid`): "This addition to the game can be played with
dice, so that only the special effect portion of the card is used". Battles use scripted dice
and the test deck of viktory_helpers, with hands set by hand."""

from __future__ import annotations

from viktory_helpers import GAME, act, events, hybrid_battle, labels, play

from warroom.games.viktory.actions import (
    Casualty,
    Discard,
    DrawIn,
    FightOn,
    Launch,
    PassWindow,
    PlayCard,
)

BASE = dict(terrain="plains", settlement="none", defenders="2i1c", attackers=("2i1c",))
QUIET = [6] * 40  # dice that never hit
FILL = ["CZ1", "CZ2", "CZ3", "CZ4", "CZ5", "CZ6"]


def battle(attacker, defender, rolls, deck=None, **values):
    return hybrid_battle(attacker, defender, rolls, FILL if deck is None else deck,
                         **{**BASE, **values})


def pass_windows(state):
    """Both sides play no card in the card window (each is asked: the other cannot tell
    whether it holds a Special Event)."""
    while state.decision and state.decision[0] == "window":
        act(state, PassWindow())


def rolls(state, cause="battle", player=None):
    return [e for e in events(state, "roll")
            if e["cause"] == cause and (player is None or e["player"] == player)]


def test_rule_hybrid_dice_fight_and_only_the_special_effect_portion_of_the_cards_is_used():
    state = battle(["RA3", "SEC", "MP"], ["FL11"], [2, 6, 6, 6] + QUIET, defenders="2i1a",
                   overwatch=True)
    # only a text that acts here is offered: Secrecy against the ready artillery (an Attack
    # card without text, or +1 MP inside a battle, would do nothing)
    assert labels(state) == ["play SEC SEC 1H/0M water [Secrecy] for its text",
                             "launch the attack"]
    play(state, "SEC", "text")  # no Overwatch; its hit means nothing
    pass_windows(state)
    assert [r["dice"] for r in rolls(state)] == [[2, 6], [6, 6]]
    assert state.decision == ("casualty", 1) and state.session.pending == 0  # one hit, from a 2
    assert events(state, "flip") == [] and state.discard == ["SEC"]
    assert events(state, "play")[0]["use"] == "text"


def test_ruling_hybrid_no_attack_card_is_needed_to_attack():
    state = GAME.new_state(GAME.config({"mode": "hybrid", **BASE, "attacker_hand": 0}), 0)
    assert state.hands[0] == []
    pass_windows(state)
    assert events(state, "no_attack_card") == [] and len(events(state, "round")) == 1


def test_rule_hybrid_secrecy_played_at_the_launch_stops_overwatch():
    secret = battle(["SEC"], [], QUIET, defenders="2i1a", overwatch=True)
    play(secret, "SEC", "text")
    assert events(secret, "secrecy") and rolls(secret, "overwatch") == []
    assert secret.session.overwatch_ready == 1
    open_ = battle(["SEC"], [], QUIET, defenders="2i1a", overwatch=True)
    act(open_, Launch())
    assert open_.decision == ("overwatch", 1)


def test_rule_hybrid_card_window_before_each_dice_round_events_last_the_round():
    state = battle(["MUD"], ["IGN"], QUIET, terrain="forest", defenders="1i1c")
    assert state.decision == ("window", 0)  # the attacker first
    assert labels(state) == ["play MUD MUD 1H/1M water [Mud] for its Special Event",
                             "pass (play no card now)"]
    play(state, "MUD", "event")
    assert state.decision == ("window", 1) and state.session.mud  # then the defender may answer
    act(state, PassWindow())  # the attacker has nothing left: two passes close the window
    assert [len(r["dice"]) for r in rolls(state)] == [1, 2]  # no die for either cavalry
    assert state.decision == ("continue", 0)
    assert state.session.events == []  # Mud ended with the round
    act(state, FightOn())
    assert state.decision == ("window", 1)  # the attacker, with no card, passed by itself
    act(state, PassWindow())
    assert [len(r["dice"]) for r in rolls(state)][2:] == [2, 3]


def test_rule_hybrid_window_lets_a_player_answer_an_event_and_closes_on_two_passes():
    state = battle(["ROF", "IGN"], ["MUD"], QUIET, defenders="1i1c")
    act(state, PassWindow())  # the attacker passes; the defender may still play
    play(state, "MUD", "event")
    assert state.decision == ("window", 0)
    assert "play ROF ROF 1H/0M water [Reversal of Fortune] for its text" in labels(state)
    play(state, "ROF", "text")  # cancels the defender's Mud
    assert state.session.events == [] and events(state, "cancelled")[0]["effects"] == ["mud"]
    assert state.decision == ("window", 0)  # the defender had nothing: it passed by itself
    act(state, PassWindow())  # a second pass in a row closes the window
    assert [len(r["dice"]) for r in rolls(state)] == [2, 2]


def test_ruling_hybrid_reversal_of_fortune_cannot_block_dice_hits():
    state = battle([], ["ROF"], [2, 2, 6, 6] + QUIET)
    assert labels(state) == ["pass (play no card now)"]  # no event in effect to cancel
    act(state, PassWindow())
    assert state.decision == ("casualty", 1)
    assert all(type(a) is Casualty for a in state.legal_actions(1))
    act(state, Casualty(False, 0, 0))
    act(state, Casualty(False, 0, 0))
    assert state.session.lost == [0, 2] and "ROF" in state.hands[1]


def test_rule_hybrid_no_replenishment_draws_and_no_card_flips():
    state = battle(["RA1"], ["FL11"], QUIET, attackers=("1i1a",), bombard="1a",
                   defenders="3i")
    hands = [len(h) for h in state.hands]
    pass_windows(state)
    assert [r["cause"] for r in events(state, "roll")] == ["bombard", "pre-battle fire",
                                                            "battle", "battle"]
    assert events(state, "flip") == []
    assert [e["why"] for e in events(state, "draw")] == ["hand", "hand"]  # the deal only
    assert [len(h) for h in state.hands] == hands


def test_rule_hybrid_taking_a_town_gains_a_card_and_the_turn_ends_with_discards_and_draw():
    state = battle(["RA1"], ["FL11", "FR11"], [2, 6, 6] + QUIET, settlement="town",
                   defenders="1i", attackers=("1i",))
    pass_windows(state)
    assert state.result == ((0,), "attacker took the town")
    assert [e["why"] for e in events(state, "draw")][-1] == "took the town"
    assert state.decision == ("lose_card", 1)
    act(state, Discard("FL11", "FL11 1H/1M water"))
    assert state.hands[1] == ["FR11"] and state.decision == ("draw", 0)


def test_rule_hybrid_reinforcements_in_the_card_window_draw_a_unit_into_the_battle():
    state = battle([], ["REIN"], QUIET, defenders="1i", defender_reserve="1c1a")
    assert state.decision == ("window", 1)
    play(state, "REIN", "event")
    assert labels(state) == ["draw a defending cavalry into the battle",
                             "draw a defending artillery into the battle"]
    act(state, DrawIn(False, 0, 2))
    assert state.session.defender == [1, 0, 1, 0] and state.session.defender_reserve == [0, 1, 0, 0]
    assert len(rolls(state, player=1)[0]["dice"]) == 2  # the artillery rolls in the round


def test_rule_hybrid_special_events_in_the_window_only_with_something_to_do():
    state = battle(["REIN", "ROF"], [], QUIET)
    assert not any(isinstance(a, PlayCard) and a.use == "event" for a in
                   state.legal_actions(0))
    assert state.decision == ("window", 0) and labels(state) == ["pass (play no card now)"]
    act(state, PassWindow())  # the defender, with no card at all, passes by itself
    assert len(events(state, "round")) == 1
