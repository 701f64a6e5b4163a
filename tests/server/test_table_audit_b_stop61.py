"""Defects of the table page found by the stop 61 audit (four friends playing Viktory II at
the browser): a move refused in the protocol's words, the game's name cut in a phone's
header, and a win at the turn limit whose result did not say what broke the tie."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import expect
from test_api import client, create, hello, receive
from test_audit54_phone import phone


def test_a_move_the_table_moved_past_is_refused_in_players_words(db):
    """Audit (stop 61): a move sent just after another seat's read "the table changed before
    your move came (you saw version 282, it is at 283): nothing was played; choose again";
    "version 282" means nothing to a player. It says what happened in their words."""
    with client(db) as c:
        made = create(c, game="kow", seats=("invite", "invite"))
        with c.websocket_connect(f"/ws/{made['id']}") as a, \
                c.websocket_connect(f"/ws/{made['id']}") as b:
            seen = hello(a, made["seats"][0]["token"])
            hello(b, made["seats"][1]["token"])
            # the secret dice: both seats choose at once, and seat 0's choice comes first
            a.send_text(json.dumps({"type": "act", "version": 0, "index": 0,
                                    "action": seen["legal"][0]["action"]}))
            assert receive(a)["version"] == receive(b)["version"] == 1
            b.send_text('{"type": "act", "version": 0, "index": 0}')
            refused = receive(b)
    assert refused == {"type": "error", "message": (
        "another move was played before yours arrived (another player's, or one from another "
        "tab): yours was not played; choose again")}


def test_a_phones_header_shows_the_games_short_title(seeded_server, browser):
    """Audit (stop 61): a phone's header cut Viktory II's name, "Viktory II (the map game,
    with dice...", its note in brackets taking the room. A phone shows the title without
    that note, "Viktory II", whole; a wider screen the whole title."""
    context, page = phone(browser)
    made = page.request.post(f"{seeded_server.url}/api/games", data={
        "game": "viktory-ii", "options": {}, "seed": 1,
        "seats": [{"kind": "here"}, {"kind": "random"}]}).json()
    page.goto(f"{seeded_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    name = page.locator("#title .title-name")
    expect(name).to_have_text("Viktory II", use_inner_text=True)  # what is shown
    assert name.evaluate("(e) => e.scrollWidth <= e.clientWidth + 0.5"), "cut"
    expect(page.locator("#title .title-id")).to_contain_text(made["id"])
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(name).to_have_text("Viktory II (the map game, with dice or the Battle Cards)",
                              use_inner_text=True)
    assert page.errors == []
    context.close()


def finished(url: str, page, body: dict) -> dict:
    made = page.request.post(f"{url}/api/games", data=body).json()
    deadline = time.monotonic() + 120
    while (game := page.request.get(f"{url}/api/games/{made['id']}").json())[
            "status"] != "finished":
        assert time.monotonic() < deadline, "the AI game did not finish"
        time.sleep(0.1)
    return game


def test_a_win_at_the_turn_limit_on_a_tie_break_says_what_broke_the_tie(seeded_server,
                                                                        browser):
    """Audit (stop 61): a Viktory II game won at the turn limit with the capitals tied showed
    "Capitals held: Seat 0 1 · Seat 1 1" and "Seat 1 wins", nothing saying why seat 1 won.
    The result panel gives the outcome's cities and towns of each seat, which broke the tie;
    a win the scores show (a resignation's 1 and 0) has no such line."""
    page = browser.new_page()
    game = finished(seeded_server.url, page, {
        "game": "viktory-ii", "options": {"turn_limit": 1}, "seed": 7,
        "seats": [{"kind": "random"}, {"kind": "random"}]})
    out = game["outcome"]
    assert out["winners"] == [1] and out["scores"] == [1.0, 1.0], out  # the case audited
    page.goto(f"{seeded_server.url}/game/{game['id']}")
    expect(page.locator("#headline")).to_have_text("Seat 1 wins")
    expect(page.locator("#scores")).to_have_text("Capitals held: Seat 0 1 · Seat 1 1")
    cities, towns = out["details"]["cities"], out["details"]["towns"]
    expect(page.locator("#tie-break")).to_have_text(
        f"Cities: Seat 0 {cities[0]} · Seat 1 {cities[1]}; "
        f"towns: Seat 0 {towns[0]} · Seat 1 {towns[1]}")
    assert (cities[1], towns[1]) > (cities[0], towns[0])  # what the line shows
    # Review (stop 61): the replay's last position said only the scores; its result reads as
    # the table's
    page.goto(f"{seeded_server.url}/replay/{game['id']}")
    expect(page.locator("#where")).to_have_text(re.compile(r"^position \d+ of \d+$"))
    page.keyboard.press("End")
    expect(page.locator("#result .tie-break")).to_have_text(
        f"Cities: Seat 0 {cities[0]} · Seat 1 {cities[1]}; "
        f"towns: Seat 0 {towns[0]} · Seat 1 {towns[1]}")
    made = page.request.post(f"{seeded_server.url}/api/games", data={
        "game": "kow", "options": {}, "seed": 1,
        "seats": [{"kind": "here"}, {"kind": "invite"}]}).json()
    page.goto(f"{seeded_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#headline")).to_have_text("You lose - seat 1 wins")
    expect(page.locator("#tie-break")).to_have_count(0)
    page.close()
