"""Audit (stop 65): a watched AI-only table queued behind tables where people play seemed to
have stopped: its page said only "Watching - waiting for seat 1 (AI: mcts, 5 s a move)".
The server tells a table's pages where its AI search stands in line (a `queued` frame); the
page's header says it after whom it waits, and drops it once the search has a worker."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect


def test_the_header_says_where_the_ai_search_stands_in_line(live_server, browser):
    page = browser.new_page()
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "seats": [{"kind": "invite"}, {"kind": "invite"}]}).json()
    routes = []

    def through(ws):
        ws.connect_to_server()
        routes.append(ws)

    page.route_web_socket("**/ws/*", through)
    page.goto(f"{live_server.url}/game/{made['id']}")  # watching: no seat's token
    page.wait_for_selector("#table .panel", timeout=20_000)
    waiting = "Watching - waiting for seat 0 (a person, not joined yet)"
    expect(page.locator("#status")).to_contain_text(waiting)
    line = "the AI's search is queued behind 2 tables where people play"
    routes[0].send(json.dumps({"type": "queued", "message": line}))
    expect(page.locator("#status")).to_have_text(re.compile(re.escape(f"; {line}") + "$"))
    routes[0].send(json.dumps({"type": "queued", "message": ""}))
    expect(page.locator("#status")).not_to_contain_text("queued")
    expect(page.locator("#status")).to_contain_text(waiting)
    page.close()
