"""The browser table's rules panel names the options a game is played with (stop 67)."""

from __future__ import annotations

import json

from playwright.sync_api import expect
from test_api import client, create, receive

from warroom.engine.config import played_with


def welcome(c, made: dict, seat: int) -> dict:
    with c.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": made["seats"][seat]["token"]}))
        frame = receive(ws)
    assert frame["type"] == "welcome"
    return frame


def test_the_rules_panel_says_which_options_differ_from_the_summary(live_server, browser):
    """Audit (stop 67): a kow table made with 2 dice at most and 1 Victory to win showed the
    default summary ("1-4 dice", "First to 3 Victories") and nothing else: the terminal's `?`
    adds "This game is played with max_dice=2, victories_to_win=1 (the summary gives the
    defaults).", the browser's rules panel did not. It does now, in the same words."""
    page = browser.new_page()
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "options": {"max_dice": 2, "victories_to_win": 1},
        "seats": [{"kind": "here"}, {"kind": "heuristic"}]}).json()
    page.goto(f"{live_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    page.locator("#rules > summary").click()
    expect(page.locator("#rules-text .rules-played-with")).to_have_text(
        "This game is played with max_dice=2, victories_to_win=1 (the summary gives the "
        "defaults).")
    plain = page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "seats": [{"kind": "here"}, {"kind": "heuristic"}]}).json()
    page.goto(f"{live_server.url}/game/{plain['id']}#t={plain['seats'][0]['token']}")
    page.locator("#rules > summary").click()
    expect(page.locator("#rules-text li").first).to_be_visible()
    expect(page.locator("#rules-text .rules-played-with")).to_have_count(0)
    page.close()


def test_another_seats_secret_option_stays_hidden_in_the_rules_line(tmp_path):
    """A Battle seat's constructed deck list is that seat's secret while the game is played:
    the line the rules panel adds names it for its own seat, "hidden" for the others."""
    with client(tmp_path / "g.sqlite") as c:
        made = create(c, "battle", options={"deck_mode": "constructed",
                                            "deck1": {"shipped": "sample-deck"}})
        own, other = welcome(c, made, 1)["played_with"], welcome(c, made, 0)["played_with"]
    assert "deck1=" in own and "hidden" not in own, own
    assert other == played_with("deck_mode=constructed, deck1=hidden"), other
