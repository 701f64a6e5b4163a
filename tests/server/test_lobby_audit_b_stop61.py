"""Defects of the lobby's seats found by the stop 61 audit (four friends making a Viktory II
game at the browser): the number of players hidden in the folded rule options, and the seats
it added seated AIs whatever the seats before them were."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_lobby_page import lobby


def seat_kinds(page) -> list[str]:
    return page.eval_on_selector_all("#seats-form select", "(all) => all.map((s) => s.value)")


def test_the_number_of_players_is_by_the_seats_and_new_seats_are_invited_too(live_server,
                                                                            browser):
    """Audit (stop 61): choosing Viktory II showed "Seat 0" and "Seat 1" only; the number of
    players waited inside the closed "Rule options" fold, and the seats it added read "AI:
    heuristic", so four friends nearly started a game against two AIs. The count is one field
    beside the seats, in sight, and a seat added takes the kind of the seat before it."""
    page = browser.new_page()
    lobby(page, live_server.url, "viktory-ii")
    expect(page.locator("#options-box")).not_to_have_attribute("open", "")
    players = page.locator("#opt-players")
    expect(players).to_be_visible()  # the fold is still closed
    expect(page.locator("[data-option=players]")).to_have_count(1)  # one field, not two
    assert not players.evaluate("(e) => !!e.closest('#options-box')")
    assert players.evaluate(
        "(e) => e.closest('form').querySelector('#seats-form').previousElementSibling"
        ".contains(e)")
    page.select_option("select[name=seat1]", "invite")
    players.fill("4")
    expect(page.locator("#seats-form .seat-row")).to_have_count(4)
    assert seat_kinds(page) == ["here", "invite", "invite", "invite"]
    page.click("#start")
    page.wait_for_url(re.compile(r"/game/"))
    game_id = page.url.split("/game/")[1].split("#")[0]
    listed = page.request.get(f"{live_server.url}/api/games/{game_id}").json()
    assert [s["kind"] for s in listed["seats"]] == ["person"] * 4
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('warroom:{game_id}'))")
    assert [inv["seat"] for inv in kept["invites"]] == [1, 2, 3]  # three links to send
    page.close()


def test_a_two_player_game_keeps_its_seats_and_shows_no_count(live_server, browser):
    """Audit (stop 61): for a game of two (Kings of War, The Game of Champions, whose players
    allow 2 only) nothing is added by the seats, and seat 1 is the heuristic AI as before;
    a game of 2 to 8 (Battle) starts at two seats, seat 1 the AI's, its count by them."""
    page = browser.new_page()
    for name in ("kow", "champions"):
        lobby(page, live_server.url, name)
        expect(page.locator("#players-box [data-option]")).to_have_count(0)
        assert seat_kinds(page) == ["here", "heuristic"]
    lobby(page, live_server.url, "battle")
    expect(page.locator("#players-box #opt-players")).to_be_visible()
    assert seat_kinds(page) == ["here", "heuristic"]
    page.locator("#opt-players").fill("3")
    assert seat_kinds(page) == ["here", "heuristic", "heuristic"]
    page.close()


def test_a_seats_search_budget_stays_when_the_count_changes(live_server, browser):
    """Audit (stop 61, found with the seats above): each change of the player count drew the
    seats anew with every mcts budget put back to 1 s, so a budget of 0.3 s set before the
    count was sent as 1 s; the seats keep theirs, and a seat added takes its neighbour's."""
    page = browser.new_page()
    lobby(page, live_server.url, "viktory-ii")
    page.select_option("select[name=seat1]", "mcts")
    page.fill("input[name=seconds1]", "0.3")
    page.locator("#options-box").evaluate("e => e.open = true")  # where the count was
    page.locator("#opt-players").fill("3")
    assert seat_kinds(page) == ["here", "mcts", "mcts"]
    expect(page.locator("input[name=seconds1]")).to_have_value("0.3")
    expect(page.locator("input[name=seconds2]")).to_have_value("0.3")
    page.close()
