"""Friends at a table on their phones (stop 67): the tab's title tells a person it is their
turn, and a claimed invite says where the seat's link is now."""

from __future__ import annotations

from playwright.sync_api import expect
from test_a11y import my_turn, open_game
from test_browser import create_in_lobby, play_to_the_end

CLAIMED = ("This seat is yours: the invite link opens it no more, this page's address does. "
           "Bookmark it (or copy it) to come back from another browser or device.")


def test_the_tabs_title_says_your_turn_only_while_it_is(seeded_server, browser):
    """Audit (stop 67): friends waiting on their phones with the table in another tab (or
    another app) saw only its title, which never changed: nothing told them their turn had
    come. The title begins "● Your turn · " on the seat's turn, and says nothing of it once
    the game is over."""
    page = open_game(seeded_server, browser, "kow", seed=3)
    assert my_turn(page)
    page.wait_for_function("document.title.startsWith('● Your turn · ')")
    assert page.title().endswith(" - warroom"), page.title()
    base = page.title().removeprefix("● Your turn · ")
    play_to_the_end([page], seed=3)
    page.wait_for_function(f"document.title === {base!r}")
    assert "Your turn" not in page.title()
    assert not page.errors, page.errors
    page.close()


def test_a_claimed_invite_says_the_seats_link_is_the_pages_address(live_server, browser):
    """Audit (stop 67): a friend who opened the invite on a phone, then again in another
    browser (a chat app's own, say), found they only watched: the seat's link was in the
    first browser's address bar alone, and nothing had said to keep it. The page says so once,
    when the invite is spent (not at a reload)."""
    host, guest = browser.new_context(), browser.new_context()
    page = host.new_page()
    create_in_lobby(page, live_server.url, "kow", ["here", "invite"])
    link = page.locator("#invites input.link").input_value()
    other = guest.new_page()
    other.goto(link)
    expect(other.locator("#notice")).to_have_text(CLAIMED)
    other.reload()
    other.wait_for_selector("#table .panel")
    expect(other.locator("#seats")).to_contain_text("Seat 1: person (you)")
    expect(other.locator("#notice")).to_be_hidden()
    host.close()
    guest.close()


def test_invite_links_made_at_a_loopback_address_say_they_open_here_only(live_server,
                                                                         browser):
    """Audit (stop 67): a newcomer ran `warroom serve`, opened the lobby at 127.0.0.1 and
    sent a friend the invite link it showed, "http://127.0.0.1:8765/game/...": on the
    friend's computer that address is the friend's own machine, and nothing said so. Links
    made at a loopback address say how to make ones a friend elsewhere can open."""
    context = browser.new_context()
    page = context.new_page()
    create_in_lobby(page, live_server.url, "kow", ["here", "invite"])
    assert "127.0.0.1" in page.locator("#invites input.link").input_value()
    expect(page.locator("#invites .loopback-note")).to_contain_text(
        "These links open on this computer only. For a friend on another computer, start "
        "the server with --host")
    context.close()
