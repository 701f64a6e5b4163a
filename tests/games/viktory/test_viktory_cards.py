"""The Battle Cards variant, sentence by sentence (see test_viktory_trace.py for the map from
each sentence of the rule text to its test). Battles use the test deck of viktory_helpers:
hands are set by hand, and the draw pile lists its top card last."""

from __future__ import annotations

import pytest
from viktory_helpers import BASE, FILL, GAME, act, battle, events, flips, labels, play

from warroom.games.viktory.actions import (
    Casualty,
    Discard,
    Draw,
    FireOverwatch,
    HoldOverwatch,
    MoveIn,
    Pass,
    StandGround,
)


def counters(state):
    """The counters offered to the player to move, fillers left out."""
    return {a.card for a in state.legal_actions(state.to_move()[0])
            if getattr(a, "use", "") == "counter" and not a.card.startswith("CZ")}


def discard(state, card):
    player = state.to_move()[0]
    act(state, next(a for a in state.legal_actions(player)
                    if type(a) is Discard and a.card == card))


def draws(state, why):
    return [e for e in events(state, "draw") if e["why"] == why]


# --- cards and dice -------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(3))
def test_rule_cards_replace_the_dice_or_dice_alone(seed):
    from warroom.agents import HeuristicAgent
    from warroom.engine import play_game

    for mode in ("dice", "cards"):
        config = GAME.config({"mode": mode})
        agents = [HeuristicAgent(GAME, seed), HeuristicAgent(GAME, seed + 1)]
        state = play_game(GAME, config, seed, agents, keep_record=False).state
        kinds = {e["event"] for _, e in state.log}
        if mode == "cards":
            assert "roll" not in kinds and "play" in kinds
        else:
            assert not kinds & {"play", "flip", "draw"} and "roll" in kinds


def test_rule_terrain_match_makes_all_hits_on_the_card_selective():
    matching = battle(["RA3P"], ["FL01"])
    play(matching, "RA3P")
    assert matching.session.pending == 2 and matching.session.pending_selective
    play(matching, "FL01")
    assert matching.decision == ("casualty", 0)  # the attacker picks the casualty
    other = battle(["RA3"], ["FL01"])
    play(other, "RA3")
    play(other, "FL01")
    assert other.decision == ("casualty", 1)  # the owner picks


# --- the battle sequence ----------------------------------------------------------------------
def test_rule_battle_starts_by_playing_an_attack_card():
    state = battle(["RA1", "FL11", "SC11"], [])
    assert labels(state) == ["play RA1 RA1 1H/0M water as an Attack",
                             "call off the attack (the defender holds)"]  # or not attacking at all


def test_rule_no_attack_card_no_attack_on_an_occupied_hex():
    state = GAME.new_state(GAME.config({"mode": "cards", **BASE, "attacker_hand": 0}), 0)
    assert state.result == ((1,), "attacker had no attack card")
    assert events(state, "wave") == []


def test_rule_overwatch_resolved_after_the_attack_card_before_replenishment():
    state = battle(["RA1"], [], deck=FILL + ["AZ1", "AZ2"], defenders="1i1a",
                   overwatch=True, artillery_characteristics=True, attackers=("3i1c",))
    play(state, "RA1")
    assert state.decision == ("overwatch", 1)  # all units declared: fire or hold it back
    act(state, FireOverwatch())
    assert state.decision == ("casualty", 1)  # overwatch hits: the defender picks
    act(state, Casualty(True, 1, 1))  # the second hit can only take an infantry
    assert state.session.attacker[1] == [2, 0, 0, 0]
    kinds = [e["event"] for _, e in state.log if e["event"] in ("play", "flip", "draw")]
    assert kinds[-4:] == ["play", "flip", "draw", "draw"]
    assert flips(state, "overwatch")[0]["cards"] == ["AZ2", "AZ1"]
    assert draws(state, "replenishment")


def test_rule_replenishment_only_if_both_sides_survive_overwatch_and_bombard():
    bombarded = battle(["RA1"], [], deck=FILL + ["AZ1", "AZ2"], defenders="1i",
                       bombard="1a", artillery_characteristics=True)
    play(bombarded, "RA1")
    assert bombarded.result == ((0,), "attacker took the hex")
    assert draws(bombarded, "replenishment") == []
    watched = battle(["RA1"], [], deck=FILL + ["AZ1", "AZ2"], defenders="1i1a",
                     attackers=("1i",), overwatch=True, artillery_characteristics=True)
    play(watched, "RA1")
    act(watched, FireOverwatch())
    assert watched.result == ((1,), "attacker destroyed")
    assert draws(watched, "replenishment") == []


def test_rule_replenishment_is_one_card_fewer_than_the_dice():
    state = battle(["RA1"], [], attackers=("2i1c", "1i"), terrain="forest",
                   defenders="1i1c1a")
    assert (state.session.attacker_dice(), state.session.defender_dice()[0]) == (3, 4)
    play(state, "RA1")
    assert [e["count"] for e in draws(state, "replenishment")] == [2, 3]
    assert len(state.hands[0]) == 2 and len(state.hands[1]) == 3


@pytest.mark.parametrize("sides, live", [(("2i1c", "1i"), 3), (("2i1c",), 2), (("3i",), 1)])
def test_rule_attack_card_hits_are_live_up_to_the_dice(sides, live):
    state = battle(["RA3"], [], attackers=sides)
    play(state, "RA3")
    assert state.session.pending == live
    assert state.to_move() == (1,)  # the defender now gets to play a card


def test_rule_counters_that_answer_regular_and_surprise_attacks():
    regular = battle(["RA3"], ["FL21", "FR11", "SC02", "AC12"])
    play(regular, "RA3")
    assert counters(regular) == {"FL21", "FR11", "SC02", "AC12"}
    surprise = battle(["SA2"], ["FL21", "FR11", "SC02", "AC12"])
    play(surprise, "SA2")
    assert counters(surprise) == {"SC02"}


def test_rule_misses_cancel_hits_then_unblocked_hits_are_casualties_then_hits_go_live():
    state = battle(["RA3"], ["FL21"])
    play(state, "RA3")
    play(state, "FL21")  # 1 miss against 2 hits
    assert state.decision == ("casualty", 1)
    act(state, Casualty(False, 0, 0))
    assert state.session.defender == [1, 1, 0, 0]
    assert state.to_move() == (0,) and state.session.pending == 2
    assert state.session.last_type == "flank"
    blocked = battle(["RA3"], ["FL22"])
    play(blocked, "RA3")
    play(blocked, "FL22")
    assert blocked.session.lost == [0, 0] and blocked.session.pending == 2


@pytest.mark.parametrize("defender_card, answers", [
    ("FL21", {"FL11", "SC02"}), ("FR21", {"FR11", "SC02"}), ("SC11", {"SC02"}),
])
def test_rule_attacker_answers_flank_frontal_and_surprise_counters(defender_card, answers):
    state = battle(["RA1", "FL11", "FR11", "SC02"], [defender_card])
    play(state, "RA1")
    play(state, defender_card)
    assert state.to_move() == (0,)  # the attacker now gets to play a card
    assert counters(state) == answers


@pytest.mark.parametrize("first, attacker_card, answers", [
    ("FL11", "FL21", {"FL22", "SC02"}), ("FR11", "FR21", {"FR12", "SC02"}),
    ("FL11", "SC11", {"SC02"}),
])
def test_rule_defender_answers_flank_frontal_and_surprise_counters(first, attacker_card,
                                                                   answers):
    state = battle(["RA1", "FL21", "FR21", "SC11"], ["FL11", "FR11", "FL22", "FR12", "SC02"])
    play(state, "RA1")
    play(state, first)
    play(state, attacker_card)  # blocks the one live hit; its hits are live back
    assert state.session.lost == [0, 0] and state.to_move() == (1,) and state.session.pending >= 1
    assert counters(state) == answers


def test_rule_a_player_unable_or_unwilling_to_play_ends_the_card_battle_round():
    state = battle(["RA1", "RA2"], ["FL11"])
    play(state, "RA1")
    act(state, Pass())  # the defender takes the live hit
    act(state, Casualty(False, 0, 0))
    assert events(state, "pull_back")
    assert state.decision == ("wave", 0) and state.session.wave == 2
    assert "call off the attack (the defender holds)" in labels(state)


def test_rule_attack_the_same_hex_as_often_as_wanted_each_wave_with_an_attack_card():
    state = battle(["RA1", "RA2", "SA2"], [], defenders="5i")
    for wave, card in enumerate(["RA1", "RA2", "SA2"], 1):
        assert state.decision == ("wave", 0) and state.session.wave == wave
        assert all("as an Attack" in x or x.startswith("call off the attack")
                   for x in labels(state))
        play(state, card)
        act(state, Pass())
    assert state.result == ((0,), "attacker took the hex")
    assert state.session.round == 3


def test_rule_units_stay_on_their_hex_side_and_pull_back_to_the_source_hex():
    state = battle(["RA1", "RA2"], [], attackers=("1i", "1c@frigate"), defenders="5i")
    play(state, "RA1")
    act(state, Pass())
    assert state.session.attacker[1:] == [[1, 0, 0, 0], [0, 1, 0, 0]]
    pull = events(state, "pull_back")[-1]
    assert pull["sources"] == ["land", "frigate"]
    assert "frigate" in GAME.describe_event(pull)


def test_rule_no_second_replenishment_for_follow_up_waves():
    state = battle(["RA1", "RA2"], [], defenders="5i")
    play(state, "RA1")
    act(state, Pass())
    assert len(draws(state, "replenishment")) == 2  # one draw each in the first wave
    play(state, "RA2")
    assert len(draws(state, "replenishment")) == 2


def test_rule_card_text_holds_for_its_wave_only_secrecy():
    state = battle(["SEC", "RA1"], [], defenders="3i1a", overwatch=True)
    play(state, "SEC")
    assert events(state, "secrecy") and flips(state, "overwatch") == []
    act(state, Pass())
    act(state, Casualty(False, 0, 0))
    # Before the second wave's card, the views no longer say Secrecy holds: they said "(Secrecy:
    # not at this wave)" until a card was played, and the artillery then fired.
    assert state.decision == ("wave", 0) and not state.observation(0)["secrecy"]
    assert "Secrecy" not in GAME.render(state.observation(0), 0)
    play(state, "RA1")  # the second wave has no Secrecy: the artillery may fire now
    act(state, FireOverwatch())
    assert len(flips(state, "overwatch")) == 1


def test_rule_special_event_card_played_for_its_event_or_as_a_normal_card():
    event = battle(["MUD", "RA1"], ["FL11"])
    assert {a.use for a in event.legal_actions(0) if getattr(a, "card", "") == "MUD"} == \
        {"attack", "event"}
    play(event, "MUD", "event")
    assert event.session.events == [["mud", 0]] and event.decision == ("wave", 0)
    assert event.session.defender_dice()[0] == 1  # no die for the defender's cavalry
    play(event, "RA1")
    assert event.session.pending == 1  # Mud's own hit is meaningless
    normal = battle(["MUD", "RA1"], ["FL11"])
    play(normal, "MUD", "attack")
    assert normal.session.events == [] and normal.session.pending == 1


def test_rule_a_card_that_counteracts_another_takes_effect_ignore_terrain_lifts_mud():
    state = battle(["MUD", "RA1"], ["IGN", "FL11"], terrain="forest", defenders="1i1c")
    play(state, "MUD", "event")
    fight = state.session
    assert fight.mud and fight.defender_dice()[0] == 2 and fight.attacker_dice() == 1
    play(state, "RA1")
    play(state, "IGN", "event")
    assert not state.session.mud
    assert state.session.defender_dice()[0] == 2  # cavalry back, forest ignored
    assert state.session.attacker_dice() == 2


def test_rule_special_events_cannot_cancel_hits():
    state = battle(["RA3"], ["MUD", "FL11"])
    play(state, "RA3")
    play(state, "MUD", "event")
    assert state.session.pending == 2 and state.decision == ("play", 1)


def test_rule_attack_counter_card_played_as_attack_has_meaningless_misses():
    attack = battle(["AC12"], [])
    play(attack, "AC12")
    assert attack.session.pending == 1 and "blocked" not in attack.session.plays[0]
    counter = battle(["RA3"], ["AC12"])
    play(counter, "RA3")
    play(counter, "AC12")
    assert counter.session.plays[-1]["blocked"] == 2 and counter.session.lost == [0, 0]


def test_rule_attacker_needs_a_miss_or_surviving_unit_to_play_a_card():
    state = battle(["RA1", "FL01", "FL22", "SC02"], ["FL21"], attackers=("1i",),
                   terrain="forest", defenders="2i")
    play(state, "RA1")
    play(state, "FL21")  # 2 live hits against a lone infantry
    assert counters(state) == {"FL22", "SC02"}  # FL01 blocks only one: nobody would survive
    act(state, Pass())
    assert state.result == ((1,), "attacker destroyed")


@pytest.mark.parametrize("each_wave, fired", [(True, 2), (False, 1)])
def test_rule_pre_battle_fire_only_as_a_wave_is_launched(each_wave, fired):
    state = battle(["RA1", "RA2"], [], attackers=("1i1a",), defenders="5i",
                   prebattle_fire_each_wave=each_wave)
    play(state, "RA1")
    assert len(flips(state, "pre-battle fire")) == 1
    act(state, Pass())
    assert len(flips(state, "pre-battle fire")) == 1  # not during the card battle round
    play(state, "RA2")
    assert len(flips(state, "pre-battle fire")) == fired


def test_rule_overwatch_not_fired_may_fire_at_a_second_wave():
    state = battle(["SEC", "RA1", "RA2"], [], defenders="3i1a", overwatch=True)
    play(state, "SEC")
    act(state, Pass())
    act(state, Casualty(False, 0, 0))
    play(state, "RA1")
    act(state, FireOverwatch())
    act(state, Pass())
    act(state, Casualty(False, 0, 0))
    play(state, "RA2")
    assert state.decision == ("play", 1)  # no Overwatch decision: it fired once this turn
    assert len(flips(state, "overwatch")) == 1  # once per enemy turn


def test_rule_artillery_can_wait_to_do_overwatch_until_a_later_wave():
    state = battle(["RA1", "RA2"], [], defenders="3i1a", overwatch=True,
                   artillery_characteristics=True)
    play(state, "RA1")
    assert labels(state) == ["fire Overwatch now", "hold Overwatch back"]
    act(state, HoldOverwatch())
    assert flips(state, "overwatch") == [] and state.session.overwatch_ready == 1
    assert events(state, "overwatch_held")[0]["artillery"] == 1
    act(state, Pass())
    act(state, Casualty(False, 0, 0))
    play(state, "RA2")
    assert state.decision == ("overwatch", 1)  # still able to fire, at the second wave
    act(state, FireOverwatch())
    assert len(flips(state, "overwatch")[0]["cards"]) == 2 and state.session.overwatch_ready == 0


# --- flipping cards instead of special rolls -----------------------------------------------------
def test_rule_special_rolls_flip_as_many_cards_as_dice():
    bombard = battle(["RA1"], [], defenders="5i", bombard="1a",
                     artillery_characteristics=True)
    play(bombard, "RA1")
    assert len(flips(bombard, "bombard")[0]["cards"]) == 2
    city = battle([], [], settlement="city", naval_support=True, defenders="0",
                  attackers=("3i",))
    act(city, MoveIn())
    assert flips(city, "special defense")[0]["player"] == 1
    assert len(flips(city, "special defense")[0]["cards"]) == 3  # city 2 + naval support 1


def test_rule_flipped_attack_and_attack_counter_cards_are_one_hit_each_others_none():
    state = battle(["RA1"], [], deck=FILL + ["CZ7", "FL22", "AC12", "RA3"],
                   defenders="1i2a", attackers=("3i",), overwatch=True,
                   artillery_characteristics=True)
    play(state, "RA1")
    act(state, FireOverwatch())
    flip = flips(state, "overwatch")[0]
    assert flip["cards"] == ["RA3", "AC12", "FL22", "CZ7"]
    assert flip["hits"] == 2  # RA3 counts once whatever its hits; FL22 and CZ7 miss
    assert state.session.attacker[1] == [1, 0, 0, 0]


@pytest.mark.parametrize("top, chooser", [("AP1", 1), ("AZ1", 0)])
def test_rule_flipped_card_matching_the_terrain_is_a_selective_hit(top, chooser):
    state = battle([], [], deck=FILL + [top], settlement="town", defenders="0",
                   attackers=("1i1c",))
    act(state, MoveIn())
    assert state.decision == ("casualty", chooser)


# --- towns, cities and hands ---------------------------------------------------------------------
def test_rule_no_replenishment_for_a_town_emptied_by_pre_battle_fire():
    state = battle(["RA1"], ["FL11", "FR11"], deck=FILL + ["CZ7", "AZ1"], settlement="town",
                   defenders="1i", attackers=("1i1a",))
    play(state, "RA1")
    assert flips(state, "special defense")  # the empty town still defends itself
    assert state.result == ((0,), "attacker took the town")
    assert draws(state, "replenishment") == []


def test_rule_taking_a_town_gains_a_card_losing_it_loses_a_card():
    state = battle(["RA1"], ["FL11", "FR11"], deck=FILL + ["CZ7", "AZ1"], settlement="town",
                   defenders="1i", attackers=("1i1a",))
    towns = list(state.towns)
    play(state, "RA1")
    assert draws(state, "took the town")[0]["count"] == 1
    assert state.decision == ("lose_card", 1)
    discard(state, "FL11")
    assert state.hands[1] == ["FR11"]
    assert state.towns == [towns[0] + 1, towns[1] - 1]


def test_rule_hits_land_only_up_to_the_dice_an_infantry_horde_on_one_side():
    state = battle(["RA3"], ["FL01"], attackers=("5i",))
    play(state, "RA3")
    assert state.session.pending == 1
    play(state, "FL01")  # one miss protects the defender from the whole card
    assert state.session.lost == [0, 0]


def test_rule_defender_always_matches_play_even_when_its_units_fall():
    state = battle(["RA2"], ["FL2P"], terrain="forest", defenders="1i1c")
    play(state, "RA2")
    play(state, "FL2P")  # no misses: both defenders fall, but both hits are live
    assert state.session.units(1) == 0
    assert state.to_move() == (0,) and state.session.pending == 2
    act(state, Pass())
    act(state, Casualty(True, 1, 0))
    act(state, Casualty(True, 1, 0))
    assert state.result == ((0,), "attacker took the hex")
    assert state.session.lost == [2, 2]


def test_rule_attacker_hits_qualify_by_its_surviving_units():
    state = battle(["RA1", "FL21B"], ["FL21"], attackers=("1i1c",))
    play(state, "RA1")
    play(state, "FL21")
    play(state, "FL21B")  # blocks one of two hits; the attacker gives up its cavalry
    assert state.decision == ("casualty", 0)
    act(state, Casualty(True, 1, 1))
    assert state.session.pending == 1  # the surviving infantry inflicts at most one hit


def test_rule_discard_down_to_max_hand_at_the_end_of_every_turn_and_keep_the_rest():
    state = battle(["RA1", "RA2", "FL11", "FR11", "SC11", "FR12"],
                   ["FL21", "FR21", "FL22", "FL01", "AC12"])
    assert [state.max_hand(0), state.max_hand(1)] == [4, 3]
    play(state, "RA1")
    act(state, Pass())
    act(state, Casualty(False, 0, 0))
    act(state, StandGround())
    kinds = []
    while state.decision and state.decision[0] == "discard":
        kinds.append(state.decision[1])
        act(state, state.legal_actions(state.to_move()[0])[0])
    assert kinds == [1, 1, 1, 0, 0]  # every player, the defender too
    assert [len(h) for h in state.hands] == [4, 3]
    assert state.decision == ("draw", 0)
    act(state, Draw(0))
    assert state.is_terminal() and state.observation(0)["hand"]  # unused cards are kept


@pytest.mark.parametrize("towns, cities, limit", [(2, 1, 3), (8, 5, 10), (0, 0, 0)])
def test_rule_max_hand_is_towns_and_cities_at_most_ten(towns, cities, limit):
    config = GAME.config({"mode": "cards", **BASE, "attacker_towns": towns,
                          "attacker_cities": cities})
    state = GAME.new_state(config, 0)
    assert state.max_hand(0) == limit
    assert len(state.hands[0]) == limit  # the hand is dealt up to it


def test_rule_end_of_turn_draw_up_to_max_hand_no_more_than_cities():
    state = battle(["RA1", "RA2"], [], attacker_towns=3, attacker_cities=2)
    play(state, "RA1")
    act(state, Pass())
    act(state, Casualty(False, 0, 0))
    act(state, StandGround())
    assert len(state.hands[0]) == 2 and state.max_hand(0) == 5
    assert [a for a in state.legal_actions(0) if type(a) is Draw] == [Draw(0), Draw(1), Draw(2)]
    act(state, Draw(2))
    assert len(state.hands[0]) == 4 and state.is_terminal()


def test_rule_cities_limit_draws_also_to_discard_and_draw_anew():
    state = battle(["RA1", "RA2", "FL11", "FR11", "SC11"], [])
    play(state, "RA1")  # max hand 4: 4 cards + 1 replenishment, one discarded at the end
    act(state, Pass())
    act(state, Casualty(False, 0, 0))
    act(state, StandGround())
    discard(state, "FR11")  # down to the max hand size
    assert state.decision == ("draw", 0) and state.draw_limit() == 0
    discard(state, "SC11")  # by choice, to draw anew (one city: one card)
    assert [a for a in state.legal_actions(0) if type(a) is Draw] == [Draw(0), Draw(1)]
    assert not any(type(a) is Discard for a in state.legal_actions(0))
    act(state, Draw(1))
    assert len(state.hands[0]) == 4


def test_rule_no_attack_card_needed_for_an_empty_town_the_defender_flips():
    state = battle(["MP"], [], settlement="town", defenders="0", attackers=("1i",))
    assert labels(state)[0] == "move in without an Attack card"
    act(state, MoveIn())
    flip = flips(state, "special defense")[0]
    assert flip["player"] == 1 and len(flip["cards"]) == 1
    assert state.result == ((0,), "attacker took the town")
    assert "MP" in state.hands[0]  # no card was needed


def test_rule_reversal_of_fortune_blocks_all_hits():
    state = battle(["RA3"], ["ROF"])
    play(state, "RA3")
    assert state.session.pending == 2
    play(state, "ROF")  # no misses on the card, yet both hits are blocked
    assert state.session.lost == [0, 0] and state.session.pending == 1


def test_rule_reversal_of_fortune_cancels_special_events_for_good():
    state = battle(["MUD", "RA3", "ROF2"], ["ROF"])
    play(state, "MUD", "event")
    play(state, "RA3")
    play(state, "ROF")  # cancels the attacker's Mud
    assert state.session.events == [] and events(state, "cancelled")[0]["effects"] == ["mud"]
    play(state, "ROF2")  # only cancels the first Reversal's hit; Mud stays cancelled
    assert state.session.events == [] and state.session.lost == [0, 0]


def test_rule_a_second_reversal_of_fortune_only_cancels_the_first_ones_hits():
    """Audit (stop 53): "All the second Reversal of Fortune card would do is cancel the hits
    on the first Reversal of Fortune card": the attacker's second one also cancelled the
    defender's Ignore Terrain, played after the Mud that the first one cancelled."""
    state = battle(["RA2", "ROF2", "MUD"], ["ROF", "IGN"], defenders="1i1c",
                   attackers=("2i1c",))
    play(state, "MUD", "event")
    play(state, "RA2")
    play(state, "IGN", "event")
    play(state, "ROF")  # blocks the attack's hits and cancels the attacker's Mud
    assert state.session.events == [["ignore_terrain", 1]]
    assert events(state, "cancelled")[0]["effects"] == ["mud"]
    play(state, "ROF2")
    assert state.session.events == [["ignore_terrain", 1]]
    assert len(events(state, "cancelled")) == 1
    assert state.session.lost == [0, 0]


def test_rule_replenishment_is_one_fewer_than_the_dice_the_player_would_normally_get():
    """Audit (stop 53): a Mud played at the first wave's decision cut both sides' dice, and
    with them their replenishment (1 infantry and 1 cavalry each: 2 dice normally, 1 card
    each; with Mud 1 die, no card), though the text counts the dice "the player would
    normally get in the battle"."""
    state = battle(["MUD", "RA1"], [], defenders="1i1c", attackers=("1i1c",), deck=FILL)
    assert state.session.attacker_dice() == 2 and state.session.defender_dice()[0] == 2
    play(state, "MUD", "event")
    play(state, "RA1")
    assert state.session.attacker_dice() == 1  # Mud is in effect for the round
    drawn = [(e["player"], e["count"]) for e in events(state, "draw")
             if e["why"] == "replenishment"]
    assert drawn == [(0, 1), (1, 1)]


def test_rule_reversal_of_fortune_does_not_cancel_battle_card_text():
    state = battle(["SEC"], ["ROF"], defenders="2i1a", overwatch=True)
    play(state, "SEC")
    play(state, "ROF")
    assert state.session.secrecy and flips(state, "overwatch") == []


def test_a_draw_names_its_cards_to_the_drawer_alone_as_its_hand_shows_them():
    state = battle(["RA1", "RA2"], [], defenders="5i")
    play(state, "RA1")
    drew = events(state, "drew")
    assert drew and all(e["cards"] for e in drew)  # a draw of nothing says nothing more
    for e in drew:
        side = "Attacker" if e["player"] == 0 else "Defender"
        assert GAME.describe_event(e) == f"{side} gets " + ", ".join(
            f"{c} {state.cards[c].short()}" for c in e["cards"])
        assert all(e not in state.visible_log(p) for p in (1 - e["player"], None))
        assert e in state.visible_log(e["player"])


def test_the_first_wave_is_called_off_and_a_later_one_not_renewed_as_the_log_says():
    """Before any Attack card the attacker's choice not to launch is offered as calling off the
    attack, not as standing its ground (which the text says of units that attacked)."""
    first = battle(["RA1", "FL11"], [])
    assert labels(first)[-1] == "call off the attack (the defender holds)"
    act(first, StandGround())
    assert GAME.describe_event(events(first, "stand_ground")[0]) == \
        "The attacker calls off the attack"
    later = battle(["RA1", "RA2"], ["FL11"])
    play(later, "RA1")
    act(later, Pass())
    act(later, Casualty(False, 0, 0))
    assert labels(later)[-1] == "call off the attack (the defender holds)"
    act(later, StandGround())
    assert GAME.describe_event(events(later, "stand_ground")[0]) == \
        "The attacker calls off the attack: its units stand their ground (no new wave)"
