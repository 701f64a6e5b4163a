"""Battle: the rules audit of stop 50. Soldiers alike but for their owner (decks of their own,
a soldier taken with a Joker) are distinct choices; the As one hit line gives the team's
castle; the face-up discard piles are on the screen; the draft's third pile and sealed with
Jokers.

Positions are built with battle_helpers.arrange and driven through the public contract (legal
actions, apply, observations, the log), as test_battle_rules.py does. The `Owned...` actions
are imported where they are used: a module that failed to import them would hide the tests
of this file that check what was right already.
"""

from __future__ import annotations

import importlib
from collections import Counter

from battle_helpers import arrange, attack, begin_turn, done, end_turn, events, names, new

from warroom.games.battle import GAME
from warroom.games.battle.actions import GiveSoldier, PlaySpecial
from warroom.games.battle.cards import STANDARD_DECK, deck_names
from warroom.games.battle.heuristic import heuristic_action
from warroom.games.battle.state import DRAFT, GIVE, SACRIFICE, STRIKE, THREE

# A constructed deck with both Jokers (and no Two of clubs or diamonds), for both players.
DECK = tuple(c for c in STANDARD_DECK if c not in ("2C", "2D"))[:38] + ("JK", "JK")


def owned(kind: str):
    """An `Owned...` action class of the Battle actions (see the module's docstring)."""
    return getattr(importlib.import_module("warroom.games.battle.actions"), kind)


def two_nines(hands: dict | None = None, extra: tuple[str, ...] = ("5S",)):
    """P0 controls its own 9♥ and, taken with its Joker, P1's 9♥ (each player draws from its
    own deck); then it is P1's turn, its attack step."""
    s = new(deck_mode="constructed", jokers=True, deck0=DECK, deck1=DECK)
    s = begin_turn(arrange(s, hands={0: ["JK"], **(hands or {})},
                           soldiers={0: ["9H", *extra], 1: ["9H", "4S"]}), 0)
    done(s, 0)
    s.apply(0, PlaySpecial("JK"))
    s.apply(1, GiveSoldier("9H", 0))
    assert sorted((s.names[c], s.owner[c]) for c in s.soldiers[0] if s.names[c] == "9H") \
        == [("9H", 0), ("9H", 1)]
    if s.to_move() == (0,):
        end_turn(s, 0)
    assert s.active == (1,)
    return s


def nine_of(s, controller: int, owner: int) -> int:
    return next(c for c in s.soldiers[controller] if s.names[c] == "9H" and s.owner[c] == owner)


def check_encoded(s, player: int) -> None:
    """Every legal action has an index of the encoding's action space, none shared."""
    legal = s.legal_actions(player)
    enc = GAME.encoding(s.config)
    indices = enc.indices(s, player, legal)
    assert len(set(indices)) == len(legal)
    assert indices == [enc.index[enc.key(a, player, s)] for a in legal]
    assert all(0 <= i < enc.num_actions for i in indices)


# --- soldiers alike but for their owner -------------------------------------------------------

def test_audit_stop50_three_chooses_which_of_two_nines_alike_but_for_their_owner():
    """Audit (stop 50): rules, "3. **Three** – Destroy a soldier", with README, ## Rulings
    (Own decks): "a destroyed soldier ... goes to its owner's discard pile". P0's own 9♥ and
    the 9♥ it took from P1 with a Joker are two soldiers: destroying either is a choice of its
    own (there was one "destroy P0's 9♥", and it always took P0's own)."""
    for owner in (0, 1):
        s = two_nines(hands={1: ["3S"]})
        done(s, 1)
        s.apply(1, PlaySpecial("3S"))
        assert s.phase == THREE
        legal = s.legal_actions(1)
        Destroy = owned("OwnedDestroy")
        assert {a for a in legal if a.card == "9H"} == {Destroy(0, "9H", 0), Destroy(0, "9H", 1)}
        assert len({a.label for a in legal}) == len(legal)
        check_encoded(s, 1)
        kept = nine_of(s, 0, 1 - owner)
        s.apply(1, Destroy(0, "9H", owner))
        assert "9H" in names(s, s.discard[owner]) and "9H" not in names(s, s.discard[1 - owner])
        assert [c for c in s.soldiers[0] if s.names[c] == "9H"] == [kept]


def test_audit_stop50_two_the_victim_chooses_which_of_its_nines_it_loses():
    """Audit (stop 50): rules, "2. **Two** – ... destroy two of its soldiers (its choice)",
    with README, ## Rulings (Own decks): a destroyed soldier goes to its owner's discard pile.
    P0 may lose the 9♥ it took from P1 (back to P1's discard pile) and keep its own."""
    s = two_nines(hands={1: ["2S"]}, extra=("5S", "6S"))
    done(s, 1)
    s.apply(1, PlaySpecial("2S"))
    assert s.phase == SACRIFICE and s.to_move() == (0,)
    Sacrifice = owned("OwnedSacrifice")
    legal = s.legal_actions(0)
    assert Sacrifice("9H", 0) in legal and Sacrifice("9H", 1) in legal
    check_encoded(s, 0)
    mine = nine_of(s, 0, 0)
    s.apply(0, Sacrifice("9H", 1))
    assert names(s, s.discard[1]) == ["2S", "9H"] and mine in s.soldiers[0]


def test_audit_stop50_joker_the_opponent_chooses_which_of_its_nines_it_gives():
    """Audit (stop 50): rules, "4. **Joker** – You gain control of a soldier ... the opponent
    chooses", and README, ## Rulings: "The soldier changes controller, not owner". P0 may give
    P1 back P1's own 9♥ rather than its own."""
    s = two_nines(hands={1: ["JK"]})
    done(s, 1)
    s.apply(1, PlaySpecial("JK"))
    assert s.phase == GIVE and s.to_move() == (0,)
    Give = owned("OwnedGiveSoldier")
    legal = s.legal_actions(0)
    assert Give("9H", 1, 0) in legal and Give("9H", 1, 1) in legal
    check_encoded(s, 0)
    theirs, mine = nine_of(s, 0, 1), nine_of(s, 0, 0)
    s.apply(0, Give("9H", 1, 1))
    assert theirs in s.soldiers[1] and mine in s.soldiers[0]


def test_audit_stop50_attack_and_block_name_which_nine():
    """Audit (stop 50): rules, "1. **Choosing attackers** – When a player attacks, any number
    of soldiers" and blocking, with README, ## Rulings (Own decks): the controller chooses
    which of its two 9♥ attacks or blocks (the one lost in a combat goes to its owner's
    discard pile)."""
    Attack, Block = owned("OwnedAttack"), owned("OwnedBlock")
    s = two_nines()
    attack(s, 1, "4S", 0)  # P1's Four attacks P0: either 9♥ may block it
    legal = s.legal_actions(0)
    assert Block("9H", 0, 0) in legal and Block("9H", 0, 1) in legal
    check_encoded(s, 0)
    s.apply(0, Block("9H", 0, 1))
    assert s.groups[0][2] == [(0, nine_of(s, 0, 1))]
    s = begin_turn(two_nines(), 0)  # P0 attacks with the 9♥ it took
    legal = s.legal_actions(0)
    assert Attack("9H", 1, 0, True, 0) in legal and Attack("9H", 1, 0, True, 1) in legal
    check_encoded(s, 0)
    s.apply(0, Attack("9H", 1, 0, True, 1))
    assert s.groups[0][1] == [(0, nine_of(s, 0, 1))]
    # The other 9♥ is the only one left free: its name alone says which it is.
    assert owned("Attack")("9H", 1, 0, False) in s.legal_actions(0)


def test_audit_stop50_a_striker_chooses_which_of_two_nines_it_destroys():
    """Audit (stop 50): rules, "Each strike destroys one enemy soldier", the striker's
    controller choosing, with README, ## Rulings (Own decks): P1's King, blocked by P0's two
    9♥, may destroy the one P1 owns (back to P1's discard pile) or P0's own."""
    Block, Strike = owned("OwnedBlock"), owned("OwnedStrike")
    s = two_nines(extra=("5S",))
    s.soldiers[1].append(s._pop_named(s.draw[1], "KS"))  # P1's King, in play since last turn
    s.owner[s.soldiers[1][-1]] = 1
    s = begin_turn(s, 1)
    attack(s, 1, "KS", 0)
    done(s, 1)
    s.apply(0, Block("9H", 0, 0))
    s.apply(0, owned("Block")("9H", 0))  # the one 9♥ left free: its name alone says it
    done(s, 0)
    assert s.phase == STRIKE and s.to_move() == (1,)
    assert set(s.legal_actions(1)) == {Strike("KS", 0, "9H", 0), Strike("KS", 0, "9H", 1)}
    check_encoded(s, 1)
    s.apply(1, Strike("KS", 0, "9H", 1))
    assert "9H" in names(s, s.discard[1]) and "9H" not in names(s, s.discard[0])


def test_audit_stop50_the_heuristic_destroys_the_copy_its_own_discard_pile_takes_back():
    """Audit (stop 50): README, ## Rulings (Own decks): of P0's two 9♥, the Three of the
    heuristic P1 destroys the one P1 owns: it goes to P1's discard pile, to be drawn again."""
    s = two_nines(hands={1: ["3S"]})
    done(s, 1)
    s.apply(1, PlaySpecial("3S"))
    choice = heuristic_action(s, 1, None)
    assert choice == owned("OwnedDestroy")(0, "9H", 1)
    s.apply(1, choice)
    assert names(s, s.discard[1]) == ["3S", "9H"]


def test_audit_stop50_a_shared_deck_keeps_the_plain_choices():
    """Audit (stop 50): README, ## Rulings: with one shared deck and discard pile a soldier's
    owner makes no difference, so a soldier taken with a Joker is chosen by its name alone,
    as before (records and the encoding of the default stay the same)."""
    s = new(jokers=True)
    s = begin_turn(arrange(s, hands={0: ["JK"], 1: ["3S"]},
                           soldiers={0: ["9H", "5S"], 1: ["9D", "4S"]}), 0)
    done(s, 0)
    s.apply(0, PlaySpecial("JK"))
    s.apply(1, GiveSoldier("9D", 0))
    if s.to_move() == (0,):
        end_turn(s, 0)
    done(s, 1)
    s.apply(1, PlaySpecial("3S"))
    assert all(type(a).__name__ == "Destroy" for a in s.legal_actions(1))
    assert all(len(key) <= 3 for key in GAME.encoding(s.config).keys)  # no owner in a key


# --- the As one hit line ---------------------------------------------------------------------

def test_audit_stop50_as_one_the_hit_line_gives_the_team_castles_total():
    """Audit (stop 50): rules, "If either team is attacked by unblocked soldiers five times,
    then the entire team loses": the log line of a member's hit gives its team castle's
    total (it gave the member's own, "2 in all", as the team was knocked out at 5)."""
    s = begin_turn(arrange(new(players=4, teams="as-one"), soldiers={0: ["9H"]}), 0)
    s.hits = [0, 3, 0, 1]
    attack(s, 0, "9H", 3)  # its only soldier: the declaration ends, P3 has none to block
    (hit,) = events(s, "hits")
    assert hit["total"] == 5
    assert GAME.describe_event(hit) == \
        "Player 3 takes 1 unblocked hit: team 1's castle has 5 in all"
    assert s.out[1] and s.out[3] and s.is_terminal()


# --- the discard piles on the screen ---------------------------------------------------------

def test_audit_stop50_the_screen_shows_the_face_up_discard_piles():
    """Audit (stop 50): rules, "2. **Discard pile** – ... These cards are face up": the screen
    shows what is in each discard pile (its top cards, as many as fit), not only a count."""
    s = new(deck_mode="constructed", deck0=STANDARD_DECK[:40], deck1=STANDARD_DECK[12:])
    s = begin_turn(arrange(s), 0)
    s.discard[0].extend(s.draw[0].pop() for _ in range(3))
    s.discard[1].extend(s.draw[1].pop() for _ in range(30))
    text = GAME.render(s.observation(0), 0)
    line = next(line for line in text.splitlines() if line.startswith("Discard"))
    assert GAME.render(s.observation(0), 0).count("\n") < 24
    top0 = " ".join(GAME_card(c) for c in [s.names[c] for c in s.discard[0]])
    assert f"Player 0 {top0};" in line and GAME_card(s.names[s.discard[1][-1]]) in line
    assert "…" in line and len(line) <= 80
    shared = new()
    shared.discard[0].extend(shared.draw[0].pop() for _ in range(2))
    text = GAME.render(shared.observation(1), 1)
    assert " ".join(GAME_card(shared.names[c]) for c in shared.discard[0]) in text


def GAME_card(name: str) -> str:
    from warroom.games.battle.cards import card_text
    return card_text(name)


# --- decks: the draft's third pile, sealed with Jokers -----------------------------------------

def test_audit_stop50_draft_the_third_pile_passes_to_the_left():
    """Audit (stop 50): rules, "Then do the same thing, but pass the piles to the left again":
    the cards of the third pile move to the next seat (not only the pack event's label)."""
    s = new(players=3, deck_mode="draft", packs=3, pack_size=3, limited_size=9)
    while s.pack_no < 2:
        for p in s.to_move():
            s.apply(p, s.legal_actions(p)[0])
    assert s.phase == DRAFT and [e["direction"] for e in events(s, "pack")][-1] == "left"
    packs = [names(s, c) for c in s.cur]
    picks = []
    for p in range(3):
        pick = s.legal_actions(p)[-1]
        picks.append(pick.card)
        s.apply(p, pick)
    for p in range(3):
        rest = list(packs[p])
        rest.remove(picks[p])
        assert names(s, s.cur[(p + 1) % 3]) == rest  # left: the next seat


def test_audit_stop50_sealed_with_jokers_deals_each_player_54_cards():
    """Audit (stop 50): rules, "Then randomly deal a deck worth of face-down cards back to
    each player", with Jokers a deck of 54 cards."""
    s = new(players=3, deck_mode="sealed", jokers=True)
    assert [len(p) for p in s.pool] == [54, 54, 54]
    assert Counter(s.names[c] for p in s.pool for c in p) == Counter(deck_names(True) * 3)
