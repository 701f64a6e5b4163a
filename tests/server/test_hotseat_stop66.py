"""Audit (stop 66): four friends playing Battle at one phone (hotseat, all four seats "here")."""

from __future__ import annotations

from playwright.sync_api import expect
from test_audit54_phone import phone
from test_browser import HeldFrames
from test_table_fixes import HERE, made_game

PHONE = {"width": 390, "height": 844}

# Every header text and every pass-screen button the page ever shows, from its first paint.
SEEN = """(() => {
  const seen = window.seen = { status: [], buttons: [] };
  const note = () => {
    const status = document.querySelector("#status")?.textContent;
    if (status && seen.status.at(-1) !== status) seen.status.push(status);
    const pass = document.querySelector("#pass");
    for (const b of pass && !pass.hidden ? pass.querySelectorAll("button") : []) {
      if (!seen.buttons.includes(b.textContent)) seen.buttons.push(b.textContent);
    }
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true,
                                                 characterData: true, attributes: true });
})()"""


def four_at_one_phone(browser, url, held_seat=None):
    """The phone's page holding the four seats of a Battle seat 1 begins; the frames of
    `held_seat`'s connection held back (`.held`) until released."""
    context, page = phone(browser, PHONE)
    page.add_init_script(SEEN)
    made = made_game(page, url, "battle", [HERE] * 4, {"players": 4, "first_player": 1}, seed=3)
    tokens = [s["token"] for s in made["seats"]]
    if held_seat is not None:
        page.held = HeldFrames(page, tokens, held_seat)
        page.held.holding = True
    page.goto(f"{url}/game/{made['id']}#t={','.join(tokens)}")
    return context, page


def test_a_hotseat_page_opens_on_one_neutral_screen_then_the_pass_screen(seeded_server,
                                                                          browser):
    """Audit (stop 66): for a moment the page read "Waiting for seat 1 (a person, not
    connected for 0 s)" above "I am seat N: show my table" buttons, then "Pass the device to
    seat 1": a quick tap opened the wrong seat. Until each seat's connection has its first
    frame (seat 1's come last here) the page says "Opening the table…" and offers no seat;
    then the pass screen."""
    context, page = four_at_one_phone(browser, seeded_server.url, held_seat=1)
    expect(page.locator("#status")).to_have_text("Opening the table…")
    expect(page.locator("#pass")).to_have_text("Opening the table…")
    page.held.release()
    expect(page.locator("#pass h2")).to_have_text("Pass the device to seat 1")
    seen = page.evaluate("window.seen")
    assert seen["buttons"] == ["I am seat 1: show my table"], seen
    assert seen["status"] == ["Connecting...", "Opening the table…",
                              "Seat 1's turn: pass the device"], seen
    assert not page.errors, page.errors
    context.close()


def test_a_hotseat_log_names_the_seat_on_screen(seeded_server, browser):
    """Audit (stop 66): seat 1's log read "You drew J♠ 10♣ …" on a phone four people pass
    round, where "you" is anyone; the server's README says a device of several seats writes
    its log without "you". It reads "Seat 1 drew ..."."""
    context, page = four_at_one_phone(browser, seeded_server.url)
    page.click("#reveal")
    log = page.locator("#log li")
    # the seven cards of the deal, then the turn's draw: seat 1's own lines
    expect(log.filter(has_text="Seat 1 drew ")).to_have_count(2)
    texts = log.all_inner_texts()
    assert not [t for t in texts if "you" in t.lower().split()], texts
    assert not page.errors, page.errors
    context.close()
