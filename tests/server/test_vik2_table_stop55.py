"""Audit (stop 55): a whole Viktory II game at the browser table. Drawn with the real table
module from frames the server would send (`view_frame`)."""

from __future__ import annotations

from test_vik2_table import frame, harness, piece, position, show


def test_units_beyond_support_are_not_shown_as_a_negative_reserve(live_server, browser,
                                                                   tmp_path):
    """Audit (stop 55): the capital taken that ended a game left its loser's reserve at
    [-1, 0, 0, 0] (an infantry beyond support), and the Players panel said "reserve: -1
    infantry"; the text view says "beyond support: 1 inf". The panel says it so too."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True, infantry=1), piece("G3", 1, "city", True, infantry=1),
    ])
    view = frame(state, 0)
    view["observation"]["players"][0]["reserve"] = [-1, 2, 0, 0]
    context, page, errors = harness(browser, live_server.url)
    show(page, view)
    mine = page.locator("#table .seat-area .stats").all_text_contents()[0]
    assert "reserve: 2 cavalry" in mine and "beyond support: 1 infantry" in mine, mine
    assert "-1" not in mine
    assert not errors, errors
    context.close()
