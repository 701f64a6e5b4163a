"""Audit (stop 66, a CI run): `test_the_step_buttons_are_disabled_at_the_ends` failed on a
loaded machine: End, then a hash typed on the open page (`#at=0`), and the replay stayed at its
last position. The page writes the position into the address 200 ms after the steps stop; that
write, due as the hash was typed, ran before the hashchange event, which then read the address
it had written back. The hash asked for is read from the event."""

from __future__ import annotations

from playwright.sync_api import expect
from test_replay_ends_stop57 import open_replay


def test_a_hash_typed_as_the_position_is_written_is_the_one_followed(live_server, browser):
    page, _, last, errors = open_replay(live_server, browser)
    page.keyboard.press("End")
    expect(page.locator("#where")).to_have_text(f"position {last} of {last}")
    # the typed hash, then the page's own write of the position before (`follow`) landing
    # before the hashchange event: what a loaded machine did at random
    page.evaluate(f"""() => {{ location.hash = '#at=0';
                               history.replaceState(history.state, '', '#at={last}'); }}""")
    expect(page.locator("#where")).to_have_text(f"position 0 of {last}")
    expect(page).to_have_url(f"{page.url.split('#')[0]}#at=0")
    assert not errors, errors
    page.close()
