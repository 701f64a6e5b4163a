"""Word & Iron: the draws a side will skip, as the table says them, when a skip is used and
when the Word of Power cards are set aside (audit, stop 70: a rules lawyer at the terminal).
States are built with word_iron_helpers (bare: set-up done, player 0 attacks first)."""

from __future__ import annotations

from test_benefit_log_stop58 import in_force, said
from word_iron_helpers import bare, play_card, run_tasks

from warroom.games.word_iron.state import STRATEGY, WORD

RAIDERS = {"deck0": "raiders", "deck1": "raiders"}


def set_aside(s) -> None:
    """Both Word of Power decks spent, and no truce made: the cards are set aside (rule 10)."""
    s.piles[0][WORD] = []
    s.piles[1][WORD] = []
    s._truce_next(1)


def test_a_skip_used_takes_its_own_card_from_the_in_force_line():
    """Audit (stop 70): Storm and Word of Silence each set a skip of the strategy draw
    ("skips the next 2 strategy draws (by Storm, Word of Silence)"); once one was used the
    line read "skips the next strategy draw (by Storm, Word of Silence)": one skip, two
    cards. The first skip set goes first, with its card."""
    s = bare()
    play_card(s, 1, "chance", "Storm")
    play_card(s, 1, "words", "Word of Silence")
    assert "skips the next 2 strategy draws (by Storm, Word of Silence)" in in_force(s, 0)
    run_tasks(s, ("draw", 0, STRATEGY, False))
    assert "skips the next strategy draw (by Word of Silence)" in in_force(s, 0)
    assert "Storm" not in in_force(s, 0)
    run_tasks(s, ("draw", 0, STRATEGY, False))
    assert s.observation(0)["players"][0]["skip_sources"] == {}


def test_a_word_of_power_skip_lapses_when_the_cards_are_set_aside():
    """Audit (stop 70): Word of Confusion resolved after player 0 had drawn its last Word of
    Power card; no truce was made and the cards were set aside (rule 10: "place your three
    Word of Power cards aside and continue the Pitched Battle"), yet the panel said "skips
    the next Word of Power draw (by Word of Confusion)" for the rest of the battle. The skip
    lapses with the cards, and the log says so."""
    s = bare(**RAIDERS)
    play_card(s, 1, "words", "Word of Confusion")
    assert "skips the next Word of Power draw (by Word of Confusion)" in in_force(s, 0)
    set_aside(s)
    assert s.skips[0][WORD] == 0 and "skips" not in in_force(s, 0)
    assert s.observation(0)["players"][0]["skips"] == {}
    assert said(s, "words_aside") == [
        "No truce: the Word of Power cards are set aside; player 0 had a draw of them still "
        "to skip, which lapses"]


def test_a_word_of_power_skip_set_after_the_cards_are_aside_is_said_to_lapse():
    """A card that would skip a Word of Power draw once the cards are set aside skips
    nothing, and says so (none is left to draw)."""
    s = bare(**RAIDERS)
    set_aside(s)
    assert said(s, "words_aside") == ["No truce: the Word of Power cards are set aside"]
    play_card(s, 1, "words", "Word of Confusion")
    assert s.skips[0][WORD] == 0 and "skips" not in in_force(s, 0)
    assert said(s, "skip_next") == [
        "Player 0 would skip the next Word of Power draw (Word of Confusion of player 1), "
        "but the Word of Power cards are set aside"]
