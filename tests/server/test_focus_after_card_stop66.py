"""Audit (stop 66): Viktory's single battle with the Battle Cards (scenario "reserves"). The
defender's choices were C23, C27, X09, "play X10 Ignore Terrain ... for its Special Event"
(action 3) and "pass (end the card battle round)" (action 4). The defender focused the X10 card
and pressed Enter: the event was played, and on the redrawn table the focus was on the pass
button, which now had the number 3. A second Enter passed and lost the card battle round.
(game.js focusAgain refocused an action's number whatever now had it.) The focus goes to a
playable card or the prompt, never to a thing of another kind that took the card's number."""

from __future__ import annotations

from test_a11y import FOCUS, press_and_wait
from test_browser import VERSIONS
from test_table_fixes import HERE, made_game

from warroom.engine import to_json
from warroom.games import get_game

OPTIONS = {"mode": "cards", "scenario": "reserves"}
# With this seed the attacker's move 4 plays A12 as an Attack and the defender's move 1 holds
# Overwatch back; the defender then has X10 at number 3 and, once it is played, pass at 3.
SEED, ATTACK, HOLD, X10 = 91, 4, 1, 3
PASS = "pass (end the card battle round)"


def test_the_engine_gives_the_card_s_number_to_pass_once_it_is_played():
    """The deal the browser test below stands on: what the defender's choices are."""
    game = get_game("viktory")
    state = game.new_state(game.config(OPTIONS), SEED)
    for seat, i in ((0, ATTACK), (1, HOLD)):
        state.apply(seat, state.legal_actions(seat)[i])
    before = state.legal_actions(1)
    assert str(before[X10].label).startswith("play X10 ")
    assert [to_json(a).get("card") for a in before].count("X10") == 1  # the card's one action
    assert str(before[X10 + 1].label) == PASS
    state.apply(1, before[X10])
    assert state.to_move() == (1,)
    assert str(state.legal_actions(1)[X10].label) == PASS


def test_enter_on_a_card_whose_number_goes_to_pass_does_not_leave_the_focus_on_pass(
        seeded_server, browser):
    attacker = browser.new_page()
    made = made_game(attacker, seeded_server.url, "viktory", [HERE, HERE], OPTIONS, SEED)
    link = f"{seeded_server.url}/game/{made['id']}#t="
    attacker.goto(link + made["seats"][0]["token"])
    card = attacker.locator(f'#table .playable[data-action="{ATTACK}"]')
    assert card.get_attribute("title").startswith("play A12 ")
    card.click()

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script(VERSIONS)
    page.goto(link + made["seats"][1]["token"])
    hold = page.locator(f'#table button[data-action="{HOLD}"]')
    assert hold.inner_text() == "hold Overwatch back"
    hold.click()
    x10 = page.locator(f'#table .playable[data-action="{X10}"]')
    assert x10.get_attribute("title").startswith("play X10 ")
    assert page.locator(f'#table button[data-action="{X10 + 1}"]').inner_text() == PASS
    x10.focus()
    press_and_wait(page)
    assert page.locator('#table .playable[title^="play X10 "]').count() == 0  # played
    assert page.locator(f'#table button[data-action="{X10}"]').inner_text() == PASS
    focus = page.evaluate(FOCUS)
    assert focus is not None, "the focus was lost"
    on = page.evaluate("document.activeElement.textContent")
    assert on != PASS, "Enter again would pass and lose the card battle round"
    assert focus["playable"] or focus["id"] == "prompt", (focus, on)
    assert not errors, errors
    attacker.close()
    page.close()
