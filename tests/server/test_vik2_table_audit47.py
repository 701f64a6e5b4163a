"""The Viktory II table: the defects of an audit of its phone and desktop layout (stop 47),
each pinned and measured in the browser: the map's text on a phone, the map kept still when a
unit is selected, the dice of a loss to pick, the badges inside their hex, the creator's own
invite link once it is claimed, and one screen at 1280 x 800. Drawn with the real table
module from frames the server would send (`view_frame`) through the harness of
test_vik2_table, or played through the server as a person does."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_browser import create_in_lobby
from test_vik2_table import MAP, PHONE, frame, harness, piece, position, show, take

from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF

DESKTOP = {"width": 1280, "height": 800}
MIN_TEXT = 12  # px: the map's hex names and unit counts on a phone, at least

# A radius-4 map (rows A to I), as 3-4 players have: drawn whole on a phone its hexes were
# 37.8 px wide, above the 32 px zoom limit, and its text 5-6 px tall.
MAP4 = """\
    p m p p g
   p p p p p g
  w p p p p w g
 w w p p p w w p
p p p p p w p p g
 p p p p p p p p
  p p p f p p p
   g p p f p p
    p p p f p
"""


def radius4(tmp_path: Path):
    return position(tmp_path, [
        piece("A1", 0, "city", True, infantry=2), piece("A2", 0, "city"),
        piece("D5", 0, infantry=2), piece("I4", 1, "city", True, infantry=1),
        piece("I1", 1, "town"), piece("E5", 1, infantry=1),
    ], tiles=MAP4)


def map_text_sizes(page) -> list[dict]:
    """Each hex name's and unit count's rendered font size in px (its SVG font size times the
    map's pixels per SVG unit)."""
    return page.evaluate("""() => {
      const svg = document.querySelector('svg.v2map');
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return [...svg.querySelectorAll('text.name, text.units')].map((t) => ({
        text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale }));
    }""")


@pytest.mark.parametrize("radius", [3, 4])
def test_the_maps_text_is_readable_on_a_phone(live_server, browser, tmp_path, radius):
    """Audit (stop 47): on a phone the map's hex names ("A1", which every action names) and
    unit counts ("2♟") were 5-6 px tall; a radius-4 map was drawn whole. On a phone they are
    12 px at least (the map drawn larger, scrolling sideways in its box, not the page), and
    its hexes still a finger wide (44 px)."""
    state = radius4(tmp_path) if radius == 4 else position(tmp_path, [
        piece("A1", 0, "city", True, infantry=2), piece("A2", 0, "city"),
        piece("G4", 1, "city", True, infantry=1), piece("G1", 1, "town")])
    context, page, errors = harness(browser, live_server.url, PHONE)
    show(page, frame(state, 0))
    sizes = map_text_sizes(page)
    assert any("♟" in s["text"] for s in sizes)
    small = [s for s in sizes if s["px"] < MIN_TEXT - 0.01]
    assert not small, small[:5]
    widths = page.evaluate("""() => [...document.querySelectorAll(
        'svg.v2map .hex-cell polygon.ground')].map((p) => p.getBoundingClientRect().width)""")
    assert min(widths) >= 44, min(widths)
    box = page.locator(".v2-mapbox")
    assert box.evaluate("(b) => b.scrollWidth > b.clientWidth"
                        " && getComputedStyle(b).overflowX == 'auto'")
    assert page.evaluate("document.documentElement.scrollWidth"
                         " <= document.documentElement.clientWidth")  # the page: not sideways
    # the viewer's capital, where the eye goes, is in the box's view
    a1 = page.locator("svg.v2map .hex-cell[data-name=A1]").bounding_box()
    b = box.bounding_box()
    assert b["x"] <= a1["x"] + a1["width"] / 2 <= b["x"] + b["width"], (a1, b)
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_map_stays_put_when_a_unit_is_selected(live_server, browser, tmp_path, viewport):
    """Audit (stop 47): on a phone the map jumped down some 120 px after a tap on a unit: the
    line naming the unit selected and the wrapped "stop this unit" and "end movement and
    battles" buttons were added above it, and the next tap landed on the wrong hex. The map
    stays where it was: they come under it."""
    state = radius4(tmp_path)
    context, page, errors = harness(browser, live_server.url, viewport)
    where = "() => { const r = document.querySelector('.v2-mapbox').getBoundingClientRect();" \
            " return [r.top + scrollY, r.left]; }"
    show(page, frame(state, 0))
    before = page.evaluate(where)
    take(state, SelectUnit, hex="D5", unit=INF)
    show(page, frame(state, 0))
    expect(page.locator("#v2-moving")).to_be_visible()
    assert page.evaluate(where) == before
    take(state, Step, hex="D4")  # and when it has moved
    show(page, frame(state, 0))
    assert page.evaluate(where) == before
    assert not errors, errors
    context.close()


def test_a_loss_to_pick_shows_the_dice_just_rolled(live_server, browser, tmp_path):
    """Audit (stop 47): when a player had to pick a loss ("your selective hits pick one unit
    of Seat 1's to lose") the battle panel showed no dice of the round just rolled; only the
    log at the side had them. The panel shows them, the ones that hit marked."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("D5", 0, infantry=3),
        piece("G4", 1, "city", True), piece("G1", 1, "city"),
        piece("E5", 1, infantry=1, cavalry=1),
    ], tiles=MAP.replace("   p p p f", "   g p p f"))  # G1 on grassland supports a cavalry
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    take(state, Fight, hex="E5")
    for _ in range(10):  # to the first loss to pick, whoever picks it
        battle = state.observation(0)["battle"]
        if battle and battle["decision"] == "casualty":
            break
        player = state.to_move()[0]
        legal = state.legal_actions(player)
        state.apply(player, [a for a in legal if "retreat" not in str(a)][0])
    else:
        raise AssertionError("no loss to pick")
    seat = battle["casualties"]["chooser"]
    view = frame(state, seat)
    start = max(k for k, line in enumerate(view["log"]) if line.startswith("--- Battle round"))
    rolls = [line for line in view["log"][start:] if " rolls " in line]
    assert rolls
    context, page, errors = harness(browser, live_server.url, PHONE)
    show(page, view)
    assert "to lose" in page.locator("#v2-battle-now").inner_text()
    box = page.locator("#v2-battle #v2-battle-rolls")
    expect(box).to_be_visible()
    lines = box.locator(".v2-roll")
    assert lines.count() == len(rolls)
    for k, line in enumerate(rolls):
        dice = [int(d) for d in line.split(": ")[1].split(" -> ")[0].split()]
        hits = int(line.split(" -> ")[1].split(" hit")[0])
        assert [int(t) for t in lines.nth(k).locator("svg.die text").all_text_contents()] == dice
        assert lines.nth(k).locator("svg.die.hit").count() == hits
    # above the buttons that pick the loss, on the phone's screen with them
    assert box.bounding_box()["y"] < page.locator("#v2-battle-now").bounding_box()["y"]
    assert not errors, errors
    context.close()


# Each badge's and mark's box against its hex (in SVG units): every corner inside the hex, and
# none over another's, the hex's name or the town's star.
LAYOUT = """(hex) => {
  const g = document.querySelector(`svg.v2map .hex-cell[data-name=${hex}]`);
  const pts = [...g.querySelector('polygon.ground').points].map((p) => [p.x, p.y]);
  const inside = ([x, y]) => pts.every(([ax, ay], k) => {
    const [bx, by] = pts[(k + 1) % pts.length];
    return (bx - ax) * (y - ay) - (by - ay) * (x - ax) >= -0.01;
  }) || pts.every(([ax, ay], k) => {
    const [bx, by] = pts[(k + 1) % pts.length];
    return (bx - ax) * (y - ay) - (by - ay) * (x - ax) <= 0.01;
  });
  const corners = (b) => [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
                          [b.x + b.width, b.y + b.height]];
  const box = (e) => {
    const b = e.getBBox();
    return { x: b.x, y: b.y, width: b.width, height: b.height };
  };
  const badges = [...g.querySelectorAll('rect.badge')].map(box);
  const counts = [...g.querySelectorAll('text.units')].map(box);
  const marks = [...g.querySelectorAll('text.mark:not(.star)')]
    .map((t) => ({ ...box(t), text: t.textContent }));
  const star = g.querySelector('text.mark.star');
  const name = box(g.querySelector('text.name'));
  const town = g.querySelector('rect:not(.badge), circle');
  return { badges, counts, marks, name, star: star && box(star), town: town && box(town),
           outside: [...badges, ...marks].filter((b) => !corners(b).every(inside)) };
}"""


def overlap(a: dict, b: dict, slack: float = 0.5) -> bool:
    return (a["x"] + slack < b["x"] + b["width"] and b["x"] + slack < a["x"] + a["width"]
            and a["y"] + slack < b["y"] + b["height"] and b["y"] + slack < a["y"] + a["height"])


def test_badges_and_marks_stay_inside_their_hex(live_server, browser):
    """Audit (stop 47): unit badges spilled out of their hex: on a capital under attack the
    attackers' "⚔2♟" sat over the next row's names (B2, B3), and the ⚔ mark sat on the
    capital's star. Each badge and mark is inside its hex, over neither another badge, the
    hex's name, the town nor its star; the counts inside their badges."""
    def capital_attacked():
        tmp = Path(tempfile.mkdtemp())
        state = position(tmp, [
            piece("A1", 0, "city", True), piece("A3", 0, "town"), piece("D5", 0, infantry=2),
            piece("E4", 0, infantry=1), piece("A2", 0, "city", infantry=1, artillery=1),
            piece("E5", 1, "city", True, infantry=2), piece("G1", 1, "town"),
        ])
        take(state, SelectUnit, hex="D5", unit=INF)
        take(state, Step, hex="E5")
        take(state, SelectUnit, hex="E4", unit=INF)
        take(state, Step, hex="E5")
        return state
    state = capital_attacked()
    context, page, errors = harness(browser, live_server.url, PHONE)
    views = [frame(state, 0)]  # declared: the attackers wait on E5 beside its defenders
    take(state, Fight, hex="E5")
    views.append(frame(state, 0))  # being fought: the two sides as they stand, on E5
    views.append(frame(state, 1))
    for view in views:
        view["observation"]["pennants"] = [view["observation"]["units"][0][0]]
        show(page, view)
        for name in ("E5", "A2"):
            got = page.evaluate(LAYOUT, name)
            assert got["badges"], (name, got)
            assert not got["outside"], (name, got)
            things = got["badges"] + got["marks"]
            for k, a in enumerate(things):
                for b in things[k + 1:]:
                    assert not overlap(a, b), (name, a, b)
                for other in (got["name"], got["star"], got["town"]):
                    if other:
                        assert not overlap(a, other), (name, a, other)
            for count, badge in zip(got["counts"], got["badges"], strict=True):
                right = badge["x"] + badge["width"] + 0.5
                assert badge["x"] - 0.5 <= count["x"] and (
                    count["x"] + count["width"] <= right), (count, badge)
        assert "⚔" in [m["text"] for m in page.evaluate(LAYOUT, "E5")["marks"]]
    assert not errors, errors
    context.close()


def test_the_creators_own_invite_link_says_at_once_that_its_seat_is_taken(live_server,
                                                                          browser):
    """Audit (stop 47): the creator opening its own invite link again after the invited
    person had claimed the seat was still asked "This is the invite link you made for seat
    1... Take seat 1 here", to be told after the click that the seat was taken. The page asks
    the server first (the game's summary says which person seats have joined) and says at
    once that the seat is taken, and that it watches."""
    host, guest = browser.new_context(), browser.new_context()
    page = host.new_page()
    create_in_lobby(page, live_server.url, "viktory-ii", ["here", "invite"])
    link = page.locator("#invites input.link").input_value()
    friend = guest.new_page()
    friend.goto(link)
    friend.wait_for_function("document.querySelector('#seats').innerText"
                             ".includes('Seat 1: person (you)')", timeout=10_000)
    page.wait_for_selector("#invites .joined[data-seat='1']", timeout=10_000)
    again = host.new_page()
    again.goto(link)
    again.wait_for_selector("#notice:not([hidden])", timeout=10_000)
    assert again.locator("#own-invite").count() == 0
    assert again.locator("#notice").inner_text() == (
        "Seat 1 was taken by the invited player: this link opens it no more, and you are watching")
    assert again.locator("#status").inner_text().startswith("Watching")
    for context in (host, guest):
        context.close()


def test_the_map_and_its_buttons_fit_one_desktop_screen(live_server, browser, tmp_path):
    """Audit (stop 47): at 1280 x 800 the header, the question, the buttons and the map (78 %
    of the screen's height) did not fit one screen: with a unit selected, the map's bottom
    rows and the buttons were below the fold. They fit."""
    state = radius4(tmp_path)
    take(state, SelectUnit, hex="D5", unit=INF)
    context, page, errors = harness(browser, live_server.url, DESKTOP)
    page.evaluate("""() => { const p = document.querySelector('#prompt');
      p.hidden = false;
      p.innerHTML = '<b>Your move: </b>choose a unit to move (then where it goes)'; }""")
    show(page, frame(state, 0))
    assert page.evaluate("scrollY") == 0
    prompt = page.locator("#prompt").bounding_box()
    assert prompt["y"] >= 0
    hexes = page.evaluate("""() => [...document.querySelectorAll('svg.v2map polygon.ground')]
        .map((p) => p.getBoundingClientRect().bottom)""")
    assert max(hexes) <= DESKTOP["height"], max(hexes)
    buttons = page.locator("#table .panel .actions button.act")
    assert buttons.count() >= 2
    for k in range(buttons.count()):
        r = buttons.nth(k).bounding_box()
        assert r["y"] + r["height"] <= DESKTOP["height"], r
    assert page.locator("#v2-moving").bounding_box()["y"] + 10 <= DESKTOP["height"]
    assert not errors, errors
    context.close()

