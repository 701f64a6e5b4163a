"""The Viktory II map table's accessibility (audit, stop 48), in a real browser: who owns a
town, a city or a unit and what terrain a hex is, told by more than colour and named for a
screen reader; text on a seat's colour and a town's edge on its hex legible whatever the
colours; the map key's and the seats' swatches in forced colours; the one-battle table's unit
names; the dice of the last battle. Drawn with the real table modules from frames the server
would send (`view_frame`) through the harness of test_vik2_table, or from an observation
(`render_table`). Each test names the defect it guards against."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from table_render import render_table
from test_browser_a11y import CONTRAST
from test_vik2_table import PHONE, frame, harness, piece, position, show, take
from test_vik2_table_ux import small_battle

from warroom.games.viktory import GAME as VIKTORY
from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF

COLOURS = ["#d7263d", "#2457d6", "#e2b714", "#8e44ad", "#e67e22", "#14a38b", "#eef0f2", "#30343a"]
TERRAIN_FILL = {"p": "#d6c36a", "g": "#8cc063", "f": "#2f6b3a", "m": "#8d847c", "w": "#3a6ea5",
                "?": "#2b2f2c"}

# Every terrain, settlements on each land terrain (row B: grassland, forest, mountain).
MAP = """\
   p m p p
  g f p m g
 p p f w g w
w w p m f w w
 p g f p p w
  p f p g p
   p p p f
"""


# The hexes' names in the game's order: rows A to G of 4, 5, 6, 7, 6, 5 and 4 hexes.
HEX_NAMES = [f"{row}{col}" for row, n in zip("ABCDEFG", (4, 5, 6, 7, 6, 5, 4), strict=True)
             for col in range(1, n + 1)]


def rgb(hex_: str) -> str:
    return "rgb({}, {}, {})".format(*(int(hex_[k:k + 2], 16) for k in (1, 3, 5)))


def eight_seats(tmp_path: Path) -> dict:
    """Seat 0's view of a map whose towns, cities and units are handed out among eight seats
    (as an 8-player game's are), on every terrain; D5 unexplored; E5 attacked from D5."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True, infantry=1), piece("A2", 0, "city"), piece("A3", 0, "town"),
        piece("D5", 0, infantry=1), piece("E4", 0, infantry=1),
        piece("G4", 1, "city", True, infantry=1), piece("G1", 1, "town"),
        piece("E5", 1, infantry=1, cavalry=1), piece("B1", 1, "town", infantry=1),
        piece("B2", 1, "town", infantry=1), piece("B3", 1, "town", infantry=1),
        piece("B4", 1, "town", infantry=1), piece("B5", 1, "city", infantry=1),
        piece("C2", 1, "town"), piece("C3", 1, "city", infantry=1, artillery=1),
        piece("D4", 1, "city"), piece("F1", 1, "town", infantry=1),
        piece("F2", 1, "town", infantry=3), piece("F3", 1, "town"),
    ], tiles=MAP)
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    view = frame(state, 0)
    o = view["observation"]
    for k, s in enumerate(o["settlements"]):
        if s[1] == 1:
            s[1] = 1 + k % 7
    for k, u in enumerate(o["units"]):
        if u[1] == 1:
            u[1] = 1 + (k * 3) % 7
    # seat 7's town on an unexplored hex (as remembered from a hidden map's fog)
    terrain = list(o["terrain"])
    c1 = HEX_NAMES.index("C1")
    terrain[c1] = "?"
    o["terrain"] = "".join(terrain) if isinstance(o["terrain"], str) else terrain
    o["settlements"].append([c1, 7, 1, -1, True])
    return view


# Each hex's settlement and badges, with their owner's number, its ink, and what lies under.
PIECES = """() => [...document.querySelectorAll('svg.v2map .hex-cell')].map((g) => {
  const css = (e, k) => getComputedStyle(e)[k];
  const town = g.querySelector('circle, rect:not(.badge)');
  const badges = [...g.querySelectorAll('rect.badge')];
  const seatsIn = (box) => [...g.querySelectorAll('text.seat')].filter((t) => {
    const b = t.getBBox(), r = box.getBBox();
    const x = b.x + b.width / 2, y = b.y + b.height / 2;
    return x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;
  }).map((t) => ({ text: t.textContent, fill: css(t, 'fill'),
                   px: parseFloat(css(t, 'fontSize')) }));
  return {
    name: g.getAttribute('data-name'),
    ground: g.querySelector('polygon.ground').getAttribute('fill'),
    pattern: g.querySelector('polygon.pattern')?.getAttribute('fill') || null,
    town: town && { fill: town.getAttribute('fill'), edge: css(town, 'stroke'),
                    seats: seatsIn(town) },
    badges: badges.map((b) => ({ fill: b.getAttribute('fill'), edge: css(b, 'stroke'),
      seats: seatsIn(b),
      counts: [...g.querySelectorAll('text.units')].filter((t) => {
        const x = t.getBBox().x + t.getBBox().width / 2, r = b.getBBox();
        const y = t.getBBox().y + t.getBBox().height / 2;
        return x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;
      }).map((t) => ({ text: t.textContent, fill: css(t, 'fill') })) })),
    role: g.getAttribute('role'), label: g.getAttribute('aria-label'),
    tabindex: g.getAttribute('tabindex'), playable: g.classList.contains('playable'),
    title: g.querySelector('title').textContent,
  };
})"""

LUM = """([a, b]) => {
  const parse = (c) => c.startsWith('#') ? [1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16))
    : c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = parse(c).map((v) => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const x = lum(a), y = lum(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}"""


def contrast(page, a: str, b: str) -> float:
    return page.evaluate(LUM, [a, b])


def test_owners_and_terrain_are_told_without_colour_and_named_hex_by_hex(live_server, browser,
                                                                          tmp_path):
    """Audit (stop 48): who owns a town, a city or a unit, and what terrain a hex is, were
    told by colour alone (red and blue towns alike in grey, forest and water, plains and
    grassland about as light), the owner and terrain only in a hover tooltip, and a hex
    without an action had no name (the map read "A2 A3 ... B3 1♞"). A town, a city and a
    badge bear their owner's seat number, each terrain but plains a pattern of its own (the
    map key's boxes too, the key saying what the numbers are; the Players panel's swatches
    bear the number); each hex is named by its name, terrain, owner, settlement and units
    (an image; a hex with actions keeps its actions' name, what it holds put in it), and
    only the hexes with actions are Tab stops."""
    view = eight_seats(tmp_path)
    o = view["observation"]
    context, page, errors = harness(browser, live_server.url, PHONE)
    show(page, view)
    cells = {c["name"]: c for c in page.evaluate(PIECES)}
    owners = {s[0]: s[1] for s in o["settlements"]}
    names = HEX_NAMES
    assert sorted(cells) == sorted(names)
    assert len(owners) >= 16
    for hx, owner in owners.items():
        town = cells[names[hx]]["town"]
        assert [s["text"] for s in town["seats"]] == [str(owner)], (names[hx], town)
    stacks = {}
    for hx, owner, *_ in o["units"]:
        stacks.setdefault(names[hx], []).append(str(owner))
    for name, seats in stacks.items():
        got = [b["seats"][0]["text"] for b in cells[name]["badges"] if b["seats"]]
        assert set(seats) <= set(got), (name, cells[name]["badges"])
        assert len(got) == len(cells[name]["badges"]), (name, cells[name]["badges"])
    # the map's text, the seats' numbers too, 12 px at least on a phone
    scale = page.evaluate("""() => { const s = document.querySelector('svg.v2map');
      return s.getBoundingClientRect().width / s.viewBox.baseVal.width; }""")
    sizes = page.evaluate("""() => [...document.querySelectorAll('svg.v2map text.seat')]
      .map((t) => parseFloat(getComputedStyle(t).fontSize))""")
    assert sizes and min(sizes) * scale >= 12 - 0.01, (min(sizes), scale)
    # the terrains: a pattern each but plains (and unexplored hexes), all different
    by_terrain: dict[str, set] = {}
    for c in cells.values():
        by_terrain.setdefault(c["ground"], set()).add(c["pattern"])
    patterns = {fill: pats for fill, pats in by_terrain.items()}
    assert patterns[TERRAIN_FILL["p"]] == {None} and patterns[TERRAIN_FILL["?"]] == {None}
    marked = [patterns[TERRAIN_FILL[t]] for t in "gfmw"]
    assert all(len(p) == 1 and None not in p for p in marked), patterns
    assert len(set().union(*marked)) == 4, patterns
    # the key: the terrain boxes patterned as on the map, and what a number means
    boxes = page.evaluate("""() => [...document.querySelectorAll('.v2-legend i')].map((i) =>
      [i.parentElement.textContent.trim(), getComputedStyle(i).backgroundImage])""")
    art = dict(boxes)
    assert art["plains"] == "none" and art["unexplored"] == "none", boxes
    assert len({art[t] for t in ("grassland", "forest", "mountain", "water")}) == 4, boxes
    assert all(art[t].startswith('url("data:image/svg+xml') for t in ("grassland", "forest")), boxes
    assert re.search(r"number on a town.*owner's seat", page.locator(".v2-legend").inner_text())
    # the Players panel's swatches bear the seat's number, hidden from a screen reader
    for seat in (0, 1):
        sw = page.locator(f".seat-area[data-seat='{seat}'] .v2-swatch")
        assert sw.evaluate("(e) => getComputedStyle(e, '::after').content") == f'"{seat}"'
        expect(sw).to_have_attribute("aria-hidden", "true")
    # every hex named in full: an image, or a button keeping its actions' name
    for name, c in cells.items():
        first = c["title"].split("\n")[0]
        terrain = "unexplored" if c["ground"] == TERRAIN_FILL["?"] else first.split(": ")[1]
        assert c["label"] and name in c["label"] and terrain in c["label"], c
        if c["playable"]:
            assert c["role"] == "button" and c["tabindex"] == "0", c
        else:
            assert c["role"] == "img" and c["tabindex"] is None, c
            assert c["label"] == "; ".join(c["title"].split("\n")), c
    b3 = cells["B3"]["label"]
    owner_b3 = owners[names.index("B3")]
    [(_, unit_owner, units, *_)] = [u for u in o["units"] if names[u[0]] == "B3"]
    assert b3.startswith("B3: plains; ") and f"Seat {owner_b3}'s town" in b3, b3
    assert f"Seat {unit_owner}'s units: {units[0]} infantry" in b3, b3
    a1 = cells["A1"]["label"]
    # (its name, then its marks in words: the marks themselves, "A1 0 ★ 0 1♟", were read
    # aloud as "zero star zero one pawn"; audit, stop 76)
    assert re.match(r"A1 \(plains; your city \(your capital\); your units: 1 infantry.*\): "
                    r"move an infantry from A1$", a1), a1
    e5 = cells["E5"]["label"]
    assert "Seat" in e5 and "your attackers: 1 infantry" in e5, e5
    assert e5.endswith("fight the battle at E5"), e5
    # the hexes on the accessibility tree, named; only the playable ones take the focus
    tree = page.locator("svg.v2map").aria_snapshot()
    assert re.search(r"img \"B3: plains; Seat \d'{1,2}s town", tree), tree[:400]
    # ... in the grid's order (A1, A2, ...), the playable hexes among the others: drawn last,
    # on top, they were read last (audit, stop 76). The browser's own tree (Playwright's
    # snapshot follows the DOM, not aria-owns)
    nodes = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]
    by_id = {node["nodeId"]: node for node in nodes}
    [the_map] = [node for node in nodes if node.get("name", {}).get("value") == "the map"]
    read = [re.match(r"[A-Z]\d+", by_id[child]["name"]["value"])[0]
            for child in the_map["childIds"] if by_id[child].get("name", {}).get("value")]
    in_grid = page.evaluate("""() => [...document.querySelectorAll('svg.v2map g.hex-cell')]
      .sort((a, b) => a.dataset.hex - b.dataset.hex).map((g) => g.dataset.name)""")
    assert read == in_grid, (read, in_grid)
    assert in_grid[0] == "A1" and cells["A1"]["playable"]  # (one drawn last)
    stops = page.locator("svg.v2map [tabindex='0']").count()
    assert stops == sum(c["playable"] for c in cells.values()) <= 3
    assert not errors, errors
    context.close()


def test_text_on_a_seats_colour_and_a_towns_edge_on_its_hex_stay_legible(live_server, browser,
                                                                          tmp_path):
    """Audit (stop 48): a badge's counts were white with a dark outline whatever its colour:
    "1♟+1♟" on seat 6's white badge read 1.10:1; seat 7's dark towns (#30343a) vanished on
    unexplored hexes and forest. A seat's number and a badge's counts are dark on a light
    colour and light on a dark one (4.5:1 at least, every seat), and a town's, a city's and a
    badge's edge stands out from its hex's ground (3:1 at least, light on dark ground)."""
    view = eight_seats(tmp_path)
    context, page, errors = harness(browser, live_server.url)
    show(page, view)
    cells = page.evaluate(PIECES)
    seen_owners = set()
    for c in cells:
        things = ([c["town"]] if c["town"] else []) + c["badges"]
        for thing in things:
            fill = thing["fill"]
            seen_owners.add(fill)
            for text in thing["seats"] + thing.get("counts", []):
                got = contrast(page, text["fill"], fill)
                assert got >= 4.5, (c["name"], fill, text, got)
            ground = c["ground"]
            edge = contrast(page, thing["edge"], ground)
            assert edge >= 3, (c["name"], fill, ground, thing["edge"], edge)
    assert {c.lower() for c in seen_owners} == set(COLOURS), seen_owners
    # seat 7's town on the unexplored C1 and seat 6's counts on its white badge, by name
    c1 = next(c for c in cells if c["name"] == "C1")
    assert c1["town"]["fill"] == COLOURS[7] and c1["ground"] == TERRAIN_FILL["?"]
    white = [b for c in cells for b in c["badges"] if b["fill"] == COLOURS[6]]
    assert white and all(contrast(page, t["fill"], COLOURS[6]) >= 4.5
                         for b in white for t in b["counts"]), white
    assert not errors, errors
    context.close()


def test_the_map_keys_and_seats_swatches_keep_their_colours_in_forced_colours(live_server,
                                                                            browser, tmp_path):
    """Audit (stop 48): in forced colours (high contrast) the map key's terrain boxes and the
    seats' swatches (the Players panel, the header, the battle's sides) turned white while the
    map kept its colours: nothing matched them to it. They keep their colours there too."""
    view = eight_seats(tmp_path)
    context, page, errors = harness(browser, live_server.url)
    page.emulate_media(forced_colors="active")
    show(page, view)
    background = "(e) => getComputedStyle(e).backgroundColor"
    turn = page.locator(".stats .v2-swatch").first  # whose turn it is
    assert turn.evaluate(background) == rgb(COLOURS[0])
    for seat in (0, 1):  # the Players panel's
        sw = page.locator(f".seat-area[data-seat='{seat}'] .v2-swatch")
        assert sw.evaluate(background) == rgb(COLOURS[seat])
    boxes = page.locator(".v2-legend i")
    assert boxes.count() == 6
    got = [b.evaluate(background) for b in boxes.all()]
    assert got == [rgb(TERRAIN_FILL[t]) for t in "pgfmw?"], got
    # and the battle's sides
    state = small_battle_declared(tmp_path)
    show(page, frame(state, 0))
    sides = page.locator("#v2-battle .side .v2-swatch")
    assert sides.count() == 2
    assert [s.evaluate(background) for s in sides.all()] == [
        rgb(COLOURS[0]), rgb(COLOURS[1])]
    assert not errors, errors
    context.close()


def small_battle_declared(tmp_path: Path):
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("D5", 0, infantry=2),
        piece("G4", 1, "city", True), piece("G1", 1, "town"), piece("E5", 1, infantry=1),
    ])
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    take(state, Fight, hex="E5")
    return state


def test_a_one_battle_units_two_lines_read_as_two_words(live_server, browser):
    """Audit (stop 48): at the one-battle Viktory table a unit's two lines ("♟ 2" and
    "infantry", a <b> and a <span>) ran together in its accessible name: "♟ 2infantry". A
    space lies between them (as at Word & Iron's table); the unit looks as before."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    obs = VIKTORY.new_state(VIKTORY.config({}), 1).observation(0)
    texts = render_table(page, "viktory", obs,
                         "[...root.querySelectorAll('.unit')].map((u) => u.textContent)")
    assert texts, "no unit drawn"
    for text in texts:
        assert re.fullmatch(r"\S+ \d+ (infantry|cavalry|artillery|frigate)", text), texts
    unit = page.locator(".unit").first
    name = unit.evaluate("(u) => u.innerText.replace(/\\s+/g, ' ')")
    assert re.fullmatch(r"\S+ \d+ \w+", name.strip()), name
    lines = unit.evaluate(
        "(u) => [...u.children].map((c) => Math.round(c.getBoundingClientRect().top))")
    assert lines[0] < lines[1]  # still two lines
    page.close()


@pytest.mark.parametrize("where", ["last", "panel"])
def test_the_battles_dice_hit_or_missed_read_well(live_server, browser, tmp_path, where):
    """Audit (stop 48): a check: the shared stylesheet draws a die used or missed hollow (a
    dashed edge, no fade). In the last battle's box and the battle panel a missed die is
    hollow, a hit one white with a gold edge, and both numbers read at 4.5:1 at least."""
    if where == "last":
        state = small_battle(tmp_path)
    else:  # a battle still fought: the rolls of its round just rolled, in the panel
        state = small_battle_declared(tmp_path)
        for _ in range(20):
            battle = state.observation(0)["battle"]
            view = frame(state, 0)
            if battle and any(" rolls " in line for line in view["log"]):
                break
            player = state.to_move()[0]
            legal = state.legal_actions(player)
            state.apply(player, [a for a in legal if "retreat" not in str(a)][0])
    context, page, errors = harness(browser, live_server.url, PHONE)
    show(page, frame(state, 0))
    box = page.locator("#v2-last-battle" if where == "last" else "#v2-battle-rolls")
    expect(box).to_be_visible()
    for fold in box.locator("details").all():
        fold.locator("summary").click()
    dice = box.locator("svg.die")
    assert dice.count()
    for die in dice.all():
        cls = die.get_attribute("class")
        assert die.locator("text").first.evaluate(CONTRAST) >= 4.5, cls
        if "miss" in cls:
            assert "used" in cls
            dashes = die.locator("rect").evaluate("(r) => getComputedStyle(r).strokeDasharray")
            assert dashes != "none"
            assert die.evaluate("(d) => getComputedStyle(d).opacity") == "1"
    assert not errors, errors
    context.close()
