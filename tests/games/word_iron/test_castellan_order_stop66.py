"""Rule 11's order of overlapping benefits is asked once, of cards; the Castellan's two parts
keep the order its text gives them."""

from __future__ import annotations

from word_iron_helpers import bare, play_card

from warroom.games import get_game
from warroom.games.word_iron.actions import ChooseRoyal, OrderBenefit
from warroom.games.word_iron.render import _choices


def _married_to_the_queen_with_the_castellan() -> tuple[object, list[list[str]]]:
    """Seed 4: seat 0 plays the king and draws The Queen, then the Castellan (married). The
    order questions asked while the champions are read (rule 14), each by its options'
    labels; seat 0 answers The Queen."""
    game = get_game("word-iron")
    s = game.new_state(game.config({}), 4)
    s.apply(0, ChooseRoyal("king"))
    s.apply(1, ChooseRoyal("king"))
    assert [s.decks[0].champions[i].name for i in s.champions[0]] == ["The Queen", "Castellan"]
    asked = []
    while s.pending[0] in ("first", "order"):
        p = s.to_move()[0]
        options = s.legal_actions(p)
        if s.pending[0] == "first":
            s.apply(p, options[0])
            continue
        asked.append([a.label for a in options])
        s.apply(p, next(a for a in options if a.source == "The Queen"))
    return s, asked


def test_the_order_of_the_queen_and_the_castellan_is_asked_once():
    """Audit (stop 66): seat 0, married (The Queen and the Castellan), was asked "use first:
    The Queen / Castellan (protection)" and answered The Queen; the Castellan's restoring
    then arrived and the same question came back with three options, the first answer
    thrown away, and the restoring could go before the Castellan's protection or The Queen
    between them. Rule 11 orders cards ("use up one of the champion cards benefits first then
    the next in whichever order you choose"); the Castellan's text says its own order ("one
    after the other: no losses from one strategy and your losses after one strategy are
    recruited"). Now one question, of the two cards, once both have given their benefits."""
    s, asked = _married_to_the_queen_with_the_castellan()
    assert asked == [["use first: The Queen (protection from the next 3 enemy strategies)",
                      "use first: Castellan (protection from the next 1 enemy strategy)"]]
    assert s.benefits[0] == [("protect", "The Queen", 3, 3, 0), ("protect", "Castellan", 1, 1, 0),
                             ("restore", "Castellan", 1, 1, 0)]


def test_the_castellan_first_keeps_its_protection_before_its_restoring():
    """Audit (stop 66): choosing the Castellan first took only the part offered to the front;
    now the card's benefits go first together, in the order its text gives them, and the
    terminal's menu (sized from the view) offers what the rules do."""
    s = bare()
    play_card(s, 0, "champions", "The Queen")
    assert s.pending is None  # one card: nothing to order
    play_card(s, 0, "champions", "Castellan")
    legal = s.legal_actions(0)
    assert legal == [OrderBenefit("protect", "The Queen", 3, 0),
                     OrderBenefit("protect", "Castellan", 1, 0)]
    view = s.observation(0)
    assert _choices(view, view["decision"]) == legal
    s.apply(0, OrderBenefit("protect", "Castellan", 1, 0))
    assert s.pending is None
    assert [b[:2] for b in s.benefits[0]] == [("protect", "Castellan"), ("restore", "Castellan"),
                                              ("protect", "The Queen")]


def test_the_castellan_alone_asks_nothing_and_protects_first():
    """Audit (stop 66): the Castellan alone asked which of its own parts goes first, though
    its text gives them in order ("one after the other: no losses from one strategy and your
    losses after one strategy are recruited"): its protection now comes first, unasked."""
    s = bare()
    play_card(s, 0, "champions", "Castellan")
    assert s.pending is None
    assert [b[0] for b in s.benefits[0]] == ["protect", "restore"]
