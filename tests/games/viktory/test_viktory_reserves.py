"""Units held back: bringing reserve units at a launch ("may bring additional units"), units
"drawn into battle" by the Reinforcements event with the text's timing for artillery, holding
Overwatch back, and the attacker's right to a Special Event when a card would keep it alive."""

from __future__ import annotations

import pytest
from viktory_helpers import (
    BASE,
    FILL,
    GAME,
    act,
    battle,
    dice_battle,
    events,
    flips,
    follow,
    labels,
    play,
)

from warroom.games.viktory.actions import (
    Bring,
    Casualty,
    DrawIn,
    FireOverwatch,
    HoldOverwatch,
    Launch,
    Pass,
    PlayCard,
)

QUIET = [6] * 40


def rolls(state, cause="battle", player=None):
    return [e for e in events(state, "roll")
            if e["cause"] == cause and (player is None or e["player"] == player)]


def uses(state, card):
    return {a.use for a in state.legal_actions(state.to_move()[0])
            if isinstance(a, PlayCard) and a.card == card}


# --- bringing units at a launch ------------------------------------------------------------------
def test_rule_a_second_wave_may_bring_additional_units():
    state = battle(["RA1", "RA2"], [], defenders="5i", attacker_reserves=("1i1a",))
    assert labels(state)[:2] == ["bring an infantry from hex side 1",
                                 "bring an artillery from hex side 1"]
    play(state, "RA1")  # the first wave goes without them
    assert state.session.attacker[1] == [2, 1, 0, 0]
    act(state, Pass())
    act(state, Bring(1, 0))  # the second wave's decision, before its Attack card
    assert state.session.attacker[1] == [3, 1, 0, 0] and state.session.reserve[1] == [0, 0, 1, 0]
    assert state.decision == ("wave", 0)
    act(state, Bring(1, 2))
    assert state.session.attacker_dice() == 3  # the artillery adds its die
    play(state, "RA2")
    assert len(flips(state, "pre-battle fire")) == 1  # the artillery launching fires


def test_rule_a_hex_side_of_reserve_units_only_joins_the_battle_when_they_are_brought(monkeypatch):
    state = dice_battle(monkeypatch, QUIET, scenario="reserves")
    assert state.decision == ("launch", 0)
    assert labels(state) == ["bring an infantry from hex side 1",
                             "bring an artillery from hex side 1",
                             "bring a cavalry from hex side 3", "launch the attack"]
    assert state.session.attacker_dice() == 3  # infantry, cavalry, and one more hex side
    act(state, Bring(3, 1))
    assert state.session.attacker_dice() == 4  # the third hex side now counts
    act(state, Bring(1, 2))
    act(state, Launch())
    assert len(rolls(state, "pre-battle fire")[0]["dice"]) == 1  # the brought artillery
    assert len(rolls(state, player=0)[0]["dice"]) == 5


def test_rule_a_dice_battle_without_reserves_asks_no_launch_decision(monkeypatch):
    state = dice_battle(monkeypatch, QUIET, **BASE)
    assert events(state, "round") and state.decision == ("continue", 0)


def test_rule_overwatch_fires_after_all_units_are_declared_and_brought(monkeypatch):
    state = dice_battle(monkeypatch, [1] + QUIET, **{**BASE, "defenders": "1i1a",
                        "attackers": ("1i",), "attacker_reserves": ("1c",),
                        "overwatch": True})
    act(state, Bring(1, 1))  # the last reserve unit: nothing is left to decide, it launches
    assert state.decision == ("overwatch", 1)
    act(state, FireOverwatch())
    assert Casualty(True, 1, 1) in state.legal_actions(1)  # the brought cavalry is in reach


# --- drawn into battle ---------------------------------------------------------------------------
def test_rule_reinforcements_either_side_draws_a_unit_into_the_card_battle_round():
    state = battle(["RA1", "REIN"], ["REIN2", "FL01"], defenders="3i",
                   attacker_reserves=("1i1c",), defender_reserve="1i")
    assert uses(state, "REIN") == set()  # at a launch the reserve is brought without a card
    play(state, "RA1")
    play(state, "REIN2", "event")  # one unit to draw: it comes at once; the turn is kept
    assert state.session.defender == [4, 0, 0, 0] and state.decision == ("play", 1)
    play(state, "FL01")
    play(state, "REIN", "event")
    assert labels(state) == ["draw an infantry from hex side 1 into the battle",
                             "draw a cavalry from hex side 1 into the battle"]
    act(state, DrawIn(True, 1, 1))
    assert state.session.attacker[1] == [2, 2, 0, 0] and state.decision == ("play", 0)
    assert [e["player"] for e in events(state, "drawn_in")] == [1, 0]


def test_rule_reinforcements_needs_a_reserve_to_draw_from():
    state = battle(["RA1"], ["REIN2"], defenders="3i")
    play(state, "RA1")
    assert uses(state, "REIN2") == {"counter"}


@pytest.mark.parametrize("each_wave, fired", [(True, 2), (False, 1)])
def test_rule_artillery_drawn_into_battle_makes_no_pre_battle_attack_until_the_next_wave(
        each_wave, fired):
    state = battle(["RA1", "RA2", "REIN"], ["FL01"], defenders="5i", attackers=("1i1a",),
                   attacker_reserves=("1a",), prebattle_fire_each_wave=each_wave)
    play(state, "RA1")
    assert len(flips(state, "pre-battle fire")[0]["cards"]) == 1
    play(state, "FL01")  # blocks the hit; the attacker may now play
    play(state, "REIN", "event")
    assert state.session.attacker[1] == [1, 0, 2, 0]
    assert len(flips(state, "pre-battle fire")) == 1  # not along the way
    act(state, Pass())
    play(state, "RA2")  # launching the 2nd wave: the drawn-in artillery fires
    assert len(flips(state, "pre-battle fire")[-1]["cards"]) == fired


def test_rule_defending_artillery_drawn_into_battle_no_overwatch_now_but_against_a_second_wave():
    state = battle(["RA1", "RA2"], ["REIN"], defenders="3i", defender_reserve="1a",
                   overwatch=True)
    play(state, "RA1")  # no defending artillery yet: no Overwatch
    play(state, "REIN", "event")
    assert state.session.defender == [3, 0, 1, 0] and state.session.overwatch_ready == 1
    assert flips(state, "overwatch") == [] and state.decision == ("play", 1)
    act(state, Pass())
    act(state, Casualty(False, 0, 0))
    play(state, "RA2")
    assert state.decision == ("overwatch", 1)
    act(state, FireOverwatch())
    assert len(flips(state, "overwatch")) == 1 and state.session.overwatch_ready == 0


def test_ruling_casualties_among_defending_artillery_take_the_ones_that_already_fired_first():
    state = battle(["RA2"], ["REIN"], defenders="2i1a", defender_reserve="1a", overwatch=True)
    play(state, "RA2")
    act(state, FireOverwatch())
    assert state.session.overwatch_ready == 0
    play(state, "REIN", "event")
    assert state.session.overwatch_ready == 1
    act(state, Pass())  # two live hits: the defender gives up both artillery
    act(state, Casualty(False, 0, 2))
    # the one that fired fell
    assert state.session.defender[2] == 1 and state.session.overwatch_ready == 1
    act(state, Casualty(False, 0, 2))
    assert state.session.overwatch_ready == 0


# --- the Special Event right of an attacker facing destruction -----------------------------------
@pytest.mark.parametrize("shield, allowed", [("FL22", True), ("ROF", True), ("FL01", False)])
def test_rule_attacker_facing_destruction_may_play_a_special_event_with_enough_shields(
        shield, allowed):
    state = battle(["RA1", "MUD", shield], ["FL21"], attackers=("1i",), terrain="forest",
                   defenders="2i")
    play(state, "RA1")
    play(state, "FL21")  # two live hits against the lone infantry
    assert ("event" in uses(state, "MUD")) == allowed
    if allowed:
        play(state, "MUD", "event")
        play(state, shield)  # then it blocks the hits and responds
        assert state.session.units(0) == 1


def test_bad_reserve_options_are_one_line_errors():
    from warroom.engine import ConfigError

    for values, where in [
        ({"attacker_reserves": "1i,1i,1i"}, "one entry per hex side (2), got 3"),
        ({"attacker_reserves": "1f,0"}, "land units only"),
        ({"defender_reserve": "2x"}, "option 'defender_reserve'"),
        ({"attackers": "3i", "scenario": "reserves"}, "give 'attacker_reserves' too"),
    ]:
        with pytest.raises(ConfigError) as info:
            GAME.config(values)
        assert where in str(info.value) and "\n" not in str(info.value)
    ok = GAME.config({"attackers": "3i,0", "attacker_reserves": "0,1c"}).battle
    assert ok.sides == ((3, 0, 0, 0), (0, 0, 0, 0)) and ok.reserves[1] == (0, 1, 0, 0)
    assert GAME.config({"attacker_reserves": "0"}).battle.reserves == ((0, 0, 0, 0),) * 2
    # the option's error, not the (valid) shipped file's (stop 53)
    with pytest.raises(ConfigError, match=r"^option 'attacker_reserves' \(0\) does not fit "
                                          r"scenario 'reserves' \(field attacker.sides.2\): "
                                          "a hex side with no units"):
        GAME.config({"scenario": "reserves", "attacker_reserves": "0"})



def test_a_battle_the_options_make_is_refused_naming_the_option():
    """With no scenario file the battle comes from the options, yet a bad one was refused as a
    scenario file's field ('scenario field attacker.sides.1: a hex side with no units'), and
    did not say that a side's reserves would do."""
    from warroom.engine import ConfigError

    for values, said in [
        ({"attackers": "2i1c,0"}, "option 'attackers' (attacker.sides.1 of the battle the "
                                  "options make): a hex side with no units, committed or in "
                                  "reserve"),
        ({"terrain": "water"}, "option 'terrain' (terrain of the battle the options make): a "
                               "naval battle (water) has frigates only"),
    ]:
        with pytest.raises(ConfigError) as info:
            GAME.config(values)
        assert str(info.value).endswith(said)
    assert GAME.config({"attackers": "2i1c,0", "attacker_reserves": "0,1i"}).battle.sides[1] \
        == (0, 0, 0, 0)


# --- which artillery has fired (prebattle_fire_each_wave=false) -----------------------------------
def test_ruling_artillery_drawn_in_that_survives_an_artillery_casualty_fires_at_the_next_launch():
    state = battle(["RA1", "RA2", "REIN"], ["FL11"], defenders="5i", attackers=("1i1a",),
                   attacker_reserves=("1a",), prebattle_fire_each_wave=False)
    play(state, "RA1")  # the side's artillery fires as the first wave launches
    assert len(flips(state, "pre-battle fire")[0]["cards"]) == 1
    play(state, "FL11")  # blocks the hit; one hit live against the attacker
    play(state, "REIN", "event")  # an artillery that has not fired joins the hex side
    assert state.session.attacker[1] == [1, 0, 2, 0]
    act(state, Pass())
    act(state, Casualty(True, 1, 2))  # an artillery falls: the one that fired
    play(state, "RA2")
    assert len(flips(state, "pre-battle fire")) == 2  # the survivor has not fired: it fires
    assert len(flips(state, "pre-battle fire")[-1]["cards"]) == 1


def test_ruling_overwatch_killing_an_artillery_takes_one_that_already_fired():
    state = battle(["RA1", "RA2"], [], deck=FILL + ["AZ1", "CZ7", "CZ8", "CZ9"],
                   defenders="5i1a", attackers=("1i1a",), attacker_reserves=("2a",),
                   overwatch=True, prebattle_fire_each_wave=False)
    play(state, "RA1")
    act(state, HoldOverwatch())
    assert len(flips(state, "pre-battle fire")[0]["cards"]) == 1  # the first artillery fired
    act(state, Pass())
    act(state, Casualty(False, 0, 0))
    act(state, Bring(1, 2))
    act(state, Bring(1, 2))  # two artillery that have not fired join the one that has
    play(state, "RA2")
    act(state, FireOverwatch())  # one hit, selective: the defender takes an artillery
    act(state, Casualty(True, 1, 2))
    assert state.session.attacker[1] == [1, 0, 2, 0]
    assert len(flips(state, "pre-battle fire")[-1]["cards"]) == 2  # both survivors fire


# The two battles of the report that found it, move by move (their moves were drawn with
# random.Random(seed * 7919 + 13).choice from the legal actions).
DRAWN_IN_SURVIVOR = [
    "play A06 Regular Attack 2H/0M plains as an Attack", "fire Overwatch now",
    "casualty: defending infantry",
    "play C30 Reversal of Fortune 1H/0M water [Reversal of Fortune] as a Counter",
    "play C18 Reinforcements 1H/1M forest [Reinforcements] for its Special Event",
    "draw an artillery from hex side 1 into the battle",
    "play C24 Surprise Counter 1H/1M mountain as a Counter",
    "play C27 Surprise Counter 1H/0M grassland as a Counter", "casualty: defending cavalry",
    "pass (end the card battle round)", "casualty: attacking artillery (hex side 1)",
    "bring an infantry from hex side 2", "play X01 Skirmish 1H/1M plains as an Attack"]
OVERWATCH_SURVIVORS = [
    "play X03 Skirmish 1H/1M forest as an Attack", "hold Overwatch back",
    "casualty: defending infantry", "casualty: defending artillery",
    "play X05 Skirmish 2H/1M water as a Counter",
    "play X08 Mud 1H/1M forest [Mud] for its Special Event", "pass (end the card battle round)",
    "casualty: attacking infantry (hex side 2)", "casualty: attacking cavalry (hex side 1)",
    "bring an artillery from hex side 2", "bring an artillery from hex side 2",
    "bring an artillery from hex side 1",
    "play A20 Forced March 2H/0M water [+1 MP] as an Attack", "fire Overwatch now",
    "casualty: attacking artillery (hex side 2)"]


def test_ruling_artillery_that_fired_falls_first_in_the_reported_battles():
    state = GAME.new_state(GAME.config({
        "mode": "cards", "scenario": "mountain-city", "prebattle_fire_each_wave": False,
        "attacker_reserves": ["1a", "1a1i"], "defender_reserve": "2a"}), 55)
    follow(state, DRAWN_IN_SURVIVOR[:-1])
    # the artillery drawn in survived; the one that fired fell
    assert state.session.attacker[1][2] == 1
    before = len(flips(state, "pre-battle fire"))
    follow(state, DRAWN_IN_SURVIVOR[-1:])  # the 2nd wave launches: the survivor fires, 2 dice
    assert [len(f["cards"]) for f in flips(state, "pre-battle fire")[before:]] == [2]
    state = GAME.new_state(GAME.config({
        "mode": "cards", "scenario": "plains-town", "prebattle_fire_each_wave": False,
        "attacker_reserves": ["1a", "2a"], "defenders": "2i2a"}), 34)
    follow(state, OVERWATCH_SURVIVORS)
    assert [s[2] for s in state.session.attacker[1:]] == [1, 2]  # 3 artillery survive Overwatch
    assert len(flips(state, "pre-battle fire")[-1]["cards"]) == 6  # all 3 fire, 2 dice each
