"""Defects of the browser table found by the multiplayer audit: a hotseat page that said one of
its own seats was to move while it waited for another seat; a double click that sent an action
twice (the second refused as stale, in red); a hotseat result that named one seat "You" in the
scores under a headline naming seats; an invite link reopened on the device that claimed it,
whose address kept the spent invite's token; an mcts seat named by its raw spec; and a player
count the lobby's form took without a word until it was sent."""

from __future__ import annotations

import json

from playwright.sync_api import expect
from test_browser import HeldFrames, create_in_lobby
from test_lobby_page import lobby

from conftest import LiveServer


def made_game(page, url: str, game: str, seats: list[dict], options: dict | None = None,
              seed: int | None = None) -> dict:
    """A game made through the API: its id and the tokens of its people's seats."""
    return page.request.post(f"{url}/api/games", data={
        "game": game, "options": options or {}, **({} if seed is None else {"seed": seed}),
        "seats": seats}).json()


def open_seats(page, url: str, made: dict) -> None:
    """The page of the game `made` holding every person's seat of it (hotseat)."""
    tokens = ",".join(s["token"] for s in made["seats"] if s["kind"] == "here")
    page.goto(f"{url}/game/{made['id']}#t={tokens}")


HERE, AI = {"kind": "here"}, {"kind": "heuristic"}


def test_a_hotseat_page_waiting_for_another_seat_says_so(slow_ai_server, browser):
    """Defect 1 (hotseat pass screen while another seat is to move): Battle of three, seats
    "me, me, heuristic AI", seat 2 first. The creator's page said "Seat 0's turn: pass the
    device" behind the pass screen while the game waited for seat 2 (the AI, which waits a
    minute here): the page says whom it waits for, as a one-seat page does, before and after a
    reload."""
    page = browser.new_page()
    made = made_game(page, slow_ai_server.url, "battle", [HERE, HERE, AI],
                     {"players": 3, "first_player": 2})
    open_seats(page, slow_ai_server.url, made)
    for _ in range(2):  # as opened, then reloaded
        expect(page.locator("#status")).to_have_text("Waiting for seat 2 (AI: heuristic)")
        expect(page.locator("#pass")).to_contain_text("Waiting for seat 2 (AI: heuristic)")
        assert "pass the device" not in page.locator("#pass").inner_text().lower()
        assert page.locator("#reveal").count() == 0  # nobody to pass the device to
        assert page.locator("#table").inner_html() == ""  # neither seat's hand is shown
        page.reload()
    # Whoever holds the device may still look at their own table.
    page.click("#pass button[data-seat='1']")
    page.wait_for_selector("#table .panel")
    expect(page.locator("#status")).to_have_text("Waiting for seat 2 (AI: heuristic)")
    assert "Seat 1: person (you)" in page.locator("#seats").inner_text()
    page.close()


def test_a_hotseat_page_waiting_for_an_away_person_offers_the_ai(db, browser):
    """Defect 1, its second part: "me, me, invite" with seat 2 first. While the page showed
    the pass screen for seat 0, the offer "Let the AI play seat 2" stayed hidden, though seat
    2's person never came; the page now waits for seat 2, saying so, and offers it."""
    with LiveServer(db, ai_processes=0, hand_after=1) as server:
        page = browser.new_page()
        made = made_game(page, server.url, "battle", [HERE, HERE, {"kind": "invite"}],
                         {"players": 3, "first_player": 2})
        open_seats(page, server.url, made)
        expect(page.locator("#status")).to_have_text(
            "Waiting for seat 2 (a person, not joined yet)")
        page.click("#hand-2", timeout=10_000)
        page.click("#hand-yes")
        page.wait_for_function("document.querySelector('#seats').textContent"
                               ".includes('Seat 2: AI heuristic since seat 2 was away')",
                               timeout=10_000)
        # the AI played seat 2: a seat of this device is to move, and the device is passed
        expect(page.locator("#reveal")).to_be_visible(timeout=10_000)
        page.close()


def test_a_hotseat_page_whose_seat_resigned_waits_for_the_ai_that_plays_it(slow_ai_server,
                                                                          browser):
    """Defect 1, after a resignation: Battle of three, "me, me, heuristic AI", seat 0 first.
    Seat 0 resigns; the heuristic AI plays it on (and waits a minute here). The page said
    "Seat 1's turn: pass the device" though seat 0 (the AI now) was to move."""
    page = browser.new_page()
    made = made_game(page, slow_ai_server.url, "battle", [HERE, HERE, AI],
                     {"players": 3, "first_player": 0})
    open_seats(page, slow_ai_server.url, made)
    expect(page.locator("#reveal")).to_have_text("I am seat 0: show my table")
    page.click("#reveal")
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#status")).to_have_text(
        "Waiting for seat 0 (AI: heuristic since seat 0 resigned)")
    assert page.locator("#reveal").count() == 0
    page.close()


# Every frame the page's connections send and receive, in order, and a ping to send.
FRAMES = """(() => {
  const Native = window.WebSocket;
  window.testFrames = [];
  window.testSockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.testSockets.push(this);
      this.addEventListener("message", (ev) => window.testFrames.push(["in", ev.data]));
    }
    send(data) {
      window.testFrames.push(["out", data]);
      super.send(data);
    }
  };
})()"""


def frames(page, way: str, kind: str) -> list[dict]:
    got = [json.loads(data) for d, data in page.evaluate("window.testFrames") if d == way]
    return [f for f in got if f.get("type") == kind]


def test_a_double_click_plays_once_and_shows_no_error(seeded_server, browser):
    """Defect 2: a double click on a playable thing (Battle, "play 2♦ as a soldier") sent
    the action twice; the first played, the second was refused ("stale action: you saw
    version 0, the game is at 1; choose again") in a red alert, as if the move had failed.
    After sending an action the page sends no other for that version."""
    page = browser.new_page()
    page.add_init_script(FRAMES)
    made = made_game(page, seeded_server.url, "battle", [HERE, {"kind": "invite"}],
                     {"first_player": 0}, seed=3)
    open_seats(page, seeded_server.url, made)
    expect(page.locator("#status")).to_have_text("Your turn")
    # a thing that plays one action (several open a menu)
    thing = page.locator("#table .playable[data-action]:not([data-action*=' '])").first
    thing.dblclick()
    assert len(frames(page, "out", "act")) == 1
    # Everything the server answers before a pong it answers afterwards: no error came.
    page.evaluate("window.testSockets.at(-1).send(JSON.stringify({type: 'ping'}))")
    page.wait_for_function("window.testFrames.some(([d, f]) => d === 'in' "
                           "&& JSON.parse(f).type === 'pong')", timeout=10_000)
    assert frames(page, "in", "error") == []
    assert max(f["version"] for f in frames(page, "in", "state")) == 1  # played once
    assert len(frames(page, "out", "act")) == 1
    assert page.locator("#message").is_hidden()
    page.close()


def test_a_hotseat_result_names_every_seat_in_its_scores(live_server, browser):
    """Defect 4: a hotseat game of Champions over, the headline read "Seat 1 wins" but the
    scores "Scores: You 0 · Seat 1 1", "You" being whichever seat was last on screen, and the
    log's last line "You resigned: the game is over". Both are written from the same neutral
    view as the headline."""
    page = browser.new_page()
    made = made_game(page, live_server.url, "champions", [HERE, HERE])
    open_seats(page, live_server.url, made)
    expect(page.locator("#reveal")).to_have_text("I am seat 0: show my table")
    page.click("#reveal")
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#headline")).to_have_text("Seat 1 wins")
    expect(page.locator("#scores")).to_have_text("Scores: Seat 0 0 · Seat 1 1")
    expect(page.locator("#log li").last).to_have_text("Seat 0 resigned: the game is over")
    page.close()


def test_a_hotseat_game_over_asks_for_no_seat_whichever_frame_comes_first(live_server,
                                                                           browser):
    """Defect 1, at the end (found writing the test above): each seat of a hotseat page has
    its own connection. Seat 0 resigned a Champions game; when seat 0's last frame came
    before seat 1's, seat 1's older frame (a decision in it) made the page say "Pass the
    device to seat 1" over a game that was over. A frame older than another seat's newest, or
    a game over, asks for no seat."""
    page = browser.new_page()
    made = made_game(page, live_server.url, "champions", [HERE, HERE])
    held = HeldFrames(page, [s["token"] for s in made["seats"]], 1)  # seat 1's, when held
    open_seats(page, live_server.url, made)
    expect(page.locator("#reveal")).to_have_text("I am seat 0: show my table")
    page.click("#reveal")
    page.wait_for_selector("#table .panel")
    held.holding = True
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#headline")).to_have_text("Seat 1 wins")  # seat 0's frame alone
    assert page.locator("#pass").is_hidden()
    held.release()
    expect(page.locator("#status")).to_have_text("Game over: Seat 1 wins")
    assert page.locator("#pass").is_hidden()
    page.close()


def test_an_invite_link_reopened_where_it_was_claimed_puts_the_seats_token_in_the_address(
        live_server, browser):
    """Defect 6: the device that claimed an invite link, opening that link again, opened the
    seat but kept the invite's token (spent) in its address instead of the seat's own, which
    a reload or a bookmark then relied on the storage to map."""
    host, guest = browser.new_context(), browser.new_context()
    made = made_game(host.new_page(), live_server.url, "kow", [HERE, {"kind": "invite"}])
    invite = made["seats"][1]["token"]
    link = f"{live_server.url}/game/{made['id']}#t={invite}"
    first = guest.new_page()
    first.goto(link)
    first.wait_for_function(f"!location.hash.includes({invite!r})", timeout=10_000)
    own = first.evaluate("location.hash").split("#t=")[1]
    again = guest.new_page()
    again.goto(link)
    again.wait_for_function("document.querySelector('#seats').innerText"
                            ".includes('Seat 1: person (you)')", timeout=10_000)
    assert again.evaluate("location.hash") == f"#t={own}"
    again.reload()  # the address alone opens the seat
    again.wait_for_function("document.querySelector('#seats').innerText"
                            ".includes('Seat 1: person (you)')", timeout=10_000)
    for context in (host, guest):
        context.close()


def test_an_mcts_seat_is_named_in_words(slow_ai_server, browser):
    """Defect 8: an mcts seat was named by its spec: "Waiting for seat 0 (AI:
    mcts:time=0.3)", and "mcts:time=0.3" in the lobby. The server names it once, in words,
    for the lobby and the table alike."""
    page = browser.new_page()
    made = made_game(page, slow_ai_server.url, "battle",
                     [{"kind": "mcts", "seconds": 0.3}, HERE], {"first_player": 0})
    summary = page.request.get(f"{slow_ai_server.url}/api/games/{made['id']}").json()
    assert summary["seats"][0]["label"] == "mcts, 0.3 s a move"
    open_seats(page, slow_ai_server.url, made)
    expect(page.locator("#status")).to_have_text("Waiting for seat 0 (AI: mcts, 0.3 s a move)")
    expect(page.locator("#seats li").first).to_contain_text("Seat 0: AI mcts, 0.3 s a move")
    lobby(page, slow_ai_server.url)
    expect(page.locator(f"tr[data-game='{made['id']}']")).to_contain_text(
        "mcts, 0.3 s a move vs person")
    page.close()


def test_the_lobby_says_at_once_that_a_player_count_is_out_of_range(live_server, browser):
    """Defect 9: typing 9 players for Battle (2 to 8) silently showed 2 seat rows; the error
    came only when the form was sent. The field says at once what it takes, as the server's
    option errors are shown at their field."""
    page = browser.new_page()
    lobby(page, live_server.url, "battle")
    page.locator("#options-box > summary").click()
    error = page.locator("[data-option=players] .error")
    page.fill("#opt-players", "9")
    expect(error).to_have_text("Players must be from 2 to 8, got 9")
    # "true" (stop 48): an empty aria-invalid is read as false
    expect(page.locator("#opt-players")).to_have_attribute("aria-invalid", "true")
    page.fill("#opt-players", "2.5")
    expect(error).to_have_text("Players must be an integer, got '2.5'")
    page.fill("#opt-players", "3")
    expect(error).to_have_text("")
    expect(page.locator("#seats-form .seat-row")).to_have_count(3)
    assert page.locator("#opt-players").get_attribute("aria-invalid") is None
    page.close()


def test_the_lobby_offers_to_watch_a_seat_the_ai_plays_now(slow_ai_server, browser):
    """Audit (stop 43): a seat of this device whose person resigned it to the AI (a Battle of
    three goes on) was still offered as "play" in the lobby, though its link only watches.
    The lobby knows each kept seat's number, and says "watch" once the AI plays it."""
    page = browser.new_page()
    game_id = create_in_lobby(page, slow_ai_server.url, "battle",
                              ["here", "heuristic", "heuristic"], {"players": "3"})
    lobby(page, slow_ai_server.url)
    row = page.locator(f"tr[data-game='{game_id}'] td.go a").first
    expect(row).to_have_text("play")
    row.click()
    page.wait_for_selector("#resign")
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#seats")).to_contain_text("since seat 0 resigned")
    lobby(page, slow_ai_server.url)
    expect(page.locator(f"tr[data-game='{game_id}'] td.go a").first).to_have_text("watch")
    page.close()
