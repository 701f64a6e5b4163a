"""Left at stop 63: in cards mode an Attack card's play did not say the hits it made live (a
Counter's did), so once a Counter answered it the battle panel no longer said that its hits
had been cut to its player's dice."""

from __future__ import annotations

from test_vik2_table import frame, harness, show
from test_vik2_table_stop63 import cards_battle

from warroom.games.viktory_battles.actions import PlayCard


def answered_attack(tmp_path):
    """The stop-63 battle (a 2-hit Attack card from one infantry), its Attack card played and
    answered by a Counter the defender is given."""
    state, attack = cards_battle(tmp_path)
    player = state.to_move()[0]
    state.apply(player, next(a for a in state.legal_actions(player)
                             if type(a) is PlayCard and a.card == attack and a.use == "attack"))
    pool, cards = state.pool, state.cards
    defender = state.to_move()[0]
    counter = next(c for c in pool.deck if state.session.counter_allowed(1, cards[c])
                   and not cards[c].special_event)
    pool.deck.remove(counter)
    pool.hands[defender].append(counter)
    state.apply(defender, next(a for a in state.legal_actions(defender)
                               if type(a) is PlayCard and a.card == counter))
    return state, attack, counter


def test_an_attack_cards_play_says_its_live_hits(tmp_path):
    """Left at stop 63: the Attack card's play carries `live` (1: one infantry's die), as a
    Counter's does, after a Counter has answered it."""
    state, attack, counter = answered_attack(tmp_path)
    plays = state.observation(0)["battle"]["plays"]
    assert [p["card"] for p in plays] == [attack, counter], plays
    assert plays[0]["use"] == "attack" and plays[0]["live"] == 1, plays


def test_the_cut_of_an_answered_attack_card_is_still_said(live_server, browser, tmp_path):
    """Left at stop 63: the panel said "2 hits cut to 1" of the Attack card only while it was
    the last card played; after the Counter the cut was gone from its line."""
    state, attack, counter = answered_attack(tmp_path)
    hits = state.cards[attack].hits
    context, page, errors = harness(browser, live_server.url)
    show(page, frame(state, 0))
    text = page.locator("#v2-battle-cards").inner_text()
    played = text.split("Played: ", 1)[1].split("\n", 1)[0]
    attack_line, counter_line = played.split("; ")
    assert attack in attack_line.split(), played
    assert f"{hits} hits cut to 1: a card lands at most its player's dice" in attack_line, played
    assert counter in counter_line, played
    assert not errors, errors
    context.close()
