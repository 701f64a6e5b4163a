"""Audit (stop 77) of the pages around the tables:

- a seat away made the header's status (role "status", read again at each change) tick every
  second ("not connected for 1 s", "2 s", ...): the time still shows, in a span a screen reader
  does not read, and the status is said once;
- a seat whose link was never opened read "not connected for 2 s", as if its person had left:
  it is "not joined yet";
- nobody was told when a person's page opened or closed: it is said (politely, once it held);
- a mistyped address answered a browser with raw JSON; a link to no game or no replay kept the
  title and heading of a working page ("Replay of nosuchgame");
- the lobby's links read "watch" five times in a row, and an empty server's list was headings
  alone.
"""

from __future__ import annotations

import random

from playwright.sync_api import expect
from test_browser import create_in_lobby, wait_until_waiting
from test_closed_page_stop57 import TOKEN, close, create

from conftest import LiveServer

STATUS = "document.querySelector('#status').textContent"
SEAT_1 = "[...document.querySelectorAll('#seats li')][1].textContent"
# Changes to the status's own children: each one is the whole status written anew (and read).
WATCH_STATUS = """() => {
  window.statusWrites = 0;
  new MutationObserver((changes) => { window.statusWrites += changes.length; })
    .observe(document.querySelector('#status'), { childList: true });
}"""

# Writes to what is said of the seats' pages, and the presence frames come meanwhile.
WATCH_SAID = """() => {
  window.saidWrites = 0;
  window.presenceFrames = 0;
  new MutationObserver((changes) => { window.saidWrites += changes.length; })
    .observe(document.querySelector('#presence-said'),
             { childList: true, characterData: true, subtree: true });
}"""
PRESENCE_FRAMES = """(() => {
  window.presenceFrames = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (ev) => {
        if (JSON.parse(ev.data).type === "presence") window.presenceFrames += 1;
      });
    }
  };
})()"""


def invited_kow(live_server, browser, *scripts: str):
    """A kow game of seat 0 here and seat 1 invited, the host's page on a clock of its own
    (`scripts` added before it loads): the two contexts, the host's page and the invite link."""
    host, guest = browser.new_context(), browser.new_context()
    page = host.new_page()
    page.clock.install()
    for script in scripts:
        page.add_init_script(script)
    create_in_lobby(page, live_server.url, "kow", ["here", "invite"])
    page.wait_for_selector("#table .panel")
    return host, guest, page, page.locator("#invites input.link").input_value()


def test_an_away_seats_time_ticks_on_screen_but_is_said_once(live_server, browser):
    """The header and the list of seats say whether an awaited person has joined, is
    connected or left (as soon as it changes: the server sends a presence frame; the clock
    here does not move), and a screen reader hears it once."""
    host, guest, page, link = invited_kow(live_server, browser)
    assert wait_until_waiting(page, random.Random(9)) == \
        "Waiting for seat 1 (a person, not joined yet)"
    assert page.evaluate(SEAT_1).startswith("Seat 1: person · not joined yet")

    other = guest.new_page()
    other.goto(link)
    other.wait_for_selector("#table .panel")
    page.wait_for_function(f"{STATUS} === 'Waiting for seat 1 (a person)'", timeout=10_000)
    assert page.evaluate(SEAT_1).startswith("Seat 1: person · connected")
    page.clock.run_for(2000)  # the join held
    expect(page.locator("#presence-said")).to_have_text("Seat 1 joined the table.")
    expect(page.locator("#presence-said")).to_have_attribute("role", "status")

    guest.close()
    page.wait_for_function(f"{STATUS}.startsWith('Waiting for seat 1 (a person, not connected "
                           "for ')", timeout=10_000)
    assert page.evaluate(SEAT_1).startswith("Seat 1: person · not connected")
    page.clock.run_for(2000)
    expect(page.locator("#presence-said")).to_have_text("Seat 1 left the table.")

    status = page.locator("#status")
    read, shown = status.aria_snapshot(), status.text_content()
    assert "(a person, not connected)" in read and " s)" not in read, read
    assert page.locator("#status .away-time").get_attribute("aria-hidden") == "true"
    page.evaluate(WATCH_STATUS)
    page.clock.run_for(3000)
    assert status.text_content() != shown  # the time went on, on screen ...
    assert status.aria_snapshot() == read  # ... and not in what is read,
    assert page.evaluate("window.statusWrites") == 0  # which was not written again
    host.close()


def test_a_page_that_comes_back_at_once_is_no_news(live_server, browser):
    host, guest, page, link = invited_kow(live_server, browser, PRESENCE_FRAMES)
    other = guest.new_page()
    other.goto(link)
    other.wait_for_selector("#table .panel")
    page.wait_for_function(f"{SEAT_1}.includes('· connected')", timeout=10_000)
    page.clock.run_for(2000)
    expect(page.locator("#presence-said")).to_have_text("Seat 1 joined the table.")
    page.evaluate(WATCH_SAID)
    other.reload()  # gone and back within the moment
    other.wait_for_selector("#table .panel")
    page.wait_for_function("window.presenceFrames >= 2", timeout=10_000)  # left, came back
    page.clock.run_for(2000)
    assert page.evaluate("window.saidWrites") == 0
    assert page.evaluate(SEAT_1).startswith("Seat 1: person · connected")
    host.close()
    guest.close()


def test_a_mistyped_address_is_a_page_for_a_browser_and_json_for_a_script(live_server,
                                                                        browser):
    page = browser.new_page()
    answer = page.goto(live_server.url + "/nosuchpage")
    assert answer.status == 404
    expect(page).to_have_title("Page not found - warroom")
    expect(page.locator("h1")).to_have_text("Page not found")
    assert page.locator("html").get_attribute("lang") == "en"
    page.get_by_role("link", name="Go to the lobby").click()
    page.wait_for_url(live_server.url + "/")
    api = page.request.get(live_server.url + "/nosuchpage")  # no Accept: text/html
    assert api.status == 404
    assert api.json() == {"error": "Not Found: GET /nosuchpage"}
    missing = page.request.get(live_server.url + "/api/nosuch", headers={"Accept": "text/html"})
    assert missing.status == 404 and missing.json()["error"].endswith("/api/nosuch")
    page.close()


def test_a_link_to_no_game_says_so_in_its_title_and_heading(live_server, browser):
    page = browser.new_page()
    page.goto(live_server.url + "/replay/nosuchgame")
    expect(page).to_have_title("This link opens no replay - warroom")
    expect(page.locator("h1")).to_have_text("This link opens no replay")
    expect(page.locator("#message")).to_have_text("no game 'nosuchgame' on this server")
    expect(page.locator("nav.steps")).to_be_hidden()
    expect(page.locator("#viewer")).to_be_hidden()
    expect(page.get_by_role("link", name="Go to the lobby")).to_be_visible()
    page.goto(live_server.url + "/game/nosuchgame")
    expect(page).to_have_title("This link opens no table - warroom")
    expect(page.locator("h1")).to_have_text("This link opens no table")
    page.close()


def test_the_lobby_names_each_links_game_and_says_when_it_has_none(live_server, browser):
    page = browser.new_page()
    page.goto(live_server.url + "/")
    expect(page.locator("#games")).to_have_text("No games on this server yet.")
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "seats": [{"kind": "random"},
                                 {"kind": "random"}]}).json()
    page.reload()
    row = page.locator(f"tr[data-game='{made['id']}']")
    link = row.locator("td.go a").first
    expect(link).to_have_text("watch")  # what it shows, first in what it is called
    expect(link).to_have_accessible_name(f"watch Kings of War Battle Deck #{made['id'][:6]}")
    expect(page.locator("#games tr")).to_have_count(1)
    page.close()


# Each h4 of the table and the h3 it falls under.
OUTLINE = """() => {
  let under = null;
  const out = [];
  for (const el of document.querySelectorAll('#table h3, #table h4')) {
    if (el.tagName === 'H3') under = el.textContent;
    else out.push([el.textContent, under]);
  }
  return out;
}"""


def test_on_a_phone_the_champions_seats_fall_under_a_heading_of_their_own(live_server,
                                                                          browser):
    """At 360 px what the seat acts on comes first, and the seats' h4s fell under its h3
    ("Roshambo (dealer)"); on a desktop they follow the "Table" panel."""
    for viewport, under in (({"width": 360, "height": 740}, "Battalions"),
                            ({"width": 1280, "height": 800}, "Table")):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        create_in_lobby(page, live_server.url, "champions", ["here", "random"])
        page.wait_for_selector("#table h4")
        outline = page.evaluate(OUTLINE)
        assert len(outline) == 2 and all(h3 == under for _, h3 in outline), outline
        context.close()


def test_a_closed_table_opened_anew_keeps_its_games_name(db, browser):
    """Audit (stop 77): reloaded after the organiser closed it, a table's header read
    "warroom | Table closed | Table closed", its game's name and id gone."""
    with LiveServer(db, ai_processes=0, allow_seed=True, organiser_token=TOKEN) as server:
        made = create(server, ("here", "heuristic"))
        close(server, made["id"])
        page = browser.new_page()
        page.goto(f"{server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
        expect(page.locator("#refused h3")).to_have_text("The organiser closed this table")
        expect(page.locator("h1")).to_have_text(f"Battle (James W. Gray) game {made['id']}")
        expect(page).to_have_title("Battle (James W. Gray) - warroom")
        expect(page.locator("#status")).to_have_text("Table closed")
        page.close()
