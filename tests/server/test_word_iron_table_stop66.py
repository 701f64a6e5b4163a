"""The Word & Iron browser table says what the terminal says of an undealt champion deck and of
a truce's price."""

from __future__ import annotations

from table_render import render_table

from warroom.games.word_iron import GAME
from warroom.games.word_iron.actions import AnswerTruce, ChooseRoyal, OfferTruce

PILES = "[...root.querySelectorAll('.pile small')].map((e) => e.innerText)"


def test_the_champion_pile_before_the_royal_is_chosen_says_it_is_not_dealt(live_server, browser):
    """Audit (stop 66): before the royals were chosen the browser's champion pile read
    "champion: 0", as if the deck had no champions; the terminal says "champions 0 (not dealt
    yet)". The browser now says it too, and only until that side has chosen its royal."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    s = GAME.new_state(GAME.config({}), 0)
    assert "champion: 0 (not dealt yet)" in render_table(page, "word-iron", s.observation(0),
                                                          PILES)
    s.apply(0, ChooseRoyal("king"))  # seat 0's deck is dealt (rule 2), seat 1's not yet
    piles = render_table(page, "word-iron", s.observation(0), PILES)
    assert piles.count("champion: 0 (not dealt yet)") == 1 and "champion: 9" in piles
    page.close()


def test_the_truce_says_which_resource_changed_hands(live_server, browser):
    """Audit (stop 66): a battle ended by a truce read only "A draw ... truce" at the browser,
    while the log said "Player 1 accepts the truce and takes Highland Pasture from player 0".
    The table now says which resource changed hands, from the observation's result."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    s = GAME.new_state(GAME.config({}), 0)
    s.todo, s.pending = [], ("truce_offer", 0, 0)  # seat 0 sues for peace (rule 10)
    name = s.resource(s.realm[0][0]).name
    s.apply(0, OfferTruce(0, name))
    s.apply(1, AnswerTruce(True))
    obs = s.observation(0)
    assert obs["result"]["reason"] == "truce"
    text = " ".join(render_table(page, "word-iron", obs).split())
    assert f"Truce: seat 1 took {name} from you" in text
    text = " ".join(render_table(page, "word-iron", s.observation(1), seat=1).split())
    assert f"Truce: you took {name} from seat 0" in text
    page.close()
