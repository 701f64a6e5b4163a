"""Audit (stop 76): on the Viktory II map, a tile put on a hex (Enter on the hex, Enter on
"put the plains tile on F2") left the keyboard's focus on the page's body: the hexes got ids
that keep the map's reading order (aria-owns), and game.js refocused the redrawn hex of the
same id, no Tab stop any more, where focus() does nothing. A thing found again by its id is
focused only if it takes the focus; else the first playable thing is."""

from __future__ import annotations

from test_a11y import FOCUS, press_and_wait
from test_browser import VERSIONS
from test_table_fixes import AI, HERE, made_game


def test_a_tile_put_on_a_hex_leaves_the_focus_on_a_playable_hex(seeded_server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script(VERSIONS)
    made = made_game(page, seeded_server.url, "viktory-ii", [HERE, AI], {"radius": 3}, 5)
    page.goto(f"{seeded_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    for move in range(3):  # each a tile put on the hex the focus is on
        page.wait_for_function("document.querySelector('#status').textContent === 'Your turn'",
                               timeout=15_000)
        hexes = page.locator("svg.v2map g.playable")
        if move == 0:
            hexes.first.focus()
        focus = page.evaluate(FOCUS)
        assert focus and focus["playable"], (move, focus)
        placed = page.evaluate("document.activeElement.dataset.name")
        assert "tile" in (focus["label"] or ""), focus
        press_and_wait(page)
        focus = page.evaluate(FOCUS)
        assert focus is not None, f"move {move}: the focus fell to the body (tile on {placed})"
        assert focus["playable"], focus
    assert not errors, errors
    page.close()
