"""The browser table at a game's end, as friends played Word & Iron on a laptop and a phone:
the result says why the game ended, in the log's words; on a phone it comes into sight when the
game ends; and the note on a claimed seat's address goes once it has been read."""

from __future__ import annotations

import random

from playwright.sync_api import expect
from test_browser import ANSWERS, click_something, table_words
from test_table_fixes import HERE, made_game

from conftest import LiveServer
from warroom.agents import HeuristicAgent
from warroom.engine import PlayerView
from warroom.games import get_game

PHONE = {"width": 390, "height": 844}
CLAIMED = ("This seat is yours: the invite link opens it no more, this page's address does. "
           "Bookmark it (or copy it) to come back from another browser or device.")
# Two Word & Iron games the heuristic plays to their end, as the audit's games ended: seat 0's
# own card's cost takes its last soldier ("You 0 · Seat 1 115", seat 0 to make the last
# move), and seat 0 takes seat 1's king hostage while seat 1's realm has no use left to ransom
# it (seat 1 ahead on army ranks, 655 to 585).
OWN_CARD = ("word-iron", {}, 34)
HOSTAGE = ("word-iron", {"realm_size": 1, "capture_needs_no_royal_guards": False}, 28)


def played(page, server: LiveServer, game: str, options: dict, seed: int,
           last_left: bool = False) -> tuple[dict, int | None]:
    """A game of two people's seats made on `server` and played by the heuristic through the
    served game (each move stored, as a page's is) to its end, or with `last_left` to the
    move that ends it: the game as made (its id, the seats' tokens), and the seat whose move
    that is, left to make (None when played to the end)."""
    rules = get_game(game)
    made = made_game(page, server.url, game, [HERE, HERE], options, seed=seed)
    served = server.app.state.server
    live = served.games[made["id"]]
    agents = [HeuristicAgent(rules, seed * 10 + p) for p in range(2)]
    while not live.over():
        seat = live.state.to_move()[0]
        action = agents[seat].act(PlayerView(live.state, seat, rules))
        trial = live.state.clone()
        trial.apply(seat, action)
        if last_left and trial.is_terminal():
            return made, seat
        live.apply(served.store, seat, action)
    return made, None


def closing_lines(server: LiveServer, game_id: str, viewer: int | None) -> list[str]:
    """The last two lines of `viewer`'s log, as the game describes its events (the terminal's
    and the log's words), in the table's words."""
    live = server.app.state.server.games[game_id]
    lines = [live.game.describe_event(e) for e in live.state.visible_log(viewer)]
    return [table_words(line, viewer) for line in lines if line][-2:]


def seat_page(browser, url: str, made: dict, seat: int | None, viewport=None):
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900},
                                  has_touch=viewport is not None)
    page = context.new_page()
    page.add_init_script(ANSWERS)
    token = "" if seat is None else f"#t={made['seats'][seat]['token']}"
    page.goto(f"{url}/game/{made['id']}{token}")
    return context, page


def test_a_word_iron_result_says_why_the_game_ended_and_where_the_prize_went(db, browser):
    """Audit (stop 68): the result panel read "You lose - seat 1 wins · Army ranks standing:
    You 0 · Seat 1 115 · army destroyed", where the loser's own card's cost had taken its
    last spearman, and "You lose · Army ranks standing: You 465 · Seat 1 295 · royal not
    ransomed", the loser far ahead on the one number shown; neither said who got the prize.
    The panel now gives the log's closing lines (the game's end event and the one that
    brought it about), from the viewer's own log, in the table's words, and the scores that
    did not decide the game say so. A served store, opened after a restart, says the same."""
    maker = browser.new_page()
    with LiveServer(db, ai_processes=0, allow_seed=True) as server:
        games = [played(maker, server, *case)[0] for case in (OWN_CARD, HOSTAGE)]
        said = {(g["id"], seat): closing_lines(server, g["id"], seat)
                for g in games for seat in (0, 1, None)}
    own_card, hostage = games
    with LiveServer(db, ai_processes=0) as server:  # the games, served from their store
        context, page = seat_page(browser, server.url, own_card, 0)
        expect(page.locator("#headline")).to_have_text("You lose - seat 1 wins")
        reason = page.locator("#result #reason p")
        expect(reason).to_have_text(said[own_card["id"], 0])
        expect(reason.first).to_contain_text("its own card destroys its army")
        expect(reason.last).to_have_text(
            "Battle over (army destroyed): seat 1 wins; an agreed card goes to seat 1")
        expect(page.locator("#scores")).to_have_text("Army ranks standing: You 0 · Seat 1 115")
        context.close()
        for seat in (1, None):
            context, page = seat_page(browser, server.url, hostage, seat)
            expect(page.locator("#headline")).to_have_text(
                "You lose - seat 0 wins" if seat == 1 else "Seat 0 wins")
            reason = page.locator("#result #reason p")
            expect(reason).to_have_text(said[hostage["id"], seat])
            you = " (you)" if seat == 1 else ""
            expect(reason.first).to_have_text(f"Seat 0 takes the king of seat 1{you} hostage")
            realm = "your realm" if seat == 1 else "seat 1's realm"
            expect(reason.last).to_have_text(  # (the realm's words: stop 70)
                f"Battle over (royal not ransomed: {realm} has no resource with a use left): "
                "seat 0 wins; an agreed card goes to seat 0")
            expect(page.locator("#scores")).to_have_text(
                f"Army ranks standing: Seat 0 585 · {'You' if seat == 1 else 'Seat 1'} 655 "
                "(not what decided the game)")
            context.close()
    maker.close()


def test_a_kings_of_war_result_still_reads_right(seeded_server, browser):
    """Audit (stop 68): the new closing lines in another game's panel: Kings of War's result
    says the round that decided it and the Victories, the scores that decided it without a
    word more, and no bare reason ("first to 1 Victories") beside them."""
    maker = browser.new_page()
    made, _ = played(maker, seeded_server, "kow", {"victories_to_win": 1}, seed=2)
    outcome = maker.request.get(f"{seeded_server.url}/api/games/{made['id']}").json()["outcome"]
    (winner,) = outcome["winners"]
    context, page = seat_page(browser, seeded_server.url, made, 0)
    expect(page.locator("#headline")).to_have_text(
        "You win" if winner == 0 else "You lose - seat 1 wins")
    reason = page.locator("#result #reason p")
    lines = closing_lines(seeded_server, made["id"], 0)
    expect(reason).to_have_text(lines)
    assert lines[0].startswith("Round ") and " wins the round " in lines[0], lines
    assert lines[1] == f"Game over: Victories {'1-0' if winner == 0 else '0-1'}", lines
    expect(page.locator("#scores")).to_have_text(
        f"Victories: You {1 - winner} · Seat 1 {winner}")
    assert "first to 1 Victories" not in page.locator("#result").inner_text()
    context.close()
    maker.close()


def test_on_a_phone_the_result_comes_into_sight_after_the_last_move(db, browser):
    """Audit (stop 68): on a 390 px phone the page stayed mid-table when the game ended, the
    header saying only "Game over: You lose - seat 1 wins", and the result panel 2,300 px
    down: after a tap on the table the focus was nowhere the page moved to the result from.
    The frame that ends the game brings the result into sight, below the sticky header, and
    its heading takes the focus; a page opened on a game already over opens at its top."""
    maker = browser.new_page()
    with LiveServer(db, ai_processes=0, allow_seed=True) as server:
        made, seat = played(maker, server, *OWN_CARD, last_left=True)
        assert seat == 0
        context, page = seat_page(browser, server.url, made, seat, PHONE)
        expect(page.locator("#status")).to_have_text("Your turn")
        last = page.locator('#table [data-action="4"]')  # recruit knighted heavy cavalry
        expect(last).to_have_attribute("title", "recruit knighted heavy cavalry (35)")
        last.tap()
        headline = page.locator("#result #headline")
        expect(headline).to_have_text("You lose - seat 1 wins")
        expect(headline).to_be_in_viewport()
        page.wait_for_function("""() => {  // (a smooth scroll ends where the header ends)
            const top = document.querySelector('header.top').getBoundingClientRect().bottom;
            const r = document.querySelector('#headline').getBoundingClientRect();
            return r.top >= top && r.bottom <= innerHeight; }""")
        assert page.evaluate("document.activeElement.matches('#result h3')")
        assert page.evaluate("document.documentElement.scrollHeight") > 2 * PHONE["height"]
        page.reload()
        expect(headline).to_have_text("You lose - seat 1 wins")
        assert page.evaluate("window.scrollY") == 0
        context.close()
    maker.close()


def test_the_claimed_seats_notice_goes_after_the_first_move_and_can_be_closed(seeded_server,
                                                                              browser):
    """Audit (stop 68): after a friend opened their invite link, "This seat is yours: the
    invite link opens it no more, ..." stayed above the table through every later move, and
    after a restart. It goes once the seat has made its first move, and its close button
    (a notice's, each has one) takes it away at once; its text is the line alone."""
    for close in (False, True):
        served = seeded_server.app.state.server  # (to count the game's moves)
        context = browser.new_context()
        page = context.new_page()
        page.add_init_script(ANSWERS)
        game = page.request.post(f"{seeded_server.url}/api/games", data={
            "game": "kow", "options": {}, "seed": 3,
            "seats": [{"kind": "invite"}, {"kind": "random"}]}).json()
        page.goto(f"{seeded_server.url}/game/{game['id']}#t={game['seats'][0]['token']}")
        box = page.locator("#notice")
        expect(box).to_have_text(CLAIMED)
        button = box.get_by_role("button", name="Close this notice")
        if close:
            button.click()
            expect(box).to_be_hidden()
        else:
            expect(page.locator("#status")).to_have_text("Your turn")
            expect(box).to_be_visible()  # the move, not the turn, is what sends it away
            moves = len(served.games[game["id"]].actions)
            assert click_something(page, random.Random(1))
            expect(box).to_be_hidden()
            assert len(served.games[game["id"]].actions) > moves
        context.close()
