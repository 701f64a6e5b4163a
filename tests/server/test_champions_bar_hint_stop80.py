"""Audit (stop 80, The Game of Champions on phones): at the main step the bar at the screen's
bottom read "Choose" over "general" and "fortify again", while the face cards to attack with
or turn in, most of the choices, were two to four screens above it with nothing naming them:
a player could fortify again and never learn they could attack. The bar now says what the
highlighted face cards do, as Word & Iron's does for its units."""

from __future__ import annotations

import random

from test_browser import click_something
from test_phone_follow_stop70 import seat_on_a_phone

from ai_pace import quick_beats

MAIN = "Your move: Use an advantage"
BOTH = "Choose a highlighted face card to attack with it or turn it in, or:"


def test_the_bar_says_what_the_highlighted_face_cards_do(seeded_server, browser):
    context, page = seat_on_a_phone(browser, seeded_server.url, "champions", seed=3)
    rng = random.Random(3)
    seen = set()
    with quick_beats():
        for _ in range(250):
            if page.locator("#result").is_visible():
                break
            prompt = page.locator("#prompt")
            if prompt.is_visible() and prompt.inner_text().startswith(MAIN):
                seen.add(_main_bar(page))
                if BOTH in seen and len(seen) > 1:  # and one with less to do
                    break
            if not click_something(page, rng):
                page.wait_for_timeout(100)
    assert BOTH in seen, seen
    context.close()


def _main_bar(page) -> str:
    """The bar's lead at the main step, checked against the table: what it names is there to
    tap, and the bar's buttons are the other choices."""
    bar = page.locator("#table .actions").last
    lead = bar.locator(".muted").inner_text()
    legal = page.evaluate("""() => [...document.querySelectorAll('#table .playable')]
        .map((el) => el.title)""")
    does = {"attack with it": "attack with", "turn it in": "turn in"}
    for words, label in does.items():
        assert (words in lead) == any(t.startswith(label) for t in legal), (lead, legal)
    assert lead.endswith(", or:") and bar.locator("button").count() >= 1, lead
    return lead
