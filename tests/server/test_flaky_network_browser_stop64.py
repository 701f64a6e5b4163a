"""Phone players on a bad network, in a real browser: a connection that dies without a word
(its traffic dropped on the way, or the device offline) is found out and opened again, a move
it lost can be chosen again, and an invite page whose welcome was lost comes back to its seat."""

from __future__ import annotations

import json
import time

from playwright.sync_api import expect
from test_waiting_friends_stop67 import CLAIMED

from warroom.server.live import token_hash

# Waits short enough for a test (the page's own: a ping every 10 s, an answer within 8 s)
QUICK = "window.warroomTiming = {ping: 500, answer: 1500};"
DICE = "#table .dice-choices .playable"


class Network:
    """The page's WebSocket traffic through the test: while `down`, every frame is dropped,
    both ways, and nothing is closed (a half-open connection: a phone's network gone without a
    word, the server none the wiser)."""

    def __init__(self, page):
        self.down = False
        page.route_web_socket("**/ws/*", self._route)

    def _route(self, ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda message: None if self.down else server.send(message))
        server.on_message(lambda message: None if self.down else ws.send(message))
        server.on_close(lambda code, reason: None if self.down else ws.close(code=code,
                                                                             reason=reason))


def new_game(page, url: str, seats: list[str]) -> dict:
    made = page.request.post(f"{url}/api/games", data={
        "game": "kow", "seats": [{"kind": kind} for kind in seats]}).json()
    assert "id" in made, made
    return made


def wait_for(check, why: str) -> None:
    deadline = time.monotonic() + 20
    while not check():
        assert time.monotonic() < deadline, why
        time.sleep(0.05)


def test_audit_a_silent_connection_is_given_up_and_its_lost_move_chosen_again(live_server,
                                                                               browser):
    """Audit (stop 64): with a half-open connection (its traffic silently dropped) the header
    kept saying "Your turn" with no message, the WebSocket never closed, and a tap sent a move
    into the void: a second tap did nothing, without a word. The page now pings, and gives up
    a connection that answers nothing (a ping, a hello, an act): the header says the
    connection is lost while it is, the page reconnects, and a move that was never played can
    be chosen again, the page saying so in one line."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.add_init_script(QUICK)
    network = Network(page)
    made = new_game(page, live_server.url, ["here", "heuristic"])
    live = live_server.app.state.server.games[made["id"]]
    page.goto(f"{live_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    status = page.locator("#status")
    expect(status).to_have_text("Your turn", timeout=15_000)
    before = live.version
    network.down = True
    page.locator(DICE).first.click()  # sent, and lost on the way
    expect(status).to_have_text("Connection lost - reconnecting...", timeout=15_000)
    page.locator(DICE).first.click()  # not swallowed: the page says why nothing happens
    expect(page.locator("#message")).to_have_text("not connected; reconnecting")
    network.down = False
    expect(status).to_have_text("Your turn", timeout=15_000)
    expect(page.locator("#message")).to_have_text("your last move was not sent; choose again")
    assert live.version == before
    page.locator(DICE).first.click()
    wait_for(lambda: live.version > before and live.actions[before][0] == 0,
             "the move chosen again was not played")
    context.close()


def test_audit_the_page_says_at_once_that_the_device_is_offline(live_server, browser):
    """Audit (stop 64): `context.set_offline(True)` left the header at "Your turn" and the
    WebSocket open, for as long as the page stayed offline. The device's offline event now
    shows the lost connection at once (the page's own pings are made to wait here), and its
    online event brings the table back."""
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("window.warroomTiming = {ping: 600000, answer: 600000};")
    made = new_game(page, live_server.url, ["here", "heuristic"])
    page.goto(f"{live_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    status = page.locator("#status")
    expect(status).to_have_text("Your turn", timeout=15_000)
    context.set_offline(True)
    expect(status).to_have_text("Connection lost - reconnecting...", timeout=15_000)
    context.set_offline(False)
    expect(status).to_have_text("Your turn", timeout=15_000)
    assert page.locator("#message").is_hidden()  # no move was lost
    context.close()


def test_audit_an_invite_page_whose_welcome_was_lost_comes_back_to_its_seat(live_server,
                                                                          browser):
    """Audit (stop 64): a phone opened its invite link and lost its connection just after the
    hello, the welcome with the seat's own token on its way. Back with the invite link, it was
    told "Seat 0 was taken by the invited player: ... you are watching", and the game, against
    an AI, stood still for good. It now comes back to its seat, with a new token in place of
    the one the lost welcome carried; once it has it, the link opened elsewhere only
    watches."""
    made = new_game(browser.new_page(), live_server.url, ["invite", "heuristic"])
    invite = made["seats"][0]["token"]
    server = live_server.app.state.server
    lost: list[str] = []
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    page = phone.new_page()

    def drop_the_first_welcome(ws) -> None:
        to_server = ws.connect_to_server()

        def to_page(message: str) -> None:
            if not lost and json.loads(message)["type"] == "welcome":
                lost.append(json.loads(message)["token"])
                to_server.close(code=4000)  # (no close by the page: 1000)
                ws.close(code=1006)
                return
            ws.send(message)
        to_server.on_message(to_page)

    page.route_web_socket("**/ws/*", drop_the_first_welcome)
    page.goto(f"{live_server.url}/game/{made['id']}#t={invite}")
    expect(page.locator("#status")).to_have_text("Your turn", timeout=15_000)
    expect(page.locator("#seats")).to_contain_text("Seat 0: person (you)")
    # (the seat is this page's: stop 67's note on its link, not that it was taken)
    expect(page.locator("#notice")).to_have_text(CLAIMED)
    assert lost
    token = page.evaluate("location.hash").removeprefix("#t=")
    assert token not in (lost[0], invite)
    live = server.games[made["id"]]
    assert live.seats[0].token_hash == token_hash(token)
    wait_for(lambda: 0 not in live.pending, "the page did not say it holds the token")
    other = browser.new_context()
    later = other.new_page()
    later.goto(f"{live_server.url}/game/{made['id']}#t={invite}")
    expect(later.locator("#notice")).to_have_text(
        "Seat 0 was taken by the invited player: this link opens it no more, and you are "
        "watching", timeout=15_000)
    for context in (phone, other):
        context.close()
