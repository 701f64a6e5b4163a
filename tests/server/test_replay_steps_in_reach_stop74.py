"""Audit (stop 74, a club stepping through replays on a projector): on a wide screen the step
controls sat in a header that scrolled away with the page, so a member reading the players'
panels far down had to scroll back up for every step (a phone has them in a bar at the bottom).
On a wide screen the header, and its controls, stay at the top."""

from __future__ import annotations

from test_replay_paging import finished, live_client

IN_SIGHT = """(e) => { const r = e.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight; }"""


def test_the_step_controls_stay_in_sight_on_a_wide_screen(seeded_server, browser):
    with live_client(seeded_server.url) as c:
        game_id = finished(c, "battle", {"players": 6}, seats=6, seed=2)
    context = browser.new_context(viewport={"width": 1024, "height": 600})
    page = context.new_page()
    page.goto(f"{seeded_server.url}/replay/{game_id}#at=40")
    page.wait_for_selector("#next:not([disabled])")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 100, "the page does not scroll: nothing to test"
    assert page.locator("#next").evaluate(IN_SIGHT)
    where = page.locator("#where").inner_text()
    page.locator("#next").click()
    page.wait_for_function(f"document.querySelector('#where').innerText !== {where!r}")
    context.close()
