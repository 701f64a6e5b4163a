"""Audit (stop 74, six friends drafting Battle at the browser): once a seat had picked, the
pack it passes on was still titled "pick one card" (its cards, no longer to be picked, did
nothing when clicked); and every seat's box said "hand 0 · hits" with five empty pips while
nobody holds a hand or has taken a hit."""

from __future__ import annotations

from table_render import render_table

from warroom.games.battle import GAME

PANELS = "[...root.querySelectorAll('.panel h3')].map((e) => e.textContent)"
HEADINGS = "[...root.querySelectorAll('.seat-area h4')].map((e) => e.textContent)"


def test_a_picked_pack_says_it_goes_on_and_seats_show_no_hands_before_the_battle(live_server,
                                                                                browser):
    page = browser.new_page()
    page.goto(live_server.url + "/")
    state = GAME.new_state(GAME.config({"deck_mode": "draft", "players": 6}), 1)
    titles = render_table(page, "battle", state.observation(0), PANELS)
    assert "Draft, pack 1: pick one card" in titles, titles
    state = state.apply(0, state.legal_actions(0)[0]) or state
    titles = render_table(page, "battle", state.observation(0), PANELS)
    assert "Draft, pack 1: picked; the rest go on when every seat has picked" in titles, titles
    assert not any("pick one card" in t for t in titles), titles
    headings = render_table(page, "battle", state.observation(0), HEADINGS)
    assert len(headings) == 6 and not any("hand" in t or "hits" in t for t in headings), headings
    # In the battle, each seat's hand and hits are there as before.
    played = GAME.new_state(GAME.config({"players": 6}), 1).observation(0)
    headings = render_table(page, "battle", played, HEADINGS)
    assert all(" · hand " in t and " · hits " in t for t in headings), headings
    page.close()
