"""Audit (stop 60) of the browser table by a player: the rules out of reach at the table, unit
counts in the singular on the Viktory maps, mouse words on a phone, and the focus left on the
page's body at load on the person's turn."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from table_render import render_table
from test_vik2_table import MAP, PHONE, frame, harness, piece, position, show, take

from warroom.games import get_game
from warroom.games.viktory_ii.actions import SelectUnit
from warroom.games.viktory_ii.units import INF

# What has the keyboard's focus: null for the page's body.
FOCUS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  return { id: el.id, tag: el.tagName, inTable: !!el.closest("#table"),
           playable: el.classList.contains("playable") };
}"""


def new_game(page, url: str, seats: list[str], seed: int | None = None) -> dict:
    """A game of Battle; with `seed` 1 (a seeded server's) seat 0 moves first."""
    body: dict = {"game": "battle", "seats": [{"kind": k} for k in seats]}
    if seed is not None:
        body["seed"] = seed
    return page.request.post(f"{url}/api/games", data=body).json()


def test_the_table_page_folds_the_games_rules_as_the_lobby_does(live_server, browser):
    """Audit (stop 60): the terminal offers `?` at every prompt and the lobby folds the rules
    under "Rules of ...", but a player at the browser table could not reach them. The table
    page has the same fold, closed (one line on a phone), opened from the keyboard, holding
    the lobby's text of the rules and nothing else."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(live_server.url + "/")
    page.select_option("#game", "battle")
    page.locator("#rules > summary").click()
    lobby_rules = page.locator("#rules-text").inner_text()
    assert "Soldiers are playing cards" in lobby_rules, lobby_rules
    made = new_game(page, live_server.url, ["here", "heuristic"])
    page.goto(f"{live_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    expect(page.locator("#status")).to_have_text("Your turn")
    fold = page.locator("#rules")
    expect(fold.locator("summary")).to_have_text("Rules of Battle (James W. Gray)")
    assert not fold.evaluate("(d) => d.open")
    expect(page.locator("#rules-text")).to_be_hidden()
    assert fold.bounding_box()["height"] < 90  # one line until opened
    fold.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#rules-text")).to_be_visible()
    assert page.locator("#rules-text").inner_text() == lobby_rules
    assert not errors, errors
    context.close()


def test_viktory_unit_counts_read_in_the_plural(live_server, browser, tmp_path):
    """Audit (stop 60): Viktory's panels and hex names counted "on the map: ... 3 frigate"
    and "Seat 1's units: 3 frigate", and the one-battle table "⛵ 2 frigate". Frigates are
    counted in the plural; infantry, cavalry and artillery keep their form."""
    # three forest cities: a frigate each
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("E4", 0, infantry=2),
        piece("G4", 1, "city", True), piece("G1", 1, "city"), piece("G2", 1, "city"),
        piece("E6", 1, frigate=3),
    ], tiles=MAP.replace("   p p p f\n", "   f f f f\n"))
    context, page, errors = harness(browser, live_server.url)
    show(page, frame(state, 0))
    seat = page.locator(".seat-area[data-seat='1']").inner_text()
    assert "on the map: 3 frigates" in seat, seat
    mine = page.locator(".seat-area[data-seat='0']").inner_text()
    assert "on the map: 2 infantry" in mine, mine
    names = page.evaluate("[...document.querySelectorAll('#table svg title')]"
                          ".map((t) => t.textContent).join('\\n')")
    assert "Seat 1's units: 3 frigates" in names, names
    assert not re.search(r"\b3 frigate\b", names + seat), names
    obs = get_game("viktory").new_state(get_game("viktory").config({}), 1).observation(0)
    obs["defender"] = [2, 0, 0, 2]
    units = render_table(page, "viktory", obs,
                         "[...root.querySelectorAll('.unit')].map((u) => u.textContent)")
    assert "⛵ 2 frigates" in units and "♟ 2 infantry" in units, units
    assert not errors, errors
    context.close()


def test_the_viktory_map_says_choose_not_click(live_server, browser, tmp_path):
    """Audit (stop 60): on a phone the moving unit's line said "Click a gold-edged hex to
    ...", a mouse's word to a finger (and a keyboard). The table says "Choose"."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("E4", 0, infantry=2),
        piece("G4", 1, "city", True), piece("G1", 1, "town"), piece("E5", 1, infantry=1),
    ])
    take(state, SelectUnit, hex="E4", unit=INF)
    context, page, errors = harness(browser, live_server.url, PHONE)
    show(page, frame(state, 0))
    text = page.locator("#v2-moving").inner_text()
    assert "Choose a gold-edged hex to " in text, text
    assert "click" not in page.locator("#table").inner_text().lower()
    assert not errors, errors
    context.close()


def test_at_load_on_the_persons_turn_the_focus_is_where_a_move_leaves_it(seeded_server,
                                                                           browser):
    """Audit (stop 60): a page opened on its person's turn left the keyboard's focus on the
    page's body: the first Tab began at the header. It goes where it goes after each move:
    the first thing on the table that can be played."""
    page = browser.new_page()
    made = new_game(page, seeded_server.url, ["here", "heuristic"], seed=1)
    page.goto(f"{seeded_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    expect(page.locator("#status")).to_have_text("Your turn")
    page.wait_for_function("document.activeElement !== document.body", timeout=5000)
    info = page.evaluate(FOCUS)
    assert info["inTable"] and (info["playable"] or info["tag"] == "BUTTON"), info
    first = page.evaluate("document.querySelector('#table .playable, #table button')"
                          " === document.activeElement")
    assert first, info
    page.close()


def test_at_load_on_another_seats_turn_the_focus_is_left_alone(seeded_server, browser):
    """Audit (stop 60), guard: the focus is moved at load only on the person's turn. A page
    opened while another seat is to move, and a spectator's, keep it on the page's body."""
    page = browser.new_page()
    made = new_game(page, seeded_server.url, ["invite", "here"], seed=1)  # seat 0 moves first
    page.goto(f"{seeded_server.url}/game/{made['id']}#t={made['seats'][1]['token']}")
    expect(page.locator("#status")).to_contain_text("Waiting for seat 0")
    expect(page.locator("#table .panel").first).to_be_visible()
    expect(page.locator("#rules")).to_be_visible()  # the catalog answered: the page has settled
    assert page.evaluate(FOCUS) is None
    page.goto(f"{seeded_server.url}/game/{made['id']}")
    expect(page.locator("#status")).to_contain_text("Watching")
    expect(page.locator("#rules")).to_be_visible()
    assert page.evaluate(FOCUS) is None
    page.close()
