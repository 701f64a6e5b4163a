"""Looking back at a game in the browser (audit, stop 64): the lobby's row of a finished game,
and the replay page's keys, its header for a game in play, and its step bar on a phone. Each
test names the defect it guards against."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_browser import finished_game

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def over(shared_seeded_server, browser):
    """The shared server and a kow game two random seats played to its end there."""
    page = browser.new_page()
    game_id = finished_game(page, shared_seeded_server.url, "kow", {"victories_to_win": 1},
                            seed=3)
    page.close()
    return shared_seeded_server, game_id


def in_play(page, url: str) -> str:
    """A kow game waiting for its invited person: open, not over. Its id."""
    return page.request.post(f"{url}/api/games", data={
        "game": "kow", "options": {}, "seats": [{"kind": "here"}, {"kind": "invite"}]}).json()["id"]


def open_replay(page, url: str, game_id: str) -> int:
    """The replay of a finished game, at its first position drawn: its last position."""
    page.goto(f"{url}/replay/{game_id}")
    expect(page.locator("#where")).to_have_text(re.compile(r"^position 0 of \d+$"))
    page.wait_for_selector("#log li")
    return int(page.locator("#where").inner_text().rsplit(" ", 1)[1])


def test_a_finished_games_row_in_the_lobby_links_to_its_record(over, browser):
    """Audit (stop 64): a finished game's row in the lobby offered only watch and replay,
    where a closed table's row offers its record too (and the result panel's links are "as
    the lobby's"): a player looking back had to open the table to download the record. The
    row links to the record the server gives; a game in play, whose record holds every
    secret, still has no such link."""
    server, game_id = over
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    playing = in_play(page, server.url)
    page.goto(server.url + "/")
    row = page.locator(f"tr[data-game='{game_id}'] td.go a")
    expect(row).to_have_text(["watch", "record", "replay"])
    record = page.locator(f"tr[data-game='{game_id}'] td.go a", has_text="record")
    href = record.get_attribute("href")
    assert href == f"/api/games/{game_id}/record"
    assert record.get_attribute("download") is not None
    answer = page.request.get(server.url + href)
    assert answer.ok and answer.json()["game"] == "kow"
    expect(page.locator(f"tr[data-game='{playing}'] td.go a")).to_have_text(["watch"])
    context.close()


def test_home_and_end_on_the_replay_do_not_scroll_the_page(over, browser):
    """Audit (stop 64): on a phone (390 x 844) with the keyboard on "forward >", End went to
    the last position and also scrolled the whole page to its bottom; Home went to the first
    and the page scrolled back to its top. The keys step, and keep the browser from scrolling:
    their default is prevented (the browser scrolls smoothly, after the key, so the scroll
    itself is not there yet when the position is), and the page stays where it was."""
    server, game_id = over
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    last = open_replay(page, server.url, game_id)
    room = page.evaluate("() => document.scrollingElement.scrollHeight - innerHeight")
    assert room > 200, room  # a page that cannot scroll would prove nothing
    # heard after the page's own handler (on the document): whether it kept the default
    page.evaluate("""() => { window.keys = [];
      addEventListener("keydown", (e) => keys.push([e.key, e.defaultPrevented])); }""")
    page.focus("#next")
    page.keyboard.press("End")
    expect(page.locator("#where")).to_have_text(f"position {last} of {last}")
    page.focus("#prev")
    page.evaluate("() => scrollTo(0, 200)")
    page.keyboard.press("Home")
    expect(page.locator("#where")).to_have_text(f"position 0 of {last}")
    page.focus("#next")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#where")).to_have_text(f"position 1 of {last}")
    assert page.evaluate("() => keys") == [["End", True], ["Home", True], ["ArrowRight", True]]
    assert page.evaluate("() => scrollY") == 200
    context.close()


def test_the_replay_of_a_game_in_play_shows_no_empty_as_list(over, browser):
    """Audit (stop 64): the replay page of a game in play said so and showed nothing of it,
    but its header still offered "as" with an empty list (no options), dead step buttons and
    an empty Log panel. They are hidden then;
    the replay of a finished game still offers its seats and the spectator."""
    server, game_id = over
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server.url}/replay/{in_play(page, server.url)}")
    expect(page.locator("#in-play")).to_be_visible()
    expect(page.locator("label:has(#viewer)")).to_be_hidden()
    # nor dead step buttons, nor an empty log
    expect(page.locator("nav.steps")).to_be_hidden()
    expect(page.locator("section:has(#log)")).to_be_hidden()
    open_replay(page, server.url, game_id)
    expect(page.locator("label:has(#viewer)")).to_be_visible()
    expect(page.locator("nav.steps")).to_be_visible()
    expect(page.locator("section:has(#log)")).to_be_visible()
    expect(page.locator("#viewer option")).to_have_text(["a spectator", "seat 0", "seat 1"])
    context.close()


def test_a_game_in_plays_replay_shows_no_step_bar_on_a_phone(over, browser):
    """Audit (stop 64): on a phone the replay of a game in play kept its step bar, every
    button dead, fixed at the bottom of the screen."""
    server, _ = over
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server.url}/replay/{in_play(page, server.url)}")
    expect(page.locator("#in-play")).to_be_visible()
    expect(page.locator("nav.steps")).to_be_hidden()
    context.close()


def test_the_replays_step_bar_on_a_phone_is_opaque(over, browser):
    """Audit (stop 64): on a phone the replay's step bar, fixed at the bottom of the screen,
    was 96 % opaque: the table and the log scrolled under it showed through, faint, behind
    the buttons and the position. Nothing shows through it now."""
    server, game_id = over
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    open_replay(page, server.url, game_id)
    bar = page.locator("nav.steps")
    assert bar.evaluate("(e) => getComputedStyle(e).position") == "fixed"
    colour = bar.evaluate("(e) => getComputedStyle(e).backgroundColor")
    assert re.fullmatch(r"rgb\(\d+, \d+, \d+\)", colour), colour  # rgba(..., a): see-through
    context.close()
