"""The Viktory II map game at the browser table: the defects an audit found, each pinned.

Some tests draw the real table (`/tables/viktory-ii.js` with the page's kit and stylesheet) in
a page of the live server's origin from a frame the server would send (`view_frame`) of a
position set up on a small fixed map; the others play through the server as a person does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import expect
from test_browser import ANSWERS, finished_game

import warroom.server
from warroom.games import get_game
from warroom.games.viktory_ii.actions import Bombard, Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import ART, INF
from warroom.server.live import view_frame

GAME = get_game("viktory-ii")
PHONE = {"width": 390, "height": 844}

# A small map (radius 3, rows A to G): E5's attackers come from D5 and E4, F4 bombards it.
MAP = """\
   p m p p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p f
"""

# The game page with its script replaced by one that draws a frame with the real table module
# (`window.show(frame)`), its labels and prompt in the page's words as game.js gives them
# (kit.viewWords), and keeps the actions clicked (`window.acted`).
HARNESS_SCRIPT = """<script type="module">
import * as kit from "/static/kit.js";
const table = await import("/tables/viktory-ii.js");
window.acted = [];
window.show = (view) => {
  const root = document.querySelector("#table");
  root.replaceChildren();
  table.render(root, kit.viewWords(view, table),
               { kit, act: (i) => window.acted.push(i), seat: view.seat, names: [] });
};
window.harnessReady = true;
</script>"""


def harness(browser, url: str, viewport=None, hash_: str = ""):
    """A page of the server's origin showing tables drawn by `show(page, frame)`."""
    html = (Path(warroom.server.__file__).parent / "static" / "game.html").read_text()
    html = re.sub(r'<script type="module" src="/static/game.js"></script>', HARNESS_SCRIPT, html)
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route(f"{url}/harness", lambda route: route.fulfill(
        status=200, content_type="text/html", body=html))
    page.goto(f"{url}/harness{hash_}")
    page.wait_for_function("window.harnessReady === true")
    return context, page, errors


def show(page, frame: dict) -> None:
    page.evaluate("(frame) => window.show(frame)", frame)


def position(tmp_path: Path, pieces: list[dict], tiles: str = MAP, **options):
    """A game on MAP (or `tiles`) with these pieces, setup turns over, player 0 to move."""
    data = {"name": "test", "tiles": tiles, "explored": True, "first": 0, "pieces": pieces}
    path = tmp_path / "test.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return GAME.new_state(GAME.config({"map": str(path), "turn_limit": 80, **options}), 0)


def piece(where: str, owner: int, settlement: str | None = None, capital: bool = False,
          **units: int) -> dict:
    out: dict = {"hex": where, "owner": owner, "units": units}
    if settlement:
        out["settlement"] = settlement
    if capital:
        out["capital"] = True
    return out


def take(state, cls, **fields) -> None:
    """Play the one legal action of this class whose fields match (hexes by name)."""
    names = state.board.index
    player = state.to_move()[0]
    [action] = [a for a in state.legal_actions(player) if type(a) is cls and all(
        getattr(a, k) == (names[v] if k == "hex" else v) for k, v in fields.items())]
    state.apply(player, action)


def battle_at_e5(tmp_path: Path, **options):
    """Player 0 attacks E5 from D5 and E4 (an infantry each; another waits on E4), its artillery
    on F4 bombards it; player 1 defends E5 with an infantry, has another on F5 and a frigate on
    E6. The attack is declared, not yet fought."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("F4", 0, "town", artillery=1),
        piece("D5", 0, infantry=1), piece("E4", 0, infantry=2),
        piece("G4", 1, "city", True), piece("G1", 1, "town"), piece("E5", 1, infantry=1),
        piece("F5", 1, infantry=1), piece("E6", 1, frigate=1),
    ], **options)
    if state.pool is not None:  # card modes: two Attack cards each, from the deck
        cards = state.cards
        attack = [c for c in reversed(state.pool.deck) if cards[c].can_attack][:4]
        for i, cid in enumerate(attack):
            state.pool.deck.remove(cid)
            state.pool.hands[i % 2].append(cid)
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    take(state, SelectUnit, hex="E4", unit=INF)
    take(state, Step, hex="E5")
    take(state, SelectUnit, hex="F4", unit=ART)
    take(state, Bombard, hex="E5")
    return state


def frame(state, seat):
    return view_frame(GAME, state, seat, 1, "test")


def test_the_battle_panel_says_where_who_and_what_in_words(live_server, browser, tmp_path):
    """Defect 1: the Battle panel was a dump of the resolver's data (hex numbers, unlabelled
    unit arrays, hex sides the map does not label; about 35 rows on a phone). It names the hex
    as the map does, who attacks and who defends with which units, the round and what the
    player must do now, with buttons named by the map's hexes; on a phone it stays short."""
    state = battle_at_e5(tmp_path)
    take(state, Fight, hex="E5")
    assert state.observation(0)["battle"]["decision"] == "launch"
    context, page, errors = harness(browser, live_server.url, PHONE)
    show(page, frame(state, 0))
    panel = page.locator("section.panel", has=page.locator("#v2-battle"))
    expect(panel.locator("h3")).to_have_text(re.compile("^battle at E5$", re.I))
    assert page.locator("#v2-battle-where").inner_text() == "plains · before the first round"
    attacker = page.locator("#v2-battle [data-role=attacker]").inner_text()
    assert attacker.startswith("You attack: 1 infantry from D5; 1 infantry from E4"), attacker
    assert "bombarding: 1 artillery from F4" in attacker
    assert "may still join: 1 infantry on E4" in attacker
    defender = page.locator("#v2-battle [data-role=defender]").inner_text()
    assert defender.startswith("Seat 1 defends: 1 infantry"), defender
    assert page.locator("#v2-battle-now").inner_text() == (
        "Your move: bring more units into the attack, or launch it.")
    buttons = panel.locator("button.act").all_text_contents()
    assert buttons == ["bring an infantry from E4", "launch the attack"], buttons
    text = panel.inner_text()
    assert "hex side" not in text and "[" not in text and not re.search(r"\b(19|25|26|31)\b", text)
    # Short on a phone: its words take a dozen lines at most, not some 35 rows, and with its
    # buttons it takes less than half the screen.
    words = page.locator("#v2-battle").bounding_box()["height"]
    line = float(page.locator("#v2-battle").evaluate("(e) => getComputedStyle(e).lineHeight")[:-2])
    assert words < 12 * line, (words, line)
    assert panel.bounding_box()["height"] < 0.45 * PHONE["height"], panel.bounding_box()
    # The player watching reads who decides.
    show(page, frame(state, 1))
    assert page.locator("#v2-battle-now").inner_text() == (
        "Seat 0 may bring more units, then launches the attack.")
    assert page.locator("#v2-battle [data-role=defender]").inner_text().startswith(
        "You defend: 1 infantry")
    assert not errors, errors
    context.close()


def test_the_map_keeps_showing_the_battle_while_it_is_fought(live_server, browser, tmp_path):
    """Defect 2: once the battle was fought, the map lost its attack mark and the attacking
    units until the battle ended. The battle hex stays marked, with the attackers and the
    defenders in it as they stand now."""
    state = battle_at_e5(tmp_path)
    context, page, errors = harness(browser, live_server.url)
    e5 = page.locator("svg.v2map .hex-cell[data-name=E5]")
    show(page, frame(state, 0))  # declared: marked, with its attackers waiting
    assert "⚔" in e5.locator("text.mark").all_text_contents()
    take(state, Fight, hex="E5")
    assert not state.observation(0)["battles"]  # the map's own list is empty while fought
    for seat in (0, 1):
        show(page, frame(state, seat))
        assert "⚔" in e5.locator("text.mark").all_text_contents()
        assert "fought" in e5.get_attribute("class")
        badges = [t for t in e5.locator("text").all_text_contents() if "♟" in t]
        assert "⚔2♟" in badges and "1♟" in badges, badges  # attackers, defender
        title = e5.locator("title").text_content()
        assert "Battle being fought here" in title and "attackers: 2 infantry" in title, title
    assert not errors, errors
    context.close()


def test_card_mode_says_a_wave_is_launched_by_clicking_a_card(live_server, browser, tmp_path):
    """Defect 3: in the card modes nothing told the player that a wave is launched by clicking
    a card in the hand. A line above the hand says so, and the battle's own line points
    there; the card clicked plays it."""
    state = battle_at_e5(tmp_path, mode="cards")
    take(state, Fight, hex="E5")
    assert state.observation(0)["battle"]["decision"] == "wave"
    context, page, errors = harness(browser, live_server.url, PHONE)
    view = frame(state, 0)
    show(page, view)
    hint = page.locator("#v2-card-hint")
    expect(hint).to_be_visible()
    assert "Choose a card in your hand: an Attack card launches wave 1 with it" in hint.inner_text()
    # right above the hand it speaks of
    hand = page.locator(".zone", has=page.locator(".label", has_text="your hand"))
    assert hint.bounding_box()["y"] < hand.bounding_box()["y"]
    assert "choose an Attack card in your hand below" in page.locator("#v2-battle-now").inner_text()
    card = hand.locator(".tile.playable").first
    card.click()
    attack = [e["i"] for e in view["legal"] if e["action"].get("use") == "attack"
              and e["action"]["card"] == card.get_attribute("data-card")]
    assert page.evaluate("window.acted") == attack
    # the defender is not told to click anything
    show(page, frame(state, 1))
    assert page.locator("#v2-card-hint").count() == 0
    assert not errors, errors
    context.close()


def test_a_hidden_map_says_which_counts_are_what_the_player_sees(live_server, browser,
                                                                  tmp_path):
    """Defect 4: on a hidden map the Players panel read "capital ?" and "on the map: ..." for
    the other players, as if those were totals. What the view holds is what the player sees:
    the panel says so."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True, infantry=1), piece("A3", 0, infantry=1),
        piece("G3", 1, "city", True, infantry=1), piece("D4", 1, infantry=1),
        piece("G1", 1, "town", infantry=1),
    ], dark=True)
    obs = state.observation(0)
    assert obs["players"][1]["capital"] == -1  # out of sight, never seen
    assert [s[1:3] for s in obs["units"] if s[1] == 1] == [[1, [1, 0, 0, 0]]]  # D4's alone
    context, page, errors = harness(browser, live_server.url)
    show(page, frame(state, 0))
    mine, theirs = page.locator("#table .seat-area .stats").all_text_contents()
    assert "capital A1 held" in mine and "on the map: 2 infantry" in mine
    assert "capital held (where: not seen)" in theirs and "?" not in theirs
    assert "units in sight: 1 infantry" in theirs and "on the map" not in theirs
    assert "1 town" in theirs and "1 city" in theirs  # public: whole counts
    assert not errors, errors
    context.close()


def test_a_hotseat_device_names_the_winner_at_the_end(live_server, browser):
    """Defect 5: a device holding several seats ended with "You lose" (or "You win") for
    whichever seat was last on screen, in the table's header, the page's status bar and its
    Result panel. All three name the winner instead."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "viktory-ii", "options": {"radius": 3},
        "seats": [{"kind": "here"}, {"kind": "here"}]}).json()
    tokens = ",".join(s["token"] for s in made["seats"])
    page.add_init_script(ANSWERS)
    page.goto(f"{live_server.url}/game/{made['id']}#t={tokens}")
    expect(page.locator("#reveal")).to_have_text("I am seat 0: show my table")
    page.click("#reveal")
    page.wait_for_selector("#table svg.v2map")
    page.click("#resign")
    page.click("#resign-yes")  # seat 0 gives up: seat 1 wins
    head = page.locator("#table .panel .stats").first
    expect(head).to_contain_text("Game over")
    assert "Game over: Seat 1 wins" in head.inner_text()
    assert "You" not in head.inner_text()
    expect(page.locator("#status")).to_have_text("Game over: Seat 1 wins")
    expect(page.locator("#headline")).to_have_text("Seat 1 wins")
    assert not errors, errors
    page.close()


def test_a_one_seat_page_still_speaks_to_its_player_at_the_end(live_server, browser):
    """Defect 5's fix names the winners only on a device holding several seats: a person's
    own page still reads "You lose - seat 1 wins"."""
    page = browser.new_page()
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "viktory-ii", "options": {"radius": 3},
        "seats": [{"kind": "here"}, {"kind": "invite"}]}).json()
    page.goto(f"{live_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    page.wait_for_selector("#table svg.v2map")
    page.click("#resign")
    page.click("#resign-yes")
    head = page.locator("#table .panel .stats").first
    expect(head).to_contain_text("Game over: You lose - seat 1 wins")
    expect(page.locator("#status")).to_have_text("Game over: You lose - seat 1 wins")
    expect(page.locator("#headline")).to_have_text("You lose - seat 1 wins")
    page.close()


@pytest.mark.parametrize("players", [4, 6])
def test_a_large_map_on_a_phone_is_big_enough_to_tap(live_server, browser, players):
    """Defect 6: at 4 players and more the map fitted to a phone's width had hexes too small to
    read or tap. It is drawn with finger-sized hexes in a box that scrolls (the page itself
    does not scroll sideways), centred on what is going on; a hex is tapped there, and a
    button shows the whole map."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script(ANSWERS)
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "viktory-ii", "options": {"players": players},
        "seats": [{"kind": "here"}] + [{"kind": "random"}] * (players - 1)}).json()
    page.goto(f"{live_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    page.wait_for_selector("svg.v2map .hex-cell")
    expect(page.locator("#status")).to_have_text("Your turn")
    widths = page.evaluate("""() => [...document.querySelectorAll(
        'svg.v2map .hex-cell polygon.ground')].map((p) => p.getBoundingClientRect().width)""")
    assert min(widths) >= 40, min(widths)
    box = page.locator(".v2-mapbox")
    scroll = box.evaluate("(b) => [b.scrollWidth, b.clientWidth, getComputedStyle(b).overflowX]")
    assert scroll[0] > scroll[1] and scroll[2] == "auto", scroll
    sideways = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert sideways[0] <= sideways[1], sideways
    # The hex the drawn tile goes on next is in view, and a tap there plays.
    slot = page.locator("svg.v2map .hex-cell.playable", has=page.locator("polygon.slot.now"))
    r = slot.bounding_box()
    b = box.bounding_box()
    assert b["x"] <= r["x"] and r["x"] + r["width"] <= b["x"] + b["width"], (r, b)
    page.evaluate("document.querySelector('#table').firstElementChild.setAttribute('data-old', '')")
    slot.tap()
    menu = page.locator(".menu button[data-action]")  # several tiles drawn: which one
    if menu.count():
        menu.first.tap()
    page.wait_for_function("!document.querySelector('#table [data-old]')")  # the move's answer
    # The button shows the whole map, and zooms in again.
    page.click(".v2-zoom")
    assert box.evaluate("(b) => b.scrollWidth <= b.clientWidth + 1")
    page.click(".v2-zoom")
    assert box.evaluate("(b) => b.scrollWidth > b.clientWidth")
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("where", ["game", "replay"])
def test_log_numbers_of_three_digits_are_not_clipped_on_a_phone(seeded_server, browser, where):
    """Defect 6: on a phone the log's numbers from 100 on were cut at their left edge (the
    list's padding holds two digits). The padding holds the widest number shown, on the game
    page and the replay page alike (the page's code does it, for every game)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    # seed 4: 147 lines (the server's own seeds gave 94 to 147)
    game_id = finished_game(page, seeded_server.url, "viktory-ii", {"radius": 3, "turn_limit": 6},
                            seed=4)
    page.goto(f"{seeded_server.url}/{where}/{game_id}")
    if where == "replay":  # it opens at the first position: go to the last
        page.click("#last:enabled")
    page.wait_for_selector(".headline")
    page.wait_for_selector("svg.v2map")
    lines = page.locator("#log li").count()
    assert lines >= 100, lines
    # A marker is drawn in the list's font, "N. ", to the left of its line, inside the padding.
    room, marker = page.evaluate("""() => {
      const log = document.querySelector('#log');
      const li = log.lastElementChild;
      const n = log.start + log.children.length - 1;
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(li).font;
      probe.style.whiteSpace = 'pre';
      probe.textContent = `${n}. `;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return [li.getBoundingClientRect().left - log.getBoundingClientRect().left, width];
    }""")
    assert room >= marker, (room, marker)
    context.close()
