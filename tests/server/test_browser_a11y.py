"""Accessibility of the browser table, the lobby and the replay (audit, stop 48), in a real
browser: what a screen reader hears of a playable thing and of a refused form, dice told apart
without colour, greyed-out states still legible, the focus in forced colours, reduced motion,
the pages' landmarks and headings, and a short screen (a page zoomed to 400 %). Each test names
the defect it guards against."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect
from table_render import render_table
from test_a11y import open_game, tab_to
from test_browser import play_to_the_end, wait_for_the_replay
from test_kow_table import kow_rolled_observation

from warroom.games import REGISTRY
from warroom.games.battle import GAME as BATTLE
from warroom.games.word_iron import GAME as WORD_IRON

# every registered game: a new game's table is tested as soon as it is registered
GAMES = sorted(REGISTRY)

# The text a thing shows, as a sighted player reads it (an SVG <title> is a tooltip; a part
# hidden from screen readers only is on the screen all the same): written here, not taken from
# kit.js.
SHOWN = """(el) => {
  const parts = [];
  const walk = (n) => {
    if (n.nodeType === 3) { parts.push(n.textContent); return; }
    if (n.nodeType !== 1 || n.localName === "title") return;
    if (!n.getClientRects().length) return;
    n.childNodes.forEach(walk);
  };
  walk(el);
  return parts.join(" ").replace(/\\s+/g, " ").trim();
}"""

# The contrast of an element's text with what is behind it on the screen: the backgrounds of
# its ancestors (a translucent one over the one below), each ancestor's opacity fading its
# whole box over what lies under it, down to the page's felt (its lightest green); an SVG
# die's text lies on its die's face.
CONTRAST = """(el) => {
  const parse = (c) => {
    if (!c || c === "none" || c === "transparent") return [0, 0, 0, 0];
    const v = (c.match(/[\\d.]+/g) || []).map(Number);
    return v.length === 3 ? [...v, 1] : v;
  };
  const over = (top, under) => [0, 1, 2].map((k) => top[k] * top[3] + under[k] * (1 - top[3]))
    .concat(1);
  const fade = (inner, under, a) => [0, 1, 2].map((k) => inner[k] * a + under[k] * (1 - a))
    .concat(1);
  const chain = [];
  for (let e = el; e; e = e.parentElement) chain.unshift(e);
  const fill = (e) => {
    if (e.matches?.("svg.die")) return parse(getComputedStyle(e.querySelector("rect")).fill);
    return parse(getComputedStyle(e).backgroundColor);
  };
  const style = getComputedStyle(el);
  const ink = parse(el instanceof SVGElement ? style.fill : style.color);
  // The colour of a pixel of the text (withText) or of the ground beside it.
  const paint = (i, below, withText) => {
    if (i === chain.length) return withText ? over(ink, below) : below;
    const st = getComputedStyle(chain[i]);
    const inner = paint(i + 1, over(fill(chain[i]), below), withText);
    return fade(inner, below, Number(st.opacity));
  };
  const felt = [0x1d, 0x4d, 0x36, 1];
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const a = lum(paint(0, felt, true));
  const b = lum(paint(0, felt, false));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text).lower()


def test_a_single_action_things_name_holds_the_text_it_shows(live_server, browser):
    """Audit (stop 48): label-content-name-mismatch. Actions.bind named a thing with one
    action by the action's label alone, in place of what it shows: a unit showing "♟ 2
    infantry" was read "casualty: attacking infantry (hex side 1)", a hex "I1 2♟" "move an
    infantry from I1". Its name now holds the text it shows, then the action (not twice
    where the label says it already, and never an SVG tooltip's text)."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    names = page.evaluate("""async () => {
      const kit = await import("/static/kit.js");
      const { h } = kit;
      const legal = [
        { i: 0, label: "casualty: attacking infantry (hex side 1)", action: {} },
        { i: 1, label: "play A♥ as a soldier", action: {} },
        { i: 2, label: "move an infantry from I1", action: {} },
      ];
      const acts = new kit.Actions({ legal }, () => {});
      const unit = acts.bind(h("div", { class: "unit" }, h("b", { text: "♟ 2" }),
                                h("span", { text: "infantry" })), [legal[0]]);
      const card = acts.bind(kit.card("AH"), [legal[1]]);
      const ns = "http://www.w3.org/2000/svg";
      const g = document.createElementNS(ns, "g");
      for (const [text, tag] of [["I1", "text"], ["2♟", "text"], ["plains: move here", "title"]]) {
        const el = document.createElementNS(ns, tag);
        el.textContent = text;
        g.append(el);
      }
      acts.bind(g, [legal[2]]);
      return [unit, card, g].map((el) => el.getAttribute("aria-label"));
    }""")
    assert names[0] == "♟ 2 infantry: casualty: attacking infantry (hex side 1)", names
    assert names[1] == "play A♥ as a soldier", names  # it says "A♥" already
    assert names[2] == "I1 2♟: move an infantry from I1", names
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_playable_thing_on_a_table_is_named_with_what_it_shows(seeded_server, browser,
                                                                      game):
    """Audit (stop 48): label-content-name-mismatch, in every game: the accessible name of each
    playable thing on the table (a card, a unit, a resource, a hex) holds the text it shows,
    over the first moves of a deal."""
    page = open_game(seeded_server, browser, game, seed=3)
    rng = random.Random(3)
    checked = 0
    for _ in range(6):
        page.wait_for_function("""() => {
          const s = document.querySelector("#status").textContent;
          return s === "Your turn" || s.startsWith("Game over");
        }""", timeout=15_000)
        things = page.locator("#table .playable")
        for k in range(things.count()):
            el = things.nth(k)
            shown = el.evaluate(SHOWN)
            name = el.get_attribute("aria-label") or ""
            called = el.evaluate("(e) => e.matches('svg.v2map g') ? "
                                 "e.querySelector('text.name').textContent : null")
            if called is None:
                assert squeeze(shown) in squeeze(name), (game, shown, name)
            else:  # a Viktory II hex: its printed name, then its marks in words, not glyphs
                # ("I2 0 ★ 0 1♟" was read aloud "zero star zero one pawn"; audit, stop 76)
                assert re.search(rf"\b{called}\b", name) and not set("★♟✹⚔⚑") & set(name), name
            checked += 1
        if page.locator("#headline").count():
            break
        seen = page.evaluate("window.testVersion")
        choices = page.locator("#table .playable, #table button.act")
        if not choices.count():
            break
        choices.nth(rng.randrange(choices.count())).click()
        if page.locator(".menu button").count():
            page.locator(".menu button").first.click()
        page.wait_for_function(f"window.testVersion > {seen}", timeout=10_000)
    assert checked, f"{game}: nothing playable on the table"
    assert not page.errors, page.errors
    page.close()


def test_a_refused_form_is_said_aloud_at_its_field_in_its_words(live_server, browser):
    """Audit (stop 48): a form the server refused was silent to a screen reader: #form-error
    was no alert, the focus stayed on Start, the field's error was tied to nothing
    (aria-describedby named its help only; no aria-invalid), and the message named the raw
    option ("option 'hand_size' must be ...") where the form says "Hand size"."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "battle")
    page.locator("#options-box > summary").click()
    expect(page.locator("[data-option=hand_size] label")).to_have_text("Hand size")
    field = page.locator("#opt-hand_size")
    help_id = field.get_attribute("aria-describedby")
    field.fill("99")
    page.click("#start")
    said = "Hand size must be from 1 to 20, got 99"
    expect(page.locator("#form-error")).to_have_text(said)
    expect(page.locator("#form-error")).to_have_attribute("role", "alert")
    expect(page.locator("#form-error")).to_be_visible()
    error = page.locator("[data-option=hand_size] .error")
    expect(error).to_have_text(said)
    expect(field).to_have_attribute("aria-invalid", "true")
    described = (field.get_attribute("aria-describedby") or "").split()
    assert help_id in described and error.get_attribute("id") in described, described
    assert page.evaluate("document.activeElement.id") == "opt-hand_size"
    # Put right, the next refusal (of another field) clears it.
    field.fill("7")
    page.fill("#opt-hits_to_lose", "0")
    page.click("#start")
    expect(page.locator("[data-option=hits_to_lose] .error")).to_have_text(
        re.compile(r"^Hits to lose must be"))
    expect(field).not_to_have_attribute("aria-invalid", "true")
    assert field.get_attribute("aria-describedby") == help_id
    assert page.evaluate("document.activeElement.id") == "opt-hits_to_lose"
    assert "/game/" not in page.url
    page.close()


def test_kow_dice_bear_their_colours_letter(live_server, browser):
    """Audit (stop 48): kow's red (#c0392b) and blue (#2e64b5) dice differed by hue only
    (1.07:1: the same grey to a colour-blind eye), and bore no text or shape: each die bears
    its colour's letter (R, W, B) in its middle (a die of the pool, a choice) or its corner (a
    die rolled, whose middle says its swords), the table says what the letters are, and a
    choice of dice says its dice in words under them ("1 red, 2 blue")."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    observation = kow_rolled_observation()
    observation["rolled"][0]["colour"] = "red"
    observation["rolled"][1]["colour"] = "blue"
    dice = render_table(page, "kow", observation, """[...root.querySelectorAll("svg.die")].map(
        (d) => ({ colour: ["red", "white", "blue"].find((c) => d.classList.contains(c)),
                  texts: [...d.querySelectorAll("text")].map((t) => t.textContent) }))""")
    marks = {"red": "R", "white": "W", "blue": "B"}
    pool = [d for d in dice if len(d["texts"]) == 1]
    rolled = [d for d in dice if len(d["texts"]) == 2]
    assert {d["colour"] for d in pool} == {"red", "white", "blue"}, dice
    for d in pool:
        assert d["texts"] == [marks[d["colour"]]], d
    assert len(rolled) == len(observation["rolled"]), dice
    for d, r in zip(rolled, observation["rolled"], strict=True):
        assert d["texts"] == [str(r["swords"]), marks[r["colour"]]], (d, r)
    key = render_table(page, "kow", observation, "root.querySelector('.faces').innerText")
    assert "R red, W white, B blue" in key, key
    page.close()
    # A choice of dice says its dice in words under them, which its name holds.
    page = open_game(live_server, browser, "kow")
    choices = page.locator(".dice-choices .choice")
    expect(choices.first).to_be_visible()
    for k in range(choices.count()):
        choice = choices.nth(k)
        name = choice.get_attribute("aria-label")
        assert name.startswith("dice: "), name
        expect(choice.locator("small")).to_have_text(name.removeprefix("dice: "))
    page.close()


def test_used_dice_seats_out_and_spent_tiles_keep_their_text_legible(live_server, browser):
    """Audit (stop 48): greyed-out states that still carry information fell below 4.5:1: a
    used die (svg.die.used, opacity .35: 2.3-3:1), Battle's seat out of the game (.seat-area.out,
    opacity .5: its heading 3.7:1, "no soldiers in play" 2.7:1), Word & Iron's used-up
    resource (.tile.faded: its note 3.6:1). They show it otherwise (a hollow dashed die, a
    dashed box, a striped chip that says "used up"), at full contrast."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    observation = kow_rolled_observation()
    for d in observation["rolled"]:
        d["used"] = False
    observation["rolled"][0]["used"] = True
    observation["rolled"][0]["colour"] = "red"
    render_table(page, "kow", observation, "null")
    used = page.locator("svg.die.used")
    expect(used).to_have_count(1)
    assert used.locator("text").first.evaluate(CONTRAST) >= 4.5
    assert used.locator("rect").evaluate("(r) => getComputedStyle(r).strokeDasharray") != "none"
    for die in page.locator("svg.die:not(.used)").all():  # the others as before
        assert die.locator("text").first.evaluate(CONTRAST) >= 4.5

    state = BATTLE.new_state(BATTLE.config({"players": 3}), 1)
    observation = state.observation(0)
    observation["seats"][1]["out"] = True
    observation["seats"][1]["soldiers"] = []
    render_table(page, "battle", observation, "null")
    out = page.locator(".seat-area.out")
    expect(out).to_have_count(1)
    expect(out.locator("h4")).to_contain_text("out")
    assert out.locator("h4").evaluate(CONTRAST) >= 4.5
    none = out.get_by_text("no soldiers in play")
    assert none.evaluate(CONTRAST) >= 4.5
    assert out.evaluate("(e) => getComputedStyle(e).borderTopStyle") == "dashed"

    state = WORD_IRON.new_state(WORD_IRON.config({}), 1)
    observation = state.observation(0)
    spent = observation["players"][0]["realm"][0]
    spent["uses_left"] = 0
    render_table(page, "word-iron", observation, "null")
    tile = page.locator(".tile.faded")
    expect(tile).to_have_count(1)
    expect(tile.locator("small")).to_contain_text("used up")
    assert tile.locator("small").evaluate(CONTRAST) >= 4.5
    assert tile.locator("b").evaluate(CONTRAST) >= 4.5
    page.close()


def test_the_focused_playable_thing_stands_out_in_forced_colours(live_server, browser):
    """Audit (stop 48): in forced-colours mode (Windows high contrast) the white focus ring
    over the gold of every playable thing was lost: every ring became the same solid colour,
    and the thing the keyboard is on was no more visible than the others. It has a ring of
    its own there: thicker, further out, in the system's highlight colour."""
    page = browser.new_page()
    page.emulate_media(forced_colors="active")
    page.goto(live_server.url + "/")
    page.evaluate("""async () => {
      const kit = await import("/static/kit.js");
      const legal = [0, 1].map((i) => ({ i, label: `play ${i}`, action: {} }));
      const acts = new kit.Actions({ legal }, () => {});
      const row = kit.h("div", { id: "probe" },
                        ...legal.map((e) => acts.bind(kit.card(`${e.i + 2}H`), [e])));
      document.querySelector("main").prepend(row);
    }""")
    assert tab_to(page, lambda i: i["playable"]), "no playable thing reached with Tab"
    ring = """(e) => { const s = getComputedStyle(e);
      return [parseFloat(s.outlineWidth), s.outlineColor, parseFloat(s.outlineOffset),
              s.outlineStyle]; }"""
    focused = page.locator("#probe .playable:focus").evaluate(ring)
    other = page.locator("#probe .playable:not(:focus)").evaluate(ring)
    assert focused[3] != "none" and other[3] != "none", (focused, other)
    assert focused[0] > other[0], (focused, other)
    assert focused[1] != other[1], (focused, other)
    page.close()


def test_your_moves_does_not_scroll_smoothly_when_less_motion_is_asked(live_server, browser):
    """Audit (stop 48): the "Your moves" button (game.js jumpToMoves) always scrolled with
    behavior "smooth", even with prefers-reduced-motion: reduce; it jumps then, and glides
    only for those who did not ask."""
    page = open_game(live_server, browser, "battle")
    page.wait_for_selector("#table .playable, #table button.act")
    spy = """() => {
      window.scrolled = [];
      Element.prototype.scrollIntoView = function (opts) { window.scrolled.push(opts); };
      document.querySelector("#jump").click();
      return window.scrolled;
    }"""
    page.emulate_media(reduced_motion="reduce")
    calls = page.evaluate(spy)
    assert len(calls) == 1 and calls[0].get("behavior") != "smooth", calls
    page.emulate_media(reduced_motion="no-preference")
    calls = page.evaluate(spy)
    assert len(calls) == 1 and calls[0].get("behavior") == "smooth", calls
    page.close()


TITLE = """() => [...document.querySelectorAll("h1")].map((e) => ({
  text: e.textContent.trim(), size: getComputedStyle(e).fontSize,
  weight: getComputedStyle(e).fontWeight, margin: getComputedStyle(e).marginTop,
  top: getComputedStyle(e.closest(".top")).fontSize }))"""


def one_quiet_h1(page):
    titles = page.evaluate(TITLE)
    assert len(titles) == 1, titles
    (title,) = titles
    assert title["text"], title
    # the header's text as it was before it was a heading: the header's size, not bold
    assert title["size"] == title["top"] and title["weight"] == "400", title
    assert title["margin"] == "0px", title


LOG_FOCUS = """() => {
  const log = document.querySelector("#log");
  return { scrolls: log.scrollHeight > log.clientHeight + 1, tabindex: log.getAttribute("tabindex"),
           labelled: log.getAttribute("aria-labelledby") };
}"""


def test_the_log_is_a_list_in_a_live_region_and_each_page_has_one_h1(live_server, browser):
    """Audit (stop 48): <ol id="log" role="log"> dropped the list's role (axe listitem,
    aria-allowed-role): the list is now in a div role="log" (aria-live polite); the log's
    scroll box takes the focus (tabindex 0, named by its heading) while it scrolls; the
    lobby, the table and the replay each have one h1 (their header's title, looking as
    before), and the lobby's last column header, empty, has a hidden name."""
    page = open_game(live_server, browser, "battle")
    log = page.locator("#log")
    assert log.evaluate("(e) => e.tagName") == "OL"
    assert log.get_attribute("role") is None
    box = page.locator("#log-box")
    expect(box).to_have_attribute("role", "log")
    expect(box).to_have_attribute("aria-live", "polite")
    assert box.evaluate("(b) => b.contains(document.querySelector('#log'))")
    expect(page.get_by_role("log", name="Log")).to_have_count(1)
    expect(page.get_by_role("list", name="Log")).to_have_count(1)
    page.wait_for_selector("#title .title-name")
    one_quiet_h1(page)
    play_to_the_end([page], seed=4)
    state = page.evaluate(LOG_FOCUS)
    assert state["scrolls"], "a whole game's log scrolls in its box"
    assert state["tabindex"] == "0" and state["labelled"] == "log-title", state
    page.focus("#log")
    before = log.evaluate("(e) => e.scrollTop")
    page.keyboard.press("Home")  # read back from the keyboard (the scroll may glide there)
    page.wait_for_function(f"document.querySelector('#log').scrollTop < {before}")
    page.goto(f"{live_server.url}/replay/{page.game_id}")
    wait_for_the_replay(page)
    one_quiet_h1(page)
    page.click("#last")
    expect(page.locator("#result")).to_be_visible()
    state = page.evaluate(LOG_FOCUS)
    assert state["scrolls"] and state["tabindex"] == "0", state
    page.click("#first")
    expect(page.locator("#where")).to_have_text(re.compile(r"^position 0 of"))
    state = page.evaluate(LOG_FOCUS)
    assert not state["scrolls"] and state["tabindex"] is None, state
    page.goto(live_server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    one_quiet_h1(page)
    last = page.locator("table.games thead th").last
    assert last.evaluate("(e) => e.textContent.trim()"), "the last column header is empty"
    assert last.bounding_box()["height"] < 40  # hidden: the header row looks as before
    page.close()


def test_a_short_screen_keeps_half_its_height_for_the_table(live_server, browser):
    """Audit (stop 48): at 400 % zoom (320 x 256 CSS px) the sticky header (99 px) and Word &
    Iron's sticky bar of actions (112 px, capped at 45vh) left the table 45 px. On a short
    screen the header scrolls away with the page and the bar keeps to a quarter of it."""
    page = open_game(live_server, browser, "word-iron")
    page.set_viewport_size({"width": 320, "height": 256})
    page.wait_for_selector("#table > .actions")
    covered = page.evaluate("""() => {
      const part = (el) => (el && ["sticky", "fixed"].includes(getComputedStyle(el).position)
        ? el.getBoundingClientRect().height : 0);
      return { header: part(document.querySelector("header.top")),
               bar: part(document.querySelector("#table > .actions")), screen: innerHeight };
    }""")
    left = covered["screen"] - covered["header"] - covered["bar"]
    assert left >= covered["screen"] / 2, covered
    # a desktop's screen keeps the header in sight
    page.set_viewport_size({"width": 1280, "height": 900})
    assert page.evaluate("getComputedStyle(document.querySelector('header.top')).position") == \
        "sticky"
    page.close()

