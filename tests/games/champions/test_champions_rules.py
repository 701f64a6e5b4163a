"""The Game of Champions: one test (at least) per rule sentence of the text and of RULINGS.md.

Tests are numbered in the order of the rule text (`test_rule_NN_...`); the rulings of
RULINGS.md and of the game's README follow (`test_ruling_...`). Positions are built precisely
with `champions_helpers.arrange` and driven with the actions a player would choose.
"""

from __future__ import annotations

import json
import re

import pytest
from champions_helpers import arrange, events, fight, labels, new, throw

from warroom.engine import ConfigError, IllegalAction
from warroom.games.champions import GAME
from warroom.games.champions.actions import (
    Attack,
    Decline,
    Done,
    EndTurn,
    Flip,
    FortifyAgain,
    Pick,
    Place,
    PutNext,
    Revive,
    Stop,
    SwapWith,
    Target,
    Throw,
    TurnIn,
    UseGeneral,
    UseSpy,
)
from warroom.games.champions.state import (
    BATTLE,
    CLOSE,
    DECK,
    DISTRIBUTE,
    MAIN,
    MEDIC,
    ORDER,
    OVER,
    PLACE,
    ROSHAMBO,
    TARGET,
    is_face,
    sort_cards,
)


def distribute_all(s, choose=lambda actions: actions[0]):
    while s.phase == DISTRIBUTE:
        p = s.to_move()[0]
        s.apply(p, choose(s.legal_actions(p)))


def dealt(seed, **options):
    """A fresh deal (dealer chosen at random), before the distribution."""
    s = new(seed, roshambo="random", **options)
    return s


# --- Basic game play -----------------------------------------------------------------------
def test_rule_01_a_two_person_game_with_a_standard_deck():
    assert GAME.min_players == GAME.max_players == 2
    assert GAME.num_players(GAME.config()) == 2
    assert new().num_players == 2


def test_rule_02_all_ties_are_settled_with_a_match_of_roshambo():
    s = arrange({"KH": ["7H"]}, {"KS": ["7S"], "QS": ["3S"]})
    fight(s, "KH", "KS")
    assert s.phase == ROSHAMBO and s.to_move() == (0, 1)
    assert [a.label for a in s.legal_actions(0)] == ["rock", "paper", "scissors"]


def test_rule_03_the_object_is_to_destroy_the_opponents_army():
    s = arrange({"KH": ["10H", "9H"], "QH": ["3H"]}, {"KS": ["4S"], "QS": []})
    fight(s, "KH", "KS")
    assert s.is_terminal()
    outcome = s.outcome()
    assert outcome.winners == (0,) and outcome.reason == "army destroyed"


def test_rule_04_two_players_and_the_undescribed_three_player_variation_is_refused():
    with pytest.raises(ConfigError, match="three-player variation .* never described"):
        GAME.config({"players": "3"})
    with pytest.raises(ConfigError, match="must be 2"):
        GAME.config({"players": "4"})


def test_rule_05_the_deck_is_a_standard_52_card_deck():
    assert len(DECK) == len(set(DECK)) == 52
    faces = [c for c in DECK if is_face(c)]
    assert len(faces) == 16 and {c[0] for c in faces} == set("AJQK")
    assert sorted({c[:-1] for c in DECK if not is_face(c)}, key=int) == [
        str(v) for v in range(2, 11)]


def test_rule_06_suits_have_no_numerical_value():
    s = arrange({"KH": ["7H"], "QH": ["9H"]}, {"KS": ["7S"], "QS": ["3S"]},
                roshambo="random")
    fight(s, "KH", "KS")
    assert events(s, "tie")  # 7 of hearts and 7 of spades are equal


@pytest.mark.parametrize("att, dfn, winner", [("10H", "9S", 0), ("3H", "4S", 1),
                                              ("9H", "2S", 0)])
def test_rule_07_rank_10_down_to_2_and_face_cards_do_not_fight(att, dfn, winner):
    s = arrange({"KH": [att], "QH": ["5H"]}, {"KS": [dfn], "QS": ["5S"]})
    fight(s, "KH", "KS")
    flip = events(s, "flip")[0]
    assert flip["winner"] == winner
    assert (flip["attacker_card"], flip["defender_card"]) == (att, dfn)
    assert "KH" in s.tables[0] and "KS" in s.tables[1]  # the commanders stayed on the table


# --- The Deal ------------------------------------------------------------------------------
def test_rule_08_a_match_of_roshambo_determines_the_dealer():
    s = new(5)
    assert s.phase == ROSHAMBO and s.rps_purpose == "dealer" and s.to_move() == (0, 1)
    throw(s, "paper", "rock")
    assert s.dealer == 0 and s.phase == DISTRIBUTE
    s = new(5)
    throw(s, "paper", "scissors")
    assert s.dealer == 1
    assert events(s, "deal")[0]["dealer"] == 1


def test_rule_09_fifteen_cards_each_and_the_rest_face_down_in_the_reserve_pile():
    s = dealt(3)
    for p in (0, 1):
        assert len(s.tables[p]) + len(s.hands[p]) == 15
    assert len(s.reserve) == 52 - 30
    everything = [c for p in (0, 1) for c in list(s.tables[p]) + s.hands[p]] + s.reserve
    assert sorted(everything) == sorted(DECK)
    for who in (0, 1, None):
        obs = s.observation(who)
        assert obs["reserve"] == 22  # face down: only its size is known
        seen = set(re.findall(r"\b(?:10|[2-9AJQK])[SHDC]\b", json.dumps(obs)))
        assert not seen & {c for c in s.reserve if not is_face(c)}


def test_rule_10_face_cards_are_laid_down_then_reinforcements_are_distributed_in_secret():
    s = dealt(3)
    assert s.phase == DISTRIBUTE and s.to_move() == (0, 1)
    for p in (0, 1):
        assert all(is_face(c) for c in s.tables[p])
        assert not any(is_face(c) for c in s.hands[p])
        assert all(cards == [] for cards in s.tables[p].values())
    deal = events(s, "deal")[0]
    assert deal["faces"] == [list(s.tables[0]), list(s.tables[1])]  # laid down: public
    # Player 0 places its first reinforcement: player 1 sees neither the card nor where.
    before = s.observation(1)
    card, commander = s.hands[0][0], list(s.tables[0])[0]
    s.apply(0, Place(card, commander))
    after = s.observation(1)
    assert after == before
    assert after["tables"][0] == [[c, None] for c in s.tables[0]]
    assert card not in str(after)
    distribute_all(s)
    assert s.revealed and events(s, "reveal")
    assert s.observation(1)["tables"][0][0] == [commander, sort_cards(s.tables[0][commander])]


def test_rule_11_all_reinforcements_must_go_to_face_cards_but_not_to_every_one():
    s = dealt(3)
    first = {p: list(s.tables[p])[0] for p in (0, 1)}
    n = {p: len(s.hands[p]) for p in (0, 1)}
    while s.phase == DISTRIBUTE:
        p = s.to_move()[0]
        actions = s.legal_actions(p)
        assert all(type(a) is Place for a in actions)  # no way to keep a card back
        s.apply(p, Place(s.hands[p][0], first[p]))
    for p in (0, 1):
        assert len(s.tables[p][first[p]]) == n[p]
        assert all(not cards for c, cards in s.tables[p].items() if c != first[p])


def test_rule_12_a_face_card_with_reinforcements_is_a_battalion():
    s = arrange({"KH": ["5H"], "QH": [], "AH": ["2H", "3H"]}, {"KS": ["4S"]})
    assert s.battalions(0) == ["KH", "AH"]
    assert [a.commander for a in s.legal_actions(0) if type(a) is Attack] == ["KH", "AH"]


def test_rule_13_the_cards_are_dealt_again_until_both_players_have_a_face_card():
    redealt = 0
    for seed in range(40):
        s = dealt(seed, hand_size=2)
        for p in (0, 1):
            assert s.tables[p], "every player has at least one face card"
        if s.deals > 1:
            redealt += 1
            assert len(events(s, "redeal")) == s.deals - 1
    assert redealt > 0


def dealt_by_player_0(equal_faces: bool):
    """The first deal (player 0 won the dealer's Roshambo) with equal or unequal face cards."""
    for seed in range(200):
        s = new(seed)
        throw(s, "rock", "scissors")
        if (len(s.tables[0]) == len(s.tables[1])) == equal_faces:
            return s
    raise AssertionError("no such deal")


def test_rule_14_the_player_with_fewer_face_cards_begins():
    s = dealt_by_player_0(equal_faces=False)
    counts = [len(s.tables[p]) for p in (0, 1)]
    distribute_all(s)
    assert s.first == counts.index(min(counts)) == s.current
    assert s.turn == 1 and len(events(s, "roshambo")) == 1  # only the dealer's


def test_rule_14_equal_face_cards_a_match_of_roshambo_determines_the_first_player():
    s = dealt_by_player_0(equal_faces=True)
    distribute_all(s)
    assert s.phase == ROSHAMBO and s.rps_purpose == "first" and s.to_move() == (0, 1)
    throw(s, "scissors", "rock")
    assert s.first == 1 and s.current == 1 and s.turn == 1


# --- Player's turn -------------------------------------------------------------------------
def test_rule_15_a_turn_is_fortify_then_advantages_then_battle_or_fortify():
    s = arrange({"KH": ["5H"], "QH": ["6H"]}, {"KS": ["4S"], "AS": ["3S"]},
                reserve=["8D", "9D", "7D"])
    s.apply(0, FortifyAgain())  # ends player 0's turn once 7D is placed
    s.apply(0, Place("7D", "KH"))
    # Player 1's turn opens with the fortify: the top reserve card is drawn and must be placed.
    assert s.current == 1 and s.phase == PLACE and s.drawn == "9D"
    assert {type(a) for a in s.legal_actions(1)} == {Place}
    s.apply(1, Place("9D", "AS"))
    assert s.phase == MAIN
    kinds = [type(a) for a in s.legal_actions(1)]
    assert kinds.index(UseSpy) < kinds.index(Attack) < kinds.index(FortifyAgain)


def test_rule_16_fortify_draws_a_reserve_card_and_places_it_on_any_face_card():
    s = arrange({"KH": ["5H"], "QH": []}, {"KS": ["4S"]}, reserve=["9D", "8D"])
    s.apply(0, FortifyAgain())
    s.apply(0, Place("8D", "KH"))
    assert s.phase == CLOSE and labels(s, 0) == ["turn in QH", "end turn"]  # QH is still bare
    s.apply(0, EndTurn())
    assert s.drawn == "9D" and s.current == 1
    assert sorted(labels(s, 1)) == ["9D on KS"]
    s = arrange({"KH": ["5H"], "QH": []}, {"KS": ["4S"]}, reserve=["8D"])
    s.apply(0, FortifyAgain())
    assert labels(s, 0) == ["8D on KH", "8D on QH"]  # a bare face card too
    s.apply(0, Place("8D", "QH"))
    assert s.tables[0]["QH"] == ["8D"] and events(s, "place")[0]["card"] == "8D"


def test_rule_17_advantages_only_for_battalions_not_bare_face_cards():
    s = arrange({"KH": [], "AH": [], "QH": ["5H"]}, {"KS": ["4S"], "QS": ["3S"]},
                casualties=(["9H"], []))
    assert UseGeneral() not in s.legal_actions(0) and UseSpy() not in s.legal_actions(0)
    s = arrange({"KH": ["2H"], "AH": ["6H"], "QH": ["5H"]}, {"KS": ["4S"], "QS": ["3S"]})
    assert UseGeneral() in s.legal_actions(0) and UseSpy() in s.legal_actions(0)
    # "... until it becomes a battalion": a reinforcement on the bare King unlocks the General
    s = arrange({"KH": [], "QH": [], "AH": ["5H"]}, {"KS": ["4S"]}, reserve=["9D"])
    assert UseGeneral() not in s.legal_actions(0)
    s.apply(0, TurnIn("QH"))
    s.apply(0, Place("9D", "KH"))
    assert s.phase == MAIN and UseGeneral() in s.legal_actions(0)


def test_rule_18_a_battle_uses_one_of_your_battalions_against_one_of_the_opponents():
    s = arrange({"KH": ["5H"], "QH": []}, {"KS": ["4S"], "QS": [], "AS": ["6S"]})
    assert [a.label for a in s.legal_actions(0) if type(a) is Attack] == ["attack with KH"]
    s.apply(0, Attack("KH"))
    assert s.phase == TARGET and labels(s, 0) == ["target KS", "target AS"]
    with pytest.raises(IllegalAction):
        s.apply(0, Target("QS"))  # a bare face card is no battalion


def test_rule_19_both_pick_up_their_reinforcements_the_commanders_stay():
    s = arrange({"KH": ["5H", "9H"], "QH": ["3H"]}, {"KS": ["4S", "8S"], "AS": ["6S"]})
    s.apply(0, Attack("KH"))
    s.apply(0, Target("KS"))
    assert s.phase == ORDER
    assert s.tables[0]["KH"] == [] and s.tables[1]["KS"] == []
    assert sorted(s.battle.hand[0]) == ["5H", "9H"] and sorted(s.battle.hand[1]) == ["4S", "8S"]


def test_rule_20_both_order_their_cards_in_secret_at_the_same_time():
    orders = {}
    for first in ("5H", "9H"):
        s = arrange({"KH": ["5H", "9H", "7H"], "QH": ["3H"]},
                    {"KS": ["4S", "8S"], "AS": ["6S"]})
        s.apply(0, Attack("KH"))
        s.apply(0, Target("KS"))
        assert s.to_move() == (0, 1)
        assert labels(s, 0) == ["next 9H", "next 7H", "next 5H", "rest as shown"]
        s.apply(0, PutNext(first))
        orders[first] = s.observation(1)
        assert s.battle.order[0] == [first]
    assert orders["5H"] == orders["9H"]  # player 1 cannot tell the two orders apart
    s.apply(0, PutNext("7H"))  # the last card follows by itself
    assert s.battle.ordered(0) and s.to_move() == (1,)
    s.apply(1, PutNext("4S"))
    assert s.phase == BATTLE and s.battle.order == [["9H", "7H", "5H"], ["4S", "8S"]]


def test_rule_21_top_cards_are_turned_over_the_higher_wins_the_lower_is_a_casualty():
    s = arrange({"KH": ["9H", "3H"], "QH": ["3C"]}, {"KS": ["4S", "8S"], "AS": ["6S"]})
    fight(s, "KH", "KS", ["9H", "3H"], ["4S", "8S"])
    assert events(s, "flip")[0]["winner"] == 0
    assert s.casualties == [[], ["4S"]]
    s.apply(0, Flip())
    assert events(s, "flip")[1]["winner"] == 1
    assert s.casualties == [["3H"], ["4S"]]
    # the survivors go back to their battalions
    assert s.tables[0]["KH"] == ["9H"] and s.tables[1]["KS"] == ["8S"]


def test_rule_22_the_attacker_can_stop_the_battle_at_any_time():
    s = arrange({"KH": ["9H", "3H", "2H"], "QH": ["3C"]}, {"KS": ["4S", "8S"], "AS": ["6S"]})
    fight(s, "KH", "KS", ["9H", "3H", "2H"], ["4S", "8S"])
    assert s.phase == BATTLE and s.to_move() == (0,)
    assert s.legal_actions(1) == [] and labels(s, 0) == ["flip", "stop"]
    s.apply(0, Stop())
    assert sorted(s.tables[0]["KH"]) == ["2H", "3H", "9H"]  # unflipped cards go back too
    assert s.tables[1]["KS"] == ["8S"] and s.current == 1


def test_rule_23_the_defender_recycles_its_survivors_in_their_original_order():
    s = arrange({"KH": ["3H", "4H", "5H", "10H", "10S"], "QH": ["3C"]},
                {"KS": ["9C", "8C", "2C"], "AS": ["6S"]})
    fight(s, "KH", "KS", ["3H", "4H", "5H", "10H", "10S"], ["9C", "8C", "2C"])
    for _ in range(4):
        s.apply(0, Flip())
    flips = events(s, "flip")
    assert [(f["attacker_card"], f["defender_card"], f["pass"]) for f in flips] == [
        ("3H", "9C", 1), ("4H", "8C", 1), ("5H", "2C", 1), ("10H", "9C", 2), ("10S", "8C", 2)]
    assert s.tables[1]["KS"] == [] and s.casualties[1] == ["2C", "9C", "8C"]


def test_ruling_the_attackers_cards_are_played_once_then_the_battle_ends():
    s = arrange({"KH": ["3H"], "QH": ["3C"]}, {"KS": ["9S", "8S"], "AS": ["6S"]})
    fight(s, "KH", "KS")
    assert s.phase == MAIN and s.current == 1  # one flip, no card left to play
    assert len(events(s, "flip")) == 1 and sorted(s.tables[1]["KS"]) == ["8S", "9S"]


def test_ruling_a_battle_has_at_least_one_flip():
    s = arrange({"KH": ["3H", "4H"], "QH": ["3C"]}, {"KS": ["9S"], "AS": ["6S"]})
    s.apply(0, Attack("KH"))
    s.apply(0, Target("KS"))
    assert Stop() not in s.legal_actions(0)
    s.apply(0, PutNext("3H"))
    assert len(events(s, "flip")) == 1  # the first flip follows the ordering by itself


def test_rule_24_equal_cards_a_battle_of_roshambo_determines_the_winner():
    s = arrange({"KH": ["7H", "5H"], "QH": ["3C"]}, {"KS": ["7S"], "AS": ["6S"]})
    fight(s, "KH", "KS", ["7H", "5H"])
    assert s.phase == ROSHAMBO and s.rps_purpose == "tie"
    assert s.observation(0)["battle"]["pair"] == ["7H", "7S"]
    throw(s, "rock", "paper")  # the defender wins
    assert s.casualties[0] == ["7H"] and events(s, "flip")[0]["roshambo"]
    assert s.phase == BATTLE and s.to_move() == (0,)
    s = arrange({"KH": ["7H", "5H"], "QH": ["3C"]}, {"KS": ["7S"], "AS": ["6S"]})
    fight(s, "KH", "KS", ["7H", "5H"])
    throw(s, "rock", "scissors")  # the attacker wins: the defender's battalion is gone
    assert s.casualties[1] == ["7S"] and s.tables[0]["KH"] == ["7H", "5H"]


def test_rule_25_a_player_can_fortify_again_instead_of_starting_a_battle():
    s = arrange({"KH": ["5H"]}, {"KS": ["4S"]}, reserve=["9D", "8D"])
    s.apply(0, FortifyAgain())
    assert s.phase == PLACE and s.drawn == "8D"
    s.apply(0, Place("8D", "KH"))
    assert s.tables[0]["KH"] == ["5H", "8D"]
    assert s.current == 1 and s.turn == 2 and not events(s, "attack")


# --- Battalion advantages ------------------------------------------------------------------
def test_rule_26_advantages_are_optional_and_only_in_your_own_turn():
    s = arrange({"KH": ["5H"], "AH": ["6H"]}, {"KS": ["4S"], "QS": ["3S"]})
    assert s.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        s.apply(1, UseSpy())
    fight(s, "KH", "QS")  # neither the General nor the Spy was used: that is allowed
    assert s.current == 1
    assert UseGeneral() in s.legal_actions(1)  # player 1 has a King battalion
    assert UseGeneral() not in s.legal_actions(0) and UseSpy() not in s.legal_actions(0)


def _queen_battle(**kw):
    s = arrange({"QH": ["9H", "3H"], "KH": ["5H"]}, {"KS": ["5S", "4S"], "AS": ["6S"]}, **kw)
    fight(s, "QH", "KS", ["3H", "9H"], ["5S", "4S"])  # 3H dies, then 9H beats 4S
    s.apply(0, Flip())
    return s


def test_rule_27_queen_medic_the_attacker_revives_its_last_casualty():
    s = _queen_battle(casualties=(["10C"], []))
    assert s.phase == MEDIC and labels(s, 0) == ["revive", "decline"]
    s.apply(0, Revive())
    assert sorted(s.tables[0]["QH"]) == ["3H", "9H"] and s.casualties[0] == ["10C"]
    assert events(s, "revive")[0]["card"] == "3H"


def test_rule_28_without_casualties_the_medic_cannot_be_used():
    s = arrange({"QH": ["9H", "8H"], "KH": ["5H"]}, {"KS": ["5S", "4S"], "AS": ["6S"]})
    fight(s, "QH", "KS")
    s.apply(0, Stop())
    assert s.casualties[0] == [] and s.phase != MEDIC and s.current == 1


def test_rule_29_using_the_medic_ends_the_turn_immediately():
    """"Using this advantage ends your turn immediately": after the revival the opponent's
    turn begins (README, game version 4), in a position where the turn could otherwise go on:
    a bare face card to turn in, a Reserve Pile to draw from, a King's battalion for the
    General, an Ace's for the Spy, and two opponent battalions to attack. Audit (stop 52):
    version 3 still offered the turn-in, though a turn-in is made during its owner's turn
    (RULINGS.md) and the turn had ended."""
    s = _queen_battle()
    s.apply(0, Revive())
    assert s.current == 1 and s.turn == 2  # nothing to turn in: the turn is over at once
    s = arrange({"QH": ["9H", "3H"], "KH": ["5H"], "AH": ["6H"], "JH": []},
                {"KS": ["5S", "4S"], "AS": ["6S"], "QS": ["2S"]}, reserve=["8D", "7D"])
    assert {UseGeneral, UseSpy, TurnIn, Attack, FortifyAgain} <= {
        type(a) for a in s.legal_actions(0)}  # what the turn offered before the battle
    fight(s, "QH", "KS", ["3H", "9H"], ["5S", "4S"])  # 3H dies to 5S
    s.apply(0, Flip())  # 9H beats 4S
    assert s.phase == MEDIC
    s.apply(0, Revive())
    assert s.current == 1 and s.turn == 2  # over at once: JH stays bare, 7D in the reserve
    assert s.tables[0]["JH"] == [] and s.turned_in == []
    assert not events(s, "general") and not events(s, "spy") and not events(s, "fortify_again")
    assert len(events(s, "attack")) == 1


def test_rule_30_the_medic_is_used_after_the_attack_and_only_by_the_attacker():
    s = arrange({"QH": ["9H", "3H"], "KH": ["5H"]}, {"KS": ["5S", "4S"], "AS": ["6S"]},
                casualties=(["10C"], []))
    assert Revive() not in s.legal_actions(0)  # not before the attack
    s = arrange({"KH": ["9H", "8H"], "AH": ["8D"]}, {"QS": ["5S", "4S"], "AS": ["6S"]},
                casualties=([], ["10C"]))
    fight(s, "KH", "QS")
    s.apply(0, Stop())
    assert s.phase != MEDIC  # a defending Queen has no Medic
    s = _queen_battle()
    s.apply(0, Decline())  # optional
    assert s.tables[0]["QH"] == ["9H"] and s.current == 1


def test_ruling_the_medic_needs_the_queens_battalion_to_survive_the_battle():
    s = arrange({"QH": ["3H"], "KH": ["5H"]}, {"KS": ["9S"], "AS": ["6S"]},
                casualties=(["10C"], []))
    fight(s, "QH", "KS")
    assert s.tables[0]["QH"] == [] and s.phase != MEDIC and s.current == 1


def test_rule_31_jack_cavalry_its_2s_count_as_10():
    s = arrange({"JH": ["2H"], "KH": ["5H"]}, {"KS": ["9S"], "AS": ["6S"]})
    fight(s, "JH", "KS")
    assert events(s, "flip")[0]["winner"] == 0
    s = arrange({"JH": ["2H"], "KH": ["5H"]}, {"KS": ["10S"], "AS": ["6S"]})
    fight(s, "JH", "KS")
    assert s.phase == ROSHAMBO  # 2 under a Jack against a 10 is a tie
    s = arrange({"KH": ["9H"], "AH": ["5H"]}, {"JS": ["2S"], "AS": ["6S"]})
    fight(s, "KH", "JS")
    assert events(s, "flip")[0]["winner"] == 1  # a defending Jack's 2 counts as 10 too


def test_rule_31_option_cavalry_only_when_attacking():
    s = arrange({"KH": ["9H"], "AH": ["5H"]}, {"JS": ["2S"], "AS": ["6S"]},
                cavalry="attacking")
    fight(s, "KH", "JS")
    assert events(s, "flip")[0]["winner"] == 0
    s = arrange({"JH": ["2H"], "KH": ["5H"]}, {"KS": ["9S"], "AS": ["6S"]},
                cavalry="attacking")
    fight(s, "JH", "KS")
    assert events(s, "flip")[0]["winner"] == 0


def test_rule_32_king_general_moves_up_to_3_cards_to_other_face_cards():
    s = arrange({"KH": ["5H", "6H", "7H", "8H"], "QH": [], "AH": ["2H"]}, {"KS": ["4S"]})
    s.apply(0, UseGeneral())
    assert labels(s, 0) == ["pick 5H", "pick 6H", "pick 7H", "pick 8H", "pick 2H", "done"]
    for card, source, to in (("5H", "KH", "QH"), ("6H", "KH", "AH"), ("2H", "AH", "KH")):
        s.apply(0, Pick(card))
        assert f"{card} on {to}" in labels(s, 0)
        assert f"{card} on {source}" not in labels(s, 0)  # to *other* face cards
        s.apply(0, Place(card, to))
    assert s.phase == MAIN and UseGeneral() not in s.legal_actions(0)  # 3 moves, once a turn
    assert s.tables[0] == {"KH": ["7H", "8H", "2H"], "QH": ["5H"], "AH": ["6H"]}


def test_rule_32_the_general_puts_a_card_on_another_face_card_and_may_stop_early():
    s = arrange({"KH": ["5H", "6H"], "QH": []}, {"KS": ["4S"]})
    s.apply(0, UseGeneral())
    s.apply(0, Pick("5H"))
    assert labels(s, 0) == ["5H on QH"]  # not back where it came from
    s.apply(0, Place("5H", "QH"))
    s.apply(0, Done())
    assert s.phase == MAIN and UseGeneral() not in s.legal_actions(0)


def test_rule_32_and_33_the_general_and_the_spy_come_before_the_attack():
    s = arrange({"KH": ["5H"], "AH": ["6H"]}, {"KS": ["4S"], "QS": ["3S"]})
    s.apply(0, Attack("KH"))
    assert UseGeneral() not in s.legal_actions(0) and UseSpy() not in s.legal_actions(0)


def test_rule_33_ace_spy_swaps_two_of_the_defenders_cards_between_its_battalions():
    s = arrange({"AH": ["6H"]}, {"KS": ["10S", "4S"], "QS": ["3S"], "JS": []})
    s.apply(0, UseSpy())
    assert labels(s, 0) == ["pick 10S", "pick 4S", "pick 3S"]  # no face card
    s.apply(0, Pick("10S"))
    assert labels(s, 0) == ["swap with 3S"]  # only from another battalion
    s.apply(0, SwapWith("3S"))
    assert s.tables[1] == {"KS": ["3S", "4S"], "QS": ["10S"], "JS": []}
    assert s.phase == MAIN and UseSpy() not in s.legal_actions(0)


def test_rule_33_the_spy_needs_two_opponent_battalions():
    s = arrange({"AH": ["6H"]}, {"KS": ["10S", "4S"], "QS": []})
    assert UseSpy() not in s.legal_actions(0)


# --- Additional rules ----------------------------------------------------------------------
def test_rule_34_a_bare_face_card_can_be_turned_in_to_fortify():
    s = arrange({"KH": ["5H"], "QH": [], "AH": []}, {"KS": ["4S"]}, reserve=["9D"])
    assert [a.label for a in s.legal_actions(0) if type(a) is TurnIn] == [
        "turn in QH", "turn in AH"]
    s.apply(0, TurnIn("QH"))
    assert "QH" not in s.tables[0] and s.turned_in == ["QH"]
    assert s.phase == PLACE and labels(s, 0) == ["9D on KH", "9D on AH"]
    s.apply(0, Place("9D", "AH"))
    assert s.phase == MAIN and s.tables[0]["AH"] == ["9D"]
    assert not any(type(a) is TurnIn for a in s.legal_actions(0))  # the reserve is empty


def test_rule_34_a_face_card_the_battle_left_bare_can_be_turned_in_before_the_turn_ends():
    """RULINGS: a bare face card "may be turned in during its owner's turn", so after the
    battle too, before the opponent may attack the battalion the draw would strengthen."""
    s = arrange({"KH": ["3H"], "QH": ["9H"]}, {"KS": ["9S"], "AS": []}, reserve=["8D", "7D"])
    fight(s, "KH", "KS")  # 3H dies: KH is bare
    assert s.tables[0]["KH"] == [] and s.current == 0
    assert s.phase == CLOSE and labels(s, 0) == ["turn in KH", "end turn"]
    assert s.to_move() == (0,) and not s.legal_actions(1)  # not the defender's bare AS
    # The battle is over: its losses are on the table and in the log, no longer in play.
    assert s.battle is None and "battle" not in s.observation(0)
    assert events(s, "battle_end")[0]["survivors"] == [[], ["9S"]]
    s.apply(0, TurnIn("KH"))
    assert s.phase == PLACE and labels(s, 0) == ["7D on QH"]
    s.apply(0, Place("7D", "QH"))
    # No bare face card is left: the turn ends, and the opponent's begins with its fortify.
    assert s.tables[0] == {"QH": ["9H", "7D"]} and s.turned_in == ["KH"]
    assert s.current == 1 and s.drawn == "8D"


def test_rule_34_after_the_medic_is_declined_a_bare_face_card_can_still_be_turned_in():
    """A turn-in at the turn's end follows a declined Medic, as any battle; a revival ends
    the turn at once (rule 29)."""
    s = arrange({"QH": ["9H", "3H"], "KH": []}, {"KS": ["5S", "4S"], "AS": ["6S"]},
                reserve=["8D"])
    fight(s, "QH", "KS", ["3H", "9H"], ["5S", "4S"])  # 3H dies to 5S
    s.apply(0, Flip())  # 9H beats 4S: the Queen's cards are spent
    assert s.phase == MEDIC
    s.apply(0, Decline())
    assert s.phase == CLOSE and labels(s, 0) == ["turn in KH", "end turn"]


def test_rule_34_at_the_turns_end_only_while_a_reserve_card_can_be_drawn():
    s = arrange({"KH": ["3H"], "QH": ["9H"]}, {"KS": ["9S"]})
    fight(s, "KH", "KS")  # KH is bare, but there is nothing to draw for it
    assert s.phase == MAIN and s.current == 1
    # A turn-in at the end that draws a face card lays it down bare: it may be turned in too.
    s = arrange({"KH": ["9H"], "QH": []}, {"KS": ["3S"], "AS": ["5S"]}, reserve=["8D", "JC"])
    fight(s, "KH", "KS")
    assert s.phase == CLOSE and labels(s, 0) == ["turn in QH", "end turn"]
    s.apply(0, TurnIn("QH"))
    assert s.phase == CLOSE and labels(s, 0) == ["turn in JC", "end turn"]
    s.apply(0, EndTurn())
    assert s.current == 1 and s.drawn == "8D" and s.tables[0] == {"KH": ["9H"], "JC": []}


def test_rule_35_standing_rule_any_tie_is_settled_by_roshambo_a_drawn_one_is_replayed():
    s = new(2)
    throw(s, "rock", "rock")
    assert s.phase == ROSHAMBO and s.rps_round == 2 and s.dealer == -1
    assert events(s, "roshambo")[0]["winner"] is None
    throw(s, "scissors", "paper")
    assert s.dealer == 0


# --- Rulings -------------------------------------------------------------------------------
def test_ruling_roshambo_option_random_needs_no_decision():
    s = new(4, roshambo="random")
    assert s.phase == DISTRIBUTE and s.dealer in (0, 1)
    assert events(s, "roshambo")[0]["throws"] is None
    s = arrange({"KH": ["7H"], "QH": ["3H"]}, {"KS": ["7S"], "AS": ["6S"]}, roshambo="random")
    fight(s, "KH", "KS")
    assert s.phase != ROSHAMBO and events(s, "flip")[0]["roshambo"]


def test_ruling_a_roshambo_throw_is_secret_until_both_have_thrown():
    s = new(2)
    before = s.observation(1)
    s.apply(0, Throw("paper"))
    after = s.observation(1)
    assert after["roshambo"]["thrown"] == [True, False] and "paper" not in str(after)
    assert before["roshambo"]["thrown"] == [False, False]
    assert s.observation(0)["roshambo"]["yours"] == "paper"


def test_ruling_a_player_with_no_battalion_after_a_battle_has_lost():
    s = arrange({"KH": ["3H"], "QH": []}, {"KS": ["9S"], "AS": ["6S"]})
    fight(s, "KH", "KS")  # the attacker loses its only battalion
    assert s.phase == OVER and s.outcome().winners == (1,)
    assert s.outcome().reason == "army destroyed" and s.to_move() == ()


def test_ruling_a_drawn_face_card_is_laid_down():
    s = arrange({"KH": ["5H"]}, {"KS": ["4S"]}, reserve=["9D", "QC"])
    s.apply(0, FortifyAgain())
    assert "QC" in s.tables[0] and s.tables[0]["QC"] == []
    assert events(s, "lay_down")[0]["card"] == "QC"
    assert s.phase == CLOSE and labels(s, 0) == ["turn in QC", "end turn"]
    s.apply(0, EndTurn())
    assert s.current == 1 and "QC" in s.tables[0]


def test_ruling_an_empty_reserve_pile_skips_the_fortify_and_forces_a_battle():
    s = arrange({"KH": ["5H"], "QH": []}, {"KS": ["4S"], "AS": ["6S", "7S"]})
    assert FortifyAgain() not in s.legal_actions(0) and EndTurn() not in s.legal_actions(0)
    assert not any(type(a) is TurnIn for a in s.legal_actions(0))
    fight(s, "KH", "KS")
    assert s.phase == MAIN and s.current == 1 and events(s, "no_fortify")


def test_ruling_end_turn_only_when_neither_battle_nor_fortify_is_possible():
    s = arrange({"KH": [], "QH": []}, {"KS": ["4S"]})
    assert labels(s, 0) == ["end turn"]
    s.apply(0, EndTurn())
    assert s.current == 1


def test_ruling_general_and_spy_once_per_turn_each():
    s = arrange({"KH": ["5H", "6H"], "AH": ["7H"]}, {"KS": ["4S"], "QS": ["3S"]})
    s.apply(0, UseGeneral())
    s.apply(0, Done())
    s.apply(0, UseSpy())
    s.apply(0, Pick("4S"))
    s.apply(0, SwapWith("3S"))
    acts = s.legal_actions(0)
    assert UseGeneral() not in acts and UseSpy() not in acts


def test_ruling_the_turn_limit_goes_to_the_larger_army_or_is_drawn():
    s = arrange({"KH": ["5H", "9H"]}, {"KS": ["10S"]}, reserve=["2C"], max_turns=1)
    s.apply(0, FortifyAgain())
    s.apply(0, Place("2C", "KH"))
    assert s.is_terminal() and s.outcome().winners == (0,)
    assert s.outcome().scores == (16.0, 10.0) and s.outcome().reason == "turn limit: larger army"
    s = arrange({"KH": ["5H", "3H"]}, {"KS": ["10S"]}, reserve=["2C"], max_turns=1)
    s.apply(0, FortifyAgain())
    s.apply(0, Place("2C", "KH"))
    assert s.outcome().winners == () and s.outcome().reason == "turn limit with equal armies"


def test_ruling_turn_limit_counts_every_players_turn():
    s = new(8, roshambo="random", max_turns=3)
    turns = []
    while not s.is_terminal():
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[-1])  # fortify again (or the last choice) every time
        turns.append((s.turn, s.current))
    assert s.turn == 3 and s.outcome().reason.startswith("turn limit")
    players = {t: p for t, p in turns if t}
    assert players == {1: s.first, 2: 1 - s.first, 3: s.first}


@pytest.mark.parametrize("option, value, message", [
    ("roshambo", "sometimes", "roshambo"), ("max_turns", "0", "max_turns"),
    ("cavalry", "never", "cavalry"), ("hand_size", "30", "hand_size"), ("colour", "x", "unknown"),
])
def test_ruling_bad_options_are_clear_errors(option, value, message):
    with pytest.raises(ConfigError, match=message):
        GAME.config({option: value})
