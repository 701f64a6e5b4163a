"""Hidden hands stay hidden in the flow of the battle: whether a decision is put to a player,
and every public event, depend only on what the other side may know (hand sizes, the face-up
discard pile), never on the cards in a hand. Where a player might hold a card it could play,
it is asked, with a pass among its choices, whether or not it holds one."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from viktory_helpers import GAME, act, battle, events, hybrid_battle, labels

from warroom.engine.flowcheck import compare_flow, flow_leak, twin
from warroom.games.viktory.actions import (
    HoldOverwatch,
    Launch,
    Pass,
    PassWindow,
    StandGround,
)
from warroom.games.viktory_battles.resolver import BattleSession

BASE = dict(terrain="plains", settlement="none", defenders="2i1c", attackers=("2i1c",))
QUIET = [6] * 40  # dice that never hit


def random_moves(state, seed, moves):
    """Play up to `moves` moves drawn with random.Random(seed).choice, checking before each
    that the flow reveals nothing to either side; the state after them."""
    rng = random.Random(seed)
    for n in range(moves):
        if state.is_terminal():
            break
        for seer in (0, 1):
            for k in range(6):
                leak = flow_leak(GAME, state, seer, 100 * n + k, steps=3)
                assert leak is None, f"before move {n + 1}: {leak}"
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    return state


# --- hybrid: the launch ------------------------------------------------------------------------
def test_principle_hybrid_the_launch_is_put_to_the_attacker_whatever_its_hand():
    """The report: over seeds 0-59 the defender saw the attacker asked to launch exactly when
    it held Secrecy or Forced March."""
    config = GAME.config({"mode": "hybrid", "defender_hand": 0})
    firsts = set()
    for seed in range(60):
        state = GAME.new_state(config, seed)
        obs = state.observation(1)
        firsts.add((tuple(obs["to_move"]), obs["decision"]))
        assert Launch() in state.legal_actions(0)  # attacking without a card is the pass
    assert firsts == {((0,), "launch")}


def test_principle_hybrid_an_attacker_without_attack_text_is_asked_with_only_the_pass():
    """Artillery ready to fire Overwatch: the attacker may hold Secrecy, as far as the
    defender can tell."""
    state = hybrid_battle(["RA1", "FL11"], [], QUIET, **{**BASE, "defenders": "2i1a",
                                                         "overwatch": True})
    assert state.decision == ("launch", 0) and labels(state) == ["launch the attack"]


def test_principle_hybrid_an_empty_hand_is_not_asked_everyone_sees_it_is_empty():
    config = GAME.config({"mode": "hybrid", **BASE, "attacker_hand": 0, "overwatch": False})
    state = GAME.new_state(config, 0)
    assert state.hands[0] == [] and events(state, "window")  # no launch question
    assert state.decision == ("window", 1)  # the attacker passed by itself; the defender asked


# --- hybrid: the card window ----------------------------------------------------------------------
def test_principle_hybrid_the_window_opens_whatever_the_hands():
    """The report: seed 1, after move 5 no window opened, which told the attacker that the
    defender held no Special Event. Now both are asked, each may only pass."""
    state = hybrid_battle(["RA1", "FL11"], ["FR11"], QUIET, **BASE)
    assert events(state, "window") and state.decision == ("window", 0)
    assert labels(state) == ["pass (play no card now)"]
    act(state, PassWindow())
    assert state.decision == ("window", 1) and labels(state) == ["pass (play no card now)"]
    act(state, PassWindow())
    assert len(events(state, "round")) == 1


def test_principle_hybrid_no_window_when_everyone_can_tell_nobody_could_play():
    """No reserve to draw (Reinforcements), no event in effect (Reversal of Fortune), and
    every Mud and Ignore Terrain face up in the discard pile: nobody is asked. (The battle
    waits at its launch, Overwatch ready, while the discards are laid out.)"""
    state = hybrid_battle(["REIN", "ROF"], ["ROF2"], QUIET, **{**BASE, "defenders": "2i1a",
                                                               "overwatch": True})
    state.discard = ["MUD", "IGN"]
    act(state, Launch())
    act(state, HoldOverwatch())
    assert events(state, "window") == [] and len(events(state, "round")) == 1


def test_principle_hybrid_reported_game_reveals_nothing():
    state = GAME.new_state(GAME.config({"mode": "hybrid"}), 1)
    random_moves(state, 1, 12)


# --- cards: the wave ---------------------------------------------------------------------------
def test_principle_cards_the_wave_is_put_to_the_attacker_whatever_its_hand():
    state = battle(["FL11", "SC11"], [])  # no Attack card: the defender cannot know it
    assert state.decision == ("wave", 0) and events(state, "wave")
    assert labels(state) == ["call off the attack (the defender holds)"]
    act(state, StandGround())
    assert state.result == ((1,), "attacker called off the attack")
    assert [e["event"] for _, e in state.log if e["event"] not in ("draw", "drew")] == [
        "battle", "wave", "stand_ground", "result"]


def test_principle_cards_a_later_wave_without_an_attack_card_says_nothing_of_the_hand():
    """The report: a public `no_attack_card` event told the defender that the attacker held no
    Attack card."""
    state = battle(["RA1", "FL11"], [])
    act(state, state.legal_actions(0)[0])  # RA1
    act(state, Pass())
    act(state, state.legal_actions(1)[0])  # the defender's casualty
    assert state.decision == ("wave", 0) and labels(state) == [
        "call off the attack (the defender holds)"]
    assert events(state, "no_attack_card") == []
    act(state, StandGround())
    assert state.result == ((1,), "attacker stood its ground")


@pytest.mark.parametrize("seed", [6])
def test_principle_cards_reported_game_reveals_nothing(seed):
    """A battle where the attacker ran out of Attack cards after a few moves."""
    state = GAME.new_state(GAME.config({"mode": "cards"}), seed)
    random_moves(state, seed, 10)
    assert events(state, "no_attack_card") == []


# --- determinisation asks again -----------------------------------------------------------------
def test_determinize_poses_the_question_again_from_the_resampled_hands():
    """A determinisation does not keep a decision hidden cards could have decided: the
    launch and the card window are put again, from the hands it deals. Here the attacker's
    question stands, since it never depended on its hand."""
    state = GAME.new_state(GAME.config({"mode": "hybrid", "defender_hand": 0}), 0)
    for k in range(20):
        copy = state.determinize(1, random.Random(k))
        assert copy.decision == ("launch", 0)
    what, _ = compare_flow(GAME, state.clone(), twin(state, 1, 0), 1, random.Random(0), 20)
    assert what is None


# --- the conformance check catches the reported leaks --------------------------------------------
def ask_only_a_holder(self, player, wanted):
    """The reported rule: a player is asked only when it holds a card it could play."""
    return any(wanted(self.cards[c]) for c in self.hands[player])


def leaks_along(values, seed, moves):
    """What flow_leak finds before each of `moves` random moves of a battle."""
    state = GAME.new_state(GAME.config(values), seed)
    rng = random.Random(seed)
    leaks = []
    for n in range(moves):
        leaks += [leak for seer in (0, 1) for k in range(8)
                  if (leak := flow_leak(GAME, state, seer, 100 * n + k, steps=3))]
        if state.is_terminal():
            break
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    return leaks


def planted_leaks(values, seeds, moves):
    """`leaks_along` with the reported rule put back (in this process for good: only a child
    process calls this)."""
    BattleSession.may_hold = ask_only_a_holder
    return [leak for seed in seeds for leak in leaks_along(values, seed, moves)]


# The planted rule runs in a child process with the rules interpreted: compiled rules
# (warroom.native) call their own methods directly, whatever a patch of the class says.
CHILD = ("import json, sys; from test_viktory_hidden import planted_leaks; "
         "print(json.dumps(planted_leaks(*json.loads(sys.argv[1]))))")


@pytest.mark.parametrize("values, seeds, moves, found", [
    # the launch, put only to an attacker holding Secrecy or +1 MP (4 of the first 12 seeds)
    ({"mode": "hybrid", "defender_hand": 0}, range(12), 1,
     "0 action(s) on: to move: (0,) in the real game, (1,) in the twin"),
    # the card window, opened only when someone held a card to play
    ({"mode": "hybrid"}, [1], 8, "{'round': 2, 'event': 'window'} in the twin"),
    # the wave: a public event said the attacker held no Attack card
    ({"mode": "cards"}, [6], 10, "public events: event {'player': 0, 'forced': True, "
                                 "'event': 'stand_ground'} in the real game, {'wave': 2, "
                                 "'event': 'wave'}"),
])
def test_flow_check_finds_the_reported_leaks_when_only_holders_are_asked(
        values, seeds, moves, found):
    """With the reported rule put back, engine.flowcheck (the conformance check) finds each of
    the three leaks of the report: the launch, the card window, the wave."""
    here = Path(__file__).parent
    child = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps([values, list(seeds), moves])],
        cwd=here, env={**os.environ, "WARROOM_NATIVE": "0", "PYTHONPATH": str(here)},
        capture_output=True, text=True)
    assert child.returncode == 0, child.stderr
    leaks = json.loads(child.stdout)
    assert any(found in leak for leak in leaks), leaks
