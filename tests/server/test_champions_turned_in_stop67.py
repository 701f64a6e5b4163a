"""The Champions browser table's face cards turned in, under their owners' names (stop 67)."""

from __future__ import annotations

from test_browser_table_words import draw
from test_champions_table_stop64 import phone_page, position, shown, suited

from warroom.games.champions import GAME
from warroom.server.live import view_frame


def turned_in_by(state, p: int) -> list[str]:
    return [e["commander"] for e in state.visible_log(None)
            if e["event"] == "turn_in" and e["player"] == p]


def test_each_sides_turned_in_face_cards_are_under_its_name(live_server, browser):
    """Audit (stop 67): the table's one line "Turned in (out of the game): J♣ K♠ A♠ A♣"
    mixed both sides' face cards with no owners, where the terminal lists each player's with
    its casualties (stop 66). Each seat's box lists its own (the observation says whose:
    `turned_in_by`), also in a view whose log lines do not say (a replay's step)."""
    state, seat = position(lambda s, seat: seat == 0 and turned_in_by(s, 0) and turned_in_by(s, 1))
    context, page = phone_page(browser)
    shown(page, live_server.url, state, seat)
    for area, p in zip(page.locator("#table .seat-area").all(), (1 - seat, seat), strict=True):
        assert area.locator(".turned-in").inner_text() == \
            "Turned in (out of the game): " + " ".join(map(suited, turned_in_by(state, p)))
    assert page.locator("#table .turned-in").count() == 2  # the table's line is gone
    frame = view_frame(GAME, state, seat, 0, "x")
    draw(page, live_server.url, "champions", {**frame, "log": []})  # as a replay's step
    assert page.locator("#table .seat-area .turned-in").count() == 2  # the owners stay
    context.close()


def jacks_2_won(state, seat: int) -> bool:
    """A battle under way whose flips so far hold a 2 that counted 10 and won."""
    battle = state.observation(seat).get("battle") or {}
    return any(card.startswith("2") and flip["values"][i] == 10
               and flip["winner"] == (battle["attacker"] if i == 0 else battle["defender"])
               for flip in battle.get("flips") or []
               for i, card in enumerate((flip["attacker_card"], flip["defender_card"])))


def test_a_jacks_2_that_won_a_flip_is_said_to_count_10_in_the_battle_panel(live_server,
                                                                           browser):
    """Audit (stop 67): the battle panel showed a Jack's 2 beating a 5 as "2♥ 5♠ - You won",
    a 2 winning with nothing to say why; the flip says what each card counted (`values`)."""
    state, seat = position(jacks_2_won)
    context, page = phone_page(browser)
    shown(page, live_server.url, state, seat)
    said = page.locator("#table .flip-result").all_inner_texts()
    assert any(" counted 10 (Jack)" in line for line in said), said
    context.close()
