"""Audit (stop 64) of a family of 3-4 playing Viktory II hotseat on one laptop: the map's text
too small to read there, and a selective hit's choice worded as a loss. Drawn with the real
table module from frames the server would send, through the harness of test_vik2_table."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_vik2_table import MAP, frame, harness, piece, position, show, take

from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import CAV, INF

LAPTOPS = [{"width": 1024, "height": 700}, {"width": 1280, "height": 800}]


def radius6(tmp_path: Path):
    """A radius-6 map (rows A to M), the default of 4 players, with a badge of two unit kinds
    ("0 1♟1♞" on D5)."""
    rows = [" " * abs(r) + " ".join("p" * (13 - abs(r))) for r in range(-6, 7)]
    rows[0] = rows[0].replace("p p", "p g", 1)  # A2 on grassland supports the cavalry
    return position(tmp_path, [
        piece("A1", 0, "city", True, infantry=2), piece("A2", 0, "city"),
        piece("D5", 0, infantry=1, cavalry=1), piece("M4", 1, "city", True, infantry=1),
        piece("M1", 1, "town"), piece("E5", 1, infantry=1),
    ], tiles="\n".join(rows) + "\n")


@pytest.mark.parametrize("viewport", LAPTOPS, ids=["1024x700", "1280x800"])
def test_the_maps_text_is_readable_on_a_laptop(live_server, browser, tmp_path, viewport):
    """Audit (stop 64): on a laptop a 4-player (radius-6) map was shrunk to fit its column and
    its hex names and unit badges ("1♟1♞") rendered 6-9 px tall, unreadable without zooming
    the page. They are 11 px tall at least; the map scrolls inside its box (not the page
    sideways), and every hex can be scrolled to."""
    state = radius6(tmp_path)
    context, page, errors = harness(browser, live_server.url, viewport)
    show(page, frame(state, 0))
    heights = page.evaluate("""() => [...document.querySelectorAll(
        'svg.v2map text.units, svg.v2map text.name')].map((t) => [t.textContent,
        t.getBoundingClientRect().height])""")
    assert "1♟1♞" in [t for t, _ in heights]
    small = [(t, px) for t, px in heights if px < 11]
    assert not small, small[:5]
    box = page.locator(".v2-mapbox")
    assert box.evaluate("(b) => getComputedStyle(b).overflow") == "auto"
    reach = box.evaluate("""(b) => {
      const o = b.getBoundingClientRect();
      return [...b.querySelectorAll('.hex-cell polygon.ground')].map((p) => {
        const r = p.getBoundingClientRect();
        const x = r.left - o.left - b.clientLeft + b.scrollLeft;
        const y = r.top - o.top - b.clientTop + b.scrollTop;
        return [p.parentNode.dataset.name, x >= -1 && y >= -1
          && x + r.width <= b.scrollWidth + 1 && y + r.height <= b.scrollHeight + 1];
      });
    }""")
    assert len(reach) == 127 and all(ok for _, ok in reach), [n for n, ok in reach if not ok]
    # the far corner scrolled to is in the box's view
    box.evaluate("(b) => { b.scrollLeft = b.scrollWidth; b.scrollTop = b.scrollHeight; }")
    m7 = page.locator("svg.v2map .hex-cell[data-name=M7] polygon.ground").bounding_box()
    b = box.bounding_box()
    assert b["x"] <= m7["x"] and m7["x"] + m7["width"] <= b["x"] + b["width"] + 1, (m7, b)
    assert b["y"] <= m7["y"] and m7["y"] + m7["height"] <= b["y"] + b["height"] + 1, (m7, b)
    assert page.evaluate("document.documentElement.scrollWidth"
                         " <= document.documentElement.clientWidth")
    assert not errors, errors
    context.close()


def casualty_choices(tmp_path: Path) -> list[tuple[int, int, dict]]:
    """Seat 0 attacks E5 (an infantry and a cavalry of Seat 1) from D5 with an infantry and a
    cavalry, and the battle is fought on (no retreat): each loss to pick on the way, as
    (chooser, victim, the chooser's frame). Seat 1's selective hits pick one of Seat 0's
    attackers first (the seed's dice), then Seat 0 picks its own."""
    tiles = MAP.replace("   p m p p", "   g m p p").replace("   p p p f", "   g p p f")
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"),
        piece("D5", 0, infantry=2, cavalry=1), piece("G4", 1, "city", True),
        piece("G1", 1, "city"), piece("E5", 1, infantry=1, cavalry=1),
    ], tiles=tiles)
    for unit in (CAV, INF):
        take(state, SelectUnit, hex="D5", unit=unit)
        take(state, Step, hex="E5")
    take(state, Fight, hex="E5")
    out = []
    while (battle := state.observation(0)["battle"]) and not battle["result"]:
        player = state.to_move()[0]
        if battle["decision"] == "casualty":
            c = battle["casualties"]
            out.append((c["chooser"], c["victim"], frame(state, player)))
        state.apply(player, [a for a in state.legal_actions(player) if "retreat" not in str(a)][0])
    return out


def test_a_selective_hit_is_not_worded_as_a_loss(live_server, browser, tmp_path):
    """Audit (stop 64): when Seat 1's selective hits picked Seat 0's casualty, the battle said
    "your selective hits pick" but its buttons said "lose an attacking cavalry from D5", as if
    Seat 1 gave up a unit of its own. They say "hit Seat 0's attacking cavalry from D5"; a
    player picking its own losses still reads "lose ..."."""
    choices = casualty_choices(tmp_path)
    selective = next(f for chooser, victim, f in choices if (chooser, victim) == (1, 0))
    own = next(f for chooser, victim, f in choices if (chooser, victim) == (0, 0))
    defending = next(f for chooser, victim, f in choices if (chooser, victim) == (1, 1))
    context, page, errors = harness(browser, live_server.url)
    buttons = page.locator("section.panel", has=page.locator("#v2-battle")).locator("button.act")
    show(page, selective)
    assert page.locator("#v2-battle-now").inner_text() == (
        "Your move: your selective hits pick one unit of Seat 0's to lose.")
    assert buttons.all_text_contents() == [
        "hit Seat 0's attacking infantry from D5", "hit Seat 0's attacking cavalry from D5"]
    show(page, own)
    assert page.locator("#v2-battle-now").inner_text() == (
        "Your move: choose one unit of yours to lose.")
    assert buttons.all_text_contents() == [
        "lose an attacking infantry from D5", "lose an attacking cavalry from D5"]
    show(page, defending)
    assert buttons.all_text_contents() == ["lose a defending infantry", "lose a defending cavalry"]
    assert not errors, errors
    context.close()
