"""Audit (stop 74, six friends drafting Battle at the browser): a click on a pack card was
lost, with no word, when another seat's pick came while the button was down: the frame drew
the table anew, the card pressed was gone when the button came up, and no click was made (9
presses of 9). The page now draws the frames that come during a press once it is let go, after
its click."""

from __future__ import annotations

from test_audit54_phone import phone
from test_table_fixes import HERE, made_game

DRAFT = {"deck_mode": "draft", "packs": 2, "pack_size": 6, "limited_size": 8}


def test_a_pick_pressed_while_another_seat_picks_is_played(live_server, browser):
    url = live_server.url
    first = browser.new_context()
    mine = first.new_page()
    made = made_game(mine, url, "battle", [HERE, HERE], DRAFT)
    tokens = [s["token"] for s in made["seats"]]
    frames, sent = [], []
    mine.on("websocket", lambda ws: (ws.on("framereceived", lambda f: frames.append(f)),
                                     ws.on("framesent", lambda f: sent.append(f))))
    mine.goto(f"{url}/game/{made['id']}#t={tokens[0]}")
    second = browser.new_context()
    friend = second.new_page()
    friend.goto(f"{url}/game/{made['id']}#t={tokens[1]}")
    mine.wait_for_selector("#table [data-action]")
    friend.wait_for_selector("#table [data-action]")
    header = mine.locator("#table .stats").first.inner_text()
    box = mine.locator("#table [data-action]").first.bounding_box()
    mine.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    mine.mouse.down()
    came = len(frames)
    friend.locator("#table [data-action]").first.click()  # the friend's pick: a frame to mine
    for _ in range(100):
        if any('"state"' in f for f in frames[came:]):
            break
        mine.wait_for_timeout(50)
    assert any('"state"' in f for f in frames[came:]), "no frame came during the press"
    mine.mouse.up()
    mine.wait_for_timeout(500)
    assert any('"act"' in f for f in sent), "the press across a frame made no pick"
    # the pick was played: the next pack (or the wait for it) is on the table
    assert mine.locator("#table .stats").first.inner_text() != header
    first.close()
    second.close()


def test_a_tap_on_a_phone_while_another_seat_picks_is_played(live_server, browser):
    """A finger's tap across a frame acts too (the frames held while the finger is down are
    drawn after the tap's click, not before it)."""
    url = live_server.url
    context, mine = phone(browser, {"width": 390, "height": 844})
    made = made_game(mine, url, "battle", [HERE, HERE], DRAFT)
    tokens = [s["token"] for s in made["seats"]]
    frames, sent = [], []
    mine.on("websocket", lambda ws: (ws.on("framereceived", lambda f: frames.append(f)),
                                     ws.on("framesent", lambda f: sent.append(f))))
    mine.goto(f"{url}/game/{made['id']}#t={tokens[0]}")
    second = browser.new_context()
    friend = second.new_page()
    friend.goto(f"{url}/game/{made['id']}#t={tokens[1]}")
    mine.wait_for_selector("#table [data-action]")
    friend.wait_for_selector("#table [data-action]")
    card = mine.locator("#table [data-action]").first
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    cdp = context.new_cdp_session(mine)
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    came = len(frames)
    friend.locator("#table [data-action]").first.click()
    for _ in range(100):
        if any('"state"' in f for f in frames[came:]):
            break
        mine.wait_for_timeout(50)
    assert any('"state"' in f for f in frames[came:]), "no frame came during the tap"
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    mine.wait_for_timeout(500)
    assert any('"act"' in f for f in sent), "the tap across a frame made no pick"
    context.close()
    second.close()
