"""Audit (stop 74, three friends at Viktory II, one on a phone): a finger dragging the map in
its box while another seat's move came stopped dead: the frame drew the table anew under the
finger, replacing the box (a drag is the browser's from its first move, a pointercancel, and
the page took that for the end of the press). Frames that come during a drag are drawn once the
finger lifts."""

from __future__ import annotations

from test_audit54_phone import phone
from test_table_fixes import HERE, made_game

PHONE = {"width": 390, "height": 844}


def touch(cdp, kind: str, x: float, y: float) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_a_drag_of_the_map_goes_on_while_another_seat_moves(live_server, browser):
    url = live_server.url
    desk = browser.new_context()
    mover = desk.new_page()
    made = made_game(mover, url, "viktory-ii", [HERE, HERE])
    tokens = [s["token"] for s in made["seats"]]
    context, page = phone(browser, PHONE)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
    page.goto(f"{url}/game/{made['id']}#t={tokens[1]}")
    mover.goto(f"{url}/game/{made['id']}#t={tokens[0]}")
    page.wait_for_selector(".v2-mapbox.zoomed")
    mover.wait_for_selector("#table .playable, #table button.act")
    box = page.evaluate("""() => { const e = document.querySelector('.v2-mapbox');
        e.scrollIntoView({ block: 'center' }); window.__box = e;
        return { ...e.getBoundingClientRect().toJSON(), left: e.scrollLeft }; }""")
    cdp = context.new_cdp_session(page)
    x, y = box["x"] + box["width"] * 0.7, box["y"] + box["height"] / 2
    touch(cdp, "touchStart", x, y)
    for _ in range(5):  # the drag begins: the browser scrolls the box
        x -= 8
        touch(cdp, "touchMove", x, y)
        page.wait_for_timeout(40)
    came = len(frames)
    mover.locator("#table span.playable").first.click()  # seat 0 places a tile
    for _ in range(100):
        if any('"state"' in f for f in frames[came:]):
            break
        page.wait_for_timeout(50)
    assert any('"state"' in f for f in frames[came:]), "no frame came during the drag"
    for _ in range(10):  # the drag goes on after the frame came
        x -= 8
        touch(cdp, "touchMove", x, y)
        page.wait_for_timeout(40)
    assert page.evaluate("window.__box.isConnected"), "the frame drew the map anew mid-drag"
    dragged = page.evaluate("window.__box.scrollLeft")
    assert dragged > box["left"], (box["left"], dragged)
    touch(cdp, "touchEnd", x, y)
    page.wait_for_function("!window.__box.isConnected")  # lifted: the frame is drawn
    assert page.errors == []
    context.close()
    desk.close()
