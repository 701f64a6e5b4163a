"""The lobby's words for a seat someone has joined in a game still open, and the table page's
header while it asks the creator what to do with their own invite link (audit, stop 50)."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_browser import create_in_lobby
from test_lobby_page import lobby


def seats_cell(page, game_id: str):
    """The lobby row's "seats" cell of `game_id`."""
    return page.locator(f"#games tr[data-game='{game_id}'] td").nth(2)


def test_a_joined_seat_of_an_open_game_is_not_listed_as_open(live_server, browser):
    """Audit (stop 50): the lobby listed every person's seat of an open game as "open", joined
    or not: with the creator's seat joined (`"joined": true` in /api/games) the row read "open
    vs open vs open vs heuristic". Only a seat nobody has opened reads "open"; a joined one is
    a person, "person (away)" once its page is closed, as the lobby says of running games."""
    context = browser.new_context()
    page = context.new_page()
    game_id = create_in_lobby(page, live_server.url, "viktory-ii",
                              ["here", "invite", "invite", "heuristic"], {"players": "4"})
    page.wait_for_selector("#table .panel")
    summary = page.request.get(f"{live_server.url}/api/games/{game_id}").json()
    assert summary["status"] == "open"
    assert [s.get("joined") for s in summary["seats"]] == [True, False, False, None]
    # the creator's page still open, in another tab: seat 0 is a person, connected
    other = context.new_page()
    lobby(other, live_server.url)
    expect(seats_cell(other, game_id)).to_have_text("person vs open vs open vs heuristic",
                                                    timeout=10_000)
    other.close()
    # the creator's tab goes to the lobby: seat 0 is joined, its page gone
    lobby(page, live_server.url)
    expect(page.locator(f"#games tr[data-game='{game_id}'] td").nth(1)).to_have_text(
        "openWaiting for seat 0 (away)")  # (stop 75: whom the table waits for, under it)
    expect(seats_cell(page, game_id)).to_have_text(
        "person (away) vs open vs open vs heuristic", timeout=10_000)
    context.close()


def test_the_header_says_the_page_waits_for_the_creators_choice(live_server, browser):
    """Audit (stop 50): the creator opening their own invite link was asked "This is the invite
    link you made for seat 1 ... Watch the game / Take seat 1 here", but the header (#status)
    was blank: it is written only from a game frame, and the page connects only once
    answered. It says what the page waits for, then (answered) that it connects, until the
    first frame says whose turn it is."""
    context = browser.new_context()
    page = context.new_page()
    create_in_lobby(page, live_server.url, "kow", ["here", "invite"])
    link = page.locator("#invites input.link").input_value()
    mine = context.new_page()
    mine.goto(link)
    mine.wait_for_selector("#own-invite")
    expect(mine.locator("#status")).to_have_text(
        "Waiting for your choice: watch the game, or take seat 1 here")
    assert mine.locator("#status").is_visible()
    # the header is never blank on the way to the table
    mine.evaluate("""() => {
      window.blank = 0;
      new MutationObserver(() => {
        if (!document.querySelector("#status").textContent) window.blank += 1;
      }).observe(document.querySelector("#status"),
                 { childList: true, characterData: true, subtree: true });
    }""")
    mine.click("#own-invite-take")
    expect(mine.locator("#status")).to_have_text(
        re.compile(r"^(Your turn|Waiting for seat 0 \(a person\))$"), timeout=10_000)
    assert mine.evaluate("window.blank") == 0
    context.close()
