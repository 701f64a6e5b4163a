"""The replay page's result, as the table's says it: why the game ended in the viewer's own
closing lines, and scores that did not decide the game marked so."""

from __future__ import annotations

from playwright.sync_api import expect
from test_result_words_stop68 import HOSTAGE, closing_lines, played


def test_audit_a_replay_says_why_the_game_ended_as_the_table_did(seeded_server, browser):
    """Audit (stop 69): the table's result gave the log's closing lines ("Seat 0 takes the
    king of seat 1 hostage", "Battle over (royal not ransomed): ...") and marked the scores
    that did not decide the game, but the replay of the same game still read "Army ranks
    standing: Seat 0 585 · Seat 1 655; royal not ransomed", the loser far ahead on the one
    number shown. Its last position says what the table said, for each viewer."""
    maker = browser.new_page()
    made, _ = played(maker, seeded_server, *HOSTAGE)
    for seat in (1, None):
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        viewer = "" if seat is None else f"#as={seat}"
        page.goto(f"{seeded_server.url}/replay/{made['id']}{viewer}")
        page.click("#last")
        expect(page.locator("#result .headline")).to_be_visible()
        expect(page.locator("#result .reason")).to_have_text(
            closing_lines(seeded_server, made["id"], seat))
        you = " (you)" if seat == 1 else ""
        expect(page.locator("#result .reason").first).to_have_text(
            f"Seat 0 takes the king of seat 1{you} hostage")
        expect(page.locator("#result .scores")).to_contain_text("(not what decided the game)")
        assert "; royal not ransomed" not in page.locator("#result").inner_text()
        page.close()
    maker.close()
