"""The Game of Champions: the rulings of the game's README ("## Rulings") and of
docs/RULINGS.md that no other test names, each pinned by a test that names it.

Every test quotes its ruling and where it is written. Positions are built with
champions_helpers.arrange and driven through the public contract, as
test_champions_rules.py does.
"""

from __future__ import annotations

import pytest
from champions_helpers import arrange, events, fight, new

from warroom.engine import IllegalAction
from warroom.games.champions.actions import (
    Attack,
    Done,
    Flip,
    FortifyAgain,
    Pick,
    Place,
    PutNext,
    Revive,
    SwapWith,
    Target,
    TurnIn,
    UseGeneral,
    UseSpy,
)
from warroom.games.champions.state import BATTLE, DISTRIBUTE, MAIN, MEDIC, ORDER, TARGET, rank_value


def test_ruling_the_battle_also_ends_when_the_defender_has_no_card_left():
    """README, ## Rulings (from docs/RULINGS.md): "The battle also ends when the defender has
    no card left." The attacker's unflipped cards go back to its battalion unplayed."""
    s = arrange({"KH": ["9H", "8H", "7H"], "QH": ["3C"]}, {"KS": ["4S"], "AS": ["6S"]})
    fight(s, "KH", "KS", ["9H", "8H", "7H"])
    assert len(events(s, "flip")) == 1 and s.battle is None
    assert "KS" not in s.battalions(1) and s.casualties[1] == ["4S"]
    assert sorted(s.tables[0]["KH"]) == ["7H", "8H", "9H"]
    assert s.phase == MAIN and s.current == 1  # the battle is over, and so is the turn


def test_ruling_turn_limit_counts_face_values_a_jacks_2_counts_2():
    """README, ## Rulings: "A game that reaches the turn limit ... is won by the larger total of
    reinforcement values on the table (face values: a Jack's 2 counts 2 here), else drawn."

    Three 2s under a Jack make 6 against a 9: the 9 wins (counted as 10s they would make 30)."""
    s = arrange({"JH": ["2H", "2D"]}, {"KS": ["9S"]}, reserve=["2C"], max_turns=1)
    s.apply(0, FortifyAgain())
    s.apply(0, Place("2C", "JH"))
    out = s.outcome()
    assert s.is_terminal() and out.winners == (1,)
    assert out.scores == (6.0, 9.0) and out.reason == "turn limit: larger army"


def test_ruling_the_initial_distribution_places_the_highest_card_first_one_at_a_time():
    """README, ## Rulings (decided here): "The initial distribution places the cards highest
    first, one decision per card; no card may be kept back"."""
    s = new(3, roshambo="random")
    assert s.phase == DISTRIBUTE
    dealt = sum(len(h) for h in s.hands)
    steps = 0
    while s.phase == DISTRIBUTE:
        for p in s.to_move():
            hand = s.observation(p)["hand"]
            legal = s.legal_actions(p)
            assert {type(a) for a in legal} == {Place}
            assert {a.card for a in legal} == {max(hand, key=rank_value)}
            assert {a.commander for a in legal} == set(s.tables[p])
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
        steps += 1
    assert steps == dealt  # one decision per card, none kept back
    assert s.hands == [[], []]


def test_ruling_general_and_spy_once_per_turn_even_with_two_kings_and_two_aces():
    """README, ## Rulings (decided here): "the General and the Spy once each per turn, even
    with two battalions under Kings or Aces"."""
    s = arrange({"KH": ["5H", "6H"], "KD": ["7D"], "AH": ["8H"], "AD": ["9D"]},
                {"KS": ["4S"], "QS": ["3S"]})
    s.apply(0, UseGeneral())
    s.apply(0, Done())
    assert UseGeneral() not in s.legal_actions(0)  # the second King gives no second General
    s.apply(0, UseSpy())
    s.apply(0, Pick("4S"))
    s.apply(0, SwapWith("3S"))
    assert UseSpy() not in s.legal_actions(0)  # nor the second Ace a second Spy
    assert s.phase == MAIN


def test_ruling_the_general_needs_two_face_cards():
    """README, ## Rulings (decided here): "The General needs two face cards; each move picks up
    one card and puts it on another face card (bare or not)"."""
    s = arrange({"KH": ["5H", "6H"]}, {"KS": ["4S"]})
    assert UseGeneral() not in s.legal_actions(0)  # nowhere else to put a card
    s = arrange({"KH": ["5H", "6H"], "QH": []}, {"KS": ["4S"]})
    assert UseGeneral() in s.legal_actions(0)  # a bare face card will do


def test_ruling_the_generals_moves_go_on_when_they_leave_the_king_bare():
    """README, ## Rulings (decided here): "Once begun, the General's moves may go on when they
    leave the King bare" ("Advantages can only be used by battalions" is checked when an
    advantage starts). Audit (stop 48): the code did so without a ruling that said it."""
    s = arrange({"KH": ["3H", "4H"], "QC": [], "JD": ["2D"]}, {"KS": ["4S"]})
    s.apply(0, UseGeneral())
    for card in ("3H", "4H"):
        s.apply(0, Pick(card))
        s.apply(0, Place(card, "QC"))
    assert s.tables[0]["KH"] == []  # the King commands no battalion now
    s.apply(0, Pick("2D"))  # the third move is still offered
    s.apply(0, Place("2D", "KH"))
    assert s.phase == MAIN and s.tables[0] == {"KH": ["2D"], "QC": ["3H", "4H"], "JD": []}


def test_ruling_no_turn_in_in_the_middle_of_a_battle():
    """README, ## Rulings (decided here): turn-ins are offered in the advantages step and at the
    turn's end; "Not in the middle of a battle, nor in the opponent's turn"."""
    s = arrange({"KH": ["3H", "4H"], "QH": [], "JH": ["5H"]},
                {"KS": ["9S", "8S"], "AS": [], "JS": ["6S"]},
                reserve=["8D", "7D"])
    assert TurnIn("QH") in s.legal_actions(0)  # the advantages step offers it
    s.apply(0, Attack("KH"))
    assert not any(isinstance(a, TurnIn) for a in s.legal_actions(0))  # choosing a target
    s.apply(0, Target("KS"))
    assert s.phase == ORDER
    assert not any(isinstance(a, TurnIn) for p in (0, 1) for a in s.legal_actions(p))
    s.apply(0, PutNext("3H"))  # the 4 follows by itself
    s.apply(1, PutNext("9S"))
    assert s.phase == BATTLE and len(events(s, "flip")) == 1  # 3H fell to the 9
    assert not any(isinstance(a, TurnIn) for a in s.legal_actions(0))
    assert s.legal_actions(1) == []  # the defender's bare Ace: not in the opponent's turn
    s.apply(0, Flip())  # 4H falls to the 8: the battle is over, the King bare
    assert s.battle is None and s.current == 0
    assert {a.commander for a in s.legal_actions(0) if isinstance(a, TurnIn)} == {"KH", "QH"}


def test_ruling_the_attacker_chooses_its_battalion_then_the_target_with_no_going_back():
    """README, ## Rulings (decided here): "The attacker chooses its battalion first and then
    the target; there is no going back once a battalion is chosen."""
    s = arrange({"KH": ["5H"], "QH": ["6H"]}, {"KS": ["4S"], "AS": ["6S"]}, reserve=["9D"])
    s.apply(0, Attack("KH"))
    assert s.phase == TARGET
    legal = s.legal_actions(0)
    assert legal and all(isinstance(a, Target) for a in legal)
    for other in (Attack("QH"), FortifyAgain(), UseGeneral()):
        with pytest.raises(IllegalAction):
            s.apply(0, other)
    assert s.phase == TARGET and s.tables[0] == {"KH": ["5H"], "QH": ["6H"]}


def test_ruling_the_medic_revives_the_latest_casualty_even_from_an_earlier_battle():
    """README, ## Rulings (decided here): "The card revived is the latest in your casualty
    pile, from this battle or an earlier one." The Queen's battalion loses nothing in this
    battle; the 10 lost before comes back to it."""
    s = arrange({"QH": ["9H"], "KH": ["5H"]}, {"KS": ["4S"], "AS": ["6S"]},
                casualties=(["3C", "10C"], []))
    fight(s, "QH", "KS")
    assert s.phase == MEDIC
    s.apply(0, Revive())
    assert sorted(s.tables[0]["QH"]) == ["10C", "9H"] and s.casualties[0] == ["3C"]
    assert events(s, "revive")[0]["card"] == "10C"


def test_ruling_each_player_has_its_own_casualty_pile_face_up():
    """README, ## Rulings (decided here): "Each player has its own casualty pile, face up."."""
    s = arrange({"KH": ["9H", "3H"], "QH": ["3C"]}, {"KS": ["4S", "8S"], "AS": ["6S"]})
    fight(s, "KH", "KS", ["9H", "3H"], ["4S", "8S"])
    s.apply(0, Flip())
    assert s.casualties == [["3H"], ["4S"]]
    for viewer in (0, 1, None):
        assert s.observation(viewer)["casualties"] == [["3H"], ["4S"]]
