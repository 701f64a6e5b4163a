"""Viktory II battles (`viktory`, on the `viktory_battles` resolver): the rulings of the game's
README ("## Rulings") that no other test names, each pinned by a test that names it.

Every test quotes its ruling and where it is written. Battles use the helpers of
viktory_helpers: scripted dice (attacker's dice first in a round, then the defender's), and
the small test deck with hands set by hand (the draw pile lists its top card last).
"""

from __future__ import annotations

from viktory_helpers import GAME, act, battle, dice_battle, events, hybrid_battle, labels, play

from warroom.games.viktory.actions import (
    Casualty,
    FightOn,
    Launch,
    Pass,
    PassWindow,
    PlayCard,
    Retreat,
    StandGround,
)

QUIET = [6] * 40  # dice that never hit
OPEN = dict(terrain="plains", settlement="none")


def rolls(state, cause="battle", player=None):
    return [e for e in events(state, "roll")
            if e["cause"] == cause and (player is None or e["player"] == player)]


def uses(state, card):
    return {a.use for a in state.legal_actions(state.to_move()[0])
            if isinstance(a, PlayCard) and a.card == card}


def counters(state):
    return {a.card for a in state.legal_actions(state.to_move()[0])
            if getattr(a, "use", "") == "counter" and not a.card.startswith("CZ")}


# --- Dice ---------------------------------------------------------------------------------------

def test_ruling_a_hex_side_counts_while_a_unit_that_entered_from_it_survives(monkeypatch):
    """README, ## Rulings (Dice): "Attacker dice: 1 each if infantry, cavalry, artillery are
    present, +1 per additional hex side; a hex side counts while a unit that entered from it
    survives."

    Two hex sides of one infantry each: two dice. The second side's infantry falls in round 1:
    round 2 is fought with one die."""
    state = dice_battle(monkeypatch, [6, 6, 2, 6, 6] + QUIET, **OPEN, defenders="2i",
                        attackers=("1i", "1i"))
    assert len(rolls(state, player=0)[0]["dice"]) == 2
    assert state.decision == ("casualty", 0)  # the owner picks which infantry falls
    act(state, Casualty(True, 2, 0))
    assert state.session.attacker[1:] == [[1, 0, 0, 0], [0, 0, 0, 0]]
    assert state.session.attacker_dice() == 1
    act(state, FightOn())
    assert len(rolls(state, player=0)[1]["dice"]) == 1


def test_ruling_selective_hits_are_assigned_first_by_the_firer_then_the_ordinary_by_the_owner(
        monkeypatch):
    """README, ## Rulings (Dice): "Selective hits are assigned first (by the firer), then the
    ordinary ones (by the owner)." A 1 and a 2 against three defenders of three kinds."""
    state = dice_battle(monkeypatch, [2, 1, 6, 6, 6] + QUIET, **OPEN, defenders="1i1c1a",
                        attackers=("1i", "1i"))
    assert rolls(state, player=0)[0]["selective"] == 1
    assert state.decision == ("casualty", 0)  # the 1: the attacker picks first
    act(state, Casualty(False, 0, 2))  # the artillery
    assert state.decision == ("casualty", 1)  # the 2: then the defender picks its own loss
    act(state, Casualty(False, 0, 0))
    assert state.session.defender == [0, 1, 0, 0]


def test_ruling_suppression_counts_the_defenders_at_the_start_of_the_round(monkeypatch):
    """README, ## Rulings (Dice): "Both sides roll at once and casualties are removed together.
    The attacker's hits beyond the defender's units (at the start of the round) suppress that
    many defender dice".

    Three hits against one infantry in a forest with naval support (three defender dice): two
    hits are beyond the one unit, so two dice are suppressed and one is rolled (counting the
    units after the casualty, three would be, and none rolled)."""
    state = dice_battle(monkeypatch, [2, 2, 2, 6] + QUIET, terrain="forest", settlement="none",
                        naval_support=True, defenders="1i", attackers=("1i", "1i", "1i"))
    assert events(state, "suppress") == [{"event": "suppress", "dice": 2}]
    assert len(rolls(state, player=1)[0]["dice"]) == 1  # the infantry's die too: at once


def test_ruling_after_max_rounds_the_attacker_must_withdraw(monkeypatch):
    """README, ## Rulings (Dice): "After `max_rounds` rounds it must withdraw (a guard; not in
    the text)."."""
    state = dice_battle(monkeypatch, QUIET, **OPEN, defenders="2i", attackers=("2i",),
                        max_rounds=2)
    assert state.decision == ("continue", 0)
    act(state, FightOn())
    assert state.is_terminal() and len(events(state, "round")) == 2
    assert state.outcome().winners == (1,) and state.outcome().reason == "round limit reached"
    assert events(state, "retreat")[-1]["forced"] is True
    assert GAME.config().max_rounds == 100


def test_ruling_a_town_emptied_by_bombard_is_still_fought_for_one_round(monkeypatch):
    """README, ## Rulings (Dice): "An empty town or city is fought for one round: only the
    defender rolls, the dice it has without units ... This also holds when bombard or
    pre-battle fire empties it" (pre-battle fire is pinned in test_viktory_dice.py; this is
    bombard)."""
    state = dice_battle(monkeypatch, [2, 6] + QUIET, terrain="plains", settlement="town",
                        defenders="1i", attackers=("1i",), bombard="1a")
    assert [r["cause"] for r in events(state, "roll")] == ["bombard", "battle"]
    assert len(events(state, "round")) == 1
    assert rolls(state, player=0) == [] and len(rolls(state, player=1)[0]["dice"]) == 1
    assert state.outcome().reason == "attacker took the town"


def test_ruling_bombarding_units_add_no_dice_and_cannot_take_the_hex(monkeypatch):
    """README, ## Rulings (Dice): "Bombarding units add no dice and cannot take the hex."

    An infantry attacks with an artillery bombarding: one die. Both the infantry and the
    defender fall: the artillery left next door takes nothing (both sides destroyed)."""
    state = dice_battle(monkeypatch, [6, 2, 2] + QUIET, **OPEN, defenders="1i",
                        attackers=("1i",), bombard="1a")
    assert [len(r["dice"]) for r in rolls(state, player=0)] == [1]
    assert state.session.attacker[0] == [0, 0, 1, 0]  # the bombarding artillery is still there
    assert state.outcome().winners == () and state.outcome().reason == "both sides destroyed"


def test_ruling_the_battle_ends_when_no_committed_attacker_is_left_even_with_a_reserve(
        monkeypatch):
    """README, ## Rulings (Dice): "The battle ends when no committed attacking unit is left,
    even if a reserve is: reserve units would make a new attack, which is not part of one
    battle."."""
    state = dice_battle(monkeypatch, [6, 2] + QUIET, **OPEN, defenders="2i", attackers=("1i",),
                        attacker_reserves=("1i",))
    assert state.decision == ("launch", 0)
    act(state, Launch())  # the reserve stays back
    assert state.is_terminal()
    assert state.outcome().winners == (1,) and state.outcome().reason == "attacker destroyed"
    assert state.session.reserve[1] == [1, 0, 0, 0]


def test_ruling_the_expansion_rules_are_on_by_default():
    """README, ## Rulings (Dice): "The expansion rules (Artillery Characteristics, Overwatch)
    are on by default: the variant's battle sequence includes Overwatch. Scenarios and options
    can turn them off." (The open-field scenario does not mention them.)"""
    b = GAME.config({"scenario": "open-field"}).battle
    assert b.artillery_characteristics and b.overwatch
    off = GAME.config({"scenario": "open-field", "overwatch": False,
                       "artillery_characteristics": False}).battle
    assert not off.artillery_characteristics and not off.overwatch


def test_ruling_scores_are_the_units_each_side_has_left(monkeypatch):
    """README, ## Rulings (Dice): "Scores are the units each side has left."."""
    state = dice_battle(monkeypatch, [2, 6, 6] + QUIET, **OPEN, defenders="2i",
                        attackers=("2i1c",))
    assert state.decision == ("continue", 0) and state.session.defender == [1, 0, 0, 0]
    act(state, Retreat())
    out = state.outcome()
    assert out.winners == (1,) and out.scores == (3.0, 1.0)


def test_ruling_standing_ones_ground_at_the_first_wave_is_a_defender_win():
    """README, ## Rulings (Dice): "A retreat (or standing one's ground, or having no Attack
    card) is a defender win." (Retreat and no Attack card are pinned elsewhere.)"""
    state = battle(["RA1"], [])
    act(state, StandGround())
    assert state.result == ((1,), "attacker called off the attack")
    assert state.session.lost == [0, 0]


# --- Battle Cards -------------------------------------------------------------------------------

def test_ruling_one_shared_deck_its_discard_pile_face_up_refilled_when_empty():
    """README, ## Rulings (Battle Cards): "One shared deck; the discard pile is face up.
    Played and flipped cards are discarded; an empty deck is refilled by shuffling the
    discards.". Audit (stop 46) asked whether a played card should stay out of the draw pile
    until its battle ends: the variant's text says nothing of cards in play, so the reading
    stays (one resolver for both games; the map game's README says so too): the Attack card
    just played is reshuffled with the discards, and its player may draw it back."""
    state = battle(["RA1", "RA2"], ["FL11"], deck=[])
    state.discard = ["CZ7", "CZ8"]
    play(state, "RA1")  # discarded as played; the replenishment finds the deck empty
    assert [e["cards"] for e in events(state, "reshuffle")] == [3]  # CZ7, CZ8 and RA1
    assert [e["count"] for e in events(state, "draw") if e["why"] == "replenishment"] == [1, 1]
    drawn = sorted(state.hands[0] + state.hands[1])
    for kept in ("RA2", "FL11"):
        drawn.remove(kept)
    assert len(drawn) == 2 and set(drawn) <= {"CZ7", "CZ8", "RA1"}
    assert state.discard == [] and len(state.deck) == 1  # one shared deck for both sides
    play(state, "FL11")
    for viewer in (0, 1, None):
        obs = state.observation(viewer)
        assert obs["discard"] == ["FL11"] and obs["deck_left"] == 1


def test_ruling_a_special_event_in_the_wave_decision_needs_another_attack_card():
    """README, ## Rulings (Battle Cards): "A Special Event is played on one's turn to play,
    before a battle card, and keeps the turn; in the attacker's wave decision only while
    another Attack card is left to launch the wave."."""
    alone = battle(["MUD"], ["FL11"])
    assert uses(alone, "MUD") == {"attack"}  # played as its event, nothing could launch
    with_attack = battle(["MUD", "RA1"], ["FL11"])
    assert uses(with_attack, "MUD") == {"attack", "event"}


def test_ruling_a_reversal_of_fortune_answers_as_its_own_counter_type():
    """README, ## Rulings (Battle Cards): "A Reversal of Fortune card answers as its own
    counter type." The test deck's Reversal is a Flank Counter: the attacker answers it with a
    Flank or Surprise Counter, not a Frontal one."""
    state = battle(["RA1", "FL11", "FR11", "SC02"], ["ROF"])
    play(state, "RA1")
    play(state, "ROF")
    assert state.to_move() == (0,) and state.session.last_type == "flank"
    assert counters(state) == {"FL11", "SC02"}


def test_ruling_suppression_and_combat_supply_play_no_part_with_cards():
    """README, ## Rulings (Battle Cards): "Suppression and combat supply are dice rules: the
    text gives them no part with cards."

    Three live hits against a lone infantry in a forest: with dice two would suppress both
    defender dice; with cards the defender's Counter still has its two hits live (its dice
    before the exchange), and the attacker's supply changes nothing."""
    for supply in (False, True):
        state = battle(["RA3"], ["FL21"], terrain="forest", defenders="1i",
                       attackers=("1i", "1i", "1i"), attacker_supply=supply)
        play(state, "RA3")
        assert state.session.pending == 3
        play(state, "FL21")  # blocks one; two fell the infantry; its two hits go live
        assert state.session.units(1) == 0 and state.session.pending == 2
        assert events(state, "suppress") == []


def test_ruling_the_card_battle_round_ends_when_the_attackers_card_leaves_no_defender():
    """README, ## Rulings (Battle Cards): "In the open the round ends when the attacker's card
    leaves no defender." The defender's answer costs it its last units; the attacker answers
    its hits with a Counter: in an open forest nobody is left to answer that, and the attacker
    takes the hex (a town or city answers: test_defender_responds_stop68.py)."""
    state = battle(["RA2", "FL22"], ["FL2P"], terrain="forest", defenders="1i1c")
    play(state, "RA2")
    play(state, "FL2P")  # no misses: both defenders fall, both its hits are live
    assert state.session.units(1) == 0 and state.to_move() == (0,)
    play(state, "FL22")  # two misses block them
    assert state.result == ((0,), "attacker took the hex")
    assert state.session.lost == [0, 2]


def test_ruling_an_attacker_everyone_can_tell_has_no_attack_card_stands_its_ground_unasked():
    """README, ## Rulings (Battle Cards): "It is not asked only when everyone can tell it holds
    no card that attacks (an empty hand, or every such card face up in the discard pile): then
    it stands its ground by itself" (the empty hand is pinned in test_viktory_cards.py; this is
    the discard pile)."""
    state = battle(["RA1", "FL11"], ["FL01"], defenders="5i")
    attacking = [cid for cid, card in state.cards.items() if card.can_attack and cid != "RA1"]
    state.deck = [c for c in state.deck if c not in attacking]
    state.discard = list(attacking)
    play(state, "RA1")
    play(state, "FL01")  # blocks the hit; the attacker answers nothing
    act(state, Pass())
    if state.decision == ("casualty", 0):
        act(state, state.legal_actions(0)[0])
    assert state.result == ((1,), "attacker stood its ground")
    assert events(state, "stand_ground")[-1]["forced"] is True
    assert len(events(state, "wave")) == 1  # no second wave was put to it
    assert "FL11" in state.hands[0] and not any(state.cards[c].can_attack
                                                 for c in state.hands[0])


# --- Dice with the cards' text (hybrid) ---------------------------------------------------------

def test_ruling_hybrid_counter_cards_without_text_wait_in_the_hand():
    """README, ## Rulings (hybrid): "Other Counter cards have no text, so they have no use with
    dice: they wait in the hand." The defender holds two plain Counters: in the card window it
    is asked (nobody can tell its hand holds no Special Event) and may only pass."""
    state = hybrid_battle([], ["FL11", "FR11"], QUIET, terrain="plains", settlement="none",
                          defenders="2i1c", attackers=("2i1c",))
    assert state.decision == ("window", 1)  # the attacker, with no card, passed by itself
    assert labels(state) == ["pass (play no card now)"]
    act(state, PassWindow())
    assert state.hands[1] == ["FL11", "FR11"]
    assert len(events(state, "round")) == 1 and not events(state, "play")
