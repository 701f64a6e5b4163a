"""Audit (stop 63): a person playing Viktory II alone against the AI in the browser. The battle
panel in cards mode, the discard pile and the page's scroll after the starting tiles; drawn
with the real table module from frames the server would send (`view_frame`), or played
through the server as a person does."""

from __future__ import annotations

from playwright.sync_api import expect
from test_browser import ANSWERS
from test_vik2_table import frame, harness, piece, position, show, take

from warroom.games.viktory_battles.actions import PlayCard
from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF


def cards_battle(tmp_path):
    """Player 0's one infantry from D5 attacks player 1's on E5 in cards mode, with a 2-hit
    Attack card in hand, at its first wave; a card lies on the discard pile."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("D5", 0, infantry=1),
        piece("G4", 1, "city", True), piece("E5", 1, infantry=1),
    ], mode="cards")
    pool, cards = state.pool, state.cards
    attack = next(c for c in reversed(pool.deck) if cards[c].can_attack and cards[c].hits >= 2
                  and not cards[c].special_event)
    pool.deck.remove(attack)
    pool.hands[0].append(attack)
    pool.discard.append(pool.deck.pop())
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    take(state, Fight, hex="E5")
    assert state.observation(0)["battle"]["decision"] == "wave"
    return state, attack


def test_cards_mode_says_how_many_of_a_cards_hits_can_count(live_server, browser, tmp_path):
    """Audit (stop 63): in cards mode the battle panel never said that a card lands at most as
    many hits as its player's dice: a 2-hit Attack card from one infantry (one die) landed 1
    hit, and the panel showed only "You attack: 1 infantry from C3". Each side says its cap
    before a card is chosen, and a card whose hits it cut says so."""
    state, attack = cards_battle(tmp_path)
    context, page, errors = harness(browser, live_server.url)
    show(page, frame(state, 0))
    sides = page.locator("#v2-battle .side small").all_text_contents()
    assert len(sides) == 2 and all("1 die: a card lands at most 1 hit" in s for s in sides), sides
    player = state.to_move()[0]
    [play] = [a for a in state.legal_actions(player)
              if type(a) is PlayCard and a.card == attack and a.use == "attack"]
    state.apply(player, play)
    battle = state.observation(1)["battle"]
    assert battle["decision"] == "play" and battle["pending"] == 1, battle
    hits = state.cards[attack].hits
    for seat, facing in ((1, "you"), (0, "Seat 1")):
        show(page, frame(state, seat))
        text = page.locator("#v2-battle-cards").inner_text()
        assert f"{attack} " in text and f"{hits} hits cut to 1: a card lands at most its " \
            "player's dice" in text, text
        assert f"Live hits against {facing}: 1" in text, text
    assert not errors, errors
    context.close()


def test_the_top_discard_is_drawn_face_up(live_server, browser, tmp_path):
    """Audit (stop 63): the discard pile was drawn as a red card back beside "top of the
    discards: C02"; the top discard is public. It is drawn face up: its id, and what it is
    when it was played in the battle under way."""
    state, attack = cards_battle(tmp_path)
    top = state.pool.discard[-1]
    context, page, errors = harness(browser, live_server.url)
    show(page, frame(state, 0))
    pile = page.locator(".pile", has_text="Discards: 1")
    expect(pile.locator(".card.back")).to_have_count(0)
    expect(pile.locator(f".tile[data-card={top}]")).to_have_count(1)
    player = state.to_move()[0]
    state.apply(player, next(a for a in state.legal_actions(player)
                             if type(a) is PlayCard and a.card == attack))
    show(page, frame(state, 0))
    face = page.locator(".pile", has_text="Discards: 2").locator(f".tile[data-card={attack}]")
    expect(face).to_contain_text(state.cards[attack].short())
    assert not errors, errors
    context.close()


def test_the_question_is_in_sight_after_the_last_starting_tile(live_server, browser):
    """Audit (stop 63): after the last starting tile was placed (from the drawn tiles' panel,
    under the map, scrolled down to) the page stayed scrolled where that panel had been: the
    prompt "Your move: Place your capital" and most of the first hex to play were above the
    screen. Both are in sight once the panel goes."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script(ANSWERS)
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "viktory-ii", "options": {"radius": 2, "mode": "cards"},
        "seats": [{"kind": "here"}, {"kind": "random"}]}).json()
    page.goto(f"{live_server.url}/game/{made['id']}#t={made['seats'][0]['token']}")
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("Place a drawn tile")
    scrolled = []  # the page's scroll as each drawn tile is placed
    for _ in range(20):
        page.wait_for_function("window.testAnswers.settled() && (document.querySelector("
                               "'.v2-tiles .tile') || /Place your capital/.test("
                               "document.querySelector('#prompt').textContent))")
        if "Place your capital" in prompt.inner_text():
            break
        page.evaluate("document.querySelector('#table').firstElementChild"
                      ".setAttribute('data-old', '')")
        chip = page.locator(".v2-tiles .tile").first
        chip.scroll_into_view_if_needed()  # the panel is under the map
        scrolled.append(page.evaluate("scrollY"))
        chip.click()
        page.wait_for_function("!document.querySelector('#table [data-old]')")
    expect(prompt).to_contain_text("Place your capital")
    assert scrolled and scrolled[-1] > 0, scrolled  # the last placed scrolled down to it
    header = page.locator("header.top").bounding_box()
    box = prompt.bounding_box()
    hexes = page.locator("#table svg.v2map .hex-cell.playable").first.bounding_box()
    top = header["y"] + header["height"]
    assert box["y"] >= top - 1 and hexes["y"] >= top - 1, (header, box, hexes)
    assert hexes["y"] + hexes["height"] <= 800, hexes
    assert not errors, errors
    context.close()
