"""Kings of War at the browser table, as a rules lawyer found the words (audit, stop 71): the
turn dealt from the Battle Deck's last cards was not marked as the round's last, the player
with no dice in a final turn read "not chosen yet", and a die not used showed twice (in the
fist, and back in the pool)."""

from __future__ import annotations

from test_browser_table_words import draw, states, view_of

from warroom.games.kow import GAME


def first(condition, seeds=range(100)):
    for seed in seeds:
        for state in states("kow", seed):
            if condition(state):
                return state
    raise AssertionError("no such position")


def head_and_fists(page):
    head = page.locator("#table .stats").first.inner_text()
    fists = page.locator("#table .seat-area .stats").all_inner_texts()
    return head, fists


def test_the_last_turn_the_final_turn_and_dice_back(live_server, browser):
    page = browser.new_page()
    last = first(lambda s: s.phase == "choose" and not s.deck and not s.final_turn)
    draw(page, live_server.url, "kow", view_of(last, 0))
    head, _ = head_and_fists(page)
    assert "(last turn: the Battle Deck is empty)" in head, head

    final = first(lambda s: s.phase == "choose" and s.final_turn)
    idle = 1 - final.to_move()[0]
    draw(page, live_server.url, "kow", view_of(final, idle))
    head, fists = head_and_fists(page)
    assert "(final turn)" in head and "Battle Deck is empty" not in head, head
    assert "Fist: no dice this turn" in fists[1] and "not chosen" not in fists[1], fists

    back = first(lambda s: s.phase == "allocate" and any(
        e["event"] == "dice_back" and any(e["dice"]) for _, e in s.log[-3:]))
    event = next(e for _, e in reversed(back.log) if e["event"] == "dice_back")
    view = view_of(back, event["player"])
    # the page has the log's lines, as the server sends them (not the observation's events)
    lines = [GAME.describe_event(e) for e in view["observation"].pop("log")]
    draw(page, live_server.url, "kow", {**view, "log": [x for x in lines if x]})
    _, fists = head_and_fists(page)
    said = ", ".join(f"{n} {c}" for c, n in zip(("red", "white", "blue"), event["dice"]) if n)
    assert f"({said} back in the pool)" in fists[1], fists
    page.close()
