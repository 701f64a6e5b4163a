"""A phone held sideways, Word & Iron's pile notes, the replay's step bar and the header's
separator on a phone (audit, stop 65). Each test names the defect it guards against."""

from __future__ import annotations

import pytest
from table_render import render_table
from test_audit54_phone import heights, open_seat, phone
from test_browser import finished_game
from test_phone import YOUR_TURN

SIDEWAYS = {"width": 640, "height": 360}
DESKTOP = {"width": 1280, "height": 800}
BAR = "#table > .actions"


def test_a_phone_held_sideways_gets_the_phone_layout(seeded_server, browser):
    """Audit (stop 65): a phone held sideways (640 x 360, touch) got the desktop page: the
    actions 31 px tall, their bar not pinned to the bottom, no "Your moves" button (app.css
    chose the phone's layout by width alone). A desktop window with a mouse keeps its own."""
    context, page = phone(browser, SIDEWAYS)
    game_id = open_seat(page, seeded_server.url, "battle")  # seed 1: "end turn" in the bar
    page.wait_for_function(YOUR_TURN)
    page.wait_for_selector(f"{BAR} button.act")
    assert min(heights(page, f"{BAR} button.act, #seats button")) >= 44
    page.evaluate("window.scrollTo(0, 0)")
    bar = page.evaluate(f"""() => {{ const bar = document.querySelector({BAR!r});
      const r = bar.getBoundingClientRect();
      return {{ position: getComputedStyle(bar).position, top: r.top, bottom: r.bottom,
               below: document.documentElement.scrollHeight > innerHeight + r.height }}; }}""")
    assert bar["below"], bar  # the page is longer than the screen: the bar would be below it
    assert bar["position"] == "sticky" and 0 < bar["top"] and bar["bottom"] <= 360 + 0.5, bar
    assert page.locator("#jump").is_visible()
    assert page.errors == []
    token = page.url.split("#t=")[1]
    context.close()

    desktop = browser.new_context(viewport=DESKTOP)
    page = desktop.new_page()
    page.goto(f"{seeded_server.url}/game/{game_id}#t={token}")
    page.wait_for_selector(f"{BAR} button.act")
    assert page.locator(BAR).evaluate("(e) => getComputedStyle(e).position") == "static"
    assert not page.locator("#jump").is_visible()
    assert max(heights(page, f"{BAR} button.act")) < 44
    desktop.close()


def test_viktory_ii_drawn_tiles_are_a_finger_tall_on_a_phone_held_sideways(seeded_server,
                                                                           browser):
    """Audit (stop 65): at 640 x 360 (touch) Viktory II's drawn tiles were 28 px tall and
    their "x 2" count 11 px: its table's phone rules asked for a narrow screen only."""
    context, page = phone(browser, SIDEWAYS)
    open_seat(page, seeded_server.url, "viktory-ii")  # seed 1: tiles to place, one drawn twice
    page.wait_for_selector(".v2-tiles .tile.playable")
    assert min(heights(page, ".v2-tiles .tile")) >= 44
    counts = page.evaluate("""() => [...document.querySelectorAll('.v2-tiles .tile small')]
      .map((e) => parseFloat(getComputedStyle(e).fontSize))""")
    assert counts and min(counts) >= 13, counts
    assert page.errors == []
    context.close()


def test_word_and_irons_top_card_note_is_13_px_on_a_phone(live_server, browser):
    """Audit (stop 65): the "top card" note on a Word & Iron pile's face card was 11 px on a
    phone: the desktop's rule for it outranked the phone's 13 px for a tile's note."""
    from warroom.games.word_iron import GAME as WORD_IRON
    observation = WORD_IRON.new_state(WORD_IRON.config({}), 1).observation(0)
    context, page = phone(browser, {"width": 320, "height": 640})
    page.goto(live_server.url + "/")
    sizes = render_table(page, "word-iron", observation, """[...root.querySelectorAll(
        '.pile .tile small')].map((e) => [e.textContent,
                                          parseFloat(getComputedStyle(e).fontSize)])""")
    assert [text for text, _ in sizes].count("top card") >= 2, sizes
    assert all(size >= 13 for _, size in sizes), sizes
    context.close()


@pytest.mark.parametrize("width", [320, 360])
def test_the_replays_step_labels_fit_their_buttons_on_a_phone(live_server, browser, width):
    """Audit (stop 65): at 320 and 360 px the replay's "forward >" (82 px) was wider than its
    button (67-77 px, one of four equal columns): its ">" spilt onto the ">|" button."""
    context, page = phone(browser, {"width": width, "height": 640})
    game_id = finished_game(page, live_server.url, "kow", {})
    page.goto(f"{live_server.url}/replay/{game_id}")
    page.wait_for_selector("#next:enabled")
    boxes = page.evaluate("""() => ['#first', '#prev', '#next', '#last'].map((s) => {
      const e = document.querySelector(s); const r = e.getBoundingClientRect();
      return { s, scroll: e.scrollWidth, client: e.clientWidth, left: r.left, right: r.right,
               height: r.height }; })""")
    for box in boxes:
        assert box["scroll"] <= box["client"], box
        assert box["client"] >= 40 and box["height"] >= 44, box
    for left, right in zip(boxes, boxes[1:]):
        assert left["right"] <= right["left"], (left, right)
    # their names are what they were: the labels, or "first"/"last position"
    for name in ("first position", "< back", "forward >", "last position"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    assert page.errors == []
    context.close()


def test_a_phones_second_header_line_starts_with_the_games_id(seeded_server, browser):
    """Audit (stop 65): where a phone's header put the game's id on a line of its own, that
    line began "· game 41b4...": the separator went with the id. It ends the title's line."""
    context, page = phone(browser, {"width": 320, "height": 640})
    game_id = open_seat(page, seeded_server.url, "kow")
    page.wait_for_selector("#title .title-id")
    title = page.evaluate("""() => {
      const name = document.querySelector('#title .title-name');
      const id = document.querySelector('#title .title-id');
      return { wrapped: id.getBoundingClientRect().top >= name.getBoundingClientRect().bottom - 1,
               id: id.innerText, after: getComputedStyle(name, '::after').content }; }""")
    assert title["wrapped"], title  # "Kings of War Battle Deck" leaves the id no room
    assert title["id"] == f"game {game_id}", title
    assert "\u00b7" in title["after"], title
    assert page.errors == []
    context.close()


def test_a_large_phone_held_sideways_is_one_column(seeded_server, browser):
    """Audit (stop 67): a large phone held sideways (860 x 360, touch) got two columns, the
    seats and the log a third of its width beside the table, though the README says a phone
    is one column: the one-column rule was by width alone (800 px)."""
    context, page = phone(browser, {"width": 860, "height": 360})
    open_seat(page, seeded_server.url, "kow")
    page.wait_for_function(YOUR_TURN)
    columns = page.locator(".game").evaluate("(e) => getComputedStyle(e).gridTemplateColumns")
    assert len(columns.split()) == 1, columns
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    context.close()
    desktop = browser.new_context(viewport={"width": 860, "height": 360})  # a mouse: two
    page = desktop.new_page()
    page.goto(f"{seeded_server.url}/")
    assert len(page.locator(".lobby").evaluate(
        "(e) => getComputedStyle(e).gridTemplateColumns").split()) == 2
    desktop.close()
