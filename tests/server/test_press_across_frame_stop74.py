"""Audit (stop 74, six friends drafting Battle at the browser): a click on a pack card was
lost, with no word, when another seat's pick came while the button was down: the frame drew
the table anew, the card pressed was gone when the button came up, and no click was made (9
presses of 9). The page now draws the frames that come during a press once it is let go, after
its click."""

from __future__ import annotations

from test_audit54_phone import phone
from test_table_fixes import HERE, made_game

DRAFT = {"deck_mode": "draft", "packs": 2, "pack_size": 6, "limited_size": 8}


class Draft:
    """A two-seat Battle draft: my page (`mine`) and a friend's, each at its pack; the frames
    my page received and sent."""

    def __init__(self, url: str, browser, mine):
        self.context, self.mine = mine.context, mine
        made = made_game(self.mine, url, "battle", [HERE, HERE], DRAFT)
        tokens = [s["token"] for s in made["seats"]]
        self.frames: list[str] = []
        self.sent: list[str] = []
        self.mine.on("websocket", lambda ws: (
            ws.on("framereceived", lambda f: self.frames.append(f)),
            ws.on("framesent", lambda f: self.sent.append(f))))
        self.mine.goto(f"{url}/game/{made['id']}#t={tokens[0]}")
        self.other = browser.new_context()
        self.friend = self.other.new_page()
        self.friend.goto(f"{url}/game/{made['id']}#t={tokens[1]}")
        self.mine.wait_for_selector("#table [data-action]")
        self.friend.wait_for_selector("#table [data-action]")

    def friend_picks(self) -> None:
        """The friend picks, and the frame it sends my page has come."""
        came = len(self.frames)
        self.friend.locator("#table [data-action]").first.click()
        for _ in range(100):
            if any('"state"' in f for f in self.frames[came:]):
                return
            self.mine.wait_for_timeout(50)
        raise AssertionError("no frame came during the press")

    def picked(self) -> bool:
        self.mine.wait_for_timeout(500)
        return any('"act"' in f for f in self.sent)

    def close(self) -> None:
        self.context.close()
        self.other.close()


def test_a_pick_pressed_while_another_seat_picks_is_played(live_server, browser):
    draft = Draft(live_server.url, browser, browser.new_context().new_page())
    mine = draft.mine
    header = mine.locator("#table .stats").first.inner_text()
    box = mine.locator("#table [data-action]").first.bounding_box()
    mine.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    mine.mouse.down()
    draft.friend_picks()
    mine.mouse.up()
    assert draft.picked(), "the press across a frame made no pick"
    # the pick was played: the next pack (or the wait for it) is on the table
    assert mine.locator("#table .stats").first.inner_text() != header
    draft.close()


def test_a_tap_on_a_phone_while_another_seat_picks_is_played(live_server, browser):
    """A finger's tap across a frame acts too (the frames held while the finger is down are
    drawn after the tap's click, not before it)."""
    context, page = phone(browser, {"width": 390, "height": 844})
    draft = Draft(live_server.url, browser, page)
    card = draft.mine.locator("#table [data-action]").first
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    cdp = context.new_cdp_session(draft.mine)
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    draft.friend_picks()
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert draft.picked(), "the tap across a frame made no pick"
    draft.close()
