"""Word & Iron: what the log and the table say of benefits, penalties and the truce, as a new
player met them at the terminal (audit, stop 58). States are built with word_iron_helpers
(bare: set-up done, player 0 won the coin toss and attacks first)."""

from __future__ import annotations

import importlib

from word_iron_helpers import bare, card_index, events, play_card, run_tasks

from warroom.games.word_iron import GAME
from warroom.games.word_iron.actions import AnswerTruce, OfferTruce
from warroom.games.word_iron.state import STRATEGY

render = importlib.import_module("warroom.games.word_iron.render")


def said(s, kind: str) -> list[str]:
    return [GAME.describe_event(e) for e in events(s, kind)]


def in_force(s, p: int) -> str:
    """The view's "In force" line(s) of player p, written in full, spaces made single."""
    text = " ".join(render._render(s.observation(p), render.FULL).split())
    return text[text.index("In force:"):] if "In force:" in text else ""


def on_top(s, p, name):
    i = card_index(s, p, "strategies", name)
    s.piles[p][STRATEGY] = [x for x in s.piles[p][STRATEGY] if x != i] + [i]


def test_a_protection_that_waits_says_so_in_the_log_and_the_view_says_why():
    """Audit (stop 58): with `Word of Warding: blocks 2 enemy strategies (waiting)` in force
    the log said only `Player 1 loses 2 royal guards cards`: no word that the Warding did not
    apply because the coin toss winner's Fair Winds goes first. The log says it now, once
    for the strategy, and the view tells this waiting from a benefit waiting its turn."""
    s = bare()
    s.benefits[0] = [("empower", "Fair Winds", 1, 1, 50)]
    s.benefits[1] = [("protect", "Word of Warding", 2, 2, 0)]
    assert "Word of Warding: blocks 2 enemy strategies (waiting: the enemy's Fair Winds " \
           "goes first)" in in_force(s, 1)
    on_top(s, 0, "Shield Wall Advance")
    run_tasks(s, ("turn_start", 0), ("draw", 0, STRATEGY, False), ("turn_end", 0))
    assert said(s, "benefit_waits") == [
        "Player 1: the protection of Word of Warding does not apply now: player 0's "
        "empowering (Fair Winds) goes first (the coin toss winner's benefits are used up "
        "first, rule 11)"]
    log = [e["event"] for e in events(s)]
    assert log.index("benefit_waits") < log.index("losses")  # said before the losses


def test_an_empowering_that_waits_for_the_winners_protection_says_so_at_its_turn():
    """Audit (stop 58): the coin toss loser's empowering waits while the winner's protection
    is used up first; its strategy turn said nothing of it."""
    s = bare()
    s.benefits[0] = [("protect", "Chaplain of the Host", 2, 2, 0)]
    s.benefits[1] = [("empower", "Fair Winds", 1, 1, 50)]
    run_tasks(s, ("turn_start", 1), ("turn_end", 1))
    assert said(s, "benefit_waits") == [
        "Player 1: the empowering of Fair Winds does not apply now: player 0's protection "
        "(Chaplain of the Host) goes first (the coin toss winner's benefits are used up "
        "first, rule 11)"]


def test_castellan_says_which_half_goes_first_is_protecting_once_and_which_half_is_over():
    """Audit (stop 58): `Player 0 will use Castellan first` did not say which half; `Player
    0 is protected by Castellan` was printed twice for one strategy (one of two losses);
    `the benefit of Castellan is used up` while the table still showed Castellan's
    restoring in force. Each now names the half, and a strategy is protected once."""
    s = bare()
    play_card(s, 0, "champions", "Castellan")
    # since version 7 a card's own benefits keep its text's order, unasked
    assert s.pending is None
    assert "Castellan: restores the losses of 1 enemy strategy (later: after the " \
           "protection of Castellan)" in in_force(s, 0)
    on_top(s, 1, "Knights' Lance")  # a cost, then losses: one strategy
    run_tasks(s, ("turn_start", 1), ("draw", 1, STRATEGY, False), ("turn_end", 1))
    assert said(s, "protected") == ["Player 0 is protected by Castellan"]
    assert said(s, "benefit_over") == ["Player 0: the protection of Castellan is used up"]
    assert "Castellan: restores the losses of 1 enemy strategy" in in_force(s, 0)


def test_a_strategy_with_two_losses_is_protected_once(tmp_path):
    """Audit (stop 58): a strategy of two losses against a protection logged `is protected
    by` twice."""
    from word_iron_helpers import quiet_deck

    deck = quiet_deck(tmp_path, strategies=[{"name": "Double Blow", "effects": [
        {"kind": "losses", "ranks": 20}, {"kind": "unit_losses", "unit": "spearmen"}]}])
    s = bare(deck0=deck, deck1=deck)
    s.benefits[1] = [("protect", "Chaplain of the Host", 2, 2, 0)]
    play_card(s, 0, "strategies", "Double Blow")
    assert said(s, "protected") == ["Player 1 is protected by Chaplain of the Host"]


def test_a_skip_names_the_card_that_set_it_in_the_log_and_in_force():
    """Audit (stop 58): `In force: skips the next strategy draw` and the log's `Player 0
    will skip the next strategy draw` did not name Master of Spies, the enemy champion that
    caused it."""
    s = bare()
    play_card(s, 1, "champions", "Master of Spies")
    assert said(s, "skip_next") == [
        "Player 0 will skip the next strategy draw (Master of Spies of player 1)"]
    assert "skips the next strategy draw (by Master of Spies)" in in_force(s, 0)
    run_tasks(s, ("draw", 0, STRATEGY, False))  # the skip is used: its source goes
    assert s.observation(0)["players"][0]["skip_sources"] == {}


def test_an_accepted_truce_says_which_resource_changes_hands():
    """Audit (stop 58): `Player 0 accepts the truce` then `Battle over (truce)`, and the
    Iron Mine appeared in the realm unsaid."""
    s = bare()
    name = s.resource(s.realm[1][0]).name
    s.pending = ("truce_offer", 1, 0)
    s.apply(1, OfferTruce(0, name))
    s.apply(0, AnswerTruce(True))
    assert said(s, "truce_accepted") == [f"Player 0 accepts the truce and takes {name} "
                                         "from player 1"]
