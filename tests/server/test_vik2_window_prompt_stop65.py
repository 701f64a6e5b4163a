"""Audit (stop 65): in Viktory II's hybrid mode a player holding no Special Event was asked
"Your move: play a Special Event card from your hand below before the next round, or pass.",
with "pass" the only button and the hand's cards looking playable. The card window asks every
side that may hold one (skipping it would tell the opponent the hand holds none); with "pass"
its only move, the prompt says there is no card to play."""

from __future__ import annotations

from test_vik2_table import frame, harness, piece, position, show, take

from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF


def window_without_events(tmp_path):
    """Player 0's infantry attacks player 1's city in hybrid mode; each holds two cards, none a
    Special Event or a Reversal of Fortune: the window before the first round asks player 0."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("D5", 0, "city", infantry=3),
        piece("G4", 1, "city", True), piece("E5", 1, "city", infantry=3),
    ], mode="hybrid")
    pool, cards = state.pool, state.cards
    plain = [c for c in pool.deck + pool.hands[0] + pool.hands[1]
             if not cards[c].special_event and cards[c].effect != "reversal_of_fortune"]
    for p in (0, 1):
        pool.deck.extend(pool.hands[p])
        pool.hands[p].clear()
        for c in plain[2 * p:2 * p + 2]:
            pool.deck.remove(c)
            pool.hands[p].append(c)
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    take(state, Fight, hex="E5")
    state.apply(0, next(a for a in state.legal_actions(0) if "launch" in a.label))
    assert state.observation(0)["battle"]["decision"] == "window"
    assert [a.label for a in state.legal_actions(0)] == ["pass (play no card now)"]
    return state


def test_the_prompt_does_not_ask_for_a_card_one_may_not_hold(tmp_path):
    """Audit (stop 65, leak hunt): the frame's prompt beside the panel still read "Play a card
    before the dice round, or pass." where the panel said there was none to play."""
    from warroom.games import get_game

    state = window_without_events(tmp_path)
    game = get_game("viktory-ii")
    words = game.prompt(state.observation(0), 0)
    assert "if you hold one you can play now, or pass" in words, words


def test_the_window_says_there_is_no_card_to_play(live_server, browser, tmp_path):
    state = window_without_events(tmp_path)
    context, page, errors = harness(browser, live_server.url)
    show(page, frame(state, 0))
    text = page.locator("#v2-battle").inner_text()
    assert "none of your cards is a Special Event you can play now: pass." in text, text
    assert "play a Special Event card from your hand" not in text, text
    # the opponent reads only that the window is open, as before: nothing of the hand
    show(page, frame(state, 1))
    theirs = page.locator("#v2-battle").inner_text()
    assert "may play a Special Event card before the next round." in theirs, theirs
    assert not errors, errors
    context.close()
