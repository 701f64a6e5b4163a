"""Audit (stop 57): the replay's step buttons were never disabled at the ends: at the last
position "forward >" and ">|" stayed enabled, a tap on them did nothing and a screen reader
called them usable; at position 0 "|<" and "< back" likewise. The buttons that lead nowhere
from the position shown are disabled now (the slider stays), however the page got there: a
button, a key, or the address it opened with; and a button that had the keyboard when it was
disabled hands it to the slider, not to the page's body."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect
from test_browser import finished_game

STEPS = ("#first", "#prev", "#step", "#next", "#last")


def ends_are(page, at_first: bool, at_last: bool) -> None:
    """The back buttons are disabled at the first position, the forward ones at the last; the
    slider never."""
    off = {"#first": at_first, "#prev": at_first, "#step": False,
           "#next": at_last, "#last": at_last}
    for control in STEPS:
        if off[control]:
            expect(page.locator(control)).to_be_disabled()
        else:
            expect(page.locator(control)).to_be_enabled()


def focused(page) -> str:
    return page.evaluate("() => document.activeElement?.id || document.activeElement?.tagName")


def open_replay(live_server, browser) -> tuple[Any, str, int, list[str]]:
    """A new page at the replay of a finished kow game, at its first position: the page, the
    game's id, its last position and the page's errors as they come."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    game_id = finished_game(page, live_server.url, "kow", {"victories_to_win": 1})
    page.goto(f"{live_server.url}/replay/{game_id}")
    expect(page.locator("#where")).to_have_text(re.compile(r"^position 0 of \d+$"))
    last = int(page.locator("#where").inner_text().rsplit(" ", 1)[1])
    assert last >= 3, last
    return page, game_id, last, errors


def test_the_step_buttons_are_disabled_at_the_ends(live_server, browser):
    page, game_id, last, errors = open_replay(live_server, browser)
    ends_are(page, at_first=True, at_last=False)
    # ">|": at the end; the button clicked, now disabled, hands the keyboard to the slider.
    page.click("#last")
    expect(page.locator("#where")).to_have_text(f"position {last} of {last}")
    ends_are(page, at_first=False, at_last=True)
    assert focused(page) == "step"
    page.click("#prev")
    expect(page.locator("#where")).to_have_text(f"position {last - 1} of {last}")
    ends_are(page, at_first=False, at_last=False)
    # The keys, as before: Home and End elsewhere than the slider.
    page.locator("#title").click()
    page.keyboard.press("Home")
    expect(page.locator("#where")).to_have_text(f"position 0 of {last}")
    ends_are(page, at_first=True, at_last=False)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#where")).to_have_text(f"position 1 of {last}")
    ends_are(page, at_first=False, at_last=False)
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#where")).to_have_text(f"position 0 of {last}")
    ends_are(page, at_first=True, at_last=False)
    # The address follows once the steps stop: here it says position 0 (as it did whenever a
    # loaded machine was slow between these keys), so the new hash below would be no change
    # (no hashchange at all) until the address has caught up with End.
    expect(page).to_have_url(re.compile(r"#at=0$"))
    page.keyboard.press("End")
    expect(page.locator("#where")).to_have_text(f"position {last} of {last}")
    ends_are(page, at_first=False, at_last=True)
    expect(page).to_have_url(re.compile(rf"#at={last}$"))
    # A new hash on the open page.
    page.evaluate("() => { location.hash = '#at=0'; }")
    expect(page.locator("#where")).to_have_text(f"position 0 of {last}")
    ends_are(page, at_first=True, at_last=False)
    # Opened at the last position: right from its first window.
    page.goto("about:blank")  # (a new hash alone on the same page loads nothing)
    page.goto(f"{live_server.url}/replay/{game_id}#at={last}")
    expect(page.locator("#where")).to_have_text(f"position {last} of {last}")
    ends_are(page, at_first=False, at_last=True)
    assert not errors, errors
    page.close()


def test_enter_on_forward_to_the_end_leaves_the_keyboard_on_the_slider(live_server, browser):
    page, game_id, last, errors = open_replay(live_server, browser)
    page.goto("about:blank")
    page.goto(f"{live_server.url}/replay/{game_id}#at={last - 2}")
    expect(page.locator("#where")).to_have_text(f"position {last - 2} of {last}")
    page.focus("#next")
    for step in (last - 1, last):
        page.keyboard.press("Enter")
        expect(page.locator("#where")).to_have_text(f"position {step} of {last}")
    ends_are(page, at_first=False, at_last=True)
    assert focused(page) == "step"  # not <body>: the keyboard goes on from where it was
    # The slider has it: its own keys step, and back from the end "forward >" is usable again.
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#where")).to_have_text(f"position {last - 1} of {last}")
    ends_are(page, at_first=False, at_last=False)
    page.keyboard.press("End")
    expect(page.locator("#where")).to_have_text(f"position {last} of {last}")
    ends_are(page, at_first=False, at_last=True)
    # Pressing Enter on "< back" to the start, likewise.
    page.locator("#title").click()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#where")).to_have_text(f"position 1 of {last}")
    page.focus("#prev")
    page.keyboard.press("Enter")
    expect(page.locator("#where")).to_have_text(f"position 0 of {last}")
    ends_are(page, at_first=True, at_last=False)
    assert focused(page) == "step"
    assert not errors, errors
    page.close()
