"""The Game of Champions: what each player may know, and determinisation.

Secret: the Reserve Pile's order; before the reveal, which reinforcements the opponent holds and
where it put them; an unrevealed Roshambo throw; a battle order until its cards are flipped.
Everything on the table is open, like Chess.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from champions_helpers import arrange, fight, new

from warroom.games.champions.actions import (
    Attack,
    Flip,
    FortifyAgain,
    Place,
    PutNext,
    Target,
    Throw,
)
from warroom.games.champions.state import DECK, DISTRIBUTE, is_face


def all_cards(s):
    cards = [c for t in s.tables for cmd, cs in t.items() for c in [cmd, *cs]]
    cards += s.hands[0] + s.hands[1] + s.reserve + s.casualties[0] + s.casualties[1]
    return Counter(cards)


def obs_json(s, player):
    return json.dumps(s.observation(player), sort_keys=True)


def test_determinize_before_the_reveal_deals_the_opponent_new_reinforcements():
    s = new(3, roshambo="random")
    assert s.phase == DISTRIBUTE
    for _ in range(3):
        s.apply(0, s.legal_actions(0)[0])
    mine = {c: list(v) for c, v in s.tables[1].items()}
    seen = set()
    for k in range(20):
        d = s.determinize(1, random.Random(k))
        assert obs_json(d, 1) == obs_json(s, 1)
        assert d.tables[1] == mine and d.hands[1] == s.hands[1]  # its own cards are known
        assert list(d.tables[0]) == list(s.tables[0])  # face cards are laid down: public
        placed = sum(len(v) for v in d.tables[0].values())
        assert placed == 3 and len(d.hands[0]) == len(s.hands[0])
        assert not any(is_face(c) for c in d.hands[0])
        assert all_cards(d) == Counter(DECK)
        seen.add(tuple(sorted(c for v in d.tables[0].values() for c in v) + d.hands[0]))
    assert len(seen) > 10
    # player 0 knows its own placements and hand; player 1's are unknown to it in turn
    d = s.determinize(0, random.Random(1))
    assert d.tables[0] == s.tables[0] and d.hands[0] == s.hands[0]
    assert d.hands[1] != s.hands[1] and all_cards(d) == Counter(DECK)


def test_determinize_resamples_an_unrevealed_roshambo_throw():
    s = new(2)
    s.apply(0, Throw("paper"))
    throws = {s.determinize(1, random.Random(k)).throws[0] for k in range(30)}
    assert throws == {"rock", "paper", "scissors"}
    assert s.determinize(0, random.Random(1)).throws[0] == "paper"


def test_determinize_resamples_the_opponents_secret_battle_order():
    s = arrange({"KH": ["9H", "5H", "3H", "2H"], "QH": ["4D"]},
                {"KS": ["8S", "7S", "6S", "4S"], "AS": ["6C"]})
    s.apply(0, Attack("KH"))
    s.apply(0, Target("KS"))
    s.apply(0, PutNext("2H"))  # the attacker has begun to order; the defender has not
    orders = set()
    for k in range(30):
        d = s.determinize(1, random.Random(k))
        assert obs_json(d, 1) == obs_json(s, 1)
        assert d.legal_actions(1) == s.legal_actions(1)
        assert len(d.battle.order[0]) == 1 and sorted(d.battle.order[0] + d.battle.hand[0]) == \
            sorted(["9H", "5H", "3H", "2H"])
        orders.add(d.battle.order[0][0])
    assert len(orders) > 2
    assert s.determinize(0, random.Random(3)).battle.order[0] == ["2H"]


def test_determinize_keeps_flipped_cards_and_shuffles_the_defenders_unflipped_ones():
    s = arrange({"KH": ["10H", "10D", "9H", "9D"], "QH": ["4D"]},
                {"KS": ["8S", "7S", "6S", "5S"], "AS": ["6C"]})
    fight(s, "KH", "KS", ["10H", "10D", "9H", "9D"], ["5S", "8S", "7S", "6S"])
    assert s.battle.def_pass[0] == "5S"
    rests = set()
    for k in range(30):
        d = s.determinize(0, random.Random(k))
        assert obs_json(d, 0) == obs_json(s, 0)
        assert d.battle.def_pass[0] == "5S" and sorted(d.battle.def_pass) == sorted(
            s.battle.def_pass)
        assert d.battle.order[1] == d.battle.def_pass
        rests.add(tuple(d.battle.def_pass[1:]))
    assert len(rests) > 3
    # the defender knows its own order; it does not know the attacker's unflipped cards
    d = s.determinize(1, random.Random(5))
    assert d.battle.def_pass == s.battle.def_pass and d.battle.att_stack[0] == "10H"


def test_recycled_cards_are_known_and_not_resampled():
    s = arrange({"KH": ["3H", "4H", "10H", "10S"], "QH": ["4D"]},
                {"KS": ["9C", "8C"], "AS": ["6C"]})
    fight(s, "KH", "KS", ["3H", "4H", "10H", "10S"], ["9C", "8C"])
    s.apply(0, Flip())
    assert s.battle.def_round == 2 and s.battle.def_pass == ["9C", "8C"]
    obs = s.observation(0)["battle"]
    assert obs["defender_next"] == ["9C", "8C"]  # in their original order, seen by everyone
    for k in range(10):
        assert s.determinize(0, random.Random(k)).battle.def_pass == ["9C", "8C"]


def test_the_opponents_order_never_shows_before_its_cards_are_flipped():
    views = set()
    for order in (["5S", "8S", "7S", "6S"], ["5S", "6S", "7S", "8S"]):
        s = arrange({"KH": ["10H", "10D", "9H"], "QH": ["4D"]},
                    {"KS": ["8S", "7S", "6S", "5S"], "AS": ["6C"]})
        fight(s, "KH", "KS", None, order)
        views.add((obs_json(s, 0), obs_json(s, None)))
    assert len(views) == 1


def test_the_reserve_order_is_resampled_and_changes_the_future():
    s = arrange({"KH": ["5H"]}, {"KS": ["4S"]}, reserve=["2C", "3C", "4C", "5C", "6C", "7C"])
    tops = {s.determinize(0, random.Random(k)).reserve[-1] for k in range(20)}
    assert len(tops) > 2


def test_the_spectator_sees_public_information_only():
    s = new(3, roshambo="random")
    obs = s.observation(None)
    assert obs["hand"] is None
    assert all(cards is None for t in obs["tables"] for _, cards in t)
    while s.phase == DISTRIBUTE:
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
    obs = s.observation(None)
    assert all(cards is not None for t in obs["tables"] for _, cards in t)  # revealed
    assert "hand" not in obs


def test_only_the_drawn_card_of_the_reserve_is_seen():
    s = arrange({"KH": ["5H"], "QH": []}, {"KS": ["4S"]}, reserve=["9D", "8D"])
    s.apply(0, FortifyAgain())
    assert s.observation(1)["drawn"] == "8D" and "9D" not in obs_json(s, 1)
    s.apply(0, Place("8D", "QH"))
    assert "8D" in obs_json(s, 1)  # face up on the table
