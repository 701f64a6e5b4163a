"""The tables' words, as an audit (stop 46) found them: seats named "P1" or "player 1" where the
page says "You" and "Seat 1", card codes where the table draws suits, figures with no word of
what they are, and a phone's header and resign question cut off by the screen's edges."""

from __future__ import annotations

import random
import re
from pathlib import Path

from test_browser import ANSWERS, click_something, create_in_lobby

import warroom.server
from warroom.games import get_game

PHONE = {"width": 390, "height": 844}
SHORT_SEAT = re.compile(r"\bP\d+\b")
LONG_SEAT = re.compile(r"\b[Pp]layer \d+\b")
CARD_CODE = re.compile(r"\b(10|[2-9AJQK])[SHDC]\b")

# Every action's label the page shows: the things' tooltips, the menus and the action bar.
LABELS = """() => [...document.querySelectorAll('#table [data-action]')].map((e) => e.title
  || e.textContent).concat([...document.querySelectorAll('.menu button[data-action]')]
  .map((b) => b.textContent))"""


# The bars the page drew that offered who attacks first, noted as the page draws them: a test
# that looked between its clicks missed an offer drawn by the other seat's frame just after it
# looked, and clicked it away at random (CI, stop 68).
NOTE_OFFERS = """() => {
  window.offers = [];
  const note = () => {
    const bar = [...document.querySelectorAll('#table button.act')].map((b) => b.innerText);
    if (bar.some((t) => t.includes('attacks first'))) window.offers.push(bar);
  };
  note();
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true,
                                                     characterData: true});
}"""


def seat_pages(browser, url: str, game: str, options=None, viewport=None):
    """A game of two invited seats, each on a page of its own (seat 0, seat 1), and a page
    watching it; the contexts, to close."""
    contexts = [browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
                for _ in range(3)]
    made = contexts[0].request.post(f"{url}/api/games", data={
        "game": game, "options": options or {},
        "seats": [{"kind": "invite"}, {"kind": "invite"}]}).json()
    pages = []
    for k, context in enumerate(contexts):
        page = context.new_page()
        page.add_init_script(ANSWERS)
        token = f"#t={made['seats'][k]['token']}" if k < 2 else ""
        page.goto(f"{url}/game/{made['id']}{token}")
        page.wait_for_selector("#table .panel")
        pages.append(page)
    return contexts, pages


def log_of(page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def play_until(pages, done, seed: int, max_clicks: int = 600, seen=None):
    """Click the seats' pages at random until `done()`; every label shown on the way, kept in
    `seen`. False if the game ended (or the clicks ran out) first."""
    rng = random.Random(seed)
    for _ in range(max_clicks):
        if seen is not None:
            for page in pages:
                seen.update(page.evaluate(LABELS))
        if done():
            return True
        if any(p.locator("#headline").count() for p in pages):
            return False
        if not any(click_something(p, rng) for p in pages):
            pages[0].wait_for_timeout(30)
    return False


def test_the_kit_names_seats_you_and_seat_n_in_every_games_words(live_server, browser):
    """Audit (stop 46): kit.js's log rewrite rewrote "Player N" only, and nothing rewrote the
    actions' labels or the prompts. One rewrite (kit.seatWords) now reads "Player N",
    "player N" and Battle's "PN" (a whole word only) as "Seat N"/"seat N", the viewer's own
    seat "Seat N (you)" (whatever verb follows) or "your"; a spectator reads "Seat N"."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    said = page.evaluate("""async () => {
        const kit = await import("/static/kit.js");
        const battle = await import("/tables/battle.js");
        const w = (text, seat, table = {}) => kit.seatWords(text, seat, table);
        return [
          w("P1 plays 7♦ as a soldier", 1, battle), w("8♠ attacks P1 (group 1)", 0, battle),
          w("8♠ attacks P1 (group 1)", 1, battle), w("8♠ strikes P1's 8♣", 1, battle),
          w("P1 goes first", null, battle), w("You drew 7♦ P1X AP1", 1, battle),
          w("Player 1 rolls", 1), w("player 0 attacks first", 1),
          w("pick 1 unit of player 1's to lose.", 0), w("pick 1 unit of player 1's to lose.", 1),
          w("attack P3 (player 1: 1 infantry)", 0),  // a hex named P3 elsewhere: no seat
          kit.seatWords("Player 0 wins", 0),
        ];
    }""")
    assert said == [
        "Seat 1 (you) plays 7♦ as a soldier", "8♠ attacks seat 1 (group 1)",
        "8♠ attacks seat 1 (you) (group 1)", "8♠ strikes your 8♣",
        "Seat 1 goes first", "You drew 7♦ P1X AP1",
        "Seat 1 (you) rolls", "seat 0 attacks first",
        "pick 1 unit of seat 1's to lose.", "pick 1 unit of yours to lose.",
        "attack P3 (seat 1: 1 infantry)",
        "Seat 0 (you) wins",
    ]
    page.close()


def test_battle_names_seats_as_the_page_does_in_its_log_and_labels(live_server, browser):
    """Audit (stop 46): Battle's log and action buttons named the seats "P0"/"P1" ("P1 goes
    first", "P1 plays 7♦ as a soldier", "8♠ attacks P1 (group 1)") while the page said "You"
    and "Seat N": the invited seat read "P1 plays ..." of its own moves. Each seat now reads
    "Seat 1 (you) plays ...", the other "Seat 1 plays ...", a spectator "Seat N" only."""
    contexts, (zero, one, watcher) = seat_pages(browser, live_server.url, "battle")
    seen: set[str] = set()

    def both_played():
        lines = log_of(one)
        return (any(line.startswith("Seat 1 (you) ") for line in lines)
                and any(re.match(r"Seat 0 (plays|attacks|blocks)", line) for line in lines)
                and any(re.search(r"\battacks seat \d", label) for label in seen))

    assert play_until([zero, one], both_played, seed=4, seen=seen), log_of(one)
    for seat, page in ((0, zero), (1, one), (None, watcher)):
        lines = log_of(page)
        assert lines and not [line for line in lines if SHORT_SEAT.search(line)], lines
        assert not [line for line in lines if LONG_SEAT.search(line)], lines
        mine = [line for line in lines if "(you)" in line]
        if seat is None:
            assert not mine, mine
        else:
            assert mine and all(f"eat {seat} (you)" in line for line in mine), mine
            assert not [line for line in lines if f"eat {1 - seat} (you)" in line]
    assert not [label for label in seen if SHORT_SEAT.search(label)], sorted(seen)
    for context in contexts:
        context.close()


def test_word_iron_offers_who_attacks_first_by_seat(live_server, browser):
    """Audit (stop 46): the coin toss's winner was offered "player 1 attacks first" and
    "player 0 attacks first" (the labels were not rewritten): it now reads "seat 0 (you)
    attacks first" and "seat 1 attacks first"."""
    contexts, (zero, one, _) = seat_pages(browser, live_server.url, "word-iron")
    for page in (zero, one):
        page.evaluate(NOTE_OFFERS)

    def offered():
        return [(seat, max(shown, key=lambda bar: sum("attacks first" in t for t in bar)))
                for seat, page in ((0, zero), (1, one))
                if (shown := page.evaluate("window.offers"))]

    assert play_until([zero, one], lambda: offered(), seed=2)
    ((seat, buttons),) = offered()
    firsts = sorted(b for b in buttons if "attacks first" in b)
    assert firsts == sorted([f"seat {seat} (you) attacks first",
                             f"seat {1 - seat} attacks first"]), buttons
    for context in contexts:
        context.close()


def test_viktory_asks_for_another_seats_units_by_seat(live_server, browser):
    """Audit (stop 46): Viktory's prompt read "Your selective hits choose: pick 1 unit of
    player 1's to lose.": prompts are in the table's words too ("... of seat 1's to lose")."""
    contexts, (zero, one, _) = seat_pages(browser, live_server.url, "viktory")
    prompts: list[tuple[int, str]] = []

    def asked():
        for seat, page in ((0, zero), (1, one)):
            box = page.locator("#prompt")
            text = box.inner_text() if box.is_visible() else ""
            if "to lose" in text and "selective" in text:
                prompts.append((seat, text))
        return prompts

    for game_seed in range(6):  # a game may end with no selective hit: another then
        if play_until([zero, one], asked, seed=game_seed, max_clicks=400):
            break
        for page in (zero, one):
            page.close()
        contexts_more, (zero, one, _) = seat_pages(browser, live_server.url, "viktory")
        contexts += contexts_more
    assert prompts
    seat, text = prompts[0]
    assert not LONG_SEAT.search(text), text
    # (by its side since stop 66: "player 0's" on Viktory II's table, the engine's number)
    side = "the defender's" if seat == 0 else "the attacker's"  # seat 0 attacks in viktory
    assert f"of {side} to lose" in text or "of yours" in text, text
    for context in contexts:
        context.close()


def test_champions_menus_and_log_show_suits_not_card_codes(live_server, browser):
    """Audit (stop 46): Champions' menus and log used card codes ("8S on KD", "Both reveal:
    seat 0 KS: 9D 5D") while the table drew suits (10♠, 9♦): they show the suits too."""
    contexts, (zero, one, watcher) = seat_pages(browser, live_server.url, "champions")
    seen: set[str] = set()

    def revealed():
        return any("reveal" in line for line in log_of(zero)) and any(
            re.search(r"(10|[2-9AJQK])[♠♥♦♣]", label) for label in seen)

    assert play_until([zero, one], revealed, seed=3, max_clicks=900, seen=seen), log_of(zero)
    for page in (zero, one, watcher):
        lines = log_of(page)
        assert not [line for line in lines if CARD_CODE.search(line)], lines
        assert any(re.search(r"(10|[2-9AJQK])[♠♥♦♣]", line) for line in lines), lines
    assert not [label for label in seen if CARD_CODE.search(label)], sorted(seen)
    for context in contexts:
        context.close()


# A table drawn from a view the test builds, with the page's kit and stylesheet (in a page of
# the server's origin), in the table's column of the game page's layout.
DRAW = """async ([game, view]) => {
    const kit = await import("/static/kit.js");
    const table = await import(`/tables/${game}.js`);
    const root = document.querySelector("#table");
    root.replaceChildren();
    const words = kit.viewWords ? kit.viewWords(view, table) : view;  // (the page's words)
    table.render(root, words, { kit, act: () => {}, seat: view.seat,
                                                      names: [] });
}"""


def draw(page, url: str, game: str, view: dict) -> None:
    if "/harness" not in page.url:
        html = (Path(warroom.server.__file__).parent / "static" / "game.html").read_text()
        html = re.sub(r'<script type="module" src="/static/game.js"></script>', "", html)
        page.route(f"{url}/harness", lambda route: route.fulfill(
            status=200, content_type="text/html", body=html))
        page.goto(f"{url}/harness")
    page.evaluate(DRAW, [game, view])


def states(game: str, seed: int, config=None):
    """A game played at random, as each position's state (the same object, moved on)."""
    g = get_game(game)
    state = g.new_state(g.config(config or {}), seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    yield state


def view_of(state, seat, terminal=False) -> dict:
    return {"observation": state.observation(seat), "seat": seat, "legal": [],
            "terminal": terminal}


def test_champions_says_what_strength_is_and_how_many_cards_are_left_to_flip(live_server,
                                                                              browser):
    """Audit (stop 46): the header's "Strength 73 - 62" said nothing of what it is, and a
    battle did not show how many cards each side had still to flip (`attacker_left`,
    `defender_left`). The strength is each seat's, with a tooltip and a line saying what it
    counts; a battle being flipped says each side's cards still to come (their number only)."""
    page = browser.new_page()
    flipping = next(s for s in states("champions", 7)
                    if (s.observation(0).get("battle") or {}).get("attacker_left"))
    obs = flipping.observation(0)
    draw(page, live_server.url, "champions", view_of(flipping, 0))
    strength = page.locator("#table .strength")
    one, two = obs["strength"]
    assert " ".join(strength.inner_text().split()) == f"Strength You {one} · Seat 1 {two}"
    key = page.locator(".strength-key")  # folded (stop 70): a phone's six lines each turn
    assert key.inner_text().strip() == "What Strength counts"
    key.locator("summary").click()
    for said in (strength.get_attribute("title"), key.inner_text()):
        assert "reinforcements on the table" in said and "turn limit" in said, said
    b = obs["battle"]
    counts = {b["attacker"]: len(b["attacker_left"]), b["defender"]: len(b["defender_left"])}
    words = {p: f"{'You' if p == 0 else 'Seat 1'} {n} card{'' if n == 1 else 's'}"
             for p, n in counts.items()}
    assert " ".join(page.locator(".still-to-flip").inner_text().split()) == (
        f"Still to flip: {words[b['attacker']]} · {words[b['defender']]}")
    # A card code of the battle's heading reads with its suit.
    heading = page.locator("#table h3", has_text="Battle:").inner_text()
    assert not CARD_CODE.search(heading), heading
    page.close()


def test_champions_hand_to_distribute_comes_first_on_a_phone(live_server, browser):
    """Audit (stop 46): on a phone the hand to distribute sat ~2,500 px down, under one
    battalion a row: there it is drawn above the battalions, near the top of the table."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    dealt = next(s for s in states("champions", 7) if s.observation(0).get("hand"))
    draw(page, live_server.url, "champions", view_of(dealt, 0))
    hand = page.locator("#table .panel", has_text="Your hand").bounding_box()
    first = page.locator("#table .battalion").first.bounding_box()
    assert hand["y"] < first["y"], (hand, first)
    assert hand["y"] < 700, hand  # on the first screen
    context.close()


def test_kow_says_no_fist_at_the_end_and_names_the_card_colour_as_suits(live_server, browser):
    """Audit (stop 46): at game over each seat still read "Fist: not chosen yet", and the tag
    "· RED"/"· BLACK" beside the red, white and blue dice read as a die's colour. The end says
    no fist; the tag names the side's card colour by its suits (the rules' RED/BLACK player,
    which breaks a tie in dice for the initiative), with a tooltip saying so."""
    page = browser.new_page()
    *_, end = states("kow", 5, {"victories_to_win": 1})
    draw(page, live_server.url, "kow", view_of(end, 0, terminal=True))
    text = page.locator("#table").inner_text()
    assert "not chosen yet" not in text, text
    heads = page.locator("#table .seat-area h4").all_inner_texts()
    colours = end.observation(0)["colours"]
    for head, seat in zip(heads, (1, 0), strict=True):
        suits = "♥♦" if colours[seat] == "red" else "♠♣"
        assert f"cards: {colours[seat]} suits {suits}" in head, head
        assert not re.search(r"\b(RED|BLACK)\b", head), head
    tip = page.locator("#table .side-colour").first.get_attribute("title")
    assert "initiative" in tip and "dice" in tip, tip
    page.close()


def test_viktory_explains_the_hits_and_misses_of_its_cards(live_server, browser):
    """Audit (stop 46): Viktory's cards read "Flank Counter 0H/1M plains" with no word of
    H and M: each card's tooltip says its hits, misses and terrain in words, and a line under
    the hand says what H, M and the terrain are."""
    page = browser.new_page()
    held = next(s for s in states("viktory", 3, {"mode": "cards"})
                if s.observation(0).get("hand"))
    obs = held.observation(0)
    draw(page, live_server.url, "viktory", view_of(held, 0))
    for c in obs["hand"]:
        m = re.match(r"^(.*) (\d+)H/(\d+)M (\w+)", c["desc"])
        tip = page.locator(f".tile[data-card={c['id']}]").get_attribute("title")
        assert f"{m.group(2)} hit" in tip and f"{m.group(3)} miss" in tip, tip
        assert f"in a battle on a {m.group(4)} hex all its hits are selective" in tip, tip
    assert "H: hits, M: misses" in page.locator("#card-key").inner_text()
    page.close()


def test_the_phone_header_shows_the_game_id(live_server, browser):
    """Audit (stop 46): on a phone the header cut off the game's title ("Battle (James W.
    Gray) · game ae6...") so its id never showed: the title shortens, the id shows whole."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    game_id = create_in_lobby(page, live_server.url, "battle", ["here", "random"])
    page.wait_for_selector("#table .panel")
    page.wait_for_function(f"document.querySelector('#title').textContent.includes({game_id!r})")
    clipped = page.evaluate("""(id) => {
        const title = document.querySelector("#title");
        const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
        let node;
        while ((node = walker.nextNode()) && !node.textContent.includes(id)) {}
        const range = document.createRange();
        const at = node.textContent.indexOf(id);
        range.setStart(node, at);
        range.setEnd(node, at + id.length);
        const r = range.getBoundingClientRect();
        const box = title.getBoundingClientRect();
        return [r.left, r.right, box.left, box.right, innerWidth];
    }""", game_id)
    left, right, box_left, box_right, width = clipped
    assert box_left - 0.5 <= left and right <= box_right + 0.5 and right <= width, clipped
    context.close()


def test_the_resign_question_is_on_screen_on_a_phone(live_server, browser):
    """Audit (stop 46): on a phone, after a tap on Resign the Yes/No question sat half off the
    bottom edge of the screen: it is scrolled into view."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    create_in_lobby(page, live_server.url, "battle", ["here", "random"])
    page.wait_for_selector("#resign")
    # The Resign button at the screen's bottom edge, as a person scrolling down finds it.
    page.evaluate("""() => {
        const r = document.querySelector("#resign").getBoundingClientRect();
        window.scrollTo(0, r.bottom + scrollY - innerHeight + 2);
    }""")
    page.locator("#resign").tap()
    page.wait_for_selector("#resign-yes")
    page.wait_for_timeout(300)
    box = page.evaluate("""() => {
        const r = document.querySelector("#resign-confirm").getBoundingClientRect();
        const top = document.querySelector("header").getBoundingClientRect().bottom;
        return [r.top, r.bottom, top, innerHeight];
    }""")
    top, bottom, header, height = box
    assert top >= header - 1 and bottom <= height + 1, box
    context.close()


def test_viktory_map_has_no_empty_space_round_its_hexes(live_server, browser, tmp_path):
    """Audit (stop 46, optional item 8): Viktory's map drew its hexes in a fixed box, most of
    it empty for a battle from one or two hex sides: the box now fits the hexes drawn."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    first = next(states("viktory", 3))
    draw(page, live_server.url, "viktory", view_of(first, 0))
    svg, hexes = page.evaluate("""() => {
        const svg = document.querySelector("#table svg.hex");
        const rects = [...svg.querySelectorAll("polygon")].map((p) => p.getBoundingClientRect());
        const r = svg.getBoundingClientRect();
        return [[r.width, r.height], [
          Math.max(...rects.map((q) => q.right)) - Math.min(...rects.map((q) => q.left)),
          Math.max(...rects.map((q) => q.bottom)) - Math.min(...rects.map((q) => q.top))]];
    }""")
    page.screenshot(path=str(tmp_path / "map.png"))
    assert hexes[0] >= 0.9 * svg[0] and hexes[1] >= 0.9 * svg[1], (svg, hexes)
    page.close()
