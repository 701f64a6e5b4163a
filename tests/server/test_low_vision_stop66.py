"""A low-vision player (audit, stop 66): a page zoomed to 400 % (320 x 256 CSS px), with the
text spacing of WCAG 1.4.12, forced colours and a dark scheme. The lobby's focus and games
table, the game's bar of actions and title, the replay's step bar, and the gold buttons'
contrast. Each test names the defect it guards against."""

from __future__ import annotations

import json

from playwright.sync_api import expect
from test_a11y import CONTRAST
from test_audit54_phone import open_seat, phone
from test_browser import finished_game
from test_table_fixes import HERE, made_game, open_seats

# WCAG 1.4.12's text spacing, as a user's style sheet puts it on every page
SPACING = """* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
                 word-spacing: 0.16em !important; }
             p { margin-bottom: 2em !important; }"""


def zoomed(browser):
    """A page at 400 % zoom (a 1280 x 1024 screen) with the audit's settings."""
    context = browser.new_context(viewport={"width": 320, "height": 256}, device_scale_factor=4,
                                  color_scheme="dark", forced_colors="active")
    context.add_init_script(f"""addEventListener("DOMContentLoaded", () => {{
      const style = document.createElement("style");
      style.textContent = {json.dumps(SPACING)};
      document.head.append(style); }});""")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return context, page


def next_list(page):
    """Waits for the lobby's next drawing of its games list (every 3 s)."""
    with page.expect_response(lambda r: "/api/games?" in r.url) as answer:
        pass
    answer.value.finished()
    page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")


FOCUSED = """() => { const a = document.activeElement;
  return { game: a.closest("tr")?.dataset.game, text: a.textContent, old: a.old === true,
           tag: a.tagName }; }"""


def test_the_lobby_keeps_the_focus_on_a_link_as_it_redraws_the_list(live_server, browser):
    """Audit (stop 66): the keyboard's focus on a "watch" link of the games list fell to the
    page's body every 3 s (the list was drawn again from scratch): a keyboard user went back
    to the top of the page. It stays on the link, and on the same row's link when that row
    changed ("just now" became "2 h ago")."""
    context, page = zoomed(browser)
    made = made_game(page, live_server.url, "kow", [HERE, {"kind": "random"}])
    made_game(page, live_server.url, "battle", [HERE, {"kind": "random"}])
    page.goto(live_server.url + "/")
    link = page.locator(f"tr[data-game='{made['id']}'] td.go a", has_text="watch")
    link.evaluate("(a) => { a.old = true; a.focus(); }")  # (a mark that is no attribute)
    for _ in range(2):  # (the second answer comes 3 s after the first list is drawn)
        next_list(page)
        assert page.evaluate(FOCUSED) == {"game": made["id"], "text": "watch", "old": True,
                                          "tag": "A"}

    def older(route):  # the game made two hours before: its row changes
        answer = route.fetch()
        body = answer.json()
        for game in body["games"]:
            game["created"] -= 7200
        route.fulfill(response=answer, json=body)

    page.route("**/api/games?*", older)
    next_list(page)
    expect(page.locator(f"tr[data-game='{made['id']}'] time")).to_have_text("2 h ago")
    assert page.evaluate(FOCUSED) == {"game": made["id"], "text": "watch", "old": False,
                                      "tag": "A"}
    assert page.errors == []
    context.close()


# Where a word of the games table is broken across two lines.
BROKEN = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.querySelector("table.games"),
                                           NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const range = document.createRange();
    let top = null;
    for (let i = 0; i < node.length; i++) {
      range.setStart(node, i); range.setEnd(node, i + 1);
      const box = range.getClientRects()[0];
      if (!box) continue;
      if (top !== null && box.top > top + 2 && /\\S\\S/.test(node.data.slice(i - 1, i + 1))) {
        broken.push(node.data);
      }
      top = box.top;
    }
  }
  return broken;
}"""
TABLE = """() => ({ right: Math.max(...[...document.querySelectorAll("table.games, td.go a")]
                     .map((e) => e.getBoundingClientRect().right)),
              page: document.documentElement.scrollWidth, screen: innerWidth })"""


def test_the_lobbys_games_table_fits_320_px_with_text_spacing(live_server, browser):
    """Audit (stop 66): with WCAG's text spacing at 320 px the games table was 362-372 px
    wide, its links' column half off the screen (a cell's words kept it wide: breaking them
    "where needed" did not make it narrower). It fits; without the spacing no word breaks."""
    context, page = zoomed(browser)
    finished = finished_game(page, live_server.url, "kow", {})
    made_game(page, live_server.url, "word-iron", [HERE, {"kind": "heuristic"}])
    page.goto(live_server.url + "/")
    page.wait_for_selector(f"tr[data-game='{finished}'] td.go a >> text=replay")
    table = page.evaluate(TABLE)
    assert table["right"] <= table["screen"] and table["page"] <= table["screen"], table
    # without the spacing (a 320 px phone) the words are whole, as they were
    plain = browser.new_context(viewport={"width": 320, "height": 640})
    page = plain.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector(f"tr[data-game='{finished}'] td.go a >> text=replay")
    table = page.evaluate(TABLE)
    assert table["right"] <= table["screen"], table
    assert page.evaluate(BROKEN) == []
    plain.close()
    context.close()


def test_the_bar_of_actions_shows_a_whole_row_of_buttons_at_400_percent(seeded_server,
                                                                        browser):
    """Audit (stop 66): at 400 % the sticky bar of legal actions (capped at 25vh, 64 px)
    showed "Choose" and half of the first button under it (Viktory: "fight another round")."""
    context, page = zoomed(browser)
    open_seat(page, seeded_server.url, "viktory", seed=3)
    first = page.locator("#table > .actions button").first
    expect(first).to_have_text("fight another round")
    # the table's top at the screen's: the bar stuck to the bottom of the screen over it
    page.evaluate("document.querySelector('#table').scrollIntoView()")
    bar = page.evaluate("""() => {
      const bar = document.querySelector("#table > .actions");
      const box = (e) => e.getBoundingClientRect();
      return { position: getComputedStyle(bar).position, top: box(bar).top,
               shown: box(bar).top + bar.clientHeight, screen: innerHeight,
               label: box(bar.querySelector(".muted")).top,
               button: box(bar.querySelector("button")) };
    }""")
    assert bar["position"] == "sticky" and bar["shown"] <= bar["screen"] + 0.5, bar
    assert bar["top"] <= bar["label"] and bar["button"]["bottom"] <= bar["shown"], bar
    assert bar["button"]["height"] >= 44, bar
    assert page.errors == []
    context.close()


def test_the_replays_step_bar_leaves_a_short_screen_to_the_position(live_server, browser):
    """Audit (stop 66): at 400 % the replay's step bar, fixed to the bottom of the screen,
    covered 41-50 % of its 256 px. On a short screen it is the header's last row; its buttons
    still step, a finger tall."""
    context, page = zoomed(browser)
    game_id = finished_game(page, live_server.url, "kow", {})
    page.goto(f"{live_server.url}/replay/{game_id}")
    page.wait_for_selector("#next:enabled")
    steps = page.evaluate("""() => { const s = document.querySelector(".replay .steps");
      return { position: getComputedStyle(s).position, page: document.documentElement.scrollWidth,
               screen: innerWidth,
               bottom: Math.max(...[...s.children].map((e) => e.getBoundingClientRect().bottom)),
               header: document.querySelector("header.top").getBoundingClientRect().bottom }; }""")
    assert steps["position"] not in ("fixed", "sticky"), steps
    assert steps["bottom"] <= steps["header"] and steps["page"] <= steps["screen"], steps
    assert page.locator("#next").bounding_box()["height"] >= 44
    page.click("#next")
    expect(page.locator("#where")).to_contain_text("position 1 of")
    assert page.errors == []
    context.close()


def test_the_gold_buttons_text_has_4_5_to_1(seeded_server, browser):
    """Audit (stop 66): the header's "Your moves" and the hotseat's pass button were
    #f3efe2 on #8a6d1f, 4.26:1 (the lobby's Start button's gold is 5.51:1)."""
    context, page = phone(browser, {"width": 320, "height": 640})
    open_seat(page, seeded_server.url, "battle")
    expect(page.locator("#jump")).to_be_visible()
    assert page.locator("#jump").evaluate(CONTRAST) >= 4.5
    made = made_game(page, seeded_server.url, "battle", [HERE, HERE], seed=1)
    open_seats(page, seeded_server.url, made)
    expect(page.locator(".pass button").first).to_be_visible()
    assert page.locator(".pass button").first.evaluate(CONTRAST) >= 4.5
    context.close()


def test_the_games_title_wraps_at_400_percent(seeded_server, browser):
    """Audit (stop 66): at 320 px (400 %) the header cut the game's title: "Word & Iron,
    Pitched Batt...". It wraps, whole, and so does the game's id."""
    context, page = zoomed(browser)
    game_id = open_seat(page, seeded_server.url, "word-iron")
    page.wait_for_selector("#title .title-id")
    title = page.evaluate("""() => [".title-name", ".title-id"].map((s) => {
      const e = document.querySelector("#title " + s); const box = e.getBoundingClientRect();
      return { text: e.innerText.trim(), cut: e.scrollWidth > e.clientWidth + 0.5,
               right: box.right, screen: innerWidth }; })""")
    name, ident = title
    assert name["text"] == "Word & Iron, Pitched Battle", title
    assert ident["text"] == f"game {game_id}", title
    for part in title:
        assert not part["cut"] and part["right"] <= part["screen"], title
    assert page.errors == []
    context.close()
