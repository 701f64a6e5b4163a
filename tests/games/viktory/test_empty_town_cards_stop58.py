"""Cards mode's move into an empty town: an Attack card matters there only for its text."""

from __future__ import annotations

from viktory_helpers import act, battle, events, labels

from warroom.games.viktory_battles.actions import MoveIn, PlayCard

EMPTY_TOWN = dict(settlement="town", defenders="0", attackers=("1i",))


def test_an_attack_card_without_text_is_not_offered_into_an_empty_town():
    """Audit (stop 58): with cards, into an empty town (`scenario=empty-town`) the attacker
    was offered `play A16 Surprise Attack 2H/0M plains as an Attack`, a card without text,
    which was discarded with no effect: the text lets a card be played there only "to take
    advantage of the card text". As at a hybrid launch, only cards with Attack card text are
    offered, played for their text."""
    state = battle(["RA3", "SA2", "SEC", "MP"], [], **EMPTY_TOWN)
    actions = state.legal_actions(0)
    assert actions[0] == MoveIn()
    plays = [a for a in actions if type(a) is PlayCard]
    assert sorted(a.card for a in plays) == ["MP", "SEC"]
    assert {a.use for a in plays} == {"text"}
    assert "play SEC SEC 1H/0M water [Secrecy] for its text" in labels(state)
    act(state, next(a for a in plays if a.card == "SEC"))
    assert events(state, "play")[0]["use"] == "text"
    assert state.result == ((0,), "attacker took the town")


def test_with_only_textless_attack_cards_moving_in_is_the_one_choice():
    """Audit (stop 58): an attacker holding only Attack cards without text is offered only to
    move in without one (the cards stay in its hand)."""
    state = battle(["RA3", "SA2"], [], **EMPTY_TOWN)
    assert state.legal_actions(0) == [MoveIn()]
    act(state, MoveIn())
    assert state.result == ((0,), "attacker took the town")
    assert {"RA3", "SA2"} <= set(state.hands[0])
