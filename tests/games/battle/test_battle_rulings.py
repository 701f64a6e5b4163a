"""Battle: the rulings of the game's README ("## Rulings") and of docs/RULINGS.md that no
other test names, each pinned by a test that names it.

Every test quotes its ruling and where it is written. Positions are built with
battle_helpers.arrange and driven through the public contract (legal actions, apply,
observations, the log), as test_battle_rules.py does.
"""

from __future__ import annotations

from battle_helpers import (
    arrange,
    attack,
    begin_turn,
    block,
    done,
    end_turn,
    events,
    names,
    new,
    soldiers,
)

from warroom.games.battle.actions import (
    Attack,
    Block,
    ChooseOpponent,
    Destroy,
    EndTurn,
    GiveSoldier,
    PlayCourt,
    PlaySoldier,
    PlaySpecial,
)
from warroom.games.battle.cards import STANDARD_DECK
from warroom.games.battle.state import BLOCK, GIVE, MAIN, OPPONENT

README = "src/warroom/games/battle/README.md, ## Rulings"

# Twelve cards of no ability (no Ace, Two, Three or Joker), for a large hand.
BIG_HAND = ["4C", "5C", "6C", "7C", "8C", "9C", "10C", "4D", "5D", "6D", "7D", "8D"]


def _attacks(state, player):
    return [a for a in state.legal_actions(player) if isinstance(a, Attack)]


# --- "No hand limit, and soldiers are not tapped" ----------------------------------------------

def test_ruling_no_hand_limit_a_hand_keeps_every_card_through_the_end_of_the_turn():
    """README, ## Rulings, decided here: "**No hand limit**, and soldiers are not "tapped"".

    A player with thirteen cards ends its turn with all thirteen: nothing asks it to discard,
    nothing goes to the discard pile, and its next draw step makes it fourteen."""
    s = begin_turn(arrange(new(), hands={0: BIG_HAND}), 0)
    assert s.phase == MAIN and len(s.hands[0]) == 13  # twelve and the draw step's card
    assert {type(a) for a in s.legal_actions(0)} == {PlaySoldier, EndTurn}
    discard_before = list(s.discard[0])
    end_turn(s, 0)
    assert s.active == (1,)  # the turn passed at once: no discard decision came first
    assert len(s.hands[0]) == 13 and s.discard[0] == discard_before
    assert not [e for e in s.visible_log(0) if e["event"] == "discard"]
    end_turn(s, 1)
    assert len(s.hands[0]) == 14


def test_ruling_soldiers_are_not_tapped_a_soldier_that_attacked_blocks_next_turn():
    """README, ## Rulings: "soldiers are not "tapped": a soldier that attacked can block in the
    next opponent's turn"."""
    s = begin_turn(arrange(new(), soldiers={0: ["9H"], 1: ["8C"]}), 0)
    attack(s, 0, "9H", 1)
    done(s, 1)  # unblocked: the Nine hits and stays in play
    assert s.hits[1] == 1 and soldiers(s, 0) == ["9H"]
    end_turn(s, 0)
    attack(s, 1, "8C", 0)
    assert s.phase == BLOCK and s.to_move() == (0,)
    assert Block("9H", 0) in s.legal_actions(0)
    block(s, 0, "9H", 0)
    assert s.hits[0] == 0 and soldiers(s, 0) == ["9H"] and soldiers(s, 1) == []


def test_ruling_a_soldier_that_attacked_may_attack_again_in_its_controllers_next_turn():
    """README, ## Rulings: "soldiers are not "tapped"": nothing keeps a soldier that attacked
    from attacking in its controller's next turn either."""
    s = begin_turn(arrange(new(), soldiers={0: ["9H"]}), 0)
    attack(s, 0, "9H", 1)
    end_turn(s, 0)
    end_turn(s, 1)
    assert Attack("9H", 1, 0, True) in _attacks(s, 0)


def test_ruling_a_soldier_taken_with_a_joker_attacks_only_from_the_takers_next_turn():
    """README, ## Rulings: "Soldiers can only attack from the turn after they are played (the
    attack step comes before the main step), including a soldier taken with a Joker."

    The Nine changes sides in the taker's main step: it cannot attack in that turn, and it can
    in the taker's next one (the taking counts as its playing, nothing longer)."""
    s = begin_turn(arrange(new(jokers=True), hands={0: ["JK"]}, soldiers={1: ["9S"]}), 0)
    s.apply(0, PlaySpecial("JK"))  # the opponent's only soldier: given without a decision
    assert soldiers(s, 0) == ["9S"] and s.phase == MAIN
    assert not _attacks(s, 0)
    end_turn(s, 0)
    assert not _attacks(s, 1)  # its former controller cannot attack with it either
    end_turn(s, 1)
    assert Attack("9S", 1, 0, True) in _attacks(s, 0)
    attack(s, 0, "9S", 1)
    assert s.hits[1] == 1


# --- The Joker: the player chooses the opponent ------------------------------------------------

def test_ruling_joker_the_player_chooses_the_opponent_who_chooses_the_soldier():
    """docs/RULINGS.md (Battle) and README: "**Joker**: the player chooses the opponent; that
    opponent chooses the soldier it gives. The soldier changes controller, not owner."

    With two opponents with soldiers, the player is asked which; the one chosen picks."""
    s = begin_turn(arrange(new(players=3, jokers=True), hands={0: ["JK"]},
                           soldiers={1: ["KS", "4D"], 2: ["QC", "5C"]}), 0)
    s.apply(0, PlaySpecial("JK"))
    assert s.phase == OPPONENT and s.to_move() == (0,)
    assert set(s.legal_actions(0)) == {ChooseOpponent(1), ChooseOpponent(2)}
    s.apply(0, ChooseOpponent(2))
    assert s.phase == GIVE and s.to_move() == (2,)
    assert set(s.legal_actions(2)) == {GiveSoldier("QC", 0), GiveSoldier("5C", 0)}
    s.apply(2, GiveSoldier("QC", 0))
    assert soldiers(s, 0) == ["QC"] and soldiers(s, 1) == ["4D", "KS"] and soldiers(s, 2) == ["5C"]
    assert s.owner[s.soldiers[0][0]] == 2


def test_ruling_a_joker_ability_needs_an_opponent_with_a_soldier():
    """README, ## Rulings: "A Two or a Joker needs an opponent with a soldier" (the Two is
    pinned in test_battle_rules.py; this is the Joker)."""
    s = begin_turn(arrange(new(jokers=True), hands={0: ["JK"]}, soldiers={0: ["5H"]}), 0)
    done(s, 0)
    legal = s.legal_actions(0)
    assert PlaySpecial("JK") not in legal and PlaySoldier("JK") in legal
    s = begin_turn(arrange(new(jokers=True), hands={0: ["JK"]}, soldiers={1: ["5H"]}), 0)
    assert PlaySpecial("JK") in s.legal_actions(0)


# --- Court cards and abilities -----------------------------------------------------------------

def test_ruling_a_soldier_taken_with_a_joker_counts_for_its_suit():
    """README, ## Rulings: "Court cards and abilities need a soldier of their suit in play at
    the time they are played (a soldier taken with a Joker counts ...)"."""
    s = begin_turn(arrange(new(jokers=True), hands={0: ["JK", "KS", "AS"]},
                           soldiers={1: ["9S"]}), 0)
    legal = s.legal_actions(0)
    assert PlayCourt("KS") not in legal and PlaySpecial("AS") not in legal  # no Spade yet
    s.apply(0, PlaySpecial("JK"))
    assert soldiers(s, 0) == ["9S"]
    end_turn(s, 0)  # one court card or ability a turn: the Joker was this turn's
    end_turn(s, 1)
    done(s, 0)
    legal = s.legal_actions(0)
    assert PlayCourt("KS") in legal and PlaySpecial("AS") in legal
    s.apply(0, PlayCourt("KS"))
    assert soldiers(s, 0) == ["9S", "KS"]


def test_ruling_a_joker_soldier_has_no_suit_for_court_cards_or_abilities():
    """README, ## Rulings: "... (a soldier taken with a Joker counts; a Joker has no suit)":
    a Joker in play as a soldier brings in no court card and enables no ability."""
    s = begin_turn(arrange(new(jokers=True), hands={0: ["KH", "QS", "JD", "JC", "AH", "3S"]},
                           soldiers={0: ["JK"]}), 0)
    done(s, 0)
    legal = s.legal_actions(0)
    assert not [a for a in legal if isinstance(a, (PlayCourt, PlaySpecial))]
    s.apply(0, PlaySoldier("AH"))  # a Heart in play now: the King of Hearts comes in
    assert PlayCourt("KH") in s.legal_actions(0)
    assert PlayCourt("QS") not in s.legal_actions(0)


def test_ruling_one_court_card_or_ability_per_player_per_turn_also_in_as_one():
    """README, ## Rulings: "Each player has one court card or ability per turn, also in As
    one": a member who played its court card has none left; its teammate still has its own."""
    s = begin_turn(arrange(new(players=4, teams="as-one"),
                           hands={0: ["KH", "AH", "QH"], 2: ["KS"]},
                           soldiers={0: ["5H"], 2: ["5S"]}), 0)
    done(s, 0)
    done(s, 2)
    s.apply(0, PlayCourt("KH"))
    legal = s.legal_actions(0)
    assert PlayCourt("QH") not in legal and PlaySpecial("AH") not in legal
    assert PlaySoldier("AH") in legal
    end_turn(s, 0)
    assert PlayCourt("KS") in s.legal_actions(2)


def test_ruling_an_ace_draws_what_the_piles_hold():
    """README, ## Rulings: "an Ace draws what the piles hold": with one card left in the draw
    pile and none in the discard pile, the Ace's two draws give that one card."""
    s = arrange(new(), hands={0: ["AH"]}, soldiers={0: ["7H"]})
    keep = s.draw[0][-2:]  # the draw step's card and one more
    s.side[0], s.draw[0], s.discard[0] = s.draw[0][:-2] + s.discard[0], keep, []
    begin_turn(s, 0)
    done(s, 0)
    assert len(s.draw[0]) == 1 and len(s.hands[0]) == 2
    s.apply(0, PlaySpecial("AH"))
    assert len(s.hands[0]) == 2  # the Ace left, the last card came: one drawn, not two
    assert s.draw[0] == [] and names(s, s.discard[0]) == ["AH"]
    assert events(s, "draws")[-1] == {"event": "draws", "player": 0, "count": 1}


# --- Groups, blocks, and the order of the moments ---------------------------------------------

def test_ruling_combats_are_fought_in_the_order_the_groups_were_declared():
    """README, ## Rulings: "Combats are fought in the order the groups were declared."

    The Nine's group is declared first and the King's second; the King's group is blocked
    first: the Nine's combat is fought first all the same."""
    s = begin_turn(arrange(new(), soldiers={0: ["9H", "KH"], 1: ["4S", "5S"]}), 0)
    attack(s, 0, "9H", 1)
    attack(s, 0, "KH", 1)
    block(s, 1, "5S", 1)
    block(s, 1, "4S", 0)
    assert [(e["card"], e["target_card"]) for e in events(s, "strike")] == [
        ("9H", "4S"), ("KH", "5S")]


def test_ruling_blocks_are_public():
    """README, ## Rulings: "Defenders declare blockers one after the other, clockwise from the
    attacker; blocks are public": the next defender, the attacker, a bystander and a spectator
    all see a block as soon as it is declared."""
    s = begin_turn(arrange(new(players=4, first_player=2),
                           soldiers={2: ["9H", "8H"], 0: ["5S"], 3: ["4S"]}), 2)
    attack(s, 2, "9H", 0)
    attack(s, 2, "8H", 3)
    block(s, 3, "4S", 1)
    assert s.to_move() == (0,)
    for viewer in (0, 1, 2, 3, None):
        obs = s.observation(viewer)
        assert obs["groups"][1]["blockers"] == [[3, "4S"]]
        assert [(e["player"], e["card"], e["group"]) for e in obs["log"]
                if e["event"] == "block"] == [(3, "4S", 1)]


def test_ruling_hits_come_before_the_strikes_a_knocked_out_defenders_blockers_leave_with_it():
    """README, ## Rulings: "**Hits come before the strikes** ...: hits are counted when the
    blocks are declared, and a player knocked out leaves before the combats (its blockers
    leave with it; the group they blocked stays blocked)."

    The defender blocks the Nine and lets the Eight through for its fifth hit: it is out before
    any combat, so its Five never fights (no strike at all), goes to the discard pile with it,
    and the Nine it blocked deals no hit and stays in play."""
    s = begin_turn(arrange(new(players=3), soldiers={0: ["9H", "8H"], 1: ["5S"]}), 0)
    s.hits[1] = 4
    attack(s, 0, "9H", 1)
    attack(s, 0, "8H", 1)
    block(s, 1, "5S", 0)  # its last free soldier: the blocks end
    assert s.out == [False, True, False] and s.hits[1] == 5  # the Eight's hit only
    assert events(s, "strike") == []
    assert soldiers(s, 0) == ["8H", "9H"] and soldiers(s, 1) == []
    assert "5S" in names(s, s.discard[0])
    assert s.phase == MAIN and not s.is_terminal()


def test_ruling_a_player_who_loses_leaves_and_its_hand_goes_to_the_discard_pile():
    """README, ## Rulings: "A player who loses leaves the game: its soldiers (and its hand) go
    to the discard pile." (The soldiers are pinned in test_battle_rules.py; this is the
    hand.)"""
    s = begin_turn(arrange(new(players=3), hands={1: ["QD", "7C"]}, soldiers={0: ["9H"]}), 0)
    s.hits[1] = 4
    attack(s, 0, "9H", 1)
    assert s.out[1] and s.hands[1] == []
    assert {"QD", "7C"} <= set(names(s, s.discard[0]))
    assert s.observation(2)["seats"][1]["hand"] == 0


def test_ruling_opponents_are_the_players_still_in_the_game():
    """README, ## Rulings: "**Opponents** are the players still in the game who are not on
    your team": a player who is out can no longer be attacked."""
    s = begin_turn(arrange(new(players=3), soldiers={0: ["9H", "8H"]}), 0)
    s.hits[1] = 4
    attack(s, 0, "9H", 1)
    done(s, 0)  # the Eight stays home
    assert s.out[1]
    end_turn(s, 0)
    end_turn(s, 2)  # the turn passes over player 1, who is out
    assert {a.target for a in _attacks(s, 0)} == {2}


# --- Teams and own decks ----------------------------------------------------------------------

def test_ruling_as_one_hands_are_not_shared():
    """README, ## Rulings (Teams): "*As one*: the team shares one turn ... Hands are not
    shared." A member plays only from its own hand and sees only its own."""
    s = begin_turn(arrange(new(players=4, teams="as-one"), hands={0: ["KH"], 2: ["6S", "7S"]},
                           soldiers={0: ["5H"]}), 0)
    done(s, 0)
    legal0 = s.legal_actions(0)
    assert PlaySoldier("6S") not in legal0 and PlaySoldier("7S") not in legal0
    assert PlayCourt("KH") in legal0
    obs = s.observation(0)
    assert "6S" not in obs["hand"] and "7S" not in obs["hand"]
    assert obs["seats"][2]["hand"] == len(s.hands[2])


def test_ruling_own_decks_a_card_used_for_its_ability_goes_to_its_owners_discard_pile():
    """README, ## Rulings (Own decks): "a destroyed soldier, or a card used for its ability,
    goes to its owner's discard pile" (the destroyed soldier is pinned in
    test_battle_teams.py; this is the card used for its ability)."""
    s = new(deck_mode="constructed", deck0=STANDARD_DECK[:40], deck1=STANDARD_DECK[12:])
    # (Clubs but the Ace are in player 1's deck only, Spades but the Queen and King in
    # player 0's only.)
    s = begin_turn(arrange(s, hands={1: ["3C"]}, soldiers={1: ["5C"], 0: ["9S"]}), 1)
    done(s, 1)
    s.apply(1, PlaySpecial("3C"))
    s.apply(1, Destroy(0, "9S"))
    assert names(s, s.discard[1]) == ["3C"]  # the Three, its owner's
    assert names(s, s.discard[0]) == ["9S"]  # the Nine, its owner's
