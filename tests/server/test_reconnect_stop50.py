"""The table page refused as one too many (4429) tries again later (audit, stop 50)."""

from __future__ import annotations

import json


def test_a_page_refused_as_one_too_many_comes_back_once_there_is_room(live_server, browser):
    """Audit (stop 50): a page refused for a passing reason (close code 4429: here the game's
    spectators at their cap) stopped for good, "This link opens no table", as for a wrong
    token. It says why, tries again, ever later, and comes to the table once there is room."""
    server = live_server.app.state.server
    page = browser.new_page()
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "seats": [{"kind": "here"}, {"kind": "invite"}]}).json()
    server.max_game_watchers = 0
    page.goto(f"{live_server.url}/game/{made['id']}")  # a spectator
    page.wait_for_function("document.querySelector('#message').textContent"
                           ".includes('spectators, the most it may')", timeout=15_000)
    page.wait_for_timeout(2500)  # a try or two more, refused
    assert page.locator("#refused").count() == 0
    assert page.locator("#status").inner_text() == "Connection lost - reconnecting..."
    server.max_game_watchers = 64
    page.wait_for_selector("#table .panel", timeout=20_000)
    assert page.locator("#refused").count() == 0
    page.close()


def test_a_page_refused_while_too_many_wait_to_say_hello_tries_again(live_server, browser):
    """Audit (stop 50): "too many connections from this address waiting to say hello" is
    refused before the hello is read, so its close may come as an abnormal one (1006) after
    the error frame: that too is tried again (the frame says so: `retry`), not taken for a
    refusal of the link."""
    page = browser.new_page()
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "seats": [{"kind": "here"}, {"kind": "invite"}]}).json()
    opened = []

    def busy_then_through(ws):
        opened.append(ws)
        if len(opened) > 1:
            ws.connect_to_server()
            return

        def on_hello(_message):
            ws.send(json.dumps({"type": "error", "message": "too many connections from this "
                                "address waiting to say hello (at most 16)", "retry": True}))
            ws.close(code=1006)
        ws.on_message(on_hello)

    page.route_web_socket("**/ws/*", busy_then_through)
    page.goto(f"{live_server.url}/game/{made['id']}")
    page.wait_for_selector("#table .panel", timeout=20_000)
    assert page.locator("#refused").count() == 0
    assert len(opened) == 2
    page.close()
