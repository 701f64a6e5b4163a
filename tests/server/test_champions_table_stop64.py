"""The Champions browser table as an audit (stop 64) of two friends on two phones found it: what
the frame carries but the table did not show (a tie's pair, the open piles, the opponent's
distribution), a Medic declined with no line in the log, an empty heading, and cards to tap
smaller than a finger.

Each test draws the real table (`/tables/champions.js`, with the page's kit and stylesheet) on
a phone from a frame the server would send (`view_frame`) of a position of a random game."""

from __future__ import annotations

from test_browser_table_words import PHONE, draw, states

from warroom.games.champions import GAME
from warroom.games.champions.actions import Decline
from warroom.server.live import view_frame

NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def position(test, seeds=range(60), config=None):
    """The first position of a random game (seed by seed) where `test(state, seat)` holds, and
    that seat."""
    for seed in seeds:
        for state in states("champions", seed, config):
            seat = next((s for s in (0, 1) if test(state, s)), None)
            if seat is not None:
                return state, seat
    raise AssertionError("no such position in the games played")


def phone_page(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(5000)  # what is drawn is there at once: a missing part fails
    return context, context.new_page()


def shown(page, url: str, state, seat: int) -> None:
    draw(page, url, "champions", view_frame(GAME, state, seat, 0, "x"))


def suited(code: str) -> str:
    return code[:-1] + SUITS[code[-1]]


def test_a_tied_pair_is_shown_in_the_battle_panel_above_the_roshambo(live_server, browser):
    """Audit (stop 64): during a tie's Roshambo the battle panel listed the settled pairs and
    "Still to flip" only; the tied cards (`battle.pair`, which the terminal prints as "tied
    pair: 7D vs 7S") were in the log alone. The panel shows both cards under their owners' names,
    and the Roshambo's buttons follow it."""
    state, seat = position(lambda s, seat: seat in s.to_move()
                           and (s.observation(seat).get("roshambo") or {}).get("purpose") == "tie")
    b = state.observation(seat)["battle"]
    context, page = phone_page(browser)
    shown(page, live_server.url, state, seat)
    pair = page.locator("#table .tied-pair .pile")
    assert pair.count() == 2
    for k, owner in enumerate((b["attacker"], b["defender"])):
        assert pair.nth(k).locator(".card").get_attribute("data-card") == b["pair"][k]
        assert pair.nth(k).locator("small").inner_text() == ("You" if owner == seat
                                                             else f"Seat {owner}")
    tied = page.locator("#table .tied-pair").bounding_box()
    rock = page.locator("#table button.act", has_text="rock").bounding_box()
    assert tied["y"] < rock["y"] < tied["y"] + tied["height"] + 150, (tied, rock)
    assert page.evaluate(NO_SIDEWAYS)
    context.close()


def test_casualties_and_turned_in_face_cards_are_listed(live_server, browser):
    """Audit (stop 64): the casualty piles (face up; the Medic revives the latest) showed as a
    count, "Seat 0 · casualties: 3", and the face cards turned in nowhere. Each pile's cards are
    listed, latest last, and the face cards turned in."""
    state, seat = position(lambda s, seat: seat == 0 and s.turned_in
                           and all(len(c) >= 2 for c in s.casualties))
    obs = state.observation(seat)
    context, page = phone_page(browser)
    shown(page, live_server.url, state, seat)
    for area, p in zip(page.locator("#table .seat-area").all(), (1 - seat, seat), strict=True):
        said = area.locator(".casualties").inner_text()
        lost = obs["casualties"][p]
        assert said == f"Casualties ({len(lost)}, latest last): " \
            + " ".join(map(suited, lost)), said
    # (each side's under its name since stop 67: test_champions_turned_in_stop67)
    said = " ".join(page.locator("#table .turned-in").all_inner_texts())
    assert all(suited(c) in said for c in obs["turned_in"]), said
    assert page.evaluate(NO_SIDEWAYS)
    context.close()


def test_the_opponents_distribution_says_how_many_and_whether_it_is_done(live_server, browser):
    """Audit (stop 64): while both distributed, each of the opponent's face cards said "hidden",
    with no count, though the frame has `to_distribute` and `distributed`. The opponent's side
    says how many reinforcements it places and whether it has finished; its cards stay hidden."""
    context, page = phone_page(browser)
    for done in (False, True):
        state, seat = position(lambda s, seat, done=done: s.phase == "distribute"
                               and bool(s.hands[seat]) and bool(s.hands[seat][1:])
                               and (not s.hands[1 - seat]) == done)
        obs = state.observation(seat)
        shown(page, live_server.url, state, seat)
        theirs, mine = page.locator("#table .seat-area").all()
        total = obs["to_distribute"][1 - seat]
        assert theirs.locator(".distributing").inner_text() == (
            f"All {total} reinforcements placed" if done
            else f"{total} reinforcements, still being placed")
        assert mine.locator(".distributing").inner_text() == (
            f"{len(obs['hand'])} of {obs['to_distribute'][seat]} reinforcements still to place")
        faces = [cmd for cmd, _ in obs["tables"][1 - seat]]
        assert sorted(theirs.evaluate("(e) => [...e.querySelectorAll('[data-card]')]"
                                      ".map((c) => c.dataset.card)")) == sorted(faces)
        assert page.evaluate(NO_SIDEWAYS)
    context.close()


def test_a_declined_medic_has_a_line_in_the_log():
    """Audit (stop 64): the Medic offered and declined left no line in the log: the opponent
    could not tell it had been offered and refused. Declined, the log says so, to both seats."""
    state, seat = position(lambda s, seat: s.phase == "medic" and seat in s.to_move())
    card, queen = state.casualties[seat][-1], state.battle.att_cmd
    state.apply(seat, Decline())
    for viewer in (seat, 1 - seat, None):
        lines = view_frame(GAME, state, viewer, 0, "x", whole_log=True)["log"]
        assert f"Medic: player {seat} declines to revive {card} on {queen}" in lines, lines[-4:]


def test_no_empty_cards_to_order_heading_once_all_are_ordered(live_server, browser):
    """Audit (stop 64): after ordering every card, "YOUR CARDS TO ORDER" stayed up over nothing
    while the other seat ordered."""
    state, seat = position(lambda s, seat: s.phase == "order" and s.battle.ordered(seat))
    context, page = phone_page(browser)
    shown(page, live_server.url, state, seat)
    text = page.locator("#table").text_content().lower()
    assert "your order" in text and "your cards to order" not in text, text
    context.close()


def test_the_cards_tapped_for_the_spy_and_the_general_are_a_finger_wide(live_server, browser):
    """Audit (stop 64): the reinforcements tapped to pick or swap for the Spy, and the General's
    picks, were 34x48 px on a 390 px phone, under a finger's 44 px; a battalion of twelve
    such cards still runs on no wider than the screen."""
    context, page = phone_page(browser)
    for phase in ("spy", "general"):
        state, seat = position(lambda s, seat, phase=phase: s.phase == phase
                               and seat in s.to_move())
        if phase == "spy":  # one battalion of all but one of the opponent's cards
            theirs = state.tables[1 - seat]
            held = [cmd for cmd, cards in theirs.items() if cards]
            pool = [c for cmd in held for c in theirs.pop(cmd)]
            theirs.update({held[0]: pool[:-1], held[1]: pool[-1:]})
        shown(page, live_server.url, state, seat)
        sizes = page.evaluate("""() => [...document.querySelectorAll(
            '#table .battalion .row .card.playable')].map((e) => {
              const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); })""")
        assert len(sizes) >= 2 and min(sizes) >= 44, (phase, sizes)
        assert page.evaluate(NO_SIDEWAYS), phase
    context.close()
