"""The page in a real browser: create games in the lobby, play them to the end by clicking the
table, and two browser contexts playing each other through invite links."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from table_render import render_table
from test_resign import play_until_one_is_out

from warroom.games import REGISTRY

# The README's screenshot: refreshed by `WARROOM_UPDATE_SCREENSHOT=1 make test`.
SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshot.png"


# The page's moves and the server's answers, followed in the page: a connection that sent a
# move awaits its answer, a state newer than the one the move was chosen on (or an error).
ANSWERS = """(() => {
  const Native = window.WebSocket;
  const sockets = [];
  window.testAnswers = { settled: () => sockets.every((ws) => ws.awaiting === undefined) };
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      sockets.push(this);
      this.addEventListener("message", (ev) => {
        const frame = JSON.parse(ev.data);
        if (frame.type === "error" || (frame.type === "state" && frame.version > this.awaiting)) {
          this.awaiting = undefined;
        }
      });
    }
    send(data) {
      const frame = JSON.parse(data);
      if (frame.type === "act") this.awaiting = frame.version ?? -1;
      super.send(data);
    }
  };
})()"""


def click_something(page, rng: random.Random) -> bool:
    """Click one legal action: a menu entry if a menu is open, else a card, unit or other
    thing on the table (preferred), else a button of the action bar. False if none is there.

    On a page that follows its moves' answers (ANSWERS, added by create_in_lobby) it then
    waits for the answer to the move the click sent, if it sent one: the next click is on the
    table that answer drew. A click on the table before it is a stale move the server refuses,
    and how many of those a test made depended on how fast the machine was."""
    clicked = click_once(page, rng)
    if clicked:
        page.wait_for_function("!window.testAnswers || window.testAnswers.settled()",
                               timeout=10_000)
    return clicked


def click_once(page, rng: random.Random) -> bool:
    if page.locator("#reveal:visible").count():  # hotseat: the device passes to a seat
        page.click("#reveal")
        return True
    menu = page.locator(".menu button[data-action]")
    entries = menu.count()  # once: a frame that changes the choices closes the menu
    if entries:
        try:
            menu.nth(rng.randrange(entries)).click(timeout=2000)
        except PlaywrightTimeout:
            # The menu was opened on a table that a frame then redrew (a click that came before
            # the frame of the move before it), and the redraw closed it: look again. A menu
            # still open that cannot be clicked is a failure.
            if menu.count():
                raise
        return True
    things = page.locator("#table .playable")
    if not things.count():
        things = page.locator("#table button.act")
    if not things.count():
        return False
    try:
        things.nth(rng.randrange(things.count())).click(timeout=2000)
    except Exception:  # the table was redrawn under the pointer: look again
        pass
    return True


def play_to_the_end(pages, seed: int, max_clicks: int = 3000) -> None:
    rng = random.Random(seed)
    for _ in range(max_clicks):
        if any(p.locator("#headline").count() for p in pages):
            return
        if not any(click_something(p, rng) for p in pages):
            pages[0].wait_for_timeout(30)
    raise AssertionError(f"the game did not end within {max_clicks} clicks")


def create_in_lobby(page, url: str, game: str, seats: list[str], options=None) -> str:
    page.add_init_script(ANSWERS)
    page.goto(url + "/")
    page.select_option("#game", game)
    for key, value in (options or {}).items():
        page.locator("#options-box").evaluate("e => e.open = true")
        field = page.locator(f"#opt-{key}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    for i, kind in enumerate(seats):
        page.select_option(f"select[name=seat{i}]", kind)
    page.click("#start")
    page.wait_for_url(re.compile(r"/game/"))
    return page.url.split("/game/")[1].split("#")[0]


def table_words(line: str, seat: int | None = None) -> str:
    """A log line as the table shows it to `seat` (kit.seatWords): "Player 1" is "Seat 1"
    there, the viewer's own seat "Seat 0 (you)" (its "Player 0's", "your")."""
    def one(m: re.Match) -> str:
        big, n = m[1] == "P", int(m[2])
        if n == seat and m[3]:
            alone = re.match(r"(\s+(to|and|or|is|are)\b|\s*[,.;:)!?]|\s*$)", line[m.end():])
            word = "yours" if alone else "your"
            return word.capitalize() if big else word
        return f"{'S' if big else 's'}eat {n}{' (you)' if n == seat else m[3] or ''}"
    return re.sub(r"\b([Pp])layer (\d+)\b('s\b)?", one, line)


def wait_for_the_replay(page) -> None:
    """After the Replay link: the replay page has its positions (the game page's table, still
    on screen a moment after the click, does not count, and the replay's buttons do nothing
    before then)."""
    page.wait_for_url(re.compile(r"/replay/"))
    expect(page.locator("#where")).to_have_text(re.compile(r"^position \d+ of \d+$"))


@pytest.mark.parametrize("game", ["kow", "viktory"])
def test_play_a_whole_game_by_clicking_against_the_ai(live_server, browser, game, tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    game_id = create_in_lobby(page, live_server.url, game, ["here", "random"])
    page.wait_for_selector("#table .panel")
    if game == "kow":  # a game in progress, for the README
        for _ in range(6):
            click_something(page, random.Random(1))
        update = os.environ.get("WARROOM_UPDATE_SCREENSHOT") == "1"
        shot = SCREENSHOT if update else tmp_path / "screenshot.png"
        page.screenshot(path=str(shot))
        assert shot.stat().st_size > 10_000
    play_to_the_end([page], seed=2)
    headline = page.locator("#headline").inner_text()  # as seat 0 reads it
    assert headline
    assert not errors, errors
    # The page built its log from the lines each frame added: it is the seat's whole log, in
    # the table's words (the logs' "Player 1" reads "Seat 1", as the rest of the page says).
    final = page.request.get(f"{live_server.url}/api/games/{game_id}/replay?seat=0").json()
    shown = page.locator("#log li").all_inner_texts()
    assert shown == [table_words(line, 0) for line in final["steps"][-1]["log"][-300:]]
    if game == "kow":  # a log that names players (viktory's names attacker and defender)
        assert any("Player 1" in line for line in final["steps"][-1]["log"])
    assert not any(re.search(r"\b[Pp]layer \d", line) for line in shown)
    # The record and the replay viewer of the finished game.
    record = page.request.get(f"{live_server.url}/api/games/{game_id}/record").json()
    assert record["game"] == game and record["actions"]
    page.click("#replay-link")
    wait_for_the_replay(page)
    expect(page.locator("#first")).to_be_disabled()  # it opens at the first position
    assert page.locator("#where").inner_text().startswith("position 0 of")
    page.click("#next")
    assert page.locator("#where").inner_text().startswith("position 1 of")
    page.select_option("#viewer", "0")  # seat 0's positions load while the last is shown
    page.click("#last")
    expect(page.locator("#result .headline")).to_have_text(headline)
    assert not errors, errors
    page.close()


def test_two_browsers_play_each_other_through_invite_links(live_server, browser):
    host = browser.new_context()
    guest = browser.new_context()
    page = host.new_page()
    game_id = create_in_lobby(page, live_server.url, "kow", ["here", "invite"])
    link = page.locator("#invites input.link").input_value()
    assert f"/game/{game_id}#t=" in link
    other = guest.new_page()
    other.add_init_script(ANSWERS)
    other.goto(link)
    other.wait_for_selector("#table .panel")
    # The guest sees its own seat; a third browser watches without a link.
    assert "Seat 1" in other.locator("#seats").inner_text()
    # Both seats are people, whoever made the game: not "hotseat" and "invite".
    def seats(p):  # without the dots that mark the seats to move
        return [t.replace(" ●", "") for t in p.locator("#seats li").all_inner_texts()]

    # Each says whether the other person's page is open (the host hears it from the server).
    assert seats(other) == ["Seat 0: person · connected", "Seat 1: person (you)"]
    page.wait_for_function("document.querySelector('#seats').textContent"
                           ".includes('Seat 1: person · connected')", timeout=10_000)
    assert seats(page) == ["Seat 0: person (you)", "Seat 1: person · connected"]
    watcher_context = browser.new_context()
    watcher = watcher_context.new_page()
    watcher.goto(f"{live_server.url}/game/{game_id}")
    watcher.wait_for_selector("#table .panel")
    # whom the game waits for, as a player's page says it (it said "Watching" alone)
    assert watcher.locator("#status").inner_text() == (
        "Watching - waiting for seat 0 (a person) and seat 1 (a person)")
    play_to_the_end([page, other], seed=3)
    watcher.wait_for_selector("#headline")
    assert watcher.locator("#table .playable, #table button.act").count() == 0
    assert page.locator("#headline").inner_text()
    assert other.locator("#headline").inner_text()
    lobby = host.new_page()
    lobby.goto(live_server.url + "/")
    lobby.wait_for_selector(f"tr[data-game='{game_id}']")
    assert "finished" in lobby.locator(f"tr[data-game='{game_id}']").inner_text()
    host.close()
    guest.close()
    watcher_context.close()


def test_hotseat_hides_the_other_seat_until_the_device_is_passed(live_server, browser):
    page = browser.new_page()
    create_in_lobby(page, live_server.url, "kow", ["here", "here"])
    # Seat 0 first: the page asks for seat 1 until seat 0's frames come, if seat 1's come first.
    expect(page.locator("#reveal")).to_have_text("I am seat 0: show my table")
    assert page.locator("#table").inner_html() == ""  # nothing of either seat is shown
    page.click("#reveal")
    page.wait_for_selector("#table .panel")
    # Seat 0 chooses its dice in secret; the page then asks to pass the device to seat 1.
    page.locator(".dice-choices .playable").first.click()
    page.wait_for_selector("#reveal")
    assert "seat 1" in page.locator("#pass").inner_text()
    assert page.locator("#table").inner_html() == ""
    # The header said "Your turn" to whoever held the device while it was passed.
    expect(page.locator("#status")).to_have_text("Seat 1's turn: pass the device")
    page.close()


class HeldFrames:
    """The page's connections, routed so that the frames the server sends to `seat`'s are
    held back while `holding` (a hotseat page has a connection per seat): the order in which
    the seats' frames arrive, chosen by a test."""

    def __init__(self, page, tokens: list[str], seat: int):
        self.tokens, self.seat = tokens, seat
        self.routes: dict[int, object] = {}  # seat -> its connection's route, once it said hello
        self.frames: list[str] = []
        self.holding = False
        page.route_web_socket("**/ws/*", self._route)

    def _route(self, ws) -> None:
        server = ws.connect_to_server()

        def to_server(message):
            hello = json.loads(message)
            if hello.get("type") == "hello":
                self.routes[self.tokens.index(hello["token"])] = ws
            server.send(message)

        def to_page(message):
            if self.routes.get(self.seat) is ws and self.holding:
                self.frames.append(message)
            else:
                ws.send(message)
        ws.on_message(to_server)
        server.on_message(to_page)

    def release(self) -> None:
        """Send the frames held, in order, and hold no more."""
        self.holding = False
        while self.frames:
            self.routes[self.seat].send(self.frames.pop(0))


def test_hotseat_asks_for_seat_0_first_whichever_seat_is_answered_first(live_server, browser):
    """Both seats of a hotseat kow game choose their dice at once. The page opens a connection
    per seat, and the server answers them in no fixed order: the seat the page asked for first
    was the one whose frames came first. It asks for seat 0 whatever the order."""
    page = browser.new_page()
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "seats": [{"kind": "here"}, {"kind": "here"}]}).json()
    tokens = [s["token"] for s in made["seats"]]
    held = HeldFrames(page, tokens, 0)  # seat 0's frames, until seat 1's have reached the page
    held.holding = True
    page.goto(f"{live_server.url}/game/{made['id']}#t={','.join(tokens)}")
    reveal = page.locator("#reveal")
    # seat 0 has no frame yet: one neutral screen, no seat's button (since stop 66)
    expect(page.locator("#pass")).to_contain_text("Opening the table")
    expect(reveal).to_have_count(0)
    held.release()
    expect(reveal).to_have_text("I am seat 0: show my table")
    assert page.locator("#table").inner_html() == ""
    page.close()


# The version of the last state frame the page received (one connection per page).
VERSIONS = """(() => {
  const Native = window.WebSocket;
  window.testVersion = -1;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (ev) => {
        const frame = JSON.parse(ev.data);
        if (frame.type === "state") window.testVersion = frame.version;
      });
    }
  };
})()"""


CHAMPIONS_MENU_SEED = 1  # each seat's first playable card has a menu (seeds 3 and 5: not)


def test_an_open_menu_survives_another_seats_move_while_its_choices_stay(seeded_server,
                                                                         browser):
    """Champions' players place their hands at once. A person choosing from the menu where a
    card goes lost it whenever the other seat placed a card: that move's frame redrew the table.
    The menu comes back on the redrawn table while it offers the same actions, and it plays.
    (A deal of the test's choosing: a card with one place to go is played by its click, with
    no menu, and the server's own seed gave the other seat such a card now and then.)"""
    live_server = seeded_server
    made = browser.new_page().request.post(f"{live_server.url}/api/games", data={
        "game": "champions", "options": {"roshambo": "random"}, "seed": CHAMPIONS_MENU_SEED,
        "seats": [{"kind": "here"}, {"kind": "here"}]}).json()
    pages = []
    for seat in made["seats"]:
        page = browser.new_context().new_page()
        page.add_init_script(VERSIONS)
        page.goto(f"{live_server.url}/game/{made['id']}#t={seat['token']}")
        page.wait_for_selector("#table .panel")
        pages.append(page)
    me, other = pages
    hand = me.locator("#table .panel:has-text('Your hand') .card")
    expect(hand.first).to_be_visible()
    cards_in_hand = hand.count()
    me.locator("#table .panel:has-text('Your hand') .playable").first.click()
    menu = me.locator(".menu button[data-action]")
    offered = menu.all_inner_texts()
    assert len(offered) > 1, offered  # a menu: one entry per face card
    seen = me.evaluate("window.testVersion")
    other.locator("#table .panel:has-text('Your hand') .playable").first.click()
    other.locator(".menu button[data-action]").first.click()  # this deal's card has a menu
    me.wait_for_function(f"window.testVersion > {seen}", timeout=10_000)
    expect(me.locator(".menu")).to_have_count(1)
    assert menu.all_inner_texts() == offered
    menu.first.click()  # chosen at the new version: the server takes it
    expect(hand).to_have_count(cards_in_hand - 1)
    expect(me.locator("#message")).to_be_hidden()
    for page in pages:
        page.context.close()


def test_a_seat_put_out_has_no_resign_and_the_last_two_resigning_ends_the_game(live_server,
                                                                               browser):
    """Battle for three, one player out by the rules: the seat list marks it out and its page
    offers no Resign; for the last two, resigning ends the game (the confirmation says so)."""
    server = live_server.app.state.server
    page = browser.new_page()
    for attempt in range(20):  # the server chooses each game's seed
        made = page.request.post(f"{live_server.url}/api/games", data={
            "game": "battle", "options": {"players": 3},
            "seats": [{"kind": "invite"}] * 3}).json()
        if play_until_one_is_out(server, made["id"], random.Random(attempt)):
            break
    else:
        raise AssertionError("no game put exactly one player out before the end")
    [out] = server.games[made["id"]].state.players_out()
    stays, resigns = (seat for seat in range(3) if seat != out)
    link = f"{live_server.url}/game/{made['id']}#t="
    page.goto(link + made["seats"][out]["token"])
    expect(page.locator("#seats li").nth(out)).to_contain_text("(you) · out")
    expect(page.locator("#seats li.moving")).to_have_count(1)
    assert page.locator("#resign").count() == 0
    assert page.locator("#seats .out").count() == 1
    other = browser.new_page()
    other.goto(link + made["seats"][resigns]["token"])
    other.click("#resign")
    expect(other.locator("#resign-confirm")).to_contain_text("The other side wins the game.")
    other.click("#resign-yes")
    expect(other.locator("#headline")).to_have_text(f"You lose - seat {stays} wins")
    expect(page.locator("#headline")).to_have_text(f"You lose - seat {stays} wins")
    page.close()
    other.close()


def test_the_options_form_shows_a_validation_error_at_its_field(live_server, browser):
    page = browser.new_page()
    page.goto(live_server.url + "/")
    page.select_option("#game", "kow")
    page.locator("#options-box").evaluate("e => e.open = true")
    page.fill("#opt-victories_to_win", "0")
    page.click("#start")
    error = page.locator("[data-option=victories_to_win] .error")
    error.wait_for()
    # in the form's words (stop 48): the field's label, not the option's name
    assert "Victories to win must be from 1 to 20, got 0" in error.inner_text()
    assert "/game/" not in page.url
    page.close()


@pytest.mark.parametrize("game", sorted(REGISTRY))  # a new game's too, once registered
def test_every_game_has_a_table_that_plays_by_clicking(live_server, browser, game):
    """Each game's own table draws its observation and its clickable things advance the game."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    game_id = create_in_lobby(page, live_server.url, game, ["here", "random"])
    page.wait_for_selector("#table .panel")
    rng = random.Random(4)
    for _ in range(25):
        if page.locator("#headline").count():
            break
        if not click_something(page, rng):
            page.wait_for_timeout(50)
    assert not errors, errors
    assert page.locator("#table .fallback").count() == 0
    live = live_server.app.state.server.games[game_id]
    assert live.version >= 10 or live.over()
    page.close()


def test_viktory_ii_a_whole_hotseat_game_on_the_hex_map_by_clicking(live_server, browser):
    """Both seats of a small Viktory II game with the Battle Cards, on one device: drawn
    tiles, the capital, units and their moves, building and reserves are clicked on the map
    and in the hand; the game is played to its end."""
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    game_id = create_in_lobby(page, live_server.url, "viktory-ii", ["here", "here"],
                              {"mode": "cards", "radius": "3", "turn_limit": "2"})
    # Seat 0 moves first: the page asks for seat 1 until seat 0's frames come, if seat 1's come
    # first, and a click then would show seat 1's table just before it is hidden again.
    expect(page.locator("#reveal")).to_have_text("I am seat 0: show my table")
    page.click("#reveal")
    page.wait_for_selector("#table svg.v2map")
    assert page.locator("svg.v2map .hex-cell").count() == 37  # a map of radius 3
    # The step under way is the one that revealed the tiles being placed, not the next one
    # (after the capital: the second town, which the first player of 2-6 does not build).
    assert "turn: setup: starting hexes revealed" in page.locator("#table").inner_text()
    # The first decision places the drawn tiles: a tile clicked goes on the marked hex.
    slot = page.locator("svg.v2map polygon.slot.now").locator("..")
    where = slot.get_attribute("data-name")
    chip = page.locator(".v2-tiles .tile.playable").first
    terrain = chip.get_attribute("data-terrain")
    chip.click()
    page.wait_for_function(f"document.querySelector('[data-name={where}] title')"
                           f".textContent.startsWith('{where}: {terrain}')")
    rng = random.Random(7)
    clicked_hexes = 0
    for _ in range(3000):
        if page.locator("#headline").count():
            break
        hexes = page.locator("#table .hex-cell.playable")
        if not page.locator(".menu, #reveal:visible").count() and hexes.count() \
                and rng.random() < 0.8:
            try:
                hexes.nth(rng.randrange(hexes.count())).click(timeout=2000)
                clicked_hexes += 1
            except Exception:  # redrawn under the pointer
                pass
        elif not click_something(page, rng):
            page.wait_for_timeout(30)
    assert page.locator("#headline").inner_text()
    assert not errors, errors
    assert clicked_hexes > 20
    table = page.locator("#table").inner_text()
    assert "2 rounds played" in table and "(s)" not in table  # counted as a person writes
    assert re.search(r"\b1 (town|city|capital)\b", table)
    log = page.locator("#log li").all_inner_texts()
    assert any("places its capital" in line for line in log)
    assert any(" -> " in line for line in log)  # a unit moved by clicking its hex, then a hex
    assert any("builds a town" in line for line in log)
    record = page.request.get(f"{live_server.url}/api/games/{game_id}/record").json()
    assert record["game"] == "viktory-ii" and record["config"]["mode"] == "cards"
    page.click("#replay-link")  # the replay viewer draws the same table
    wait_for_the_replay(page)
    page.wait_for_selector("#table svg.v2map")
    expect(page.locator("#first")).to_be_disabled()  # it opens at the first position
    page.select_option("#viewer", "1")
    page.wait_for_selector("#table svg.v2map")
    assert page.locator("svg.v2map .hex-cell").count() == 37
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("where", ["wrong token", "unknown game"])
def test_a_refused_link_keeps_saying_why(live_server, browser, where):
    """A mistyped invite link or a game that is not on the server leads to no table: the page
    says why and keeps saying it, instead of fading to a blank page."""
    page = browser.new_page()
    page.clock.install()  # the page's timers run only when the test moves the clock
    if where == "wrong token":
        made = page.request.post(f"{live_server.url}/api/games", data={
            "game": "kow", "seats": [{"kind": "here"}, {"kind": "invite"}]}).json()
        page.goto(f"{live_server.url}/game/{made['id']}#t=not-a-token")
        why = "wrong token"
    else:
        page.goto(f"{live_server.url}/game/nosuchgame#t=not-a-token")
        why = "no game 'nosuchgame'"
    # The refusal, not the error frame's message (which fades) that comes just before it.
    page.wait_for_selector("#refused", timeout=10_000)
    page.clock.fast_forward(60_000)  # long after an error message fades
    assert why in page.locator("main").inner_text()
    assert page.locator("#status").inner_text() == "Not at the table"
    assert page.locator("#refused a[href='/']").count() == 1
    page.close()


def test_a_refusal_whose_close_arrives_abnormally_is_still_a_refusal(live_server, browser):
    """A connection reset can deliver the server's error frame and then an abnormal close
    (1006) instead of the refusing 44xx code. The error before the welcome is the refusal:
    the page says why and does not reconnect."""
    page = browser.new_page()
    page.clock.install()
    opened = []

    def refuse_then_reset(ws):
        opened.append(ws)

        def on_hello(_message):
            ws.send(json.dumps({"type": "error", "message": "no game 'gone' on this server"}))
            ws.close(code=1006)
        ws.on_message(on_hello)

    page.route_web_socket("**/ws/*", refuse_then_reset)
    page.goto(f"{live_server.url}/game/gone")
    page.wait_for_selector("#refused")
    page.clock.fast_forward(60_000)  # long past every reconnect delay
    assert "no game 'gone' on this server" in page.locator("#refused").inner_text()
    assert page.locator("#status").inner_text() == "Not at the table"
    assert len(opened) == 1
    page.close()


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_invite_links_fit_the_page(live_server, browser, width, height):
    """The host's page lists the invite and watch links: long as they are, they wrap inside
    their panel, and the page does not scroll sideways on a desktop or a phone."""
    page = browser.new_page(viewport={"width": width, "height": height})
    create_in_lobby(page, live_server.url, "champions", ["here", "invite"])
    page.wait_for_selector("#invites a")
    page.wait_for_selector("#table .panel")
    scroll, client = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert scroll <= client
    panel = page.locator("#invites").bounding_box()
    for link in (page.locator("#invites a"), page.locator("#invites input.link")):
        box = link.bounding_box()
        assert box["x"] + box["width"] <= panel["x"] + panel["width"]
    page.close()


def test_the_result_says_who_won_at_the_top_and_whose_each_score_is(live_server, browser):
    """At the end the header says who won, not only "Game over" (on a phone the result panel
    is below the whole table), and each score names its seat."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    create_in_lobby(page, live_server.url, "kow", ["here", "random"],
                    {"victories_to_win": "1"})
    play_to_the_end([page], seed=5)
    headline = page.locator("#headline").inner_text()
    assert headline
    assert page.locator("#status").inner_text() == f"Game over: {headline}"
    assert page.locator("#status").is_visible()
    scores = page.locator("#scores").inner_text()
    # named by what they count (a bare "Scores: You: 1" said nothing of kow's Victories)
    assert re.fullmatch(r"Victories: You \d+ · Seat 1 \d+", scores), scores
    page.close()


def test_a_long_log_keeps_its_line_numbers(live_server, browser):
    """The page shows the last 300 lines of a long log, numbered as they stand in the whole
    log: its last line is not numbered 300 when it is the 600th."""
    page = browser.new_page()
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "options": {"victories_to_win": 5},
        "seats": [{"kind": "random"}, {"kind": "random"}]}).json()
    for _ in range(600):  # two random seats with no delay: a few seconds
        if page.request.get(f"{live_server.url}/api/games/{made['id']}").json()["status"] \
                == "finished":
            break
        page.wait_for_timeout(100)
    log = page.request.get(
        f"{live_server.url}/api/games/{made['id']}/replay?seat=spectator").json()
    lines = log["steps"][-1]["log"]
    assert len(lines) > 300
    page.goto(f"{live_server.url}/game/{made['id']}")
    page.wait_for_selector("#headline")
    assert page.locator("#log li").count() == 300
    assert page.locator("#log").evaluate("e => e.start") == len(lines) - 299
    assert page.locator("#log-earlier").is_hidden()  # kow's observation holds its whole log
    page.close()


def test_kow_victory_pips_count_to_the_games_target(live_server, browser):
    """The victories were drawn as pips out of 3 whatever `victories_to_win` said: a game to
    5 showed a full row at 3 victories, as if it were won."""
    page = browser.new_page()
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "options": {"victories_to_win": 5},
        "seats": [{"kind": "here"}, {"kind": "invite"}]}).json()
    page.goto(f"{live_server.url}/game/{made['id']}")
    page.wait_for_selector("#table .pips.gold")
    assert [p.locator("i").count() for p in page.locator("#table .pips.gold").all()] == [5, 5]
    page.close()


def test_a_page_opened_in_the_middle_of_a_game_shows_its_whole_log(seeded_server, browser):
    """A Viktory II observation shows the log since the viewer's last turn: a page opened then
    numbered its first line 1, as if the game began there (and later said earlier lines were
    not shown). Audit defect 3: such a page, or one that reconnected, lost the lines before;
    it now gets the viewer's whole log, numbered from the game's start, with nothing left
    out to mention."""
    from websockets.sync.client import connect

    page = browser.new_page()
    made = page.request.post(f"{seeded_server.url}/api/games", data={
        # one deal, in which a seat makes 13 moves before the log moves on: with the server's
        # own, now and then one made 21 or 22, past the 20 messages a connection may send at
        # once (an error frame, no state), and the loop below waited for a state in vain
        "game": "viktory-ii", "options": {"radius": 3, "turn_limit": 4}, "seed": 21,
        "seats": [{"kind": "invite"}, {"kind": "invite"}]}).json()
    live = seeded_server.app.state.server.games[made["id"]]
    url = f"ws://127.0.0.1:{seeded_server.port}/ws/{made['id']}"
    with connect(url) as a, connect(url) as b:
        sockets = []
        for ws, seat in ((a, 0), (b, 1)):
            ws.send(json.dumps({"type": "hello", "token": made["seats"][seat]["token"]}))
            sockets.append(ws)
        states = [_next_state(ws) for ws in sockets]
        for _ in range(200):  # each seat's first move (index 0) until the log has moved on
            if live.state.observation(None).get("log_start"):
                break
            mover = next(i for i, s in enumerate(states) if s["legal"])
            sockets[mover].send(json.dumps({"type": "act", "version": states[mover]["version"],
                                            "index": 0}))
            states = [_next_state(ws) for ws in sockets]
    assert live.state.observation(None)["log_start"] > 0
    game = live.game
    whole = [line for line in (game.describe_event(e) for e in live.state.visible_log(None))
             if line]
    page.goto(f"{seeded_server.url}/game/{made['id']}")
    page.wait_for_selector("#table svg.v2map")
    expect(page.locator("#log li")).to_have_count(min(len(whole), 300))
    assert page.locator("#log").evaluate("e => e.start") == max(1, len(whole) - 299)
    seat_words = re.sub(r"\b([Pp])layer (\d+)\b",  # as kit.seatWords words it
                        lambda m: f"{'S' if m[1] == 'P' else 's'}eat {m[2]}", whole[-1])
    assert page.locator("#log li").last.inner_text() == seat_words
    assert page.locator("#log-earlier").is_hidden()
    page.close()


def _next_state(ws) -> dict:
    while (frame := json.loads(ws.recv(timeout=30)))["type"] != "state":
        pass
    return frame


def test_an_empty_pile_shows_no_card(live_server, browser):
    """The kit draws a pile with cards in it as a card's back, and an empty pile (a spent deck,
    an empty discard) as an empty place: a back there told a player cards were left."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    classes = page.evaluate("""async () => {
        const kit = await import("/static/kit.js");
        const face = (count) => kit.pile("Deck", count).firstChild.className;
        return [face(3), face(0)];
    }""")
    assert classes == ["card back", "card gap"]
    page.close()


def test_word_iron_shows_draws_skipped_and_extra_draws_held(live_server, browser):
    """The Word & Iron table shows a side's draws to skip and the extra draws it holds from
    set-up, as the text view does (the page showed neither)."""
    from warroom.games.word_iron import GAME as WORD_IRON
    observation = WORD_IRON.new_state(WORD_IRON.config({}), 1).observation(0)
    observation["players"][0]["held"] = {"chance": 1}
    observation["players"][1]["skips"] = {"strategy": 2, "word": 1}
    page = browser.new_page()
    page.goto(live_server.url + "/")
    text = render_table(page, "word-iron", observation)
    text = " ".join(text.split())  # the stats line is a flex row: innerText breaks its items
    assert "Extra draws after the next regular draw: chance ×1" in text
    assert "Next draws skipped: strategy ×2 word ×1" in text
    page.close()


# The page finds its WebSockets here, so that a test can close one as a network would.
KEEP_SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.testSockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); window.testSockets.push(this); }
  };
})()"""


def test_a_lost_connection_shows_at_once_and_clears_when_it_is_back(live_server, browser):
    """While the page's WebSocket is down the header says so (it kept saying "Your turn", and
    only a click told the player that nothing was connected); the table fades; once the page
    has reconnected and received the state again, the header is the game's again."""
    page = browser.new_page()
    page.add_init_script(KEEP_SOCKETS)
    page.clock.install()
    create_in_lobby(page, live_server.url, "kow", ["here", "random"])
    page.wait_for_selector("#table .panel")
    page.wait_for_function("document.querySelector('#status').textContent === 'Your turn'",
                           timeout=10_000)
    now = page.evaluate("Date.now()")
    page.clock.pause_at(now + 1000)  # the page's timers (its reconnecting) wait for the test
    page.evaluate("window.testSockets.at(-1).close()")
    status = page.locator("#status")
    page.wait_for_function("document.querySelector('#status').textContent"
                           ".startsWith('Connection lost')", timeout=10_000)
    assert status.inner_text() == "Connection lost - reconnecting..."
    assert status.is_visible()
    assert page.evaluate("document.body.classList.contains('offline')")
    page.clock.run_for(5000)  # the page reconnects; the server sends the state again
    page.wait_for_function("document.querySelector('#status').textContent === 'Your turn'",
                           timeout=10_000)
    assert page.evaluate("window.testSockets.length") == 2
    assert not page.evaluate("document.body.classList.contains('offline')")
    page.close()


def test_the_result_speaks_to_each_viewer(live_server, browser):
    """At the end the winner reads "You win", the loser "You lose - seat N wins" (it read
    "Seat N wins", as if to someone else), and a spectator "Seat N wins"; the replay viewer,
    as a seat, says the same."""
    host, guest, watcher = (browser.new_context() for _ in range(3))
    page = host.new_page()
    game_id = create_in_lobby(page, live_server.url, "kow", ["here", "invite"],
                              {"victories_to_win": "1"})
    other = guest.new_page()
    other.add_init_script(ANSWERS)
    other.goto(page.locator("#invites input.link").input_value())
    watching = watcher.new_page()
    watching.goto(f"{live_server.url}/game/{game_id}")
    play_to_the_end([page, other], seed=6)
    for p in (page, other, watching):
        p.wait_for_selector("#headline")
    outcome = page.request.get(f"{live_server.url}/api/games/{game_id}").json()["outcome"]
    if outcome["draw"]:  # a kow game drawn at its round limit: rare, and the same for all
        expected = {0: "A draw", 1: "A draw", None: "A draw"}
    else:
        (winner,) = outcome["winners"]
        expected = {winner: "You win", 1 - winner: f"You lose - seat {winner} wins",
                    None: f"Seat {winner} wins"}
    for seat, p in ((0, page), (1, other), (None, watching)):
        assert p.locator("#headline").inner_text() == expected[seat]
        assert p.locator("#status").inner_text() == f"Game over: {expected[seat]}"
    watching.goto(f"{live_server.url}/replay/{game_id}")
    watching.wait_for_selector("#table .panel")
    watching.select_option("#viewer", "1")
    watching.click("#last")  # the last position stays the one shown when seat 1's steps load
    watching.wait_for_function(
        f"document.querySelector('#result .headline')?.textContent === {expected[1]!r}",
        timeout=10_000)
    for context in (host, guest, watcher):
        context.close()


def test_the_result_wording_for_draws_shared_wins_and_spectators(live_server, browser):
    """The kit's words for a result, for every kind of end a game may have."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    texts = page.evaluate("""async () => {
        const kit = await import("/static/kit.js");
        const say = (seat, winners) => kit.outcomeText({ seat, outcome: { winners } });
        return [say(0, [0]), say(1, [0]), say(null, [0]), say(0, []), say(null, []),
                say(0, [0, 2]), say(1, [0, 2]), say(null, [0, 2]), say(3, [0, 1, 2])];
    }""")
    assert texts == ["You win", "You lose - seat 0 wins", "Seat 0 wins", "A draw", "A draw",
                     "You win, with seat 2", "You lose - seats 0 and 2 win",
                     "Seats 0 and 2 win", "You lose - seats 0, 1 and 2 win"]
    page.close()


def wait_until_waiting(page, rng: random.Random) -> str:
    """Click until the page waits for another seat; the header then."""
    for _ in range(50):
        status = page.locator("#status").inner_text()
        if status.startswith("Waiting for"):
            return status
        if not click_something(page, rng):
            page.wait_for_timeout(50)
    raise AssertionError(f"the page never waited for another seat: {status!r}")


def test_the_header_says_an_awaited_seat_is_an_ai(slow_ai_server, browser):
    """"Waiting for seat 1" did not say that seat 1 is an AI, thinking or pacing its moves."""
    page = browser.new_page()
    create_in_lobby(page, slow_ai_server.url, "kow", ["here", "heuristic"])
    page.wait_for_selector("#table .panel")
    assert wait_until_waiting(page, random.Random(8)) == "Waiting for seat 1 (AI: heuristic)"
    page.close()


def finished_game(page, url: str, game: str, options: dict, seed: int | None = None) -> str:
    """A game random seats play to its end (of `seed`, on a server that takes one): two, or
    the `players` of its options; its id."""
    made = page.request.post(f"{url}/api/games", data={
        "game": game, "options": options, **({} if seed is None else {"seed": seed}),
        "seats": [{"kind": "random"}] * options.get("players", 2)}).json()
    for _ in range(600):
        if page.request.get(f"{url}/api/games/{made['id']}").json()["status"] == "finished":
            return made["id"]
        page.wait_for_timeout(100)
    raise AssertionError("the game did not end within a minute")


def held_back(page, held: list) -> list:
    """`held`, once the request the test holds back (its `page.route` handler appends the
    route) has reached the test."""
    for _ in range(500):
        if held:
            return held
        page.wait_for_timeout(10)
    raise AssertionError("the request the test holds back never came")


def test_the_replay_controls_wait_for_the_positions(live_server, browser):
    """The replay's buttons are on the page before its positions have loaded: a click then
    threw (drawing a position that is not there) and showed "position 0 of -1". Until the
    positions are in, the controls are disabled and the arrow keys do nothing; then the
    first position shows, with "|<" and "< back" disabled there (audit, stop 57)."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    game_id = finished_game(page, live_server.url, "kow", {"victories_to_win": 1})
    held = []  # the request for the positions, answered when the test says
    page.route(re.compile(r"/api/games/[^/]+/replay"), lambda route: held.append(route))
    page.goto(f"{live_server.url}/replay/{game_id}")
    expect(page.locator("#viewer option")).to_have_count(3)  # the buttons are bound now
    controls = ("#first", "#prev", "#step", "#next", "#last")
    for control in controls:
        expect(page.locator(control)).to_be_disabled()
        # A click dispatched by a script still reaches a disabled button's handler.
        page.locator(control).dispatch_event("click")
    page.keyboard.press("ArrowRight")  # the keys are heard before the positions are in
    assert page.locator("#where").inner_text() == ""
    held_back(page, held)[0].continue_()
    expect(page.locator("#where")).to_have_text(re.compile(r"position 0 of \d+"))
    for control in ("#first", "#prev"):  # no position before the first
        expect(page.locator(control)).to_be_disabled()
    for control in ("#step", "#next", "#last"):
        expect(page.locator(control)).to_be_enabled()
    page.click("#last")
    page.wait_for_selector("#result .headline")
    assert not errors, errors
    page.close()


def test_the_replay_shows_the_viewer_chosen_last_whichever_answer_comes_last(live_server,
                                                                              browser):
    """Choosing seat 0, then seat 1 before seat 0's positions came: when they came, late, they
    replaced seat 1's under seat 1's name. The viewer chosen last is the one shown."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    for _ in range(10):  # a game with a winner: in a draw every seat reads the same
        game_id = finished_game(page, live_server.url, "kow", {"victories_to_win": 1})
        outcome = page.request.get(f"{live_server.url}/api/games/{game_id}").json()["outcome"]
        if not outcome["draw"]:
            break
    [winner] = outcome["winners"]
    as_seat_1 = "You win" if winner == 1 else f"You lose - seat {winner} wins"
    held = []  # seat 0's positions, answered when the test says
    page.route(re.compile(r"/api/games/[^/]+/replay\?seat=0(&|$)"),
               lambda route: held.append(route))
    page.goto(f"{live_server.url}/replay/{game_id}")
    expect(page.locator("#where")).to_have_text(re.compile(r"position 0 of \d+"))
    page.select_option("#viewer", "0")
    held_back(page, held)
    with page.expect_response(re.compile(r"seat=1(&|$)")):
        page.select_option("#viewer", "1")
    page.click("#last")
    expect(page.locator("#result .headline")).to_have_text(as_seat_1)
    with page.expect_response(re.compile(r"seat=0(&|$)")):
        held[0].continue_()
    # The page reads the late answer in its next tasks; before the mend it then showed seat
    # 0's positions (a slow page could let this pass wrongly, never fail wrongly).
    page.evaluate("new Promise((done) => setTimeout(done, 100))")
    expect(page.locator("#last")).to_be_disabled()  # at the last already: back, and to it
    page.click("#prev")
    page.click("#last")
    expect(page.locator("#result .headline")).to_have_text(as_seat_1)
    assert not errors, errors
    page.close()


def test_viktory_ii_at_the_end_says_the_game_is_over_not_whose_turn(live_server, browser):
    """The map's header read "Seat 1's turn: game over" once the game had ended."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    game_id = finished_game(page, live_server.url, "viktory-ii",
                            {"radius": 3, "turn_limit": 1})
    page.goto(f"{live_server.url}/game/{game_id}")
    page.wait_for_selector("#headline")
    head = page.locator("#table .panel .stats").first.inner_text()
    assert head.startswith("dice · 1 round played")
    assert f"Game over: {page.locator('#headline').inner_text()}" in head
    assert "turn" not in head.replace("turn limit", "")
    players = page.locator("#table .seat-area h4").all_inner_texts()
    assert len(players) == 2 and not any("this turn" in p for p in players), players
    page.close()


def test_a_person_resigns_and_every_page_shows_the_end(live_server, browser):
    """Resign asks first ("No" leaves the game as it was); "Yes" ends a two-seat game: both
    seats' pages and a spectator's say who won, the result gives the reason, and the replay
    ends the same way."""
    host, guest, watcher = (browser.new_context() for _ in range(3))
    page = host.new_page()
    game_id = create_in_lobby(page, live_server.url, "kow", ["here", "invite"])
    other = guest.new_page()
    other.goto(page.locator("#invites input.link").input_value())
    watching = watcher.new_page()
    watching.goto(f"{live_server.url}/game/{game_id}")
    for p in (page, other, watching):
        p.wait_for_selector("#table .panel")
    assert watching.locator("#resign").count() == 0  # a spectator has no seat to resign
    other.click("#resign")
    assert "The other side wins" in other.locator("#resign-confirm").inner_text()
    other.click("#resign-no")
    other.wait_for_selector("#resign")
    assert page.request.get(f"{live_server.url}/api/games/{game_id}").json()["status"] \
        != "finished"
    other.click("#resign")
    other.click("#resign-yes")
    expected = {page: "You win", other: "You lose - seat 0 wins", watching: "Seat 0 wins"}
    for p, result in expected.items():
        p.wait_for_selector("#headline")
        assert p.locator("#status").inner_text() == f"Game over: {result}"
        assert p.locator("#headline").inner_text() == result
        assert p.locator("#reason").inner_text() == "seat 1 resigned"
        assert p.locator("#resign").count() == 0
        assert p.locator("#table .playable, #table button.act").count() == 0
    watching.goto(f"{live_server.url}/replay/{game_id}")
    watching.wait_for_selector("#table .panel")
    # Resigned before any move: the start is the game's only position, and its end (">|" is
    # disabled there: audit, stop 57).
    expect(watching.locator("#where")).to_have_text("position 0 of 0")
    expect(watching.locator("#last")).to_be_disabled()
    watching.wait_for_function("document.querySelector('#result')?.textContent"
                               ".includes('seat 1 resigned')", timeout=10_000)
    assert watching.locator("#result .headline").inner_text() == "Seat 0 wins"
    for context in (host, guest, watcher):
        context.close()


def test_resigning_one_of_three_seats_hands_it_to_the_ai(slow_ai_server, browser):
    """With three sides the game goes on: the page that resigned watches, and names the
    seat's new player as the header and the lobby do."""
    page = browser.new_page()
    game_id = create_in_lobby(page, slow_ai_server.url, "battle",
                              ["here", "heuristic", "heuristic"], {"players": "3"})
    page.wait_for_selector("#table .panel")
    page.click("#resign")
    assert "The heuristic AI plays your seat on" in page.locator("#resign-confirm").inner_text()
    page.click("#resign-yes")
    page.wait_for_function("document.querySelector('#status').textContent"
                           ".startsWith('Watching - waiting for seat ')", timeout=10_000)
    assert "Seat 0: AI heuristic since seat 0 resigned" in page.locator("#seats").inner_text()
    assert "You are watching." in page.locator("#seats").inner_text()
    assert page.locator("#resign").count() == 0
    page.goto(slow_ai_server.url + "/")
    row = page.locator(f"tr[data-game='{game_id}']")
    row.wait_for()
    assert "heuristic since seat 0 resigned vs heuristic vs heuristic" in row.inner_text()
    page.close()


def test_a_refusal_after_the_welcome_says_the_servers_words(live_server, browser):
    """A page at the table refused mid-game (4409: another server over the same database
    stored the game's next action first) said only "the server refused this link (code
    4409)": the error frame that came just before the close, which says what happened and
    what to do, is the refusal's text."""
    page = browser.new_page()
    page.clock.install()
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "seats": [{"kind": "here"}, {"kind": "here"}]}).json()
    assert "id" in made, made
    routes = []

    def through(ws):
        ws.connect_to_server()
        routes.append(ws)

    page.route_web_socket("**/ws/*", through)
    page.goto(f"{live_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    page.wait_for_selector("#table .panel", timeout=20_000)
    why = ("your action was not stored: this game was changed by another server over the "
           "same database, and nothing changed here; reload the page")
    routes[0].send(json.dumps({"type": "error", "message": why}))
    routes[0].close(code=4409)
    page.wait_for_selector("#refused", timeout=10_000)
    page.clock.fast_forward(60_000)
    assert why in page.locator("#refused").inner_text()
    assert "code 4409" not in page.locator("#refused").inner_text()
    page.close()
