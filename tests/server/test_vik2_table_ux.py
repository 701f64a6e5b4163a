"""The Viktory II table: the defects of a player's audit of its words and its drawing (the last
battle's outcome, the cards' abbreviations, the battle's line against the legal actions, the
unit selected, menus and badges on a phone, the pennant's colour, the seats' names), each
pinned, drawn with the real table module from frames the server would send (`view_frame`)."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_vik2_table import PHONE, battle_at_e5, frame, harness, piece, position, show, take

from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF


def fought_out(state) -> None:
    """Play the battle under way to its end: each decision's first choice (fight on, launch,
    the first casualty, the first card)."""
    for _ in range(60):
        if not state.observation(0)["battle"]:
            return
        player = state.to_move()[0]
        legal = state.legal_actions(player)
        on = [a for a in legal if "retreat" not in str(getattr(a, "label", a))
              and "call off" not in str(getattr(a, "label", a))]
        state.apply(player, (on or legal)[0])
    raise AssertionError("the battle did not end")


def small_battle(tmp_path, **options):
    """Player 0's infantry on D5 attacks player 1's on E5 (nothing else may join), fought to
    its end."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("D5", 0, infantry=2),
        piece("G4", 1, "city", True), piece("G1", 1, "town"), piece("E5", 1, infantry=1),
    ], **options)
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    take(state, Fight, hex="E5")
    fought_out(state)
    return state


def test_the_last_battle_shows_who_won_what_was_lost_and_the_dice(live_server, browser,
                                                                    tmp_path):
    """Defect 1: a battle that ended (in one round: nothing to decide) left only log lines.
    Beside the map a box tells the last battle of the turn: who won, the losses, each roll's
    dice with the ones that hit and what a die needed to hit, and what "selective" and
    "supply" mean; it closes, and stays closed."""
    state = small_battle(tmp_path)
    view = frame(state, 0)
    assert state.observation(0)["battle"] is None
    [result] = [line for line in view["log"] if line.startswith("Battle at E5:")]
    rolls = [line for line in view["log"] if " rolls " in line]
    assert rolls
    context, page, errors = harness(browser, live_server.url, PHONE)
    show(page, view)
    box = page.locator("#v2-last-battle")
    expect(box).to_be_visible()
    text = box.inner_text()
    assert "Battle at E5" in text, text
    winner = re.search(r"player (\d) \(the (attacker|defender)\) wins", result)
    who = "You win" if winner.group(1) == "0" else "Seat 1 wins"
    assert f"{who} (the {winner.group(2)})" in text, (text, result)
    assert "You lost " in text and "; Seat 1 lost " in text, text
    # each roll's dice, those that hit marked, with what a die needed (a long battle's
    # earlier rounds folded away)
    for fold in box.locator("details").all():
        fold.locator("summary").click()
    lines = box.locator(".v2-roll")
    assert lines.count() == len(rolls)
    for k, line in enumerate(rolls):
        m = re.search(r"rolls \w+: ([\d ]+) -> (\d+) hits?", line)
        dice = [int(d) for d in m.group(1).split()]
        row = lines.nth(k)
        assert [int(t) for t in row.locator("svg.die text").all_text_contents()] == dice
        assert row.locator("svg.die.hit").count() == int(m.group(2))
        assert re.search(r"hits on 1-[34]", row.inner_text()), row.inner_text()
    assert "selective hit" in text and "combat supply" in text
    # the map and the box are both on a phone's screen width
    assert box.bounding_box()["width"] <= PHONE["width"]
    close = box.locator("button.v2-close").bounding_box()  # a finger's size (stop 80: 33 px)
    assert close["width"] >= 44 and close["height"] >= 44, close
    box.locator("button.v2-close").click()
    expect(box).to_have_count(0)
    show(page, view)  # the next frame of the same turn: still closed
    expect(page.locator("#v2-last-battle")).to_have_count(0)
    # The defender's seat sees it too, in its own words.
    show(page, frame(state, 1))
    other = page.locator("#v2-last-battle").inner_text()
    assert "Seat 0 lost " in other and "; You lost " in other, other
    assert not errors, errors
    context.close()


def test_a_battle_being_fought_says_what_its_dice_hit_on(live_server, browser, tmp_path):
    """Defect 1: "in supply" / "no supply" beside a side's dice said nothing of what a die
    needs: the battle panel says what it hits on."""
    state = battle_at_e5(tmp_path)
    take(state, Fight, hex="E5")
    context, page, errors = harness(browser, live_server.url)
    show(page, frame(state, 0))
    sides = page.locator("#v2-battle .side small").all_text_contents()
    assert all(re.search(r"\d+ dic?e? hits? on 1-[34]", s) for s in sides), sides
    assert not errors, errors
    context.close()


def test_a_card_in_the_hand_explains_its_hits_misses_and_terrain(live_server, browser,
                                                                  tmp_path):
    """Defect 2: a card read "Regular Attack 2H/0M mountain" with the tooltip "A04". Its
    tooltip and its accessible name say its hits and misses and what its terrain does (all
    its hits selective in a battle on a hex of that terrain), and a line under the hand says
    what H, M and the terrain are."""
    state = battle_at_e5(tmp_path, mode="cards")
    context, page, errors = harness(browser, live_server.url)
    view = frame(state, 0)
    show(page, view)
    for c in view["observation"]["hand"]:
        m = re.match(r"^(.*) (\d+)H/(\d+)M (\w+)", c["desc"])
        card = page.locator(f".tile[data-card={c['id']}]")
        for where in (card.get_attribute("title"), card.get_attribute("aria-label")):
            assert f"{m.group(2)} hit" in where and f"{m.group(3)} miss" in where, where
            assert (f"terrain {m.group(4)}: in a battle on a {m.group(4)} hex all its hits are "
                    "selective") in where, where
    assert "H: hits, M: misses" in page.locator("#v2-card-key").inner_text()
    # A card that plays (an Attack card in the battle) keeps its action's name first.
    take(state, Fight, hex="E5")
    view = frame(state, 0)
    show(page, view)
    attack = next(e for e in view["legal"] if e["action"].get("use") == "attack")
    card = page.locator(f".tile[data-card={attack['action']['card']}]")
    assert card.get_attribute("aria-label").startswith(attack["label"])
    assert "all its hits are selective" in card.get_attribute("aria-label")
    assert not errors, errors
    context.close()


def test_moving_in_with_no_attack_card_is_not_told_to_click_one(live_server, browser,
                                                                 tmp_path):
    """Defect 3: the battle's line offered "or click an Attack card" (and the page's prompt
    "or call off the attack") where the one choice was to move in without an Attack card. The
    battle's line says what the legal actions are."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("D5", 0, infantry=1),
        piece("G4", 1, "city", True), piece("E5", 1, "town"),
    ], mode="cards")
    state.pool.deck.extend(state.pool.hands[0])  # no card to attack with
    state.pool.hands[0].clear()
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    take(state, Fight, hex="E5")
    view = frame(state, 0)
    if state.observation(0)["battle"] is None:
        raise AssertionError("the move into the empty town asked nothing")
    labels = [e["label"] for e in view["legal"]]
    assert labels == ["move in without an Attack card"], labels
    context, page, errors = harness(browser, live_server.url)
    show(page, view)
    now = page.locator("#v2-battle-now").inner_text()
    assert "move in" in now and "Attack card" in now and "click" not in now, now
    assert not errors, errors
    context.close()


def test_the_unit_selected_is_named_with_where_it_can_go(live_server, browser, tmp_path):
    """Defect 4: once a unit was selected, nothing by the map said which, nor where it may
    go (the prompt still asks to choose a unit). A line above the map says both, from the
    legal actions."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("E4", 0, infantry=2),
        piece("G4", 1, "city", True), piece("G1", 1, "town"), piece("E5", 1, infantry=1),
    ])
    context, page, errors = harness(browser, live_server.url)
    show(page, frame(state, 0))
    expect(page.locator("#v2-moving")).to_have_count(0)
    take(state, SelectUnit, hex="E4", unit=INF)
    view = frame(state, 0)
    show(page, view)
    text = page.locator("#v2-moving").inner_text()
    assert text.startswith("Selected: your infantry on E4, 2 moves left."), text
    assert "attack E5" in text, text
    steps = [e["action"]["where"] for e in view["legal"] if e["action"]["type"] == "Step"
             and e["action"]["kind"] == "move"]
    assert f"move to {', '.join(steps)}" in text, (text, steps)
    show(page, frame(state, 1))  # the other seat: no such line
    expect(page.locator("#v2-moving")).to_have_count(0)
    assert not errors, errors
    context.close()


def test_a_menu_near_the_bottom_of_a_phone_stays_on_the_screen(live_server, browser,
                                                                tmp_path):
    """Defect 5: on a phone a hex's menu opened near the bottom of the screen ran past its
    edge. It opens above the hex then (kit.js places every table's menus)."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("G3", 0, infantry=1),
        piece("G2", 0, infantry=1), piece("G4", 1, "city", True), piece("C3", 1, "town"),
    ])
    take(state, SelectUnit, hex="G3", unit=INF)
    context, page, errors = harness(browser, live_server.url, PHONE)
    show(page, frame(state, 0))
    g2 = page.locator("svg.v2map .hex-cell[data-name=G2]")
    assert len(g2.get_attribute("data-action").split()) > 1  # move there, or select its unit
    # the hex at the bottom of the screen
    page.evaluate("""() => {
      const r = document.querySelector('svg.v2map .hex-cell[data-name=G2]').getBoundingClientRect();
      window.scrollBy(0, r.bottom - window.innerHeight + 4);
    }""")
    g2.dispatch_event("click")
    menu = page.locator(".menu")
    expect(menu).to_have_count(1)
    r = menu.evaluate("(m) => m.getBoundingClientRect().toJSON()")
    assert r["top"] >= 0 and r["bottom"] <= PHONE["height"], r
    assert not errors, errors
    context.close()


def test_large_unit_badges_stay_inside_their_hex(live_server, browser, tmp_path):
    """Defect 5: a badge of many units ("⚔8♟3♞2✹") was wider than its hex and ran over the
    next ones. It is at most as wide as the hex's bottom half, its text inside it."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("E4", 0, infantry=1),
        piece("G4", 1, "city", True), piece("G1", 1, "town"),
    ])
    view = frame(state, 0)
    for unit in view["observation"]["units"]:
        if unit[1] == 0:
            unit[2] = [8, 3, 2, 0]
    context, page, errors = harness(browser, live_server.url, PHONE)
    show(page, view)
    sizes = page.evaluate("""() => {
      const g = document.querySelector('svg.v2map .hex-cell[data-name=E4]');
      const hex = g.querySelector('polygon.ground').getBBox();
      const rect = g.querySelector('rect.badge').getBBox();
      const text = [...g.querySelectorAll('text')].find((t) => t.textContent.includes('♟'));
      const box = text.getBBox();
      return { hex: hex.width, rect: rect.width, rectX: rect.x, text: box.width, textX: box.x };
    }""")
    assert sizes["rect"] <= 0.8 * sizes["hex"], sizes
    assert sizes["text"] <= sizes["rect"] + 0.5, sizes
    assert not errors, errors
    context.close()


def test_the_pennant_and_the_marks_draw_in_the_legends_colours(live_server, browser, tmp_path):
    """Defect 6: the pennant ⚑ drew white (the stylesheet's white for the map's text won over
    its gold), where the legend says gold; so did the capital's star and the attack's ⚔."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("D5", 0, infantry=1),
        piece("G4", 1, "city", True), piece("G1", 1, "town"), piece("E5", 1, infantry=1),
    ])
    view = frame(state, 0)
    view["observation"]["pennants"] = [view["observation"]["units"][0][0]]
    view["observation"]["battles"] = [{"hex": 26, "attacker": 0, "sides": [], "bombard": []}]
    context, page, errors = harness(browser, live_server.url)
    show(page, view)
    fill = "(t) => getComputedStyle(t).fill"
    gold, red = "rgb(255, 226, 122)", "rgb(255, 107, 90)"
    marks = page.locator("svg.v2map text.mark")
    seen = {}
    for k in range(marks.count()):
        seen.setdefault(marks.nth(k).text_content(), set()).add(marks.nth(k).evaluate(fill))
    assert seen["⚑"] == {gold} and seen["★"] == {gold} and seen["⚔"] == {red}, seen
    legend = page.locator(".v2-legend b")
    colours = {b.text_content(): b.evaluate("(b) => getComputedStyle(b).color")
               for b in legend.all()}
    assert colours == {"★": gold, "⚔": red, "⚑": gold}, colours
    assert not errors, errors
    context.close()


def test_actions_name_the_seats_as_the_panels_do(live_server, browser, tmp_path):
    """Defect 7: a hex's actions read "attack E5 (player 1: 1 infantry)" and "player 1's
    town" where the panels and the log say "Seat 1". The table names them "Seat 1" too."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("E4", 0, infantry=1),
        piece("G4", 1, "city", True), piece("E5", 1, "town", infantry=1),
    ])
    take(state, SelectUnit, hex="E4", unit=INF)
    view = frame(state, 0)
    assert any("player 1" in e["label"] for e in view["legal"])
    context, page, errors = harness(browser, live_server.url)
    show(page, view)
    e5 = page.locator("svg.v2map .hex-cell[data-name=E5]")
    words = (e5.get_attribute("aria-label") or "") + e5.locator("title").text_content()
    assert "Seat 1" in words and "player 1" not in words.lower(), words
    assert not errors, errors
    context.close()


def test_the_battles_rolls_and_result_are_read_as_data_not_from_the_log(live_server, browser,
                                                                      tmp_path):
    """Audit (stop 49): the table read the rolls, hits, rounds and the last battle's result
    back out of the log's English lines with regexes: a line reworded in Python emptied the
    last battle's box and the battle panel's dice. They come from the observation
    (`last_battle`, the battle's `rolls`): with every log line reworded the table shows the
    same dice, hits and result."""
    def reworded(view: dict) -> dict:
        return {**view, "log": [f"(reworded) {line.upper()}" for line in view["log"]]}

    def dice_of(box) -> list[list[int]]:
        for fold in box.locator("details").all():
            fold.locator("summary").click()
        return [[int(t) for t in row.locator("svg.die text").all_text_contents()]
                for row in box.locator(".v2-roll").all()]

    state = small_battle(tmp_path)
    view = frame(state, 0)
    last = view["observation"]["last_battle"]
    rolls = [r["dice"] for r in last["course"] if "dice" in r]
    assert rolls
    context, page, errors = harness(browser, live_server.url)
    show(page, reworded(view))
    box = page.locator("#v2-last-battle")
    expect(box).to_be_visible()
    assert dice_of(box) == rolls
    assert f"Battle at {last['where']}" in box.inner_text()
    won = "You win" if last["winner"] == "attacker" else "Seat 1 wins"
    assert f"{won} (the {last['winner']})" in box.inner_text()
    # the battle being fought: the dice of its round just rolled
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("D5", 0, infantry=3),
        piece("G4", 1, "city", True), piece("G1", 1, "town"), piece("E5", 1, infantry=2),
    ])
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    take(state, Fight, hex="E5")
    for _ in range(20):
        battle = state.observation(0)["battle"]
        if battle and battle["rolls"] and state.to_move():
            break
        player = state.to_move()[0]
        state.apply(player, [a for a in state.legal_actions(player)
                             if "retreat" not in str(a)][0])
    show(page, reworded(frame(state, 0)))
    box = page.locator("#v2-battle-rolls")
    expect(box).to_be_visible()
    assert dice_of(box) == [r["dice"] for r in battle["rolls"]]
    assert box.locator("svg.die.hit").count() == sum(r["hits"] for r in battle["rolls"])
    assert not errors, errors
    context.close()
