"""The Viktory II table: a move next to enemy artillery that may fire Overwatch says so (a
player's audit: "move to D4 (plains)" next to an enemy artillery gave no hint, and the unit
died to Overwatch as it moved, which only the log told). Drawn with the real table module
from frames the server would send (`view_frame`), as in test_vik2_table.py."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect
from test_vik2_table import MAP as TABLE_MAP
from test_vik2_table import frame, harness, piece, show, take
from test_vik2_table import position as table_position

from warroom.games.viktory_ii.actions import SelectUnit, Step
from warroom.games.viktory_ii.units import INF

# test_vik2_table's map with a mountain on G4, whose city supports an artillery: C3's
# neighbours are C4, B3, B2, C2, D3 and D4; E4's are E5, D5, D4, E3, F3 and F4.
MAP = TABLE_MAP.replace("p p p f\n", "p p p m\n")
HINT = "next to enemy artillery: Overwatch may fire"


def position(tmp_path: Path, **options):
    """Player 0 (to move) has 2 infantry on C3 and 1 on D4; player 1 an artillery on E4, next
    to D4 (not to C3 nor to any other hex C3's infantry may step to)."""
    pieces = [piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("C3", 0, infantry=2),
              piece("D4", 0, infantry=1),
              piece("G4", 1, "city", True), piece("G1", 1, "city"), piece("E4", 1, artillery=1)]
    return table_position(tmp_path, pieces, tiles=MAP, **options)


def answer(state, label: str) -> None:
    """Player 1 answers the Overwatch question; the rest of that small battle is played with
    each decision's first choice, until player 0 moves again."""
    [action] = [a for a in state.legal_actions(1) if str(getattr(a, "label", a)) == label]
    state.apply(1, action)
    for _ in range(20):
        if state.observation(0)["battle"] is None:
            return
        player = state.to_move()[0]
        state.apply(player, state.legal_actions(player)[0])
    raise AssertionError("the Overwatch did not end")


def hex_(page, name: str):
    return page.locator(f"svg.v2map .hex-cell[data-name={name}]")


def marked(page) -> list[str]:
    """The hexes the map marks with Overwatch's warning."""
    return sorted(page.locator("svg.v2map .hex-cell").filter(
        has=page.locator("text.mark.overwatch")).evaluate_all(
        "(gs) => gs.map((g) => g.dataset.name)"))


def test_a_move_next_to_enemy_artillery_says_overwatch_may_fire(live_server, browser,
                                                                 tmp_path):
    """The target next to the enemy artillery (D4) is marked on the map, and its tooltip,
    accessible name and menu entry say Overwatch may fire; the other targets are not; the
    line above the map says it too. The actions' labels (a record's) are not changed, and a
    click plays the move. The other seat, with nothing selected, sees no mark."""
    state = position(tmp_path)
    take(state, SelectUnit, hex="C3", unit=INF)
    view = frame(state, 0)
    steps = {e["action"]["where"]: e for e in view["legal"] if e["action"]["type"] == "Step"}
    assert sorted(steps) == ["B2", "B3", "C2", "C4", "D3", "D4"], sorted(steps)
    assert steps["D4"]["label"] == "move to D4 (plains)"  # the game's label, as recorded
    context, page, errors = harness(browser, live_server.url)
    show(page, view)
    assert marked(page) == ["D4"], marked(page)
    d4 = hex_(page, "D4")
    assert d4.locator("text.mark.overwatch").text_content() == "⚠"
    title = d4.locator("title").text_content()
    assert f"→ move to D4 (plains) — {HINT}" in title, title
    assert "Seat 1's artillery on E4" in title, title
    assert f"move to D4 (plains) — {HINT}" in d4.get_attribute("aria-label")
    # D4 holds an infantry of player 0's too: a menu, whose move says it
    d4.dispatch_event("click")
    menu = page.locator(".menu button").all_text_contents()
    assert f"move to D4 (plains) — {HINT}" in menu, menu
    assert "move an infantry from D4" in menu, menu  # not a move: no hint
    page.locator(".menu button", has_text="move to D4").click()
    assert page.evaluate("window.acted") == [steps["D4"]["i"]]
    for other in ("B2", "B3", "C2", "C4", "D3"):
        cell = hex_(page, other)
        assert cell.locator("text.mark.overwatch").count() == 0, other
        assert cell.get_attribute("aria-label") == f"move to {other} (plains)", other
        assert "Overwatch" not in cell.locator("title").text_content(), other
    hint = page.locator("#v2-moving").inner_text()
    assert f"⚠ D4: {HINT}." in hint, hint
    assert "⚠" in page.locator(".v2-legend").inner_text()
    show(page, frame(state, 1))  # the artillery's own seat: nothing to move, nothing marked
    assert marked(page) == []
    assert not errors, errors
    context.close()


def test_artillery_that_fired_overwatch_this_turn_marks_nothing(live_server, browser,
                                                               tmp_path):
    """Overwatch fires once per enemy turn: once the seat's log says the artillery on E4
    fired at the infantry that moved to D4, the next infantry's move there is not marked.
    Held back, it may still fire: the move stays marked."""
    context, page, errors = harness(browser, live_server.url)
    for label, still in (("fire Overwatch now", []), ("hold Overwatch back", ["D4"])):
        state = position(tmp_path)
        take(state, SelectUnit, hex="C3", unit=INF)
        take(state, Step, hex="D4")
        answer(state, label)
        take(state, SelectUnit, hex="C3", unit=INF)
        view = frame(state, 0)
        assert any(e["action"].get("where") == "D4" for e in view["legal"])
        assert any(line.startswith("Overwatch: ") for line in view["log"]), view["log"]
        show(page, view)
        assert marked(page) == still, (label, marked(page), view["log"])
    assert not errors, errors
    context.close()


def test_with_overwatch_off_nothing_is_marked(live_server, browser, tmp_path):
    """With the `overwatch` option off no artillery fires Overwatch: no move is marked. The
    option is public (the lobby shows it); the table reads it from the observation's
    `overwatch` (as the battle's observation names it)."""
    state = position(tmp_path, overwatch=False)
    take(state, SelectUnit, hex="C3", unit=INF)
    view = frame(state, 0)
    assert view["observation"]["overwatch"] is False
    context, page, errors = harness(browser, live_server.url)
    show(page, view)
    expect(page.locator("svg.v2map .hex-cell.playable").first).to_be_visible()
    assert marked(page) == []
    d4 = hex_(page, "D4")
    assert "Overwatch" not in (d4.get_attribute("aria-label") or "")
    assert "Overwatch" not in d4.locator("title").text_content()
    assert "Overwatch" not in page.locator("#v2-moving").inner_text()
    # The same position with the option on is marked (the table, not the position, decides).
    view["observation"]["overwatch"] = True
    show(page, view)
    assert marked(page) == ["D4"]
    assert not errors, errors
    context.close()
