"""Rules 40 and 43 of the Battle Cards text: an Attack card may be played for its text alone
"in order to take advantage of the card text", so one is offered for it only where that text
acts: Secrecy where defending artillery could fire Overwatch, +1 MP never inside a battle
(movement is the map's; this game has none)."""

from __future__ import annotations

from viktory_helpers import GAME, act, battle, events, hybrid_battle, labels

from warroom.games.viktory_battles.actions import MoveIn, PlayCard

EMPTY_TOWN = dict(settlement="town", defenders="0", attackers=("1i",))
OPEN = dict(terrain="plains", settlement="none", defenders="2i1c", attackers=("2i1c",))
QUIET = [6] * 40  # dice that never hit


def test_rule_43_no_attack_card_is_offered_into_an_empty_town_its_text_has_nothing_to_act_on():
    """Audit (stop 59): with cards, into an empty town (`scenario=empty-town`) the attacker
    was offered `play MP ... [+1 MP] for its text` (and Secrecy), and the question said "or
    play one for its text as you move in"; played, the card did nothing (the infantry could
    not move on, the card was simply spent). +1 MP acts while a unit moves, which this game
    has not, and nobody is there to fire the Overwatch Secrecy stops: moving in is the one
    choice, and the cards stay in hand."""
    state = battle(["RA3", "SEC", "MP"], [], overwatch=True, **EMPTY_TOWN)
    assert state.legal_actions(0) == [MoveIn()]
    prompt = GAME.prompt(state.observation(0), 0)
    assert prompt.startswith("Nobody defends") and "for its text" not in prompt
    act(state, MoveIn())
    assert state.result == ((0,), "attacker took the town")
    assert events(state, "play") == [] and {"SEC", "MP"} <= set(state.hands[0])


def test_rule_43_a_hybrid_launch_offers_secrecy_against_ready_artillery_never_plus_one_mp():
    """Audit (stop 59): at a hybrid launch the attacker was offered `play MP ... [+1 MP] for
    its text`, which does nothing inside a battle. Only Secrecy is offered, while the
    defender's artillery is ready to fire Overwatch."""
    state = hybrid_battle(["RA1", "SEC", "MP"], [], QUIET,
                          **{**OPEN, "defenders": "2i1a", "overwatch": True})
    assert state.decision == ("launch", 0)
    assert labels(state) == ["play SEC SEC 1H/0M water [Secrecy] for its text",
                             "launch the attack"]


def test_rule_43_a_hybrid_launch_with_no_text_that_acts_is_not_asked():
    """Audit (stop 59): with no artillery to fire Overwatch and no reserve, the attacker was
    still asked at the launch, to play Secrecy or +1 MP for nothing. Nobody can tell a card
    would act there, so the launch is not asked: the battle goes on to the card window."""
    state = hybrid_battle(["SEC", "MP"], [], QUIET, **OPEN)
    assert events(state, "play") == [] and state.decision == ("window", 0)
    assert not any(type(a) is PlayCard and a.use == "text" for a in state.legal_actions(0))
